// Set intersection, difference and union of 60,000 ids; a Set of strings.
const random = rng(21);
const a = Array.from({ length: 60000 }, () => Math.floor(random() * 100000));
const b = Array.from({ length: 60000 }, () => Math.floor(random() * 100000));
const start = now();
const sa = new Set(a), sb = new Set(b);
const inter = [...sa].filter((x) => sb.has(x));
const diff = [...sa].filter((x) => !sb.has(x));
const union = new Set([...a, ...b]);
const strs = new Set(a.map((x) => "k" + x)); let hits = 0; for (const x of b) if (strs.has("k" + x)) hits++;
const ms = now() - start;
return { ms, check: checksum([inter.length, diff.length, union.size, hits]) };
