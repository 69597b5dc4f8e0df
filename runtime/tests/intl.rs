//! `Intl`, `localeCompare` and `toLocale*` give what V8 gives (R-RT-2): `intl/cases.js` is run
//! by the worker and its answers compared with `intl/v8.json`, recorded from Node.js (V8 with
//! its ICU) by `TZ=UTC node runtime/tests/intl/record.js > runtime/tests/intl/v8.json`.
#![cfg(feature = "intl")]
#![allow(clippy::unwrap_used)] // test helpers outside #[test] fns unwrap too

use ordo_runtime::{HostFunctions, Runtime, RuntimeConfig, Script, WorkerCommand};
use serde_json::Value;
use tokio_util::sync::CancellationToken;

#[tokio::test]
async fn r_rt_2_intl_formats_as_v8_does() {
    let worker = WorkerCommand::program(env!("CARGO_BIN_EXE_ordo-js-worker"));
    let code = include_str!("intl/cases.js");
    let out = Runtime::new(RuntimeConfig { warm_workers: 0, ..RuntimeConfig::new(worker) })
        .run(&Script::javascript(code), &HostFunctions::new(), &CancellationToken::new())
        .await
        .unwrap();
    let v8: Value = serde_json::from_str(include_str!("intl/v8.json")).unwrap();
    let (Value::Object(v8), Value::Object(ours)) = (v8, out.result) else { panic!("objects") };
    let differ: Vec<String> = v8
        .iter()
        .filter(|(key, expected)| ours.get(*key) != Some(*expected))
        .map(|(key, expected)| format!("{key}: V8 {expected}, ordo {:?}", ours.get(key)))
        .collect();
    assert!(differ.is_empty(), "{} of {} differ:\n{}", differ.len(), v8.len(), differ.join("\n"));
    assert!(out.notes.is_empty(), "{:?}", out.notes);
}
