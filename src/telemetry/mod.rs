//! OpenTelemetry: every call visible in the tracing tools teams already run (R-OTEL, feature
//! `otel`).
//!
//! Off unless asked (`--otel`, or the standard `OTEL_EXPORTER_OTLP_ENDPOINT`), and then ordo's
//! spans go out over OTLP (HTTP/protobuf) with the names and attributes of the OpenTelemetry
//! GenAI semantic conventions ([`CONVENTIONS`]): an `execute_tool {tool}` span per call through
//! the pipeline (nested calls under their `run_code`), a `tools/call {tool}` server span per MCP
//! request (its parent the client's `traceparent`), a `tools/call {tool}` client span per call
//! to a mounted server (its `traceparent` sent in `_meta`). Off, no span is even created: the
//! subscriber's filter turns them off at their call sites.
//!
//! - `settings.rs`: whether to export, from the flags and the standard variables;
//! - `export.rs`: the exporters, fed by
//! - `layer.rs`: the `tracing` layer that makes ordo's spans OpenTelemetry spans, reading
//! - `fields.rs`: what their fields say in OpenTelemetry's terms;
//! - `metrics.rs`: durations measured from the spans as they are exported;
//! - `propagation.rs`: trace context in and out of MCP `_meta`;
//! - `content.rs`: arguments and results on spans, opt-in and bounded.

mod content;
mod export;
mod fields;
mod layer;
mod metrics;
mod propagation;
mod settings;

pub use content::ContentCapture;
pub use export::{ExportError, Telemetry};
pub use propagation::{adopt_parent, carried};
pub use settings::{DEFAULT_CONTENT_BYTES, Flags, PROTOCOL, Settings, SettingsError};

/// The conventions ordo's span and metric names follow, pinned.
pub const CONVENTIONS: &str =
    "OpenTelemetry semantic conventions for GenAI, v0.1.0 (execute_tool and MCP spans)";
