//! Code mode, measured: what a nested call costs beyond the tool itself, and how a fan-out of
//! nested calls uses the pool.
//!
//! - `sequential/run_code_1000_calls`: a script awaiting 1,000 no-op tool calls one after the
//!   other; next to `sequential/run_code_trivial` (the same run_code call returning at once) and
//!   `sequential/pipeline_1000_calls` (1,000 top-level `Pipeline::call`s of the same tool): the
//!   per-call overhead of code mode is (1000 calls − trivial) / 1000 − pipeline call.
//! - `fanout/promise_all_100x10ms`: `Promise.all` over 100 calls of a tool sleeping 10 ms (on a
//!   blocking thread, see `tools/benches/support/fanout.rs`), pool 10: ideal 100 ms; next to
//!   `fanout/baseline_pool`, the same pool shape without ordo, measured in the same run.
//!
//! Scripts run in process (`RuntimeConfig::in_process`), so the figures are code mode's own;
//! a worker process adds the runtime's host-call round trip (see `runtime/benches/runtime.rs`).
//!
//! Run with `cargo bench -p ordo-sdk --bench codemode`.

use std::time::Duration;

#[path = "../../tools/benches/support/fanout.rs"]
mod fanout;

use criterion::{Criterion, criterion_main};
use ordo_runtime::{Runtime, RuntimeConfig};
use ordo_sdk::{CodeModeConfig, install};
use ordo_tools::{
    Arguments, CallRequest, CancellationToken, ModelCall, Pipeline, Scheduler, ToolRegistry,
};
use serde_json::json;

/// A session without a log: run_code and two tools.
fn scheduler() -> Scheduler {
    let registry = ToolRegistry::new();
    registry.register(fanout::sleeper("noop", None)).expect("a valid tool");
    registry
        .register(fanout::sleeper("sleep10", Some(Duration::from_millis(10))))
        .expect("a valid tool");
    let config = CodeModeConfig::new(Runtime::new(RuntimeConfig::in_process()));
    install(&registry, config).expect("code mode installs");
    Scheduler::new(Pipeline::new(registry))
}

/// One independent `run_code` call.
async fn run_code(scheduler: &Scheduler, code: &str) {
    let call = ModelCall::new("run", "run_code", json!({ "code": code }).to_string());
    let result =
        scheduler.call(&call, &CancellationToken::new()).await.expect("prepare does not break");
    assert!(!result.is_error(), "{:?}", result.error());
}

fn sequential(c: &mut Criterion) {
    let runtime = tokio::runtime::Runtime::new().expect("a tokio runtime");
    let scheduler = scheduler();
    let pipeline = scheduler.pipeline().clone();
    let mut group = c.benchmark_group("sequential");
    group.sample_size(20);
    group.bench_function("run_code_trivial", |b| {
        b.to_async(&runtime).iter(|| run_code(&scheduler, "return 1"))
    });
    let loop_code = "for (let i = 0; i < 1000; i++) await tools.noop({}); return 1";
    group.bench_function("run_code_1000_calls", |b| {
        b.to_async(&runtime).iter(|| run_code(&scheduler, loop_code))
    });
    group.bench_function("pipeline_1000_calls", |b| {
        b.to_async(&runtime).iter(|| async {
            for i in 0..1000 {
                let request = CallRequest::new(format!("c{i}"), "noop", Arguments::parse("{}"));
                pipeline.call(request).await.expect("prepare does not break");
            }
        });
    });
    group.finish();
}

fn fanout(c: &mut Criterion) {
    let runtime = tokio::runtime::Runtime::new().expect("a tokio runtime");
    let scheduler = scheduler();
    let mut group = c.benchmark_group("fanout");
    group.sample_size(20).measurement_time(Duration::from_secs(5));
    let code =
        "return (await Promise.all(Array.from({ length: 100 }, () => tools.sleep10({})))).length";
    group.bench_function("promise_all_100x10ms", |b| {
        b.to_async(&runtime).iter(|| run_code(&scheduler, code))
    });
    group.bench_function("baseline_pool", |b| {
        b.to_async(&runtime).iter(|| fanout::baseline_pool(100, 10, Duration::from_millis(10)));
    });
    group.finish();
}

/// criterion's macro makes an undocumented public function.
#[allow(missing_docs)]
mod harness {
    criterion::criterion_group!(benches, super::sequential, super::fanout);
}

criterion_main!(harness::benches);
