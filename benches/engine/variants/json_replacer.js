// JSON.stringify with a replacer function and indentation over a large object (Dates, Maps,
// undefined, big numbers rounded), then JSON.parse with a reviver turning ISO strings back to Dates.
const random = rng(303);
const base = Date.UTC(2024, 0, 1);
const orders = Array.from({ length: 6000 }, (_, i) => ({
    id: i, customer: { name: pick(random, WORDS) + " " + pick(random, WORDS), email: `${pick(random, WORDS)}${i}@example.com`, vip: random() < 0.1 },
    created: new Date(base + Math.floor(random() * 3e10)),
    lines: Array.from({ length: 1 + Math.floor(random() * 4) }, () => ({ sku: pick(random, WORDS).toUpperCase() + "-" + Math.floor(random() * 999), qty: 1 + Math.floor(random() * 5), price: random() * 200, note: random() < 0.5 ? undefined : pick(random, WORDS) })),
    tags: new Set([pick(random, WORDS), pick(random, WORDS)]),
    internal: { token: "secret" + i },
}));
const start = now();
let replacerCalls = 0;
const text = JSON.stringify({ generated: new Date(base), orders }, function (key, value) {
    replacerCalls++;
    if (key === "internal") return undefined;
    if (value instanceof Set) return [...value].sort();
    if (typeof value === "number" && !Number.isInteger(value)) return Math.round(value * 100) / 100;
    if (key === "email") return value.replace(/@.*/, "@…");
    return value;
}, 2);
const isoDate = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
let revived = 0;
const back = JSON.parse(text, (key, value) => {
    if (typeof value === "string" && isoDate.test(value)) { revived++; return new Date(value); }
    if (key === "qty") return BigInt(value);
    return value;
});
let totalQty = 0n, totalCents = 0;
for (const o of back.orders) for (const l of o.lines) { totalQty += l.qty; totalCents += Math.round(l.price * 100) * Number(l.qty); }
const byMonth = {};
for (const o of back.orders) { const m = o.created.toISOString().slice(0, 7); byMonth[m] = (byMonth[m] || 0) + 1; }
const compact = JSON.stringify(back.orders.slice(0, 3), ["id", "customer", "name", "created", "lines", "sku"]);
const ms = now() - start;
return { ms, check: checksum([text.length, replacerCalls, revived, String(totalQty), totalCents, byMonth, compact, text.slice(0, 300)]) };
