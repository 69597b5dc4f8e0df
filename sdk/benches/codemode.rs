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
//! - `pausing/*` (issue 31): `run_code_1000_calls` in a session whose runs cannot pause and in
//!   one whose runs may (each call journaled, none pausing): what a pausable run pays; and a
//!   run of 200 calls and then one that needs approval, paused once, resumed: `resume_200`
//!   (the replay answers the 200 from the journal, the approved call runs) next to
//!   `live_201` (the same 201 calls made live, no approval).
//!
//! Scripts run in process (`RuntimeConfig::in_process`), so the figures are code mode's own;
//! a worker process adds the runtime's host-call round trip (see `runtime/benches/runtime.rs`).
//!
//! Run with `cargo bench -p ordo-sdk --bench codemode`.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

#[path = "../../tools/benches/support/fanout.rs"]
mod fanout;

use criterion::{Criterion, criterion_main};
use ordo_runtime::{Runtime, RuntimeConfig};
use ordo_sdk::pause::{MemoryStore, Pausing};
use ordo_sdk::{CodeModeConfig, install};
use ordo_tools::{
    ApprovalOutcome, ApprovalRequest, Arguments, CallRequest, CancellationToken, ErrorCode,
    ModelCall, Pipeline, PreDecision, Scheduler, ToolRegistry, ToolResult, policy,
};
use serde_json::json;

/// A session without a log: run_code and two tools.
fn scheduler() -> Scheduler {
    scheduler_with(None)
}

/// As [`scheduler`], its runs pausing into `pausing` when given; calls with `{ ask: true }`
/// need approval, which `pausing` answers (deferred, unless a resumption says otherwise).
fn scheduler_with(pausing: Option<Pausing>) -> Scheduler {
    let registry = ToolRegistry::new();
    registry.register(fanout::sleeper("noop", None)).expect("a valid tool");
    registry
        .register(fanout::sleeper("sleep10", Some(Duration::from_millis(10))))
        .expect("a valid tool");
    let mut config = CodeModeConfig::new(Runtime::new(RuntimeConfig::in_process()));
    config.pausing = pausing.clone();
    install(&registry, config).expect("code mode installs");
    let Some(pausing) = pausing else { return Scheduler::new(Pipeline::new(registry)) };
    let pipeline = Pipeline::builder(registry)
        .pre_execute(policy(|execution| {
            (execution.arguments().value()["ask"] == true).then(|| PreDecision::Ask(String::new()))
        }))
        .approval(move |request: ApprovalRequest| {
            let outcome = pausing.approval(&request).unwrap_or(ApprovalOutcome::Deferred);
            async move { outcome }
        })
        .build();
    Scheduler::new(pipeline)
}

/// A `run_code` call of `code` with the id `id`: its result.
async fn call(scheduler: &Scheduler, id: &str, code: &str) -> ToolResult {
    let call = ModelCall::new(id, "run_code", json!({ "code": code }).to_string());
    scheduler.call(&call, &CancellationToken::new()).await.expect("prepare does not break")
}

fn pausing(c: &mut Criterion) {
    let runtime = tokio::runtime::Runtime::new().expect("a tokio runtime");
    let plain = scheduler();
    let mut every_run = Pausing::new(Arc::new(MemoryStore::default()));
    every_run.every_run = true;
    let pausable = scheduler_with(Some(every_run.clone()));
    let mut group = c.benchmark_group("pausing");
    group.sample_size(20);
    let loop_code = "for (let i = 0; i < 1000; i++) await tools.noop({}); return 1";
    group.bench_function("run_code_1000_calls", |b| {
        b.to_async(&runtime).iter(|| run_code(&plain, loop_code))
    });
    group.bench_function("run_code_1000_calls_pausable", |b| {
        b.to_async(&runtime).iter(|| run_code(&pausable, loop_code))
    });
    let asking = "for (let i = 0; i < 200; i++) await tools.noop({ i }); \
                  await tools.noop({ ask: true }); return 1";
    let paused = runtime.block_on(call(&pausable, "pause", asking));
    assert_eq!(paused.error().map(|error| error.code), Some(ErrorCode::Paused));
    let run = every_run.take_paused("pause").expect("the run paused");
    assert_eq!(run.settled.len(), 200);
    let allowed: HashMap<u64, ApprovalOutcome> = [(201, ApprovalOutcome::AllowedOnce)].into();
    group.bench_function("resume_200", |b| {
        b.to_async(&runtime).iter(|| async {
            every_run.allow("resume", Some(run.clone()), allowed.clone());
            let result = call(&pausable, "resume", asking).await;
            assert!(!result.is_error(), "{:?}", result.error());
        })
    });
    let live = "for (let i = 0; i < 201; i++) await tools.noop({ i }); return 1";
    group.bench_function("live_201", |b| b.to_async(&runtime).iter(|| run_code(&plain, live)));
    group.finish();
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
    criterion::criterion_group!(benches, super::sequential, super::fanout, super::pausing);
}

criterion_main!(harness::benches);
