//! An error that leaves a script says what was read, set, called or iterated, as V8 says it
//! (issue 37): Boa's `cannot convert 'null' or 'undefined' to object` and `not a callable
//! function` become `Cannot read properties of undefined (reading 'foo')` and `x.map is not a
//! function`, from the code at the error's place (`engine/explain.rs`). Each case beside what
//! Node 20 prints for it; where ordo cannot know whether the value was `undefined` or `null`, it
//! says both, and names the expression.
#![allow(clippy::unwrap_used)] // test helpers outside #[test] fns unwrap too

use ordo_runtime::{HostFunctions, RunError, Runtime, RuntimeConfig, Script, WorkerCommand};
use tokio_util::sync::CancellationToken;

async fn failure(script: Script) -> RunError {
    let worker = WorkerCommand::program(env!("CARGO_BIN_EXE_ordo-js-worker"));
    Runtime::new(RuntimeConfig { warm_workers: 0, ..RuntimeConfig::new(worker) })
        .run(&script, &HostFunctions::new(), &CancellationToken::new())
        .await
        .expect_err("the script fails")
}

/// (code, ordo's message, Node's where it differs).
const CASES: &[(&str, &str, Option<&str>)] = &[
    (
        "const o = {}; return o.a.foo;",
        "TypeError: Cannot read properties of undefined or null (reading 'foo'): o.a is undefined or null",
        Some("TypeError: Cannot read properties of undefined (reading 'foo')"),
    ),
    (
        "const n = null;\nfunction first(list) {\n  return list[0];\n}\nreturn first(n);",
        "TypeError: Cannot read properties of undefined or null (reading '0'): list is undefined or null",
        Some("TypeError: Cannot read properties of null (reading '0')"),
    ),
    (
        "const arr = [1, 2]; return arr[5].value;",
        "TypeError: Cannot read properties of undefined or null (reading 'value'): arr[5] is undefined or null",
        Some("TypeError: Cannot read properties of undefined (reading 'value')"),
    ),
    ("return null.foo;", "TypeError: Cannot read properties of null (reading 'foo')", None),
    (
        "return undefined.foo;",
        "TypeError: Cannot read properties of undefined (reading 'foo')",
        None,
    ),
    (
        "return new (class A { constructor() { this.x.y = 1; } })();",
        "TypeError: Cannot set properties of undefined or null (setting 'y'): this.x is undefined or null",
        Some("TypeError: Cannot set properties of undefined (setting 'y')"),
    ),
    ("const x = 5; return x.map((v) => v);", "TypeError: x.map is not a function", None),
    (
        "const o = { items: {} };\nreturn o.items.map((v) => v);",
        "TypeError: o.items.map is not a function",
        None,
    ),
    ("const f = undefined; return f();", "TypeError: f is not a function", None),
    ("const o = {}; return o.run();", "TypeError: o.run is not a function", None),
    (
        "for (const v of 5) {} return 1;",
        "TypeError: 5 is not iterable (it is of type number)",
        Some("TypeError: 5 is not iterable"),
    ),
    (
        "const c = 1; c = 2; return c;",
        "TypeError: Assignment to constant variable 'c'.",
        Some("TypeError: Assignment to constant variable."),
    ),
];

#[tokio::test]
async fn issue_37_type_errors_name_what_was_read_called_or_iterated() {
    for (code, message, _node) in CASES {
        let error = failure(Script::javascript(*code)).await;
        assert_eq!(error.message, *message, "{code}");
    }
}

#[tokio::test]
async fn issue_37_the_message_is_said_of_the_code_as_written_in_typescript_too() {
    let code =
        "interface Box { items?: number[] }\nconst box: Box = {};\nreturn box.items!.length;";
    let error = failure(Script::typescript(code)).await;
    assert_eq!(
        error.message,
        "TypeError: Cannot read properties of undefined or null (reading 'length'): box.items is undefined or null"
    );
}

#[tokio::test]
async fn issue_37_e_stack_reads_as_v8_s_in_the_lines_as_written() {
    // An enum makes the TypeScript generated code: its lines are not the source's.
    let code = "enum Color { Red }\nfunction inner(): never {\n  throw new Error('deep');\n}\nfunction outer(): number {\n  return inner();\n}\ntry { outer(); } catch (e) { return (e as Error).stack; }";
    let worker = WorkerCommand::program(env!("CARGO_BIN_EXE_ordo-js-worker"));
    let out = Runtime::new(RuntimeConfig { warm_workers: 0, ..RuntimeConfig::new(worker) })
        .run(&Script::typescript(code), &HostFunctions::new(), &CancellationToken::new())
        .await
        .unwrap();
    assert_eq!(
        out.result,
        "Error: deep\n    at inner (script:3:9)\n    at outer (script:6:10)\n    at <main> (script:8:7)"
    );
}

#[tokio::test]
async fn issue_37_a_caught_error_or_an_unknown_place_keeps_boa_s_message() {
    // Rewritten only where the code at the error's place is one of the forms.
    let error =
        failure(Script::javascript("throw new TypeError('not a callable function');")).await;
    assert_eq!(error.message, "TypeError: not a callable function");
}
