//! ordo's patch 39 to Boa (vendor/README.md): a built-in's repeated callback leaves its frame
//! parked on the frame stack between calls, with its values on the value stack, and the native
//! call around the built-in takes it away when it ends. What a script sees must not change: a
//! callback that throws at any call, thousands of times, leaves no frame behind (the recursion a
//! script reaches afterwards is as deep as before); each call starts with its own `this`,
//! arguments and `undefined` locals; script that runs between two calls (a result's `valueOf`, an
//! array-like's setter as the sorted values are written back) and callbacks nested several
//! built-ins deep see the right frames; objects and closures a callback made stay its own; the
//! parameters the call copies in itself (patch 45) are each call's own, in every form. An
//! uncatchable error (a runtime limit) inside a callback leaves an engine that runs the next
//! script in full. The expected lines are what Node 20 prints for the same script; it runs in
//! plain Boa and in the worker.

#[path = "support/node_lines.rs"]
mod node_lines;

use boa_engine::Context;
use node_lines::plain_boa;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    const show = (v) => JSON.stringify(v);
    const attempt = (f) => { try { return f(); } catch (e) { return `${e.constructor.name}: ${e.message}`; } };
    // A recursion 300 deep, which the engine's limit (512 calls) allows unless frames that
    // callbacks left behind fill it.
    const reach = () => { const down = (n) => (n === 0 ? 0 : 1 + down(n - 1)); return down(300); };
    const before = reach();
    // Callbacks that throw, over and over, at each place in a method's run.
    let caught = 0;
    for (let i = 0; i < 3000; i++) {
        try { [1, 2, 3].map((x) => { if (x === 1 + (i % 3)) throw i; return x; }); } catch (e) { caught++; }
        try { [3, 1, 2].sort((a, b) => { if (i % 2) throw i; return a - b; }); } catch (e) { caught++; }
        try { [1, 2].reduce((a, b) => { throw i; }); } catch (e) { caught++; }
    }
    out.push(show([caught, reach() === before]));
    // The frame's values from one call are not the next call's: `this`, the arguments, locals
    // that start undefined, `arguments`.
    const sloppy = [1, 2, 3].map(function (x) { let fresh; const was = fresh; fresh = x; return [this === globalThis, was, arguments.length]; });
    const strictThis = [1, 2].map(function (x) { "use strict"; return this; }, "s");
    const reduced = [1, 2, 3, 4].reduce(function (acc, x, i, all) { return acc + x * i + all.length + arguments.length; }, 0);
    const locals = [5, 6, 7].map((x) => { let y; if (x === 5) y = "set"; return y; });
    out.push(show([sloppy, strictThis, reduced, locals]));
    // Between two calls of a comparator a sort runs no script of its own, but a callback may:
    // `valueOf` of what the comparator returns, which sorts and throws in turn.
    let valueOfs = 0;
    const answer = (n) => ({ valueOf() { valueOfs++; return [3, 1, 2].sort((a, b) => a - b)[0] * n; } });
    const viaValueOf = [5, 3, 4, 1, 2].sort((a, b) => answer(a - b));
    const thrownByValueOf = attempt(() => [2, 1].sort(() => ({ valueOf() { throw new TypeError("from valueOf"); } })));
    out.push(show([viaValueOf, valueOfs > 4, thrownByValueOf]));
    // Writing the sorted values back calls an array-like's setter after the comparator's last
    // call; the setter's error reaches the script with the right message.
    const written = [];
    const arrayLike = { length: 3, 0: "c", 1: "a", 2: "b" };
    Object.defineProperty(arrayLike, 1, { get() { return "a"; }, set(v) { written.push(v); }, configurable: true });
    Array.prototype.sort.call(arrayLike, (x, y) => (x < y ? -1 : 1));
    const locked = { length: 2, 0: 2, 1: 1 };
    Object.defineProperty(locked, 0, { get() { return 2; }, set(v) { throw new RangeError(`cannot write ${v}`); } });
    const setterError = attempt(() => Array.prototype.sort.call(locked, (x, y) => x - y));
    out.push(show([written, arrayLike[0], arrayLike[2], setterError]));
    // Callbacks inside callbacks, several methods deep, with built-ins called in between.
    const grid = [[3, 1], [2, 4]].map((row) => row.map((v) => [v, v * 2].sort((a, b) => b - a).map((w) => `${w}`.padStart(2, "0")).join("|")).sort());
    const deep = [1, 2, 3].map((a) => [1, 2].map((b) => [1].map((c) => a * 100 + b * 10 + c)[0]).reduce((x, y) => x + y));
    const mixed = [4, 2, 3].map((x) => [x, 1].sort().concat([x].map(String)).filter((v, i, all) => all.length === 3).join(""));
    out.push(show([grid, deep, mixed]));
    // A callback that keeps what it made: each call's objects and closures stay its own.
    const made = Array.from({ length: 20000 }, (_, i) => i).map((i) => ({ i, twice: i * 2 }));
    const keepers = [1, 2, 3].map((x) => () => x);
    const sortedObjects = [...made].sort((a, b) => b.i - a.i);
    out.push(show([made[19999].twice, keepers.map((k) => k()), sortedObjects[0].i, sortedObjects[19999].i, made.every((o, i) => o.i === i), reach() === before]));
    // Parameters the call itself copies from the arguments (a function's leading
    // `GetArgument`s): more parameters than arguments, defaults, destructuring, rest, ones a
    // closure keeps or the body reassigns, beside `arguments`, at every call.
    const copied = [
        [3, 1, 2].map((x, i, all, extra) => [x, i, all.length, extra]),
        [3, undefined, 2].map((x = "d", i = 9, all, extra = "e") => `${x}${i}${extra}`),
        [{ p: 2, q: [1] }, { p: 1, q: [2] }, { p: 3, q: [0] }].sort(({ p: a }, { p: b }) => a - b).map(({ p, q: [first] }) => p * 10 + first),
        [1, 2, 3].map((x, ...rest) => rest.length + rest[0]),
        [1, 2, 3].map((x) => () => x).map((f) => f()),
        [5, 1, 4].sort((a, b) => { const t = a; a = b; b = t; return b - a; }).map((x) => { x *= 2; return x; }),
        [1, 2, 3].map(function (a, b) { arguments[0] = 7; return [a, b, arguments.length]; }),
        [[1, 2], [3, 4]].map(([a, b], i) => a * b + i),
    ];
    out.push(show(copied));
