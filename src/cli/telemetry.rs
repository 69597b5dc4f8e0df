//! Where ordo's `tracing` goes: its logs to stderr, filtered by `ORDO_LOG` (default: warnings
//! and errors), and with export on ([`ordo::telemetry`]) its spans and metrics to OpenTelemetry.
//! The two are filtered apart: `ORDO_LOG` never decides what is exported, and export never
//! prints a span.

use std::sync::OnceLock;

use ordo::telemetry::{ContentCapture, Flags, Settings, Telemetry};
use tracing_subscriber::prelude::*;

use super::exit::CliError;

/// Content capture, when `--otel-content` (or its variable) asked for it with export on.
static CONTENT: OnceLock<ContentCapture> = OnceLock::new();

/// Installs the process's subscriber; with export on, starts it and returns what flushes it.
pub(crate) fn start(flags: Flags) -> Result<Option<Telemetry>, CliError> {
    let settings = Settings::from_env(flags, |name| std::env::var(name).ok())
        .map_err(|error| CliError::usage(error.to_string()))?;
    let log = std::env::var("ORDO_LOG").ok();
    let mut filter = log
        .as_deref()
        .and_then(|log| tracing_subscriber::EnvFilter::try_new(log).ok())
        .unwrap_or_else(|| tracing_subscriber::EnvFilter::new("warn"));
    // Each call's stage events are for a trace's timeline, not for a log line per stage: shown
    // only when ORDO_LOG names them.
    let asked = log.is_some_and(|log| log.contains(ordo_tools::pipeline::STAGE_EVENTS));
    if !asked && let Ok(off) = format!("{}=off", ordo_tools::pipeline::STAGE_EVENTS).parse() {
        filter = filter.add_directive(off);
    }
    // A log line that cannot be written is dropped in silence: the layer's default reports the
    // failure with `eprintln!`, which panics on a closed stderr, inside whatever task logged.
    let logs = tracing_subscriber::fmt::layer()
        .with_writer(std::io::stderr)
        .with_target(false)
        .log_internal_errors(false)
        .with_filter(filter);
    let Some(settings) = settings else {
        let _ = tracing_subscriber::registry().with(logs).try_init();
        return Ok(None);
    };
    let (telemetry, export) =
        Telemetry::start(&settings).map_err(|error| CliError::usage(error.to_string()))?;
    if let Some(bytes) = settings.content {
        let _ = CONTENT.set(ContentCapture { bytes });
    }
    let _ = tracing_subscriber::registry().with(logs).with(export).try_init();
    Ok(Some(telemetry))
}

/// The observer that puts calls' content on their spans, if it was asked for.
pub(crate) fn content_capture() -> Option<ContentCapture> {
    CONTENT.get().copied()
}
