//! What a script returns reaches the caller faithfully where JSON can hold it, and with a note
//! naming the place wherever it cannot (R-RT-4).
#![allow(clippy::unwrap_used)] // test helpers outside #[test] fns unwrap too

use ordo_runtime::{
    HostError, HostFunctions, RunOutput, Runtime, RuntimeConfig, Script, WorkerCommand,
};
use serde_json::{Value, json};
use tokio_util::sync::CancellationToken;

async fn output(code: &str) -> RunOutput {
    let worker = WorkerCommand::program(env!("CARGO_BIN_EXE_ordo-js-worker"));
    let mut host = HostFunctions::new();
    host.insert("fail", |_call| async {
        let data = json!({ "code": "TOOL_ERROR", "tool": "read_file" });
        let Value::Object(data) = data else { unreachable!() };
        Err(HostError {
            name: "NotFound".to_owned(),
            message: "`nope.txt` does not exist".to_owned(),
            data,
        })
    });
    Runtime::new(RuntimeConfig { warm_workers: 0, ..RuntimeConfig::new(worker) })
        .run(&Script::javascript(code), &host, &CancellationToken::new())
        .await
        .unwrap_or_else(|error| panic!("{code:?}: {error}"))
}

#[tokio::test]
async fn r_rt_4_maps_sets_errors_and_bigints_are_carried_and_noted() {
    let out = output(
        r#"return { counts: new Map([["a", 1], ["__proto__", 2]]), ids: new Map([[1, "x"]]),
                    tags: new Set(["x", "y"]), big: 12n, error: new Error("oops") }"#,
    )
    .await;
    assert_eq!(out.result["counts"], json!({ "a": 1, "__proto__": 2 }), "own keys, even __proto__");
    assert_eq!(out.result["ids"], json!([[1, "x"]]));
    assert_eq!(out.result["tags"], json!(["x", "y"]));
    assert_eq!(out.result["big"], json!("12"));
    assert_eq!(out.result["error"]["name"], "Error");
    assert_eq!(out.result["error"]["message"], "oops");
    assert_eq!(out.result["error"]["stack"], "at the script (line 2, column 65)");
    assert_eq!(
        out.notes,
        [
            "result.counts was a Map of 2; it became an object",
            "result.ids was a Map of 1; it became an array of [key, value] entries",
            "result.tags was a Set of 2; it became an array",
            "result.big was the BigInt 12n; it became the string \"12\"",
        ]
    );
}

#[tokio::test]
async fn r_rt_4_a_caught_host_error_keeps_its_message_and_data() {
    let out = output("try { await fail({}) } catch (e) { return { error: e } }").await;
    let error = &out.result["error"];
    assert_eq!(error["message"], "`nope.txt` does not exist", "{error}");
    assert_eq!(error["name"], "NotFound");
    assert_eq!(error["code"], "TOOL_ERROR");
    assert_eq!(error["tool"], "read_file");
    assert!(out.notes.is_empty(), "{:?}", out.notes);
}

#[tokio::test]
async fn r_rt_4_what_json_cannot_hold_is_noted_where_it_was() {
    let out = output(
        r#"const p = Promise.resolve(1);
           return { n: NaN, list: [Infinity, undefined, () => 1], "odd key": { z: -0 }, p,
                    f() {}, s: Symbol("s"), u: undefined, fine: [1, "two", null] }"#,
    )
    .await;
    assert_eq!(
        out.result,
        json!({ "n": null, "list": [null, null, null], "odd key": { "z": 0 }, "p": null,
                "fine": [1, "two", null] })
    );
    assert_eq!(
        out.notes,
        [
            "result.n was NaN, which JSON cannot hold; it became null",
            "result.list[0] was Infinity, which JSON cannot hold; it became null",
            "result.list[1] was undefined; it became null",
            "result.list[2] was a function, which JSON cannot hold; it became null",
            "result[\"odd key\"].z was -0; it became 0",
            "result.p was a Promise (did you forget `await`?); it became null",
            "result.f was a function, which JSON cannot hold; it was left out",
            "result.s was a symbol, which JSON cannot hold; it was left out",
            "result.u was undefined; it was left out",
        ]
    );
}

#[tokio::test]
async fn r_rt_4_no_value_says_so_and_plain_json_has_no_notes() {
    for code in ["const x = 1", "return undefined", "(await Promise.resolve({})).missing"] {
        let out = output(code).await;
        assert_eq!(out.result, Value::Null, "{code}");
        assert_eq!(out.notes, ["no value returned: did you forget `return` or `await`?"], "{code}");
    }
    let out = output("return { a: [1, 2.5, 'x', true, null], b: { c: {} }, d: new Date(0) }").await;
    assert!(out.notes.is_empty(), "{:?}", out.notes);
    assert_eq!(out.result["d"], "1970-01-01T00:00:00.000Z");
}

#[tokio::test]
async fn r_rt_4_notes_are_bounded_and_a_script_cannot_break_the_converter() {
    let out = output("return Array.from({ length: 50 }, () => NaN)").await;
    assert_eq!(out.notes.len(), 11, "{:?}", out.notes);
    assert_eq!(out.notes[10], "… and 40 more notes");
    let out = output(
        r#"const m = new Map([["k", 1]]);
           JSON.stringify = () => "forged"; Map.prototype.entries = null; WeakMap = null;
           Array.prototype[Symbol.iterator] = null; Array.prototype.push = null;
           Object.defineProperty = null; Reflect.apply = null;
           return { m }"#,
    )
    .await;
    assert_eq!(out.result, json!({ "m": { "k": 1 } }));
    assert_eq!(out.notes, ["result.m was a Map of 1; it became an object"]);
}

/// Half of a surrogate pair (an emoji cut by `slice`) cannot be held by JSON text: it arrives as
/// U+FFFD with a note, and the run does not fail.
#[tokio::test]
async fn r_rt_4_a_string_cut_inside_a_surrogate_pair_arrives_as_the_replacement_character() {
    let out = output(r#"return ["😀x".slice(0, 1), "a😀".split(""), { ["k\ud800"]: "😀" }]"#).await;
    assert_eq!(
        out.result,
        json!(["\u{fffd}", ["a", "\u{fffd}", "\u{fffd}"], { "k\u{fffd}": "😀" }])
    );
    assert_eq!(out.notes.len(), 1, "{:?}", out.notes);
    assert!(out.notes[0].starts_with("4 unpaired UTF-16 surrogates"), "{:?}", out.notes);
}
