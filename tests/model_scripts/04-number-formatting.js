const total = 1234567.891;
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
return {
  plain: total.toLocaleString(),
  twoDecimals: total.toLocaleString("en-US", { maximumFractionDigits: 2 }),
  german: total.toLocaleString("de-DE"),
  money: usd.format(total),
  euros: total.toLocaleString("de-DE", { style: "currency", currency: "EUR" }),
  share: new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 1 }).format(0.4567),
  compact: new Intl.NumberFormat("en", { notation: "compact" }).format(total),
  fixed: total.toFixed(2),
};
