//! A run's random numbers (`engine/random.rs`): `Math.random`, `crypto.getRandomValues` and
//! `crypto.randomUUID` from one seed, so a run made again with its seed draws the same numbers
//! (what replaying a paused run needs), and runs given none draw different ones. Errors as Node
//! 20 gives them.
#![allow(clippy::unwrap_used)] // test helpers outside #[test] fns unwrap too

use ordo_runtime::{HostFunctions, Runtime, RuntimeConfig, Script, WorkerCommand};
use serde_json::{Value, json};
use tokio_util::sync::CancellationToken;

fn runtime() -> Runtime {
    let worker = WorkerCommand::program(env!("CARGO_BIN_EXE_ordo-js-worker"));
    Runtime::new(RuntimeConfig { warm_workers: 1, ..RuntimeConfig::new(worker) })
}

async fn run(runtime: &Runtime, script: Script) -> Value {
    runtime.run(&script, &HostFunctions::new(), &CancellationToken::new()).await.unwrap().result
}

/// Draws of every kind, interleaved as a script would.
const DRAWS: &str = "const out = [];
for (let i = 0; i < 5; i++) {
  out.push(Math.random());
  out.push(Array.from(crypto.getRandomValues(new Uint8Array(4))));
  out.push(crypto.randomUUID());
  out.push(String(crypto.getRandomValues(new BigUint64Array(1))[0]));
}
return out;";

#[tokio::test]
async fn a_seed_gives_the_same_numbers_and_no_seed_gives_others() {
    let runtime = runtime();
    let seeded = |seed| Script::javascript(DRAWS).with_seed(seed);
    let first = run(&runtime, seeded(42)).await;
    assert_eq!(first, run(&runtime, seeded(42)).await, "a run made again with its seed");
    assert_ne!(first, run(&runtime, seeded(43)).await, "another seed");
    let unseeded = run(&runtime, Script::javascript(DRAWS)).await;
    assert_ne!(unseeded, run(&runtime, Script::javascript(DRAWS)).await, "two unseeded runs");
    assert_ne!(unseeded, first);
}

#[tokio::test]
async fn the_draws_are_well_formed() {
    let code = "let sum = 0, low = 1, high = 0;
for (let i = 0; i < 100000; i++) { const x = Math.random(); sum += x; low = Math.min(low, x); high = Math.max(high, x); }
const ids = new Set();
const shape = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
let wellFormed = true;
for (let i = 0; i < 2000; i++) { const id = crypto.randomUUID(); wellFormed &&= shape.test(id); ids.add(id); }
const bytes = crypto.getRandomValues(new Uint8Array(65536));
const counts = new Array(256).fill(0);
for (const b of bytes) counts[b]++;
return { mean: sum / 100000, low, high, wellFormed, unique: ids.size,
         fewest: Math.min(...counts), most: Math.max(...counts) };";
    let value = run(&runtime(), Script::javascript(code).with_seed(7)).await;
    let mean = value["mean"].as_f64().unwrap();
    assert!((0.49..0.51).contains(&mean), "{value}");
    assert!(value["low"].as_f64().unwrap() >= 0.0 && value["high"].as_f64().unwrap() < 1.0);
    assert_eq!(value["wellFormed"], true, "{value}");
    assert_eq!(value["unique"], 2000);
    // 65,536 bytes over 256 values: 256 each on average.
    assert!(value["fewest"].as_u64().unwrap() > 180 && value["most"].as_u64().unwrap() < 340);
}

#[tokio::test]
async fn get_random_values_fills_its_view_and_refuses_as_node_does() {
    let code = "const buffer = new ArrayBuffer(8);
const view = new Uint8Array(buffer, 2, 4);
const same = crypto.getRandomValues(view) === view;
const whole = new Uint8Array(buffer);
const outside = [whole[0], whole[1], whole[6], whole[7]];
const refused = [];
for (const f of [() => crypto.getRandomValues(new Float32Array(1)),
                 () => crypto.getRandomValues(new Uint8Array(65537)),
                 () => crypto.getRandomValues(new DataView(new ArrayBuffer(4))),
                 () => crypto.getRandomValues([1, 2])]) {
  try { f(); refused.push('ok') } catch (e) { refused.push([String(e), e instanceof Error]) }
}
return { same, outside, refused, lengths: [crypto.randomUUID.length, crypto.getRandomValues.length, Math.random.length] };";
    let value = run(&runtime(), Script::javascript(code)).await;
    assert_eq!(value["same"], true);
    assert_eq!(value["outside"], json!([0, 0, 0, 0]), "bytes outside the view are untouched");
    let mismatch =
        json!(["TypeMismatchError: The data argument must be an integer-type TypedArray", true]);
    assert_eq!(
        value["refused"],
        json!([
            mismatch,
            ["QuotaExceededError: The requested length exceeds 65,536 bytes", true],
            mismatch,
            mismatch
        ])
    );
    assert_eq!(value["lengths"], json!([0, 1, 0]));
}
