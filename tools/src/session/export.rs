//! Transcript export (R-LOG-5, R-LOG-2): a loaded log as provider messages.
//!
//! Only top-level calls are part of the model's transcript; calls nested under `run_code` are
//! recorded for audit and left out. Top-level calls are grouped by their `step` (the calls of one
//! model step were one assistant message); consecutive calls that share a step form one group,
//! and a call without a step is a group of its own. Each call brings exactly its one result,
//! which loading guarantees (a repair where the log had none), so no provider ever sees a call
//! without its answer.
//!
//! Shapes, per step:
//!
//! - OpenAI Chat: one assistant message with `tool_calls` (arguments as the raw string the model
//!   wrote), then one `{"role": "tool"}` message per call, in order.
//! - OpenAI Responses: `function_call` items, then one `function_call_output` item per call.
//! - Anthropic: one assistant message of `tool_use` blocks (`input` is the parsed arguments, `{}`
//!   when they are not a JSON object), then one user message holding every `tool_result` of the
//!   step: Anthropic rejects a conversation whose tool_use is not answered in the next message.
//!
//! Providers that take a string get the text blocks joined with `\n`, JSON blocks as compact
//! JSON and images as a placeholder (`[image: image/png]`). Anthropic gets text blocks, JSON as
//! text, and images as base64 image blocks.
//!
//! [`tool_call_messages`] and [`tool_result_messages`] shape one step; the CLI prints the latter
//! for the results of a step it ran.

use serde_json::{Value, json};

use super::event::{CallEvent, ResultEvent};
use super::load::{LoadedLog, LoggedCall};
use crate::content::ContentBlock;
use crate::execution::Arguments;
use crate::provider::Provider;
use crate::result::ResultRecord;

/// A call as a provider's assistant message carries it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ToolUse<'a> {
    /// The call's id.
    pub call_id: &'a str,
    /// The tool.
    pub name: &'a str,
    /// The arguments exactly as the model wrote them.
    pub arguments: &'a str,
}

impl<'a> From<&'a CallEvent> for ToolUse<'a> {
    fn from(call: &'a CallEvent) -> Self {
        Self { call_id: &call.call_id, name: &call.name, arguments: &call.arguments }
    }
}

/// A result as a provider's tool-result message carries it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ToolReply<'a> {
    /// The id of the call it answers.
    pub call_id: &'a str,
    /// Whether the call failed.
    pub is_error: bool,
    /// What the model sees.
    pub content: &'a [ContentBlock],
}

impl<'a> ToolReply<'a> {
    /// The reply to call `call_id` carrying `record`.
    pub fn new(call_id: &'a str, record: &'a ResultRecord) -> Self {
        Self { call_id, is_error: record.is_error(), content: &record.content }
    }
}

impl<'a> From<&'a ResultEvent> for ToolReply<'a> {
    fn from(result: &'a ResultEvent) -> Self {
        Self { call_id: &result.call_id, is_error: result.is_error, content: &result.content }
    }
}

/// The top-level calls of the log, grouped by model step, in log order (see the module docs).
pub fn transcript_steps(log: &LoadedLog) -> Vec<Vec<LoggedCall<'_>>> {
    let mut steps: Vec<Vec<LoggedCall<'_>>> = Vec::new();
    for logged in log.calls().filter(|logged| logged.call.parent.is_none()) {
        let step = logged.call.step;
        match steps.last_mut() {
            Some(group)
                if step.is_some() && group.last().map(|last| last.call.step) == Some(step) =>
            {
                group.push(logged);
            }
            _ => steps.push(vec![logged]),
        }
    }
    steps
}

/// The log's transcript as the provider's messages (for OpenAI Responses, its input items).
pub fn export_transcript(log: &LoadedLog, provider: Provider) -> Vec<Value> {
    let mut messages = Vec::new();
    for step in transcript_steps(log) {
        let calls: Vec<ToolUse<'_>> = step.iter().map(|logged| logged.call.into()).collect();
        let replies: Vec<ToolReply<'_>> = step.iter().map(|logged| logged.result.into()).collect();
        messages.extend(tool_call_messages(provider, &calls));
        messages.extend(tool_result_messages(provider, &replies));
    }
    messages
}

