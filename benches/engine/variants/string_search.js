// Plain string searching over a few MB of text: indexOf loops counting occurrences, includes,
// startsWith/endsWith filters, lastIndexOf, substring extraction between markers, split/join.
const text = logText(40000, 1212);
const needles = ["timeout", "ERROR", "svc-3", "user=42", "latency=8", "omega request", "zzz"];
const start = now();
const counts = {};
for (const n of needles) { let c = 0, i = text.indexOf(n); while (i !== -1) { c++; i = text.indexOf(n, i + n.length); } counts[n] = c; }
const lines = text.split("\n");
const incl = needles.map((n) => lines.filter((l) => l.includes(n)).length);
const starts = lines.filter((l) => l.startsWith("2024-03-1")).length;
const ends = lines.filter((l) => l.endsWith("omega") || l.endsWith("cache")).length;
const between = lines.map((l) => { const a = l.indexOf("["), b = l.indexOf("]", a); return l.substring(a + 1, b); });
const lastWord = lines.map((l) => l.slice(l.lastIndexOf(" ") + 1));
const users = lines.map((l) => { const i = l.indexOf("user="); return +l.slice(i + 5, l.indexOf(" ", i)); });
const replaced = lines.slice(0, 10000).map((l) => l.split("ERROR").join("E!")).filter((l) => l.includes("E!")).length;
const charCount = {}; for (let i = 0; i < 200000; i++) { const c = text.charAt(i); charCount[c] = (charCount[c] || 0) + 1; }
const search = lines.slice(0, 3000).map((l) => l.search(/latency=\d{3}ms/));
const ms = now() - start;
return { ms, check: checksum([counts, incl, starts, ends, between.slice(0, 10), lastWord.slice(0, 10), users.reduce((a, b) => a + b, 0), replaced, charCount, search.slice(0, 30)]) };
