//! Metrics from ordo's spans, with the conventions' names where they have one: each MCP request
//! span that closes is one measure of `mcp.server.operation.duration`, each call through the
//! pipeline (`execute_tool`) one of `ordo.tool.call.duration` (the conventions have no metric
//! for tool execution); both in seconds, their counts the calls, by tool and outcome.

use std::time::Instant;

use opentelemetry::KeyValue;
use opentelemetry::metrics::{Histogram, Meter};
use tracing::Subscriber;
use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id, Record};
use tracing_subscriber::Layer;
use tracing_subscriber::layer::Context;
use tracing_subscriber::registry::LookupSpan;

/// The span of one call through the pipeline (`ordo_tools`' execution).
pub(crate) const TOOL_SPAN: &str = "tool_call";
/// The span of one MCP request ordo serves.
pub(crate) const REQUEST_SPAN: &str = "mcp_request";

/// The attributes each metric keeps (low cardinality: no ids).
const TOOL_ATTRIBUTES: &[&str] = &["gen_ai.operation.name", "gen_ai.tool.name", "error.type"];
const REQUEST_ATTRIBUTES: &[&str] = &[
    "mcp.method.name",
    "gen_ai.operation.name",
    "gen_ai.tool.name",
    "mcp.protocol.version",
    "network.transport",
    "error.type",
];

/// Records the two histograms as the spans they measure close.
pub(crate) struct MetricsLayer {
    tools: Histogram<f64>,
    requests: Histogram<f64>,
}

impl MetricsLayer {
    pub(crate) fn new(meter: &Meter) -> Self {
        let tools = meter
            .f64_histogram("ordo.tool.call.duration")
            .with_unit("s")
            .with_description(
                "Duration of a tool call through ordo's pipeline, nested calls included.",
            )
            .build();
        let requests = meter
            .f64_histogram("mcp.server.operation.duration")
            .with_unit("s")
            .with_description(
                "MCP request duration as observed on the receiver from the time it was received \
                 until the result is sent.",
            )
            .build();
        Self { tools, requests }
    }
}

/// A measured span, in its extensions until it closes.
struct Measured {
    started: Instant,
    tool: bool,
    attributes: Vec<KeyValue>,
}

impl<S> Layer<S> for MetricsLayer
where
    S: Subscriber + for<'span> LookupSpan<'span>,
{
    fn on_new_span(&self, attributes: &Attributes<'_>, id: &Id, context: Context<'_, S>) {
        let tool = match attributes.metadata().name() {
            TOOL_SPAN => true,
            REQUEST_SPAN => false,
            _ => return,
        };
        let mut measured = Measured { started: Instant::now(), tool, attributes: Vec::new() };
        attributes.record(&mut measured);
        if let Some(span) = context.span(id) {
            span.extensions_mut().insert(measured);
        }
    }

    fn on_record(&self, id: &Id, values: &Record<'_>, context: Context<'_, S>) {
        if let Some(span) = context.span(id)
            && let Some(measured) = span.extensions_mut().get_mut::<Measured>()
        {
            values.record(measured);
        }
    }

    fn on_close(&self, id: Id, context: Context<'_, S>) {
        let Some(span) = context.span(&id) else { return };
        let Some(measured) = span.extensions_mut().remove::<Measured>() else { return };
        let seconds = measured.started.elapsed().as_secs_f64();
        let histogram = if measured.tool { &self.tools } else { &self.requests };
        histogram.record(seconds, &measured.attributes);
    }
}

impl Visit for Measured {
    fn record_str(&mut self, field: &Field, value: &str) {
        if let Some(name) = self.kept(field) {
            self.keep(name, value.to_owned());
        }
    }

    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        if let Some(name) = self.kept(field) {
            self.keep(name, format!("{value:?}"));
        }
    }
}

impl Measured {
    /// The attribute `field` is, if the metric keeps it (no text is made of the others).
    fn kept(&self, field: &Field) -> Option<&'static str> {
        let kept = if self.tool { TOOL_ATTRIBUTES } else { REQUEST_ATTRIBUTES };
        kept.iter().copied().find(|name| *name == field.name())
    }

    fn keep(&mut self, name: &'static str, value: String) {
        self.attributes.retain(|attribute| attribute.key.as_str() != name);
        self.attributes.push(KeyValue::new(name, value));
    }
}
