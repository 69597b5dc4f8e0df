//! ordo's patch 22 to Boa (vendor/README.md): an Array that iterates as every Array does (no
//! `Symbol.iterator` of its own, the realm's `Array.prototype`, whose `Symbol.iterator` is the
//! built-in `values`) gets its iterator record without the generic property reads and the call
//! of `values`; an Array Iterator whose prototype chain is the realm's own and holds no
//! `return` is closed without reading one; an iterator record makes no empty result object
//! before its first step. `const [k, v] = pair` spent 6,600 instructions there. What a script
//! sees must not change: every destructuring form, an Array's or a subclass's own iterator, a
//! replaced `Symbol.iterator`, `next` replaced, made a getter or deleted, a `return` put on any
//! object of the chain (called with the iterator, on early exits only) or made a getter,
//! proxies, non-iterables, throwing elements, and 100,000 pairs. The expected lines are what
//! Node 20 prints for the same script.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
const out = [];
const show = (v) => JSON.stringify(v, (k, x) => (x === undefined ? "undef" : x));
// Every form of array destructuring.
const [a1, b1] = [1, 2];
const [c1, , d1, e1 = "dflt", ...rest1] = [3, 4, 5, undefined, 6, 7];
const [[n1, n2], { p1 }] = [[8, 9], { p1: 10 }];
let s1 = "x", s2 = "y";
[s1, s2] = [s2, s1];
const [h1, h2, h3] = [, "hole"];
out.push(show([a1, b1, c1, d1, e1, rest1, n1, n2, p1, s1, s2, h1, h2, h3]));
const pairs = Object.entries({ k1: 1, k2: 2 });
const looped = [];
for (const [k, v] of pairs) looped.push(k + v);
pairs.forEach(([k, v]) => looped.push(v + k));
const fn = ([x, y] = [5, 6], [z] = []) => [x, y, z];
out.push(show([looped, fn(), fn([7]), [...[1, 2]], Array.from([3, 4]), Math.max(...[5, 9, 2]), [...new Set([1, 1, 2])]]));
// An Array with its own Symbol.iterator, and a subclass's.
const own = [1, 2, 3];
own[Symbol.iterator] = function* () { yield "own"; yield "iterator"; };
const [o1, o2] = own;
class Listed extends Array { *[Symbol.iterator]() { yield "sub"; } }
const listed = Listed.from([1, 2]);
class Plain extends Array {}
const [pl1, pl2] = Plain.from([7, 8]);
out.push(show([o1, o2, [...own], [...listed], pl1, pl2]));
// Array.prototype[Symbol.iterator] replaced, then restored.
const values = Array.prototype[Symbol.iterator];
let replacedCalls = 0;
Array.prototype[Symbol.iterator] = function () { replacedCalls++; return values.call(this); };
const [r1, r2] = [11, 12];
for (const v of [13]) r1 + v;
const spread = [...[14, 15]];
Array.prototype[Symbol.iterator] = values;
out.push(show([r1, r2, spread, replacedCalls, Array.prototype[Symbol.iterator] === Array.prototype.values]));
// %ArrayIteratorPrototype%.next replaced, and made a getter.
const proto = Object.getPrototypeOf([][Symbol.iterator]());
const next = proto.next;
let nextCalls = 0;
proto.next = function () { nextCalls++; return next.call(this); };
const [x1, x2] = [21, 22];
proto.next = next;
let getterReads = 0;
Object.defineProperty(proto, "next", { get() { getterReads++; return next; }, configurable: true });
const [y1, y2] = [23, 24];
for (const v of [25, 26]) y1 + v;
Object.defineProperty(proto, "next", { value: next, writable: true, configurable: true });
delete proto.next;
let missing;
try { const [z1] = [1]; } catch (e) { missing = e.constructor.name; }
proto.next = next;
out.push(show([x1, x2, nextCalls, y1, y2, getterReads, missing]));
// A return method anywhere on the chain is called when the iteration stops early, with the
// iterator as this; not when it ran to the end.
for (const holder of [proto, Object.getPrototypeOf(proto), Object.prototype]) {
    const seen = [];
    holder.return = function () { seen.push(Object.prototype.toString.call(this)); return {}; };
    const [q1] = [1, 2];
    const [q2, q3] = [1, 2];
    for (const v of [1, 2, 3]) { if (v === 2) break; }
    for (const v of [1]) {}
    try { const [u1, u2 = (() => { throw new Error("default"); })()] = [1, undefined, 3]; } catch (e) { seen.push(e.message); }
    delete holder.return;
    const [q4] = [1, 2];
    out.push(show(seen));
}
const iterator = [1, 2, 3].values();
iterator.return = function () { out.push("own return"); return {}; };
for (const v of iterator) break;
Object.defineProperty(proto, "return", { get() { out.push("return read"); return undefined; }, configurable: true });
const [w1] = [1, 2];
delete proto.return;
// Proxies, array-likes and errors take the specification's steps.
const trapped = [];
const proxy = new Proxy([31, 32], { get(t, k, r) { trapped.push(typeof k === "symbol" ? k.toString() : k); return Reflect.get(t, k, r); } });
const [t1, t2] = proxy;
out.push(show([t1, t2, trapped]));
try { const [bad] = {}; } catch (e) { out.push(e.constructor.name); }
try { const [bad] = null; } catch (e) { out.push(e.constructor.name); }
const thrower = [1, 2];
Object.defineProperty(thrower, 1, { get() { throw new Error("element 1"); } });
try { const [f1, f2] = thrower; } catch (e) { out.push(e.message); }
// At the sizes data has: 100,000 pairs, entries of a 20,000-key object, a swap loop.
const many = Array.from({ length: 100000 }, (_, i) => ["k" + i, i]);
let total = 0, keys = 0;
for (const [k, v] of many) { total += v; keys += k.length; }
for (const pair of many) { const [k, v] = pair; total -= v; }
const record = Object.fromEntries(many.slice(0, 20000));
let entrySum = 0;
for (const [k, v] of Object.entries(record)) entrySum += v;
let m = 1, n = 2;
for (let i = 0; i < 100001; i++) [m, n] = [n, m];
out.push(show([total, keys, entrySum, m, n]));
"#;

const EXPECTED: [&str; 15] = [
    r#"[1,2,3,5,"dflt",[6,7],8,9,10,"y","x","undef","hole","undef"]"#,
    r#"[["k11","k22","1k1","2k2"],[5,6,"undef"],[7,"undef","undef"],[1,2],[3,4],9,[1,2]]"#,
    r#"["own","iterator",["own","iterator"],["sub"],7,8]"#,
    r#"[11,12,[14,15],3,true]"#,
    r#"[21,22,2,23,24,2,"TypeError"]"#,
    r#"["[object Array Iterator]","[object Array Iterator]","[object Array Iterator]","[object Array Iterator]","default"]"#,
    r#"["[object Array Iterator]","[object Array Iterator]","[object Array Iterator]","[object Array Iterator]","default"]"#,
    r#"["[object Array Iterator]","[object Array Iterator]","[object Array Iterator]","[object Array Iterator]","default"]"#,
    r#"own return"#,
    r#"return read"#,
    r#"[31,32,["Symbol(Symbol.iterator)","length","0","length","1"]]"#,
    r#"TypeError"#,
    r#"TypeError"#,
    r#"element 1"#,
    r#"[0,588890,199990000,2,1]"#,
];

#[test]
fn array_destructuring_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn array_destructuring_in_the_worker() {
    node_lines::assert_in_worker(BODY, &EXPECTED).await;
}
