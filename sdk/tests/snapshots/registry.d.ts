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
  /**
   * Make line-based edits to a text file. Each edit replaces exact line sequences with new content. Returns a git-style diff showing the changes made. Only works within allowed directories.
   * Runs alone (calls under `Promise.all` take turns): not declared safe to run beside other calls.
   */
  edit_file(args: EditFileArgs, options?: CallOptions): Promise<EditFileResult>;
  /**
   * Create a new issue in a GitHub repository.
   * Runs alone (calls under `Promise.all` take turns): not declared safe to run beside other calls.
   */
  create_issue(args: CreateIssueArgs, options?: CallOptions): Promise<CreateIssueResult>;
  /**
   * Searches the web.
   *
   * Use `freshness` to restrict results by age.
   * Runs alone (calls under `Promise.all` take turns): not declared safe to run beside other calls.
   */
  web_search(args: WebSearchArgs, options?: CallOptions): Promise<WebSearchResult>;
  /**
   * Builds a tree.
   * Runs alone (calls under `Promise.all` take turns): not declared safe to run beside other calls.
   */
  make_tree(args: MakeTreeArgs, options?: CallOptions): Promise<MakeTreeResult>;
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

interface EditFileArgs {
  path: string;
  edits: {
    /** Text to search for - must match exactly */
    oldText: string;
    /** Text to replace with */
    newText: string;
  }[];
  /**
   * Preview changes using git-style diff format
   * @default false
   */
  dryRun?: boolean;
}

interface EditFileResult {
  /** A unified diff of the changes. */
  diff: string;
  applied: boolean;
}

interface CreateIssueArgs {
  /** Repository owner */
  owner: string;
  /** Repository name */
  repo: string;
  /** Issue title */
  title: string;
  /** Issue body content */
  body?: string;
  /** Usernames to assign to this issue */
  assignees?: string[];
  /** Labels to apply to this issue */
  labels?: string[];
  /** Milestone number */
  milestone?: number;
}

interface CreateIssueResult {
  /** @minimum 1 */
  number: number;
  /** @format uri */
  html_url: string;
  state: "open" | "closed";
  labels: {
    name: string;
    /** @pattern ^[0-9a-f]{6}$ */
    color?: string;
  }[];
  /** The first assignee, if any. */
  assignee: {
    login: string;
  } | null;
  /** @format date-time */
  created_at: string;
}

interface WebSearchArgs {
  /**
   * @minLength 1
   * @maxLength 400
   */
  query: string;
  /**
   * @default 10
   * @minimum 1
   * @maximum 20
   */
  count?: number;
  /** A period (past day, week, month, year) or a date range. */
  freshness?: "pd" | "pw" | "pm" | "py" | string;
  /** @default "moderate" */
  safesearch?: "off" | "moderate" | "strict";
  /** Only results from this site. */
  site?: string | null;
}

interface WebSearchResult {
  results: {
    title: string;
    /** @format uri */
    url: string;
    snippet?: string;
    age?: string | null;
  }[];
  more?: boolean;
}

interface MakeTreeArgs {
  root: TreeNode;
}

/** An expression tree: mutual recursion through draft-07 definitions. */
type MakeTreeResult = Expr;

/** A node and its children. */
interface TreeNode {
  name: string;
  children?: TreeNode[];
}

type Expr = number | Call;

interface Call {
  op: "+" | "-" | "*" | "/";
  args: Expr[];
}
