//! ordo's patches 47-48 to Boa (vendor/README.md): `GetIterator` of an Array knows that Arrays
//! iterate through the built-in `values` and `next`, and closing one early that no `return` is
//! there to call, by watching the shapes of `Array.prototype`, `%ArrayIteratorPrototype%`,
//! `%IteratorPrototype%` and `Object.prototype` instead of asking each time; and it makes no
//! Array Iterator object until a script could see one. What a script sees must not change
//! when any of those is changed between two loops from the same place, or while a loop runs
//! (`next` replaced, `return` added, `yield*`, a throw out of the loop): each
//! method assigned, turned into an accessor, deleted and put back, a `return` added at each
//! step of the chain (and as a getter), a prototype swapped, a prototype frozen; nor for Arrays
//! with their own `Symbol.iterator`, another prototype, a subclass, many shapes through one
//! site and a layout of their own; nor at a data script's size. The expected lines are what
//! Node 20 prints for the same script; it runs in plain Boa and in the worker.

#[path = "support/node_lines.rs"]
#[allow(
    dead_code,
    reason = "the body freezes %ArrayIteratorPrototype%: it is run once, not repeated"
)]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    const show = (v) => JSON.stringify(v);
    // One site of each kind, run before and after every change: a for-of that runs to the end,
    // one that leaves early (closing the iterator), a destructuring and a spread.
    const walk = (list) => { const seen = []; for (const x of list) seen.push(x); return seen; };
    const first = (list) => { for (const x of list) return x; return "none"; };
    const pair = (list) => { const [a, b] = list; return [a, b]; };
    const spread = (list) => [...list];
    const all = (list) => [walk(list), first(list), pair(list), spread(list)];
    const closed = [];
    const turns = [];
    const ArrayIteratorPrototype = Object.getPrototypeOf([][Symbol.iterator]());
    const IteratorPrototype = Object.getPrototypeOf(ArrayIteratorPrototype);
    const values = Array.prototype[Symbol.iterator];
    const next = ArrayIteratorPrototype.next;
    // Changes made while a loop runs: `next` replaced (the loop keeps the one it read), then a
    // `return` added, which is called with the iterator when the loop leaves early; a `yield*`
    // and a throw out of a loop.
    const during = [];
    for (const x of ["m1", "m2", "m3"]) {
        during.push(x);
        if (x === "m1") ArrayIteratorPrototype.next = function () { return { done: true, value: "never" }; };
        if (x === "m2") { ArrayIteratorPrototype.next = next; ArrayIteratorPrototype.return = function () { during.push(`return ${Object.prototype.toString.call(this)}`); return {}; }; break; }
    }
    function* delegate() { const got = yield* ["y1", "y2"]; during.push(`yield* gave ${got}`); }
    during.push(...delegate());
    try { for (const x of ["t1", "t2"]) throw new Error(x); } catch (error) { during.push(error.message); }
    delete ArrayIteratorPrototype.return;
    for (const x of ["after"]) during.push(x);
    out.push(show(during));
    const changes = [
        () => "builtins",
        () => { Array.prototype[Symbol.iterator] = function* () { yield "replaced"; }; return "Array.prototype[Symbol.iterator] assigned"; },
        () => { Array.prototype[Symbol.iterator] = values; return "restored"; },
        () => { ArrayIteratorPrototype.next = function () { const r = next.call(this); if (!r.done) r.value = `n:${r.value}`; return r; }; return "next assigned"; },
        () => { ArrayIteratorPrototype.next = next; return "next restored"; },
        () => { Object.defineProperty(ArrayIteratorPrototype, "next", { get() { closed.push("next read"); return next; }, configurable: true }); return "next an accessor"; },
        () => { Object.defineProperty(ArrayIteratorPrototype, "next", { value: next, writable: true, configurable: true }); return "next data again"; },
        () => { ArrayIteratorPrototype.return = function () { closed.push("own return"); return {}; }; return "return on %ArrayIteratorPrototype%"; },
        () => { delete ArrayIteratorPrototype.return; return "deleted"; },
        () => { IteratorPrototype.return = function () { closed.push("iterator return"); return {}; }; return "return on %IteratorPrototype%"; },
        () => { delete IteratorPrototype.return; Object.prototype.return = function () { closed.push("object return"); return {}; }; return "return on Object.prototype"; },
        () => { delete Object.prototype.return; Object.defineProperty(Object.prototype, "return", { get() { closed.push("return read"); return undefined; }, configurable: true }); return "return getter on Object.prototype"; },
        () => { delete Object.prototype.return; return "none again"; },
        () => { Object.setPrototypeOf(ArrayIteratorPrototype, { return() { closed.push("swapped prototype"); return {}; }, __proto__: IteratorPrototype }); return "prototype swapped"; },
        () => { Object.setPrototypeOf(ArrayIteratorPrototype, IteratorPrototype); return "prototype back"; },
        () => { delete Array.prototype[Symbol.iterator]; return "Array.prototype[Symbol.iterator] deleted"; },
        () => { Array.prototype[Symbol.iterator] = values; return "added back"; },
        () => { Object.defineProperty(Array.prototype, Symbol.iterator, { get() { closed.push("iterator read"); return values; }, configurable: true }); return "an accessor"; },
        () => { Object.defineProperty(Array.prototype, Symbol.iterator, { value: values, writable: true, configurable: true }); Object.freeze(ArrayIteratorPrototype); return "frozen %ArrayIteratorPrototype%"; },
    ];
    for (const change of changes) {
        const name = change();
        let line;
        try { line = all(["a", "b", "c"]); } catch (error) { line = `${error.constructor.name}`; }
        turns.push([name, line, closed.splice(0)]);
    }
    for (const turn of turns) out.push(show(turn));
    // Arrays whose own side changes: an own Symbol.iterator, another prototype, a subclass,
    // many shapes in turn through one site, and one made large enough to keep its own layout.
    const own = ["x", "y"];
    own[Symbol.iterator] = function* () { yield "own"; };
    const reparented = Object.setPrototypeOf(["p"], { [Symbol.iterator]: function* () { yield "other prototype"; } });
    class Listing extends Array { *[Symbol.iterator]() { yield "subclass"; } }
    const sub = Listing.from(["s"]);
    const shaped = [];
    for (let i = 0; i < 6; i++) { const list = [i, i + 1]; list[`extra${i}`] = i; shaped.push(list); }
    const wide = [1, 2];
    for (let i = 0; i < 1100; i++) wide[`k${i}`] = i;
    const mixed = [["plain"], own, reparented, sub, ...shaped, wide, ["plain again"]];
    out.push(show(mixed.map((list) => [walk(list).slice(0, 3), first(list)])));
    // At a data script's size: a keys loop in a comparator over 5,000 records, and nested loops.
    const keys = ["city", "id"];
    const rows = Array.from({ length: 5000 }, (_, i) => ({ id: (i * 7919) % 5000, city: ["Oslo", "Lima", "Pune"][i % 3] }));
    const sorted = [...rows].sort((a, b) => { for (const k of keys) { if (a[k] < b[k]) return -1; if (a[k] > b[k]) return 1; } return 0; });
    let cells = 0;
    for (const row of rows.slice(0, 200)) for (const key of keys) for (const ch of String(row[key])) cells += ch.length;
    out.push(show([sorted.slice(0, 4).map((r) => r.id), sorted[4999].id, cells]));"#;

