//! An execution: one call's immutable identity as it travels through the pipeline.
//!
//! The arguments are frozen when the execution begins: they were already logged and shown to the
//! user, so no hook may rewrite them (a policy that could would make the log lie about what ran).
//! The only thing a hook may replace is the signal the body sees, and only for the body
//! (R-PIPE-7).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde_json::Value;
use tokio_util::sync::CancellationToken;

use crate::context::CallId;
use crate::definition::ToolDefinition;
use crate::guard::ScopeChain;
use crate::registry::Tool;

/// A call's arguments: the raw text the model wrote, kept for the log, and its parsed form.
///
/// The raw text is the lossless record: numbers beyond `f64` and key order survive in it exactly
/// as the model wrote them. The parsed value keeps key order too (`serde_json`'s
/// `preserve_order`).
#[derive(Clone, Debug)]
pub struct Arguments {
    raw: Arc<str>,
    value: Arc<Value>,
    parse_error: Option<Arc<str>>,
}

impl Arguments {
    /// Parses arguments as a model sent them (R-SCHED-1): empty text is `{}`; text that is not
    /// JSON is passed on as a string, so validation rejects it with a message that says why.
    pub fn parse(raw: &str) -> Self {
        let (value, parse_error) = if raw.trim().is_empty() {
            (Value::Object(serde_json::Map::new()), None)
        } else {
            match serde_json::from_str(raw) {
                Ok(value) => (value, None),
                Err(error) => (Value::String(raw.to_owned()), Some(Arc::from(error.to_string()))),
            }
        };
        Self { raw: Arc::from(raw), value: Arc::new(value), parse_error }
    }

    /// Arguments given as a value (code mode's nested calls); the raw text is its serialization.
    pub fn from_value(value: Value) -> Self {
        Self { raw: Arc::from(value.to_string()), value: Arc::new(value), parse_error: None }
    }

    /// The text as the model wrote it.
    pub fn raw(&self) -> &str {
        &self.raw
    }

    /// The parsed arguments (a string holding the raw text if it was not JSON).
    pub fn value(&self) -> &Value {
        &self.value
    }

    /// The shared, frozen parsed arguments.
    pub fn shared_value(&self) -> &Arc<Value> {
        &self.value
    }

    /// Why the raw text is not JSON, if it is not.
    pub fn parse_error(&self) -> Option<&str> {
        self.parse_error.as_deref()
    }
}

/// Everything needed to begin an execution.
#[derive(Clone, Debug)]
pub struct CallRequest {
    /// The call's id.
    pub call_id: CallId,
    /// The tool the call names.
    pub name: Arc<str>,
    /// The arguments.
    pub arguments: Arguments,
    /// The `run_code` call this call is nested under, if any.
    pub parent: Option<CallId>,
    /// The scopes whose guards apply, outermost first.
    pub scopes: ScopeChain,
    /// The caller's cancellation signal.
    pub signal: CancellationToken,
    /// The caller's own deadline for the call, counted from when it begins (a script's
    /// `tools.x(args, { timeout })`): past it the call ends `TIMEOUT`, its body told to stop,
    /// whether it was still waiting for its turn or running. The tool's own timeout still
    /// holds; whichever comes first ends the call.
    pub deadline: Option<Duration>,
    /// The span the call's span is a child of: a nested call's parent's; else the span current
    /// where the call begins.
    pub(crate) span_parent: Option<Arc<tracing::Span>>,
}

impl CallRequest {
    /// A top-level call with no scopes and a fresh signal.
    pub fn new(
        call_id: impl Into<CallId>,
        name: impl Into<Arc<str>>,
        arguments: Arguments,
    ) -> Self {
        Self {
            call_id: call_id.into(),
            name: name.into(),
            arguments,
            parent: None,
            scopes: ScopeChain::default(),
            signal: CancellationToken::new(),
            deadline: None,
            span_parent: None,
        }
    }

    /// Nests the call under a `run_code` call.
    pub fn with_parent(mut self, parent: impl Into<CallId>) -> Self {
        self.parent = Some(parent.into());
        self
    }

    /// Sets the scope chain.
    pub fn with_scopes(mut self, scopes: ScopeChain) -> Self {
        self.scopes = scopes;
        self
    }

    /// Sets the caller's cancellation signal.
    pub fn with_signal(mut self, signal: CancellationToken) -> Self {
        self.signal = signal;
        self
    }

    /// Sets the caller's own deadline, counted from when the call begins.
    pub fn with_deadline(mut self, deadline: Option<Duration>) -> Self {
        self.deadline = deadline;
        self
    }

    /// Makes the call's span a child of `span` (a nested call's, of its parent's).
    pub(crate) fn with_span_parent(mut self, span: Arc<tracing::Span>) -> Self {
        self.span_parent = Some(span);
        self
    }
}

/// One call in flight. Its identity never changes once begun.
#[derive(Debug)]
pub struct Execution {
    request: CallRequest,
    tool: Option<Arc<Tool>>,
    started: Instant,
    body_invoked: AtomicBool,
    deadline: Option<(Duration, tokio::time::Instant)>,
    /// Shared, not cloned, with the body's context and its nested calls: a `Span` clone and its
    /// drop are each a call into every layer of the subscriber; an `Arc`'s are one atomic.
    pub(crate) span: Arc<tracing::Span>,
}

