//! An instrumented world for scheduler tests: tools whose bodies report what ran when, a
//! prepare probe, and a log that can be told to fail.
#![allow(dead_code, unreachable_pub, clippy::unwrap_used)]

use std::collections::HashMap;
use std::io;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures::future::BoxFuture;
use ordo_tools::session::{Event, EventSink, MemorySink, SessionLog};
use ordo_tools::{
    CallContext, CancellationToken, ContentBlock, ErrorCode, Execution, ModelCall, NestedCalls,
    ObserverError, Pipeline, PipelineBuilder, PreDecision, PreExecuteHook, PreExecuteNext,
    Scheduler, ToolDefinition, ToolFailure, ToolOutput, ToolRegistry, ToolResult, post_rule,
};
use serde_json::{Value, json};
use tokio::sync::mpsc;
use tokio::time::Instant;

/// What the bodies and hooks saw, shared by every tool of a world.
#[derive(Default)]
pub struct Observations {
    /// Bodies running now, and whether one of them is exclusive.
    pub active: usize,
    pub active_exclusive: bool,
    pub max_active: usize,
    /// Broken invariants, in words.
    pub violations: Vec<String>,
    /// Prepares running now.
    pub preparing: usize,
    /// Call ids in the order prepare began.
    pub prepared: Vec<String>,
    /// Call ids in the order post-execute ran.
    pub post_executed: Vec<String>,
    /// Call ids whose body ran, with start and end times.
    pub bodies: Vec<(String, Instant, Option<Instant>)>,
    /// (call id, body invoked, error code) for every finished call, as observers saw it.
    pub finished: Vec<(String, bool, Option<ErrorCode>)>,
}

pub type Shared = Arc<Mutex<Observations>>;

/// A probe tool's arguments: `{ "ms": n, "fail": bool, "text": string }`.
pub fn probe_args(ms: u64, fail: bool) -> String {
    json!({ "ms": ms, "fail": fail }).to_string()
}

/// A tool that sleeps `ms` (honouring its signal), records its run, and fails when told to.
pub fn probe(name: &str, exclusive: bool, shared: &Shared) -> ToolDefinition {
    let shared = Arc::clone(shared);
    let parameters = json!({
        "type": "object",
        "properties": { "ms": { "type": "integer", "minimum": 0 }, "fail": { "type": "boolean" }, "text": { "type": "string" } }
    });
    let output = ToolOutput::new(json!({ "type": "object" }), |_, value| {
        vec![ContentBlock::text(value.to_string())]
    });
    ToolDefinition::new(
        name,
        "A probe.",
        parameters,
        output,
        move |args: Arc<Value>, cx: CallContext| {
            let shared = Arc::clone(&shared);
            async move { run_probe(exclusive, &shared, &args, &cx).await }
        },
    )
    .with_concurrency_safe(move |_| !exclusive)
}

async fn run_probe(
    exclusive: bool,
    shared: &Shared,
    args: &Value,
    cx: &CallContext,
) -> Result<Value, ToolFailure> {
    let id = cx.call_id().to_owned();
    {
        let mut seen = shared.lock().unwrap();
        if seen.active_exclusive || (exclusive && seen.active > 0) {
            seen.violations.push(format!("{id} overlapped another body"));
        }
        seen.active += 1;
        seen.active_exclusive |= exclusive;
        seen.max_active = seen.max_active.max(seen.active);
        seen.bodies.push((id.clone(), Instant::now(), None));
    }
    let ms = args["ms"].as_u64().unwrap_or(0);
    let stopped = tokio::select! {
        () = tokio::time::sleep(Duration::from_millis(ms)) => false,
        () = cx.signal().cancelled() => true,
    };
    {
        let mut seen = shared.lock().unwrap();
        seen.active -= 1;
        if exclusive {
            seen.active_exclusive = false;
        }
        if let Some(body) = seen.bodies.iter_mut().rev().find(|(body_id, _, _)| *body_id == id) {
            body.2 = Some(Instant::now());
        }
    }
    if let Some(text) = args["text"].as_str() {
        cx.defer_context(format!("context of {text}"));
    }
    if stopped {
        return Err(ToolFailure::new("stopped"));
    }
    if args["fail"].as_bool() == Some(true) {
        return Err(ToolFailure::new("told to fail"));
    }
    Ok(json!({ "slept_ms": ms }))
}

/// A `pre_execute` hook that yields inside every prepare and records overlaps, and panics for
/// the call ids it is given.
pub struct PrepareProbe {
    pub shared: Shared,
    pub panic_on: Vec<String>,
}

