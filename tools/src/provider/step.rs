//! One model step in any of the shapes a provider hands back, turned into the calls the
//! scheduler takes: the inverse of the transcript export
//! ([`export_transcript`](crate::session::export_transcript)), and the input of `ordo calls`
//! (R-CLI-2).
//!
//! Accepted: ordo's own `[{ "id", "name", "arguments": "<raw string>" }]`; OpenAI Chat
//! `tool_calls` (`{ "id", "type": "function", "function": { "name", "arguments" } }`) or the
//! assistant message holding them; OpenAI Responses `function_call` items; Anthropic `tool_use`
//! blocks (`{ "type": "tool_use", "id", "name", "input" }`) or the assistant message holding
//! them (its text blocks are skipped). Arguments are kept raw, as the model wrote them: the
//! pipeline reports any that are not JSON, so they are never a usage error here.

use std::collections::HashSet;

use serde_json::{Map, Value};
use thiserror::Error;

use crate::scheduler::ModelCall;

/// A step that cannot be read: what is wrong, and where (a JSON position or a call's index).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct StepParseError(String);

/// The calls of the step in `text`, in model order.
pub fn parse_step(text: &str) -> Result<Vec<ModelCall>, StepParseError> {
    parse(text).map_err(StepParseError)
}

fn parse(text: &str) -> Result<Vec<ModelCall>, String> {
    let input: Value = serde_json::from_str(text).map_err(|error| {
        format!("not JSON (line {}, column {}): {error}", error.line(), error.column())
    })?;
    let items = match &input {
        Value::Array(items) => items.as_slice(),
        Value::Object(message) => match (message.get("tool_calls"), message.get("content")) {
            (Some(Value::Array(calls)), _) => calls.as_slice(),
            (_, Some(Value::Array(blocks))) => blocks.as_slice(),
            _ => {
                return Err("expected an array of calls, or an assistant message with \
                            `tool_calls` (OpenAI) or `content` blocks (Anthropic)"
                    .to_owned());
            }
        },
        _ => return Err("expected an array of calls".to_owned()),
    };
    let mut calls = Vec::with_capacity(items.len());
    let mut ids = HashSet::new();
    for (index, item) in items.iter().enumerate() {
        let Some(call) = call(item).map_err(|error| format!("call {index}: {error}"))? else {
            continue;
        };
        if !ids.insert(call.id.clone()) {
            return Err(format!("call {index}: the id `{}` is used twice", call.id));
        }
        calls.push(call);
    }
    Ok(calls)
}

/// One item: a call, `None` for a block that is not a call (Anthropic text), or what is wrong.
fn call(item: &Value) -> Result<Option<ModelCall>, String> {
    let Value::Object(item) = item else {
        return Err(format!("expected an object, found {}", kind(item)));
    };
    match item.get("type").and_then(Value::as_str) {
        Some("tool_use") => {
            let input = item.get("input").cloned().unwrap_or_else(|| Value::Object(Map::new()));
            Ok(Some(ModelCall::new(string(item, "id")?, string(item, "name")?, input.to_string())))
        }
        Some("function_call") => Ok(Some(ModelCall::new(
            string(item, "call_id")?,
            string(item, "name")?,
            arguments(item)?,
        ))),
        Some("function") => openai_chat(item).map(Some),
        Some("text" | "thinking" | "redacted_thinking") => Ok(None),
        Some(other) => Err(format!("unknown call type `{other}`")),
        None if item.contains_key("function") => openai_chat(item).map(Some),
        None => {
            Ok(Some(ModelCall::new(string(item, "id")?, string(item, "name")?, arguments(item)?)))
        }
    }
}

/// An OpenAI Chat tool call: `{ "id", "type": "function", "function": { "name", "arguments" } }`.
fn openai_chat(item: &Map<String, Value>) -> Result<ModelCall, String> {
    let Some(Value::Object(function)) = item.get("function") else {
        return Err("`function` must be an object with `name` and `arguments`".to_owned());
    };
    Ok(ModelCall::new(string(item, "id")?, string(function, "name")?, arguments(function)?))
}

fn string(object: &Map<String, Value>, field: &str) -> Result<String, String> {
    match object.get(field) {
        Some(Value::String(text)) => Ok(text.clone()),
        Some(other) => Err(format!("`{field}` must be a string, found {}", kind(other))),
        None => Err(format!("missing `{field}`")),
    }
}

/// The raw arguments: a string as is (even if it is not JSON); an object, as a convenience for
/// hand-written steps, as its JSON text; missing, as an empty string (the pipeline treats it as
/// no arguments).
fn arguments(object: &Map<String, Value>) -> Result<String, String> {
    match object.get("arguments") {
        Some(Value::String(raw)) => Ok(raw.clone()),
        Some(value @ Value::Object(_)) => Ok(value.to_string()),
        Some(other) => Err(format!("`arguments` must be a string of JSON, found {}", kind(other))),
        None => Ok(String::new()),
    }
}

fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r_cli_2_reads_the_three_formats_alike() {
        let ordo = r#"[{"id":"a","name":"t","arguments":"{\"x\":1}"}]"#;
        let openai =
            r#"[{"id":"a","type":"function","function":{"name":"t","arguments":"{\"x\":1}"}}]"#;
        let anthropic = r#"{"role":"assistant","content":[{"type":"text","text":"hi"},
            {"type":"tool_use","id":"a","name":"t","input":{"x":1}}]}"#;
        let expected = vec![ModelCall::new("a", "t", r#"{"x":1}"#)];
        for text in [ordo, openai, anthropic] {
            assert_eq!(parse(text).unwrap(), expected, "{text}");
        }
    }

    #[test]
    fn r_cli_2_bad_input_says_what_and_where() {
        assert!(parse("[{").unwrap_err().starts_with("not JSON (line 1, column 2)"));
        assert_eq!(
            parse(r#"[{"id":"a","name":"t"},{"id":"b"}]"#).unwrap_err(),
            "call 1: missing `name`"
        );
        assert_eq!(
            parse(r#"[{"id":"a","name":"t"},{"id":"a","name":"u"}]"#).unwrap_err(),
            "call 1: the id `a` is used twice"
        );
        assert_eq!(
            parse(r#"[{"id":"a","name":"t","arguments":3}]"#).unwrap_err(),
            "call 0: `arguments` must be a string of JSON, found a number"
        );
    }

    #[test]
    fn r_cli_2_raw_arguments_are_kept_even_when_they_are_not_json() {
        let calls = parse(r#"[{"id":"a","name":"t","arguments":"{oops"}]"#).unwrap();
        assert_eq!(calls[0].arguments, "{oops");
    }
}
