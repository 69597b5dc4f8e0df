// Deep copies of a large nested state object: structuredClone (with Dates, Maps, Sets and a
// cycle), JSON round trip, and a hand-written recursive deepClone; then mutate and compare.
const random = rng(999);
const users = Array.from({ length: 4000 }, (_, i) => ({ id: i, name: pick(random, WORDS), joined: new Date(Date.UTC(2020, 0, 1) + i * 86400000), roles: new Set([pick(random, WORDS), pick(random, WORDS)]), prefs: new Map([["theme", pick(random, ["dark", "light"])], ["lang", pick(random, ["en", "de", "fr"])]]), scores: Array.from({ length: 10 }, () => Math.floor(random() * 100)), address: { city: pick(random, WORDS), zip: String(Math.floor(random() * 99999)).padStart(5, "0"), geo: { lat: random() * 180 - 90, lng: random() * 360 - 180 } } }));
const state = { users, meta: { version: 3, created: new Date(0) } };
state.meta.self = state;
const start = now();
const c1 = structuredClone(state);
const plain = { users: users.map((u) => ({ ...u, roles: [...u.roles], prefs: Object.fromEntries(u.prefs) })) };
const c2 = JSON.parse(JSON.stringify(plain));
function deepClone(v, seen = new WeakMap()) {
    if (v === null || typeof v !== "object") return v;
    if (seen.has(v)) return seen.get(v);
    if (v instanceof Date) return new Date(v.getTime());
    if (v instanceof Map) { const m = new Map(); seen.set(v, m); for (const [k, x] of v) m.set(deepClone(k, seen), deepClone(x, seen)); return m; }
    if (v instanceof Set) { const s = new Set(); seen.set(v, s); for (const x of v) s.add(deepClone(x, seen)); return s; }
    const out = Array.isArray(v) ? [] : {};
    seen.set(v, out);
    for (const k of Object.keys(v)) out[k] = deepClone(v[k], seen);
    return out;
}
const c3 = deepClone(state);
c1.users[0].scores[0] = -1; c3.users[1].roles.add("zzz"); c2.users[2].address.geo.lat = 0;
function deepEqual(a, b) {
    if (a === b) return true;
    if (typeof a !== "object" || typeof b !== "object" || !a || !b) return false;
    if (a instanceof Date) return b instanceof Date && a.getTime() === b.getTime();
    if (a instanceof Set) return b instanceof Set && a.size === b.size && [...a].every((x) => b.has(x));
    if (a instanceof Map) return b instanceof Map && a.size === b.size && [...a].every(([k, v]) => deepEqual(v, b.get(k)));
    const ka = Object.keys(a), kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => k === "self" || deepEqual(a[k], b[k]));
}
const diffs = users.map((u, i) => [deepEqual(u, c1.users[i]), deepEqual(u, c3.users[i])]).filter(([x, y]) => !x || !y).length;
const ms = now() - start;
return { ms, check: checksum([c1.meta.self === c1, c3.meta.self === c3, c1.users[5].joined instanceof Date, c1.users[5].prefs.get("lang"), [...c1.users[9].roles], diffs, c2.users.length, JSON.stringify(c2.users[3]).length, c1.users[0].scores[0], state.users[0].scores[0]]) };
