function summarize(file) {
  const first = file.content.split("\n")[0];
  return `${first} (${file.lines} lines, ${sizeInKb(file.size)})`;
}

const file = await tools.read_file({ path: "README.md" });
return summarize(file);
