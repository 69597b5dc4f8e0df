//! An error says what was read, set, called or iterated, as V8 says it (issue 37): a read or
//! write on `undefined` or `null` says which and names the key in the patched VM, caught or not
//! (`Cannot read properties of undefined (reading 'foo')`); Boa's `not a callable function`
//! becomes `x.map is not a function` from the code at the error's place when the error leaves
//! the script (`engine/explain.rs`). Each case beside what Node 20 prints where that differs.
#![allow(clippy::unwrap_used)] // test helpers outside #[test] fns unwrap too

use ordo_runtime::{
    HostFunctions, RunError, RunOutput, Runtime, RuntimeConfig, Script, WorkerCommand,
};
use tokio_util::sync::CancellationToken;

async fn failure(script: Script) -> RunError {
    runtime()
        .run(&script, &HostFunctions::new(), &CancellationToken::new())
        .await
        .expect_err("the script fails")
}

/// What a script that does not fail gives.
async fn succeeded(script: Script) -> RunOutput {
    runtime().run(&script, &HostFunctions::new(), &CancellationToken::new()).await.unwrap()
}

fn runtime() -> Runtime {
    let worker = WorkerCommand::program(env!("CARGO_BIN_EXE_ordo-js-worker"));
    Runtime::new(RuntimeConfig { warm_workers: 0, ..RuntimeConfig::new(worker) })
}

/// (code, ordo's message, Node's where it differs).
const CASES: &[(&str, &str, Option<&str>)] = &[
    (
        "const o = {}; return o.a.foo;",
        "TypeError: Cannot read properties of undefined (reading 'foo')",
        None,
    ),
    (
        "const n = null;\nfunction first(list) {\n  return list[0];\n}\nreturn first(n);",
        "TypeError: Cannot read properties of null (reading '0')",
        None,
    ),
    (
        "const arr = [1, 2]; return arr[5].value;",
        "TypeError: Cannot read properties of undefined (reading 'value')",
        None,
    ),
    (
        "const key = Symbol('k'); let u; return u[key];",
        "TypeError: Cannot read properties of undefined (reading 'Symbol(k)')",
        None,
    ),
    (
        "let u; u[{ toString() { throw 1 } }] = 1;",
        "TypeError: Cannot set properties of undefined",
        None,
    ),
    (
        "let u; return u[1.5];",
        "TypeError: Cannot read properties of undefined (reading '1.5')",
        None,
    ),
    (
        "const { a } = null;",
        "TypeError: Cannot destructure 'null' as it is null.",
        Some("TypeError: Cannot destructure property 'a' of 'null' as it is null."),
    ),
    ("return null.foo;", "TypeError: Cannot read properties of null (reading 'foo')", None),
    (
        "return undefined.foo;",
        "TypeError: Cannot read properties of undefined (reading 'foo')",
        None,
    ),
    (
        "return new (class A { constructor() { this.x.y = 1; } })();",
        "TypeError: Cannot set properties of undefined (setting 'y')",
        None,
    ),
    ("const x = 5; return x.map((v) => v);", "TypeError: x.map is not a function", None),
    (
        "const o = { items: {} };\nreturn o.items.map((v) => v);",
        "TypeError: o.items.map is not a function",
        None,
    ),
    ("const f = undefined; return f();", "TypeError: f is not a function", None),
    ("const o = {}; return o.run();", "TypeError: o.run is not a function", None),
    ("for (const v of 5) {} return 1;", "TypeError: 5 is not iterable", None),
    (
        "const rows = null; for (const row of rows) {} return 1;",
        "TypeError: rows is not iterable",
        None,
    ),
    ("const c = 1; c = 2; return c;", "TypeError: Assignment to constant variable.", None),
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
    assert_eq!(error.message, "TypeError: Cannot read properties of undefined (reading 'length')");
}

/// A script that catches the error reads V8's words too: the VM says them, not a rewrite of what
/// leaves the script.
#[tokio::test]
async fn issue_37_a_caught_error_names_the_value_and_the_key() {
    let code = "const rows = [{ a: 1 }, null];\nconst seen = [];\nfor (const row of rows) {\n  try { seen.push(row.a) } catch (e) { seen.push(e.message) }\n}\ntry { rows[3].b = 1 } catch (e) { seen.push(e.message) }\nreturn seen;";
    let out = succeeded(Script::javascript(code)).await;
    assert_eq!(
        out.result,
        serde_json::json!([
            1,
            "Cannot read properties of null (reading 'a')",
            "Cannot set properties of undefined (setting 'b')"
        ])
    );
}

