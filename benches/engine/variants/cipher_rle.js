// Character-code work: Caesar/Vigenere ciphers with charCodeAt/String.fromCharCode, run-length
// encoding and decoding, a hex dump of bytes, and a simple djb2/crc32 hash of many strings.
const random = rng(2222);
const text = Array.from({ length: 60000 }, () => pick(random, WORDS) + (random() < 0.1 ? "!!!!" : "") + (random() < 0.05 ? "zzzzzzzz" : "")).join(" ");
const start = now();
const caesar = (s, k) => s.replace(/[a-z]/gi, (c) => { const base = c <= "Z" ? 65 : 97; return String.fromCharCode((c.charCodeAt(0) - base + k + 26) % 26 + base); });
const enc = caesar(text.slice(0, 100000), 3), dec = caesar(enc, -3);
function vigenere(s, key, dir) { let out = ""; for (let i = 0, j = 0; i < s.length; i++) { const c = s.charCodeAt(i); if (c >= 97 && c <= 122) { out += String.fromCharCode((c - 97 + dir * (key.charCodeAt(j++ % key.length) - 97) + 26) % 26 + 97); } else out += s[i]; } return out; }
const v = vigenere(text.slice(0, 150000), "lemon", 1), vd = vigenere(v, "lemon", -1);
function rle(s) { let out = []; for (let i = 0; i < s.length;) { let j = i; while (j < s.length && s[j] === s[i]) j++; out.push(j - i > 1 ? (j - i) + s[i] : s[i]); i = j; } return out.join(""); }
const unrle = (s) => s.replace(/(\d+)(\D)/g, (_, n, c) => c.repeat(+n));
const packed = rle(text.slice(0, 200000)), unpacked = unrle(packed);
const bytes = Array.from(text.slice(0, 20000), (c) => c.charCodeAt(0));
const dump = []; for (let i = 0; i < bytes.length; i += 16) { const row = bytes.slice(i, i + 16); dump.push(i.toString(16).padStart(8, "0") + "  " + row.map((b) => b.toString(16).padStart(2, "0")).join(" ").padEnd(48) + "  " + row.map((b) => b >= 32 && b < 127 ? String.fromCharCode(b) : ".").join("")); }
const table = Array.from({ length: 256 }, (_, n) => { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; return c >>> 0; });
const crc32 = (s) => { let c = 0xffffffff; for (let i = 0; i < s.length; i++) c = table[(c ^ s.charCodeAt(i)) & 0xff] ^ (c >>> 8); return (c ^ 0xffffffff) >>> 0; };
const djb2 = (s) => { let h = 5381; for (let i = 0; i < s.length; i++) h = ((h << 5) + h + s.charCodeAt(i)) | 0; return h >>> 0; };
const words = text.split(" ");
const hashes = words.slice(0, 40000).reduce((acc, w) => (acc ^ crc32(w) ^ djb2(w)) >>> 0, 0);
const ms = now() - start;
return { ms, check: checksum([enc.slice(0, 100), dec === text.slice(0, 100000), v.slice(0, 100), vd === text.slice(0, 150000), packed.length, unpacked === text.slice(0, 200000), dump.slice(0, 3), dump.length, hashes, crc32(text.slice(0, 50000))]) };
