// Aggregate a 40,000-row CSV: split lines and fields, Object.fromEntries, a Map.
const random = rng(2);
const header = "id,region,product,quantity,price";
const lines = [header];
for (let i = 0; i < 40000; i++) lines.push(`${i},${pick(random, ["north", "south", "east", "west"])},${pick(random, WORDS)},${1 + Math.floor(random() * 20)},${(random() * 100).toFixed(2)}`);
const csv = lines.join("\n");
const start = now();
const [head, ...body] = csv.split("\n");
const keys = head.split(",");
const totals = new Map();
for (const line of body) {
    const row = Object.fromEntries(line.split(",").map((value, index) => [keys[index], value]));
    const key = `${row.region}/${row.product}`;
    totals.set(key, (totals.get(key) ?? 0) + Number(row.quantity) * Number(row.price));
}
const top = [...totals].sort((a, b) => b[1] - a[1]).slice(0, 20).map(([key, total]) => [key, Math.round(total)]);
const ms = now() - start;
return { ms, check: checksum(top) };
