//! The events of a session log (R-LOG-1).
//!
//! Two kinds, one JSON object per line, told apart by `type`. Every event has `seq` (its place
//! in the log), `call_id`, `parent` (the `run_code` call a nested call ran under; `null` at top
//! level) and `name` (the tool). A call keeps the raw `arguments` string exactly as the model
//! wrote it; a result keeps what the model and a UI saw: `is_error`, `content`, `meta`, `error`
//! and `duration_ms`. Never the canonical value (R-PIPE-11).

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::elide::Elision;
use crate::content::ContentBlock;
use crate::result::{ErrorInfo, ResultRecord};

/// One line of a session log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum Event {
    /// A call was announced: written before its body can run.
    #[serde(rename = "tool/call")]
    Call(CallEvent),
    /// A call's result.
    #[serde(rename = "tool/result")]
    Result(ResultEvent),
}

impl Event {
    /// The event's place in the log.
    pub fn seq(&self) -> u64 {
        match self {
            Self::Call(call) => call.seq,
            Self::Result(result) => result.seq,
        }
    }

    /// The call the event is about.
    pub fn call_id(&self) -> &str {
        match self {
            Self::Call(call) => &call.call_id,
            Self::Result(result) => &result.call_id,
        }
    }

    /// The `run_code` call the event's call is nested under, if any.
    pub fn parent(&self) -> Option<&str> {
        match self {
            Self::Call(call) => call.parent.as_deref(),
            Self::Result(result) => result.parent.as_deref(),
        }
    }
}

/// `tool/call`: a call as the model (or a script) made it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CallEvent {
    /// The event's place in the log.
    pub seq: u64,
    /// The call's id.
    pub call_id: String,
    /// The `run_code` call it is nested under; `None` (`null`) at top level.
    pub parent: Option<String>,
    /// The tool.
    pub name: String,
    /// The arguments exactly as written: lossless, possibly not even JSON.
    pub arguments: String,
    /// The model step a top-level call belongs to (its assistant message), numbered from 1 in
    /// the log; absent for nested calls. Lets an export rebuild one message per step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub step: Option<u64>,
    /// What the log did not keep whole (R-LOG-6): `arguments` is then a preview.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub elided: Vec<Elision>,
}

/// `tool/result`: the one result of a call.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ResultEvent {
    /// The event's place in the log.
    pub seq: u64,
    /// The call's id.
    pub call_id: String,
    /// The `run_code` call it is nested under; `None` (`null`) at top level.
    pub parent: Option<String>,
    /// The tool.
    pub name: String,
    /// Whether the call failed.
    pub is_error: bool,
    /// What the model saw.
    pub content: Vec<ContentBlock>,
    /// The UI projection; `null` for nested calls and failures.
    pub meta: Option<Value>,
    /// The error envelope of a failure.
    pub error: Option<ErrorInfo>,
    /// How long the call took, from its start to its result.
    pub duration_ms: u64,
    /// Set on results that loading added for calls the log left without one (R-LOG-4); never
    /// written by a live session.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub repaired: bool,
    /// The content blocks the log did not keep whole (R-LOG-6): each is then a preview.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub elided: Vec<Elision>,
}

impl ResultEvent {
    /// The durable record this event holds.
    pub fn record(&self) -> ResultRecord {
        ResultRecord {
            content: self.content.clone(),
            meta: self.meta.clone(),
            error: self.error.clone(),
        }
    }
}
