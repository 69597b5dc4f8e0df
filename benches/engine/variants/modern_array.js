// ES2022/2023 array chains: toSorted, toReversed, with, findLast, findLastIndex, at(-1),
// Object.groupBy-free grouping via reduce, Object.fromEntries(Object.entries(o).map(...)), flatMap.
const random = rng(444);
const tickets = Array.from({ length: 25000 }, (_, i) => ({ id: i, team: pick(random, ["core", "web", "infra", "data", "ml"]), prio: Math.floor(random() * 5), age: Math.floor(random() * 400), title: pick(random, WORDS) + " " + pick(random, WORDS), tags: Array.from({ length: Math.floor(random() * 4) }, () => pick(random, WORDS)) }));
const start = now();
const sorted = tickets.toSorted((a, b) => a.prio - b.prio || b.age - a.age);
const rev = sorted.toReversed();
const oldestUrgent = tickets.findLast((t) => t.prio === 0 && t.age > 390);
const idx = tickets.findLastIndex((t) => t.team === "ml" && t.tags.includes("cache"));
const patched = tickets.with(5, { ...tickets[5], prio: 9 }).at(5).prio;
const byTeam = tickets.reduce((acc, t) => ((acc[t.team] ??= []).push(t), acc), {});
const summary = Object.fromEntries(Object.entries(byTeam).map(([team, list]) => [team, { count: list.length, avgAge: +(list.reduce((s, t) => s + t.age, 0) / list.length).toFixed(2), last: list.at(-1).id, top: list.toSorted((a, b) => b.age - a.age).slice(0, 3).map((t) => t.id) }]));
const tagCounts = Object.entries(tickets.flatMap((t) => t.tags).reduce((m, t) => ({ ...m, [t]: (m[t] ?? 0) + 1 }), {})).toSorted(([a, x], [b, y]) => y - x || a.localeCompare(b));
const windows = Array.from({ length: 200 }, (_, i) => tickets.slice(i * 100, i * 100 + 100).map((t) => t.age).toSorted((a, b) => a - b).at(50));
const spliced = tickets.slice(0, 2000).toSpliced(10, 100, { id: -1 }).length;
const hasOld = tickets.some((t) => t.age > 398) && tickets.every((t) => t.prio < 5);
const ms = now() - start;
return { ms, check: checksum([sorted.slice(0, 5).map((t) => t.id), rev[0].id, oldestUrgent?.id, idx, patched, summary, tagCounts.slice(0, 10), windows.slice(0, 20), spliced, hasOld]) };
