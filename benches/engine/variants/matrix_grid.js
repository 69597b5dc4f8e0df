// 2D arrays as models build them: Array.from({length}, () => Array(n).fill(0)), matrix multiply
// with nested loops and with map/reduce, transpose, Game of Life steps, flood of prefix sums.
const random = rng(333);
const n = 120;
const A = Array.from({ length: n }, () => Array.from({ length: n }, () => Math.floor(random() * 10)));
const B = Array.from({ length: n }, () => Array.from({ length: n }, () => Math.floor(random() * 10)));
const life0 = Array.from({ length: 150 }, () => Array.from({ length: 150 }, () => random() < 0.3 ? 1 : 0));
const start = now();
const C = Array.from({ length: n }, () => new Array(n).fill(0));
for (let i = 0; i < n; i++) for (let k = 0; k < n; k++) { const a = A[i][k]; for (let j = 0; j < n; j++) C[i][j] += a * B[k][j]; }
const T = B[0].map((_, j) => B.map((row) => row[j]));
const D = A.slice(0, 40).map((row) => T.map((col) => row.reduce((s, v, k) => s + v * col[k], 0)));
let grid = life0;
for (let step = 0; step < 30; step++) {
    grid = grid.map((row, y) => row.map((cell, x) => {
        let live = 0;
        for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) if ((dy || dx) && grid[y + dy]?.[x + dx]) live++;
        return live === 3 || (cell && live === 2) ? 1 : 0;
    }));
}
const prefix = Array.from({ length: n + 1 }, () => Array(n + 1).fill(0));
for (let i = 1; i <= n; i++) for (let j = 1; j <= n; j++) prefix[i][j] = C[i - 1][j - 1] + prefix[i - 1][j] + prefix[i][j - 1] - prefix[i - 1][j - 1];
const trace = C.reduce((s, row, i) => s + row[i], 0);
const ms = now() - start;
return { ms, check: checksum([trace, C[5].slice(0, 10), D[3].slice(0, 10), grid.flat().reduce((a, b) => a + b, 0), prefix[n][n], grid[10].join("")]) };
