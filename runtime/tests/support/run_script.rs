//! A script run in a fresh worker of `ordo-js-worker`, with no tools, for the tests that only
//! need its result.

use ordo_runtime::{HostFunctions, Runtime, RuntimeConfig, Script, WorkerCommand};
use serde_json::Value;
use std::time::Duration;
use tokio_util::sync::CancellationToken;

/// What `code` returns; a failed run panics with its error. The deadline is long: a debug
/// build runs some bodies twice over for `node_lines`.
pub(crate) async fn run(code: &str) -> Value {
    let worker = WorkerCommand::program(env!("CARGO_BIN_EXE_ordo-js-worker"));
    Runtime::new(RuntimeConfig { warm_workers: 0, ..RuntimeConfig::new(worker) })
        .run(
            &Script::javascript(code).with_deadline(Duration::from_secs(120)),
            &HostFunctions::new(),
            &CancellationToken::new(),
        )
        .await
        .unwrap_or_else(|error| panic!("{error}"))
        .result
}
