/** The tools this script can call; each resolves to the tool's structured result. */
declare const tools: {
  /** Has awkward names. */
  "needs-quoting"(args?: NeedsQuotingArgs): Promise<NeedsQuotingResult>;
  /** Has awkward names. */
  "2fa"(args?: _2faArgs): Promise<_2faResult>;
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
