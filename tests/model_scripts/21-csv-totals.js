const csv = await tools.read_file({ path: "data/sales.csv" });
const [header, ...rows] = csv.content.trim().split("\n");
const columns = header.split(",");
const records = rows.map((row) => Object.fromEntries(row.split(",").map((v, i) => [columns[i], v])));
const totals = {};
for (const { region, amount } of records) totals[region] = (totals[region] ?? 0) + Number(amount);
const fmt = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
return Object.entries(totals)
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([region, total]) => `${region}: ${fmt.format(total)}`);
