const readme = await tools.read_file({ path: "README.md" });
try {
  return JSON.parse(readme.content);
} catch (e) {
  return { error: e.name, message: e.message };
}
