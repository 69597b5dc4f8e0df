//! ordo's patches 50 and 53 to Boa (vendor/README.md): `CopyDataProperties` (object spread,
//! rest properties) and `EnumerableOwnProperties` (`Object.keys`, `values`, `entries`) read an
//! ordinary object's enumerable data properties in one pass over its map when no step can run
//! a script, and a spread adds a property its fresh target lacks to the map directly. What a
//! script sees must not change: the order of keys (indices, strings, symbols), non-enumerables,
//! overriding, an own `__proto__` key, excluded keys of a rest pattern, arrays, strings, `null`
//! and numbers as sources; getters called in order, once, one deleting a later property and one
//! throwing; proxies' traps; class instances; and 30,000 records, an accumulator spread in a
//! reduce, an object of 1,100 keys. Patch 68: an empty target takes a source's properties
//! whole (its layout and a copy of its values) where the steps would give it the same; what
//! must hold then: symbols among strings, read-only, non-enumerable and accessor properties,
//! elements and another prototype in the source, and the copy and the source changed apart
//! afterwards. The expected lines are what Node 20 prints for the same script; it runs in
//! plain Boa and in the worker.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    const show = (v) => JSON.stringify(v, (k, x) => (typeof x === "symbol" ? x.toString() : x === undefined ? "undef" : x));
    const sym = Symbol("s");
    // Keys in [[OwnPropertyKeys]] order (indices ascending, strings as added, symbols last),
    // non-enumerables left out, a later key overriding an earlier one, the `__proto__` key made
    // an own property, not the prototype.
    const source = { b: 1, 2: "two", a: 2, 0: "zero", [sym]: "symbol" };
    Object.defineProperty(source, "hidden", { value: 3, enumerable: false });
    const spread = { a: "first", ...source, z: 26 };
    const withProto = { ...JSON.parse('{"__proto__": {"x": 1}, "y": 2}') };
    out.push(show([Object.keys(spread), spread[sym], spread.hidden, Object.getPrototypeOf(withProto) === Object.prototype, Object.keys(withProto), withProto.__proto__]));
    // Rest properties: excluded keys, computed keys, nested; arrays and strings as sources.
    const { a, [String(2)]: two, ...rest } = source;
    const { 0: zero, ...arrayRest } = ["p", "q", "r"];
    const { ...chars } = "hey";
    const { ...fromNull } = Object.create(null, { n: { value: 1, enumerable: true } });
    out.push(show([a, two, Object.keys(rest), rest[sym], zero, arrayRest, chars, fromNull, { ...null }, { ...undefined }, { ...42 }]));
    // Accessors: getters run in key order, each once, with the source as `this`; one that
    // deletes or adds a later property, and one that throws.
    const log = [];
    const accessors = { first: 1, get second() { log.push("second"); delete this.third; this.added = "late"; return 2; }, third: 3, get fourth() { log.push(`fourth ${this.first}`); return 4; } };
    const copied = { ...accessors };
    let thrown;
    try { ({ ...{ ok: 1, get bad() { throw new Error("getter threw"); } } }); } catch (error) { thrown = error.message; }
    out.push(show([copied, log, thrown]));
    // Proxies answer through their traps; a class instance gives its own fields only.
    const trapLog = [];
    const proxy = new Proxy({ p: 1, q: 2 }, {
        ownKeys(t) { trapLog.push("ownKeys"); return Reflect.ownKeys(t); },
        getOwnPropertyDescriptor(t, k) { trapLog.push(`gopd ${String(k)}`); return Reflect.getOwnPropertyDescriptor(t, k); },
        get(t, k) { trapLog.push(`get ${String(k)}`); return t[k]; },
    });
    class Point { #hidden = 1; constructor() { this.x = 1; this.y = 2; } get norm() { return 3; } }
    out.push(show([{ ...proxy }, trapLog, { ...new Point() }, { ...[1, , 3] }]));
    // Object.keys, values and entries read the same way: indices first, symbols left out,
    // non-enumerables left out, getters called in order (one deleting a later key), arrays.
    const listed = { b: 1, 1: "one", [sym]: "s", get g() { delete this.z; return "got"; }, z: "zed" };
    Object.defineProperty(listed, "hidden", { value: 0, enumerable: false });
    const plain = { x: 1, 3: "three", y: [2] };
    out.push(show([Object.keys(plain), Object.values(plain), Object.entries(plain), Object.entries(listed), Object.keys(listed), Object.entries(["p", , "r"]), Object.values("ab")]));
    // At a data script's size: 30,000 records enriched by spread, split by rest, and a
    // reduce that spreads its accumulator; an object of 1,100 keys (a layout of its own).
    const rows = Array.from({ length: 30000 }, (_, i) => ({ id: i, qty: i % 9, sku: `s${i % 40}` }));
    const enriched = rows.map((r) => ({ ...r, total: r.qty * 2 }));
    const stripped = enriched.map(({ id, ...others }) => others);
    const summary = enriched.slice(0, 3000).reduce((acc, r) => ({ ...acc, [r.sku]: (acc[r.sku] || 0) + r.total }), {});
    const wide = {};
    for (let i = 0; i < 1100; i++) wide[`k${i}`] = i;
    const { k0, ...wideRest } = wide;
    out.push(show([enriched[29999], stripped[7], Object.keys(summary).length, summary.s7, Object.keys({ ...wide }).length, Object.keys(wideRest).length, wideRest.k1099]));
    // A copy into an empty object that takes its source's properties whole: symbols among the
    // strings, a read-only or non-enumerable property and an accessor in the source (then it
    // cannot), another prototype, elements; then the copy and the source changed apart (an
    // added, deleted, overwritten, frozen property), by spread and by `Object.assign`.
    const mixedOrder = { s: 1, [sym]: "first symbol", t: 2 };
    const readOnlySource = Object.defineProperty({ r: 1, w: 2 }, "r", { writable: false });
    const withElements = { e: 1, 5: "five" };
    const nullProto = Object.assign(Object.create(null), { n: 1 });
    const takers = [{ ...mixedOrder }, Object.assign({}, mixedOrder), { ...readOnlySource }, Object.assign({}, readOnlySource), { ...withElements }, Object.assign({}, withElements), { ...nullProto }, Object.assign({}, nullProto), { ...listed }];
    out.push(show(takers.map((o) => [Reflect.ownKeys(o).map(String), Object.getOwnPropertyDescriptors(o).r?.writable ?? "-", Object.getPrototypeOf(o) === Object.prototype])));
    const original = { p: 1, q: 2, r: 3 };
    const copies = [{ ...original }, Object.assign({}, original), { ...original }];
    copies[0].p = "changed"; copies[0].added = true; delete copies[1].q; Object.freeze(copies[2]);
    original.r = "source changed"; original.extra = 1;
    const refusal = (() => { "use strict"; try { copies[2].p = 9; return "written"; } catch (e) { return e.constructor.name; } })();
    out.push(show([original, copies, Object.isFrozen(original), Object.isFrozen(copies[2]), refusal, Object.keys({ ...copies[0] })]));"#;

const EXPECTED: [&str; 8] = [
    r#"[["0","2","a","b","z"],"symbol","undef",true,["__proto__","y"],{"x":1}]"#,
    r#"[2,"two",["0","b"],"symbol","p",{"1":"q","2":"r"},{"0":"h","1":"e","2":"y"},{"n":1},{},{},{}]"#,
    r#"[{"first":1,"second":2,"fourth":4},["second","fourth 1"],"getter threw"]"#,
    r#"[{"p":1,"q":2},["ownKeys","gopd p","get p","gopd q","get q"],{"x":1,"y":2},{"0":1,"2":3}]"#,
    r#"[["3","x","y"],["three",1,[2]],[["3","three"],["x",1],["y",[2]]],[["1","one"],["b",1],["g","got"]],["1","b","g"],[["0","p"],["2","r"]],["a","b"]]"#,
    r#"[{"id":29999,"qty":2,"sku":"s39","total":4},{"qty":7,"sku":"s7","total":14},40,606,1100,1099,1099]"#,
    r#"[[["s","t","Symbol(s)"],"-",true],[["s","t","Symbol(s)"],"-",true],[["r","w"],true,true],[["r","w"],true,true],[["5","e"],"-",true],[["5","e"],"-",true],[["n"],"-",true],[["n"],"-",true],[["1","b","g","Symbol(s)"],"-",true]]"#,
    r#"[{"p":1,"q":2,"r":"source changed","extra":1},[{"p":"changed","q":2,"r":3,"added":true},{"p":1,"r":3},{"p":1,"q":2,"r":3}],false,true,"TypeError",["p","q","r","added"]]"#,
];

#[test]
fn object_spread_and_rest_give_what_node_gives_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn object_spread_and_rest_give_what_node_gives_in_the_worker() {
    node_lines::assert_in_worker(BODY, &EXPECTED).await;
}
