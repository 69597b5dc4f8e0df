const readme = await tools.read_file({ path: "README.md" });

const words = readme.content.split(/\s+/).length;
return { words, lines: linesCount };
