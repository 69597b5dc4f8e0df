//! Trace context across MCP: read from a request's `params._meta` (or its HTTP headers) to
//! become the parent of ordo's span, and written into the `_meta` of a request ordo sends to a
//! mounted server, as W3C Trace Context (`traceparent`, `tracestate`), unprefixed, as the MCP
//! conventions and SEP-414 say.

use opentelemetry::propagation::{Extractor, Injector, TextMapPropagator as _};
use opentelemetry_sdk::propagation::TraceContextPropagator;
use serde_json::{Map, Value};

use super::layer::SpanAccess;

/// Makes the context `meta` carries (else the request's HTTP headers, read by `header`) the
/// parent of `span`; without one, `span` keeps the parent it has.
pub fn adopt_parent(
    span: &tracing::Span,
    meta: &Map<String, Value>,
    header: impl Fn(&str) -> Option<String>,
) {
    let propagator = TraceContextPropagator::new();
    let from_meta = propagator.extract(&MetaCarrier(meta));
    let context = if has_parent(&from_meta) {
        from_meta
    } else {
        let headers: Vec<(&str, String)> =
            TRACE_KEYS.iter().filter_map(|key| header(key).map(|value| (*key, value))).collect();
        propagator.extract(&HeaderCarrier(&headers))
    };
    if has_parent(&context) {
        SpanAccess::of(span, |access, dispatch, id| access.adopt(dispatch, id, context));
    }
}

/// The `_meta` entries that carry `span`'s context to the server a request goes to; empty
/// when nothing exports.
pub fn carried(span: &tracing::Span) -> Map<String, Value> {
    let mut meta = Map::new();
    let context =
        SpanAccess::of(span, |access, dispatch, id| access.context(dispatch, id)).flatten();
    if let Some(context) = context.filter(has_parent) {
        TraceContextPropagator::new().inject_context(&context, &mut MetaInjector(&mut meta));
    }
    meta
}

fn has_parent(context: &opentelemetry::Context) -> bool {
    use opentelemetry::trace::TraceContextExt as _;
    context.span().span_context().is_valid()
}

struct MetaCarrier<'a>(&'a Map<String, Value>);

impl Extractor for MetaCarrier<'_> {
    fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key).and_then(Value::as_str)
    }

    fn keys(&self) -> Vec<&str> {
        self.0.keys().map(String::as_str).collect()
    }
}

/// The W3C Trace Context keys, in `_meta` as in HTTP headers.
const TRACE_KEYS: [&str; 2] = ["traceparent", "tracestate"];

struct HeaderCarrier<'a>(&'a [(&'static str, String)]);

impl Extractor for HeaderCarrier<'_> {
    fn get(&self, key: &str) -> Option<&str> {
        self.0.iter().find(|(name, _)| *name == key).map(|(_, value)| value.as_str())
    }

    fn keys(&self) -> Vec<&str> {
        self.0.iter().map(|(name, _)| *name).collect()
    }
}

struct MetaInjector<'a>(&'a mut Map<String, Value>);

impl Injector for MetaInjector<'_> {
    fn set(&mut self, key: &str, value: String) {
        self.0.insert(key.to_owned(), Value::String(value));
    }
}
