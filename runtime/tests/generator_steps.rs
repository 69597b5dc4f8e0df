//! ordo's patch 60 to Boa (vendor/README.md): a generator stepped by a built-in consumer
//! (for-of, a spread, a destructuring, `Array.from`, `new Map`, `Object.fromEntries`, `yield*`'s
//! outer loop) whose `next` is the built-in one is resumed directly, and its `yield` makes no
//! `{ value, done }` object. What a script sees must not change: the values, the return value
//! that loops ignore, closing on `break`, a partial destructuring and a throw (the generator's
//! `finally` once), `next(v)` called by hand inside a for-of over the same generator (result
//! objects between bare steps), `yield*` over a generator, an array, a string and an iterator
//! whose results have getters (each read in Node's order), an exception from the body, a
//! generator stepped again from its own body, a replaced or borrowed `next`, and pipelines and
//! a recursive `yield*` walk at sizes where the collector runs. Patch 62: a `yield*` over a
//! generator, in a generator stepped so, resumes the inner one the same way, through levels of
//! delegation: the inner return value, `finally` order on a `break` and a throw, `next(v)` by
//! hand reaching the innermost, an inner generator with its own `next`, a finished one, the
//! outer one itself. Patch 70: a loop's step of a generator leaves the iterator on the frame:
//! a step that comes with a result object whose `done` getter throws at the loop's read, and
//! loops over generators around and inside it. Patch 93: a level stopped at such a `yield*` is
//! not resumed for a value alone; its innermost generator is: six levels, return values, a
//! throw caught two levels up, `return`, `throw` and `next` by hand, a second delegation, the
//! outermost stepped from the innermost. The expected lines are what Node 20 prints for the
//! same script.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    const show = (v) => JSON.stringify(v);
    function* count(n, log) { try { for (let i = 0; i < n; i++) { const sent = yield i; if (sent !== undefined) log.push("sent " + sent); } return "ret" + n; } finally { log.push("finally " + n); } }
    // Every built-in consumer of an iterator, over a generator: for-of, a spread, a
    // destructuring with a rest, Array.from with a mapper, a Map, Object.fromEntries, a Set.
    const log = [];
    const seen = []; for (const x of count(4, log)) seen.push(x);
    const spread = [...count(3, log)];
    const [a, b, ...rest] = count(5, log);
    const mapped = Array.from(count(3, log), (x, i) => x * 10 + i);
    function* pairs() { yield ["k1", 1]; yield ["k2", 2]; return ["k3", 3]; }
    out.push(show([seen, spread, a, b, rest, mapped, [...new Map(pairs())], Object.fromEntries(pairs()), [...new Set(count(3, log))].length, log]));
    // Leaving early: break, a partial destructuring, an exception in the loop body; each closes
    // the generator (its finally runs once) and the generator is then done.
    const early = [];
    const g1 = count(10, early); for (const x of g1) { if (x === 2) break; }
    const [first] = count(10, early);
    const g3 = count(10, early); try { for (const x of g3) { if (x === 1) throw new Error("stop"); } } catch (e) { early.push(e.message); }
    out.push(show([first, early, g1.next(), g3.next()]));
    // The value a `yield` receives is undefined when a loop steps it; next(v) sent by hand
    // in the middle of a for-of over the same generator; results read by hand between steps.
    const mixed = [], mixedLog = [];
    const g4 = count(8, mixedLog);
    mixed.push(g4.next());
    for (const x of g4) { mixed.push(x); if (x % 2 === 1) mixed.push(g4.next("v" + x)); }
    mixed.push(g4.next());
    out.push(show([mixed, mixedLog]));
    // yield* over a generator, an array, a string and an iterator whose results have getters
    // (each read counted): what the outer loop sees and the getters' reads are Node's.
    const reads = [];
    const custom = { [Symbol.iterator]() { let i = 0; return { next() { i++; const r = { get done() { reads.push("done" + i); return i > 2; }, get value() { reads.push("value" + i); return "c" + i; } }; return r; } }; } };
    function* inner() { const got = yield "in1"; yield "in2:" + got; return "inner-ret"; }
    function* outer() { const r = yield* inner(); yield r; yield* [7, 8]; yield* "hi"; yield* custom; return "outer-ret"; }
    out.push(show([[...outer()], reads]));
    // An exception thrown in the generator's body reaches the loop; the generator is done.
    function* failing() { yield 1; throw new TypeError("bad step"); }
    const g5 = failing(); const got = [];
    try { for (const x of g5) got.push(x); } catch (e) { got.push(e.name + ": " + e.message); }
    got.push(g5.next());
    // A generator stepped again from its own body is still running: a TypeError.
    let self; function* reenter() { yield 1; self.next(); yield 2; }
    self = reenter(); try { for (const x of self) got.push(x); } catch (e) { got.push(e.name); }
    out.push(show(got));
    // A replaced `next` on one generator object and `next` borrowed by another object: the
    // loop calls what the record holds.
    const g6 = count(3, []); g6.next = function () { return { value: "own", done: this.calls++ > 1 }; }; g6.calls = 0;
    const own = []; for (const x of g6) own.push(x);
    const GenProto = Object.getPrototypeOf(count(0, []));
    const borrowed = { [Symbol.iterator]() { return { next: GenProto.next }; } };
    try { for (const x of borrowed) own.push(x); } catch (e) { own.push(e.name); }
    const saved = GenProto.next; GenProto.next = function () { const r = saved.call(this); if (!r.done) r.value = "patched " + r.value; return r; };
    own.push(...count(2, [])); GenProto.next = saved; own.push(...count(2, []));
    out.push(show(own));
    // Pipelines of generators at the sizes scripts use (the collector runs between steps),
    // a recursive tree walk through yield*, and a generator method of a class.
    function* range(n) { for (let i = 0; i < n; i++) yield i; }
    function* mapG(it, f) { for (const x of it) yield f(x); }
    function* filterG(it, p) { for (const x of it) if (p(x)) yield x; }
    let sum = 0, n = 0; for (const x of filterG(mapG(range(60000), (x) => x * 3), (x) => x % 2 === 0)) { sum += x; n++; }
    const tree = (d) => (d === 0 ? { v: 1 } : { v: d, kids: [tree(d - 1), tree(d - 1)] });
    function* walk(t, depth) { yield t.v * depth; for (const k of t.kids || []) yield* walk(k, depth + 1); }
    let walked = 0, nodes = 0; for (const v of walk(tree(12), 1)) { walked += v; nodes++; }
    class Bag { constructor(items) { this.items = items; } *[Symbol.iterator]() { for (const x of this.items) yield x.toUpperCase(); } }
    out.push(show([sum, n, walked, nodes, [...new Bag(["a", "b"])], Math.max(...range(100))]));
    // yield* through levels of generators, each stepped for its value alone: the inner
    // return value the outer receives, `finally` blocks run innermost first on a `break` and
    // on a throw from the innermost, `next(v)` by hand in the middle reaching the innermost,
    // an inner generator with its own `next`, a finished one, the outer one itself, and a
    // spread and a destructuring of a delegating generator.
    const levels = [];
    function* leaf(tag) { try { const got = yield tag + "1"; if (got !== undefined) levels.push("leaf got " + got); yield tag + "2"; return tag + "-done"; } finally { levels.push("leaf finally " + tag); } }
    function* middle(tag) { try { const r = yield* leaf(tag); yield "middle saw " + r; } finally { levels.push("middle finally " + tag); } }
    function* top(tag) { yield* middle(tag); yield* middle(tag + tag); }
    const through = [...top("a")];
    for (const x of top("b")) { if (x === "b2") break; }
    function* thrower() { yield 1; throw new RangeError("deep"); }
    function* wrapsThrower() { try { yield* thrower(); } finally { levels.push("wrapper finally"); } }
    try { for (const x of wrapsThrower()) levels.push(x); } catch (e) { levels.push(e.name); }
    const manual = top("c"); const byHand = [];
    for (const x of manual) { byHand.push(x); if (x === "c1") byHand.push(manual.next("sent")); }
    const ownNext = leaf("d"); ownNext.next = function () { return { value: "own next", done: this.n++ > 0 }; }; ownNext.n = 0;
    function* overCustom() { yield* ownNext; yield* (function* () {})(); }
    const finished = leaf("e"); [...finished];
    function* overFinished() { const r = yield* finished; yield "after " + r; }
    let me; function* selfish() { yield 1; yield* me; }
    me = selfish(); const selfSeen = []; try { for (const x of me) selfSeen.push(x); } catch (e) { selfSeen.push(e.name); }
    const [d1, d2, ...dRest] = top("f");
    out.push(show([through, levels, byHand, [...overCustom()], [...overFinished()], selfSeen, d1, d2, dRest]));
    // A loop's step whose value comes with a result object (a `yield*` over an iterator of a
    // script's own passes its results on): `done` read by the loop, a getter that throws at
    // its second read (the `yield*` read it first), the throw ending the loop with the
    // generator left suspended; then loops over generators around and inside the one that
    // threw, and a generator that throws at its third step, each twice from the same code.
    const steps = [];
    const twice = (reads) => ({ [Symbol.iterator]() { let i = 0; return { next() { i++; let seen = 0; return { get done() { if (++seen === 2 && i === reads) throw new Error("done read twice at " + i); return i > 3; }, value: "r" + i }; }, return() { steps.push("return called"); return {}; } }; } });
    function* passes(reads) { try { yield "p0"; yield* twice(reads); yield "p-end"; } finally { steps.push("passes finally " + reads); } }
    function* breaks(n) { for (let i = 0; i < n; i++) { if (i === 2) throw new EvalError("third " + n); yield i; } }
    for (const reads of [2, 9, 2]) {
      const g = passes(reads);
      try { for (const x of g) { steps.push(x); for (const y of breaks(reads)) steps.push(y); } } catch (e) { steps.push(e.name + ": " + e.message); }
      steps.push(show(g.next()));
    }
    out.push(show(steps));
    // Patch 93: a generator stopped at a `yield*` whose inner generator gave its last value
    // alone is not resumed for its next value alone; the innermost is. Through six levels: the
    // values and their order, each level's return value received by the level above, a throw
    // from the innermost caught two levels up (which then yields on), `return` and `throw` by
    // hand in the middle of a loop (every `finally`, innermost first), `next` by hand between
    // loop steps, a level that delegates to a second generator once the first is done, and the
    // innermost stepping the outermost (still running: a TypeError).
    const chain = [];
    function* deepest(tag, n) { try { for (let i = 0; i < n; i++) yield tag + i; return tag + "!"; } finally { chain.push("finally " + tag); } }
    function* level(depth, tag) {
      try {
        const got = depth === 0 ? yield* deepest(tag, 3) : yield* level(depth - 1, tag);
        yield "got " + got + " at " + depth;
        if (depth === 2) yield* deepest(tag + "x", 2);
        return tag + depth;
      } finally { chain.push("finally " + tag + depth); }
    }
    const flat = [...level(5, "a")];
    function* failingAt(n) { for (let i = 0; ; i++) { if (i === n) throw new Error("deep " + n); yield i; } }
    function* catches(depth) { try { return depth === 0 ? yield* failingAt(2) : yield* catches(depth - 1); } catch (e) { if (depth !== 2) throw e; yield "caught " + e.message + " at " + depth; return "recovered"; } }
    const recovered = [...catches(5)];
    const stopped = level(5, "r"); const byReturn = [];
    for (const x of stopped) { byReturn.push(x); if (x === "r1") byReturn.push(stopped.return("early")); }
    const thrown = catches(5); const byThrow = [];
    try { for (const x of thrown) { byThrow.push(x); if (x === 1) byThrow.push(thrown.throw(new Error("by hand"))); } } catch (e) { byThrow.push("outer " + e.message); }
    const stepped = level(5, "s"); const byNext = [];
    for (const x of stepped) { byNext.push(x); if (x === "s1" || x === "got s! at 0") byNext.push(stepped.next()); }
    let outermost; function* reaches() { yield 1; outermost.next(); yield 2; }
    function* above(d) { if (d === 0) yield* reaches(); else yield* above(d - 1); }
    outermost = above(4); const reached = [];
    try { for (const x of outermost) reached.push(x); } catch (e) { reached.push(e.name); }
    out.push(show([flat, recovered, byReturn, byThrow, byNext, reached, chain]));"#;

