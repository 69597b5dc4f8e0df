//! The tool contract: what an embedder hands the registry (R-DEF-1, R-DEF-2).
//!
//! A tool is three model-visible fields (`name`, `description`, `parameters`), a mandatory
//! [`ToolOutput`], an async [`ToolBody`], and metadata the model never sees: a timeout, a
//! concurrency classifier, UI projections and `finalize_content`.
//!
//! The body returns a canonical JSON value, never model-facing text. One value then serves three
//! consumers: the model reads what the pure `render` makes of it, a UI reads `presentation_meta`,
//! and code mode hands the value itself to the script. A tool that returned text would lose the
//! last two for good.
//!
//! ```
//! use ordo_tools::{ContentBlock, ToolDefinition, ToolOutput};
//! use serde_json::json;
//!
//! let echo = ToolDefinition::new(
//!     "echo",
//!     "Returns its text.",
//!     json!({ "type": "object", "properties": { "text": { "type": "string" } }, "required": ["text"] }),
//!     ToolOutput::new(json!({ "type": "string" }), |_args, value| {
//!         vec![ContentBlock::text(value.as_str().unwrap_or_default())]
//!     }),
//!     |args: std::sync::Arc<serde_json::Value>, _cx| async move { Ok(args["text"].clone()) },
//! )
//! .with_concurrent_calls();
//! # let _ = echo;
//! ```

use std::fmt;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use futures::future::BoxFuture;
use serde_json::Value;

use crate::annotations::ToolAnnotations;
use crate::concurrency::Concurrency;
use crate::content::ContentBlock;
use crate::context::CallContext;
use crate::name::ToolName;
use crate::presentation::Card;
use crate::result::{ResultRecord, ToolFailure};

/// The async body of a tool.
///
/// Implemented for every `Fn(Arc<Value>, CallContext) -> impl Future<Output = Result<Value,
/// ToolFailure>>`, so a closure is a body. The arguments are the frozen, validated snapshot.
pub trait ToolBody: Send + Sync + 'static {
    /// Runs the tool. A tool that declares a timeout must return soon after
    /// `context.signal()` fires.
    fn call(
        &self,
        arguments: Arc<Value>,
        context: CallContext,
    ) -> BoxFuture<'static, Result<Value, ToolFailure>>;
}

impl<F, Fut> ToolBody for F
where
    F: Fn(Arc<Value>, CallContext) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = Result<Value, ToolFailure>> + Send + 'static,
{
    fn call(
        &self,
        arguments: Arc<Value>,
        context: CallContext,
    ) -> BoxFuture<'static, Result<Value, ToolFailure>> {
        Box::pin(self(arguments, context))
    }
}

/// Why `render` or `presentation_meta` could not project a value. The pipeline records it as
/// `INVALID_TOOL_OUTPUT`: the tool broke its own output contract (R-PIPE-9).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProjectionError(String);

impl ProjectionError {
    /// An error with a message.
    pub fn new(message: impl Into<String>) -> Self {
        Self(message.into())
    }
}

impl fmt::Display for ProjectionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ProjectionError {}

type RenderFn = dyn Fn(&Value, &Value) -> Result<Vec<ContentBlock>, ProjectionError> + Send + Sync;
type MetaFn = dyn Fn(&Value, &Value) -> Result<Value, ProjectionError> + Send + Sync;
type ClassifierFn = dyn Fn(&Value) -> bool + Send + Sync;
type PresentCallFn = dyn Fn(&Value) -> Card + Send + Sync;
type PresentResultFn = dyn Fn(&Value, &ResultRecord) -> Card + Send + Sync;
type FinalizeContentFn = dyn Fn(&Value, &ResultRecord) -> Vec<ContentBlock> + Send + Sync;

/// A tool's mandatory output contract: the schema its value must satisfy and the pure
/// projections of that value (R-DEF-1).
#[derive(Clone)]
pub struct ToolOutput {
    schema: Value,
    render: Arc<RenderFn>,
    presentation_meta: Option<Arc<MetaFn>>,
}

impl ToolOutput {
    /// An output whose `render(arguments, value)` cannot fail.
    pub fn new(
        schema: Value,
        render: impl Fn(&Value, &Value) -> Vec<ContentBlock> + Send + Sync + 'static,
    ) -> Self {
        Self::try_new(schema, move |arguments, value| Ok(render(arguments, value)))
    }

    /// An output whose `render` may reject a value it cannot project.
    pub fn try_new(
        schema: Value,
        render: impl Fn(&Value, &Value) -> Result<Vec<ContentBlock>, ProjectionError>
        + Send
        + Sync
        + 'static,
    ) -> Self {
        Self { schema, render: Arc::new(render), presentation_meta: None }
    }

    /// An output rendered as its value's pretty-printed JSON, for tools with no better view.
    pub fn json_text(schema: Value) -> Self {
        Self::try_new(schema, |_arguments, value| {
            serde_json::to_string_pretty(value)
                .map(|text| vec![ContentBlock::text(text)])
                .map_err(|error| ProjectionError::new(error.to_string()))
        })
    }

