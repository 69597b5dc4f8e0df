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
   * Create a new issue in a GitHub repository.
   * Runs alone (calls under `Promise.all` take turns): not declared safe to run beside other calls.
   */
  create_issue(args: CreateIssueArgs, options?: CallOptions): Promise<CreateIssueResult>;
};

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
