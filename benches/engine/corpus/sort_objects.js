// Sort 30,000 objects by a number, then by two string keys.
const random = rng(7);
const items = Array.from({ length: 30000 }, (_, i) => ({ id: i, price: Math.floor(random() * 10000) / 100, name: pick(random, WORDS), owner: pick(random, WORDS) }));
const start = now();
const byPrice = [...items].sort((a, b) => a.price - b.price || a.id - b.id);
const byName = [...items].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.owner < b.owner ? -1 : a.owner > b.owner ? 1 : a.id - b.id));
const ms = now() - start;
return { ms, check: checksum([byPrice.slice(0, 50).map((x) => x.id), byName.slice(0, 50).map((x) => x.id)]) };
