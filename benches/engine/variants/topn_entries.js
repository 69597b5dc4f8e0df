// Top-N reports from object counters: Object.entries(...).sort(([, a], [, b]) => b - a).slice(0, 10),
// repeated per category, with Object.fromEntries, destructuring and percent shares.
const random = rng(222);
const events = Array.from({ length: 60000 }, () => ({ user: "u" + Math.floor(random() * 3000), page: "/" + pick(random, WORDS) + "/" + Math.floor(random() * 40), country: pick(random, ["US", "DE", "FR", "JP", "BR", "IN", "GB", "CA"]), ms: Math.floor(random() * 2000) }));
const start = now();
const report = {};
for (const dim of ["user", "page", "country"]) {
    const counts = {};
    for (const e of events) counts[e[dim]] = (counts[e[dim]] || 0) + 1;
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    const top = Object.entries(counts).sort(([, a], [, b]) => b - a).slice(0, 10);
    report[dim] = Object.fromEntries(top.map(([k, v]) => [k, `${v} (${(v / total * 100).toFixed(2)}%)`]));
}
const byCountry = events.reduce((acc, { country, page, ms }) => { (acc[country] ||= {})[page] = ((acc[country] || {})[page] || 0) + ms; return acc; }, {});
const slowest = Object.fromEntries(Object.entries(byCountry).map(([c, pages]) => [c, Object.entries(pages).sort(([ka, a], [kb, b]) => b - a || ka.localeCompare(kb)).slice(0, 5).map(([p]) => p)]));
const userTotals = {};
for (const { user, ms } of events) userTotals[user] = (userTotals[user] ?? 0) + ms;
const ranked = Object.entries(userTotals).map(([user, total]) => ({ user, total })).sort((a, b) => b.total - a.total || (a.user < b.user ? -1 : 1));
const ranks = Object.fromEntries(ranked.map(({ user }, i) => [user, i + 1]));
const bottom = ranked.slice(-5).map(({ user, total }) => `${user}:${total}`);
const ms = now() - start;
return { ms, check: checksum([report, slowest, bottom, ranks.u1, ranks.u2999, ranked.length]) };