"#;

const EXPECTED: [&str; 7] = [
    r#"[7500,true]"#,
    r#"[[[true,null,3],[true,null,3],[true,null,3]],["s","s"],52,["set",null,null]]"#,
    r#"[[1,2,3,4,5],true,"TypeError: from valueOf"]"#,
    r#"[["b"],"a","c","RangeError: cannot write 1"]"#,
    r#"[[["02|01","06|03"],["04|02","08|04"]],[232,432,632],["144","122","133"]]"#,
    r#"[39998,[1,2,3],19999,0,true,true]"#,
    r#"[[[3,0,3,null],[1,1,3,null],[2,2,3,null]],["30e","d1e","22e"],[12,21,30],[2,3,4],[1,2,3],[2,8,10],[[7,0,3],[7,1,3],[7,2,3]],[2,13]]"#,
];

#[test]
fn parked_callbacks_behave_as_in_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn parked_callbacks_behave_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(BODY, &EXPECTED).await;
}

/// A loop limit reached inside a comparator or a `map` callback ends the script, an error no
/// `catch` sees; after hundreds of those the same engine runs scripts that sort and map, and
/// recurses exactly as deep as before: a frame or a value left behind by each would have taken
/// from the depth the recursion and stack limits allow (reaching them is also an error no
/// `catch` sees; `reached` counts the depth).
#[test]
fn an_uncatchable_error_inside_a_callback_leaves_the_engine_whole() {
    const REACH: &str = "var reached = 0; (function down() { reached++; down(); })()";
    let mut context = Context::default();
    context.runtime_limits_mut().set_loop_iteration_limit(1_000);
    context.runtime_limits_mut().set_stack_size_limit(4_096);
    assert!(plain_boa::eval(&mut context, REACH).starts_with("uncaught"));
    let before = plain_boa::eval(&mut context, "reached");
    for _ in 0..200 {
        for script in [
            "(() => { for (;;) {} })()",
            "[3, 1, 2].sort((a, b) => { for (;;) {} })",
            "try { [1, 2].map((x) => { while (true) {} }) } catch (e) { 'caught' }",
            "[[2, 1], [4, 3]].map((row) => row.sort((a, b) => { for (;;) {} }))",
        ] {
            let ended = plain_boa::eval(&mut context, script);
            assert!(ended.starts_with("uncaught"), "{script}: {ended}");
            assert!(ended.contains("loop"), "{script}: {ended}");
        }
    }
    let after = plain_boa::eval(
        &mut context,
        "[[3, 1, 2].sort((a, b) => a - b).join(), [1, 2].map((x) => x * 2).join(), [2, 1].sort().join()].join(' ')",
    );
    assert_eq!(after, "1,2,3 2,4 1,2");
    assert!(plain_boa::eval(&mut context, REACH).starts_with("uncaught"));
    assert_eq!(plain_boa::eval(&mut context, "reached"), before);
}
