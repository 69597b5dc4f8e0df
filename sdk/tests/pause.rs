//! Runs that pause and resume (R-RUN-1..3), on the in-process runtime: what pauses a run, what
//! its journal holds, and every way a replay is refused. The CLI's end-to-end test
//! (`tests/cli/pause.rs`) covers the state store and a resumption in another process.
#![allow(clippy::unwrap_used)]

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use ordo_runtime::{Runtime, RuntimeConfig};
use ordo_sdk::kept::{Keeping, Scoping};
use ordo_sdk::pause::{MemoryStore, PausedRun, Pausing};
use ordo_sdk::{CodeModeConfig, install};
use ordo_tools::{
    ApprovalOutcome, ApprovalRequest, CallContext, CancellationToken, ContentBlock, ErrorCode,
    ModelCall, Pipeline, PreDecision, Scheduler, ToolDefinition, ToolOutput, ToolRegistry,
    ToolResult, policy,
};
use serde_json::{Value, json};

/// A tool that counts its executions and echoes its arguments; calls with `ask` need approval.
fn counted(name: &str, runs: &Arc<AtomicUsize>) -> ToolDefinition {
    let runs = Arc::clone(runs);
    let output = ToolOutput::new(json!({ "type": "object" }), |_, value| {
        vec![ContentBlock::text(value.to_string())]
    });
    ToolDefinition::new(
        name,
        "Counts and echoes.",
        json!({ "type": "object" }),
        output,
        move |args: Arc<Value>, _cx: CallContext| {
            let runs = Arc::clone(&runs);
            async move {
                runs.fetch_add(1, Ordering::SeqCst);
                Ok(json!({ "echo": *args }))
            }
        },
    )
    .with_concurrency_safe(|_| true)
}

struct World {
    scheduler: Scheduler,
    pausing: Pausing,
    runs: Arc<AtomicUsize>,
}

/// A session whose approvals are answered by `answer` (`Deferred`: the run pauses).
fn world(answer: Arc<Mutex<ApprovalOutcome>>, pausing: Pausing) -> World {
    let runs = Arc::new(AtomicUsize::new(0));
    let registry = ToolRegistry::new();
    registry.register(counted("work", &runs)).unwrap();
    let pipeline = Pipeline::builder(registry)
        .pre_execute(policy(|execution| {
            (execution.arguments().value()["ask"] == true).then(|| PreDecision::Ask("?".into()))
        }))
        .approval(move |_request: ApprovalRequest| {
            let outcome = *answer.lock().unwrap();
            async move { outcome }
        })
        .build();
    let mut config = CodeModeConfig::new(Runtime::new(RuntimeConfig::in_process()));
    config.timeout = Duration::from_secs(10);
    let mut every_run = pausing.clone();
    every_run.every_run = true;
    config.pausing = Some(every_run);
    let kept = Keeping::new(Arc::new(MemoryStore::default()), Scoping::Named("test".into()));
    config.keeping = Some(kept);
    install(pipeline.registry(), config).unwrap();
    World { scheduler: Scheduler::builder(pipeline).build(), pausing, runs }
}

async fn call(world: &World, id: &str, code: &str, resume: Option<PausedRun>) -> ToolResult {
    if let Some(run) = resume {
        world.pausing.allow(id, Some(run), std::collections::HashMap::new());
    }
    let call = ModelCall::new(id, "run_code", json!({ "code": code }).to_string());
    world.scheduler.call(&call, &CancellationToken::new()).await.unwrap()
}

fn code(result: &ToolResult) -> Option<ErrorCode> {
    result.error().map(|error| error.code)
}

const SCRIPT: &str = r#"
const first = await tools.work({ n: 1 });
const [a, b] = await Promise.all([tools.work({ n: 2, ask: true }), tools.work({ n: 3, ask: true })]);
return [first.echo.n, a.echo.n, b.echo.n, (await tools.work({ n: 4 })).echo.n];
"#;

fn paused_world() -> (World, Arc<Mutex<ApprovalOutcome>>) {
    let answer = Arc::new(Mutex::new(ApprovalOutcome::Deferred));
    let pausing = Pausing::new(Arc::new(MemoryStore::default()));
    (world(Arc::clone(&answer), pausing), answer)
}

#[tokio::test]
async fn r_run_1_parallel_approvals_pause_the_run_once_with_both_pending() {
    let (world, answer) = paused_world();
    let result = call(&world, "r1", SCRIPT, None).await;
    assert_eq!(code(&result), Some(ErrorCode::Paused), "{:?}", result.error());
    let run = world.pausing.take_paused("r1").unwrap();
    assert_eq!(run.settled.len(), 1);
    assert_eq!(run.settled[0].outcome, Ok(json!({ "echo": { "n": 1 } })));
    let pending: Vec<u64> = run.pending.iter().map(|call| call.call).collect();
    assert_eq!(pending, [2, 3]);
    assert_eq!(world.pausing.store.load(&run.id).unwrap().as_ref(), Some(&run), "kept first");
    assert_eq!(world.runs.load(Ordering::SeqCst), 1);

    *answer.lock().unwrap() = ApprovalOutcome::AllowedOnce;
    let resumed = call(&world, "r2", SCRIPT, Some(run.clone())).await;
    assert!(!resumed.is_error(), "{:?}", resumed.error());
    assert_eq!(resumed.value.as_deref().unwrap()["result"], json!([1, 2, 3, 4]));
    assert_eq!(world.runs.load(Ordering::SeqCst), 4, "the first call was not made again");
    assert_eq!(world.pausing.store.load(&run.id).unwrap(), None, "a finished run is forgotten");
}

