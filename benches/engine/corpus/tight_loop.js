// A tight arithmetic loop of 5 million steps: the interpreter alone.
const start = now();
let a = 1, b = 0;
for (let i = 0; i < 5000000; i++) { b = (b + a * i) % 1000003; a = (a * 31 + 7) % 65521; }
const ms = now() - start;
return { ms, check: checksum([a, b]) };
