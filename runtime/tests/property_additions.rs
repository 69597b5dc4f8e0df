//! ordo's patch 29 to Boa (vendor/README.md): `object.key = value` that adds `key` to a plain
//! object takes the shape transition its site made last, when the object is extensible and
//! nothing on its prototype chain has `key` or could run code for it. What must not change:
//! keys, values and attributes; objects of different shapes of one length at one site; a
//! setter, a read-only property or a lone getter added to a prototype while the site is warm,
//! a Proxy in the chain, objects that cannot grow (in sloppy and strict code), and additions to
//! functions, Arrays, String objects and the global object. The expected lines are what Node 20
//! prints for the same script; it runs in plain Boa and in the worker.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    const show = (v) => JSON.stringify(v);
    // `o.k = v` on fresh objects, and `this.k = v` in a constructor: keys, values, attributes.
    const made = [];
    for (let i = 0; i < 20000; i++) { const o = {}; o.a = i; o.b = `b${i % 3}`; o.c = i % 2 === 0; made.push(o); }
    class Point { constructor(x, y) { this.x = x; this.y = y; } sum() { return this.x + this.y; } }
    let total = 0;
    for (let i = 0; i < 20000; i++) total += new Point(i, 1).sum();
    const descriptor = Object.getOwnPropertyDescriptor(made[7], "b");
    out.push(show([made[19999], Object.keys(made[3]), descriptor, total, Object.keys(new Point(1, 2))]));
    // Objects of different shapes but one length reach one site in turn.
    const bases = [() => ({ p: 1 }), () => ({ q: 2 }), () => ({ q: 3, p: 4 }), () => ({ p: 5, q: 6 }), () => Object.create(null), () => Object.create({ inherited: 1 })];
    const mixed = [];
    for (let i = 0; i < 24; i++) { const o = bases[i % 6](); o.k = i; o.last = "z"; mixed.push(Object.entries(o).flat().join("")); }
    out.push(show(mixed));
    // The prototype chain changes while a site is warm: a setter, a read-only property, a
    // getter alone, each added to a prototype mid-loop, and a prototype swapped for a Proxy.
    const log = [];
    class Box {}
    const boxes = [];
    for (let i = 0; i < 8; i++) {
        if (i === 2) Object.defineProperty(Box.prototype, "v", { set(x) { log.push(`setter ${x}`); }, configurable: true });
        if (i === 4) Object.defineProperty(Box.prototype, "v", { value: "read-only", writable: false, configurable: true });
        if (i === 6) Object.defineProperty(Box.prototype, "v", { get() { return "getter"; }, configurable: true });
        const box = new Box();
        box.v = i;
        boxes.push([Object.keys(box), box.v]);
    }
    out.push(show([boxes, log]));
    const late = [];
    for (let i = 0; i < 6; i++) {
        const o = {};
        if (i === 3) Object.defineProperty(Object.prototype, "late", { set(x) { late.push(`object setter ${x}`); }, configurable: true });
        o.late = i;
        late.push(Object.keys(o).join(","));
    }
    delete Object.prototype.late;
    const trapped = [];
    for (let i = 0; i < 6; i++) {
        const o = {};
        if (i >= 3) Object.setPrototypeOf(o, new Proxy({}, { set(target, key, value) { trapped.push(`trap ${key}=${value}`); return true; } }));
        o.viaProxy = i;
        trapped.push(Object.keys(o).join(","));
    }
    out.push(show([late, trapped]));
    // Objects that cannot grow, and writes in strict code.
    const sealed = [];
    for (let i = 0; i < 6; i++) {
        const o = { fixed: i };
        if (i === 2) Object.preventExtensions(o);
        if (i === 3) Object.freeze(o);
        if (i === 4) Object.seal(o);
        o.added = i;
        sealed.push(show(o));
    }
    const strict = (() => { "use strict"; const errors = []; for (let i = 0; i < 4; i++) { const o = {}; if (i === 2) Object.preventExtensions(o); try { o.added = i; errors.push(show(o)); } catch (error) { errors.push(error.constructor.name); } } return errors; })();
    out.push(show([sealed, strict]));
    // Properties added to functions, arrays, String objects and the global object.
    const others = [];
    for (let i = 0; i < 4; i++) {
        const f = function () {}; f.tag = i;
        const a = [1, 2]; a.meta = i;
        const s = new String("ab"); s.extra = i;
        globalThis[`g${i}`] = i;
        others.push([f.tag, Object.keys(f), a.meta, a.length, Object.keys(a), s.extra, Object.keys(s), globalThis[`g${i}`]]);
    }
    out.push(show(others));
"#;

const EXPECTED: [&str; 6] = [
    r#"[{"a":19999,"b":"b1","c":false},["a","b","c"],{"value":"b1","writable":true,"enumerable":true,"configurable":true},200010000,["x","y"]]"#,
    r#"["p1k0lastz","q2k1lastz","q3p4k2lastz","p5q6k3lastz","k4lastz","k5lastz","p1k6lastz","q2k7lastz","q3p4k8lastz","p5q6k9lastz","k10lastz","k11lastz","p1k12lastz","q2k13lastz","q3p4k14lastz","p5q6k15lastz","k16lastz","k17lastz","p1k18lastz","q2k19lastz","q3p4k20lastz","p5q6k21lastz","k22lastz","k23lastz"]"#,
    r#"[[[["v"],0],[["v"],1],[[],null],[[],null],[[],"read-only"],[[],"read-only"],[[],"getter"],[[],"getter"]],["setter 2","setter 3"]]"#,
    r#"[["late","late","late","object setter 3","","object setter 4","","object setter 5",""],["viaProxy","viaProxy","viaProxy","trap viaProxy=3","","trap viaProxy=4","","trap viaProxy=5",""]]"#,
    r#"[["{\"fixed\":0,\"added\":0}","{\"fixed\":1,\"added\":1}","{\"fixed\":2}","{\"fixed\":3}","{\"fixed\":4}","{\"fixed\":5,\"added\":5}"],["{\"added\":0}","{\"added\":1}","TypeError","{\"added\":3}"]]"#,
    r#"[[0,["tag"],0,2,["0","1","meta"],0,["0","1","extra"],0],[1,["tag"],1,2,["0","1","meta"],1,["0","1","extra"],1],[2,["tag"],2,2,["0","1","meta"],2,["0","1","extra"],2],[3,["tag"],3,2,["0","1","meta"],3,["0","1","extra"],3]]"#,
];

#[test]
fn property_additions_match_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn property_additions_match_node_in_the_worker() {
    node_lines::assert_in_worker(BODY, &EXPECTED).await;
}
