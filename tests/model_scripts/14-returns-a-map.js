const { matches } = await tools.search_files({ pattern: "TODO", path: "src" });
const perFile = new Map();
for (const m of matches) perFile.set(m.path, (perFile.get(m.path) ?? 0) + 1);
return perFile;
