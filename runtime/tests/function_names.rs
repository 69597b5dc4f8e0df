//! ordo's patch 54 to Boa (vendor/README.md): a named function expression's environment for its
//! own name is made at its first call and pushed again at the next, as the specification makes
//! it once per closure. What a script sees must not change: recursion, closures made inside that
//! keep the name, `new`, the name shadowed by a parameter or a local, assignments to it in
//! sloppy and strict code, a recursive walk of a tree; and, in plain Boa (a worker has no
//! `eval`), a direct `eval` that adds a binding between two calls of one closure (the kept
//! environment's flags no longer match) and `with`. The expected lines are what Node 20 prints
//! for the same script.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    const show = (v) => JSON.stringify(v);
    // A named function expression sees itself by name at every call: recursion, a closure made
    // inside that keeps the name after the call, `new`, the name shadowed by a parameter or a
    // local, an assignment to the name (ignored in sloppy code, a TypeError in strict code).
    const fact = function f(n) { return n <= 1 ? 1 : n * f(n - 1); };
    const keepers = [];
    const counter = function c(n) { keepers.push(() => c.name + n); return n > 0 ? c(n - 1) : keepers.length; };
    const Made = function M(v) { if (!(this instanceof M)) return new M(v); this.v = v; this.same = this.constructor === M; };
    const shadowedByParameter = function s(s) { return typeof s; };
    const shadowedByLocal = function l() { const l = "local"; return l; };
    const sloppy = function g() { g = 1; return typeof g; };
    const strict = function h() { "use strict"; try { h = 1; } catch (e) { return e.constructor.name; } return "no error"; };
    out.push(show([fact(10), counter(3), keepers.map((k) => k()), Made(5).v, new Made(6).same, shadowedByParameter(1), shadowedByLocal(), sloppy(), sloppy(), strict()]));
    // A tree walk by a recursive named expression, and many calls of one, at a data script's
    // size.
    const tree = { a: [{ b: 1, c: { d: [2, 3] } }, 4], e: { f: { g: 5 } } };
    let leaves = 0;
    const paths = [];
    (function walk(node, path) { if (node && typeof node === "object") { for (const k in node) walk(node[k], path ? path + "." + k : k); } else { leaves++; paths.push(path + "=" + node); } })(tree, "");
    let total = 0;
    const deep = function d(n) { total += n; return n > 0 ? d(n - 1) : total; };
    for (let i = 0; i < 2000; i++) deep(20);
    out.push(show([leaves, paths, total]));"#;

const EXPECTED: [&str; 2] = [
    r#"[3628800,4,["c3","c2","c1","c0"],5,true,"number","local","function","function","TypeError"]"#,
    r#"[5,["a.0.b=1","a.0.c.d.0=2","a.0.c.d.1=3","a.1=4","e.f.g=5"],420000]"#,
];

/// Pushes its line to `out`; uses `eval`, which a worker does not have.
const EVAL_BODY: &str = r#"
    const out = [];
    const show = (v) => JSON.stringify(v);
    // A sloppy direct eval that adds a binding between two calls of the same closure (the kept
    // environment's flags no longer match), and `with` around a named expression.
    function outer() {
        const reader = function r(depth) { return depth > 0 ? r(depth - 1) : typeof added === "undefined" ? "not yet" : added; };
        const first = reader(3);
        eval("var added = 'from eval'");
        const second = reader(3);
        const scope = { added: "from with" };
        let third;
        with (scope) { third = (function w(d) { return d > 0 ? w(d - 1) : added; })(2); }
        return [first, second, third];
    }
    out.push(show(outer()));"#;

const EVAL_EXPECTED: [&str; 1] = [r#"["not yet","from eval","from with"]"#];

#[test]
fn named_function_expressions_see_themselves_as_in_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
    node_lines::assert_in_plain_boa(EVAL_BODY, &EVAL_EXPECTED);
}

#[tokio::test]
async fn named_function_expressions_see_themselves_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(BODY, &EXPECTED).await;
}
