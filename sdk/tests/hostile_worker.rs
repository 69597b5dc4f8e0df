//! A lying worker against code mode (issue 17; R-CODE-2, R-CODE-4, R-LOG-2, R-LOG-4): whatever a
//! taken-over worker sends, it cannot make a call on behalf of a parent it was not given, call
//! `run_code`, reuse a call id, pass the host-call limit, or keep a call alive after its run:
//! the session log loads clean, every nested call under the `run_code` that ran the worker,
//! each with exactly one result, written before `run_code`'s own.
//!
//! `harness = false`: started with the worker flag, this binary is the lying worker
//! (`tests/support/lying_worker.rs`); otherwise it runs the cases.

#[path = "../../tests/support/lying_worker.rs"]
mod lying_worker;

use std::sync::Arc;
use std::time::Duration;

use lying_worker::{Plan, Step, done, host_call, run_if_lying_worker};
use ordo_runtime::{Runtime, RuntimeConfig, WorkerCommand};
use ordo_sdk::{CodeModeConfig, install};
use ordo_tools::session::{Event, LoadedLog, MemorySink, SessionLog};
use ordo_tools::{
    CallContext, CancellationToken, ErrorCode, ModelCall, Pipeline, Scheduler, ToolDefinition,
    ToolFailure, ToolOutput, ToolRegistry,
};
use serde_json::{Value, json};

/// `echo` answers with its arguments; `slow` waits for its signal.
fn tools() -> ToolRegistry {
    let registry = ToolRegistry::new();
    let output = || ToolOutput::json_text(json!(true));
    let echo = |args: Arc<Value>, _cx| async move { Ok((*args).clone()) };
    let slow = |_args: Arc<Value>, cx: CallContext| async move {
        cx.signal().cancelled().await;
        Err(ToolFailure::new("stopped"))
    };
    let schema = json!({ "type": "object" });
    let registered = registry
        .register(ToolDefinition::new("echo", "Echoes.", schema.clone(), output(), echo))
        .and_then(|_| {
            registry.register(ToolDefinition::new("slow", "Waits.", schema, output(), slow))
        });
    registered.unwrap_or_else(|error| panic!("{error}"));
    registry
}

/// Runs one `run_code` call, id `run-1`, whose worker follows `steps`, in a session of its own
/// with at most `host_calls` host calls; returns its result's error code and the log.
async fn run(name: &str, steps: Vec<Step>, host_calls: usize) -> (Option<ErrorCode>, Vec<Event>) {
    let plan_file = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}.json"));
    Plan::after_run(steps).write_to(&plan_file).unwrap_or_else(|error| panic!("{error}"));
    let worker = WorkerCommand::current_exe().unwrap_or_else(|error| panic!("{error}"));
    let mut config = RuntimeConfig::new(worker.with_args([plan_file]));
    config.warm_workers = 0;
    config.limits.host_calls = host_calls;
    let pipeline = Pipeline::builder(tools()).build();
    let mut code_mode = CodeModeConfig::new(Runtime::new(config));
    code_mode.timeout = Duration::from_secs(10);
    install(pipeline.registry(), code_mode).unwrap_or_else(|error| panic!("{error}"));
    let sink = MemorySink::new();
    let scheduler = Scheduler::builder(pipeline).log(SessionLog::new(sink.clone())).build();
    let call = ModelCall::new("run-1", "run_code", json!({ "code": "return 1" }).to_string());
    let result = scheduler.call(&call, &CancellationToken::new()).await;
    let result = result.unwrap_or_else(|error| panic!("{name}: {error:?}"));
    (result.error().map(|error| error.code), sink.events())
}

/// The log loads without repairs; every nested call is under `run-1`, has one result, written
/// before `run-1`'s; returns the nested calls' ids and their results' codes.
fn nested_calls(name: &str, events: Vec<Event>) -> Vec<(String, Option<ErrorCode>)> {
    let log = LoadedLog::from_events(events).unwrap_or_else(|error| panic!("{name}: {error}"));
    assert_eq!(log.repairs().count(), 0, "{name}: every call was answered");
    let parent_result =
        log.calls().find(|logged| logged.call.call_id == "run-1").map(|logged| logged.result.seq);
    log.calls()
        .filter(|logged| logged.call.call_id != "run-1")
        .map(|logged| {
            assert_eq!(logged.call.parent.as_deref(), Some("run-1"), "{name}: {:?}", logged.call);
            assert!(Some(logged.result.seq) < parent_result, "{name}: answered after its parent");
            (logged.call.call_id.clone(), logged.result.error.as_ref().map(|error| error.code))
        })
        .collect()
}

