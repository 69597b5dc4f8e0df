//! ordo's patches 96, 97 and 100 to Boa (vendor/README.md): `splice`, `unshift`, `fill` and
//! `reverse` edit a plain Array's dense storage at once (`dense_edit.rs`); a `Map` or `Set`
//! deletes in constant time, leaving an empty entry that a later insertion sweeps away, and an
//! iteration starts past the empty entries at the front. Models remove items with `splice` in a
//! loop, keep a sorted list by inserting with `splice`, fill grids with `Array(n).fill(0)` and
//! evict from a `Map` or `Set` used as a cache (`map.delete(map.keys().next().value)`, where
//! each new iterator stepped over every entry deleted before it); each of these was quadratic
//! or ~170 ns an element. Checked at the sizes data has (20,000 elements, 30,000 keys) and where
//! the steps have more to do than the storage: holes, a named property, a subclass, frozen,
//! sealed and non-extensible arrays, a start whose `valueOf` shortens the array, an index
//! setter on `Array.prototype` that `unshift` and `splice` must call, an iterator held while
//! the entries before it are deleted and the collection cleared. The expected lines are what
//! Node 20 prints for the same script; it runs in plain Boa and in the worker.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    const show = (v) => JSON.stringify(v);
    const attempt = (f) => { try { return f(); } catch (e) { return `${e.constructor.name}: ${e.message}`; } };
    const digest = (values) => { let h = 0; for (const v of values) h = (h * 31 + (typeof v === "number" ? Math.round(v * 8) : String(v).length)) % 1000000007; return h; };
    // Removing and inserting in a loop, at the sizes data has: ints, floats, strings, objects.
    const ints = Array.from({ length: 20000 }, (_, i) => i);
    for (let i = 0; i < 3000; i++) ints.splice((i * 7919) % ints.length, 1);
    for (let i = 0; i < 2000; i++) ints.splice((i * 104729) % ints.length, 0, -i, i + 0.5);
    const sorted = [];
    for (let i = 0; i < 4000; i++) { const v = (i * 7919) % 4001; let at = 0; while (at < sorted.length && sorted[at] < v) at++; sorted.splice(at, 0, v); }
    const queue = Array.from({ length: 5000 }, (_, i) => `s${i}`);
    for (let i = 0; i < 3000; i++) queue.unshift(i % 3 === 0 ? { i } : `u${i}`, i);
    const removed = queue.splice(10, 4, "x");
    out.push(show([ints.length, digest(ints), ints.slice(0, 6), sorted.length, digest(sorted), sorted.slice(0, 5), queue.length, digest(queue), queue.slice(0, 5), removed]));
    // What splice returns and leaves: negative and missing arguments, -0 kept, kinds mixed.
    const a = [1, 2, 3, 4, 5];
    const r1 = a.splice(-2);
    const b = [1.5, -0, 3];
    const r2 = b.splice(1, 1, "two", -0);
    const c = [1, 2, 3];
    const r3 = c.splice(1, 0);
    const d = [1, 2, 3];
    const r4 = d.splice(0, 99, 4);
    const e = [1, 2, 3];
    const r5 = e.splice();
    out.push(show([a, r1, b.map((v) => (Object.is(v, -0) ? "-0" : v)), r2.map((v) => (Object.is(v, -0) ? "-0" : v)), c, r3, d, r4, e, r5, [1, 2].splice(1, 1, 1.25, 2.5, "x")]));
    // Holes, a named property, a subclass, a frozen and a sealed array, a start that edits.
    const holey = [1, , 3, 4];
    const hr = holey.splice(0, 2, 9);
    const named = Object.assign([1, 2, 3], { tag: "t" });
    named.splice(1, 1);
    class Rows extends Array {}
    const rows = Rows.from([1, 2, 3, 4]);
    const taken = rows.splice(1, 2);
    const frozen = Object.freeze([1, 2, 3]);
    const sealed = Object.seal([1, 2, 3]);
    const fixed = Object.preventExtensions([1, 2, 3]);
    const editing = [1, 2, 3, 4, 5];
    const er = editing.splice({ valueOf() { editing.length = 2; return 0; } }, 1);
    out.push(show([holey, 1 in holey, hr, 1 in hr, named, named.tag, taken instanceof Rows, rows instanceof Rows, [...rows], attempt(() => frozen.splice(0, 1)).split(":")[0], attempt(() => sealed.splice(0, 1)).split(":")[0], attempt(() => sealed.splice(1, 0, 7)).split(":")[0], attempt(() => fixed.splice(1, 0, 7)).split(":")[0], fixed, fixed.splice(0, 1), editing, er]));
    // unshift and fill and reverse: loops, holes, kinds, frozen, and setters on the prototype.
    const stack = [];
    for (let i = 0; i < 3000; i++) stack.unshift(i, -i / 2);
    const filled = new Array(50000).fill(0);
    filled.fill(1.5, 100, 200).fill("s", -5);
    const grid = Array.from({ length: 300 }, () => Array(300).fill(false));
    for (let i = 0; i < 300; i++) grid[i][(i * 7) % 300] = true;
    const partial = new Array(10).fill(7, 5);
    const mixedFill = [1, 2, 3].fill({ k: 1 }, 1, 2);
    const rev = Array.from({ length: 20001 }, (_, i) => (i % 3 ? i : `${i}`));
    for (let i = 0; i < 3; i++) rev.reverse();
    const smallRev = [];
    for (let i = 0; i < 1000; i++) smallRev.push([1, 2.5, "c", , 4].reverse().length);
    out.push(show([stack.length, digest(stack), stack.slice(0, 4), filled.length, digest(filled), filled[150], filled[49999], grid.flat().filter(Boolean).length, partial, 4 in partial, mixedFill, rev.slice(0, 3), digest(rev), smallRev.length, [1, , 3].reverse(), 1 in [1, , 3].reverse(), attempt(() => Object.freeze([1, 2]).reverse()).split(":")[0], attempt(() => Object.freeze([1, 2]).fill(0)).split(":")[0], attempt(() => Object.preventExtensions([1]).unshift(0)).split(":")[0], Object.preventExtensions([1, 2]).fill(9)]));
    let sets = 0;
    Object.defineProperty(Array.prototype, "3", { get() { return "inherited"; }, set(v) { sets++; }, configurable: true });
    const short = [0, 1, 2];
    short.unshift(-1);
    const grown = [0, 1, 2];
    grown.splice(1, 0, "x");
    const holes = new Array(5).fill(8);
    delete Array.prototype[3];
    out.push(show([sets, short, 3 in short, grown, 3 in grown, holes, 3 in holes]));
    // Map and Set: deletes in a loop, the order after, deletes during an iteration, size, clear.
    const map = new Map();
    for (let i = 0; i < 30000; i++) map.set(`k${i}`, i);
    for (let i = 0; i < 30000; i += 3) map.delete(`k${i}`);
    for (let i = 0; i < 30000; i += 9) map.set(`k${i}`, -i);
    const set = new Set(Array.from({ length: 30000 }, (_, i) => i));
    for (let i = 0; i < 30000; i += 2) set.delete(i);
    const seen = [];
    for (const v of set) { if (v % 5 === 1) set.delete(v + 2); if (seen.length < 6) seen.push(v); if (v === 29999) set.add(-1); }
    const lru = new Map();
    for (let i = 0; i < 20000; i++) { const k = i % 700; if (lru.has(k)) lru.delete(k); lru.set(k, i); if (lru.size > 500) lru.delete(lru.keys().next().value); }
    const window = new Set();
    for (let i = 0; i < 30000; i++) { window.add(i % 4000); if (window.size > 300) window.delete(window.values().next().value); }
    const firstAfter = [];
    const drained = new Map([[1, "a"], [2, "b"], [3, "c"]]);
    const held = drained.keys();
    drained.delete(1); drained.delete(2); drained.set(4, "d");
    firstAfter.push(held.next().value, drained.keys().next().value, [...drained.keys()].join());
    drained.clear(); drained.set(5, "e");
    firstAfter.push(held.next().value, drained.keys().next().value);
    const emptied = new Set([1, 2, 3]);
    for (const v of [1, 2, 3]) emptied.delete(v);
    out.push(show([map.size, [...map.keys()].slice(0, 4), [...map.values()].slice(-3), map.get("k9"), map.has("k3"), set.size, seen, [...set].slice(-3), lru.size, [...lru.keys()].slice(0, 5), window.size, [...window].slice(0, 3), firstAfter, emptied.size, [...emptied], set.delete(-7), map.delete("none")]));
