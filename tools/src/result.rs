//! Outcomes: error codes, the error envelope, a body's failure and the durable result record.
//!
//! Every result a call can end with is either a success (content, optional meta) or an error
//! carrying the envelope `{ name, code, message }` (R-FIN-7). `code` says precisely what
//! happened and is what programs branch on; `name` is the error's class, as a JavaScript
//! `Error.name` would be (a tool body may choose its own, e.g. `NotFound`); `message` is what the
//! model reads.

use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::content::ContentBlock;

/// The precise outcome of a failed call (R-FIN-7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ErrorCode {
    /// No tool of that name is registered.
    ToolNotFound,
    /// The arguments are not valid JSON or violate the parameters schema.
    InvalidArguments,
    /// A `pre_execute` hook or a guard denied the call.
    Denied,
    /// A human rejected the call.
    ApprovalRejected,
    /// The approval was cancelled before a human decided.
    ApprovalCancelled,
    /// The call needed approval and no approval channel was available.
    ApprovalUnavailable,
    /// The call needed approval and its run paused to ask: the run's resumption makes the call
    /// again, and the answer decides it there.
    ApprovalDeferred,
    /// A script's run paused to ask for approvals: nothing ran past the pause, and the run
    /// resumes where it stopped once they are answered.
    Paused,
    /// A resumed run's script made other calls than the run that paused had made: it stopped
    /// before running any of them.
    ReplayDiverged,
    /// The tool body failed.
    ToolError,
    /// The call ran past its timeout.
    Timeout,
    /// The body's value violates the tool's output schema, or a projection of it failed.
    InvalidToolOutput,
    /// A `post_execute` hook blocked the result.
    Blocked,
    /// The call was cancelled after its body was invoked: side effects may have happened.
    Aborted,
    /// The call was cancelled before its body was invoked: no side effect happened.
    AbortedBeforeDispatch,
    /// The log holds the call but not its result (crash or scheduler failure); added on load.
    ToolOutcomeUnknown,
    /// ordo itself failed while producing the result.
    Internal,
}

impl ErrorCode {
    /// Every code, in declaration order.
    pub const ALL: [ErrorCode; 17] = [
        Self::ToolNotFound,
        Self::InvalidArguments,
        Self::Denied,
        Self::ApprovalRejected,
        Self::ApprovalCancelled,
        Self::ApprovalUnavailable,
        Self::ApprovalDeferred,
        Self::Paused,
        Self::ReplayDiverged,
        Self::ToolError,
        Self::Timeout,
        Self::InvalidToolOutput,
        Self::Blocked,
        Self::Aborted,
        Self::AbortedBeforeDispatch,
        Self::ToolOutcomeUnknown,
        Self::Internal,
    ];

    /// The code as written in logs and envelopes, e.g. `INVALID_ARGUMENTS`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::ToolNotFound => "TOOL_NOT_FOUND",
            Self::InvalidArguments => "INVALID_ARGUMENTS",
            Self::Denied => "DENIED",
            Self::ApprovalRejected => "APPROVAL_REJECTED",
            Self::ApprovalCancelled => "APPROVAL_CANCELLED",
            Self::ApprovalUnavailable => "APPROVAL_UNAVAILABLE",
            Self::ApprovalDeferred => "APPROVAL_DEFERRED",
            Self::Paused => "PAUSED",
            Self::ReplayDiverged => "REPLAY_DIVERGED",
            Self::ToolError => "TOOL_ERROR",
            Self::Timeout => "TIMEOUT",
            Self::InvalidToolOutput => "INVALID_TOOL_OUTPUT",
            Self::Blocked => "BLOCKED",
            Self::Aborted => "ABORTED",
            Self::AbortedBeforeDispatch => "ABORTED_BEFORE_DISPATCH",
            Self::ToolOutcomeUnknown => "TOOL_OUTCOME_UNKNOWN",
            Self::Internal => "INTERNAL",
        }
    }

    /// The error class a result of this code carries unless the tool named its own.
    pub const fn default_name(self) -> &'static str {
        match self {
            Self::ToolNotFound => "ToolNotFoundError",
            Self::InvalidArguments => "ToolArgumentsError",
            Self::Denied => "ToolDeniedError",
            Self::ApprovalRejected
            | Self::ApprovalCancelled
            | Self::ApprovalUnavailable
            | Self::ApprovalDeferred => "ToolApprovalError",
            Self::Paused => "PausedError",
            Self::ReplayDiverged => "ReplayDivergedError",
            Self::ToolError => "ToolError",
            Self::Timeout => "ToolTimeoutError",
            Self::InvalidToolOutput => "ToolOutputError",
            Self::Blocked => "ToolBlockedError",
            Self::Aborted | Self::AbortedBeforeDispatch => "ToolAbortedError",
            Self::ToolOutcomeUnknown => "ToolOutcomeUnknownError",
            Self::Internal => "ToolInternalError",
        }
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The error envelope every error result carries (R-FIN-7).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ErrorInfo {
    /// The error's class, e.g. `ToolDeniedError`, or the name a tool body gave its failure.
    pub name: String,
    /// What happened.
    pub code: ErrorCode,
    /// What the model reads: what happened, then the report if there is one, on lines of its
    /// own.
    pub message: String,
    /// What the body reported however its call ended (code mode: the console output so far),
    /// which ends `message`; kept apart too, so that a policy that ends the call otherwise (a
    /// timeout) keeps it. Not part of the envelope: the log holds the message whole.
    #[serde(skip)]
    report: Option<String>,
}

