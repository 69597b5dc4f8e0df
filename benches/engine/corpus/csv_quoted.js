// CSV with quoted fields (commas, doubled quotes, newlines inside quotes), parsed by a
// character loop as models write it, then summed by column.
const random = rng(8);
const rows = ["id,name,comment,amount"];
for (let i = 0; i < 20000; i++) {
    const comment = random() < 0.3 ? `"said ""${pick(random, WORDS)}"", then ${pick(random, WORDS)}, ok"` : pick(random, WORDS);
    const name = random() < 0.1 ? `"${pick(random, WORDS)}\n${pick(random, WORDS)}"` : pick(random, WORDS);
    rows.push(`${i},${name},${comment},${(random() * 500).toFixed(2)}`);
}
const csv = rows.join("\n");
const start = now();
const records = [];
let field = "", record = [], quoted = false;
for (let i = 0; i < csv.length; i++) {
    const c = csv[i];
    if (quoted) {
        if (c === '"') { if (csv[i + 1] === '"') { field += '"'; i++; } else quoted = false; }
        else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") { record.push(field); field = ""; }
    else if (c === "\n") { record.push(field); records.push(record); record = []; field = ""; }
    else field += c;
}
record.push(field); records.push(record);
const total = records.slice(1).reduce((sum, r) => sum + Number(r[3]), 0);
const withQuotes = records.filter((r) => r[2].includes('"')).length;
const ms = now() - start;
return { ms, check: checksum([records.length, Math.round(total), withQuotes, records[5]]) };
