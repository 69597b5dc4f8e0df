// Parse a CSV into class instances with getters, group by month with a Set per group.
const random = rng(11);
const rows = ["date,store,sku,units,unit_price,discount"];
for (let i = 0; i < 40000; i++) rows.push(`2024-0${1 + (i % 9)}-${String(1 + (i % 28)).padStart(2, "0")},store-${i % 37},${pick(random, WORDS)}-${i % 13},${1 + Math.floor(random() * 9)},${(random() * 50).toFixed(2)},${random() < 0.2 ? "0.1" : "0"}`);
const csv = rows.join("\n");
const start = now();
class Sale { constructor(date, store, sku, units, price, discount) { this.date = date; this.store = store; this.sku = sku; this.units = units; this.price = price; this.discount = discount; }
  get revenue() { return this.units * this.price * (1 - this.discount); }
  get month() { return this.date.slice(0, 7); } }
const sales = csv.split("\n").slice(1).map((line) => { const [d, s, k, u, p, disc] = line.split(","); return new Sale(d, s, k, parseInt(u, 10), parseFloat(p), parseFloat(disc)); });
const byMonth = {};
for (const sale of sales) { const m = sale.month; if (!byMonth[m]) byMonth[m] = { revenue: 0, units: 0, stores: new Set() }; byMonth[m].revenue += sale.revenue; byMonth[m].units += sale.units; byMonth[m].stores.add(sale.store); }
const report = Object.keys(byMonth).sort().map((m) => ({ month: m, revenue: byMonth[m].revenue.toFixed(2), units: byMonth[m].units, stores: byMonth[m].stores.size }));
const ms = now() - start;
return { ms, check: checksum(report) };
