//! The hook chains plugins take part through.
//!
//! Each chain is a waterfall: hooks run in the order they were added to the
//! [`PipelineBuilder`](crate::PipelineBuilder) (registration order is execution order), and each
//! receives a `next` it may call to run the rest of the chain, or not call to short-circuit it.
//! Chains are composed once, when the pipeline is built, not at every call.
//!
//! - [`PreExecuteHook`]: decides `allow`, `deny(reason)` or `ask(prompt)` before anything runs
//!   (R-PIPE-2). No decision rewrites the arguments: they are already logged and shown.
//! - [`ExecuteHook`]: wraps the body, like a `tower::Layer` (timeouts, retries, metrics). It may
//!   hand the rest of the chain a different cancellation signal, and nothing else (R-PIPE-7).
//! - [`PostExecuteHook`]: runs at commit (in model order for a step) and accepts a result
//!   (optionally replacing its content or its value) or blocks it (R-FIN-1).
//! - [`ResultObserver`]: sees every final result; isolated, it can change nothing (R-FIN-5).

use std::future::ready;
use std::sync::Arc;

use futures::future::BoxFuture;
use serde_json::Value;
use tokio_util::sync::CancellationToken;

use crate::content::ContentBlock;
use crate::execution::Execution;
use crate::result::{ErrorInfo, ToolResult};

/// What the `pre_execute` chain decides (R-PIPE-2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PreDecision {
    /// Go on to the guards.
    Allow,
    /// Deny the call (`DENIED`), with the reason the model reads.
    Deny(String),
    /// Ask the approval service, with a prompt for the human.
    Ask(String),
}

/// A `pre_execute` hook.
pub trait PreExecuteHook: Send + Sync + 'static {
    /// Decides, or calls `next.run()` to let the rest of the chain decide.
    fn pre_execute<'a>(
        &'a self,
        execution: &'a Execution,
        next: PreExecuteNext<'a>,
    ) -> BoxFuture<'a, PreDecision>;
}

/// The rest of the `pre_execute` chain. Running it past the last hook gives `Allow`.
pub struct PreExecuteNext<'a> {
    rest: &'a [Arc<dyn PreExecuteHook>],
    execution: &'a Execution,
}

impl<'a> PreExecuteNext<'a> {
    pub(crate) fn new(chain: &'a [Arc<dyn PreExecuteHook>], execution: &'a Execution) -> Self {
        Self { rest: chain, execution }
    }

    /// Runs the rest of the chain.
    pub fn run(self) -> BoxFuture<'a, PreDecision> {
        match self.rest.split_first() {
            Some((hook, rest)) => {
                hook.pre_execute(self.execution, Self { rest, execution: self.execution })
            }
            None => Box::pin(ready(PreDecision::Allow)),
        }
    }
}

/// A synchronous policy as a `pre_execute` hook: `Some(decision)` short-circuits the chain,
/// `None` defers to the rest of it.
pub fn policy(
    decide: impl Fn(&Execution) -> Option<PreDecision> + Send + Sync + 'static,
) -> impl PreExecuteHook {
    struct Policy<F>(F);
    impl<F: Fn(&Execution) -> Option<PreDecision> + Send + Sync + 'static> PreExecuteHook
        for Policy<F>
    {
        fn pre_execute<'a>(
            &'a self,
            execution: &'a Execution,
            next: PreExecuteNext<'a>,
        ) -> BoxFuture<'a, PreDecision> {
            match (self.0)(execution) {
                Some(decision) => Box::pin(ready(decision)),
                None => next.run(),
            }
        }
    }
    Policy(decide)
}

/// What the body (or an `execute` hook standing in for it) produced: the canonical value, or the
/// error result the call ends with (`TOOL_ERROR`, `ABORTED`, `TIMEOUT`, …).
pub type DispatchResult = Result<Value, ErrorInfo>;

/// The innermost step of the `execute` chain: the runtime's call of the body.
pub(crate) type Terminal<'a> =
    &'a (dyn Fn(CancellationToken) -> BoxFuture<'a, DispatchResult> + Send + Sync);

/// An `execute` hook: wraps the body (R-PIPE-7).
pub trait ExecuteHook: Send + Sync + 'static {
    /// Runs the rest of the chain with `next.run(signal)`, where `signal` is the one it was given
    /// or one of its own. Whatever it passes, the body also stops when the caller cancels: the
    /// runtime fuses the caller's signal with the one that reaches it.
    fn execute<'a>(
        &'a self,
        execution: &'a Execution,
        signal: CancellationToken,
        next: ExecuteNext<'a>,
    ) -> BoxFuture<'a, DispatchResult>;
}

/// The rest of the `execute` chain, ending in the body.
pub struct ExecuteNext<'a> {
    rest: &'a [Arc<dyn ExecuteHook>],
    execution: &'a Execution,
    terminal: Terminal<'a>,
}

impl<'a> ExecuteNext<'a> {
    pub(crate) fn new(
        chain: &'a [Arc<dyn ExecuteHook>],
        execution: &'a Execution,
        terminal: Terminal<'a>,
    ) -> Self {
        Self { rest: chain, execution, terminal }
    }

    /// Runs the rest of the chain, and finally the body, under `signal`.
    pub fn run(self, signal: CancellationToken) -> BoxFuture<'a, DispatchResult> {
        match self.rest.split_first() {
            Some((hook, rest)) => hook.execute(self.execution, signal, Self { rest, ..self }),
            None => (self.terminal)(signal),
        }
    }
}

