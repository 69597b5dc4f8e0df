//! ordo's patch 41 to Boa (vendor/README.md) and the worker allocator's count of held bytes: the
//! engine's collector counts its own boxes, not the elements an array owns, so a loop that makes
//! a large array each turn and drops it never reached its threshold, and the worker ran out of
//! memory on garbage (1,500 turns of `Array.from({ length: 1e5 }, f)` in a 1 GiB worker). Here
//! a loop splits a 200,000-character text into an array of its characters each turn (1.6 MB of
//! elements, 480 MB in all) in a worker allowed 256 MiB of address space: it must finish, with
//! every array's contents intact.

use std::time::Duration;

use ordo_runtime::{HostFunctions, Runtime, RuntimeConfig, Script, WorkerCommand};
use serde_json::json;
use tokio_util::sync::CancellationToken;

#[tokio::test]
async fn a_loop_of_large_temporary_arrays_runs_in_a_small_worker() {
    let worker = WorkerCommand::program(env!("CARGO_BIN_EXE_ordo-js-worker"));
    let mut config = RuntimeConfig::new(worker);
    config.limits.deadline = Duration::from_secs(60);
    config.limits.memory_bytes = 256 << 20;
    config.warm_workers = 0;
    let code = r#"
        let total = 0;
        const text = "ab".repeat(1e5);
        for (let turn = 0; turn < 300; turn++) {
            const characters = text.split("");
            characters[turn] = "c";
            total += characters.length + (characters[turn] === "c") + (characters[199999] === "b");
        }
        return total;
    "#;
    let output = Runtime::new(config)
        .run(&Script::javascript(code), &HostFunctions::new(), &CancellationToken::new())
        .await
        .unwrap_or_else(|error| panic!("the loop should finish: {error}"));
    // Each turn adds 200,000 + 1 + 1.
    assert_eq!(output.result, json!(300 * 200_002));
}
