// Records enriched by object spread, split by rest and Object.assign, summed by a reduce that spreads.
const random = rng(22);
const rows = Array.from({ length: 30000 }, (_, i) => ({ id: i, qty: 1 + Math.floor(random() * 9), price: Math.round(random() * 10000) / 100, sku: pick(random, WORDS) }));
const start = now();
const enriched = rows.map((r) => ({ ...r, total: r.qty * r.price, label: `${r.sku}#${r.id}` }));
const merged = enriched.map(({ label, ...rest }) => Object.assign({}, rest, { tag: label.toUpperCase() }));
const summary = merged.reduce((acc, r) => ({ ...acc, [r.sku]: (acc[r.sku] || 0) + r.total }), {});
const ms = now() - start;
return { ms, check: checksum([merged.length, merged[7], Object.keys(summary).length, Math.round(Object.values(summary).reduce((s, x) => s + x, 0))]) };