impl ErrorInfo {
    /// An envelope with the code's default class name.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Self { name: code.default_name().to_owned(), code, message: message.into(), report: None }
    }

    /// Adds what the body reported, after the message on a line of its own.
    pub fn with_report(mut self, report: impl Into<String>) -> Self {
        let report = report.into();
        self.message.push('\n');
        self.message.push_str(&report);
        self.report = Some(report);
        self
    }

    /// What the body reported, if this envelope was made with one ([`with_report`]).
    ///
    /// [`with_report`]: Self::with_report
    pub fn report(&self) -> Option<&str> {
        self.report.as_deref()
    }
}

/// Envelopes are equal when the model reads the same: the report is within the message.
impl PartialEq for ErrorInfo {
    fn eq(&self, other: &Self) -> bool {
        (&self.name, self.code, &self.message) == (&other.name, other.code, &other.message)
    }
}

impl Eq for ErrorInfo {}

impl fmt::Display for ErrorInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

/// How a tool body reports that it failed: becomes a `TOOL_ERROR` result with this message, or
/// for a body that knows more, `TIMEOUT` ([`timed_out`](Self::timed_out): its own deadline for
/// work it waits on, such as a mounted server's answer) or `TOOL_OUTCOME_UNKNOWN`
/// ([`outcome_unknown`](Self::outcome_unknown): what it started may or may not have taken
/// effect, as when a mounted server dies mid-call).
///
/// A body does not report its own cancellation: when it returns an error after its signal was
/// aborted, the pipeline records `ABORTED` instead (R-FIN-6).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ToolFailure {
    code: ErrorCode,
    name: Cow<'static, str>,
    message: String,
    report: Option<String>,
}

impl ToolFailure {
    /// A failure with the default class name `ToolError`.
    pub fn new(message: impl Into<String>) -> Self {
        Self::with_code(ErrorCode::ToolError, message)
    }

    /// A failure whose body's own deadline passed: `TIMEOUT`.
    pub fn timed_out(message: impl Into<String>) -> Self {
        Self::with_code(ErrorCode::Timeout, message)
    }

    /// A failure after which nobody knows whether the work took effect (a retry may repeat
    /// it): `TOOL_OUTCOME_UNKNOWN`.
    pub fn outcome_unknown(message: impl Into<String>) -> Self {
        Self::with_code(ErrorCode::ToolOutcomeUnknown, message)
    }

    /// A run that paused to ask for approvals: `PAUSED`.
    pub fn paused(message: impl Into<String>) -> Self {
        Self::with_code(ErrorCode::Paused, message)
    }

    /// A resumed run whose script made other calls than before: `REPLAY_DIVERGED`.
    pub fn replay_diverged(message: impl Into<String>) -> Self {
        Self::with_code(ErrorCode::ReplayDiverged, message)
    }

    fn with_code(code: ErrorCode, message: impl Into<String>) -> Self {
        let name = Cow::Borrowed(code.default_name());
        Self { code, name, message: message.into(), report: None }
    }

    /// The code of the result it becomes.
    pub fn code(&self) -> ErrorCode {
        self.code
    }

