//! Tracing: one `tool_call` span per call, with its identity, outcome code and duration.
#![allow(clippy::unwrap_used)] // test helpers outside #[test] fns unwrap too

mod common;

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use common::*;
use ordo_tools::Pipeline;
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
    fn on_new_span(&self, attributes: &Attributes<'_>, id: &Id, _: Context<'_, S>) {
        if attributes.metadata().name() == "tool_call" {
            let mut fields = Fields::new();
            attributes.record(&mut FieldVisitor(&mut fields));
            self.open.lock().unwrap().insert(id.into_u64(), fields);
        }
    }

    fn on_record(&self, id: &Id, values: &Record<'_>, _: Context<'_, S>) {
        if let Some(fields) = self.open.lock().unwrap().get_mut(&id.into_u64()) {
            values.record(&mut FieldVisitor(fields));
        }
    }

    fn on_close(&self, id: Id, _: Context<'_, S>) {
        if let Some(fields) = self.open.lock().unwrap().remove(&id.into_u64()) {
            self.closed.lock().unwrap().push(fields);
        }
    }
}

#[tokio::test]
async fn each_call_has_one_span_with_its_identity_outcome_and_duration() {
    let collector = SpanCollector::default();
    let _default =
        tracing::subscriber::set_default(tracing_subscriber::registry().with(collector.clone()));
    let echo = fixture("echo", Behaviour::Echo);
    let fail = fixture("fail", Behaviour::Fail);
    let pipeline = Pipeline::new(registry_with(&[&echo, &fail]));

    pipeline.call(call("echo", "x")).await.unwrap();
    pipeline.call(call("fail", "x").with_parent("run-1")).await.unwrap();

    let closed = collector.closed.lock().unwrap().clone();
    assert_eq!(closed.len(), 2, "{closed:?}");
    let (ok, failed) = (&closed[0], &closed[1]);
    assert_eq!(ok["tool"], "echo");
    assert_eq!(ok["call_id"], "call-1");
    assert!(!ok.contains_key("parent"), "a top-level call has no parent: {ok:?}");
    assert_eq!(ok["code"], "OK");
    assert!(ok["duration_ms"].parse::<f64>().unwrap() >= 0.0);
    assert_eq!(failed["tool"], "fail");
    assert_eq!(failed["parent"], "run-1");
    assert_eq!(failed["code"], "TOOL_ERROR");
}
