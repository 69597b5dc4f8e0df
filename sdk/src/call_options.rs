//! The options a script may pass after a call's arguments: `tools.x(args, { timeout: 300 })`
//! (R-CODE-11).
//!
//! `timeout` is the call's own deadline in milliseconds, counted from when the script makes the
//! call (its wait for a turn included): past it the call rejects with `TIMEOUT`
//! (`ToolTimeoutError`) and is cancelled, and the script goes on. The name is the one a model
//! reaches for first (the issue's, `AbortSignal.timeout(ms)`'s), and like them it is in
//! milliseconds. Options arrive from the worker, which is trusted with nothing: anything but an
//! object of known options with a positive, finite number is refused, naming the option, before
//! any call is made.

use std::time::Duration;

use ordo_runtime::HostError;
use ordo_tools::ErrorCode;
use serde_json::{Map, Value, json};

/// The options there are, for messages.
const KNOWN: &str = "`timeout` (milliseconds)";

/// The longest deadline a call may ask for: a day. A run's own limit ends it long before.
const MAX_TIMEOUT_MS: f64 = 86_400_000.0;

/// What a call's options say.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct CallOptions {
    /// The call's own deadline.
    pub(crate) timeout: Option<Duration>,
}

impl CallOptions {
    /// Reads the options of a call of `tool` (as the script names it, `tools.fx.hang`);
    /// `None` is no options. The error is the call's rejection: `ToolArgumentsError`, code
    /// `INVALID_ARGUMENTS`, naming the option.
    pub(crate) fn read(tool: &str, options: Option<&Value>) -> Result<Self, HostError> {
        let Some(options) = options else { return Ok(Self::default()) };
        let refuse = |message: String| refusal(tool, message);
        let Value::Object(fields) = options else {
            return Err(refuse(format!(
                "its second argument must be an options object like {{ timeout: 300 }}, not {}",
                kind(options)
            )));
        };
        let mut read = Self::default();
        for (name, value) in fields {
            match name.as_str() {
                "timeout" => read.timeout = Some(timeout(value).map_err(&refuse)?),
                _ => {
                    return Err(refuse(format!(
                        "unknown option `{}`; the options are {KNOWN}",
                        name.chars().take(40).collect::<String>()
                    )));
                }
            }
        }
        Ok(read)
    }
}

/// A `timeout`: a positive, finite number of milliseconds (a fraction rounds up).
fn timeout(value: &Value) -> Result<Duration, String> {
    let wrong = || {
        format!(
            "option `timeout` must be a positive number of milliseconds (at most {MAX_TIMEOUT_MS}), not {}",
            kind(value)
        )
    };
    let ms = value.as_f64().ok_or_else(wrong)?;
    if !(ms > 0.0 && ms <= MAX_TIMEOUT_MS) {
        return Err(wrong());
    }
    // In range, so the cast is exact.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    Ok(Duration::from_millis(ms.ceil() as u64))
}

/// How a value is named in a message: its JSON when short, else its type.
fn kind(value: &Value) -> String {
    let text = value.to_string();
    match value {
        Value::Null => "null (or undefined, NaN or Infinity, which JSON cannot hold)".to_owned(),
        _ if text.len() <= 40 => text,
        Value::String(_) => "a string".to_owned(),
        Value::Array(_) => "an array".to_owned(),
        _ => "an object".to_owned(),
    }
}

fn refusal(tool: &str, message: String) -> HostError {
    let code = ErrorCode::InvalidArguments;
    let mut data = Map::new();
    data.insert("code".into(), json!(code.as_str()));
    data.insert("tool".into(), json!(tool));
    HostError { name: code.default_name().to_owned(), message: format!("{tool}: {message}"), data }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(options: Value) -> Result<CallOptions, String> {
        CallOptions::read("tools.fx.hang", Some(&options)).map_err(|error| error.message)
    }

    #[test]
    fn r_code_11_a_timeout_in_milliseconds_is_read() {
        assert_eq!(CallOptions::read("tools.x", None).unwrap(), CallOptions::default());
        assert_eq!(read(json!({})).unwrap(), CallOptions::default());
        let timeout = |ms| Some(Duration::from_millis(ms));
        assert_eq!(read(json!({ "timeout": 300 })).unwrap().timeout, timeout(300));
        assert_eq!(read(json!({ "timeout": 0.5 })).unwrap().timeout, timeout(1), "rounds up");
    }

    #[test]
    fn r_code_11_bad_options_are_refused_naming_the_option() {
        let refused = |options: Value, expected: &str| {
            let message = read(options.clone()).unwrap_err();
            assert!(message.starts_with("tools.fx.hang: "), "{message}");
            assert!(message.contains(expected), "{options}: {message}");
        };
        refused(json!({ "timeout": -5 }), "option `timeout` must be a positive number");
        refused(json!({ "timeout": 0 }), "not 0");
        refused(json!({ "timeout": "300" }), "not \"300\"");
        refused(json!({ "timeout": null }), "not null (or undefined, NaN or Infinity");
        refused(json!({ "timeout": 1e12 }), "at most 86400000");
        refused(json!({ "timout": 300 }), "unknown option `timout`; the options are `timeout`");
        refused(json!(300), "must be an options object like { timeout: 300 }, not 300");
        let error = CallOptions::read("tools.x", Some(&json!({ "a": 1 }))).unwrap_err();
        assert_eq!(error.name, "ToolArgumentsError");
        assert_eq!(error.data["code"], "INVALID_ARGUMENTS");
    }
}
