//! What a `run_code` call returns: one type, whose JSON Schema is the tool's output schema
//! (derived, so the schema cannot drift from what is written and read), and which everything
//! that reads the value (the model's view, `ordo run`) deserializes instead of indexing JSON.

use ordo_runtime::LogEntry;
use ordo_tools::ProjectionError;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// What a run_code call returns.
// Serialized in this order: `result`, `logs`, then `media`, `state` and `notes` when there are
// any. Its doc comments are the output schema's descriptions, which clients read.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct RunCodeValue {
    /// What the script returned, as JSON.
    pub result: Value,
    /// What the script printed (`console.log`, `console.warn`, …), in order.
    pub logs: Vec<LogEntry>,
    /// The images, audio and resources the result held, passed on as content blocks; the
    /// result refers to each by its number here (`media`, from 1).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub media: Vec<Media>,
    /// The handle under which this run's `store` kept values, for a client without sessions:
    /// pass it as the next run_code call's `state` to `load` them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub state: Option<String>,
    /// What the model should know of the result: what JSON could not hold faithfully and what
    /// became of it, and which nested calls returned results cut short.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// A media block the result held, passed on after the text.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Media {
    /// Where in the result it was: `result.picture`, `result[2].image`.
    pub path: String,
    /// The MCP content block (`image`, `audio`, `resource`, `resource_link`).
    #[schemars(with = "Map<String, Value>")]
    pub block: Value,
}

impl RunCodeValue {
    /// The value a call's JSON holds (checked against the output schema already), or what in
    /// it is not a `run_code` value.
    pub fn read(value: &Value) -> Result<Self, ProjectionError> {
        Self::deserialize(value)
            .map_err(|error| ProjectionError::new(format!("not a run_code value: {error}")))
    }

    /// The value as JSON.
    pub fn to_value(&self) -> Value {
        // A struct of JSON values, strings and a map with string keys always serializes.
        serde_json::to_value(self).unwrap_or(Value::Null)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ordo_runtime::LogLevel;
    use serde_json::json;

    #[test]
    fn r_code_3_the_value_keeps_its_field_order_and_omits_what_is_empty() {
        let value = RunCodeValue {
            result: json!({ "n": 1 }),
            logs: vec![LogEntry { level: LogLevel::Warn, text: "careful".into() }],
            notes: vec!["a note".into()],
            ..RunCodeValue::default()
        };
        assert_eq!(
            value.to_value().to_string(),
            r#"{"result":{"n":1},"logs":[{"level":"warn","text":"careful"}],"notes":["a note"]}"#
        );
        let bare = RunCodeValue { result: json!(null), ..RunCodeValue::default() };
        assert_eq!(bare.to_value().to_string(), r#"{"result":null,"logs":[]}"#);
        assert_eq!(serde_json::from_value::<RunCodeValue>(value.to_value()).unwrap(), value);
    }
}