#[tokio::test]
async fn r_run_3_a_journal_that_does_not_match_ends_the_run_before_anything_runs() {
    let (world, answer) = paused_world();
    call(&world, "r1", SCRIPT, None).await;
    let run = world.pausing.take_paused("r1").unwrap();
    *answer.lock().unwrap() = ApprovalOutcome::AllowedOnce;
    let before = world.runs.load(Ordering::SeqCst);

    let mut other_arguments = run.clone();
    other_arguments.settled[0].arguments = "0".repeat(64);
    let result = call(&world, "r2", SCRIPT, Some(other_arguments)).await;
    assert_eq!(code(&result), Some(ErrorCode::ReplayDiverged));
    let message = &result.error().unwrap().message;
    assert!(message.contains("call #1 (tools.work) has other arguments"), "{message}");

    let mut other_tool = run.clone();
    other_tool.settled[0].tool = "gone".into();
    let result = call(&world, "r3", SCRIPT, Some(other_tool)).await;
    assert!(result.error().unwrap().message.contains("call #1 was tools.gone"), "{result:?}");

    // A script that makes a call the paused run had not made before its pause.
    let mut fewer = run.clone();
    fewer.pending.clear();
    fewer.settled.clear();
    let result = call(&world, "r4", SCRIPT, Some(fewer)).await;
    assert_eq!(code(&result), Some(ErrorCode::ReplayDiverged));
    assert!(
        result.error().unwrap().message.contains("call #1 (tools.work) was made"),
        "{result:?}"
    );
    assert_eq!(world.runs.load(Ordering::SeqCst), before, "no divergent run ran a tool");
}

#[tokio::test]
async fn r_run_3_answers_come_back_in_the_order_the_paused_run_got_them() {
    let (world, answer) = paused_world();
    // Three calls in flight; the script records the order their answers arrive in.
    let script = r#"
        const order = [];
        await Promise.all([1, 2, 3].map(async (n) => { await tools.work({ n }); order.push(n); }));
        await tools.work({ order, ask: true });
        return order;
    "#;
    call(&world, "r1", script, None).await;
    let mut run = world.pausing.take_paused("r1").unwrap();
    let original: Vec<u64> = run.settled.iter().map(|call| call.call).collect();
    assert_eq!(original.len(), 3);
    // Pretend the answers had come in reverse: the replay must deliver them so, and the script
    // then asks for another order than it paused with, which the journal refuses.
    run.settled.reverse();
    *answer.lock().unwrap() = ApprovalOutcome::AllowedOnce;
    let result = call(&world, "r2", script, Some(run)).await;
    assert_eq!(code(&result), Some(ErrorCode::ReplayDiverged), "{result:?}");
    assert!(result.error().unwrap().message.contains("call #4 (tools.work) has other arguments"));
}

#[tokio::test]
async fn r_run_2_a_journal_past_its_quota_cannot_pause_and_says_so() {
    let answer = Arc::new(Mutex::new(ApprovalOutcome::Deferred));
    let mut pausing = Pausing::new(Arc::new(MemoryStore::default()));
    pausing.journal_quota = 1_000;
    let world = world(answer, pausing);
    let script = r#"
        await tools.work({ big: "x".repeat(2000) });
        try { await tools.work({ ask: true }); return "ran" } catch (e) { return [e.code, e.message] }
    "#;
    let result = call(&world, "r1", script, None).await;
    assert!(!result.is_error(), "{:?}", result.error());
    let [code, message] = &result.value.as_deref().unwrap()["result"].as_array().unwrap()[..]
    else {
        panic!("{result:?}")
    };
    assert_eq!(code, "APPROVAL_UNAVAILABLE");
    assert!(message.as_str().unwrap().contains("past its quota of 1000 bytes"), "{message}");
}

/// Issue 33: `load` and `store` are outside inputs and effects, journaled as calls are: a
/// resumed run reads what the run that paused read (not what it stored since), and does not
/// store again.
#[tokio::test]
async fn kept_values_are_replayed_from_the_journal_not_read_again() {
    let (world, answer) = paused_world();
    let script = "const n = load('n') ?? 0; store('n', n + 1); \
                  const approved = await tools.work({ ask: true }); return [n, load('n')]";
    let result = call(&world, "r1", script, None).await;
    assert_eq!(code(&result), Some(ErrorCode::Paused), "{:?}", result.error());
    let run = world.pausing.take_paused("r1").unwrap();
    let journaled: Vec<&str> = run.settled.iter().map(|call| call.tool.as_str()).collect();
    assert_eq!(journaled, ["$load", "$store"]);
    // Meanwhile another run of the same state stores.
    let other = call(&world, "other", "store('n', 10); return load('n')", None).await;
    assert_eq!(other.value.as_deref().unwrap()["result"], 10);

    *answer.lock().unwrap() = ApprovalOutcome::AllowedOnce;
    let resumed = call(&world, "r2", script, Some(run)).await;
    assert!(!resumed.is_error(), "{:?}", resumed.error());
    // Read before the pause: from the journal (0, not 10); after it: live, and not stored again.
    assert_eq!(resumed.value.as_deref().unwrap()["result"], json!([0, 10]));
}
