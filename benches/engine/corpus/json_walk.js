// Walk a 2 MB JSON tree: Object.entries and recursion, then flatten it with for-in paths.
const random = rng(14);
function make(depth) { if (depth === 0) return pick(random, WORDS) + Math.floor(random() * 100); const o = {}; const n = 2 + Math.floor(random() * 4); for (let i = 0; i < n; i++) o[pick(random, WORDS) + i] = random() < 0.3 ? [make(depth - 1), make(depth - 1)] : make(depth - 1); return o; }
const text = JSON.stringify(Array.from({ length: 60 }, () => make(5)));
const start = now();
const data = JSON.parse(text);
let keys = 0, strings = 0, maxDepth = 0; const lengths = {};
function walk(node, depth) { if (depth > maxDepth) maxDepth = depth;
  if (Array.isArray(node)) { for (const x of node) walk(x, depth + 1); }
  else if (node !== null && typeof node === "object") { for (const [k, v] of Object.entries(node)) { keys++; walk(v, depth + 1); } }
  else if (typeof node === "string") { strings++; lengths[node.length] = (lengths[node.length] || 0) + 1; } }
walk(data, 0);
const flat = [];
(function flatten(node, path) { if (node && typeof node === "object") { for (const k in node) flatten(node[k], path ? path + "." + k : k); } else flat.push(path + "=" + node); })(data, "");
const ms = now() - start;
return { ms, check: checksum([keys, strings, maxDepth, lengths, flat.length, flat.slice(0, 20)]), bytes: text.length };
