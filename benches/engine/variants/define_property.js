// Objects with accessors: Object.defineProperty getters/setters with validation, observable
// models recording changes, Object.freeze/isFrozen, getOwnPropertyDescriptors, Object.assign copies.
const random = rng(1414);
function makeModel(schema) {
    const values = {}, changes = [];
    const model = {};
    for (const [key, type] of Object.entries(schema)) {
        Object.defineProperty(model, key, {
            enumerable: true, configurable: false,
            get() { return values[key]; },
            set(v) { if (typeof v !== type) throw new TypeError(`${key}: expected ${type}`); if (values[key] !== v) changes.push([key, values[key], v]); values[key] = v; },
        });
    }
    Object.defineProperty(model, "changes", { get: () => changes.length });
    Object.defineProperty(model, "snapshot", { value() { return { ...this }; } });
    return model;
}
const schema = { name: "string", qty: "number", price: "number", active: "boolean", sku: "string" };
const updates = Array.from({ length: 120000 }, () => { const k = pick(random, Object.keys(schema)); const r = random(); return [Math.floor(random() * 500), k, r < 0.05 ? null : schema[k] === "string" ? pick(random, WORDS) : schema[k] === "number" ? Math.floor(r * 100) : r < 0.5]; });
const start = now();
const models = Array.from({ length: 500 }, () => makeModel(schema));
let rejected = 0;
for (const [i, k, v] of updates) { try { models[i][k] = v; } catch (e) { rejected++; } }
let total = 0; for (let r = 0; r < 20; r++) for (const m of models) total += (m.qty ?? 0) * (m.price ?? 0) + (m.active ? 1 : 0);
const snaps = models.map((m) => m.snapshot());
const frozen = snaps.map((s) => Object.freeze(s));
let writeFails = 0; for (const f of frozen.slice(0, 200)) { try { "use strict"; f.qty = 1; } catch { writeFails++; } if (f.qty === 1) writeFails += 1000; }
const descs = Object.getOwnPropertyDescriptors(models[0]);
const descSummary = Object.entries(descs).map(([k, d]) => `${k}:${typeof d.get}:${d.enumerable}:${d.configurable}:${"value" in d}`);
const copies = models.map((m) => Object.assign({}, m));
const keys = Object.keys(models[3]);
const ms = now() - start;
return { ms, check: checksum([rejected, total, models.reduce((s, m) => s + m.changes, 0), snaps[0], Object.isFrozen(frozen[0]), writeFails, descSummary, copies[10], keys]) };