    /// What the body has to report however the call ends (code mode: the console output so
    /// far): after the message of its `TOOL_ERROR`, and kept too when the call is aborted or
    /// times out and the failure itself is replaced (R-FIN-6).
    pub fn with_report(mut self, report: impl Into<String>) -> Self {
        self.report = Some(report.into());
        self
    }

    /// What the body reports however the call ends, if anything.
    pub fn report(&self) -> Option<&str> {
        self.report.as_deref()
    }

    /// Gives the failure a class name of the tool's choosing (e.g. `NotFound`).
    pub fn named(mut self, name: impl Into<Cow<'static, str>>) -> Self {
        self.name = name.into();
        self
    }

    /// The class name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The message the model reads.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The envelope of the result this failure becomes (`TOOL_ERROR` unless made otherwise):
    /// the message, then the report on a line of its own.
    pub fn into_error_info(self) -> ErrorInfo {
        let info = ErrorInfo {
            name: self.name.into_owned(),
            code: self.code,
            message: self.message,
            report: None,
        };
        match self.report {
            Some(report) => info.with_report(report),
            None => info,
        }
    }
}

impl fmt::Display for ToolFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.name, self.message)
    }
}

impl std::error::Error for ToolFailure {}

impl From<String> for ToolFailure {
    fn from(message: String) -> Self {
        Self::new(message)
    }
}

impl From<&str> for ToolFailure {
    fn from(message: &str) -> Self {
        Self::new(message)
    }
}

impl From<std::io::Error> for ToolFailure {
    fn from(error: std::io::Error) -> Self {
        Self::new(error.to_string()).named(format!("{:?}", error.kind()))
    }
}

impl From<serde_json::Error> for ToolFailure {
    fn from(error: serde_json::Error) -> Self {
        Self::new(error.to_string()).named("JsonError")
    }
}

/// The durable form of a result: what the session log stores and replay reads (R-LOG-1).
///
/// It never holds the body's canonical value (R-PIPE-11). Whether the call failed is not a
/// field of its own but whether it has an error, so the two can never disagree; serialized, it
/// is written out as `is_error` (R-LOG-1), and reading a record whose `is_error` disagrees with
/// its `error` fails.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(into = "RecordForm", try_from = "RecordForm")]
pub struct ResultRecord {
    /// What the model sees.
    pub content: Vec<ContentBlock>,
    /// The UI projection (`presentation_meta`), top-level successes only.
    pub meta: Option<Value>,
    /// The error envelope of a failed call; `None` for a success.
    pub error: Option<ErrorInfo>,
}

impl ResultRecord {
    /// A successful result.
    pub fn success(content: Vec<ContentBlock>, meta: Option<Value>) -> Self {
        Self { content, meta, error: None }
    }

    /// A failed result whose content is the error message, as the model reads it.
    pub fn failure(error: ErrorInfo) -> Self {
        Self {
            content: vec![ContentBlock::text(error.message.clone())],
            meta: None,
            error: Some(error),
        }
    }

    /// Whether the call failed.
    pub fn is_error(&self) -> bool {
        self.error.is_some()
    }

    /// The content as text: its text blocks, and JSON blocks as JSON text, joined by newlines
    /// (images have no text).
    pub fn text(&self) -> String {
        let texts: Vec<Cow<'_, str>> =
            self.content.iter().filter_map(ContentBlock::as_text).collect();
        texts.join("\n")
    }
}

/// A record as it is written: with its `is_error` flag.
#[derive(Serialize, Deserialize)]
struct RecordForm {
    is_error: bool,
    content: Vec<ContentBlock>,
    meta: Option<Value>,
    error: Option<ErrorInfo>,
}

impl From<ResultRecord> for RecordForm {
    fn from(record: ResultRecord) -> Self {
        let is_error = record.is_error();
        Self { is_error, content: record.content, meta: record.meta, error: record.error }
    }
}

impl TryFrom<RecordForm> for ResultRecord {
    type Error = String;

    fn try_from(form: RecordForm) -> Result<Self, String> {
        if form.is_error != form.error.is_some() {
            let has = if form.error.is_some() { "has an error" } else { "has no error" };
            return Err(format!("is_error is {} but the record {has}", form.is_error));
        }
        Ok(Self { content: form.content, meta: form.meta, error: form.error })
    }
}

