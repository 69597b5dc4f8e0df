// A line diff of two 2,000-line texts (longest common subsequence), as a model writes it.
const random = rng(11);
const a = Array.from({ length: 2000 }, () => Array.from({ length: 6 }, () => pick(random, WORDS)).join(" "));
const b = a.map((line) => (random() < 0.05 ? line.toUpperCase() : line)).filter(() => random() > 0.03);
for (let i = 0; i < 60; i++) b.splice(Math.floor(random() * b.length), 0, `inserted ${i}`);
const left = a.join("\n"), right = b.join("\n");
const start = now();
const x = left.split("\n"), y = right.split("\n");
const n = x.length, m = y.length;
const table = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) table[i][j] = x[i] === y[j] ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1]);
const diff = [];
let i = 0, j = 0;
while (i < n && j < m) {
    if (x[i] === y[j]) { i++; j++; }
    else if (table[i + 1][j] >= table[i][j + 1]) diff.push(`- ${x[i++]}`);
    else diff.push(`+ ${y[j++]}`);
}
while (i < n) diff.push(`- ${x[i++]}`);
while (j < m) diff.push(`+ ${y[j++]}`);
const ms = now() - start;
return { ms, check: checksum([diff.length, diff.slice(0, 10)]) };
