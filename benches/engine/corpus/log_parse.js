// Parse a 2 MB, 20,000-line log: split into lines, one regex per line, group by hour, sort.
const text = logText(20000, 1);
const start = now();
const byHour = {};
for (const line of text.split("\n")) {
    const m = /^\S+T(\d\d):\d\d:\S+ (\w+) \[([^\]]+)\] user=(\d+) latency=(\d+)ms/.exec(line);
    if (!m) continue;
    const slot = (byHour[m[1]] ??= { count: 0, errors: 0, latency: 0 });
    slot.count++;
    if (m[2] === "ERROR") slot.errors++;
    slot.latency += Number(m[5]);
}
const rows = Object.entries(byHour).sort((a, b) => b[1].count - a[1].count || a[0].localeCompare(b[0]));
const ms = now() - start;
return { ms, check: checksum(rows), bytes: text.length };