/// A call's final result, as the pipeline hands it to its caller.
///
/// The durable part is [`record`](Self::record); everything else is execution-local.
#[derive(Clone, Debug, PartialEq)]
pub struct ToolResult {
    /// What the session log keeps.
    pub record: ResultRecord,
    /// The canonical value of a success, frozen: handed to programmatic callers (code mode) and
    /// never written to the log (R-PIPE-11).
    pub value: Option<Arc<Value>>,
    /// Context for the conversation, applied in model order (R-FIN-2).
    pub contexts: Vec<ContentBlock>,
    /// Whether the tool asked for the turn to end after this step.
    pub concludes_turn: bool,
}

impl ToolResult {
    /// A success.
    pub fn success(content: Vec<ContentBlock>, meta: Option<Value>, value: Arc<Value>) -> Self {
        Self {
            record: ResultRecord::success(content, meta),
            value: Some(value),
            contexts: Vec::new(),
            concludes_turn: false,
        }
    }

    /// A failure.
    pub fn failure(error: ErrorInfo) -> Self {
        Self {
            record: ResultRecord::failure(error),
            value: None,
            contexts: Vec::new(),
            concludes_turn: false,
        }
    }

    /// Whether the call failed.
    pub fn is_error(&self) -> bool {
        self.record.is_error()
    }

    /// The text of the content, as a model reads it (see [`ResultRecord::text`]).
    pub fn text(&self) -> String {
        self.record.text()
    }

    /// The error envelope of a failed call.
    pub fn error(&self) -> Option<&ErrorInfo> {
        self.record.error.as_ref()
    }

    /// The error code of a failed call.
    pub fn code(&self) -> Option<ErrorCode> {
        self.error().map(|error| error.code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// R-FIN-7: the codes are written exactly as the spec lists them.
    #[test]
    fn r_fin_7_codes_serialize_as_the_spec_spells_them() {
        let spelled: Vec<String> = ErrorCode::ALL
            .iter()
            .map(|code| serde_json::to_value(code).unwrap().as_str().unwrap().to_owned())
            .collect();
        assert_eq!(
            spelled,
            [
                "TOOL_NOT_FOUND",
                "INVALID_ARGUMENTS",
                "DENIED",
                "APPROVAL_REJECTED",
                "APPROVAL_CANCELLED",
                "APPROVAL_UNAVAILABLE",
                "APPROVAL_DEFERRED",
                "PAUSED",
                "REPLAY_DIVERGED",
                "TOOL_ERROR",
                "TIMEOUT",
                "INVALID_TOOL_OUTPUT",
                "BLOCKED",
                "ABORTED",
                "ABORTED_BEFORE_DISPATCH",
                "TOOL_OUTCOME_UNKNOWN",
                "INTERNAL",
            ]
        );
        for code in ErrorCode::ALL {
            assert_eq!(serde_json::to_value(code).unwrap(), code.as_str());
        }
    }

    /// R-FIN-7: the envelope is exactly `{ name, code, message }`.
    #[test]
    fn r_fin_7_envelope_has_name_code_and_message() {
        let failure = ToolFailure::new("no such file").named("NotFound");
        let record = ResultRecord::failure(failure.into_error_info());
        let encoded = serde_json::to_value(&record).unwrap();
        assert_eq!(
            encoded["error"],
            serde_json::json!({"name": "NotFound", "code": "TOOL_ERROR", "message": "no such file"})
        );
        assert_eq!(encoded["content"][0]["text"], "no such file");
        assert_eq!(encoded["is_error"], true);
        let back: ResultRecord = serde_json::from_value(encoded).unwrap();
        assert_eq!(back, record);
    }

    /// R-LOG-1: a record whose flag disagrees with its error does not load.
    #[test]
    fn r_log_1_a_record_whose_is_error_disagrees_with_its_error_is_refused() {
        let lying =
            serde_json::json!({ "is_error": true, "content": [], "meta": null, "error": null });
        let error = serde_json::from_value::<ResultRecord>(lying).unwrap_err().to_string();
        assert_eq!(error, "is_error is true but the record has no error");
    }

    #[test]
    fn a_results_text_joins_its_textual_blocks() {
        let record = ResultRecord::success(
            vec![
                ContentBlock::text("a"),
                ContentBlock::json(serde_json::json!(1)),
                ContentBlock::text("b"),
            ],
            None,
        );
        assert_eq!(record.text(), "a\n1\nb");
    }
}
