//! Tracing: one `tool_call` span per call, with its identity, outcome code and duration, named
//! as the OpenTelemetry conventions name an `execute_tool` span.
#![allow(clippy::unwrap_used)] // test helpers outside #[test] fns unwrap too

mod common;

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use common::*;
use ordo_tools::{
    ApprovalOutcome, ApprovalRequest, Arguments, CallContext, CancellationToken, ContentBlock,
    Pipeline, PreDecision, ToolDefinition, ToolOutput, policy,
};
use serde_json::{Value, json};
use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id, Record};
use tracing_subscriber::layer::{Context, SubscriberExt};
use tracing_subscriber::registry::LookupSpan;

type Fields = BTreeMap<String, String>;

/// Collects the fields of every closed `tool_call` span.
#[derive(Clone, Default)]
struct SpanCollector {
    open: Arc<Mutex<BTreeMap<u64, Fields>>>,
    closed: Arc<Mutex<Vec<Fields>>>,
}

struct FieldVisitor<'a>(&'a mut Fields);

impl Visit for FieldVisitor<'_> {
    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        self.0.insert(field.name().to_owned(), format!("{value:?}"));
    }

    fn record_str(&mut self, field: &Field, value: &str) {
        self.0.insert(field.name().to_owned(), value.to_owned());
    }
}

impl<S: tracing::Subscriber + for<'a> LookupSpan<'a>> tracing_subscriber::Layer<S>
    for SpanCollector
{
    fn on_new_span(&self, attributes: &Attributes<'_>, id: &Id, context: Context<'_, S>) {
        if attributes.metadata().name() == "tool_call" {
            let mut fields = Fields::new();
            attributes.record(&mut FieldVisitor(&mut fields));
            // Where the span sits: its own id and its parent's, as a subscriber sees them.
            fields.insert("span.id".to_owned(), id.into_u64().to_string());
            let parent = context.span(id).and_then(|span| span.parent()).map(|parent| parent.id());
            if let Some(parent) = parent {
                fields.insert("span.parent".to_owned(), parent.into_u64().to_string());
            }
            self.open.lock().unwrap().insert(id.into_u64(), fields);
        }
    }

    fn on_record(&self, id: &Id, values: &Record<'_>, _: Context<'_, S>) {
        if let Some(fields) = self.open.lock().unwrap().get_mut(&id.into_u64()) {
            values.record(&mut FieldVisitor(fields));
        }
    }

    fn on_event(&self, event: &tracing::Event<'_>, context: Context<'_, S>) {
        // A stage event, kept in order on the span it happened in.
        let Some(span) = context.event_span(event) else { return };
        let mut fields = Fields::new();
        event.record(&mut FieldVisitor(&mut fields));
        if let Some(span_fields) = self.open.lock().unwrap().get_mut(&span.id().into_u64()) {
            let events = span_fields.entry("events".to_owned()).or_default();
            if !events.is_empty() {
                events.push(',');
            }
            events.push_str(fields.get("message").map_or("?", String::as_str));
        }
    }

    fn on_close(&self, id: Id, _: Context<'_, S>) {
        if let Some(fields) = self.open.lock().unwrap().remove(&id.into_u64()) {
            self.closed.lock().unwrap().push(fields);
        }
    }
}

/// A collector, the thread's subscriber until the guard drops.
fn collecting() -> (SpanCollector, tracing::subscriber::DefaultGuard) {
    let collector = SpanCollector::default();
    let guard =
        tracing::subscriber::set_default(tracing_subscriber::registry().with(collector.clone()));
    (collector, guard)
}

