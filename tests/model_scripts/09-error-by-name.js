const wanted = ["README.md", "CHANGELOG.md", "docs"];
const found = {};
for (const path of wanted) {
  try {
    const file = await tools.read_file({ path });
    found[path] = `${file.lines} lines`;
  } catch (e) {
    if (e.name === "NotFound") found[path] = "missing";
    else found[path] = `${e.name} (${e.code})`;
  }
}
return found;
