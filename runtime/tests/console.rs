//! Console output reads as Node's `console.log` writes it (R-RT-1): what a script prints to
//! debug itself must not lie to it.
#![allow(clippy::unwrap_used)] // test helpers outside #[test] fns unwrap too

use ordo_runtime::{HostFunctions, Runtime, RuntimeConfig, Script, WorkerCommand};
use tokio_util::sync::CancellationToken;

/// The console lines of `code`.
async fn printed(code: &str) -> Vec<String> {
    let worker = WorkerCommand::program(env!("CARGO_BIN_EXE_ordo-js-worker"));
    let output = Runtime::new(RuntimeConfig { warm_workers: 0, ..RuntimeConfig::new(worker) })
        .run(&Script::javascript(code), &HostFunctions::new(), &CancellationToken::new())
        .await
        .unwrap_or_else(|error| panic!("{code:?}: {error}"));
    output.logs.into_iter().map(|entry| entry.text).collect()
}

#[tokio::test]
async fn r_rt_1_collections_errors_and_what_json_cannot_hold_print_as_node_prints_them() {
    let lines = printed(
        r#"console.log(new Map([["a", 1]]), new Set([1]), [undefined, NaN], -0, 12n, null, "as is");
           console.log(new Error("x"));"#,
    )
    .await;
    assert_eq!(
        lines,
        [
            "Map(1) { 'a' => 1 } Set(1) { 1 } [ undefined, NaN ] -0 12n null as is",
            "Error: x\n    at the script (line 2, column 24)",
        ]
    );
}

#[tokio::test]
async fn r_rt_1_objects_show_class_names_depth_two_and_break_past_eighty_columns() {
    let lines = printed(
        r#"class Point { constructor() { this.x = 1; this.y = 2 } }
           function named() {}
           console.log({ a: { b: { c: { d: 1 } } }, list: [1, [2, [3, [4]]]] });
           console.log(new Point(), Point, named, () => 1, Map, Object.create(null));
           console.log({ first: "x".repeat(40), second: "y".repeat(40) });
           const loop = { name: "loop" }; loop.self = loop;
           console.log(loop, [1, , 3], { "odd key": 1, get g() { throw new Error("ran") } });
           console.log(new Date(0), /x+/g, Symbol("s"), Promise.resolve(1), "it's");"#,
    )
    .await;
    assert_eq!(
        lines,
        [
            "{ a: { b: { c: [Object] } }, list: [ 1, [ 2, [Array] ] ] }",
            "Point { x: 1, y: 2 } [class Point] [Function: named] [Function (anonymous)] \
             [Function: Map] [Object: null prototype] {}",
            "{\n  first: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',\n  \
             second: 'yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy'\n}",
            "{ name: 'loop', self: [Circular *1] } [ 1, <1 empty item>, 3 ] \
             { 'odd key': 1, g: [Getter] }",
            "1970-01-01T00:00:00.000Z /x+/g Symbol(s) Promise { <not awaited> } it's",
        ]
    );
}

#[tokio::test]
async fn r_rt_1_a_script_cannot_break_the_formatter() {
    let lines = printed(
        r#"const value = { list: [1, 2], map: new Map([["k", new Set([1])]]) };
           Array.prototype[Symbol.iterator] = null; Array.prototype.join = null;
           Array.prototype.push = null; RegExp.prototype.exec = null; String.prototype.repeat = null;
           Object.getOwnPropertyDescriptor = null; Reflect.apply = null; Object.prototype.get = 1;
           console.log(value);"#,
    )
    .await;
    assert_eq!(lines, ["{ list: [ 1, 2 ], map: Map(1) { 'k' => Set(1) { 1 } } }"]);
}