#[tokio::test]
async fn each_call_has_one_span_with_its_identity_and_outcome() {
    let (collector, _default) = collecting();
    let echo = fixture("echo", Behaviour::Echo);
    let fail = fixture("fail", Behaviour::Fail);
    let pipeline = Pipeline::new(registry_with(&[&echo, &fail]));

    pipeline.call(call("echo", "x")).await.unwrap();
    pipeline.call(call("fail", "x").with_parent("run-1")).await.unwrap();

    let closed = collector.closed.lock().unwrap().clone();
    assert_eq!(closed.len(), 2, "{closed:?}");
    let (ok, failed) = (&closed[0], &closed[1]);
    assert_eq!(ok["gen_ai.tool.name"], "echo");
    assert_eq!(ok["gen_ai.tool.call.id"], "call-1");
    assert!(!ok.contains_key("parent"), "a top-level call has no parent: {ok:?}");
    assert_eq!(failed["gen_ai.tool.name"], "fail");
    assert_eq!(failed["parent"], "run-1");

    // The OpenTelemetry conventions' `execute_tool` fields, for an exporting layer: the span's
    // name, the operation, the tool, the call, and on failure the error's class and status.
    assert_eq!(ok["otel.name"], "execute_tool echo");
    assert_eq!(ok["otel.kind"], "internal");
    assert_eq!(ok["gen_ai.operation.name"], "execute_tool");
    assert_eq!(ok["gen_ai.tool.type"], "function");
    assert!(!ok.contains_key("error.type") && !ok.contains_key("otel.status_code"), "{ok:?}");
    assert!(!ok.contains_key("gen_ai.tool.call.arguments"), "content is never recorded by itself");
    assert_eq!(failed["error.type"], "TOOL_ERROR");
    assert_eq!(failed["otel.status_code"], "ERROR");
    // The stages, as events on the span's timeline.
    assert_eq!(ok["events"], "dispatched,body returned");
}

/// An approval's wait is marked on the span too: asked, then answered with its outcome.
#[tokio::test]
async fn r_otel_2_an_approvals_wait_is_marked_on_the_calls_span() {
    let (collector, _default) = collecting();
    let echo = fixture("echo", Behaviour::Echo);
    let pipeline = builder_with(&[&echo])
        .pre_execute(policy(|_| Some(PreDecision::Ask("may I?".into()))))
        .approval(|_: ApprovalRequest| async { ApprovalOutcome::AllowedOnce })
        .build();

    pipeline.call(call("echo", "x")).await.unwrap();

    let closed = collector.closed.lock().unwrap().clone();
    assert_eq!(closed[0]["events"], "approval asked,approval answered,dispatched,body returned");
}

/// A nested call's span is a child of its parent's, even when the body makes the call from a
/// task of its own, where no span is current.
#[tokio::test]
async fn r_otel_2_a_nested_calls_span_is_its_parents_child_from_any_task() {
    let (collector, _default) = collecting();
    let echo = fixture("echo", Behaviour::Echo);
    let body = |_: Arc<Value>, cx: CallContext| async move {
        let nested = cx.nested().expect("the pipeline gives a door");
        let arguments = Arguments::parse(r#"{"text":"inner"}"#);
        let call = nested.call(Arc::from("outer.1"), "echo", arguments, CancellationToken::new());
        let result = tokio::spawn(call).await.expect("the task ran");
        Ok(json!({ "inner_failed": result.is_error() }))
    };
    let outer = ToolDefinition::new(
        "outer",
        "Calls echo from a task of its own.",
        json!({ "type": "object" }),
        ToolOutput::new(json!({}), |_, value| vec![ContentBlock::text(value.to_string())]),
        body,
    );
    let registry = registry_with(&[&echo]);
    registry.register(outer).unwrap();
    let pipeline = Pipeline::new(registry);

    let result = pipeline.call(call("outer", "x")).await.unwrap();

    assert_eq!(result.value.as_deref(), Some(&json!({ "inner_failed": false })));
    let closed = collector.closed.lock().unwrap().clone();
    let inner =
        closed.iter().find(|span| span["gen_ai.tool.name"] == "echo").expect("the nested span");
    let outer =
        closed.iter().find(|span| span["gen_ai.tool.name"] == "outer").expect("the outer span");
    assert_eq!(inner["span.parent"], outer["span.id"], "{closed:#?}");
    assert_eq!(inner["parent"], "call-1", "the log's parent, too");
    assert!(!outer.contains_key("span.parent"), "the outer call is a root here");
}
