//! The exactly-once guarantee when a nested call's future is dropped (R-CODE-4, R-LOG-2).

#![allow(clippy::unwrap_used)]

use std::sync::Arc;
use std::time::Duration;

use futures::FutureExt;
use ordo_runtime::HostCall;
use ordo_tools::session::{Event, MemorySink, SessionLog};
use ordo_tools::{
    CallContext, CancellationToken, ErrorCode, Pipeline, ScopeChain, ToolDefinition, ToolOutput,
    ToolRegistry,
};
use serde_json::{Value, json};

use super::{Context, NestedCalls};

/// Nested calls of `run_1` to a tool whose body never ends, recorded in memory.
fn calls() -> (Arc<NestedCalls>, Arc<ordo_tools::Tool>, MemorySink) {
    let registry = ToolRegistry::new();
    let forever = ToolDefinition::new(
        "forever",
        "Never ends.",
        json!({ "type": "object" }),
        ToolOutput::json_text(json!({})),
        |_args: Arc<Value>, _cx: CallContext| async {
            tokio::time::sleep(Duration::from_secs(3600)).await;
            Ok(json!(null))
        },
    );
    let tool = registry.register(forever).unwrap();
    let sink = MemorySink::new();
    let context = Context {
        pipeline: Pipeline::new(registry),
        log: SessionLog::new(sink.clone()),
        scopes: ScopeChain::default(),
        max_parallel: 4,
    };
    (NestedCalls::new(context), tool, sink)
}

fn host_call(id: u64) -> HostCall {
    HostCall { id, name: "tools.forever".into(), args: json!({}), signal: CancellationToken::new() }
}

fn result_codes(sink: &MemorySink) -> Vec<(String, Option<ErrorCode>)> {
    sink.events()
        .into_iter()
        .filter_map(|event| match event {
            Event::Result(result) => Some((result.call_id, result.error.map(|error| error.code))),
            Event::Call(_) => None,
        })
        .collect()
}

#[tokio::test]
async fn r_code_4_a_nested_call_dropped_while_its_body_runs_is_recorded_aborted() {
    let (calls, tool, sink) = calls();
    let parent = Arc::from("run_1");
    let mut running = Box::pin(calls.call(&parent, tool.name(), host_call(1)));
    assert!((&mut running).now_or_never().is_none(), "the body is running");
    drop(running);
    assert_eq!(result_codes(&sink), [("run_1.1".to_owned(), Some(ErrorCode::Aborted))]);
}

#[tokio::test]
async fn r_code_4_a_nested_call_dropped_before_its_turn_is_recorded_aborted_before_dispatch() {
    let (calls, tool, sink) = calls();
    let parent = Arc::from("run_1");
    let first = calls.call(&parent, tool.name(), host_call(1));
    let second = calls.call(&parent, tool.name(), host_call(2));
    drop(second);
    drop(first);
    assert_eq!(
        result_codes(&sink),
        [
            ("run_1.2".to_owned(), Some(ErrorCode::AbortedBeforeDispatch)),
            ("run_1.1".to_owned(), Some(ErrorCode::AbortedBeforeDispatch)),
        ]
    );
    let calls_recorded =
        sink.events().iter().filter(|event| matches!(event, Event::Call(_))).count();
    assert_eq!(calls_recorded, 2, "each call was recorded, and each has its one result");
}
