// Regex replace with groups, a function replacer and replaceAll over the 2 MB log.
const text = logText(20000, 4);
const start = now();
let out = text.replace(/user=(\d+)/g, "user=<$1>");
out = out.replace(/latency=(\d+)ms/g, (_, ms) => `latency=${(Number(ms) / 1000).toFixed(3)}s`);
out = out.replaceAll("ERROR", "E").replaceAll(" request ", " req ");
const ms = now() - start;
return { ms, check: checksum([out.length, out.slice(0, 300), out.slice(-300)]) };
