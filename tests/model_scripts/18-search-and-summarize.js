const { matches, files_searched } = await tools.search_files({ pattern: "TODO" });
const byFile = Object.groupBy(matches, (m) => m.path);
return {
  files_searched,
  todos: Object.entries(byFile).map(([path, hits]) => ({
    path,
    count: hits.length,
    lines: hits.map((h) => h.line),
  })),
};
