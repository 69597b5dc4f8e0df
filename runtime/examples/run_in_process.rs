//! Runs one script file in this process's own engine and prints its result: for profiling the
//! engine, which a worker process hides from profilers that cannot follow it (valgrind does
//! not know the `pidfd_open` call that starts one).
//!
//! ```text
//! cargo build --profile release -p ordo-runtime --example run_in_process
//! valgrind --tool=callgrind target/release/examples/run_in_process script.js
//! ```
//!
//! The run has no deadline (a profiler slows it down fifty times) and no tools. It allocates
//! with the system's allocator, or with a worker's when started with
//! `ORDO_WORKER_ALLOCATOR=mimalloc MIMALLOC_ARENA_RESERVE=32MiB MIMALLOC_ALLOW_THP=0`
//! (`worker/allocator.rs`).
//!
//! With `RUN_IN_WORKER=PROGRAM` it runs the script in a worker process of `PROGRAM` instead
//! (`target/release/ordo`, `ordo-js-worker`, or a shell script that `exec`s one with other
//! variables: a worker's environment is cleared), so that the same host times the same script
//! in both places.

use std::process::ExitCode;
use std::time::Duration;

use ordo_runtime::{HostFunctions, Runtime, RuntimeConfig, Script};
use tokio_util::sync::CancellationToken;

#[global_allocator]
static ALLOCATOR: ordo_runtime::worker::WorkerAllocator = ordo_runtime::worker::WorkerAllocator;

#[path = "support/script_file.rs"]
mod script_file;

fn main() -> ExitCode {
    let code = match script_file::read_script("run_in_process SCRIPT.js") {
        Ok((_, code)) => code,
        Err(exit) => return exit,
    };
    let mut config = match std::env::var_os("RUN_IN_WORKER") {
        Some(worker) => RuntimeConfig::new(ordo_runtime::WorkerCommand::program(worker)),
        None => RuntimeConfig::in_process(),
    };
    config.limits.deadline = Duration::from_secs(24 * 3600);
    config.limits.cpu_time = Duration::from_secs(24 * 3600);
    let runtime = Runtime::new(config);
    let tokio = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
        Ok(tokio) => tokio,
        Err(error) => {
            eprintln!("cannot start tokio: {error}");
            return ExitCode::FAILURE;
        }
    };
    let script = Script::javascript(code);
    let host = HostFunctions::new();
    match tokio.block_on(runtime.run(&script, &host, &CancellationToken::new())) {
        Ok(output) => {
            println!("{}", output.result);
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("{error}");
            ExitCode::FAILURE
        }
    }
}
