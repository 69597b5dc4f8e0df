//! ordo's patch 67 to Boa (vendor/README.md): `Object.assign` from a source whose enumerable
//! properties are all data properties, into an ordinary target where every write is a store
//! (an own writable data property overwritten, or a key neither the target nor its prototypes
//! have added), reads the source in one pass and writes the target's map directly. What a
//! script sees must not change: key order (indices, names, symbols; the target's own keys
//! first), later sources winning, a getter on the source, non-enumerable properties, string
//! and Array sources; setters on the target's prototype (a class's, `__proto__`), read-only
//! properties on the target or a prototype, frozen and non-extensible targets, an Array, a
//! function and proxies. The expected lines are what Node 20 prints for the same script.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    const show = (v) => JSON.stringify(v);
    const keysOf = (o) => Reflect.ownKeys(o).map(String).join(",");
    // Records copied into `{}`, several sources (a later one wins, the first one's key order
    // stays), into an object that has some keys already, and onto itself.
    const rows = Array.from({ length: 20000 }, (_, i) => ({ id: i, qty: i % 7, sku: "s" + (i % 13) }));
    const merged = rows.map((r) => Object.assign({}, r, { tag: r.sku + "@" + r.id }, { qty: r.qty * 2 }));
    const existing = { qty: "old", extra: true };
    Object.assign(existing, rows[5], { id: "new" });
    const self = { a: 1, b: 2 };
    Object.assign(self, self, { c: 3 });
    out.push(show([merged.length, merged[7], keysOf(merged[19999]), existing, keysOf(existing), self]));
    // Keys of every kind: indices first in order, then names, then symbols; a non-enumerable
    // property skipped; a string source; a getter on the source called once per copy.
    const symbol = Symbol("s");
    let reads = 0;
    const mixed = { b: 1, 2: "two", a: 2, 0: "zero", [symbol]: "sym" };
    Object.defineProperty(mixed, "hidden", { value: "no", enumerable: false });
    const withGetter = { x: 1, get y() { reads++; return "got"; }, z: 3 };
    const copies = [Object.assign({}, mixed), Object.assign({}, "ab", [7]), Object.assign({}, withGetter), Object.assign({}, withGetter)];
    out.push(show([copies.map(keysOf), copies[0][symbol], copies[0].hidden, copies[1], copies[2], reads]));
    // Where a write is more than a store: a setter on the target's prototype (a class's and
    // Object.prototype's own `__proto__`), a read-only property on the target and on
    // Object.prototype, a frozen and a non-extensible target, an Array and a function as target,
    // a proxy as target and as source.
    const calls = [];
    class WithSetter { set v(x) { calls.push("set " + x); } }
    const viaSetter = Object.assign(new WithSetter(), { v: 1, w: 2 });
    const parsed = JSON.parse('{"__proto__": {"inherited": 1}, "k": 1}');
    const viaProto = Object.assign({}, parsed);
    const attempt = (f) => { try { return show(f()); } catch (e) { return e.constructor.name; } };
    const readOnly = Object.defineProperty({}, "r", { value: 1, writable: false, enumerable: true });
    Object.defineProperty(Object.prototype, "inheritedReadOnly", { value: 0, writable: false, configurable: true });
    const results = [
        attempt(() => Object.assign(readOnly, { a: 1, r: 2 })),
        show(readOnly),
        attempt(() => Object.assign({}, { before: 1, inheritedReadOnly: 1 })),
        attempt(() => Object.assign(Object.freeze({ a: 1 }), { a: 2 })),
        attempt(() => Object.assign(Object.preventExtensions({ a: 1 }), { a: 2 })),
        attempt(() => Object.assign(Object.preventExtensions({ a: 1 }), { b: 2 })),
        attempt(() => Object.assign([1, 2], { 0: "x", length: 1, extra: true })),
        attempt(() => { const f = function () {}; Object.assign(f, { k: 1 }); return [f.k, Object.keys(f)]; }),
    ];
    delete Object.prototype.inheritedReadOnly;
    const traps = [];
    const target = new Proxy({}, { set(t, k, v, r) { traps.push("set " + String(k)); t[k] = v; return true; }, defineProperty(t, k, d) { traps.push("define " + String(k)); return Reflect.defineProperty(t, k, d); } });
    Object.assign(target, { p: 1, q: 2 });
    const source = new Proxy({ m: 1, n: 2 }, { ownKeys(t) { traps.push("ownKeys"); return Reflect.ownKeys(t); }, get(t, k) { traps.push("get " + String(k)); return t[k]; } });
    const fromProxy = Object.assign({}, source);
    out.push(show([keysOf(viaSetter), calls, Object.getPrototypeOf(viaProto) === Object.prototype ? "plain" : "changed", viaProto.inherited, keysOf(viaProto), results, traps, fromProxy]));"#;

const EXPECTED: [&str; 3] = [
    r#"[20000,{"id":7,"qty":0,"sku":"s7","tag":"s7@7"},"id,qty,sku,tag",{"qty":5,"extra":true,"id":"new","sku":"s5"},"qty,extra,id,sku",{"a":1,"b":2,"c":3}]"#,
    r#"[["0,2,b,a,Symbol(s)","0,1","x,y,z","x,y,z"],"sym",null,{"0":7,"1":"b"},{"x":1,"y":"got","z":3},2]"#,
    r#"["w",["set 1"],"changed",1,"k",["TypeError","{\"r\":1,\"a\":1}","TypeError","TypeError","{\"a\":2}","TypeError","[\"x\"]","[1,[\"k\"]]"],["set p","set q","ownKeys","get m","get n"],{"m":1,"n":2}]"#,
];

#[test]
fn object_assign_behaves_as_in_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn object_assign_behaves_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(BODY, &EXPECTED).await;
}
