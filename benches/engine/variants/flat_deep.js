// Deeply nested arrays: flat(Infinity), flat(2), recursive flatten with reduce/concat,
// spread-based flatten, and a tree of comments flattened depth-first with depth markers.
const random = rng(1818);
function nest(depth) { return Array.from({ length: 2 + Math.floor(random() * 3) }, () => depth > 0 && random() < 0.6 ? nest(depth - 1) : Math.floor(random() * 1000)); }
const data = Array.from({ length: 400 }, () => nest(7));
const comments = Array.from({ length: 300 }, (_, i) => (function tree(d) { return { id: i + ":" + d, text: pick(random, WORDS), replies: d < 5 ? Array.from({ length: Math.floor(random() * 3) }, () => tree(d + 1)) : [] }; })(0));
const start = now();
const f1 = data.flat(Infinity);
const f2 = data.flat(2).length;
const flatten = (arr) => arr.reduce((acc, x) => Array.isArray(x) ? acc.concat(flatten(x)) : acc.concat(x), []);
const f3 = flatten(data.slice(0, 150));
const flatSpread = (arr) => arr.some(Array.isArray) ? flatSpread([].concat(...arr)) : arr;
const f4 = flatSpread(data.slice(0, 150));
const walk = (node, depth = 0) => [{ id: node.id, depth, line: "  ".repeat(depth) + node.text }, ...node.replies.flatMap((r) => walk(r, depth + 1))];
const rows = comments.flatMap((c) => walk(c));
const stackFlat = []; const stack = [data.slice(0, 150)];
while (stack.length) { const top = stack.pop(); if (Array.isArray(top)) for (let i = top.length - 1; i >= 0; i--) stack.push(top[i]); else stackFlat.push(top); }
const maxDepth = (a) => Array.isArray(a) ? 1 + Math.max(0, ...a.map(maxDepth)) : 0;
const ms = now() - start;
return { ms, check: checksum([f1.length, f1.reduce((a, b) => a + b, 0), f2, f3.length, f3.join(",") === f4.join(","), stackFlat.join(",") === f3.join(","), rows.length, rows.slice(0, 8), maxDepth(data)]) };
