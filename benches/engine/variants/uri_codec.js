// Building and decoding URLs: encodeURIComponent/encodeURI over unicode and reserved characters,
// decodeURIComponent with malformed sequences in try/catch, and a manual %XX escape loop.
const random = rng(111);
const parts = ["a b", "x&y", "ünïcödé", "100%", "slash/path", "q?=#", "😀", "日本", "plus+sign", "tilde~", "quote\"'", "semi;colon", "comma,"];
const params = Array.from({ length: 20000 }, () => ({ key: pick(random, WORDS) + (random() < 0.2 ? " " + pick(random, parts) : ""), value: Array.from({ length: 1 + Math.floor(random() * 4) }, () => random() < 0.5 ? pick(random, WORDS) : pick(random, parts)).join(" ") }));
const start = now();
const encoded = params.map(({ key, value }) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`);
const uris = params.slice(0, 5000).map(({ key, value }) => encodeURI(`https://example.com/${key}/${value}?q=${value}#frag`));
const decoded = encoded.map((pair) => pair.split("=").map(decodeURIComponent));
let bad = 0;
for (const s of ["%E0%A4%A", "%", "%ZZ", "%C3%28", "ok%20fine", ...encoded.slice(0, 3000).map((e) => e.slice(0, -1))]) { try { decodeURIComponent(s); } catch (e) { if (e instanceof URIError) bad++; } }
function manualEscape(s) { let out = ""; for (let i = 0; i < s.length; i++) { const c = s.charCodeAt(i); out += (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) ? s[i] : "%" + c.toString(16).toUpperCase().padStart(2, "0"); } return out; }
const manual = params.slice(0, 8000).map((p) => manualEscape(p.value));
const legacy = params.slice(0, 5000).map((p) => escape(p.value) + "|" + unescape(escape(p.key)));
const roundTrip = decoded.every(([k, v], i) => k === params[i].key && v === params[i].value);
const ms = now() - start;
return { ms, check: checksum([encoded.slice(0, 20), uris.slice(0, 5), encoded.join("&").length, bad, manual.slice(0, 10), manual.join("").length, legacy.slice(0, 10), roundTrip]) };
