// Report labels for many timestamps with the Intl option sets models reach for: en-GB
// "05 Mar 2024", "Tue, March 5", "Mar 24", full date+time with zone; grouped and counted.
const random = rng(2424);
const stamps = Array.from({ length: 6000 }, () => Date.UTC(2023, 0, 1) + Math.floor(random() * 730 * 86400000));
const start = now();
const formats = {
    gb: new Intl.DateTimeFormat("en-GB", { day: "2-digit", month: "short", year: "numeric", timeZone: "UTC" }),
    us: new Intl.DateTimeFormat("en-US", { weekday: "short", month: "long", day: "numeric", timeZone: "UTC" }),
    short: new Intl.DateTimeFormat("en-US", { month: "short", year: "2-digit", timeZone: "UTC" }),
    full: new Intl.DateTimeFormat("en-US", { dateStyle: "full", timeStyle: "long", timeZone: "UTC" }),
    numeric: new Intl.DateTimeFormat("en-US", { weekday: "long", month: "numeric", day: "numeric", timeZone: "UTC" }),
};
const labels = {};
for (const [name, fmt] of Object.entries(formats)) labels[name] = stamps.map((t) => fmt.format(new Date(t)));
const byMonth = {};
for (const l of labels.short) byMonth[l] = (byMonth[l] || 0) + 1;
const lines = stamps.slice(0, 2000).map((t, i) => `${labels.gb[i]} | ${labels.us[i].padEnd(22)} | ${new Date(t).toLocaleDateString("en-US", { weekday: "short", year: "numeric", month: "numeric", day: "numeric", timeZone: "UTC" })}`);
const ms = now() - start;
return { ms, check: checksum([labels.gb.slice(0, 3), labels.us.slice(0, 3), labels.short.slice(0, 3), labels.full.slice(0, 2), labels.numeric.slice(0, 3), Object.keys(byMonth).length, lines.slice(0, 3), lines.join("\n").length]) };
