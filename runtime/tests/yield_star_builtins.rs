//! ordo's patch 102 to Boa (vendor/README.md): a `yield*` over an Array, String, Set or Map
//! Iterator with its built-in `next`, in a generator stepped for its values alone, steps the
//! inner iterator without the `{ value, done }` object. Models write a collection class with
//! `*[Symbol.iterator]() { yield* this.items.values(); }`. Checked against Node at size and for
//! what `yield*` returns, a collection changed while delegated to, holes read through a
//! prototype's getter, an iterator whose `next` was replaced, and `return`, `throw` and
//! `break` while delegating. It runs in plain Boa and in the worker.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    const show = (v) => JSON.stringify(v);
    // A class that iterates its collection with `yield*`, as models write it, at size.
    class Inventory {
        #items = new Map();
        #tags = new Set();
        #list = [];
        add(k, v) { this.#items.set(k, v); this.#tags.add(v % 7); this.#list.push(v); return this; }
        *[Symbol.iterator]() { yield* this.#items.values(); }
        *tags() { yield* this.#tags; }
        *all() { yield* this.#list; yield* "ab"; yield* this.#items.keys(); yield* this.#items; }
    }
    const inv = new Inventory();
    for (let i = 0; i < 20000; i++) inv.add(`k${i}`, i);
    let sum = 0;
    for (const v of inv) sum += v;
    const spread = [...inv.tags()];
    const all = [...inv.all()];
    out.push(show([sum, spread, all.length, all.slice(19998, 20004), all.at(-1)]));
    // What `yield*` gives back, a collection changed while delegated to, holes and getters,
    // a replaced `next`, and `return`/`throw`/`break` while delegating to a built-in iterator.
    function* result() { const r = yield* [1, 2]; yield `r=${r}`; }
    const grow = [1, 2, 3];
    function* growing() { for (const x of (function* () { yield* grow; })()) { if (x < 5) grow.push(x + 3); yield x; } }
    const map = new Map([[1, "a"], [2, "b"], [3, "c"]]);
    function* deleting() { yield* map.keys(); }
    const seenKeys = [];
    for (const k of deleting()) { seenKeys.push(k); if (k === 1) { map.delete(2); map.set(4, "d"); } }
    const holey = [1, , 3];
    Object.defineProperty(Array.prototype, 1, { get() { return "from prototype"; }, configurable: true });
    const throughHoles = [...(function* () { yield* holey; })()];
    delete Array.prototype[1];
    const replaced = [7, 8][Symbol.iterator]();
    let calls = 0;
    replaced.next = () => ({ value: "own next", done: calls++ > 1 });
    const viaOwnNext = [...(function* () { yield* replaced; })()];
    const g = (function* () { try { yield* [1, 2, 3]; } finally { out.push("finally ran"); } })();
    const steps = [g.next().value, g.return(9).value, g.next().done];
    const t = (function* () { yield* new Set([1, 2]); })();
    t.next();
    let thrown;
    try { t.throw(new Error("into the set")); } catch (e) { thrown = `${e.constructor.name}: ${e.message.includes("throw") || e.message === "into the set"}`; }
    let broken = 0;
    for (const x of (function* () { yield* "hello"; })()) { broken++; if (x === "l") break; }
    out.push(show([[...result()], [...growing()], seenKeys, throughHoles, viaOwnNext, steps, thrown, broken]));
"#;

const EXPECTED: [&str; 3] = [
    r#"[199990000,[0,1,2,3,4,5,6],60002,[19998,19999,"a","b","k0","k1"],["k19999",19999]]"#,
    r#"finally ran"#,
    r#"[[1,2,"r=undefined"],[1,2,3,4,5,6,7],[1,3,4],[1,"from prototype",3],["own next","own next"],[1,9,true],"TypeError: true",3]"#,
];

#[test]
fn yield_star_over_built_in_iterators_is_as_in_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn yield_star_over_built_in_iterators_is_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(BODY, &EXPECTED).await;
}
