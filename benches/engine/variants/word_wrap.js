// Text layout: greedy word wrap to a width, justify with space distribution, center/pad lines,
// hyphen-aware splitting, and column layout of paragraphs side by side.
const random = rng(2323);
const paragraphs = Array.from({ length: 1500 }, () => Array.from({ length: 40 + Math.floor(random() * 80) }, () => random() < 0.05 ? pick(random, WORDS) + "-" + pick(random, WORDS) : pick(random, WORDS)).join(" "));
const start = now();
function wrap(text, width) { const lines = []; let line = ""; for (const word of text.split(/\s+/)) { if (!line) line = word; else if (line.length + 1 + word.length <= width) line += " " + word; else { lines.push(line); line = word; } } if (line) lines.push(line); return lines; }
function justify(line, width) { const words = line.split(" "); if (words.length === 1) return line.padEnd(width); const gaps = words.length - 1, spaces = width - words.join("").length; return words.reduce((out, w, i) => out + w + (i < gaps ? " ".repeat(Math.floor(spaces / gaps) + (i < spaces % gaps ? 1 : 0)) : ""), ""); }
const center = (s, w) => s.padStart(Math.floor((w + s.length) / 2)).padEnd(w);
const wrapped = paragraphs.map((p) => wrap(p, 60));
const justified = wrapped.map((lines) => lines.map((l, i) => i === lines.length - 1 ? l.padEnd(60) : justify(l, 60)).join("\n"));
const centered = wrapped.slice(0, 500).map((lines) => lines.map((l) => center(l, 72)).join("\n"));
const columns = []; for (let i = 0; i + 2 < wrapped.length && i < 900; i += 3) { const [a, b, c] = [wrap(paragraphs[i], 24), wrap(paragraphs[i + 1], 24), wrap(paragraphs[i + 2], 24)]; const h = Math.max(a.length, b.length, c.length); for (let r = 0; r < h; r++) columns.push([a[r] ?? "", b[r] ?? "", c[r] ?? ""].map((s) => s.padEnd(24)).join(" | ").trimEnd()); }
const widths = justified.flatMap((j) => j.split("\n")).filter((l) => l.length !== 60).length;
const ms = now() - start;
return { ms, check: checksum([wrapped.reduce((s, l) => s + l.length, 0), justified[0], centered[1].length, columns.length, columns.slice(0, 6), widths, justified.join("").length]) };