/// The assistant side of one step: the message (or items) announcing its calls. Nothing for no
/// calls.
pub fn tool_call_messages(provider: Provider, calls: &[ToolUse<'_>]) -> Vec<Value> {
    if calls.is_empty() {
        return Vec::new();
    }
    match provider {
        Provider::OpenAiChat => {
            let tool_calls: Vec<Value> = calls
                .iter()
                .map(|call| {
                    json!({
                        "id": call.call_id,
                        "type": "function",
                        "function": { "name": call.name, "arguments": call.arguments },
                    })
                })
                .collect();
            vec![json!({ "role": "assistant", "content": null, "tool_calls": tool_calls })]
        }
        Provider::OpenAiResponses => calls
            .iter()
            .map(|call| {
                json!({
                    "type": "function_call",
                    "call_id": call.call_id,
                    "name": call.name,
                    "arguments": call.arguments,
                })
            })
            .collect(),
        Provider::Anthropic => {
            let blocks: Vec<Value> = calls
                .iter()
                .map(|call| {
                    json!({
                        "type": "tool_use",
                        "id": call.call_id,
                        "name": call.name,
                        "input": anthropic_input(call.arguments),
                    })
                })
                .collect();
            vec![json!({ "role": "assistant", "content": blocks })]
        }
    }
}

/// The tool side of one step: the messages (or items) carrying its results, in order. For
/// Anthropic, one user message holding them all. Nothing for no results.
pub fn tool_result_messages(provider: Provider, replies: &[ToolReply<'_>]) -> Vec<Value> {
    if replies.is_empty() {
        return Vec::new();
    }
    match provider {
        Provider::OpenAiChat => replies
            .iter()
            .map(|reply| {
                json!({
                    "role": "tool",
                    "tool_call_id": reply.call_id,
                    "content": plain_text(reply.content),
                })
            })
            .collect(),
        Provider::OpenAiResponses => replies
            .iter()
            .map(|reply| {
                json!({
                    "type": "function_call_output",
                    "call_id": reply.call_id,
                    "output": plain_text(reply.content),
                })
            })
            .collect(),
        Provider::Anthropic => {
            let results: Vec<Value> = replies
                .iter()
                .map(|reply| {
                    json!({
                        "type": "tool_result",
                        "tool_use_id": reply.call_id,
                        "content": reply.content.iter().map(anthropic_block).collect::<Vec<_>>(),
                        "is_error": reply.is_error,
                    })
                })
                .collect();
            vec![json!({ "role": "user", "content": results })]
        }
    }
}

/// Content for a provider that takes one string.
fn plain_text(content: &[ContentBlock]) -> String {
    let parts: Vec<String> = content
        .iter()
        .map(|block| match block.placeholder() {
            Some(placeholder) => placeholder,
            None => block.as_text().map(|text| text.into_owned()).unwrap_or_default(),
        })
        .collect();
    parts.join("\n")
}

/// A content block as an Anthropic `tool_result` content block.
fn anthropic_block(block: &ContentBlock) -> Value {
    match block {
        ContentBlock::Image { media_type, data } => json!({
            "type": "image",
            "source": { "type": "base64", "media_type": media_type, "data": data },
        }),
        other => {
            let text =
                other.as_text().map(|text| text.into_owned()).or_else(|| other.placeholder());
            json!({ "type": "text", "text": text })
        }
    }
}

/// Anthropic's `input` must be an object: the parsed arguments (as the pipeline parsed them,
/// R-SCHED-1), or `{}` when the model wrote something that is not a JSON object.
fn anthropic_input(raw: &str) -> Value {
    match Arguments::parse(raw).value() {
        object @ Value::Object(_) => object.clone(),
        _ => json!({}),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::log::{CallIdentity, MemorySink, SessionLog};
    use std::time::Duration;

    /// Top-level calls `(id, step)`, each answered with the text `"ok <id>"`, plus one nested call.
    fn log_of(calls: &[(&str, Option<u64>)]) -> LoadedLog {
        let sink = MemorySink::new();
        let log = SessionLog::new(sink.clone());
        for &(call_id, step) in calls {
            let id = CallIdentity { call_id, parent: None, name: "t", step };
            log.record_call(id, "{}").unwrap();
            let nested =
                CallIdentity { call_id: "n", parent: Some(call_id), name: "t", step: None };
            log.record_call(nested, "{}").unwrap();
            let record = ResultRecord::success(vec![ContentBlock::text("nested")], None);
            log.record_result(nested, &record, Duration::ZERO).unwrap();
            let record =
                ResultRecord::success(vec![ContentBlock::text(format!("ok {call_id}"))], None);
            log.record_result(id, &record, Duration::ZERO).unwrap();
        }
        LoadedLog::from_events(sink.events()).unwrap()
    }

    fn ids(steps: &[Vec<LoggedCall<'_>>]) -> Vec<Vec<String>> {
        steps.iter().map(|step| step.iter().map(|c| c.call.call_id.clone()).collect()).collect()
    }

    #[test]
    fn r_log_5_calls_group_by_step_and_stepless_calls_stand_alone() {
        let log = log_of(&[
            ("a", Some(1)),
            ("b", Some(1)),
            ("c", None),
            ("d", None),
            ("e", Some(2)),
            ("f", Some(3)),
        ]);
        assert_eq!(
            ids(&transcript_steps(&log)),
            [vec!["a", "b"], vec!["c"], vec!["d"], vec!["e"], vec!["f"]]
        );
    }

    #[test]
    fn r_log_2_nested_calls_are_not_in_the_transcript() {
        let log = log_of(&[("a", Some(1))]);
        assert_eq!(log.calls().count(), 2, "the nested call is loaded for audit");
        let messages = export_transcript(&log, Provider::OpenAiChat);
        assert_eq!(messages.len(), 2);
        assert_eq!(messages[1]["content"], "ok a");
    }

    #[test]
    fn r_log_5_text_joins_blocks_and_anthropic_input_is_always_an_object() {
        let content = [
            ContentBlock::text("one"),
            ContentBlock::json(json!({"b": [1, 2]})),
            ContentBlock::Image { media_type: "image/png".into(), data: "AAAA".into() },
        ];
        assert_eq!(plain_text(&content), "one\n{\"b\":[1,2]}\n[image: image/png]");
        assert_eq!(anthropic_block(&content[1]), json!({"type": "text", "text": "{\"b\":[1,2]}"}));
        assert_eq!(anthropic_input(r#"{"path": "a"}"#), json!({"path": "a"}));
        assert_eq!(anthropic_input(""), json!({}));
        assert_eq!(anthropic_input("{\"path\": "), json!({}));
        assert_eq!(anthropic_input("[1]"), json!({}));
    }

    #[test]
    fn r_cli_2_result_messages_of_live_records() {
        let record = ResultRecord::success(vec![ContentBlock::text("done")], None);
        let replies = [ToolReply::new("c1", &record)];
        assert_eq!(
            tool_result_messages(Provider::Anthropic, &replies),
            [json!({"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": "c1", "content": [{"type": "text", "text": "done"}], "is_error": false}
            ]})]
        );
        assert!(tool_result_messages(Provider::OpenAiChat, &[]).is_empty());
    }
}
