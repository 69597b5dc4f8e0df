// base64 and TextEncoder over 20,000 items: encode each record's UTF-8 bytes, decode them back.
const random = rng(13);
const items = Array.from({ length: 20000 }, (_, i) => ({ id: i, text: `${pick(random, WORDS)} café ✓ ${pick(random, WORDS)}` }));
const start = now();
const encoder = new TextEncoder();
const decoder = new TextDecoder();
let total = 0;
const encoded = items.map((item) => {
    const bytes = encoder.encode(JSON.stringify(item));
    total += bytes.length;
    let binary = "";
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
});
const back = encoded.map((text) => JSON.parse(decoder.decode(Uint8Array.from(atob(text), (c) => c.charCodeAt(0)))));
const ms = now() - start;
return { ms, check: checksum([total, encoded[7], back[19999]]) };