const EXPECTED: [&str; 10] = [
    r#"[[0,1,2,3],[0,1,2],0,1,[2,3,4],[0,11,22],[["k1",1],["k2",2]],{"k1":1,"k2":2},3,["finally 4","finally 3","finally 5","finally 3","finally 3"]]"#,
    r#"[0,["finally 10","finally 10","finally 10","stop"],{"done":true},{"done":true}]"#,
    r#"[[{"value":0,"done":false},1,{"value":2,"done":false},3,{"value":4,"done":false},5,{"value":6,"done":false},7,{"value":"ret8","done":true},{"done":true}],["sent v1","sent v3","sent v5","sent v7","finally 8"]]"#,
    r#"[["in1","in2:undefined","inner-ret",7,8,"h","i","c1","c2"],["done1","done1","value1","done2","done2","value2","done3","value3"]]"#,
    r#"[1,"TypeError: bad step",{"done":true},1,"TypeError"]"#,
    r#"["own","own","TypeError","patched 0","patched 1",0,1]"#,
    r#"[2699910000,30000,135184,8191,["A","B"],99]"#,
    r#"[["a1","a2","middle saw a-done","aa1","aa2","middle saw aa-done"],["leaf finally a","middle finally a","leaf finally aa","middle finally aa","leaf finally b","middle finally b",1,"wrapper finally","RangeError","leaf got sent","leaf finally c","middle finally c","leaf finally cc","middle finally cc","leaf finally e","leaf finally f","middle finally f","leaf finally ff","middle finally ff"],["c1",{"value":"c2","done":false},"middle saw c-done","cc1","cc2","middle saw cc-done"],["own next"],["after undefined"],[1,"TypeError"],"f1","f2",["middle saw f-done","ff1","ff2","middle saw ff-done"]]"#,
    r#"["p0",0,1,"r1",0,1,"Error: done read twice at 2","{\"done\":false,\"value\":\"r3\"}","p0",0,1,"passes finally 9","EvalError: third 9","{\"done\":true}","p0",0,1,"r1",0,1,"Error: done read twice at 2","{\"done\":false,\"value\":\"r3\"}"]"#,
    r#"[["a0","a1","a2","got a! at 0","got a0 at 1","got a1 at 2","ax0","ax1","got a2 at 3","got a3 at 4","got a4 at 5"],[0,1,"caught deep 2 at 2"],["r0","r1",{"value":"early","done":true}],[0,1,{"value":"caught by hand at 2","done":false}],["s0","s1",{"value":"s2","done":false},"got s! at 0",{"value":"got s0 at 1","done":false},"got s1 at 2","sx0","sx1","got s2 at 3","got s3 at 4","got s4 at 5"],[1,"TypeError"],["finally a","finally a0","finally a1","finally ax","finally a2","finally a3","finally a4","finally a5","finally r","finally r0","finally r1","finally r2","finally r3","finally r4","finally r5","finally s","finally s0","finally s1","finally sx","finally s2","finally s3","finally s4","finally s5"]]"#,
];

#[test]
fn generators_step_as_in_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn generators_step_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(BODY, &EXPECTED).await;
}
