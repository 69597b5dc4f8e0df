//! What one call costs in the pipeline itself, apart from the tool's own work (DESIGN.md §2).
//!
//! A no-op tool (its body returns `{ "ok": true }` at once) is called three ways, in one
//! criterion group, `pipeline`, so the figures read as ratios of each other:
//!
//! - `pipeline/direct`: the body called directly,
//!   `definition.body().call(args, CallContext::new(..))`. The baseline: the boxed future,
//!   the context and the value the body returns.
//! - `pipeline/no_hooks`: the same tool through [`Pipeline::call`] with no hooks: parsing the
//!   raw arguments, then begin, prepare, dispatch (argument validation against a one-property
//!   schema, the body, output validation, `render` into one text block), finalize and finish.
//! - `pipeline/hooks`: the same, with three pass-through `pre_execute` policies, three passing
//!   global guards and the timeout policy as an `execute` hook. The tool declares a 30 s
//!   timeout, so the policy arms a timer and hands the body a child signal on every call.
//!
//! The goal: a call through the pipeline with no hooks (`pipeline/no_hooks`) takes at most 3 µs.
//!
//! Run with `cargo bench -p ordo-tools --bench pipeline`.

use std::hint::black_box;
use std::sync::Arc;
use std::time::Duration;

use criterion::Criterion;
use ordo_tools::{
    Arguments, CallContext, CallId, CallRequest, CancellationToken, ContentBlock, Execution,
    Pipeline, ToolDefinition, ToolOutput, ToolRegistry, policy,
};
use serde_json::{Value, json};

/// The tool's name.
const TOOL: &str = "noop";

/// The arguments, as a model would send them.
const RAW_ARGUMENTS: &str = r#"{"text":"hello"}"#;

/// How many `pre_execute` policies and global guards `pipeline/hooks` adds, of each.
const HOOKS: usize = 3;

/// The no-op tool: `{ "text": string }` in, `{ "ok": true }` out, rendered as one text block.
/// It declares a timeout so that the timeout policy, where installed, arms its timer.
fn noop_tool() -> ToolDefinition {
    let parameters = json!({
        "type": "object",
        "properties": { "text": { "type": "string" } },
        "required": ["text"]
    });
    let output = ToolOutput::new(
        json!({
            "type": "object",
            "properties": { "ok": { "type": "boolean" } },
            "required": ["ok"]
        }),
        |_arguments, _value| vec![ContentBlock::text("ok")],
    );
    ToolDefinition::new(
        TOOL,
        "Does nothing.",
        parameters,
        output,
        |_arguments: Arc<Value>, _context: CallContext| async { Ok(json!({ "ok": true })) },
    )
    .with_timeout(Duration::from_secs(30))
}

/// A pipeline over `registry` with [`HOOKS`] pass-through policies, [`HOOKS`] passing guards
/// and the timeout policy.
fn hooked_pipeline(registry: ToolRegistry) -> Pipeline {
    let mut builder = Pipeline::builder(registry);
    for _ in 0..HOOKS {
        builder = builder.pre_execute(policy(|_| None)).guard(|_: &Execution| None);
    }
    builder.build()
}

/// One call through every stage, as a caller that schedules nothing makes it.
async fn call(pipeline: &Pipeline, id: &CallId, name: &Arc<str>) {
    let request =
        CallRequest::new(Arc::clone(id), Arc::clone(name), Arguments::parse(RAW_ARGUMENTS));
    let result = pipeline.call(request).await;
    black_box(result).ok();
}

/// Panics unless a call through `pipeline` succeeds, so that no variant measures an error path.
fn assert_succeeds(runtime: &tokio::runtime::Runtime, pipeline: &Pipeline) {
    let request = CallRequest::new("check", TOOL, Arguments::parse(RAW_ARGUMENTS));
    let result = runtime.block_on(pipeline.call(request));
    match result {
        Ok(result) if !result.is_error() => {}
        other => panic!("the benchmark tool call failed: {other:?}"),
    }
}

/// The `pipeline` group: `direct`, `no_hooks` and `hooks`, side by side.
fn pipeline(c: &mut Criterion) {
    // The timeout policy sleeps on tokio's timer, so the runtime needs it.
    let runtime = match tokio::runtime::Builder::new_current_thread().enable_time().build() {
        Ok(runtime) => runtime,
        Err(error) => panic!("cannot build the tokio runtime: {error}"),
    };
    let registry = ToolRegistry::new();
    let tool = match registry.register(noop_tool()) {
        Ok(tool) => tool,
        Err(error) => panic!("the benchmark tool does not register: {error}"),
    };
    let bare = Pipeline::new(registry.clone());
    let hooked = hooked_pipeline(registry);
    assert_succeeds(&runtime, &bare);
    assert_succeeds(&runtime, &hooked);

    let id: CallId = Arc::from("call_0");
    let name: Arc<str> = Arc::from(TOOL);
    let arguments = Arc::clone(Arguments::parse(RAW_ARGUMENTS).shared_value());
    let body = Arc::clone(tool.definition().body());

    let mut group = c.benchmark_group("pipeline");
    group.warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3));
    group.bench_function("direct", |b| {
        b.to_async(&runtime).iter(|| async {
            let context = CallContext::new(Arc::clone(&id), None, CancellationToken::new());
            let value = body.call(Arc::clone(&arguments), context).await;
            black_box(value).ok();
        });
    });
    group.bench_function("no_hooks", |b| {
        b.to_async(&runtime).iter(|| call(&bare, &id, &name));
    });
    group.bench_function("hooks", |b| {
        b.to_async(&runtime).iter(|| call(&hooked, &id, &name));
    });
    group.finish();
}

/// Runs the group. Written out rather than with `criterion_group!`/`criterion_main!`, whose
/// generated function carries no doc comment and trips the workspace's `missing_docs` lint.
fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    pipeline(&mut criterion);
    criterion.final_summary();
}
