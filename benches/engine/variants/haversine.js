// Geographic numerics: Haversine distances between thousands of points, nearest neighbour search,
// bearing with atan2, centroid, and a bounding box; Math.sin/cos/sqrt/atan2/hypot heavy.
const random = rng(1919);
const points = Array.from({ length: 2500 }, (_, i) => ({ id: i, lat: random() * 140 - 70, lon: random() * 360 - 180 }));
const start = now();
const R = 6371.0088, toRad = (d) => d * Math.PI / 180, toDeg = (r) => r * 180 / Math.PI;
function haversine(a, b) { const dLat = toRad(b.lat - a.lat), dLon = toRad(b.lon - a.lon); const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLon / 2) ** 2; return 2 * R * Math.asin(Math.sqrt(h)); }
function bearing(a, b) { const y = Math.sin(toRad(b.lon - a.lon)) * Math.cos(toRad(b.lat)); const x = Math.cos(toRad(a.lat)) * Math.sin(toRad(b.lat)) - Math.sin(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.cos(toRad(b.lon - a.lon)); return (toDeg(Math.atan2(y, x)) + 360) % 360; }
const nearest = points.slice(0, 800).map((p) => { let best = null, bestD = Infinity; for (const q of points) { if (q === p) continue; const d = haversine(p, q); if (d < bestD) { bestD = d; best = q.id; } } return [best, Math.round(bestD * 1000) / 1000]; });
const bearings = points.slice(0, 2000).map((p, i) => bearing(p, points[(i + 1) % points.length]).toFixed(4));
let x = 0, y = 0, z = 0; for (const p of points) { const la = toRad(p.lat), lo = toRad(p.lon); x += Math.cos(la) * Math.cos(lo); y += Math.cos(la) * Math.sin(lo); z += Math.sin(la); }
const centroid = [toDeg(Math.atan2(z, Math.hypot(x, y))).toFixed(6), toDeg(Math.atan2(y, x)).toFixed(6)];
const bbox = points.reduce((b, p) => [Math.min(b[0], p.lat), Math.min(b[1], p.lon), Math.max(b[2], p.lat), Math.max(b[3], p.lon)], [Infinity, Infinity, -Infinity, -Infinity]);
const ms = now() - start;
return { ms, check: checksum([nearest.slice(0, 20), nearest.reduce((s, [, d]) => s + d, 0).toFixed(3), bearings.slice(0, 20), centroid, bbox.map((v) => v.toFixed(5))]) };
