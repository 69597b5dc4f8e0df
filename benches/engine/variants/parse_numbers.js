// Parsing numbers out of many strings: parseInt with radix, parseFloat with junk, Number(),
// unary plus, and converting back with toString(2/16/36), padStart of binary strings.
const random = rng(909);
const raw = [];
for (let i = 0; i < 40000; i++) {
    const r = random(), n = Math.floor(random() * 1e6);
    if (r < 0.2) raw.push(String(n));
    else if (r < 0.35) raw.push("0x" + n.toString(16));
    else if (r < 0.5) raw.push((random() * 1e4).toFixed(3) + "px");
    else if (r < 0.6) raw.push("  " + (random() * 100).toFixed(1) + "  ");
    else if (r < 0.7) raw.push((random() * 1e-3).toExponential(2));
    else if (r < 0.8) raw.push(n.toString(36));
    else if (r < 0.9) raw.push("1,234." + n % 100);
    else raw.push(pick(random, ["NaN", "", "Infinity", "-0", "abc", "12abc", "0b101", "0o17", ".5", "5."]));
}
const start = now();
let sumInt = 0, sumFloat = 0, sumNumber = 0, nanCount = 0, sumPlus = 0;
for (const s of raw) {
    const a = parseInt(s, 10), b = parseFloat(s), c = Number(s), d = +s.trim();
    if (!Number.isNaN(a)) sumInt += a;
    if (Number.isFinite(b)) sumFloat += b;
    if (Number.isFinite(c)) sumNumber += c; else nanCount++;
    if (Number.isFinite(d)) sumPlus += d;
}
const hexes = raw.filter((s) => s.startsWith("0x")).map((s) => parseInt(s.slice(2), 16));
const b36 = raw.filter((s) => /^[0-9a-z]+$/.test(s)).map((s) => parseInt(s, 36));
const back = hexes.slice(0, 8000).map((n) => n.toString(2).padStart(24, "0") + ":" + n.toString(36) + ":" + n.toString(8));
const floats = raw.slice(0, 10000).map((s) => parseFloat(s)).filter(Number.isFinite).map((f) => f.toString(16));
const strs = Array.from({ length: 20000 }, (_, i) => String(i * 1.1) + (i * 0.1).toString());
const ms = now() - start;
return { ms, check: checksum([sumInt, sumFloat.toFixed(4), sumNumber.toFixed(4), nanCount, sumPlus.toFixed(4), hexes.length, b36.reduce((a, b) => a + b, 0), back.slice(0, 10), floats.slice(0, 30), strs.join("").length, strs.slice(0, 40)]) };
