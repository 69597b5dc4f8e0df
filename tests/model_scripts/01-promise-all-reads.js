const listing = await tools.list_dir({ path: "docs" });
const files = listing.entries.filter((e) => e.kind === "file");
const reads = await Promise.all(files.map((f) => tools.read_file({ path: `docs/${f.name}` })));
return reads.map((r) => ({ path: r.path, lines: r.lines, title: r.content.split("\n")[0] }));
