// Number formatting of many values: toFixed, toPrecision, toExponential, Intl.NumberFormat
// currency/percent/compact, toLocaleString with grouping, padStart tables.
const random = rng(808);
const values = Array.from({ length: 30000 }, () => (random() - 0.3) * Math.pow(10, Math.floor(random() * 9) - 2));
const start = now();
const fixed = values.map((v) => v.toFixed(2));
const prec = values.map((v) => v.toPrecision(4));
const expo = values.slice(0, 10000).map((v) => v.toExponential(3));
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const eur = new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" });
const pct = new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 1 });
const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });
const money = values.map((v) => usd.format(v));
const euros = values.slice(0, 10000).map((v) => eur.format(v));
const percents = values.slice(0, 10000).map((v) => pct.format(v / 1000));
const compacts = values.slice(0, 10000).map((v) => compact.format(v));
const grouped = values.slice(0, 10000).map((v) => Math.round(v).toLocaleString("en-US"));
const table = values.slice(0, 5000).map((v, i) => `${String(i).padStart(5)} | ${v.toFixed(3).padStart(16)} | ${(v / 7).toFixed(1).padStart(14)}`).join("\n");
const rounding = [1.005, 2.675, 1.45, 8.345, 0.000001234, 123456789.987654, -0.5, 1e21, 5e-7].map((v) => [v.toFixed(2), v.toPrecision(3), String(v)]);
const ms = now() - start;
return { ms, check: checksum([fixed.slice(0, 30), prec.slice(0, 30), expo.slice(0, 30), money.slice(0, 30), euros.slice(0, 20), percents.slice(0, 20), compacts.slice(0, 30), grouped.slice(0, 20), table.length, rounding, fixed.join("").length, prec.join("").length, money.join("").length]) };
