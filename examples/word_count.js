// Tools from a manifest: `word_count` is a shell script declared in examples/tools.toml. It gets
// its arguments as JSON on stdin and prints its value as JSON on stdout, so the script receives
// a structured value, like any built-in tool's.
//
//   ordo run examples/word_count.js --tools examples/tools.toml

const docs = await tools.search_files({ glob: "*.md" });
const counts = await Promise.all(
  docs.matches.map(async ({ path }) => ({ path, ...(await tools.word_count({ path })) })),
);
counts.sort((a, b) => b.words - a.words);
return {
  system: await tools.system_info(),
  total_words: counts.reduce((sum, c) => sum + c.words, 0),
  documents: counts,
};
