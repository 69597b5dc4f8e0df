const file = tools.read_file({ path: "README.md" });
return { lines: file.lines, file };
