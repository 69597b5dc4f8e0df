//! The pipeline out: ordo's spans and metrics to an OTLP receiver over HTTP/protobuf, in batches
//! on the SDK's own threads, never on a call's path.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use opentelemetry::KeyValue;
use opentelemetry::trace::TracerProvider as _;
use opentelemetry_otlp::{
    MetricExporter, RetryPolicy, SpanExporter, WithExportConfig as _, WithHttpConfig as _,
};
use opentelemetry_sdk::Resource;
use opentelemetry_sdk::metrics::SdkMeterProvider;
use opentelemetry_sdk::trace::SdkTracerProvider;
use tracing::Subscriber;
use tracing_subscriber::Layer;
use tracing_subscriber::filter::{LevelFilter, Targets};
use tracing_subscriber::registry::LookupSpan;

use super::metrics::Measuring;
use super::settings::Settings;

/// How long the end of a process waits for the last batches to leave.
const FLUSH_TIMEOUT: Duration = Duration::from_secs(5);

/// Two retries of a failed export, 100 then 200 ms later (the SDK recommends three, up to
/// 1.6 s): a receiver that is down costs a short command about 0.4 s at its end for the spans
/// and as much for the metrics, not two seconds each; a server's batches are retried the same
/// way off its calls' path.
fn retries() -> RetryPolicy {
    RetryPolicy::recommended().with_max_retries(2).with_max_delay(Duration::from_millis(200))
}

/// Export, running: flushes what is left when the process ends ([`Telemetry::shutdown`]).
pub struct Telemetry {
    traces: SdkTracerProvider,
    metrics: SdkMeterProvider,
    /// Whether the span exporter's latest export failed.
    spans_failed: Arc<AtomicBool>,
}

/// Why export could not start.
#[derive(Debug, thiserror::Error)]
#[error("cannot export to OpenTelemetry: {0}")]
pub struct ExportError(String);

impl Telemetry {
    /// Starts the exporters `settings` describe (endpoint, headers and timeout from the
    /// standard variables), and gives the layer that feeds them ordo's spans: add it to the
    /// process's `tracing` subscriber.
    pub fn start<S>(settings: &Settings) -> Result<(Self, impl Layer<S> + Send + Sync), ExportError>
    where
        S: Subscriber + for<'span> LookupSpan<'span> + Send + Sync,
    {
        // An https:// endpoint needs the provider the exporter's client is built with.
        crate::tls::install_provider();
        let resource = Resource::builder()
            .with_service_name(settings.service_name.clone())
            .with_attribute(KeyValue::new("service.version", env!("CARGO_PKG_VERSION")))
            .build();
        let mut spans = SpanExporter::builder()
            .with_http()
            .with_protocol(opentelemetry_otlp::Protocol::HttpBinary)
            .with_retry_policy(retries());
        let mut measures = MetricExporter::builder()
            .with_http()
            .with_protocol(opentelemetry_otlp::Protocol::HttpBinary)
            .with_retry_policy(retries());
        if let Some(endpoint) = &settings.endpoint {
            let base = endpoint.trim_end_matches('/');
            spans = spans.with_endpoint(format!("{base}/v1/traces"));
            measures = measures.with_endpoint(format!("{base}/v1/metrics"));
        }
        let spans = spans.build().map_err(|error| ExportError(error.to_string()))?;
        let measures = measures.build().map_err(|error| ExportError(error.to_string()))?;
        let metrics = SdkMeterProvider::builder()
            .with_periodic_exporter(measures)
            .with_resource(resource.clone())
            .build();
        let meter = opentelemetry::metrics::MeterProvider::meter(&metrics, "ordo");
        // The metrics are taken from the spans as they are exported, off the calls' path.
        let measuring = Measuring::new(spans, &meter);
        let spans_failed = measuring.last_failed();
        let traces = SdkTracerProvider::builder()
            .with_batch_exporter(measuring)
            .with_resource(resource)
            .build();
        let tracer = traces.tracer("ordo");
        // ordo's own spans only: a dependency's (hyper's, rmcp's) are not what a team watches.
        let ours = Targets::new()
            .with_target("ordo", LevelFilter::INFO)
            .with_target("ordo_tools", LevelFilter::INFO)
            .with_target("ordo_sdk", LevelFilter::INFO);
        let layer = super::layer::SpanExport::new(tracer).with_filter(ours);
        Ok((Self { traces, metrics, spans_failed }, layer))
    }

    /// Sends the spans ended so far and waits until the receiver has answered for them: for an
    /// embedder whose unit of work must not end with its spans still queued (the batches leave
    /// every five seconds otherwise), and for the benchmark, which keeps the exporter's work out
    /// of the calls it times.
    pub fn flush(&self) -> Result<(), ExportError> {
        self.traces.force_flush().map_err(|error| ExportError(error.to_string()))
    }

    /// Sends what is left and stops, spans first: their export is what measures the last
    /// calls, so the meter's last export follows it. Each waits a few seconds at most: a
    /// receiver that is down does not hold the process.
    pub fn shutdown(self) {
        let Self { traces, metrics, spans_failed } = self;
        if let Err(error) = traces.shutdown_with_timeout(FLUSH_TIMEOUT) {
            tracing::warn!(%error, "OpenTelemetry: the last spans were not exported");
        } else if spans_failed.load(Ordering::Relaxed) {
            tracing::warn!(
                "OpenTelemetry: the last spans were not exported: the receiver refused them or \
                 could not be reached"
            );
        }
        if let Err(error) = metrics.shutdown_with_timeout(FLUSH_TIMEOUT) {
            tracing::warn!(%error, "OpenTelemetry: the last metrics were not exported");
        }
    }
}
