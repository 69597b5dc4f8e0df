// Unicode-aware string work: for-of over code points, [...str], codePointAt, normalize (NFD
// accent stripping, NFC/NFKC), emoji counting, slugify, grapheme-naive reversal.
const random = rng(707);
const pieces = ["café", "naïve", "Ångström", "résumé", "😀", "👍🏽", "日本語", "Straße", "ﬁle", "Ωmega", "crème brûlée", "São Paulo", "😂😂", "🇫🇷", "e\u0301", "Zoë"];
const texts = Array.from({ length: 8000 }, () => Array.from({ length: 6 + Math.floor(random() * 10) }, () => random() < 0.6 ? pick(random, WORDS) : pick(random, pieces)).join(" "));
const start = now();
let codePoints = 0, astral = 0, units = 0;
const freq = new Map();
for (const t of texts) {
    units += t.length;
    for (const ch of t) { codePoints++; const cp = ch.codePointAt(0); if (cp > 0xffff) astral++; if (cp > 127) freq.set(ch, (freq.get(ch) || 0) + 1); }
}
const slugs = texts.map((t) => t.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, ""));
const reversed = texts.slice(0, 3000).map((t) => [...t].reverse().join(""));
const nfcSame = texts.filter((t) => t.normalize("NFC") === t).length;
const nfkcLen = texts.reduce((s, t) => s + t.normalize("NFKC").length, 0);
const emojiCount = texts.reduce((s, t) => s + (t.match(/\p{Extended_Pictographic}/gu) || []).length, 0);
const upper = texts.slice(0, 2000).map((t) => t.toUpperCase()).join("|");
const fromCps = texts.slice(0, 2000).map((t) => String.fromCodePoint(...Array.from(t, (c) => c.codePointAt(0)))).join("").length;
const truncated = texts.map((t) => { const arr = Array.from(t); return arr.length > 20 ? arr.slice(0, 20).join("") + "…" : t; });
const top = [...freq].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 15);
const ms = now() - start;
return { ms, check: checksum([codePoints, astral, units, slugs.slice(0, 20), reversed[7], nfcSame, nfkcLen, emojiCount, upper.length, upper.slice(0, 400), fromCps, truncated.slice(0, 10), top]) };