    /// Adds the UI projection, computed for every successful call, nested ones included: what a
    /// result card needs beyond the content, kept in the log so replay can draw it (R-PIPE-9).
    pub fn with_presentation_meta(
        self,
        meta: impl Fn(&Value, &Value) -> Result<Value, ProjectionError> + Send + Sync + 'static,
    ) -> Self {
        Self { presentation_meta: Some(Arc::new(meta)), ..self }
    }

    /// The schema the body's value must satisfy.
    pub fn schema(&self) -> &Value {
        &self.schema
    }

    /// Projects a value into model-visible content.
    pub fn render(
        &self,
        arguments: &Value,
        value: &Value,
    ) -> Result<Vec<ContentBlock>, ProjectionError> {
        (self.render)(arguments, value)
    }

    /// Projects a value for a UI, if the tool has such a projection.
    pub fn presentation_meta(
        &self,
        arguments: &Value,
        value: &Value,
    ) -> Option<Result<Value, ProjectionError>> {
        self.presentation_meta.as_ref().map(|meta| meta(arguments, value))
    }
}

impl fmt::Debug for ToolOutput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ToolOutput")
            .field("schema", &self.schema)
            .field("presentation_meta", &self.presentation_meta.is_some())
            .finish_non_exhaustive()
    }
}

/// Everything an embedder declares about a tool. The registry checks it and compiles its schemas
/// when it is registered (R-DEF-3).
///
/// Required parts are constructor arguments; optional metadata is added with `with_*` methods.
/// Cheap to clone.
#[derive(Clone)]
pub struct ToolDefinition {
    name: ToolName,
    description: String,
    parameters: Value,
    output: ToolOutput,
    body: Arc<dyn ToolBody>,
    timeout: Option<Duration>,
    annotations: ToolAnnotations,
    error_names: Vec<&'static str>,
    concurrency_safe: Option<Arc<ClassifierFn>>,
    concurrency: Concurrency,
    concurrency_reason: Option<String>,
    present_call: Option<Arc<PresentCallFn>>,
    present_result: Option<Arc<PresentResultFn>>,
    finalize_content: Option<Arc<FinalizeContentFn>>,
    approval: Option<String>,
}

impl ToolDefinition {
    /// A tool with its model-visible fields, its output contract and its body.
    pub fn new(
        name: impl Into<ToolName>,
        description: impl Into<String>,
        parameters: Value,
        output: ToolOutput,
        body: impl ToolBody,
    ) -> Self {
        Self {
            name: name.into(),
            description: description.into(),
            parameters,
            output,
            body: Arc::new(body),
            timeout: None,
            annotations: ToolAnnotations::default(),
            error_names: Vec::new(),
            concurrency_safe: None,
            concurrency: Concurrency::Alone,
            concurrency_reason: None,
            present_call: None,
            present_result: None,
            finalize_content: None,
            approval: None,
        }
    }

    /// Declares a timeout. Declaring one promises that the body honours its cancellation signal;
    /// the timeout policy enforces it. Never sent to the model.
    pub fn with_timeout(mut self, timeout: Duration) -> Self {
        self.timeout = Some(timeout);
        self
    }

    /// Declares that every call asks a human first, with `prompt` saying what the human is asked
    /// to allow (R-PIPE-3). The pipeline asks after the `pre_execute` chain allows a call: a
    /// hook may deny it, or ask with a prompt of its own, but no hook's `allow` skips the
    /// question. Without an approval service such calls end `APPROVAL_UNAVAILABLE`.
    pub fn with_approval(mut self, prompt: impl Into<String>) -> Self {
        self.approval = Some(prompt.into());
        self
    }

    /// Declares what the tool may do to the world (read-only, destructive, idempotent,
    /// open-world), for hosts and clients. Never sent to the model as text, and never a reason to
    /// skip a guard or an approval. Default: [`ToolAnnotations::default`], which claims nothing.
    pub fn with_annotations(mut self, annotations: ToolAnnotations) -> Self {
        self.annotations = annotations;
        self
    }

