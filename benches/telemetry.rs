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
//! what a call's path itself costs, leaving out the exporter's threads, which on a small
//! machine take CPUs from the calls and make wall time noisy.
//!
//! The goal: `off` no different from `none` beyond noise, `on` at most 5 µs a call more.
//!
//! Run with `cargo bench --bench telemetry`.

#[path = "../tests/cli/otel/receiver.rs"]
#[allow(dead_code, clippy::unwrap_used)]
mod receiver;
#[path = "support/thread_cpu.rs"]
mod thread_cpu;

use std::hint::black_box;
use std::sync::Arc;
use std::time::Duration;

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

/// The subscribers in turn, each the thread's default while `measure` runs.
fn under_each(mut measure: impl FnMut(&str)) -> Telemetry {
    measure("none");
    {
        let _off = tracing::subscriber::set_default(off());
        measure("off");
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
        measure("on");
    }
    std::mem::forget(receiver);
    telemetry
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
    let mut wall = Criterion::default().configure_from_args();
    measure(&mut wall, "", &runtime, &pipeline, &mut exports);
    wall.final_summary();
    let mut cpu = Criterion::default().with_measurement(ThreadCpuTime::new()).configure_from_args();
    measure(&mut cpu, "_cpu", &runtime, &pipeline, &mut exports);
    cpu.final_summary();
    for telemetry in exports {
        telemetry.shutdown();
    }
}

/// Both shapes under each subscriber, in groups named `telemetry_{shape}{suffix}`.
fn measure<M: Measurement>(
    criterion: &mut Criterion<M>,
    suffix: &str,
    runtime: &tokio::runtime::Runtime,
    pipeline: &Pipeline,
    exports: &mut Vec<Telemetry>,
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
    for (shape, tool) in [("call", "noop"), ("nested10", "parent")] {
        let mut group = criterion.benchmark_group(format!("telemetry_{shape}{suffix}"));
        group.warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3));
        exports.push(under_each(|subscriber| {
            group.bench_function(subscriber, |b| b.to_async(runtime).iter(|| call(tool)));
        }));
        group.finish();
    }
}
