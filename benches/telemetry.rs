//! What OpenTelemetry costs a call (issue 35): one call through the pipeline, and a tool body's
//! ten nested calls, each under three subscribers, in one criterion group per shape so the
//! figures read as ratios of each other:
//!
//! - `none`: no subscriber at all, the baseline;
//! - `off`: what `ordo` installs when nothing asks to export: its log layer, at `warn`, which
//!   turns the `execute_tool` spans off at their call sites;
//! - `on`: that and the export layer (`ordo::telemetry`), sending in batches on the SDK's
//!   threads to an OTLP receiver on a loopback port (the tests' receiver, reading each batch
//!   without decoding or keeping it, as a collector on another machine would cost nothing here).
//!
//! Each is measured twice: in wall time (`telemetry_call`, `telemetry_nested10`), and in the
//! CPU time of the thread that makes the calls (`telemetry_call_cpu`, `telemetry_nested10_cpu`):
//! what a call's path itself costs, leaving out the exporter's threads.
//!
//! What is timed is a call's path, with the exporter idle: the calls run in chunks of at most
//! 500 spans, and between chunks, off the clock, the export sends what they made and waits for
//! the receiver (`Telemetry::flush`). Timing a stream of calls that never lets the exporter
//! catch up measured something else: on two CPUs the calls, the exporter and the receiver took
//! turns, and the batch queue overran and dropped spans (with their cost). The exporter's own
//! work is reported apart, at the end: the flushes' wall time per span.
//!
//! The goal: `off` no different from `none` beyond noise, `on` at most 5 µs a call more.
//!
//! Run with `cargo bench --bench telemetry`.

#[path = "../tests/cli/otel/receiver.rs"]
#[allow(dead_code, clippy::unwrap_used)]
mod receiver;
#[path = "support/thread_cpu.rs"]
mod thread_cpu;

use std::cell::RefCell;
use std::hint::black_box;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use criterion::Criterion;
use criterion::measurement::Measurement;
use ordo::telemetry::{Settings, Telemetry};
use ordo_tools::{
    Arguments, CallContext, CallRequest, CancellationToken, ContentBlock, Pipeline, ToolDefinition,
    ToolFailure, ToolOutput, ToolRegistry,
};
use serde_json::{Value, json};
use thread_cpu::ThreadCpuTime;
use tracing_subscriber::filter::LevelFilter;
use tracing_subscriber::prelude::*;

/// The nested calls the parent's body makes, one after the other.
const NESTED: usize = 10;

/// The most spans made between two flushes: under the 512 at which a batch leaves.
const CHUNK_SPANS: u64 = 500;

/// A tool that returns `{}` at once.
fn noop() -> ToolDefinition {
    ToolDefinition::new(
        "noop",
        "Does nothing.",
        json!({ "type": "object" }),
        ToolOutput::new(json!({ "type": "object" }), |_, _| vec![ContentBlock::text("ok")]),
        |_: Arc<Value>, _: CallContext| async { Ok(json!({})) },
    )
}

/// A tool whose body calls `noop` [`NESTED`] times through its nested door, as `run_code` does.
fn parent() -> ToolDefinition {
    let body = |_: Arc<Value>, context: CallContext| async move {
        let nested = context.nested().ok_or_else(|| ToolFailure::new("no nested door"))?;
        for index in 0..NESTED {
            let id = Arc::from(format!("{}.{index}", context.call_id()));
            let call = nested.call(id, "noop", Arguments::parse("{}"), CancellationToken::new());
            black_box(call.await);
        }
        Ok(json!({}))
    };
    ToolDefinition::new(
        "parent",
        "Calls noop ten times.",
        json!({ "type": "object" }),
        ToolOutput::new(json!({ "type": "object" }), |_, _| vec![ContentBlock::text("ok")]),
        body,
    )
}

/// What ordo installs with export off: its log layer at `warn`.
fn off() -> impl tracing::Subscriber + Send + Sync {
    let logs = tracing_subscriber::fmt::layer().with_writer(std::io::sink);
    tracing_subscriber::registry().with(logs.with_filter(LevelFilter::WARN))
}

/// The subscribers in turn, each the thread's default while `measure` runs; `on` is given the
/// export it measures.
fn under_each(mut measure: impl FnMut(&str, Option<&Telemetry>)) -> Telemetry {
    measure("none", None);
    {
        let _off = tracing::subscriber::set_default(off());
        measure("off", None);
    }
    let receiver = receiver::Receiver::discarding();
    let settings = Settings {
        service_name: "ordo-bench".to_owned(),
        content: None,
        endpoint: Some(receiver.endpoint()),
    };
    let (telemetry, export) = match Telemetry::start(&settings) {
        Ok(started) => started,
        Err(error) => panic!("{error}"),
    };
    let logs = tracing_subscriber::fmt::layer().with_writer(std::io::sink);
    let on = tracing_subscriber::registry().with(logs.with_filter(LevelFilter::WARN)).with(export);
    {
        let _on = tracing::subscriber::set_default(on);
        measure("on", Some(&telemetry));
    }
    std::mem::forget(receiver);
    telemetry
}

