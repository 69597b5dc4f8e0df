// Date bucketing: 30,000 timestamps into days and weeks with Date, labels with Intl.
const random = rng(10);
const stamps = Array.from({ length: 30000 }, () => Date.UTC(2024, 0, 1) + Math.floor(random() * 365 * 86400000));
const start = now();
const days = new Map();
const weeks = new Map();
for (const stamp of stamps) {
    const date = new Date(stamp);
    const day = date.toISOString().slice(0, 10);
    days.set(day, (days.get(day) ?? 0) + 1);
    const monday = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - ((date.getUTCDay() + 6) % 7)));
    const key = monday.toISOString().slice(0, 10);
    weeks.set(key, (weeks.get(key) ?? 0) + 1);
}
const format = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const labels = [...weeks].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([week, count]) => `${format.format(new Date(week))}: ${count}`);
const ms = now() - start;
return { ms, check: checksum([days.size, labels]) };
