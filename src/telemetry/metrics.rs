//! Metrics measured from ordo's spans as they are exported, on the exporter's thread: a call
//! pays nothing for them. With the conventions' names where they have one: each MCP request
//! ordo serves is one measure of `mcp.server.operation.duration`, each call ordo makes to a
//! mounted server one of `mcp.client.operation.duration`, each call through the pipeline
//! (`execute_tool`) one of `ordo.tool.call.duration` (the conventions have no metric for tool
//! execution); all in seconds, their counts the calls, by tool and outcome.
//!
//! A span the batch processor drops (its queue full) is then missing from the metrics as from
//! the traces: the two always agree.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use opentelemetry::KeyValue;
use opentelemetry::metrics::{Histogram, Meter};
use opentelemetry::trace::SpanKind;
use opentelemetry_sdk::Resource;
use opentelemetry_sdk::error::OTelSdkResult;
use opentelemetry_sdk::trace::{SpanData, SpanExporter};

/// The attributes each metric keeps (low cardinality: no ids).
const TOOL_ATTRIBUTES: &[&str] = &["gen_ai.operation.name", "gen_ai.tool.name", "error.type"];
const SERVER_ATTRIBUTES: &[&str] = &[
    "mcp.method.name",
    "gen_ai.operation.name",
    "gen_ai.tool.name",
    "mcp.protocol.version",
    "network.transport",
    "error.type",
];
const CLIENT_ATTRIBUTES: &[&str] = &[
    "mcp.method.name",
    "gen_ai.operation.name",
    "gen_ai.tool.name",
    "network.transport",
    "error.type",
];

/// A span exporter that records the three histograms from each batch, then hands the batch on,
/// keeping whether that export failed.
#[derive(Debug)]
pub(crate) struct Measuring<E> {
    inner: E,
    tools: Histogram<f64>,
    servers: Histogram<f64>,
    clients: Histogram<f64>,
    last_failed: Arc<AtomicBool>,
}

impl<E> Measuring<E> {
    pub(crate) fn new(inner: E, meter: &Meter) -> Self {
        let histogram = |name: &'static str, description: &'static str| {
            meter.f64_histogram(name).with_unit("s").with_description(description).build()
        };
        Self {
            inner,
            tools: histogram(
                "ordo.tool.call.duration",
                "Duration of a tool call through ordo's pipeline, nested calls included.",
            ),
            servers: histogram(
                "mcp.server.operation.duration",
                "MCP request duration as observed on the receiver from the time it was received \
                 until the result is sent.",
            ),
            clients: histogram(
                "mcp.client.operation.duration",
                "The duration of the MCP request as observed on the sender from the time it was \
                 sent until the response is received.",
            ),
            last_failed: Arc::default(),
        }
    }

    /// Whether the latest export failed (the batch processor tells no one: its shutdown
    /// succeeds though the receiver never took the last spans).
    pub(crate) fn last_failed(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.last_failed)
    }

    /// Records `span`, if it is one of those measured: a call through the pipeline (kind
    /// internal), an MCP request served (server) or made (client).
    fn measure(&self, span: &SpanData) {
        let (histogram, kept) = match span.span_kind {
            SpanKind::Internal if is(span, "gen_ai.operation.name", "execute_tool") => {
                (&self.tools, TOOL_ATTRIBUTES)
            }
            SpanKind::Server if has(span, "mcp.method.name") => (&self.servers, SERVER_ATTRIBUTES),
            SpanKind::Client if has(span, "mcp.method.name") => (&self.clients, CLIENT_ATTRIBUTES),
            _ => return,
        };
        let seconds = span.end_time.duration_since(span.start_time).unwrap_or(Duration::ZERO);
        let attributes: Vec<KeyValue> = span
            .attributes
            .iter()
            .filter(|attribute| kept.contains(&attribute.key.as_str()))
            .cloned()
            .collect();
        histogram.record(seconds.as_secs_f64(), &attributes);
    }
}

fn has(span: &SpanData, key: &str) -> bool {
    span.attributes.iter().any(|attribute| attribute.key.as_str() == key)
}

fn is(span: &SpanData, key: &str, value: &str) -> bool {
    span.attributes
        .iter()
        .any(|attribute| attribute.key.as_str() == key && attribute.value.as_str() == value)
}

impl<E: SpanExporter> SpanExporter for Measuring<E> {
    fn export(
        &self,
        batch: Vec<SpanData>,
    ) -> impl std::future::Future<Output = OTelSdkResult> + Send {
        for span in &batch {
            self.measure(span);
        }
        let exported = self.inner.export(batch);
        async move {
            let outcome = exported.await;
            self.last_failed.store(outcome.is_err(), Ordering::Relaxed);
            outcome
        }
    }

    fn shutdown_with_timeout(&self, timeout: Duration) -> OTelSdkResult {
        self.inner.shutdown_with_timeout(timeout)
    }

    fn force_flush(&self) -> OTelSdkResult {
        self.inner.force_flush()
    }