"#;

const EXPECTED: [&str; 6] = [
    r#"[21000,534995372,[0,0.5,1,2,-116,116.5],4000,327189974,[0,1,2,3,4],10997,249515489,["u2999",2999,"u2998",2998,{"i":2997}],[{"i":2994},2994,"u2993",2993]]"#,
    r#"[[1,2,3],[4,5],[1.5,"two","-0",3],["-0"],[1,2,3],[],[4],[1,2,3],[1,2,3],[],[2]]"#,
    r#"[[9,3,4],true,[1,null],false,[1,3],"t",true,true,[1,4],"TypeError","TypeError","TypeError","TypeError",[2,3],[1],[2,null,null,null],[1]]"#,
    r#"[6000,173237428,[2999,-1499.5,2998,-1499],50000,587692694,1.5,"s",300,[null,null,null,null,null,7,7,7,7,7],false,[1,{"k":1},3],[20000,19999,"19998"],398082925,1000,[3,null,1],false,"TypeError","TypeError","TypeError",[9,9]]"#,
    r#"[3,[-1,0,1,null],false,[0,"x",1,null],false,[8,8,8,null,8],false]"#,
    r#"[23334,["k1","k2","k4","k5"],[-29979,-29988,-29997],-9,false,12001,[1,5,7,9,11,15],[29997,29999,-1],500,[600,601,602,603,604],300,[1700,1701,1702],[3,3,"3,4",5,5],0,[],false,false]"#,
];

#[test]
fn array_edits_and_collection_deletes_are_as_in_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn array_edits_and_collection_deletes_are_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(BODY, &EXPECTED).await;
}
