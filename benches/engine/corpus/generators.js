// A pipeline of generator functions (range, map, filter) over 200,000 numbers, and a recursive yield* walk of a tree.
function* range(n) { for (let i = 0; i < n; i++) yield i; }
function* mapG(it, f) { for (const x of it) yield f(x); }
function* filterG(it, p) { for (const x of it) if (p(x)) yield x; }
const tree = (d) => (d === 0 ? { v: 1 } : { v: d, kids: [tree(d - 1), tree(d - 1)] });
const root = tree(13);
const start = now();
let sum = 0, count = 0;
for (const x of filterG(mapG(range(200000), (x) => x * 3), (x) => x % 2 === 0)) { sum += x; count++; }
function* walk(t, depth) { yield t.v * depth; for (const k of t.kids || []) yield* walk(k, depth + 1); }
let walked = 0, nodes = 0;
for (const v of walk(root, 1)) { walked += v; nodes++; }
const firstTen = [...mapG(range(10), (x) => x * x)];
const ms = now() - start;
return { ms, check: checksum([sum, count, walked, nodes, firstTen]) };
