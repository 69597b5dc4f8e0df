//! Blocking host functions (`HostFunctions::insert_blocking`): called without `await`, their
//! answer returned where the script stands, their arguments converted as a result is, and the
//! answers of the script's other calls that arrive meanwhile delivered afterwards, in order.
#![allow(clippy::unwrap_used)]

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use ordo_runtime::{
    ErrorKind, HostError, HostFunctions, Runtime, RuntimeConfig, Script, WorkerCommand,
};
use serde_json::{Value, json};
use tokio_util::sync::CancellationToken;

fn runtime() -> Runtime {
    let worker = WorkerCommand::program(env!("CARGO_BIN_EXE_ordo-js-worker"));
    Runtime::new(RuntimeConfig { warm_workers: 1, ..RuntimeConfig::new(worker) })
}

/// `put(key, value)` and `get(key)` over a map, blocking; `slow(ms)` answers after `ms`.
fn host() -> (HostFunctions, Arc<Mutex<HashMap<String, Value>>>) {
    let kept: Arc<Mutex<HashMap<String, Value>>> = Arc::default();
    let mut host = HostFunctions::new();
    let put = Arc::clone(&kept);
    host.insert_blocking("put", move |call| {
        let args = call.args.as_array().cloned().unwrap_or_default();
        let key = args.first().and_then(Value::as_str).unwrap_or_default().to_owned();
        let mut kept = put.lock().unwrap();
        match args.get(1) {
            Some(value) => kept.insert(key, value.clone()),
            None => kept.remove(&key),
        };
        std::future::ready(Ok(None))
    });
    let get = Arc::clone(&kept);
    host.insert_blocking("get", move |call| {
        let key = call.args[0].as_str().unwrap_or_default().to_owned();
        let value = get.lock().unwrap().get(&key).cloned();
        async move {
            // An answer that takes a while: the script waits where it stands.
            tokio::time::sleep(Duration::from_millis(5)).await;
            Ok(value)
        }
    });
    host.insert_blocking("refuse", |_call| async {
        Err(HostError { name: "RangeError".into(), ..HostError::new("over the quota") })
    });
    host.insert("slow", |call| async move {
        let ms = call.args.as_u64().unwrap_or(0);
        tokio::time::sleep(Duration::from_millis(ms)).await;
        Ok(json!(ms))
    });
    (host, kept)
}

async fn result(code: &str) -> Value {
    let (host, _) = host();
    let outcome = runtime().run(&Script::javascript(code), &host, &CancellationToken::new()).await;
    outcome.unwrap_or_else(|error| panic!("{code}: {error}")).result
}

#[tokio::test]
async fn a_blocking_call_returns_its_answer_without_await() {
    let value = result(
        "put('n', 1); const first = get('n'); put('n', first + 1); \
         return { n: get('n'), missing: get('nope'), type: typeof get('n'), removed: (put('n'), get('n')) === undefined }",
    )
    .await;
    assert_eq!(value, json!({ "n": 2, "type": "number", "removed": true }));
    assert_eq!(result("return get('nope') === undefined").await, json!(true));
}

#[tokio::test]
async fn called_from_loops_and_callbacks_every_call_is_answered_in_place() {
    let value = result(
        "for (let i = 0; i < 200; i++) put('k' + i, { i, square: i * i }); \
         const sum = Array.from({ length: 200 }, (_, i) => get('k' + i).square).reduce((a, b) => a + b, 0); \
         const mapped = [1, 2, 3].map(i => (put('m', i), get('m'))); \
         return { sum, mapped }",
    )
    .await;
    assert_eq!(value, json!({ "sum": 2_646_700, "mapped": [1, 2, 3] }));
}

#[tokio::test]
async fn answers_to_other_calls_that_arrive_while_it_waits_come_after_in_order() {
    // The async calls answer while the blocking ones wait (each `get` waits 5 ms): their
    // answers are kept and delivered in the order they came.
    let value = result(
        "const order = []; \
         const calls = [0, 1, 2].map(ms => slow(ms).then(v => order.push('slow' + v))); \
         for (let i = 0; i < 3; i++) { put('x', i); order.push('got' + get('x')); } \
         await Promise.all(calls); return order",
    )
    .await;
    assert_eq!(value, json!(["got0", "got1", "got2", "slow0", "slow1", "slow2"]));
}

#[tokio::test]
async fn arguments_convert_as_results_do_and_what_json_cannot_hold_is_a_type_error() {
    let value = result(
        "put('m', new Map([['a', 1]])); put('s', new Set([1, 2])); put('d', new Date(0)); \
         put('o', { toJSON() { return 'custom' } }); \
         return [get('m'), get('s'), get('d'), get('o')]",
    )
    .await;
    assert_eq!(value, json!([{ "a": 1 }, [1, 2], "1970-01-01T00:00:00.000Z", "custom"]));
    let (host, kept) = host();
    for (code, expected) in [
        (
            "put('f', { items: [1, () => 2] })",
            "TypeError: put: arguments[1].items[1] is a function",
        ),
        (
            "put('p', Promise.resolve(1))",
            "TypeError: put: arguments[1] is a Promise (did you forget `await`?)",
        ),
        ("const a = {}; a.self = a; put('c', a)", "TypeError: put: arguments[1] is circular"),
        ("put('y', { s: Symbol('x') })", "TypeError: put: arguments[1].s is a symbol"),
    ] {
        let code = format!("try {{ {code}; return 'kept' }} catch (e) {{ return String(e) }}");
        let script = Script::javascript(&code);
        let value = runtime().run(&script, &host, &CancellationToken::new()).await.unwrap().result;
        let text = value.as_str().unwrap();
        assert!(text.starts_with(expected), "{code}: {text}");
    }
    assert!(kept.lock().unwrap().is_empty(), "nothing refused was sent");
}

#[tokio::test]
async fn a_refusal_is_thrown_where_the_call_is_and_can_be_caught() {
    let value = result("try { refuse('x') } catch (e) { return [e.name, e.message] }").await;
    assert_eq!(value, json!(["RangeError", "over the quota"]));
    let (host, _) = host();
    let error = runtime()
        .run(&Script::javascript("refuse(1)"), &host, &CancellationToken::new())
        .await
        .unwrap_err();
    assert_eq!(error.kind, ErrorKind::Runtime);
    assert!(error.message.starts_with("RangeError: over the quota"), "{error}");
}
