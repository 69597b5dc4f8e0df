// Nested JSON reshaping: orders with customers and lines, turned into per-customer summaries.
const random = rng(9);
const orders = Array.from({ length: 8000 }, (_, i) => ({
    id: `o-${i}`, customer: { id: Math.floor(random() * 900), name: pick(random, WORDS), address: { city: pick(random, WORDS), zip: String(10000 + Math.floor(random() * 89999)) } },
    lines: Array.from({ length: 1 + Math.floor(random() * 5) }, () => ({ sku: pick(random, WORDS), qty: 1 + Math.floor(random() * 4), price: Math.floor(random() * 10000) / 100 })),
    meta: { source: pick(random, ["web", "app", "phone"]), tags: [pick(random, WORDS)] },
}));
const text = JSON.stringify(orders);
const start = now();
const byCustomer = {};
for (const order of JSON.parse(text)) {
    const { customer: { id, name, address: { city } }, lines, meta } = order;
    const entry = (byCustomer[id] ??= { id, name, city, orders: 0, total: 0, skus: {}, sources: new Set() });
    entry.orders++;
    entry.sources.add(meta.source);
    for (const { sku, qty, price } of lines) { entry.total += qty * price; entry.skus[sku] = (entry.skus[sku] ?? 0) + qty; }
}
const result = Object.values(byCustomer).map(({ sources, skus, total, ...rest }) => ({ ...rest, total: Math.round(total * 100) / 100, sources: [...sources].sort(), topSku: Object.entries(skus).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0][0] }));
const out = JSON.stringify(result);
const ms = now() - start;
return { ms, check: checksum([out.length, result.slice(0, 5)]) };
