// Summarize a folder: list it, then read every Rust file at once (the reads are
// concurrency-safe, so ordo runs them in parallel) and keep what a reader wants first.
//
//   ordo run examples/summarize_folder.js

const folder = "tools/src";
const listing = await tools.list_dir({ path: folder });
const files = listing.entries.filter((entry) => entry.kind === "file" && entry.name.endsWith(".rs"));

const summaries = await Promise.all(
  files.map(async (file) => {
    const read = await tools.read_file({ path: `${folder}/${file.name}`, limit: 20 });
    // The module's first doc line says what it is for.
    const doc = read.content.split("\n").find((line) => line.startsWith("//!")) ?? "";
    return { file: file.name, lines: read.lines, bytes: read.size, about: doc.replace(/^\/\/!\s*/, "") };
  }),
);

summaries.sort((a, b) => b.lines - a.lines);
console.log(`${summaries.length} modules in ${folder}`);
return {
  folder,
  total_lines: summaries.reduce((sum, s) => sum + s.lines, 0),
  modules: summaries,
};
