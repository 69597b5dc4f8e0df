//! Helpers for driving a call through the finalize and finish stages.

use std::sync::{Arc, Mutex};

use super::*;
use futures::future::BoxFuture;
use ordo_tools::{
    CallContext, CallRequest, CancellationToken, ContentBlock, DispatchResult, ErrorCode,
    ExecuteHook, ExecuteNext, Execution, ObserverError, Pipeline, PostDecision, PostExecuteHook,
    PostExecuteNext, ResultObserver, ToolDefinition, ToolFailure, ToolOutput, ToolResult,
    post_rule,
};
use serde_json::{Value, json};

/// Runs every stage of a call; prepare never breaks in these tests.
pub async fn run(pipeline: &Pipeline, request: CallRequest) -> ToolResult {
    pipeline.call(request).await.expect("prepare does not break in these tests")
}

/// `OK` or the error code, as finish records it.
pub fn code_str(result: &ToolResult) -> &'static str {
    result.code().map_or("OK", ErrorCode::as_str)
}

/// The error message of a failed result.
pub fn message(result: &ToolResult) -> &str {
    &result.error().unwrap_or_else(|| panic!("expected an error, got {result:?}")).message
}

/// The error class name of a failed result.
pub fn name(result: &ToolResult) -> &str {
    &result.error().unwrap_or_else(|| panic!("expected an error, got {result:?}")).name
}

pub fn texts(blocks: &[&str]) -> Vec<ContentBlock> {
    blocks.iter().map(|text| ContentBlock::text(*text)).collect()
}

/// The `{ "echo": string }` schema every fixture declares.
pub fn echo_schema() -> Value {
    echo_output().schema().clone()
}

/// A tool with the fixtures' parameters whose body returns `value`, projected by `output`.
pub fn tool_returning(name: &str, output: ToolOutput, value: Value) -> ToolDefinition {
    ToolDefinition::new(
        name,
        "A tool of the finish tests.",
        text_parameters(),
        output,
        move |_args: Arc<Value>, _cx: CallContext| {
            let value = value.clone();
            async move { Ok::<Value, ToolFailure>(value) }
        },
    )
}

/// A `post_execute` rule that counts the calls it sees and defers to the rest of the chain.
pub fn counting_post_hook(counter: &Counter) -> impl PostExecuteHook {
    let counter = counter.clone();
    post_rule(move |_, _| {
        counter.bump();
        None
    })
}

/// A `post_execute` rule that records `label` in `trace` and then decides `decision`.
pub fn traced_rule(
    trace: &Trace,
    label: &'static str,
    decision: Option<PostDecision>,
) -> impl PostExecuteHook {
    let trace = trace.clone();
    post_rule(move |_, _| {
        trace.push(label);
        decision.clone()
    })
}

/// A rule deciding `decision` for every call.
pub fn always(decision: PostDecision) -> impl PostExecuteHook {
    post_rule(move |_, _| Some(decision.clone()))
}

/// An observer recording `label:CODE` for every result it sees.
pub fn recording_observer(trace: &Trace, label: &'static str) -> impl ResultObserver {
    let trace = trace.clone();
    move |_: &Execution, result: &ToolResult| -> Result<(), ObserverError> {
        trace.push(format!("{label}:{}", code_str(result)));
        Ok(())
    }
}

/// A hand-written `post_execute` hook that runs the rest of the chain, records what it decided,
/// and returns that decision unless told to override it.
pub struct AroundHook {
    pub trace: Trace,
    pub downstream: Arc<Mutex<Vec<PostDecision>>>,
    pub override_with: Option<PostDecision>,
}

impl PostExecuteHook for AroundHook {
    fn post_execute<'a>(
        &'a self,
        _execution: &'a Execution,
        result: &'a ToolResult,
        next: PostExecuteNext<'a>,
    ) -> BoxFuture<'a, PostDecision> {
        Box::pin(async move {
            self.trace.push(format!("around:before:{}", text(result)));
            let decision = next.run().await;
            self.trace.push("around:after");
            self.downstream.lock().expect("not poisoned").push(decision.clone());
            self.override_with.clone().unwrap_or(decision)
        })
    }
}

/// A hand-written `post_execute` hook that panics once it is polled.
pub struct PanicsWhenPolled;

impl PostExecuteHook for PanicsWhenPolled {
    fn post_execute<'a>(
        &'a self,
        _execution: &'a Execution,
        _result: &'a ToolResult,
        _next: PostExecuteNext<'a>,
    ) -> BoxFuture<'a, PostDecision> {
        Box::pin(async { panic!("post bug") })
    }
}

/// An `execute` hook that answers from a cache: it never runs the body.
pub struct Cached;

impl ExecuteHook for Cached {
    fn execute<'a>(
        &'a self,
        _execution: &'a Execution,
        _signal: CancellationToken,
        _next: ExecuteNext<'a>,
    ) -> BoxFuture<'a, DispatchResult> {
        Box::pin(async { Ok(json!({ "echo": "cached" })) })
    }
}

/// A call of `name` whose caller has already cancelled it.
pub fn cancelled_call(name: &str) -> CallRequest {
    let token = CancellationToken::new();
    token.cancel();
    call(name, "hi").with_signal(token)
}

/// The codes of the records `finalize_content` saw, in order.
pub fn finalized_codes(fixture: &Fixture) -> Vec<&'static str> {
    fixture
        .finalized_records
        .lock()
        .expect("not poisoned")
        .iter()
        .map(|record| record.error.as_ref().map_or("OK", |error| error.code.as_str()))
        .collect()
}
