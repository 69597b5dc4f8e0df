//! ordo's patch 95 to Boa (vendor/README.md): a sloppy function with no function scope binds
//! `this` at its first read, not at each call. The binding must be what the call would have
//! made: the global object for `undefined` and `null`, an object made once from a primitive
//! (the same object at every read), the value itself in strict code; through a built-in's
//! repeated calls (a parked frame), a generator, an arrow that reads it (a function scope, bound
//! at the call), a method call and a function both called and constructed. The expected lines
//! are what Node 20 prints for the same script; it runs in plain Boa and in the worker.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    const show = (v) => JSON.stringify(v);
    // Sloppy functions with no function scope: `this` made at its first read, the same each read.
    function plain() { return this === globalThis; }
    function twice() { const a = this; const b = this; return [typeof a, a === b, a instanceof Number, a + 1]; }
    function never(x) { return x * 2; }
    function late(x) { if (x > 1) return typeof this; return never(x); }
    function strict() { "use strict"; return [typeof this, this === undefined]; }
    function walk(node) { return Array.isArray(node) ? node.reduce((sum, child) => sum + walk(child), 0) : this === globalThis ? node : -1; }
    const method = { tag: "m", read() { return this.tag; }, plain };
    out.push(show([plain(), twice.call(5), twice.call("s").slice(0, 3), never(21), late(1), late(2), late.call(7, 2), strict(), strict.call(3), walk([[1, 2], [3, [4]]]), method.read(), method.plain(), plain.call(null), plain.call(undefined), plain.apply({})]));
    // Called by built-ins many times (a parked frame): each call's `this` its own.
    const mapped = [1, 2, 3].map(function (x) { return [this === globalThis, typeof this, x]; });
    const withThis = [1, 2].map(function () { return this.k; }, { k: "given" });
    const onPrimitive = [1, 2].map(function () { return [typeof this, this instanceof String]; }, "p");
    const sorted = [3, 1, 2].sort(function (a, b) { return this === globalThis ? a - b : 0; });
    out.push(show([mapped, withThis, onPrimitive, sorted]));
    // `this` read by an arrow inside (the function has a function scope), by a generator, and
    // by a function that is both called and constructed.
    function outer() { return [1].map(() => this === globalThis)[0]; }
    function* gen() { yield this === globalThis; yield typeof this; }
    function Both(v) { if (this instanceof Both) { this.v = v; return undefined; } return this === globalThis; }
    const box = { outer, gen };
    out.push(show([outer(), box.outer(), [...gen()], [...box.gen()], new Both(4).v, Both(4), Both.call(box, 1)]));
"#;

const EXPECTED: [&str; 3] = [
    r#"[true,["object",true,true,6],["object",true,false],42,2,"object","object",["undefined",true],["number",false],10,"m",false,true,true,false]"#,
    r#"[[[true,"object",1],[true,"object",2],[true,"object",3]],["given","given"],[["object",true],["object",true]],[1,2,3]]"#,
    r#"[true,false,[true,"object"],[false,"object"],4,true,false]"#,
];

#[test]
fn this_is_bound_as_at_the_call_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn this_is_bound_as_at_the_call_in_the_worker() {
    node_lines::assert_in_worker(BODY, &EXPECTED).await;
}
