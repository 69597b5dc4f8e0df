/**
 * What a failed `tools.<name>(…)` call rejects with. Branch on `name` for what went wrong
 * (each tool's `@throws` lists its names, such as "NotFound"), or on `code` for which stage
 * stopped the call ("DENIED" by a root or policy, "TIMEOUT", "TOOL_ERROR" when the tool
 * itself failed).
 */
interface ToolError extends Error {
  name: string;
  code: "TOOL_NOT_FOUND" | "INVALID_ARGUMENTS" | "DENIED" | "APPROVAL_REJECTED" | "APPROVAL_CANCELLED" | "APPROVAL_UNAVAILABLE" | "APPROVAL_DEFERRED" | "TOOL_ERROR" | "TIMEOUT" | "INVALID_TOOL_OUTPUT" | "BLOCKED" | "ABORTED" | "ABORTED_BEFORE_DISPATCH" | "TOOL_OUTCOME_UNKNOWN" | "INTERNAL";
  tool: string;
  message: string;
}

/** What every `tools.<name>(args, options)` call takes after its arguments. */
interface CallOptions {
  /**
   * This call's own deadline, in milliseconds from when the script makes it. Past it the call
   * rejects with a ToolError of code "TIMEOUT" (name "ToolTimeoutError") and is cancelled;
   * catch it and the script goes on. The run's own time limit still holds.
   */
  timeout?: number;
}

/**
 * The words after `--` on the command line that ran this script (`ordo run SCRIPT -- ARGS…`),
 * frozen. Empty when a model's tool call runs the script.
 */
declare const args: readonly string[];

/**
 * The JSON value `ordo run --input JSON` (or `--input @FILE`) gave this script, parsed.
 * `undefined` without `--input`, and when a model's tool call runs the script.
 */
declare const input: unknown;

/** The tools this script can call; each resolves to the tool's structured result. */
declare const tools: {
  /**
   * Searches the project's source files.
   * Concurrent or alone, by its arguments: its definition decides, call by call.
   */
  search_code(args: SearchCodeArgs, options?: CallOptions): Promise<SearchCodeResult>;
};

/** Where to search, and how. */
interface SearchCodeArgs {
  /** What to look for. */
  query: string;
  /** How `query` matches. */
  mode: MatchMode;
  /** Where to search; the whole project when absent. */
  scope?: Scope | null;
  /**
   * Stop after this many matches.
   * @format uint32
   * @minimum 0
   */
  maxResults?: number | null;
  /**
   * File extensions to include, without the dot.
   * @default []
   */
  extensions?: string[];
}

/** The matches found. */
interface SearchCodeResult {
  matches: Match[];
  /** Whether `max_results` cut the list short. */
  truncated: boolean;
}

/**
 * How a query matches a line.
 * - "literal": The exact text.
 * - "regex": A regular expression.
 */
type MatchMode = "fuzzy" | "literal" | "regex";

/** A part of the project. */
interface Scope {
  /** A directory relative to the project root. */
  directory: string;
  /**
   * Whether to search subdirectories too.
   * @default false
   */
  recursive?: boolean;
}

/** One matching line. */
interface Match {
  path: string;
  /**
   * 1-based.
   * @format uint32
   * @minimum 0
   */
  line: number;
  text: string;
}
