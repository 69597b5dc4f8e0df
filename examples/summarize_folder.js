// Summarize a folder: list it, then read every file at once (the reads are concurrency-safe, so
// ordo runs them in parallel) and keep what a reader wants first: its size and its first comment.
// The folder is the script's first argument, the words after `--` being its `args`.
//
//   ordo run examples/summarize_folder.js                 # examples/
//   ordo run examples/summarize_folder.js -- tools/src    # any folder under the read roots

const folder = args[0] ?? "examples";
const listing = await tools.list_dir({ path: folder });
const files = listing.entries.filter((entry) => entry.kind === "file");

const summaries = await Promise.all(
  files.map(async (file) => {
    try {
      const read = await tools.read_file({ path: `${folder}/${file.name}`, limit: 20 });
      // The first comment says what the file is for: `//!` or `//` in Rust and JavaScript, `#`
      // in TOML and shell (not a `#!` line).
      const comment = read.content
        .split("\n")
        .map((line) => line.trim())
        .find((line) => /^(\/\/!?|#(?!!))\s*\S/.test(line)) ?? "";
      return { file: file.name, lines: read.lines, bytes: read.size, about: comment.replace(/^(\/\/!?|#)\s*/, "") };
    } catch (error) {
      // A binary file, say: keep it in the list with the reason.
      return { file: file.name, lines: 0, bytes: file.size ?? 0, about: `(${error.name}: not read)` };
    }
  }),
);

summaries.sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file));
console.log(`${summaries.length} files in ${folder}`);
return {
  folder,
  total_lines: summaries.reduce((sum, s) => sum + s.lines, 0),
  files: summaries,
};
