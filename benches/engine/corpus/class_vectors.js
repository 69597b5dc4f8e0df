// Vectors as class instances: a method call and a new object per step, a getter, a grid.
class Vec { constructor(x, y) { this.x = x; this.y = y; } add(o) { return new Vec(this.x + o.x, this.y + o.y); } scale(k) { return new Vec(this.x * k, this.y * k); } get length() { return Math.hypot(this.x, this.y); } }
const random = rng(18);
const points = Array.from({ length: 20000 }, () => new Vec(random() * 100, random() * 100));
const start = now();
let centroid = new Vec(0, 0);
for (const p of points) centroid = centroid.add(p);
centroid = centroid.scale(1 / points.length);
let far = 0; for (const p of points) { const d = p.add(centroid.scale(-1)).length; if (d > far) far = d; }
const grid = {}; for (const p of points) { const key = `${Math.floor(p.x / 10)},${Math.floor(p.y / 10)}`; grid[key] = (grid[key] || 0) + 1; }
const ms = now() - start;
return { ms, check: checksum([centroid.x.toFixed(6), centroid.y.toFixed(6), far.toFixed(6), Object.keys(grid).length]) };
