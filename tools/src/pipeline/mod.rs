//! The five-stage pipeline one call travels through (DESIGN.md §2).
//!
//! ```text
//! begin ─► prepare ─► dispatch ─► finalize ─► finish
//!          (ordered)  (concurrent) (at commit, in model order)
//! ```
//!
//! - `begin` freezes the call's identity and takes the tool as registered now.
//! - `prepare` is the ordered gate: cancellation, `pre_execute`, approval, guards. A scheduler
//!   runs prepares one at a time, in arrival order (R-SCHED-3).
//! - `dispatch` validates the arguments, runs the `execute` chain around the body, and
//!   normalizes the output. Dispatches of parallel calls overlap.
//! - `finalize` runs `post_execute`, at commit (in model order for a step, R-SCHED-4).
//! - `finish` applies cancellation, `finalize_content`, and tells the observers.
//!
//! The stages hand each other move-only tokens (`Ready`, `Staged`, `Finalized`), so the order
//! cannot be broken and each call is finished exactly once. They are private to the crate: the
//! [`Scheduler`](crate::Scheduler) drives them for every door a call comes in by, and
//! [`Pipeline::call`] runs all of them for a caller that schedules nothing.

mod dispatch;
mod finalize;
mod finish;
mod output;
mod prepare;

use std::any::Any;
use std::sync::Arc;
use std::time::Duration;

use thiserror::Error;

use crate::approval::{ApprovalSeam, ApprovalService};
use crate::content::ContentBlock;
use crate::execution::{CallRequest, Execution};
use crate::guard::Guard;
use crate::hooks::{ExecuteHook, PostExecuteHook, PreExecuteHook, ResultObserver};
use crate::registry::ToolRegistry;
use crate::result::{ErrorCode, ErrorInfo, ToolResult};
use crate::scheduler::nested::Nesting;
use crate::timeout::TimeoutPolicy;

/// How long a body may keep running after its signal fired, by default, before it is dropped.
pub const DEFAULT_CANCEL_GRACE: Duration = Duration::from_secs(2);

/// The target of the events that mark a call's stages inside its `tool_call` span, for an
/// OpenTelemetry layer's timeline: `approval asked` and `approval answered` (the wait),
/// `dispatched` (prepare ends, the body starts) and `body returned` (finalize starts); off in
/// the command line's logs unless `ORDO_LOG` names it. Each event is named (`name:`) as its
/// message says, so that an exporter takes its name without formatting the message.
pub const STAGE_EVENTS: &str = "ordo_tools::stages";

/// The pipeline: a registry and the hooks, guards and approval seam every call goes through.
/// Cheap to clone; clones share everything.
#[derive(Clone)]
pub struct Pipeline {
    inner: Arc<Inner>,
}

struct Inner {
    registry: ToolRegistry,
    pre_execute: Vec<Arc<dyn PreExecuteHook>>,
    execute: Vec<Arc<dyn ExecuteHook>>,
    post_execute: Vec<Arc<dyn PostExecuteHook>>,
    observers: Vec<Arc<dyn ResultObserver>>,
    guards: Vec<Guard>,
    approval: ApprovalSeam,
    cancel_grace: Duration,
}

/// Builds a [`Pipeline`]. Hooks of each kind run in the order they are added.
///
/// Declared timeouts are enforced unless told otherwise: the [`TimeoutPolicy`] wraps every
/// other `execute` hook ([`timeouts`](Self::timeouts) configures it,
/// [`without_timeouts`](Self::without_timeouts) leaves it out).
#[must_use]
pub struct PipelineBuilder {
    inner: Inner,
    timeouts: Option<TimeoutPolicy>,
}

impl PipelineBuilder {
    /// Adds a `pre_execute` hook.
    pub fn pre_execute(mut self, hook: impl PreExecuteHook) -> Self {
        self.inner.pre_execute.push(Arc::new(hook));
        self
    }

    /// Adds an `execute` hook. The first added is the outermost wrapper, inside the timeout
    /// policy.
    pub fn execute(mut self, hook: impl ExecuteHook) -> Self {
        self.inner.execute.push(Arc::new(hook));
        self
    }

    /// Adds a `post_execute` hook.
    pub fn post_execute(mut self, hook: impl PostExecuteHook) -> Self {
        self.inner.post_execute.push(Arc::new(hook));
        self
    }

    /// Adds a result observer.
    pub fn observe(mut self, observer: impl ResultObserver) -> Self {
        self.inner.observers.push(Arc::new(observer));
        self
    }

    /// Adds a global guard (a [`Guard`], or a function whose `Some(reason)` denies); global
    /// guards run before every scope's.
    pub fn guard(mut self, guard: impl Into<Guard>) -> Self {
        self.inner.guards.push(guard.into());
        self
    }

    /// Installs an approval service (it can also be set or removed later, see
    /// [`Pipeline::approval`]).
    pub fn approval(self, service: impl ApprovalService) -> Self {
        self.inner.approval.set(Some(Arc::new(service)));
        self
    }

    /// Enforces declared timeouts with `policy` (by default, [`TimeoutPolicy::new`]).
    pub fn timeouts(mut self, policy: TimeoutPolicy) -> Self {
        self.timeouts = Some(policy);
        self
    }

    /// Leaves declared timeouts unenforced: a tool that declares one runs past it.
    pub fn without_timeouts(mut self) -> Self {
        self.timeouts = None;
        self
    }

    /// Sets how long a body may run after its signal fired before it is dropped
    /// ([`DEFAULT_CANCEL_GRACE`] unless set).
    pub fn cancel_grace(mut self, grace: Duration) -> Self {
        self.inner.cancel_grace = grace;
        self
    }

