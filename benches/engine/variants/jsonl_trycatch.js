// JSON Lines ingestion: try/catch around JSON.parse of mixed valid/invalid lines, error messages
// collected, schema validation with typeof checks, and re-serialization of the good ones.
const random = rng(666);
const lines = [];
for (let i = 0; i < 30000; i++) {
    const rec = { ts: 1700000000 + i * 7, level: pick(random, ["info", "warn", "error"]), msg: pick(random, WORDS) + " " + pick(random, WORDS), ctx: { user: Math.floor(random() * 900), tags: [pick(random, WORDS)] } };
    let line = JSON.stringify(rec);
    const r = random();
    if (r < 0.08) line = line.slice(0, Math.floor(line.length * random()));
    else if (r < 0.12) line = line.replace(/"level"/, "level");
    else if (r < 0.14) line = "# comment " + i;
    else if (r < 0.16) line = "";
    else if (r < 0.2) line = JSON.stringify({ ...rec, ts: String(rec.ts) });
    lines.push(line);
}
const text = lines.join("\n");
const start = now();
const good = [], errors = new Map(), invalid = [];
for (const [n, line] of text.split("\n").entries()) {
    if (!line.trim() || line.startsWith("#")) continue;
    let obj;
    try { obj = JSON.parse(line); }
    catch (err) { const kind = err.name + ":" + (err instanceof SyntaxError); errors.set(kind, (errors.get(kind) || 0) + 1); continue; }
    try {
        if (typeof obj.ts !== "number") throw new TypeError(`line ${n + 1}: ts must be a number, got ${typeof obj.ts}`);
        if (!["info", "warn", "error"].includes(obj.level)) throw new TypeError(`line ${n + 1}: bad level`);
        good.push(obj);
    } catch (err) { invalid.push(err.message); }
    finally { }
}
const out = good.filter((r) => r.level !== "info").map((r) => JSON.stringify({ t: new Date(r.ts * 1000).toISOString(), ...r.ctx, m: r.msg })).join("\n");
const ms = now() - start;
return { ms, check: checksum([good.length, [...errors].sort(), invalid.length, invalid.slice(0, 5), out.length, out.slice(0, 500)]) };