    fn set_resource(&mut self, resource: &Resource) {
        self.inner.set_resource(resource);
    }
}

#[cfg(test)]
mod tests {
    use std::time::SystemTime;

    use opentelemetry::trace::{SpanContext, SpanId, Status};
    use opentelemetry::{InstrumentationScope, KeyValue};
    use opentelemetry_sdk::metrics::data::{AggregatedMetrics, MetricData, ResourceMetrics};
    use opentelemetry_sdk::metrics::{InMemoryMetricExporter, PeriodicReader, SdkMeterProvider};
    use opentelemetry_sdk::trace::{InMemorySpanExporter, SpanEvents, SpanLinks};

    use super::*;

    fn span(kind: SpanKind, attributes: Vec<KeyValue>, millis: u64) -> SpanData {
        let start_time = SystemTime::UNIX_EPOCH + Duration::from_secs(1_000);
        SpanData {
            span_context: SpanContext::empty_context(),
            parent_span_id: SpanId::INVALID,
            parent_span_is_remote: false,
            span_kind: kind,
            name: "span".into(),
            start_time,
            end_time: start_time + Duration::from_millis(millis),
            attributes,
            dropped_attributes_count: 0,
            events: SpanEvents::default(),
            links: SpanLinks::default(),
            status: Status::Unset,
            instrumentation_scope: InstrumentationScope::default(),
        }
    }

    /// A data point: its attributes (sorted), count and sum.
    type Point = (Vec<(String, String)>, u64, f64);

    /// Each data point of the histogram `name`.
    fn points(metrics: &[ResourceMetrics], name: &str) -> Vec<Point> {
        let mut points = Vec::new();
        for resource in metrics {
            for scope in resource.scope_metrics() {
                for metric in scope.metrics().filter(|metric| metric.name() == name) {
                    let AggregatedMetrics::F64(MetricData::Histogram(histogram)) = metric.data()
                    else {
                        panic!("{name} is not an f64 histogram");
                    };
                    for point in histogram.data_points() {
                        let mut attributes: Vec<(String, String)> = point
                            .attributes()
                            .map(|kv| (kv.key.to_string(), kv.value.to_string()))
                            .collect();
                        attributes.sort();
                        points.push((attributes, point.count(), point.sum()));
                    }
                }
            }
        }
        points
    }

    #[tokio::test]
    async fn r_otel_4_each_kind_of_span_is_measured_once_by_its_low_cardinality_attributes() {
        let metric_exporter = InMemoryMetricExporter::default();
        let provider = SdkMeterProvider::builder()
            .with_reader(PeriodicReader::builder(metric_exporter.clone()).build())
            .build();
        let spans = InMemorySpanExporter::default();
        let meter = opentelemetry::metrics::MeterProvider::meter(&provider, "test");
        let measuring = Measuring::new(spans.clone(), &meter);
        let tool = |name: &str, id: &str| {
            vec![
                KeyValue::new("gen_ai.operation.name", "execute_tool"),
                KeyValue::new("gen_ai.tool.name", name.to_owned()),
                KeyValue::new("gen_ai.tool.call.id", id.to_owned()),
            ]
        };
        let mut failed = tool("read_file", "c2");
        failed.push(KeyValue::new("error.type", "TOOL_ERROR"));
        let request = vec![
            KeyValue::new("mcp.method.name", "tools/call"),
            KeyValue::new("jsonrpc.request.id", "7"),
        ];
        let batch = vec![
            span(SpanKind::Internal, tool("read_file", "c1"), 250),
            span(SpanKind::Internal, failed, 500),
            span(SpanKind::Server, request.clone(), 1_000),
            span(SpanKind::Client, request, 2_000),
            span(SpanKind::Internal, vec![KeyValue::new("other", "span")], 3_000),
        ];
        measuring.export(batch).await.unwrap();
        provider.force_flush().unwrap();

        assert_eq!(spans.get_finished_spans().unwrap().len(), 5, "the batch goes on whole");
        let metrics = metric_exporter.get_finished_metrics().unwrap();
        let tools = points(&metrics, "ordo.tool.call.duration");
        let pair = |key: &str, value: &str| (key.to_owned(), value.to_owned());
        let ok = vec![
            pair("gen_ai.operation.name", "execute_tool"),
            pair("gen_ai.tool.name", "read_file"),
        ];
        let mut error = ok.clone();
        error.insert(0, pair("error.type", "TOOL_ERROR"));
        assert!(tools.contains(&(ok, 1, 0.25)), "no call id among the attributes: {tools:?}");
        assert!(tools.contains(&(error, 1, 0.5)), "{tools:?}");
        assert_eq!(tools.len(), 2, "{tools:?}");
        let method = vec![pair("mcp.method.name", "tools/call")];
        assert_eq!(points(&metrics, "mcp.server.operation.duration"), [(method.clone(), 1, 1.0)]);
        assert_eq!(points(&metrics, "mcp.client.operation.duration"), [(method, 1, 2.0)]);
    }
}