const EXPECTED: [&str; 22] = [
    r#"["m1","m2","return [object Array Iterator]","yield* gave undefined","y1","y2","return [object Array Iterator]","t1","after"]"#,
    r#"["builtins",[["a","b","c"],"a",["a","b"],["a","b","c"]],[]]"#,
    r#"["Array.prototype[Symbol.iterator] assigned",[["replaced"],"replaced",["replaced",null],["replaced"]],[]]"#,
    r#"["restored",[["a","b","c"],"a",["a","b"],["a","b","c"]],[]]"#,
    r#"["next assigned",[["n:a","n:b","n:c"],"n:a",["n:a","n:b"],["n:a","n:b","n:c"]],[]]"#,
    r#"["next restored",[["a","b","c"],"a",["a","b"],["a","b","c"]],[]]"#,
    r#"["next an accessor",[["a","b","c"],"a",["a","b"],["a","b","c"]],["next read","next read","next read","next read"]]"#,
    r#"["next data again",[["a","b","c"],"a",["a","b"],["a","b","c"]],[]]"#,
    r#"["return on %ArrayIteratorPrototype%",[["a","b","c"],"a",["a","b"],["a","b","c"]],["own return","own return"]]"#,
    r#"["deleted",[["a","b","c"],"a",["a","b"],["a","b","c"]],[]]"#,
    r#"["return on %IteratorPrototype%",[["a","b","c"],"a",["a","b"],["a","b","c"]],["iterator return","iterator return"]]"#,
    r#"["return on Object.prototype",[["a","b","c"],"a",["a","b"],["a","b","c"]],["object return","object return"]]"#,
    r#"["return getter on Object.prototype",[["a","b","c"],"a",["a","b"],["a","b","c"]],["return read","return read"]]"#,
    r#"["none again",[["a","b","c"],"a",["a","b"],["a","b","c"]],[]]"#,
    r#"["prototype swapped",[["a","b","c"],"a",["a","b"],["a","b","c"]],["swapped prototype","swapped prototype"]]"#,
    r#"["prototype back",[["a","b","c"],"a",["a","b"],["a","b","c"]],[]]"#,
    r#"["Array.prototype[Symbol.iterator] deleted","TypeError",[]]"#,
    r#"["added back",[["a","b","c"],"a",["a","b"],["a","b","c"]],[]]"#,
    r#"["an accessor",[["a","b","c"],"a",["a","b"],["a","b","c"]],["iterator read","iterator read","iterator read","iterator read"]]"#,
    r#"["frozen %ArrayIteratorPrototype%",[["a","b","c"],"a",["a","b"],["a","b","c"]],[]]"#,
    r#"[[["plain"],"plain"],[["own"],"own"],[["other prototype"],"other prototype"],[["subclass"],"subclass"],[[0,1],0],[[1,2],1],[[2,3],2],[[3,4],3],[[4,5],4],[[5,6],5],[[1,2],1],[["plain again"],"plain again"]]"#,
    r#"[[2,3,8,9],4999,1551]"#,
];

#[test]
fn array_iteration_follows_every_change_as_in_node_in_plain_boa() {
    node_lines::assert_in_plain_boa_once(BODY, &EXPECTED);
}

#[tokio::test]
async fn array_iteration_follows_every_change_as_in_node_in_the_worker() {
    node_lines::assert_in_worker_once(BODY, &EXPECTED).await;
}
