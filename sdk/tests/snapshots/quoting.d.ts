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
   * Has awkward names.
   * Runs alone (calls under `Promise.all` take turns): not declared safe to run beside other calls.
   */
  "needs-quoting"(args?: NeedsQuotingArgs, options?: CallOptions): Promise<NeedsQuotingResult>;
  /**
   * Has awkward names.
   * Runs alone (calls under `Promise.all` take turns): not declared safe to run beside other calls.
   */
  "2fa"(args?: _2faArgs, options?: CallOptions): Promise<_2faResult>;
};

interface NeedsQuotingArgs {
  "content-type"?: string;
  "2xx"?: boolean;
  /** A reserved word: fine unquoted. */
  class?: string;
  "with space"?: string;
  "ünïcode"?: string;
  "quote\"d"?: string;
  $ref?: string;
  _private?: string;
  get?: string;
  readonly?: string;
  new?: string;
}

type NeedsQuotingResult = null;

interface _2faArgs {
  "content-type"?: string;
  "2xx"?: boolean;
  /** A reserved word: fine unquoted. */
  class?: string;
  "with space"?: string;
  "ünïcode"?: string;
  "quote\"d"?: string;
  $ref?: string;
  _private?: string;
  get?: string;
  readonly?: string;
  new?: string;
}

type _2faResult = null;
