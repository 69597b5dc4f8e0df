// A line-oriented state machine parsing INI/YAML-like config files: sections, key = value,
// comments, continuation lines, quoted values, typed coercion, then a nested object merge.
const random = rng(202);
const files = [];
for (let f = 0; f < 300; f++) {
    const lines = [`; config file ${f}`, `# generated`, ""];
    const sections = 4 + Math.floor(random() * 8);
    for (let s = 0; s < sections; s++) {
        lines.push(`[${pick(random, WORDS)}.${pick(random, WORDS)}]`);
        const keys = 5 + Math.floor(random() * 10);
        for (let k = 0; k < keys; k++) {
            const r = random();
            const key = `${pick(random, WORDS)}_${k}`;
            if (r < 0.2) lines.push(`${key} = ${Math.floor(random() * 10000)}`);
            else if (r < 0.3) lines.push(`${key}=${random() < 0.5 ? "true" : "off"}`);
            else if (r < 0.45) lines.push(`  ${key} : "${pick(random, WORDS)} ${pick(random, WORDS)}"  # trailing`);
            else if (r < 0.55) { lines.push(`${key} = ${pick(random, WORDS)} \\`); lines.push(`    ${pick(random, WORDS)} ${pick(random, WORDS)}`); }
            else if (r < 0.65) lines.push(`${key} = [${Array.from({ length: 3 }, () => Math.floor(random() * 99)).join(", ")}]`);
            else if (r < 0.7) lines.push(`; ${pick(random, WORDS)} comment`);
            else lines.push(`${key} = ${pick(random, WORDS)}-${(random() * 100).toFixed(1)}`);
        }
        lines.push("");
    }
    files.push(lines.join(random() < 0.5 ? "\n" : "\r\n"));
}
const start = now();
function coerce(raw) {
    const v = raw.trim();
    if (/^".*"$/.test(v) || /^'.*'$/.test(v)) return v.slice(1, -1);
    if (/^(true|yes|on)$/i.test(v)) return true;
    if (/^(false|no|off)$/i.test(v)) return false;
    if (/^-?\d+(\.\d+)?$/.test(v)) return Number(v);
    if (v.startsWith("[") && v.endsWith("]")) return v.slice(1, -1).split(",").map((x) => coerce(x));
    return v;
}
function parseIni(text) {
    const root = {};
    let section = root, state = "line", pendingKey = null, pendingValue = "";
    const lines = text.split(/\r?\n/);
    for (let n = 0; n < lines.length; n++) {
        let line = lines[n];
        if (state === "continuation") {
            pendingValue += " " + line.trim();
            if (pendingValue.endsWith("\\")) { pendingValue = pendingValue.slice(0, -1).trimEnd(); continue; }
            section[pendingKey] = coerce(pendingValue); state = "line"; continue;
        }
        const trimmed = line.trim();
        if (trimmed === "" || trimmed[0] === ";" || trimmed[0] === "#") continue;
        if (trimmed[0] === "[") {
            const name = trimmed.slice(1, trimmed.indexOf("]"));
            section = name.split(".").reduce((obj, part) => (obj[part] ??= {}), root);
            continue;
        }
        const m = trimmed.match(/^([\w.-]+)\s*[=:]\s*(.*)$/);
        if (!m) throw new Error(`line ${n + 1}: ${trimmed}`);
        let [, key, value] = m;
        if (!value.startsWith('"')) { const hash = value.search(/\s[#;]/); if (hash >= 0) value = value.slice(0, hash); }
        else { const close = value.indexOf('"', 1); value = value.slice(0, close + 1); }
        if (value.endsWith("\\")) { state = "continuation"; pendingKey = key; pendingValue = value.slice(0, -1).trimEnd(); continue; }
        section[key] = coerce(value);
    }
    return root;
}
function deepMerge(target, source) {
    for (const [k, v] of Object.entries(source)) {
        if (v && typeof v === "object" && !Array.isArray(v)) target[k] = deepMerge(target[k] && typeof target[k] === "object" ? target[k] : {}, v);
        else if (Array.isArray(v) && Array.isArray(target[k])) target[k] = [...target[k], ...v];
        else target[k] = v;
    }
    return target;
}
const merged = {};
const counts = { string: 0, number: 0, boolean: 0, object: 0 };
for (const text of files) {
    const cfg = parseIni(text);
    (function count(o) { for (const v of Object.values(o)) { counts[typeof v]++; if (v && typeof v === "object" && !Array.isArray(v)) count(v); } })(cfg);
    deepMerge(merged, cfg);
}
const ms = now() - start;
return { ms, check: checksum([counts, Object.keys(merged).length, JSON.stringify(merged).length, merged.alpha ?? null]) };