    /// The pipeline.
    pub fn build(mut self) -> Pipeline {
        if let Some(policy) = self.timeouts {
            self.inner.execute.insert(0, Arc::new(policy));
        }
        Pipeline { inner: Arc::new(self.inner) }
    }
}

/// Proof that prepare let a call through to dispatch.
#[derive(Debug)]
pub(crate) struct Ready(());

/// What prepare decided.
#[derive(Debug)]
pub(crate) enum Prepared {
    /// Go on to dispatch.
    Dispatch(Ready),
    /// The call ended in prepare (denied, cancelled, unknown tool).
    Settled(Box<Staged>),
}

/// A result waiting for commit. Move-only: it is finalized once.
#[derive(Debug)]
pub(crate) struct Staged {
    result: ToolResult,
    deferred: Vec<ContentBlock>,
    needs_post_execute: bool,
}

impl Staged {
    /// A result that goes through `post_execute` (denials, body outcomes).
    fn post(result: ToolResult) -> Self {
        Self { result, deferred: Vec::new(), needs_post_execute: true }
    }

    /// A result that skips `post_execute` (cancelled before dispatch, R-PIPE-1).
    fn final_result(result: ToolResult) -> Self {
        Self { result, deferred: Vec::new(), needs_post_execute: false }
    }

    /// A call cancelled before its body could run: final, it skips `post_execute`.
    pub(crate) fn cancelled_before_dispatch(execution: &Execution) -> Self {
        Self::final_result(ToolResult::failure(aborted_before_dispatch(execution)))
    }

    /// A call whose caller's own deadline passed before its body could run: final, it skips
    /// `post_execute`.
    pub(crate) fn timed_out_before_dispatch(execution: &Execution) -> Self {
        Self::final_result(ToolResult::failure(crate::timeout::past_caller_deadline(execution)))
    }

    /// Whether `post_execute` will run on it at commit.
    #[cfg(test)]
    pub(crate) fn needs_post_execute(&self) -> bool {
        self.needs_post_execute
    }
}

/// A result past `post_execute`, waiting for finish. Move-only: it is finished once.
#[derive(Debug)]
pub(crate) struct Finalized(ToolResult);

/// Prepare broke: a `pre_execute` hook panicked. The scheduler stops (R-SCHED-6); no result is
/// fabricated for the call, whose `tool/call` stays in the log as the honest record.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("prepare of call {call_id} ({tool}) failed: {message}")]
pub struct PipelineError {
    /// The call.
    pub call_id: String,
    /// Its tool.
    pub tool: String,
    /// What broke.
    pub message: String,
}

impl Pipeline {
    /// Starts building a pipeline over a registry.
    pub fn builder(registry: ToolRegistry) -> PipelineBuilder {
        PipelineBuilder {
            inner: Inner {
                registry,
                pre_execute: Vec::new(),
                execute: Vec::new(),
                post_execute: Vec::new(),
                observers: Vec::new(),
                guards: Vec::new(),
                approval: ApprovalSeam::default(),
                cancel_grace: DEFAULT_CANCEL_GRACE,
            },
            timeouts: Some(TimeoutPolicy::new()),
        }
    }

    /// A pipeline with no hooks but the timeout policy.
    pub fn new(registry: ToolRegistry) -> Self {
        Self::builder(registry).build()
    }

    /// The registry calls are resolved against.
    pub fn registry(&self) -> &ToolRegistry {
        &self.inner.registry
    }

    /// The approval seam; set or remove the service at any time.
    pub fn approval(&self) -> &ApprovalSeam {
        &self.inner.approval
    }

    /// Begins an execution: freezes its identity and takes the tool as registered now.
    pub(crate) fn begin(&self, request: CallRequest) -> Execution {
        let tool = self.inner.registry.get(&request.name);
        Execution::begin(request, tool)
    }

    /// Runs every stage of one call.
    pub async fn call(&self, request: CallRequest) -> Result<ToolResult, PipelineError> {
        let execution = self.begin(request);
        // The call's span is entered once per poll of the whole call, not at each stage's.
        let stages = async {
            let staged = match self.prepare_with(&execution, None).await? {
                Prepared::Dispatch(ready) => {
                    let nesting = Nesting::unscheduled(self.clone(), execution.scopes().clone());
                    self.dispatch_in(&execution, ready, nesting).await
                }
                Prepared::Settled(staged) => *staged,
            };
            let finalized = self.finalize(&execution, staged).await;
            Ok(self.finish(&execution, finalized))
        };
        execution.in_span(stages).await
    }
}

impl std::fmt::Debug for Pipeline {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pipeline")
            .field("registry", &self.inner.registry)
            .field("pre_execute", &self.inner.pre_execute.len())
            .field("execute", &self.inner.execute.len())
            .field("post_execute", &self.inner.post_execute.len())
            .field("observers", &self.inner.observers.len())
            .field("guards", &self.inner.guards.len())
            .field("approval", &self.inner.approval)
            .field("cancel_grace", &self.inner.cancel_grace)
            .finish()
    }
}

/// The result of a call cancelled before its body could run: no side effect happened.
fn aborted_before_dispatch(execution: &Execution) -> ErrorInfo {
    ErrorInfo::new(
        ErrorCode::AbortedBeforeDispatch,
        format!("tool {:?} was cancelled before it ran", execution.name()),
    )
}

/// What a panic said, for messages.
pub(crate) fn panic_message(payload: &(dyn Any + Send)) -> &str {
    payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("a non-string panic payload")
}

#[cfg(test)]
mod tests;
