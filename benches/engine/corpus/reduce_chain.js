// filter, map, reduce and friends over 200,000 numbers, one arrow callback per element.
const random = rng(12);
const values = Array.from({ length: 200000 }, () => Math.floor(random() * 1000) - 300);
const start = now();
const positives = values.filter((v) => v > 0);
const squares = positives.map((v) => v * v);
const sum = squares.reduce((acc, v) => acc + v, 0);
const max = values.reduce((m, v) => (v > m ? v : m), -Infinity);
const evens = values.filter((v, i) => i % 2 === 0).map((v) => v / 2).slice(0, 5000);
const buckets = values.reduce((acc, v) => { const b = Math.floor(v / 100); acc[b] = (acc[b] || 0) + 1; return acc; }, {});
const some = values.some((v) => v === 999), every = values.every((v) => v > -301);
const idx = values.findIndex((v) => v === 500);
const ms = now() - start;
return { ms, check: checksum([sum, max, evens.length, evens[100], buckets, some, every, idx]) };
