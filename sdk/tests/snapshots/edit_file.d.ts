/** The tools this script can call; each resolves to the tool's structured result. */
declare const tools: {
  /** Make line-based edits to a text file. Each edit replaces exact line sequences with new content. Returns a git-style diff showing the changes made. Only works within allowed directories. */
  edit_file(args: EditFileArgs): Promise<EditFileResult>;
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
