// Typed-array statistics: latencies in a Float64Array, histogram buckets in a Uint32Array,
// mean/variance/median/percentiles (via typed sort and a copied, comparator-sorted array).
const random = rng(404);
const N = 200000;
const raw = new Float64Array(N);
for (let i = 0; i < N; i++) raw[i] = -Math.log(1 - random()) * 120 + (random() < 0.02 ? 2000 * random() : 0);
const groups = Uint8Array.from({ length: N }, () => Math.floor(random() * 16));
const start = now();
let sum = 0, sumSq = 0, min = Infinity, max = -Infinity;
for (let i = 0; i < raw.length; i++) { const v = raw[i]; sum += v; sumSq += v * v; if (v < min) min = v; if (v > max) max = v; }
const mean = sum / N, variance = sumSq / N - mean * mean;
const hist = new Uint32Array(64);
const width = (max - min) / hist.length;
raw.forEach((v) => { hist[Math.min(hist.length - 1, Math.floor((v - min) / width))]++; });
const sorted = raw.slice().sort();
const pct = (p) => sorted[Math.min(N - 1, Math.floor(p / 100 * N))];
const percentiles = [50, 90, 95, 99, 99.9].map((p) => Math.round(pct(p) * 1000) / 1000);
// Per group: plain arrays sorted with a comparator, as models often do
const perGroup = Array.from({ length: 16 }, () => []);
for (let i = 0; i < N; i++) perGroup[groups[i]].push(raw[i]);
const groupStats = perGroup.map((vals) => { const s = [...vals].sort((a, b) => a - b); return { n: s.length, p50: +s[s.length >> 1].toFixed(3), p99: +s[Math.floor(s.length * 0.99)].toFixed(3) }; });
const scaled = Uint16Array.from(raw.subarray(0, 50000), (v) => Math.min(65535, v * 10));
const i32 = new Int32Array(scaled.buffer.byteLength ? scaled.length : 0).map((_, i) => scaled[i] - 1000);
const cum = new Float64Array(hist.length); hist.reduce((acc, c, i) => (cum[i] = acc + c), 0);
const ms = now() - start;
return { ms, check: checksum([mean.toFixed(6), variance.toFixed(3), min.toFixed(6), max.toFixed(6), Array.from(hist), percentiles, groupStats, i32.reduce((a, b) => a + b, 0), Array.from(cum.slice(0, 5))]) };
