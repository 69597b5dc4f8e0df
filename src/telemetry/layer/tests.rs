//! The layer against the SDK's in-memory exporter: what a span's fields and events become,
//! whose child a span is, and a server span's late parent.

use opentelemetry::trace::{SpanId, SpanKind, Status, TraceId};
use opentelemetry::{KeyValue, Value};
use opentelemetry_sdk::trace::{InMemorySpanExporter, SdkTracerProvider, SpanData};
use serde_json::{Map, json};
use tracing::field::Empty;
use tracing_subscriber::filter::{LevelFilter, Targets};
use tracing_subscriber::prelude::*;

use super::SpanExport;
use crate::telemetry::{adopt_parent, carried};

/// Runs `make` under a subscriber whose only layer is ordo's export, limited to the `ordo`
/// target, and returns the spans it ended, in the order they ended.
fn exported(make: impl FnOnce()) -> Vec<SpanData> {
    let spans = InMemorySpanExporter::default();
    let provider = SdkTracerProvider::builder().with_simple_exporter(spans.clone()).build();
    let tracer = opentelemetry::trace::TracerProvider::tracer(&provider, "test");
    let layer =
        SpanExport::new(tracer).with_filter(Targets::new().with_target("ordo", LevelFilter::INFO));
    tracing::subscriber::with_default(tracing_subscriber::registry().with(layer), make);
    spans.get_finished_spans().expect("the exporter keeps them")
}

fn named<'a>(spans: &'a [SpanData], name: &str) -> &'a SpanData {
    spans.iter().find(|span| span.name == name).unwrap_or_else(|| panic!("{name} in {spans:#?}"))
}

fn attribute<'a>(span: &'a SpanData, key: &str) -> Option<&'a Value> {
    span.attributes.iter().find(|attribute| attribute.key.as_str() == key).map(|kv| &kv.value)
}

#[test]
fn r_otel_2_a_spans_fields_are_its_name_kind_status_and_attributes() {
    let spans = exported(|| {
        let span = tracing::info_span!(
            target: "ordo",
            "tool_call",
            otel.name = "execute_tool noop",
            otel.kind = "client",
            otel.status_code = Empty,
            gen_ai.operation.name = "execute_tool",
            gen_ai.tool.name = "noop",
            calls = 3u64,
            huge = u64::MAX,
            ratio = 0.5,
            cached = true,
            error.type = Empty,
        );
        span.record("error.type", "TOOL_ERROR");
        span.record("otel.status_code", "ERROR");
    });
    let span = named(&spans, "execute_tool noop");
    assert_eq!(span.span_kind, SpanKind::Client);
    assert_eq!(span.status, Status::error(""));
    assert_eq!(attribute(span, "gen_ai.operation.name"), Some(&Value::from("execute_tool")));
    assert_eq!(attribute(span, "gen_ai.tool.name"), Some(&Value::from("noop")));
    assert_eq!(attribute(span, "calls"), Some(&Value::I64(3)));
    assert_eq!(attribute(span, "huge"), Some(&Value::from(u64::MAX.to_string())), "past i64");
    assert_eq!(attribute(span, "ratio"), Some(&Value::F64(0.5)));
    assert_eq!(attribute(span, "cached"), Some(&Value::Bool(true)));
    assert_eq!(attribute(span, "error.type"), Some(&Value::from("TOOL_ERROR")));
    for special in ["otel.name", "otel.kind", "otel.status_code"] {
        assert_eq!(attribute(span, special), None, "{special} is not an attribute");
    }
}

#[test]
fn r_otel_2_an_event_is_named_by_its_macro_else_by_its_message() {
    let spans = exported(|| {
        let span = tracing::info_span!(target: "ordo", "call");
        tracing::info!(name: "dispatched", target: "ordo", parent: &span, "dispatched");
        let count = 7;
        tracing::info!(target: "ordo", parent: &span, kept = "yes", "plain {count}");
        span.in_scope(|| tracing::warn!(target: "ordo", "from inside"));
        tracing::info!(target: "ordo", "outside any span");
    });
    let span = named(&spans, "call");
    let events: Vec<_> = span.events.iter().map(|event| event.name.as_ref()).collect();
    assert_eq!(events, ["dispatched", "plain 7", "from inside"]);
    assert!(
        span.events
            .iter()
            .all(|event| event.attributes.iter().all(|kv| kv.key.as_str() != "message"))
    );
    assert_eq!(span.events[1].attributes, [KeyValue::new("kept", "yes")]);
    assert_eq!(span.status, Status::Unset, "no error-level event");
}

