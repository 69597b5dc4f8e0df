const { entries, truncated } = await tools.list_dir({ recursive: true });
const sources = entries
  .filter((e) => e.kind === "file" && /\.(js|ts)$/.test(e.name))
  .map((e) => e.name)
  .sort();
const contents = await Promise.all(sources.map((path) => tools.read_file({ path })));
return { truncated, sources, lines: contents.reduce((n, f) => n + f.lines, 0) };
