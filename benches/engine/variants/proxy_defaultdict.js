// Proxy as a Python-style defaultdict and as a validating/recording wrapper: get/set/has traps,
// Reflect.get/set, ownKeys, nested auto-vivification while grouping records.
const random = rng(1515);
const sales = Array.from({ length: 40000 }, () => ({ region: pick(random, ["n", "s", "e", "w"]), product: pick(random, WORDS), month: 1 + Math.floor(random() * 12), amount: Math.floor(random() * 50000) / 100 }));
const start = now();
const defaultDict = (factory) => new Proxy({}, { get(target, key, receiver) { if (typeof key === "string" && !(key in target)) target[key] = factory(); return Reflect.get(target, key, receiver); } });
const totals = defaultDict(() => 0);
const nested = defaultDict(() => defaultDict(() => []));
for (const s of sales) { totals[s.product] += s.amount; nested[s.region][s.month].push(s.amount); }
const log = [];
const watched = new Proxy({ count: 0, sum: 0 }, {
    set(t, k, v, r) { log.push(k); return Reflect.set(t, k, v, r); },
    has(t, k) { return k.startsWith("_") ? false : k in t; },
    ownKeys(t) { return Reflect.ownKeys(t).filter((k) => k !== "secret"); },
    deleteProperty(t, k) { log.push("del:" + k); return delete t[k]; },
});
for (const s of sales.slice(0, 20000)) { watched.count++; watched.sum += s.amount; }
watched.secret = 1; const visible = Object.keys(watched); delete watched.secret;
const validator = new Proxy({}, { set(t, k, v) { if (typeof v !== "number" || v < 0) throw new TypeError(k); t[k] = v; return true; } });
let bad = 0; for (const s of sales.slice(0, 10000)) { try { validator[s.product] = s.amount - 100; } catch { bad++; } }
const summary = Object.keys(nested).sort().map((r) => [r, Object.keys(nested[r]).length, nested[r][6].length]);
const top = Object.entries(totals).sort((a, b) => b[1] - a[1]).slice(0, 5).map(([k, v]) => [k, v.toFixed(2)]);
const ms = now() - start;
return { ms, check: checksum([top, summary, watched.count, watched.sum.toFixed(2), log.length, visible, "_x" in watched, "count" in watched, bad]) };