#[test]
fn r_otel_2_an_error_event_marks_its_span_failed() {
    let spans = exported(|| {
        let span = tracing::info_span!(target: "ordo", "call");
        tracing::error!(target: "ordo", parent: &span, "the tool crashed");
    });
    assert_eq!(named(&spans, "call").status, Status::error(""));
}

#[test]
fn r_otel_2_a_span_is_the_child_of_its_explicit_parent_else_of_the_current_span() {
    let spans = exported(|| {
        let outer = tracing::info_span!(target: "ordo", "outer");
        let inner = outer.in_scope(|| tracing::info_span!(target: "ordo", "contextual"));
        let explicit = tracing::info_span!(target: "ordo", parent: &inner, "explicit");
        let root = outer.in_scope(|| tracing::info_span!(target: "ordo", parent: None, "root"));
        // A parent the export does not see (another target): the span is a root.
        let unseen = tracing::info_span!(target: "elsewhere", "unseen");
        let orphan = tracing::info_span!(target: "ordo", parent: &unseen, "orphan");
        drop((explicit, root, orphan, inner, outer, unseen));
    });
    let outer = named(&spans, "outer");
    let contextual = named(&spans, "contextual");
    assert_eq!(outer.parent_span_id, SpanId::INVALID);
    assert_eq!(contextual.parent_span_id, outer.span_context.span_id());
    assert_eq!(named(&spans, "explicit").parent_span_id, contextual.span_context.span_id());
    let trace = outer.span_context.trace_id();
    assert_eq!(named(&spans, "explicit").span_context.trace_id(), trace);
    for alone in ["root", "orphan"] {
        assert_eq!(named(&spans, alone).parent_span_id, SpanId::INVALID, "{alone}");
        assert_ne!(named(&spans, alone).span_context.trace_id(), trace, "{alone}");
    }
}

const CLIENT_TRACE: &str = "4bf92f3577b34da6a3ce929d0e0e4736";
const CLIENT_SPAN: &str = "00f067aa0ba902b7";

fn client_meta() -> Map<String, serde_json::Value> {
    let meta = json!({ "traceparent": format!("00-{CLIENT_TRACE}-{CLIENT_SPAN}-01") });
    meta.as_object().cloned().unwrap_or_default()
}

#[test]
fn r_otel_2_a_server_span_takes_the_parent_its_request_carries_after_it_is_made() {
    let mut sent = Map::new();
    let spans = exported(|| {
        let server = tracing::info_span!(target: "ordo", "request", otel.kind = "server");
        tracing::info!(target: "ordo", parent: &server, "received");
        adopt_parent(&server, &client_meta(), |_| None);
        let call = tracing::info_span!(target: "ordo", parent: &server, "call");
        let client =
            call.in_scope(|| tracing::info_span!(target: "ordo", "mounted", otel.kind = "client"));
        sent = carried(&client);
        // A span already started keeps the trace it started in.
        let internal = tracing::info_span!(target: "ordo", "internal");
        adopt_parent(&internal, &client_meta(), |_| None);
        drop((client, call, server, internal));
    });
    let client_trace = TraceId::from_hex(CLIENT_TRACE).expect("hex");
    let server = named(&spans, "request");
    assert_eq!(server.span_kind, SpanKind::Server);
    assert_eq!(server.span_context.trace_id(), client_trace);
    assert_eq!(server.parent_span_id, SpanId::from_hex(CLIENT_SPAN).expect("hex"));
    assert_eq!(server.events.len(), 1, "an event before the parent is kept");
    let call = named(&spans, "call");
    assert_eq!(call.parent_span_id, server.span_context.span_id());
    let mounted = named(&spans, "mounted");
    assert_eq!(mounted.span_context.trace_id(), client_trace);
    assert_eq!(mounted.parent_span_id, call.span_context.span_id());
    let traceparent = format!("00-{CLIENT_TRACE}-{}-01", mounted.span_context.span_id());
    assert_eq!(
        sent.get("traceparent"),
        Some(&json!(traceparent)),
        "the mounted call's context goes on"
    );
    assert_ne!(named(&spans, "internal").span_context.trace_id(), client_trace);
}

#[test]
fn r_otel_3_without_export_nothing_is_carried_to_a_server() {
    let span = tracing::info_span!(target: "ordo", "mounted", otel.kind = "client");
    assert!(carried(&span).is_empty());
}