fn echo(id: u64, extra: Value) -> Step {
    let mut call = host_call(id, "tools.echo", json!({ "x": id }));
    if let (Some(call), Some(extra)) = (call.as_object_mut(), extra.as_object()) {
        call.extend(extra.clone());
    }
    Step::Frame(call)
}

/// What a worker can name: the protocol's host call has an id, a function and arguments, no
/// parent. A forged `parent` or `call_id` is ignored; the call is `run-1`'s, numbered by its id.
/// `tools.run_code` is no host function. An id used twice ends the run before the second call.
async fn r_code_2_a_worker_cannot_forge_a_parent_call_run_code_or_reuse_an_id() {
    let forged = json!({ "parent": "run-2", "call_id": "run-2.1", "scopes": [] });
    let steps = vec![
        echo(1, forged),
        Step::Read(1),
        Step::Frame(host_call(2, "tools.run_code", json!({ "code": "return 2" }))),
        Step::Read(1),
        echo(3, json!({})),
        Step::Read(1),
        echo(3, json!({})),
        Step::SleepMs(30_000),
    ];
    let (code, events) = run("forged", steps, 10_000).await;
    assert_eq!(code, Some(ErrorCode::ToolError), "the run ends crashed");
    let calls = nested_calls("forged", events);
    assert_eq!(calls, [("run-1.1".to_owned(), None), ("run-1.3".to_owned(), None)]);
}

/// R-RT-3: past the host-call limit the run ends, and each call made before it has its result.
async fn r_code_4_a_worker_cannot_pass_the_host_call_limit() {
    let steps = vec![
        Step::Calls { name: "tools.echo".to_owned(), args: json!({}), first: 1, count: 6 },
        Step::SleepMs(30_000),
    ];
    let (code, events) = run("limit", steps, 5).await;
    assert_eq!(code, Some(ErrorCode::ToolError));
    assert_eq!(nested_calls("limit", events).len(), 5);
}

/// R-CODE-4: a worker that says Done with calls in flight leaves none running: each is
/// cancelled and logged (`ABORTED`, or `ABORTED_BEFORE_DISPATCH` if it never started) before
/// `run_code`'s result.
async fn r_code_4_a_worker_cannot_keep_a_call_alive_after_its_run() {
    let steps = vec![
        Step::Frame(host_call(1, "tools.slow", json!({}))),
        Step::Frame(host_call(2, "tools.slow", json!({}))),
        Step::SleepMs(100),
        Step::Frame(done("7")),
    ];
    let (code, events) = run("outlive", steps, 10_000).await;
    assert_eq!(code, None, "the run returned 7");
    let calls = nested_calls("outlive", events);
    // `slow` is exclusive: the second waited for the first, and never started.
    let expected = [
        ("run-1.1".to_owned(), Some(ErrorCode::Aborted)),
        ("run-1.2".to_owned(), Some(ErrorCode::AbortedBeforeDispatch)),
    ];
    assert_eq!(calls, expected);
}

fn main() {
    run_if_lying_worker();
    let Ok(runtime) = tokio::runtime::Builder::new_multi_thread().enable_all().build() else {
        std::process::exit(2);
    };
    runtime.block_on(async {
        r_code_2_a_worker_cannot_forge_a_parent_call_run_code_or_reuse_an_id().await;
        println!(
            "test r_code_2_a_worker_cannot_forge_a_parent_call_run_code_or_reuse_an_id ... ok"
        );
        r_code_4_a_worker_cannot_pass_the_host_call_limit().await;
        println!("test r_code_4_a_worker_cannot_pass_the_host_call_limit ... ok");
        r_code_4_a_worker_cannot_keep_a_call_alive_after_its_run().await;
        println!("test r_code_4_a_worker_cannot_keep_a_call_alive_after_its_run ... ok");
    });
}
