// Word frequencies of 1 MB: toLowerCase, match(/…/g), a Map, sort.
const random = rng(5);
const text = Array.from({ length: 140000 }, () => (random() < 0.1 ? pick(random, WORDS).toUpperCase() : pick(random, WORDS))).join(random() < 0.5 ? " " : ", ");
const start = now();
const counts = new Map();
for (const word of text.toLowerCase().match(/[a-z]+/g)) counts.set(word, (counts.get(word) ?? 0) + 1);
const top = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 25);
const ms = now() - start;
return { ms, check: checksum(top), bytes: text.length };
