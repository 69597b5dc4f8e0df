// Tagged templates: an html`` escaper tag, a sql`` tag building parameterized queries,
// String.raw for regex sources and Windows paths, a dedent tag, and strings.raw inspection.
const random = rng(2020);
const rows = Array.from({ length: 15000 }, (_, i) => ({ id: i, name: pick(random, WORDS) + (random() < 0.1 ? " <b>&\"'" : ""), price: random() * 100, tags: [pick(random, WORDS), pick(random, WORDS)] }));
const start = now();
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
const html = (strings, ...values) => strings.reduce((out, s, i) => out + s + (i < values.length ? (Array.isArray(values[i]) ? values[i].join("") : esc(values[i])) : ""), "");
const sql = (strings, ...values) => ({ text: strings.reduce((q, s, i) => q + "$" + i + s), values });
const dedent = (strings, ...values) => { const raw = String.raw({ raw: strings.raw }, ...values); const lines = raw.split("\n"); const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => l.match(/^ */)[0].length)); return lines.map((l) => l.slice(indent)).join("\n").trim(); };
const table = html`<table>${rows.map((r) => html`<tr data-id="${r.id}"><td>${r.name}</td><td>${r.price.toFixed(2)}</td><td>${r.tags.map((t) => html`<i>${t}</i>`)}</td></tr>`)}</table>`;
const queries = rows.slice(0, 10000).map((r) => sql`SELECT * FROM items WHERE id = ${r.id} AND name = ${r.name} LIMIT ${10}`);
const paths = rows.slice(0, 5000).map((r) => String.raw`C:\data\${r.tags[0]}\new\${r.id}.txt`);
const rawLens = rows.slice(0, 5000).map((r) => ((s) => s.raw[0].length + s[0].length)`a\tb\n${r.id}`);
const blocks = rows.slice(0, 3000).map((r) => dedent`
    item ${r.id}
      name: ${r.name}
      price: ${r.price.toFixed(1)}
`);
const re = new RegExp(String.raw`^C:\\data\\(\w+)\\new\\(\d+)\.txt$`);
const parsed = paths.map((p) => p.match(re)?.[2] | 0).reduce((a, b) => a + b, 0);
const ms = now() - start;
return { ms, check: checksum([table.length, table.slice(0, 400), queries[5], queries.reduce((s, q) => s + q.text.length, 0), paths.slice(0, 3), rawLens.reduce((a, b) => a + b, 0), blocks[0], blocks.join("").length, parsed]) };
