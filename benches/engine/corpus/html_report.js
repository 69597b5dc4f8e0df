// Build an HTML table of 20,000 rows: four regex replaces per title, += concatenation.
const random = rng(13);
const items = Array.from({ length: 20000 }, (_, i) => ({ id: i, title: `${pick(random, WORDS)} <${pick(random, WORDS)}> & "${pick(random, WORDS)}"`, price: random() * 100, tags: [pick(random, WORDS), pick(random, WORDS)] }));
const start = now();
const escape = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
let html = "<table>\n";
for (const item of items) {
  html += "<tr><td>" + item.id + "</td><td>" + escape(item.title) + "</td><td>" + item.price.toFixed(2) + "</td><td>" + item.tags.map((t) => `<span>${t}</span>`).join("") + "</td></tr>\n";
}
html += "</table>";
const ms = now() - start;
return { ms, check: checksum([html.length, html.slice(0, 300), html.slice(-300)]) };