/// What the `post_execute` chain decides (R-FIN-1).
///
/// Replacing content and replacing the value are distinct decisions: a value replacement is
/// rendered again, so allowing both at once would leave two truths. The type makes that
/// combination impossible to express.
#[derive(Clone, Debug, PartialEq)]
pub enum PostDecision {
    /// Keep the result as it is.
    Accept,
    /// Keep the result with this content instead.
    ReplaceContent(Vec<ContentBlock>),
    /// Keep the result with this value instead, rendered again and checked against the output
    /// schema. A failed result has no value to replace: doing so is a programming error that
    /// ends the call as `INTERNAL`.
    ReplaceValue(Value),
    /// Turn the result into a `BLOCKED` error carrying `feedback`. Context the body deferred is
    /// discarded; only `context` given here is kept (R-FIN-2).
    Block {
        /// What the model reads instead of the result.
        feedback: Vec<ContentBlock>,
        /// Context the blocking decision supplies.
        context: Vec<ContentBlock>,
    },
}

/// A `post_execute` hook. It runs when a result commits: for the calls of a model step, in model
/// order (R-SCHED-4), so policies with running state (a token budget, spill slots) see them in
/// the order the model does. A nested or independent call has no transcript order to keep: it
/// commits as it settles, so a hook may see several of those at once.
pub trait PostExecuteHook: Send + Sync + 'static {
    /// Decides, or calls `next.run()` to let the rest of the chain decide.
    fn post_execute<'a>(
        &'a self,
        execution: &'a Execution,
        result: &'a ToolResult,
        next: PostExecuteNext<'a>,
    ) -> BoxFuture<'a, PostDecision>;
}

/// The rest of the `post_execute` chain. Running it past the last hook gives `Accept`.
pub struct PostExecuteNext<'a> {
    rest: &'a [Arc<dyn PostExecuteHook>],
    execution: &'a Execution,
    result: &'a ToolResult,
}

impl<'a> PostExecuteNext<'a> {
    pub(crate) fn new(
        chain: &'a [Arc<dyn PostExecuteHook>],
        execution: &'a Execution,
        result: &'a ToolResult,
    ) -> Self {
        Self { rest: chain, execution, result }
    }

    /// Runs the rest of the chain.
    pub fn run(self) -> BoxFuture<'a, PostDecision> {
        match self.rest.split_first() {
            Some((hook, rest)) => {
                hook.post_execute(self.execution, self.result, Self { rest, ..self })
            }
            None => Box::pin(ready(PostDecision::Accept)),
        }
    }
}

/// A synchronous `post_execute` rule: `Some(decision)` short-circuits, `None` defers.
pub fn post_rule(
    decide: impl Fn(&Execution, &ToolResult) -> Option<PostDecision> + Send + Sync + 'static,
) -> impl PostExecuteHook {
    struct Rule<F>(F);
    impl<F: Fn(&Execution, &ToolResult) -> Option<PostDecision> + Send + Sync + 'static>
        PostExecuteHook for Rule<F>
    {
        fn post_execute<'a>(
            &'a self,
            execution: &'a Execution,
            result: &'a ToolResult,
            next: PostExecuteNext<'a>,
        ) -> BoxFuture<'a, PostDecision> {
            match (self.0)(execution, result) {
                Some(decision) => Box::pin(ready(decision)),
                None => next.run(),
            }
        }
    }
    Rule(decide)
}

/// What an observer may report; it is logged and changes nothing.
pub type ObserverError = Box<dyn std::error::Error + Send + Sync>;

/// Sees every final result, after it is settled (R-FIN-5).
pub trait ResultObserver: Send + Sync + 'static {
    /// Called once per call with the frozen execution and its final result.
    fn on_result(&self, execution: &Execution, result: &ToolResult) -> Result<(), ObserverError>;
}

impl<F> ResultObserver for F
where
    F: Fn(&Execution, &ToolResult) -> Result<(), ObserverError> + Send + Sync + 'static,
{
    fn on_result(&self, execution: &Execution, result: &ToolResult) -> Result<(), ObserverError> {
        self(execution, result)
    }
}

/// A shared hook is a hook: an embedder may keep a handle on a hook it added.
impl<T: PreExecuteHook + ?Sized> PreExecuteHook for Arc<T> {
    fn pre_execute<'a>(
        &'a self,
        execution: &'a Execution,
        next: PreExecuteNext<'a>,
    ) -> BoxFuture<'a, PreDecision> {
        (**self).pre_execute(execution, next)
    }
}

impl<T: ExecuteHook + ?Sized> ExecuteHook for Arc<T> {
    fn execute<'a>(
        &'a self,
        execution: &'a Execution,
        signal: CancellationToken,
        next: ExecuteNext<'a>,
    ) -> BoxFuture<'a, DispatchResult> {
        (**self).execute(execution, signal, next)
    }
}

impl<T: PostExecuteHook + ?Sized> PostExecuteHook for Arc<T> {
    fn post_execute<'a>(
        &'a self,
        execution: &'a Execution,
        result: &'a ToolResult,
        next: PostExecuteNext<'a>,
    ) -> BoxFuture<'a, PostDecision> {
        (**self).post_execute(execution, result, next)
    }
}