    /// Declares the names its body's failures may carry ([`ToolFailure::named`]: `NotFound`,
    /// `IsADirectory`, …), so code mode's declarations can tell scripts what to branch on.
    /// Never checked against what the body does; a promise to the model.
    ///
    /// [`ToolFailure::named`]: crate::ToolFailure::named
    pub fn with_error_names(mut self, names: &[&'static str]) -> Self {
        self.error_names = names.to_vec();
        self
    }

    /// Declares which calls may run beside others, by their arguments (R-DEF-4). Only `true`
    /// makes a call parallel; a panic counts as `false`. Declared as
    /// [`Concurrency::ByArguments`]; a tool whose every call may run beside others says so with
    /// [`with_concurrent_calls`](Self::with_concurrent_calls).
    pub fn with_concurrency_safe(
        mut self,
        classifier: impl Fn(&Value) -> bool + Send + Sync + 'static,
    ) -> Self {
        self.concurrency_safe = Some(Arc::new(classifier));
        self.concurrency = Concurrency::ByArguments;
        self
    }

    /// Declares that every call may run beside others ([`Concurrency::Concurrent`]).
    pub fn with_concurrent_calls(mut self) -> Self {
        self.concurrency_safe = Some(Arc::new(|_: &Value| true));
        self.concurrency = Concurrency::Concurrent;
        self
    }

    /// Says why the tool's calls run as they do (`it only reads files`, `server "fx" is not
    /// trusted`): shown beside the mode in code mode's declarations and by `ordo tools`.
    pub fn with_concurrency_reason(mut self, reason: impl Into<String>) -> Self {
        self.concurrency_reason = Some(reason.into());
        self
    }

    /// Sets the UI card of a call. Must be pure: replay calls it again from the log.
    pub fn with_present_call(
        mut self,
        present: impl Fn(&Value) -> Card + Send + Sync + 'static,
    ) -> Self {
        self.present_call = Some(Arc::new(present));
        self
    }

    /// Sets the UI card of a result. Must be pure: replay calls it again from the log.
    pub fn with_present_result(
        mut self,
        present: impl Fn(&Value, &ResultRecord) -> Card + Send + Sync + 'static,
    ) -> Self {
        self.present_result = Some(Arc::new(present));
        self
    }

    /// Sets the tool's last hand over the content of every result it produces, failures that
    /// bypass `post_execute` included (R-FIN-4). It runs exactly once per call and must be total:
    /// a panic in it is contained and the content is kept as it was.
    pub fn with_finalize_content(
        mut self,
        finalize: impl Fn(&Value, &ResultRecord) -> Vec<ContentBlock> + Send + Sync + 'static,
    ) -> Self {
        self.finalize_content = Some(Arc::new(finalize));
        self
    }

    /// The name the model calls the tool by.
    pub fn name(&self) -> &str {
        self.name.as_str()
    }

    /// The name, with its namespace if it has one ([`ToolName::namespaced`]).
    pub fn tool_name(&self) -> &ToolName {
        &self.name
    }

    /// What the model reads about the tool.
    pub fn description(&self) -> &str {
        &self.description
    }

    /// The JSON Schema of the arguments.
    pub fn parameters(&self) -> &Value {
        &self.parameters
    }

    /// The output contract.
    pub fn output(&self) -> &ToolOutput {
        &self.output
    }

    /// The body.
    pub fn body(&self) -> &Arc<dyn ToolBody> {
        &self.body
    }

    /// The declared timeout.
    pub fn timeout(&self) -> Option<Duration> {
        self.timeout
    }

    /// The prompt every call asks a human with first, if the tool declared one
    /// ([`with_approval`](Self::with_approval)).
    pub fn approval(&self) -> Option<&str> {
        self.approval.as_deref()
    }

    /// What the tool may do to the world.
    pub fn annotations(&self) -> ToolAnnotations {
        self.annotations
    }

    /// The names its body's failures may carry ([`ToolFailure::named`]), as declared.
    ///
    /// [`ToolFailure::named`]: crate::ToolFailure::named
    pub fn error_names(&self) -> &[&'static str] {
        &self.error_names
    }

    /// How its calls are scheduled, as declared: [`Concurrency::Alone`] unless a classifier was.
    pub fn concurrency(&self) -> Concurrency {
        self.concurrency
    }

    /// Why its calls run as they do, as declared ([`crate::concurrency::UNDECLARED`] for a tool
    /// that declares nothing).
    pub fn concurrency_reason(&self) -> &str {
        match (&self.concurrency_reason, self.concurrency) {
            (Some(reason), _) => reason,
            (None, Concurrency::Alone) => crate::concurrency::UNDECLARED,
            (None, Concurrency::Concurrent) => "declared safe to run beside other calls",
            (None, Concurrency::ByArguments) => "its definition decides, call by call",
        }
    }

    /// The concurrency classifier, if declared.
    pub(crate) fn concurrency_classifier(&self) -> Option<&ClassifierFn> {
        self.concurrency_safe.as_deref()
    }

    /// The call card projection, if declared.
    pub(crate) fn call_presenter(&self) -> Option<&PresentCallFn> {
        self.present_call.as_deref()
    }

    /// The result card projection, if declared.
    pub(crate) fn result_presenter(&self) -> Option<&PresentResultFn> {
        self.present_result.as_deref()
    }

    /// `finalize_content`, if declared. Shared so an execution can snapshot it when it starts.
    pub fn finalize_content(&self) -> Option<&Arc<FinalizeContentFn>> {
        self.finalize_content.as_ref()
    }
}

impl fmt::Debug for ToolDefinition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ToolDefinition")
            .field("name", &self.name)
            .field("description", &self.description)
            .field("parameters", &self.parameters)
            .field("output", &self.output)
            .field("timeout", &self.timeout)
            .field("annotations", &self.annotations)
            .field("approval", &self.approval)
            .finish_non_exhaustive()
    }
}
