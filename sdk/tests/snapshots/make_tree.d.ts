/** The tools this script can call; each resolves to the tool's structured result. */
declare const tools: {
  /** Builds a tree. */
  make_tree(args: MakeTreeArgs): Promise<MakeTreeResult>;
};

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
