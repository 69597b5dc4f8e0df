// A Map-heavy join of two tables (users and 60,000 events), then a group by country.
const random = rng(14);
const users = Array.from({ length: 5000 }, (_, i) => ({ id: `u${i}`, country: pick(random, ["de", "fr", "us", "jp", "br", "in"]), plan: pick(random, ["free", "pro"]) }));
const events = Array.from({ length: 60000 }, () => ({ user: `u${Math.floor(random() * 5200)}`, kind: pick(random, ["view", "click", "buy"]), value: Math.floor(random() * 100) }));
const start = now();
const byId = new Map(users.map((user) => [user.id, user]));
const totals = new Map();
let orphans = 0;
for (const event of events) {
    const user = byId.get(event.user);
    if (!user) { orphans++; continue; }
    const key = `${user.country}:${user.plan}:${event.kind}`;
    const entry = totals.get(key) ?? { count: 0, value: 0 };
    entry.count++;
    entry.value += event.value;
    totals.set(key, entry);
}
const rows = [...totals].sort((a, b) => (a[0] < b[0] ? -1 : 1));
const ms = now() - start;
return { ms, check: checksum([orphans, rows]) };
