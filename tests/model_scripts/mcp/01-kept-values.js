// Issue 33, point 1: parse a log once, keep the records, use them in the next call.
const text = (await tools.read_file({ path: "data/big.log", limit: 5000 })).content;
const records = text.split("\n").filter(Boolean).map(line => {
  const [time, level, ...words] = line.split(" ");
  return { time, level, message: words.join(" ") };
});
store("records", records);
store("levels", new Set(records.map(r => r.level)));
return { parsed: records.length };
// ---- next call ----
const records = load("records");
const byLevel = {};
for (const r of records) byLevel[r.level] = (byLevel[r.level] ?? 0) + 1;
return { records: records.length, byLevel, levels: load("levels"), missing: load("nothing") };
