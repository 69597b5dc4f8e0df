// Day-by-day Date arithmetic: iterate 20 years of days with setUTCDate, business-day counting via
// getUTCDay, month ends, ISO week numbers, toISOString keys, and date differences in days.
const random = rng(1717);
const spans = Array.from({ length: 3000 }, () => { const a = Date.UTC(2015, 0, 1) + Math.floor(random() * 3000) * 86400000; return [a, a + Math.floor(random() * 120) * 86400000]; });
const start = now();
const isoWeek = (d) => { const t = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())); const day = t.getUTCDay() || 7; t.setUTCDate(t.getUTCDate() + 4 - day); const y0 = new Date(Date.UTC(t.getUTCFullYear(), 0, 1)); return `${t.getUTCFullYear()}-W${String(Math.ceil(((t - y0) / 86400000 + 1) / 7)).padStart(2, "0")}`; };
const weeks = {}; let weekend = 0, monthEnds = 0;
for (let d = new Date(Date.UTC(2005, 0, 1)); d < new Date(Date.UTC(2025, 0, 1)); d.setUTCDate(d.getUTCDate() + 1)) {
    const dow = d.getUTCDay(); if (dow === 0 || dow === 6) weekend++;
    const next = new Date(d); next.setUTCDate(d.getUTCDate() + 1); if (next.getUTCMonth() !== d.getUTCMonth()) monthEnds++;
    const w = isoWeek(d); weeks[w] = (weeks[w] || 0) + 1;
}
const businessDays = spans.map(([a, b]) => { let n = 0; for (let t = a; t <= b; t += 86400000) { const dow = new Date(t).getUTCDay(); if (dow !== 0 && dow !== 6) n++; } return n; });
const keys = spans.map(([a, b]) => new Date(a).toISOString().slice(0, 10) + "/" + new Date(b).toISOString().slice(0, 10));
const diffs = keys.map((k) => { const [a, b] = k.split("/").map((s) => new Date(s + "T00:00:00Z")); return Math.round((b - a) / 864e5); });
const addMonths = (t, n) => { const d = new Date(t); const day = d.getUTCDate(); d.setUTCMonth(d.getUTCMonth() + n, 1); const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate(); d.setUTCDate(Math.min(day, last)); return d.toISOString().slice(0, 10); };
const renewals = spans.slice(0, 2000).map(([a]) => addMonths(a, 1 + (a / 864e5 % 13)));
const ms = now() - start;
return { ms, check: checksum([weekend, monthEnds, Object.keys(weeks).length, weeks["2020-W53"], businessDays.reduce((a, b) => a + b, 0), keys.slice(0, 5), diffs.reduce((a, b) => a + b, 0), renewals.slice(0, 10)]) };
