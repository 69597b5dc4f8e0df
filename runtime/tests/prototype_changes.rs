//! ordo's patch 27 to Boa (vendor/README.md): an inline cache that found a property on an
//! object's prototype checks that the prototype still has the shape it had, and a property
//! found on the prototype of an object whose shape is its own is not cached. Boa 0.22 keyed
//! such an entry by the object's shape alone: after `delete A.prototype.m`, `a.m()` called the
//! method that moved into `m`'s slot, or read past the prototype's storage and panicked (the
//! engine thread ended); a method redefined as a getter was returned as a value; and an own
//! property added to `String.prototype` or to an object of thousands of keys did not shadow
//! the inherited one. Every read here comes from a site whose cache is warm when the prototype
//! changes. The expected lines are what Node 20 prints for the same script; it runs in plain
//! Boa and in the worker.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    const show = (v) => JSON.stringify(v);
    // Each loop reads from one site, so its inline cache is warm when the prototype changes.
    // A method deleted from a class's prototype: not the one after it, and not past the end.
    class A { m() { return "m"; } n() { return "n"; } }
    const a = new A();
    const deleted = [];
    for (let i = 0; i < 4; i++) { if (i === 2) delete A.prototype.m; deleted.push(typeof a.m === "function" ? a.m() : String(a.m)); }
    const p = { x: 1, y: 2 };
    const o = Object.create(p);
    const last = [];
    for (let i = 0; i < 4; i++) { if (i === 2) delete p.x; last.push(String(o.x), String(o.y)); }
    out.push(show([deleted, last]));
    // A method redefined as a getter, and back; a setter on the prototype replaced.
    class B { m() { return "m"; } }
    const b = new B();
    const redefined = [];
    for (let i = 0; i < 6; i++) {
        if (i === 2) Object.defineProperty(B.prototype, "m", { get() { return () => "getter"; }, configurable: true });
        if (i === 4) Object.defineProperty(B.prototype, "m", { value() { return "again"; }, configurable: true, writable: true });
        redefined.push(b.m());
    }
    const log = [];
    class C { set v(x) { log.push(`first ${x}`); } }
    const c = new C();
    for (let i = 0; i < 4; i++) { if (i === 2) Object.defineProperty(C.prototype, "v", { set(x) { log.push(`second ${x}`); }, configurable: true }); c.v = i; }
    out.push(show([redefined, log]));
    // An own property added later to an object whose shape is its own (a prototype, the global
    // object, an object of thousands of keys) shadows what the cache found on its prototype.
    Object.prototype.where = "object";
    const shadowed = [];
    for (let i = 0; i < 4; i++) { if (i === 2) String.prototype.where = "string"; shadowed.push("s".where); }
    const proto = Object.create({ kind: "grand" });
    const child = Object.create(proto);
    for (let i = 0; i < 4; i++) { if (i === 2) proto.kind = "parent"; shadowed.push(proto.kind, child.kind); }
    const big = {};
    for (let i = 0; i < 3000; i++) big["k" + i] = i;
    for (let i = 0; i < 4; i++) { if (i === 2) big.hasOwnProperty = () => "own"; shadowed.push(String(big.hasOwnProperty("k1"))); }
    delete Object.prototype.where;
    delete String.prototype.where;
    out.push(show(shadowed));
    // A prototype swapped under an instance, and a method added to Array.prototype mid-loop.
    const swapped = [];
    class D { who() { return "D"; } }
    class E { who() { return "E"; } }
    const d = new D();
    for (let i = 0; i < 4; i++) { if (i === 2) Object.setPrototypeOf(d, E.prototype); swapped.push(d.who()); }
    const arrays = [];
    for (let i = 0; i < 4; i++) { if (i === 2) Array.prototype.total = function () { return this.length * 10; }; arrays.push(typeof [1, 2].total === "function" ? [1, 2].total() : "none"); }
    delete Array.prototype.total;
    out.push(show([swapped, arrays]));
    // Warm, then changed, then warm again, over many calls: 30,000 method calls on 3 classes.
    class Shape { area() { return 0; } }
    class Square extends Shape { constructor(s) { super(); this.s = s; } area() { return this.s * this.s; } }
    class Circle extends Shape { constructor(r) { super(); this.r = r; } area() { return 3 * this.r * this.r; } }
    const shapes = Array.from({ length: 30000 }, (_, i) => (i % 3 === 0 ? new Square(i % 7) : i % 3 === 1 ? new Circle(i % 5) : new Shape()));
    let sum = 0;
    for (let i = 0; i < shapes.length; i++) {
        if (i === 15000) delete Circle.prototype.area;
        sum += shapes[i].area();
    }
    out.push(show(sum));
"#;

const EXPECTED: [&str; 5] = [
    r#"[["m","m","undefined","undefined"],["1","2","1","2","undefined","2","undefined","2"]]"#,
    r#"[["m","m","getter","getter","again","again"],["first 0","first 1","second 2","second 3"]]"#,
    r#"["object","object","string","string","grand","grand","grand","grand","parent","parent","parent","parent","true","true","own","own"]"#,
    r#"[["D","D","E","E"],["none","none",20,20]]"#,
    r#"219997"#,
];

#[test]
fn prototype_changes_reach_warm_caches_as_in_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn prototype_changes_reach_warm_caches_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(BODY, &EXPECTED).await;
}
