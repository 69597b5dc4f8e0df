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
   * Make line-based edits to a text file. Each edit replaces exact line sequences with new content. Returns a git-style diff showing the changes made. Only works within allowed directories.
   * Runs alone (calls under `Promise.all` take turns): not declared safe to run beside other calls.
   */
  edit_file(args: EditFileArgs, options?: CallOptions): Promise<EditFileResult>;
};

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
