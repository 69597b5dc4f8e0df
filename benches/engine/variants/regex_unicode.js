// Modern regex features: a sticky (y) tokenizer with lastIndex, lookbehind for currency amounts,
// \p{L}/\p{Lu} unicode property escapes, split with a regex and a limit, matchAll with named groups.
const random = rng(1616);
const names = ["Zoë", "José", "Łukasz", "Søren", "Ægir", "Müller", "Çelik", "Ngô", "Ólafur", "Даша"];
const docs = Array.from({ length: 6000 }, () => Array.from({ length: 12 }, () => { const r = random(); return r < 0.2 ? pick(random, names) : r < 0.35 ? `$${(random() * 1000).toFixed(2)}` : r < 0.45 ? `€${Math.floor(random() * 500)}` : r < 0.55 ? `#${pick(random, WORDS)}` : r < 0.6 ? `${Math.floor(random() * 99)}%` : pick(random, WORDS); }).join(random() < 0.5 ? " " : ", "));
const start = now();
const tokenRe = /\s*(?:(?<num>\d+(?:\.\d+)?)|(?<word>\p{L}+)|(?<sym>[$€#%,]))/uy;
let tokens = 0; const kinds = { num: 0, word: 0, sym: 0 };
for (const d of docs.slice(0, 3000)) {
    tokenRe.lastIndex = 0; let m;
    while (tokenRe.lastIndex < d.length && (m = tokenRe.exec(d))) { tokens++; for (const k in kinds) if (m.groups[k] !== undefined) kinds[k]++; }
}
const dollars = docs.flatMap((d) => d.match(/(?<=\$)\d+(?:\.\d{2})?/g) ?? []).reduce((s, x) => s + parseFloat(x), 0);
const notEuro = docs.reduce((s, d) => s + (d.match(/(?<!€)\b\d+\b(?!%)/g) || []).length, 0);
const caps = docs.reduce((s, d) => s + (d.match(/\p{Lu}\p{Ll}+/gu) || []).length, 0);
const nonAscii = docs.reduce((s, d) => s + (d.match(/[^\x00-\x7f]/gu) || []).length, 0);
const splitLimited = docs.map((d) => d.split(/\s*,\s*|\s+/, 4));
const tags = [...docs.join("\n").matchAll(/#(?<tag>\w+)/g)].reduce((acc, m) => (acc[m.groups.tag] = (acc[m.groups.tag] || 0) + 1, acc), {});
const masked = docs.slice(0, 2000).map((d) => d.replace(/(?<=[$€])\d+/g, (m) => "*".repeat(m.length)));
const ms = now() - start;
return { ms, check: checksum([tokens, kinds, dollars.toFixed(2), notEuro, caps, nonAscii, splitLimited.slice(0, 10), tags, masked.slice(0, 5)]) };