impl Execution {
    /// Begins an execution, taking the tool as the registry holds it now: a call keeps the tool
    /// (and its `finalize_content`) it started with, whatever the registry does later.
    pub(crate) fn begin(request: CallRequest, tool: Option<Arc<Tool>>) -> Self {
        use tracing::field::Empty;
        // The OpenTelemetry GenAI conventions' `execute_tool` span names the call (what an
        // exporter reads, and the logs' fields too: `gen_ai.tool.call.*` only when content
        // capture asks), beside ordo's own `parent`.
        let parent = match &request.span_parent {
            Some(span) => span.id(),
            None => tracing::Span::current().id(),
        };
        let span = tracing::info_span!(
            parent: parent,
            "tool_call",
            parent = request.parent.as_deref(),
            otel.name = %format_args!("execute_tool {}", request.name),
            otel.kind = "internal",
            otel.status_code = Empty,
            gen_ai.operation.name = "execute_tool",
            gen_ai.tool.name = &*request.name,
            gen_ai.tool.call.id = &*request.call_id,
            gen_ai.tool.type = "function",
            gen_ai.tool.call.arguments = Empty,
            gen_ai.tool.call.result = Empty,
            error.type = Empty,
        );
        let deadline =
            request.deadline.map(|deadline| (deadline, tokio::time::Instant::now() + deadline));
        let body_invoked = AtomicBool::new(false);
        let span = Arc::new(span);
        Self { request, tool, started: Instant::now(), body_invoked, deadline, span }
    }

    /// The call's `tool_call` span: ordo's fields and the OpenTelemetry conventions' (see the
    /// crate's documentation). An observer may record `gen_ai.tool.call.arguments` and
    /// `gen_ai.tool.call.result` on it.
    pub fn span(&self) -> &tracing::Span {
        &self.span
    }

    /// Runs `future` inside the call's span, entered at each poll, so that what a stage and
    /// the body log is the call's. The span is borrowed, not cloned, and not entered again to
    /// drop the future (as `tracing`'s `Instrument` does): entering is what a call does most.
    pub(crate) async fn in_span<F: std::future::Future>(&self, future: F) -> F::Output {
        let mut future = std::pin::pin!(future);
        std::future::poll_fn(|cx| self.span.in_scope(|| future.as_mut().poll(cx))).await
    }

    /// The call's id.
    pub fn call_id(&self) -> &CallId {
        &self.request.call_id
    }

    /// The tool the call names.
    pub fn name(&self) -> &str {
        &self.request.name
    }

    /// The frozen arguments.
    pub fn arguments(&self) -> &Arguments {
        &self.request.arguments
    }

    /// The `run_code` call this call is nested under, if any.
    pub fn parent(&self) -> Option<&CallId> {
        self.request.parent.as_ref()
    }

    /// The scopes whose guards apply, outermost first.
    pub fn scopes(&self) -> &ScopeChain {
        &self.request.scopes
    }

    /// The caller's cancellation signal.
    pub fn signal(&self) -> &CancellationToken {
        &self.request.signal
    }

    /// Whether the caller has cancelled the call.
    pub fn is_cancelled(&self) -> bool {
        self.request.signal.is_cancelled()
    }

    /// The tool as it was registered when the call began; `None` if no such tool was.
    pub fn tool(&self) -> Option<&Arc<Tool>> {
        self.tool.as_ref()
    }

    /// The tool's definition, if the tool exists.
    pub fn definition(&self) -> Option<&ToolDefinition> {
        self.tool.as_deref().map(Tool::definition)
    }

    /// When the execution began.
    pub fn started(&self) -> Instant {
        self.started
    }

    /// The caller's own deadline, if it set one: how long, and the instant (on tokio's clock,
    /// which tests may pause) it passes.
    pub fn deadline(&self) -> Option<(Duration, tokio::time::Instant)> {
        self.deadline
    }

    /// Whether the body was invoked: side effects may have happened (R-PIPE-8).
    pub fn body_invoked(&self) -> bool {
        self.body_invoked.load(Ordering::Acquire)
    }

    /// Set immediately before the body is called, and nowhere else (R-PIPE-8).
    pub(crate) fn mark_body_invoked(&self) {
        self.body_invoked.store(true, Ordering::Release);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r_sched_1_raw_arguments_parse_as_the_spec_says() {
        let empty = Arguments::parse("");
        assert_eq!(empty.value(), &serde_json::json!({}));
        assert_eq!(empty.raw(), "");
        let broken = Arguments::parse("{\"path\": ");
        assert_eq!(broken.value(), &Value::String("{\"path\": ".into()));
        assert!(broken.parse_error().is_some());
        let lossless = Arguments::parse(r#"{"z": 1, "a": 123456789012345678901234567890}"#);
        assert_eq!(lossless.raw(), r#"{"z": 1, "a": 123456789012345678901234567890}"#);
        let keys: Vec<&String> = lossless.value().as_object().unwrap().keys().collect();
        assert_eq!(keys, ["z", "a"], "key order survives parsing");
    }
}
