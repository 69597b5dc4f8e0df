// Image processing on typed arrays: RGBA pixels in a Uint8ClampedArray, grayscale and box blur
// computed in a Float64Array, converted back with new Uint8ClampedArray(floatArray); a brightness
// boost that overflows, signed bytes via new Int8Array(uint8Array), and a histogram.
const random = rng(2525);
const W = 320, H = 240;
const rgba = new Uint8ClampedArray(W * H * 4);
for (let i = 0; i < rgba.length; i++) rgba[i] = (i & 3) === 3 ? 255 : Math.floor(random() * 256);
const start = now();
const gray = new Float64Array(W * H);
for (let p = 0, i = 0; p < gray.length; p++, i += 4) gray[p] = (rgba[i] + rgba[i + 1] + rgba[i + 2]) / 3;
const blurred = new Float64Array(W * H);
for (let y = 1; y < H - 1; y++) for (let x = 1; x < W - 1; x++) {
    let s = 0;
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) s += gray[(y + dy) * W + x + dx];
    blurred[y * W + x] = s / 9;
}
const halves = gray.map((v, i) => (v + blurred[i]) / 2);
const out8 = new Uint8ClampedArray(halves);
const boosted = new Uint8Array(halves.map((v) => v * 1.8));
const signed = new Int8Array(new Uint8Array(rgba.buffer, 0, 4096));
const words = new Uint16Array(new Float64Array(Array.from({ length: 1000 }, (_, i) => i * 97.5)));
const hist = new Uint32Array(256);
for (const v of out8) hist[v]++;
let sum = 0; for (const v of boosted) sum += v;
const ms = now() - start;
return { ms, check: checksum([Array.from(out8.subarray(0, 40)), Array.from(hist.subarray(100, 140)), sum, Array.from(signed.subarray(0, 16)), signed.reduce((a, b) => a + b, 0), Array.from(words.subarray(660, 680))]) };
