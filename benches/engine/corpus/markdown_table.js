// Build a 30,000-line markdown table: template literals, padEnd, join, then split it back.
const random = rng(3);
const rows = Array.from({ length: 30000 }, (_, i) => ({ name: `${pick(random, WORDS)}-${i}`, owner: pick(random, WORDS), score: Math.floor(random() * 1000) }));
const start = now();
const width = { name: 0, owner: 0 };
for (const row of rows) { width.name = Math.max(width.name, row.name.length); width.owner = Math.max(width.owner, row.owner.length); }
let table = `| ${"name".padEnd(width.name)} | ${"owner".padEnd(width.owner)} | score |\n`;
table += `|${"-".repeat(width.name + 2)}|${"-".repeat(width.owner + 2)}|-------|\n`;
const body = rows.map((row) => `| ${row.name.padEnd(width.name)} | ${row.owner.padEnd(width.owner)} | ${String(row.score).padStart(5)} |`);
table += body.join("\n");
const back = table.split("\n").length;
const ms = now() - start;
return { ms, check: checksum([table.length, back, table.slice(0, 200), table.slice(-200)]) };
