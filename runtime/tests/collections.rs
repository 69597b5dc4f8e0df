//! ordo's patch 18 to Boa (vendor/README.md): `Map` and `Set` hash their keys with FxHash instead
//! of SipHash. What a script sees must not change: a string key is the same key whether it is held
//! in Latin-1 or cut from a UTF-16 string, an integer and the same float are one key, +0 and -0
//! are one, NaN is one; objects and symbols are keys by identity; the insertion order holds
//! through deletes, re-insertions and iteration that changes the table; and at 100,000 keys.
//! Patch 51: the `Set` constructor's built-in `add` appends each value itself; a replaced or
//! overridden `add` is still called, and one that throws closes the iterator. Patch 91: Set
//! and Map Iterators stepped without result objects, and a replaced `next` still called. The
//! expected lines are what Node 20 prints for the same script; it runs in plain Boa and in the
//! worker.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    const show = (v) => JSON.stringify(v);
    // Keys that are the same value however they were made: a string in Latin-1 and the same
    // string cut from a UTF-16 one, an integer and a float, +0 and -0, NaN.
    const wide = "😀é-key";
    const latin = "é-key";
    const cut = wide.slice(2);
    const map = new Map([[latin, "latin"], [1, "one"], [0, "zero"], [NaN, "nan"]]);
    map.set(cut, "cut");
    map.set(1.0, "float one");
    map.set(-0, "minus zero");
    map.set(0 / 0, "nan again");
    const set = new Set([latin, cut, "é" + "-key", 2, 2.0, -0, 0, NaN, NaN]);
    out.push(show([map.size, [...map], set.size, [...set].map(String), map.get("é-key"), set.has(cut), Object.is([...map.keys()][2], 0)]));
    // Objects and symbols are keys by identity; insertion order is kept through deletes and
    // re-insertions, and while iterating.
    const a = {}, b = {}, s = Symbol("s");
    const byObject = new Map([[a, 1], [b, 2], [s, 3], [{}, 4]]);
    byObject.delete(a);
    byObject.set(a, 5);
    const order = [];
    const live = new Map([["x", 1], ["y", 2], ["z", 3]]);
    for (const [key] of live) { order.push(key); if (key === "x") { live.delete("y"); live.set("w", 4); } }
    const growing = new Set([1]);
    for (const v of growing) if (v < 5) growing.add(v + 1);
    out.push(show([[...byObject.values()], byObject.get(b), byObject.has({}), order, [...growing]]));
    // Sets from an iterable, copies of a map.
    const copied = new Map(map);
    copied.delete(NaN);
    out.push(show([copied.size, map.size, copied.has(cut), new Set([1, 2, 3]).has(2), [...new Set("mississippi")].join("")]));
    // At a data script's size: word counts and a join over 100,000 keys.
    const words = Array.from({ length: 100000 }, (_, i) => `w${(i * 7919) % 5003}`);
    const counts = new Map();
    for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
    const unique = new Set(words);
    const ids = new Map(Array.from({ length: 100000 }, (_, i) => [i * 3, `row${i}`]));
    let found = 0;
    for (let i = 0; i < 300000; i += 7) if (ids.has(i)) found++;
    for (let i = 0; i < 100000; i += 2) ids.delete(i * 3);
    out.push(show([counts.size, counts.get("w0"), counts.get("w5002"), unique.size, [...counts.keys()].slice(0, 3), found, ids.size, ids.get(3), [...ids.keys()].slice(0, 3)]));
    // The constructor's `add` (patch 51 appends itself while it is the built-in one): replaced
    // on Set.prototype, overridden by a subclass, throwing midway (the iterator closed), and
    // -0 made +0 by the built-in.
    const added = [];
    const builtinAdd = Set.prototype.add;
    Set.prototype.add = function (value) { added.push(value); return builtinAdd.call(this, value); };
    const viaReplaced = new Set(["r1", "r2", "r1"]);
    Set.prototype.add = builtinAdd;
    class Upper extends Set { add(value) { return super.add(String(value).toUpperCase()); } }
    let closed = 0;
    const source = { [Symbol.iterator]() { let i = 0; return { next: () => ({ value: i++, done: i > 5 }), return() { closed++; return {}; } }; } };
    class Picky extends Set { add(value) { if (value === 3) throw new Error("no 3"); return super.add(value); } }
    let error;
    try { new Picky(source); } catch (e) { error = e.message; }
    const zeros = new Set([-0, 0, 1]);
    out.push(show([added, [...viaReplaced], [...new Upper(["a", "b", "a"])], error, closed, [...zeros].map((z) => Object.is(z, -0)), new Set(new Set([1, 2])).size]));
    // Patch 91: a Set or Map Iterator stepped through its built-in `next` makes no result
    // object. A `next` replaced on their prototypes is called; an iterator a loop left with
    // `break` steps on by hand; entries, keys and values; destructuring, `Array.from`,
    // `yield*`, `Object.fromEntries`; a set cleared and a map changed while iterated.
    const setIterator = Object.getPrototypeOf(new Set().values());
    const mapIterator = Object.getPrototypeOf(new Map().entries());
    const builtinSetNext = setIterator.next, builtinMapNext = mapIterator.next;
    const calls = [];
    setIterator.next = function () { calls.push("set next"); return builtinSetNext.call(this); };
    mapIterator.next = function () { calls.push("map next"); return builtinMapNext.call(this); };
    const viaReplacedNext = [[...new Set([1, 2])], [...new Map([["k", "v"]]).keys()]];
    setIterator.next = builtinSetNext;
    mapIterator.next = builtinMapNext;
    const letters = new Set(["a", "b", "c"]);
    const byHand = letters.values();
    const firstTwo = [];
    for (const v of byHand) { firstTwo.push(v); if (firstTwo.length === 2) break; }
    const rest = [byHand.next(), byHand.next()];
    const numbers = new Map([[1, "one"], [2, "two"], [3, "three"]]);
    const [[k1, v1], second] = numbers;
    function* through(iterator) { yield* iterator; }
    const cleared = new Set([1, 2, 3]);
    const seenCleared = [];
    for (const v of cleared) { seenCleared.push(v); cleared.clear(); }
    const changing = new Map([["a", 1]]);
    const seenChanging = [];
    for (const [k, v] of changing) { seenChanging.push([k, v]); if (k === "a" && v === 1) { changing.set("b", 2); changing.delete("a"); changing.set("a", 3); } }
    out.push(show([calls, viaReplacedNext, firstTwo, rest, [...letters.entries()], k1, v1, second, Array.from(numbers.values()), [...through(numbers.keys())], seenCleared, seenChanging, Object.fromEntries(numbers)]));
"#;

const EXPECTED: [&str; 6] = [
    r#"[4,[["é-key","cut"],[1,"float one"],[0,"minus zero"],[null,"nan again"]],4,["é-key","2","0","NaN"],"cut",true,true]"#,
    r#"[[2,3,4,5],2,false,["x","z","w"],[1,2,3,4,5]]"#,
    r#"[3,4,true,true,"misp"]"#,
    r#"[5003,20,20,5003,["w0","w2916","w829"],14286,50000,"row1",[3,9,15]]"#,
    r#"[["r1","r2","r1"],["r1","r2"],["A","B"],"no 3",1,[false,false],2]"#,
    r#"[["set next","set next","set next","map next","map next"],[[1,2],["k"]],["a","b"],[{"value":"c","done":false},{"done":true}],[["a","a"],["b","b"],["c","c"]],1,"one",[2,"two"],["one","two","three"],[1,2,3],[1],[["a",1],["b",2],["a",3]],{"1":"one","2":"two","3":"three"}]"#,
];

#[test]
fn map_and_set_keys_behave_as_in_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn map_and_set_keys_behave_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(BODY, &EXPECTED).await;
}
