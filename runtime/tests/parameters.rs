//! ordo's patch 45 to Boa (vendor/README.md): a call writes the function's parameters itself and
//! starts its code after the instructions that would have copied them from the argument slots,
//! moving the arguments where nothing later reads the slots. What a script sees must not change:
//! fewer and more arguments than parameters, duplicate names, reassigned parameters, defaults
//! that read earlier parameters, destructuring, rest parameters, parameters closures keep,
//! `arguments` mapped and unmapped, and functions reached by `call`, `apply`, `bind`,
//! accessors, `new`, recursion, generators and class methods. (Callbacks of built-ins: `parked_frames.rs`.) The expected
//! lines are what Node 20 prints for the same script; it runs in plain Boa and in the worker.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    const show = (v) => JSON.stringify(v);
    // Plain parameters, fewer and more arguments than parameters, and a reassigned parameter.
    function plain(a, b, c) { a = a * 10; return [a, b, c]; }
    const sum = (x, y) => x + y;
    let s = 0;
    for (let i = 0; i < 5000; i++) s = sum(s, i);
    // Duplicate names (sloppy code): the last one takes its argument, `undefined` past the end.
    function dup(x, a, b, x) { return x; }
    const duplicates = [dup(1, 2), dup(1, 2, 3, 4), [5, 6].map(function (v, a, b, c, v) { return v; }), [5, 6].map(function (v, i, v) { return v.length; })];
    out.push(show([plain(1), plain(1, 2), plain(1, 2, 3, 4), s, duplicates]));
    // Defaults (reading earlier parameters), destructuring, rest, and parameters a closure keeps.
    const defaults = (a, b = a + 1, { c = 3, d } = {}, [e, ...f] = [5, 6, 7]) => [a, b, c, d, e, f];
    const rest = (first, ...others) => [first, others];
    const keep = (x, y) => () => [x, y];
    const kept = [1, 2, 3].map((i) => keep(i, i * i));
    out.push(show([defaults(1), defaults(1, 9, { d: 4 }, [8]), rest(), rest(1, 2, 3), kept.map((k) => k())]));
    // `arguments`, mapped (sloppy, simple parameters) and unmapped (strict), beside parameters.
    function mapped(a, b) { arguments[0] = "changed"; b = "b2"; return [a, arguments[1], arguments.length]; }
    function unmapped(a, b) { "use strict"; arguments[0] = "changed"; return [a, b, arguments.length]; }
    function outer(a) { const inner = () => arguments[0] + a; return inner(); }
    out.push(show([mapped(1, 2), mapped(1), unmapped(1, 2), outer(21)]));
    // Calls that reach a function other ways: call, apply, bound, getters and setters, `new`,
    // recursion, generators and async functions, a method on a class.
    const target = { v: 1 };
    function withThis(a, b) { return [this === target, a, b]; }
    const bound = withThis.bind(target, "x");
    const accessors = { get g() { return "got"; }, set s(v) { this.seen = v; } };
    accessors.s = "set";
    function Made(a, b) { this.a = a; this.b = b; }
    const fib = (n) => (n < 2 ? n : fib(n - 1) + fib(n - 2));
    function* gen(a, b) { yield a; yield b; }
    class Counter { constructor(start) { this.n = start; } add(by, times = 1) { this.n += by * times; return this; } }
    out.push(show([withThis.call(target, 1, 2), withThis.apply(target, [3]), bound("y"), accessors.g, accessors.seen, new Made(1, 2), fib(15), [...gen(1, 2)], new Counter(1).add(2).add(3, 2).n]));
"#;

const EXPECTED: [&str; 4] = [
    r#"[[10,null,null],[10,2,null],[10,2,3],12497500,[null,4,[null,null],[2,2]]]"#,
    r#"[[1,2,3,null,5,[6,7]],[1,9,3,4,8,[]],[null,[]],[1,[2,3]],[[1,1],[2,4],[3,9]]]"#,
    r#"[["changed","b2",2],["changed",null,1],[1,2,2],42]"#,
    r#"[[true,1,2],[true,3,null],[true,"x","y"],"got","set",{"a":1,"b":2},610,[1,2],9]"#,
];

#[test]
fn parameters_behave_as_in_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn parameters_behave_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(BODY, &EXPECTED).await;
}
