// Async helpers awaited in a loop (60,000 awaits of async functions and values) and a Promise.all over 20,000 of them.
const random = rng(4);
const rows = Array.from({ length: 60000 }, (_, i) => ({ id: i, v: Math.floor(random() * 100) }));
async function enrich(row) { return { ...row, score: row.v * 2 + (row.id % 7) }; }
async function lookup(id) { return id % 3 === 0 ? await Promise.resolve(id) : id; }
const start = now();
let total = 0;
for (const row of rows) { const e = await enrich(row); total += e.score + await lookup(e.id); }
const all = await Promise.all(rows.slice(0, 20000).map(async (row) => (await enrich(row)).score));
total += all.reduce((a, b) => a + b, 0);
const ms = now() - start;
return { ms, check: checksum([total, all.length]) };
