/** The tools this script can call; each resolves to the tool's structured result. */
declare const tools: {
  /** Create a new issue in a GitHub repository. */
  create_issue(args: CreateIssueArgs): Promise<CreateIssueResult>;
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