impl PreExecuteHook for PrepareProbe {
    fn pre_execute<'a>(
        &'a self,
        execution: &'a Execution,
        next: PreExecuteNext<'a>,
    ) -> BoxFuture<'a, PreDecision> {
        Box::pin(async move {
            let id = execution.call_id().to_string();
            {
                let mut seen = self.shared.lock().unwrap();
                seen.preparing += 1;
                if seen.preparing > 1 {
                    seen.violations.push(format!("prepare of {id} overlapped another"));
                }
                seen.prepared.push(id.clone());
            }
            // Prepare may be abandoned mid-way (its call was cancelled): it ends either way.
            let _ending = Ending(&self.shared);
            tokio::task::yield_now().await;
            tokio::time::sleep(Duration::from_millis(1)).await;
            assert!(!self.panic_on.contains(&id), "prepare probe told to panic on {id}");
            next.run().await
        })
    }
}

/// Marks the end of a prepare when dropped.
struct Ending<'a>(&'a Shared);

impl Drop for Ending<'_> {
    fn drop(&mut self) {
        let mut seen = self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        seen.preparing -= 1;
    }
}

/// A pipeline over `registry` with the prepare probe, a post-execute recorder and an observer.
pub fn instrumented_pipeline(
    registry: ToolRegistry,
    shared: &Shared,
    panic_on: Vec<String>,
) -> Pipeline {
    instrumented_builder(registry, shared, panic_on).build()
}

/// The builder of [`instrumented_pipeline`], for tests that add hooks of their own.
pub fn instrumented_builder(
    registry: ToolRegistry,
    shared: &Shared,
    panic_on: Vec<String>,
) -> PipelineBuilder {
    let (post, observed) = (Arc::clone(shared), Arc::clone(shared));
    Pipeline::builder(registry)
        .pre_execute(PrepareProbe { shared: Arc::clone(shared), panic_on })
        .post_execute(post_rule(move |execution, _| {
            post.lock().unwrap().post_executed.push(execution.call_id().to_string());
            None
        }))
        .observe(move |execution: &Execution, result: &ToolResult| -> Result<(), ObserverError> {
            let entry = (execution.call_id().to_string(), execution.body_invoked(), result.code());
            observed.lock().unwrap().finished.push(entry);
            Ok(())
        })
}

/// A single-threaded runtime on tokio's paused clock, for one property-test case: timing is
/// deterministic, and a deadlock shows as the clock running on to a test's bound.
pub fn paused_runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread().enable_time().start_paused(true).build().unwrap()
}

/// The door of a `parent` tool's nested calls, once a call of it runs.
pub struct LentDoor(mpsc::UnboundedReceiver<NestedCalls>);

/// Registers `parent` in `registry`: a tool whose body lends its door for nested calls to the
/// test, then waits until it is cancelled; the test makes the calls.
pub fn lending_parent(registry: &ToolRegistry) -> LentDoor {
    let (doors, lent) = mpsc::unbounded_channel();
    let parent = ToolDefinition::new(
        "parent",
        "Hands out its nested-call door.",
        json!({ "type": "object" }),
        ToolOutput::json_text(json!({})),
        move |_args: Arc<Value>, cx: CallContext| {
            let doors = doors.clone();
            async move {
                doors.send(cx.nested().unwrap()).unwrap();
                cx.signal().cancelled().await;
                Ok(json!(null))
            }
        },
    );
    registry.register(parent).unwrap();
    LentDoor(lent)
}

impl LentDoor {
    /// Runs call `p` of `parent` through `scheduler` until `signal` fires, and returns its
    /// door.
    pub async fn open(mut self, scheduler: &Scheduler, signal: &CancellationToken) -> NestedCalls {
        let (running, signal) = (scheduler.clone(), signal.clone());
        tokio::spawn(async move {
            running.call(&ModelCall::new("p", "parent", "{}"), &signal).await.unwrap();
        });
        self.0.recv().await.unwrap()
    }
}

/// A sink that fails once it has written `limit` events.
pub struct FailingSink {
    pub inner: MemorySink,
    pub limit: usize,
    pub written: usize,
}

impl EventSink for FailingSink {
    fn write(&mut self, event: &Event) -> io::Result<()> {
        if self.written >= self.limit {
            return Err(io::Error::other("disk full"));
        }
        self.written += 1;
        self.inner.write(event)
    }
}

/// A log in memory, and the sink to read it back from.
pub fn memory_log() -> (SessionLog, MemorySink) {
    let sink = MemorySink::new();
    (SessionLog::new(sink.clone()), sink)
}

/// Per call id, how many `tool/call` and `tool/result` events the log holds.
pub fn event_counts(events: &[Event]) -> HashMap<String, (usize, usize)> {
    let mut counts: HashMap<String, (usize, usize)> = HashMap::new();
    for event in events {
        let entry = counts.entry(event.call_id().to_owned()).or_default();
        match event {
            Event::Call(_) => entry.0 += 1,
            Event::Result(_) => entry.1 += 1,
        }
    }
    counts
}

/// The call ids of the log's results, in log order.
pub fn result_order(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .filter_map(|event| match event {
            Event::Result(result) => Some(result.call_id.clone()),
            Event::Call(_) => None,
        })
        .collect()
}
