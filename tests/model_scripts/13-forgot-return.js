const { entries } = await tools.list_dir({ path: "docs" });
entries.map((e) => e.name);
