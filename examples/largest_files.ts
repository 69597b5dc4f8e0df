// TypeScript works as is: types are stripped before the script runs. The largest files of the
// repository, walking the tree once (what .gitignore excludes is skipped).
//
//   ordo run examples/largest_files.ts

interface Entry {
  name: string;
  kind: "file" | "dir" | "symlink" | "other";
  size?: number;
}

interface Ranked {
  path: string;
  kib: number;
}

const tree = await tools.list_dir({ recursive: true, max_entries: 5000 });
const files: Entry[] = tree.entries.filter((entry: Entry) => entry.kind === "file");

const top: Ranked[] = files
  .sort((a, b) => (b.size ?? 0) - (a.size ?? 0))
  .slice(0, 5)
  .map((entry) => ({ path: entry.name, kib: Math.round((entry.size ?? 0) / 102.4) / 10 }));

return { files: files.length, truncated: tree.truncated as boolean, largest: top };