/// Errors a script catches to keep its message (`errors.push(e.message)`): the engine says
/// V8's words (vendored patch 86), each called twice from one place. Node 20's, verbatim.
#[tokio::test]
async fn r_rt_2_a_caught_error_reads_node_s_words() {
    const CAUGHT: &[(&str, &str)] = &[
        ("new Array(-1)", "RangeError: Invalid array length"),
        ("[].reduce((a, b) => a + b)", "TypeError: Reduce of empty array with no initial value"),
        (
            "[].reduceRight((a, b) => a + b)",
            "TypeError: Reduce of empty array with no initial value",
        ),
        ("Object.keys(undefined)", "TypeError: Cannot convert undefined or null to object"),
        ("Object.entries(null)", "TypeError: Cannot convert undefined or null to object"),
        (
            "BigInt(1.5)",
            "RangeError: The number 1.5 cannot be converted to a BigInt because it is not an integer",
        ),
        (
            "BigInt(NaN)",
            "RangeError: The number NaN cannot be converted to a BigInt because it is not an integer",
        ),
        ("1n + 1", "TypeError: Cannot mix BigInt and other types, use explicit conversions"),
        ("Symbol() + ''", "TypeError: Cannot convert a Symbol value to a string"),
        ("decodeURIComponent('%')", "URIError: URI malformed"),
        ("decodeURIComponent('%zz')", "URIError: URI malformed"),
        ("decodeURI('%C0%80')", "URIError: URI malformed"),
        ("encodeURIComponent('\\uD800')", "URIError: URI malformed"),
        (
            "Object.defineProperty(1, 'a', {})",
            "TypeError: Object.defineProperty called on non-object",
        ),
        (
            "Object.defineProperties(1, {})",
            "TypeError: Object.defineProperties called on non-object",
        ),
        ("Point()", "TypeError: Class constructor Point cannot be invoked without 'new'"),
        ("later + 1; let later = 1", "ReferenceError: Cannot access 'later' before initialization"),
        (
            "(() => later)(); let later = 1",
            "ReferenceError: Cannot access 'later' before initialization",
        ),
        (
            "later = 2; let later = 1; (() => later)()",
            "ReferenceError: Cannot access 'later' before initialization",
        ),
        ("(() => { 'use strict'; undeclared = 1 })()", "ReferenceError: undeclared is not defined"),
    ];
    for (expression, node) in CAUGHT {
        let code = format!(
            "class Point {{}}\nconst seen = [];\nfor (let i = 0; i < 2; i++) {{\n  try {{ {expression}; seen.push('no error') }} catch (e) {{ seen.push(`${{e.name}}: ${{e.message}}`) }}\n}}\nreturn seen;"
        );
        let out = succeeded(Script::javascript(code)).await;
        assert_eq!(out.result, serde_json::json!([node, node]), "{expression}");
    }
}

/// A caught call of what is not a function names the callee, as V8 does (`Hooks::engine_error`
/// rewords the engine's error before the `catch` sees it): per record in a loop, as scripts keep
/// `e.message`; `e.stack` and `String(e)` say the same. Node 20's answers.
#[tokio::test]
async fn r_rt_2_a_caught_call_of_a_non_function_names_the_callee() {
    let code = "const rows = [{ when: new Date(0) }, { when: '1970-01-01' }, { when: 5 }];\nconst seen = [];\nfor (const row of rows) {\n  try { seen.push(row.when.toISOString()) } catch (e) { seen.push(e.message) }\n}\nconst o = {};\ntry { o.missing() } catch (e) { seen.push(e.message, e.stack.split('\\n')[0], String(e)) }\ntry { const c = 1; c = 2 } catch (e) { seen.push(e.message) }\ntry { null.f() } catch (e) { seen.push(e.message) }\nreturn seen;";
    let out = succeeded(Script::javascript(code)).await;
    assert_eq!(
        out.result,
        serde_json::json!([
            "1970-01-01T00:00:00.000Z",
            "row.when.toISOString is not a function",
            "row.when.toISOString is not a function",
            "o.missing is not a function",
            "TypeError: o.missing is not a function",
            "TypeError: o.missing is not a function",
            "Assignment to constant variable.",
            "Cannot read properties of null (reading 'f')"
        ])
    );
}

/// The same through an `await` and a promise's handler: an async helper per record, as scripts
/// that call tools write them. Node 20's answers.
#[tokio::test]
async fn r_rt_2_an_error_caught_through_an_await_names_the_callee() {
    let code = "async function stamp(row) {\n  return row.when.toISOString();\n}\nconst seen = [];\nfor (const row of [{ when: 5 }, { when: 'x' }]) {\n  try { seen.push(await stamp(row)) } catch (e) { seen.push(e.message) }\n}\nawait Promise.resolve().then(() => null.f()).catch((e) => seen.push(e.message));\nawait Promise.resolve(5).then((n) => n.toFixed2()).catch((e) => seen.push(e.message));\nreturn seen;";
    let out = succeeded(Script::javascript(code)).await;
    assert_eq!(
        out.result,
        serde_json::json!([
            "row.when.toISOString is not a function",
            "row.when.toISOString is not a function",
            "Cannot read properties of null (reading 'f')",
            "n.toFixed2 is not a function"
        ])
    );
}

#[tokio::test]
async fn issue_37_e_stack_reads_as_v8_s_in_the_lines_as_written() {
    // An enum makes the TypeScript generated code: its lines are not the source's.
    let code = "enum Color { Red }\nfunction inner(): never {\n  throw new Error('deep');\n}\nfunction outer(): number {\n  return inner();\n}\ntry { outer(); } catch (e) { return (e as Error).stack; }";
    let out = succeeded(Script::typescript(code)).await;
    assert_eq!(
        out.result,
        "Error: deep\n    at inner (script:3:9)\n    at outer (script:6:10)\n    at <main> (script:8:7)"
    );
}

#[tokio::test]
async fn issue_37_a_message_is_rewritten_only_where_the_code_at_its_place_is_one_of_the_forms() {
    // A script's own error with Boa's words is not a call of something not callable.
    let error =
        failure(Script::javascript("throw new TypeError('not a callable function');")).await;
    assert_eq!(error.message, "TypeError: not a callable function");
}
