//! The scheduler of one model step, measured (R-SCHED-3, R-SCHED-7).
//!
//! - `fanout/100x10ms_pool10`: 100 parallel-safe calls of a tool that sleeps 10 ms (on a blocking
//!   thread, see `support/fanout.rs`) with the pool at 10. The ideal is 10 waves of 10 ms =
//!   100 ms; the goal is wall/ideal ≤ 1.05. `fanout/baseline_pool` runs the same pool shape
//!   without ordo (a semaphore and spawned sleeps), measured in the same run.
//! - `noop/scheduler_1000`: 1,000 parallel-safe no-op calls in one step, for the per-call cost of
//!   scheduling (log events, a task per dispatch, ordered commit), next to
//!   `noop/pipeline_1000`: the same 1,000 calls through `Pipeline::call` one after another, the
//!   baseline measured in the same run.
//!
//! Run with `cargo bench -p ordo-tools --bench scheduler`.

use std::time::Duration;

#[path = "support/fanout.rs"]
mod fanout;

use criterion::{Criterion, criterion_main};
use ordo_tools::session::{DiscardSink, SessionLog};
use ordo_tools::{
    Arguments, CallRequest, CancellationToken, ModelCall, Pipeline, Scheduler, ToolRegistry,
};

fn scheduler(pool: usize) -> Scheduler {
    let registry = ToolRegistry::new();
    registry
        .register(fanout::sleeper("sleep10", Some(Duration::from_millis(10))))
        .expect("valid tool");
    registry.register(fanout::sleeper("noop", None)).expect("valid tool");
    Scheduler::builder(Pipeline::new(registry))
        .log(SessionLog::new(DiscardSink))
        .max_parallel_tool_calls(pool)
        .build()
}

fn step(name: &str, calls: usize) -> Vec<ModelCall> {
    (0..calls).map(|i| ModelCall::new(format!("call-{i}"), name, "{}")).collect()
}

fn fanout(c: &mut Criterion) {
    let runtime = tokio::runtime::Runtime::new().expect("a tokio runtime");
    let scheduler = scheduler(10);
    let calls = step("sleep10", 100);
    let mut group = c.benchmark_group("fanout");
    group.sample_size(20).measurement_time(Duration::from_secs(5));
    group.bench_function("100x10ms_pool10", |b| {
        b.to_async(&runtime).iter(|| async {
            let outcome =
                scheduler.run_step(&calls, &CancellationToken::new()).await.expect("no failure");
            assert_eq!(outcome.results.len(), 100);
        });
    });
    // The same rolling pool without ordo: 100 sleeps of 10 ms, at most 10 at once.
    group.bench_function("baseline_pool", |b| {
        b.to_async(&runtime).iter(|| fanout::baseline_pool(100, 10, Duration::from_millis(10)));
    });
    group.finish();
}

fn noop(c: &mut Criterion) {
    let runtime = tokio::runtime::Runtime::new().expect("a tokio runtime");
    let scheduler = scheduler(10);
    let calls = step("noop", 1_000);
    let mut group = c.benchmark_group("noop");
    group.sample_size(20);
    group.bench_function("scheduler_1000", |b| {
        b.to_async(&runtime).iter(|| async {
            let outcome =
                scheduler.run_step(&calls, &CancellationToken::new()).await.expect("no failure");
            assert_eq!(outcome.results.len(), 1_000);
        });
    });
    let pipeline = scheduler.pipeline().clone();
    group.bench_function("pipeline_1000", |b| {
        b.to_async(&runtime).iter(|| async {
            for call in &calls {
                let request = CallRequest::new(
                    call.id.as_str(),
                    call.name.as_str(),
                    Arguments::parse(&call.arguments),
                );
                pipeline.call(request).await.expect("no failure");
            }
        });
    });
    group.finish();
}

/// criterion's macro makes an undocumented public function.
#[allow(missing_docs)]
mod harness {
    criterion::criterion_group!(benches, super::fanout, super::noop);
}

criterion_main!(harness::benches);