/// The time since the benchmark began: the wall clock [`Chunked::timed`] reads.
fn wall_now() -> Duration {
    static BEGAN: OnceLock<Instant> = OnceLock::new();
    BEGAN.get_or_init(Instant::now).elapsed()
}

/// The exporter's own work, off the calls' path: how long its flushes took, and for how many
/// spans.
#[derive(Default)]
struct ExportCost {
    flushing: Duration,
    spans: u64,
}

fn main() {
    let runtime = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
        Ok(runtime) => runtime,
        Err(error) => panic!("cannot build the tokio runtime: {error}"),
    };
    let registry = ToolRegistry::new();
    for definition in [noop(), parent()] {
        if let Err(error) = registry.register(definition) {
            panic!("{error}");
        }
    }
    let pipeline = Pipeline::new(registry);
    let mut exports = Vec::new();
    let cost = RefCell::new(ExportCost::default());
    let mut wall = Criterion::default().configure_from_args();
    measure(&mut wall, "", wall_now, &runtime, &pipeline, &mut exports, &cost);
    wall.final_summary();
    let mut cpu = Criterion::default().with_measurement(ThreadCpuTime::new()).configure_from_args();
    measure(&mut cpu, "_cpu", thread_cpu::now, &runtime, &pipeline, &mut exports, &cost);
    cpu.final_summary();
    for telemetry in exports {
        telemetry.shutdown();
    }
    let cost = cost.into_inner();
    if cost.spans > 0 {
        let each = cost.flushing.as_secs_f64() * 1e6 / cost.spans as f64;
        println!(
            "export, off the calls' path: {each:.2} us a span (the wall time of flushing {} spans \
             to the receiver, in batches of at most {CHUNK_SPANS})",
            cost.spans
        );
    }
}

/// Both shapes under each subscriber, in groups named `telemetry_{shape}{suffix}`, timed with
/// `clock` (wall or the calling thread's CPU time).
fn measure<M: Measurement<Value = Duration>>(
    criterion: &mut Criterion<M>,
    suffix: &str,
    clock: fn() -> Duration,
    runtime: &tokio::runtime::Runtime,
    pipeline: &Pipeline,
    exports: &mut Vec<Telemetry>,
    cost: &RefCell<ExportCost>,
) {
    let call = |tool: &'static str| {
        let pipeline = pipeline.clone();
        async move {
            let result = pipeline.call(CallRequest::new("c", tool, Arguments::parse("{}"))).await;
            match result {
                Ok(result) if !result.is_error() => black_box(result),
                other => panic!("the benchmark's call failed: {other:?}"),
            };
        }
    };
    for (shape, tool, spans) in [("call", "noop", 1), ("nested10", "parent", 1 + NESTED as u64)] {
        let mut group = criterion.benchmark_group(format!("telemetry_{shape}{suffix}"));
        group.warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3));
        exports.push(under_each(|subscriber, telemetry| {
            group.bench_function(subscriber, |b| {
                b.to_async(runtime).iter_custom(|iters| {
                    let chunked = Chunked { clock, spans, telemetry, cost };
                    chunked.timed(iters, || call(tool))
                });
            });
        }));
        group.finish();
    }
}

/// How the calls of one measurement are timed.
#[derive(Clone, Copy)]
struct Chunked<'a> {
    clock: fn() -> Duration,
    /// The spans one iteration makes.
    spans: u64,
    /// The export, under `on`.
    telemetry: Option<&'a Telemetry>,
    cost: &'a RefCell<ExportCost>,
}

impl Chunked<'_> {
    /// Runs `iters` iterations in chunks of at most [`CHUNK_SPANS`] spans, timing the calls
    /// alone. A batch leaves when 512 spans wait, so no batch is sent while calls are timed;
    /// after each chunk, off the clock, the export sends what the chunk made and waits for the
    /// receiver (`Telemetry::flush`). So every span measured is exported (a queue overrun
    /// would drop spans, and their cost with them), and the exporter's work stays off the
    /// clock as it stays off a call's path. Without export the chunks are timed the same way.
    async fn timed<F: Future<Output = ()>>(
        self,
        iters: u64,
        mut call: impl FnMut() -> F,
    ) -> Duration {
        let per_chunk = (CHUNK_SPANS / self.spans).max(1);
        let mut timed = Duration::ZERO;
        let mut left = iters;
        while left > 0 {
            let chunk = left.min(per_chunk);
            let began = (self.clock)();
            for _ in 0..chunk {
                call().await;
            }
            timed += (self.clock)().saturating_sub(began);
            left -= chunk;
            if let Some(telemetry) = self.telemetry {
                let began = Instant::now();
                if let Err(error) = telemetry.flush() {
                    panic!("{error}");
                }
                let mut cost = self.cost.borrow_mut();
                cost.flushing += began.elapsed();
                cost.spans += chunk * self.spans;
            }
        }
        timed
    }
}
