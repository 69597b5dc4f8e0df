const { entries } = await tools.list_dir({ path: ".", recursive: true });
const groups = {};
for (const entry of entries) {
  if (entry.kind !== "file") continue;
  const ext = entry.name.includes(".") ? entry.name.split(".").pop() : "(none)";
  (groups[ext] ??= []).push(entry.name);
}
for (const names of Object.values(groups)) names.sort((a, b) => a.localeCompare(b));
return Object.fromEntries(Object.entries(groups).sort(([a], [b]) => a.localeCompare(b)));
