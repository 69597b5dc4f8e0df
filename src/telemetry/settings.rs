//! Whether ordo exports, and what: the standard OpenTelemetry variables and ordo's two flags.
//!
//! Export is on with `--otel`, or when `OTEL_EXPORTER_OTLP_ENDPOINT` (or its traces form) names
//! a receiver; `OTEL_SDK_DISABLED=true` turns it off whatever else says. The exporter reads the
//! endpoint, headers and timeout itself, as every OpenTelemetry SDK does; this module checks
//! what ordo does not support (a protocol other than `http/protobuf`) so that it is refused
//! at start, not discovered in a receiver that stays empty.

use std::fmt;

/// The protocol ordo exports with, the only one it supports.
pub const PROTOCOL: &str = "http/protobuf";

/// What a telemetry-exporting ordo was asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// `service.name`: `OTEL_SERVICE_NAME`, else `ordo`.
    pub service_name: String,
    /// Arguments, results and script source on spans (opt-in), each cut to this many bytes;
    /// `None`: never.
    pub content: Option<usize>,
    /// The receiver's base URL (`/v1/traces` and `/v1/metrics` are added), for a program that
    /// configures export itself; `None` leaves it to the standard variables, as `ordo` does.
    pub endpoint: Option<String>,
}

/// The bytes of one captured attribute (arguments, a result, a script) when content is on.
pub const DEFAULT_CONTENT_BYTES: usize = 4096;

/// The opt-in flags of the command line.
#[derive(Clone, Copy, Debug, Default)]
pub struct Flags {
    /// `--otel`: export, to the variables' endpoint or the default `http://localhost:4318`.
    pub otel: bool,
    /// `--otel-content`: also put arguments, results and script source on the spans.
    pub content: bool,
}

impl Settings {
    /// The settings `flags` and the environment (`var` reads one variable) ask for, or `None`
    /// when nothing asks to export (or `OTEL_SDK_DISABLED=true`).
    pub fn from_env(
        flags: Flags,
        var: impl Fn(&str) -> Option<String>,
    ) -> Result<Option<Self>, SettingsError> {
        let set = |name: &str| var(name).filter(|value| !value.trim().is_empty());
        if set("OTEL_SDK_DISABLED").is_some_and(|value| value.trim().eq_ignore_ascii_case("true")) {
            return Ok(None);
        }
        let endpoint = set("OTEL_EXPORTER_OTLP_ENDPOINT")
            .or_else(|| set("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"));
        if !flags.otel && endpoint.is_none() {
            return Ok(None);
        }
        for name in ["OTEL_EXPORTER_OTLP_TRACES_PROTOCOL", "OTEL_EXPORTER_OTLP_PROTOCOL"] {
            if let Some(protocol) = set(name)
                && protocol.trim() != PROTOCOL
            {
                return Err(SettingsError::Protocol { variable: name, protocol });
            }
        }
        let content_env = set("OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT")
            .is_some_and(|value| value.trim().eq_ignore_ascii_case("true"));
        Ok(Some(Self {
            service_name: set("OTEL_SERVICE_NAME").unwrap_or_else(|| "ordo".to_owned()),
            content: (flags.content || content_env).then_some(DEFAULT_CONTENT_BYTES),
            endpoint: None,
        }))
    }
}

/// A setting ordo cannot honour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettingsError {
    /// A protocol other than `http/protobuf`.
    Protocol {
        /// The variable that asked for it.
        variable: &'static str,
        /// What it asked for.
        protocol: String,
    },
}

impl fmt::Display for SettingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Protocol { variable, protocol } => write!(
                f,
                "{variable}={protocol:?}: ordo exports OTLP over {PROTOCOL} only (a collector or \
                 Jaeger accepts it on port 4318)"
            ),
        }
    }
}

impl std::error::Error for SettingsError {}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(flags: Flags, vars: &[(&str, &str)]) -> Result<Option<Settings>, SettingsError> {
        Settings::from_env(flags, |name| {
            vars.iter().find(|(key, _)| *key == name).map(|(_, value)| (*value).to_owned())
        })
    }

    const ON: Flags = Flags { otel: true, content: false };

    #[test]
    fn r_otel_1_off_unless_a_flag_or_an_endpoint_asks() {
        assert_eq!(settings(Flags::default(), &[]), Ok(None));
        assert_eq!(settings(Flags::default(), &[("OTEL_SERVICE_NAME", "x")]), Ok(None));
        let endpoint = [("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:4318")];
        let on = settings(Flags::default(), &endpoint).unwrap().unwrap();
        assert_eq!((on.service_name.as_str(), on.content), ("ordo", None));
        let traces = [("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "http://h/v1/traces")];
        assert!(settings(Flags::default(), &traces).unwrap().is_some());
        assert!(settings(ON, &[]).unwrap().is_some(), "--otel alone: the default endpoint");
        let named = settings(ON, &[("OTEL_SERVICE_NAME", "agent-7")]).unwrap().unwrap();
        assert_eq!(named.service_name, "agent-7");
    }

    #[test]
    fn r_otel_1_sdk_disabled_wins_over_everything() {
        let vars = [("OTEL_SDK_DISABLED", "TRUE"), ("OTEL_EXPORTER_OTLP_ENDPOINT", "http://h")];
        assert_eq!(settings(ON, &vars), Ok(None));
        assert!(settings(ON, &[("OTEL_SDK_DISABLED", "false")]).unwrap().is_some());
    }

    #[test]
    fn r_otel_1_a_protocol_ordo_does_not_speak_is_refused_by_name() {
        let error = settings(ON, &[("OTEL_EXPORTER_OTLP_PROTOCOL", "grpc")]).unwrap_err();
        assert_eq!(
            error.to_string(),
            "OTEL_EXPORTER_OTLP_PROTOCOL=\"grpc\": ordo exports OTLP over http/protobuf only (a \
             collector or Jaeger accepts it on port 4318)"
        );
        let traces = [("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL", "http/json")];
        assert!(settings(ON, &traces).is_err());
        assert!(settings(ON, &[("OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf")]).is_ok());
        // Not exporting: nothing to refuse.
        assert_eq!(
            settings(Flags::default(), &[("OTEL_EXPORTER_OTLP_PROTOCOL", "grpc")]),
            Ok(None)
        );
    }

    #[test]
    fn r_otel_3_content_is_opt_in_by_flag_or_the_genai_variable() {
        assert_eq!(settings(ON, &[]).unwrap().unwrap().content, None);
        let flag = Flags { otel: true, content: true };
        assert_eq!(settings(flag, &[]).unwrap().unwrap().content, Some(DEFAULT_CONTENT_BYTES));
        let var = [("OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT", "true")];
        assert_eq!(settings(ON, &var).unwrap().unwrap().content, Some(DEFAULT_CONTENT_BYTES));
    }
}
