// Sort 30,000 people by two string keys with a comparator, by age then localeCompare.
const random = rng(20);
const people = Array.from({ length: 30000 }, (_, i) => ({ first: pick(random, WORDS), last: pick(random, WORDS) + (i % 50), age: Math.floor(random() * 80) }));
const start = now();
const byName = [...people].sort((a, b) => (a.last < b.last ? -1 : a.last > b.last ? 1 : a.first < b.first ? -1 : a.first > b.first ? 1 : 0));
const byAge = [...people].sort((a, b) => a.age - b.age || a.last.localeCompare(b.last));
const names = people.map((p) => `${p.last}, ${p.first}`).sort();
const ms = now() - start;
return { ms, check: checksum([byName.slice(0, 5), byAge.slice(0, 5), names.slice(0, 5), names[names.length - 1]]) };
