const file = await tools.read_fiel({ path: "README.md" });
return file.lines;
