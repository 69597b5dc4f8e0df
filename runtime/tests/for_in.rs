//! ordo's patch 23 to Boa (vendor/README.md): a for-in loop steps its iterator directly. Boa
//! made a `next` function object for every `for-in` and a `{ value, done }` object for every
//! key, called `next` through the interpreter, and recorded the keys of the chain's last object
//! (`Object.prototype`'s, which shadow nothing) as visited; it also read a `return` method on
//! leaving a for-in loop early, which the specification does not (ForIn/OfBodyEvaluation closes
//! no iterator for `enumerate`). What a script sees must not change: the order of keys,
//! inherited and shadowed keys, non-enumerables, arrays, strings, typed arrays, keys deleted
//! while iterating, proxies' traps, early exits of every kind, and 100,000 keys. Patch 49 reads
//! an ordinary object's keys from its map and ends the walk at prototypes that give no key,
//! remembered by their shapes: elements and enumerable properties added to `Array.prototype`
//! and `Object.prototype` between loops from one place, a built-in made enumerable and back, a
//! prototype swapped in, keys shadowed by a non-enumerable own property or deleted while the
//! prototype has them. The expected lines are what Node 20 prints for the same script.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
const out = [];
const show = (v) => JSON.stringify(v);
const keys = (o) => { const seen = []; for (const k in o) seen.push(k); return seen; };
// Own keys in order (integers ascending, then strings as added), symbols and non-enumerables
// left out; inherited enumerable keys after, each name once.
const sym = Symbol("s");
const own = { b: 1, 2: "two", a: 2, 1: "one", [sym]: 3 };
Object.defineProperty(own, "hidden", { value: 4, enumerable: false });
out.push(show(keys(own)));
const base = { inherited: 1, shadowed: 2, hiddenBelow: 3 };
const middle = Object.create(base, { middle: { value: 1, enumerable: true }, hiddenBelow: { value: 0, enumerable: false } });
const top = Object.create(middle);
top.own = 1;
top.shadowed = 5;
out.push(show(keys(top)));
class Point { constructor() { this.x = 1; this.y = 2; } norm() { return 0; } }
Point.prototype.tag = "p";
out.push(show([keys(new Point()), keys(Object.create(null)), keys({})]));
// Arrays, holes, strings, typed arrays, null and undefined.
const arr = [10, , 30];
arr.extra = true;
out.push(show([keys(arr), keys("abc"), keys(new Uint8Array(2)), keys(null), keys(undefined), keys(42)]));
// A key deleted before it is reached is not visited; one added to Object.prototype is.
const shrinking = { a: 1, b: 2, c: 3 };
const visited = [];
for (const k in shrinking) { visited.push(k); delete shrinking.c; }
Object.prototype.addedToObject = 1;
const withAdded = keys({ z: 1 });
delete Object.prototype.addedToObject;
out.push(show([visited, withAdded, keys({ z: 1 })]));
// Proxies answer through their traps.
const log = [];
const proxy = new Proxy({ p: 1, q: 2 }, {
    ownKeys(t) { log.push("ownKeys"); return Reflect.ownKeys(t); },
    getOwnPropertyDescriptor(t, k) { log.push("gopd " + String(k)); return Reflect.getOwnPropertyDescriptor(t, k); },
});
out.push(show([keys(proxy), log]));
// Leaving early: break, continue, labels, return from a function, a generator; no `return`
// method is asked for (a for-in loop closes no iterator).
let returnCalls = 0;
Object.defineProperty(Object.prototype, "return", { value() { returnCalls++; return {}; }, configurable: true, writable: true });
const early = [];
for (const k in { a: 1, b: 2, c: 3 }) { if (k === "b") break; early.push(k); }
for (const k in { a: 1, b: 2, c: 3 }) { if (k === "b") continue; early.push(k); }
outer: for (const i in { x: 1, y: 2 }) { for (const j in { p: 1, q: 2 }) { if (j === "q") continue outer; early.push(i + j); } }
const firstKey = (o) => { for (const k in o) return k; return null; };
early.push(firstKey({ first: 1, second: 2 }), firstKey({}));
function* gen(o) { for (const k in o) yield k; }
early.push([...gen({ g1: 1, g2: 2 })].join("+"));
try { for (const k in { t: 1 }) throw new Error("thrown in " + k); } catch (e) { early.push(e.message); }
delete Object.prototype.return;
out.push(show([early, returnCalls]));
for (var [first] in { xy: 1 }) {}
let target = {};
for (target.k in { assigned: 1 }) {}
out.push(show([first, target.k]));
// At the sizes data has: 20,000 records of 4 keys, and one object of 100,000 keys.
const records = Array.from({ length: 20000 }, (_, i) => ({ id: i, name: "n" + i, score: i % 7, ok: i % 2 === 0 }));
let count = 0, length = 0;
for (const r of records) for (const k in r) { count++; length += k.length; }
const wide = {};
for (let i = 0; i < 100000; i++) wide["key" + i] = i;
let sum = 0, n = 0;
for (const k in wide) { sum += wide[k]; n++; }
out.push(show([count, length, n, sum]));
// A prototype that gives keys after an object's own: an element or an enumerable property
// added to Array.prototype and Object.prototype between two loops from the same place, a
// built-in method made enumerable and back; a key shadowed by a non-enumerable own property;
// a key deleted on the object while its prototype has it; class prototypes; many loops.
const seenPerTurn = [];
const protoKeys = (list) => { const seen = []; for (const k in list) seen.push(k); return seen.join(","); };
for (let turn = 0; turn < 7; turn++) {
    if (turn === 1) Array.prototype[3] = "element";
    if (turn === 2) { delete Array.prototype[3]; Array.prototype.extra = 1; }
    if (turn === 3) { delete Array.prototype.extra; Object.defineProperty(Object.prototype, "toString", { enumerable: true }); }
    if (turn === 4) { Object.defineProperty(Object.prototype, "toString", { enumerable: false }); Object.prototype.late = 1; }
    if (turn === 5) delete Object.prototype.late;
    if (turn === 6) Object.setPrototypeOf(Array.prototype, { fromSwapped: 1, __proto__: Object.prototype });
    seenPerTurn.push([protoKeys(["a", "b"]), protoKeys({ own: 1 })]);
}
Object.setPrototypeOf(Array.prototype, Object.prototype);
const hiddenOwn = Object.create({ a: 1, b: 2 });
Object.defineProperty(hiddenOwn, "a", { value: 0, enumerable: false });
const deleting = Object.create({ x: "from prototype" });
deleting.a = 1; deleting.x = 2;
const order = [];
for (const k in deleting) { order.push(k); if (k === "a") delete deleting.x; }
class Shape { area() { return 0; } }
class Square extends Shape { constructor() { super(); this.side = 2; } perimeter() { return 8; } }
Square.prototype.kind = "square";
let loops = 0;
for (let i = 0; i < 3000; i++) for (const k in [i, i + 1]) loops += k.length;
out.push(show([seenPerTurn, protoKeys(hiddenOwn), order, protoKeys(new Square()), loops]));
"#;

const EXPECTED: [&str; 10] = [
    r#"["1","2","b","a"]"#,
    r#"["own","shadowed","middle","inherited"]"#,
    r#"[["x","y","tag"],[],[]]"#,
    r#"[["0","2","extra"],["0","1","2"],["0","1"],[],[],[]]"#,
    r#"[["a","b"],["z","addedToObject"],["z"]]"#,
    r#"[["p","q"],["ownKeys","gopd p","gopd q"]]"#,
    r#"[["a","a","c","xp","yp","first",null,"g1+g2","thrown in t"],0]"#,
    r#"["x","assigned"]"#,
    r#"[80000,260000,100000,4999950000]"#,
    r#"[[["0,1","own"],["0,1,3","own"],["0,1,extra","own"],["0,1","own,toString"],["0,1,late","own,late"],["0,1","own"],["0,1,fromSwapped","own"]],"b",["a","x"],"side,kind",6000]"#,
];

#[test]
fn for_in_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn for_in_in_the_worker() {
    node_lines::assert_in_worker(BODY, &EXPECTED).await;
}
