//! ordo's patch 43 to Boa (vendor/README.md): `object[key]` with a key computed at run time reads
//! an ordinary object's own data property from its storage. What a script sees must not change:
//! string, symbol and index-like keys; missing and inherited properties; accessors, called with
//! the receiver; a property at one site that becomes an accessor, is deleted, comes back and is
//! frozen; arrays, strings, numbers, functions, class instances, proxies and `arguments`; and a
//! sort and a grouping by a column named at run time over 5,000 records. Patch 46 remembers
//! where a key string was found on a shape: the same string read from objects whose shape then
//! changed in every way, from an object that keeps its own layout, and from exotic objects; and
//! writes by such a string, to objects made read-only, through `super`, to an accessor. Patch 90
//! makes a whole number held as a float its integer's key: buckets by `Math.floor`, `-0`, the
//! ends of the 32-bit ranges, fractions and numbers past them. The
//! expected lines are what Node 20 prints for the same script; it runs in plain Boa and in the
//! worker.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    const show = (v) => JSON.stringify(v);
    const read = (o, k) => o[k];
    // Own data properties, by string and symbol keys; keys that look like indices; missing and
    // inherited ones; accessors (called with the receiver), on objects of several shapes.
    const tag = Symbol("tag");
    const record = { id: 7, name: "n", "1": "one", "-0": "minus", [tag]: "sym" };
    const child = Object.create({ inherited: "up", get viaGetter() { return this.id; } });
    child.id = 42;
    const bare = Object.create(null);
    bare.only = "bare";
    const accessor = { get computed() { return `got ${this.id}`; }, id: 3 };
    out.push(show([read(record, "id"), read(record, "name"), read(record, "1"), read(record, 1), read(record, "-0"), read(record, tag), read(record, "missing"),
        read(child, "inherited"), read(child, "viaGetter"), read(child, "id"), read(bare, "only"), read(bare, "toString"), read(accessor, "computed"), read(record, "toString") === Object.prototype.toString]));
    // The same site reading a property that turns into an accessor, is deleted, comes back, and
    // objects of other kinds: arrays, strings, numbers, functions, class instances, proxies,
    // frozen objects, arguments.
    const changing = { value: 1 };
    const seen = [];
    for (let turn = 0; turn < 5; turn++) {
        if (turn === 1) Object.defineProperty(changing, "value", { get() { return "accessor"; }, configurable: true });
        if (turn === 2) delete changing.value;
        if (turn === 3) changing.value = "back";
        if (turn === 4) Object.freeze(changing);
        seen.push(read(changing, "value"));
    }
    class Point { #secret = 1; constructor(x) { this.x = x; } get double() { return this.x * 2; } }
    const proxy = new Proxy({ real: 1 }, { get: (target, key) => (key === "real" ? "trapped" : target[key]) });
    const args = (function () { return arguments; })("a", "b");
    out.push(show([seen, read([1, 2], "length"), read("text", "length"), typeof read("text", "toUpperCase"), typeof read(5, "toFixed"), read(function named() {}, "name"),
        read(new Point(4), "x"), read(new Point(4), "double"), read(proxy, "real"), read(args, "length"), read(Object.freeze({ f: "frozen" }), "f")]));
    // At a data script's size: a comparator and a grouping by a column named at run time.
    const rows = Array.from({ length: 5000 }, (_, i) => ({ id: i, price: (i * 7919) % 1000, city: ["Oslo", "Lima", "Pune"][i % 3] }));
    const column = "price";
    const sorted = [...rows].sort((a, b) => a[column] - b[column] || b.id - a.id);
    const sums = {};
    for (const row of rows) { const key = row["city"]; sums[key] = (sums[key] || 0) + row[column]; }
    out.push(show([sorted.slice(0, 5).map((r) => r.id), sorted[4999].id, sums]));
    // A key string read from many objects of one shape, then from objects whose shape changed
    // under the same string: redefined, deleted, frozen, a prototype swapped in, an object made
    // large enough to keep its own layout; equal strings made apart; an exotic object with the
    // key an ordinary one had.
    const named = Array.from({ length: 300 }, (_, i) => ({ a: i, b: -i, c: `c${i}` }));
    let total = 0;
    for (const row of named) for (const k of Object.keys(row)) if (k !== "c") total += row[k] * (k === "a" ? 2 : 1);
    const key = ["b"][0];
    const shapes = named.slice(0, 6).map((o, i) => {
        if (i === 1) Object.defineProperty(o, "b", { get() { return "getter"; } });
        if (i === 2) delete o.b;
        if (i === 3) Object.freeze(o);
        if (i === 4) Object.setPrototypeOf(o, { b: "proto" });
        if (i === 5) { delete o.b; o.b = "re-added"; }
        return read(o, key);
    });
    const big = {};
    for (let i = 0; i < 1100; i++) big["k" + i] = i;
    const bigKey = "k" + 7;
    const inPlace = [read(big, bigKey)];
    delete big.k7;
    inPlace.push(read(big, bigKey));
    big.k7 = "again";
    inPlace.push(read(big, bigKey), read(big, "k" + "7"));
    const numeric = "1.5";
    const plain = { [numeric]: "own", length: 2 };
    const typed = new Float64Array(2);
    const exotic = [read(plain, numeric), read(typed, numeric), read(plain, "length"), read(typed, "length"), read(new String("ab"), "length"), read(plain, numeric)];
    out.push(show([total, shapes, inPlace, exotic]));
    // Writes by a key string read before: counts grouped at a data script's size, then the same
    // string written to objects of the same shape made read-only (frozen, one property
    // non-writable) in sloppy and strict code, through `super`, and to an accessor.
    const words = "a b c a b a".split(" ");
    const counts = { a: 0, b: 0, c: 0 };
    for (let turn = 0; turn < 2000; turn++) for (const w of words) counts[w] = (counts[w] || 0) + 1;
    const write = (o, k, v) => { o[k] = v; return o[k]; };
    const writeStrict = (o, k, v) => { "use strict"; try { o[k] = v; return o[k]; } catch (e) { return e.constructor.name; } };
    const field = ["x"][0];
    const base = () => ({ x: 1, y: 2 });
    const frozen = Object.freeze(base());
    const fixed = base();
    Object.defineProperty(fixed, "x", { writable: false });
    const withSetter = { set x(v) { this.got = v; }, y: 2 };
    class Parent { }
    class Child extends Parent { put(k, v) { super[k] = v; return [this[k], Object.hasOwn(Parent.prototype, k)]; } }
    const written = [write(base(), field, "w"), read(base(), field), write(frozen, field, "w"), writeStrict(frozen, field, "w"), write(fixed, field, "w"), writeStrict(fixed, field, "w"),
        write(withSetter, field, "s"), withSetter.got, new Child().put(field, "super"), write(base(), field, "again")];
    out.push(show([counts, written]));
    // Keys that are whole numbers held as floats (what `Math.floor`, `Math.round`, `/` and `**`
    // give): indices, negative numbers, `-0`, the ends of the 32-bit ranges, fractions.
    const buckets = {};
    for (const v of [-250, -0.5, 0, 99, 150, 1e3, 3, 2.5e5]) { const b = Math.floor(v / 100); buckets[b] = (buckets[b] || 0) + 1; }
    const edges = [Math.round(-0.4), 2 ** 31 - 1, 2 ** 31, -(2 ** 31), -(2 ** 31) - 1, 2 ** 32 - 2, 2 ** 32 - 1, 3 / 2, 1e21, 2 ** 53];
    const byEdge = {};
    edges.forEach((k, i) => { byEdge[k] = i; });
    const arr = [10, 20, 30];
    const floats = [arr[Math.floor(1.7)], arr[4 / 2], arr[Math.round(-0.4)], arr[3 / 2], ({ "-3": "neg" })[Math.floor(-2.5)],
        ({ "-2147483648": "min" })[-(2 ** 31)], ({ "1.5": "frac" })[3 / 2], byEdge[0], byEdge["4294967295"], byEdge[2 ** 31 - 1]];
    out.push(show([Object.keys(buckets), buckets, Object.keys(byEdge), floats]));
"#;

const EXPECTED: [&str; 6] = [
    r#"[7,"n","one","one","minus","sym",null,"up",42,42,"bare",null,"got 3",true]"#,
    r#"[[1,"accessor",null,"back","back"],2,4,"function","function","named",4,8,"trapped",2,"frozen"]"#,
    r#"[[4000,3000,2000,1000,0],321,{"Oslo":832527,"Lima":832500,"Pune":832473}]"#,
    r#"[44850,[0,"getter",null,-3,-4,"re-added"],[7,null,"again","again"],["own",null,2,2,2,"own"]]"#,
    r#"[{"a":6000,"b":4000,"c":2000},["w",1,1,"TypeError",1,"TypeError",null,"s",["super",false],"again"]]"#,
    r#"[["0","1","10","2500","-3","-1"],{"0":3,"1":1,"10":1,"2500":1,"-3":1,"-1":1},["0","2147483647","2147483648","4294967294","-2147483648","-2147483649","4294967295","1.5","1e+21","9007199254740992"],[20,30,10,null,"neg","min","frac",0,6,1]]"#,
];

#[test]
fn computed_reads_behave_as_in_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn computed_reads_behave_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(BODY, &EXPECTED).await;
}
