const { matches } = await tools.search_files({ pattern: "TODO" });
const report = ["# TODOs", "", ...matches.map((m) => `- ${m.path}:${m.line} ${m.text.trim()}`)].join("\n");
const written = await tools.write_file({ path: "out/todos.md", content: report + "\n", create_dirs: true });
const back = await tools.read_file({ path: written.path });
return { written: written.bytes_written, created: written.created, lines: back.lines };
