// Graph algorithms on an adjacency list built from edge records: a binary min-heap class,
// Dijkstra shortest paths from several sources, path reconstruction, and a topological sort (Kahn).
const random = rng(2121);
const N = 6000;
const edges = [];
for (let i = 0; i < N; i++) for (let k = 0; k < 4; k++) edges.push({ from: "n" + i, to: "n" + Math.floor(random() * N), w: 1 + Math.floor(random() * 50) });
const dag = Array.from({ length: 20000 }, () => { const a = Math.floor(random() * 5000), b = Math.floor(random() * 5000); return a < b ? [a, b] : [b, a + 1]; });
const start = now();
class MinHeap {
    constructor() { this.items = []; }
    get size() { return this.items.length; }
    push(item) { const a = this.items; a.push(item); let i = a.length - 1; while (i > 0) { const p = (i - 1) >> 1; if (a[p].d <= a[i].d) break; [a[p], a[i]] = [a[i], a[p]]; i = p; } }
    pop() { const a = this.items; const top = a[0]; const last = a.pop(); if (a.length) { a[0] = last; let i = 0; for (;;) { const l = 2 * i + 1, r = l + 1; let m = i; if (l < a.length && a[l].d < a[m].d) m = l; if (r < a.length && a[r].d < a[m].d) m = r; if (m === i) break; [a[m], a[i]] = [a[i], a[m]]; i = m; } } return top; }
}
const graph = new Map();
for (const { from, to, w } of edges) { if (!graph.has(from)) graph.set(from, []); graph.get(from).push({ to, w }); }
function dijkstra(src) {
    const dist = new Map([[src, 0]]), prev = new Map(), heap = new MinHeap();
    heap.push({ node: src, d: 0 });
    while (heap.size) { const { node, d } = heap.pop(); if (d > dist.get(node)) continue; for (const { to, w } of graph.get(node) ?? []) { const nd = d + w; if (nd < (dist.get(to) ?? Infinity)) { dist.set(to, nd); prev.set(to, node); heap.push({ node: to, d: nd }); } } }
    return { dist, prev };
}
const results = ["n0", "n17", "n999", "n4321"].map((s) => { const { dist, prev } = dijkstra(s); const far = [...dist].reduce((a, b) => b[1] > a[1] ? b : a); const path = []; for (let n = far[0]; n; n = prev.get(n)) path.unshift(n); return [s, dist.size, far[1], path.length, [...dist.values()].reduce((a, b) => a + b, 0)]; });
const indeg = new Array(5001).fill(0), adj = Array.from({ length: 5001 }, () => []);
for (const [a, b] of dag) { adj[a].push(b); indeg[b]++; }
const queue = indeg.map((d, i) => d === 0 ? i : -1).filter((i) => i >= 0); const order = [];
while (queue.length) { const n = queue.shift(); order.push(n); for (const m of adj[n]) if (--indeg[m] === 0) queue.push(m); }
const ms = now() - start;
return { ms, check: checksum([results, order.length, order.slice(0, 20)]) };
