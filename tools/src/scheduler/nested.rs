//! The door of nested calls: the calls a running body makes through the same session
//! (R-CODE-2, R-CODE-3, R-SCHED-8).
//!
//! Code mode's `run_code` is the parent these calls are made for: each `tools.x(..)` of its
//! script becomes a [`NestedCalls::call`]. The synchronous part of a call runs when the script
//! makes it, so in script order: it records the `tool/call` (parent = the `run_code` call),
//! begins the execution and takes a ticket for its turn to prepare. The returned future does the
//! rest, in the caller's task (no hop between the script's call and the tool's body): the wait
//! for its `tool/call` where the log's sink writes it behind (write-ahead still), its turn,
//! prepare (hooks, guards, approvals), a place beside its siblings (their own gate, the parent's
//! seat or one from the session's pool), the body, post-execute, finish, and its `tool/result`,
//! handed to the log the moment it settles (nested results have no transcript order to keep),
//! which may write it behind, with the next event it waits for.
//!
//! A call whose future is dropped while its `tool/call` is still being written gets no result:
//! the call is left open, repaired as `TOOL_OUTCOME_UNKNOWN` by whoever reads the log.
//!
//! A nested call inherits from its parent, through the parent's [`CallContext`]: the session's
//! log, approval channel and pool, and the parent's scope chain, with any scopes the parent
//! adds inside it ([`NestedCalls::within`]). No guard the parent was under can be lost on the way.
//!
//! [`CallContext`]: crate::CallContext

use std::future::Future;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use tokio_util::sync::CancellationToken;

use super::call::{Unanswered, identity};
use super::place::{NestedRoom, Room};
use super::{Core, Scheduler};
use crate::context::CallId;
use crate::execution::{Arguments, CallRequest};
use crate::guard::ScopeChain;
use crate::pipeline::Pipeline;
use crate::result::{ErrorCode, ErrorInfo, ToolResult};
use crate::session::{ProgressOf, Written};

/// What a running body's nested calls inherit; the pipeline puts it in the body's
/// [`CallContext`](crate::CallContext).
pub(crate) struct Nesting {
    session: Session,
    scopes: ScopeChain,
    room: NestedRoom,
}

impl std::fmt::Debug for Nesting {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Nesting").field("scopes", &self.scopes).finish_non_exhaustive()
    }
}

enum Session {
    Scheduled(Arc<Core>),
    /// The parent was called through [`Pipeline::call`], with no scheduler: its nested calls get
    /// one of their own, made when the first of them is.
    Unscheduled(Pipeline, OnceLock<Arc<Core>>),
}

impl Nesting {
    pub(crate) fn scheduled(core: Arc<Core>, scopes: ScopeChain) -> Arc<Self> {
        Arc::new(Self { session: Session::Scheduled(core), scopes, room: NestedRoom::default() })
    }

    pub(crate) fn unscheduled(pipeline: Pipeline, scopes: ScopeChain) -> Arc<Self> {
        let session = Session::Unscheduled(pipeline, OnceLock::new());
        Arc::new(Self { session, scopes, room: NestedRoom::default() })
    }

    /// Tells the session's log of a call's progress (an unscheduled call has no log to tell).
    pub(crate) fn report_progress(&self, call: &ProgressOf<'_>) {
        if let Session::Scheduled(core) = &self.session {
            core.log.progress(call);
        }
    }

    /// The door for the nested calls of `parent`, whose span is `span`.
    pub(crate) fn calls(&self, parent: CallId, span: Arc<tracing::Span>) -> NestedCalls {
        let core = match &self.session {
            Session::Scheduled(core) => Arc::clone(core),
            Session::Unscheduled(pipeline, core) => {
                Arc::clone(core.get_or_init(|| Arc::clone(Scheduler::new(pipeline.clone()).core())))
            }
        };
        NestedCalls { core, parent, span, scopes: self.scopes.clone(), room: self.room.get() }
    }
}

/// The door through which a running body (`run_code`) makes calls of its own. Cheap to clone;
/// clones share the parent's room.
#[derive(Clone)]
pub struct NestedCalls {
    core: Arc<Core>,
    parent: CallId,
    /// The parent's span: each call's span is its child, wherever the call is made from.
    span: Arc<tracing::Span>,
    scopes: ScopeChain,
    room: Arc<Room>,
}

impl NestedCalls {
    /// The same door, with `scopes` inside the parent's: their guards apply to every call made
    /// through it, after the parent's (code mode's own scopes).
    #[must_use]
    pub fn within(mut self, scopes: &ScopeChain) -> Self {
        for scope in scopes.scopes() {
            self.scopes = self.scopes.within(scope.clone());
        }
        self
    }

    /// The parent's call id.
    pub fn parent(&self) -> &CallId {
        &self.parent
    }

    /// The pipeline the calls go through (its registry lists the tools there are).
    pub fn pipeline(&self) -> &Pipeline {
        &self.core.pipeline
    }

    /// Makes a call. Its `tool/call` is recorded and its turn to prepare taken now, so calls
    /// prepare in the order they were made; the returned future runs it and resolves to its one
    /// result, already recorded. Dropping the future before it resolves records the call as
    /// aborted (`ABORTED` if its body had started, else `ABORTED_BEFORE_DISPATCH`).
    pub fn call(
        &self,
        call_id: CallId,
        name: &str,
        arguments: Arguments,
        signal: CancellationToken,
    ) -> impl Future<Output = ToolResult> + Send + use<> {
        self.call_with_deadline(call_id, name, arguments, signal, None)
    }

    /// [`call`](Self::call) with the caller's own deadline, counted from now: past it the call
    /// ends `TIMEOUT` (its body told to stop), whether it was waiting or running.
    pub fn call_with_deadline(
        &self,
        call_id: CallId,
        name: &str,
        arguments: Arguments,
        signal: CancellationToken,
        deadline: Option<Duration>,
    ) -> impl Future<Output = ToolResult> + Send + use<> {
        let request = CallRequest::new(call_id, name, arguments)
            .with_parent(Arc::clone(&self.parent))
            .with_scopes(self.scopes.clone())
            .with_signal(signal)
            .with_deadline(deadline)
            .with_span_parent(Arc::clone(&self.span));
        let execution = Arc::new(self.core.pipeline.begin(request));
        let recorded = self
            .core
            .log
            .record_call_behind(identity(&execution, None), execution.arguments().raw());
        // Answered from now on, unless its `tool/call` is still being written: then only once
        // it is (a result must not be recorded for a call that was not).
        let started = recorded.map(|(_, written)| {
            let unanswered = match written {
                Written::Now => Ok(Unanswered::new(Arc::clone(&self.core), Arc::clone(&execution))),
                Written::Behind(durable) => Err(durable),
            };
            (unanswered, self.core.turns.ticket())
        });
        let (core, room) = (Arc::clone(&self.core), Arc::clone(&self.room));
        async move {
            let not_recorded = |error: std::io::Error| {
                let message = format!("cannot record the call in the session log: {error}");
                ToolResult::failure(ErrorInfo::new(ErrorCode::Internal, message))
            };
            let (unanswered, ticket) = match started {
                Ok((Ok(unanswered), ticket)) => (unanswered, ticket),
                Ok((Err(durable), ticket)) => match durable.await {
                    Ok(()) => (Unanswered::new(Arc::clone(&core), Arc::clone(&execution)), ticket),
                    Err(error) => return not_recorded(error),
                },
                Err(error) => return not_recorded(error),
            };
            let result = core.run(&execution, ticket, &room).await.unwrap_or_else(|broken| {
                // The parent is running; a broken prepare fails this call, not the session.
                let message = format!("ordo could not prepare this call: {}", broken.message);
                ToolResult::failure(ErrorInfo::new(ErrorCode::Internal, message))
            });
            match unanswered.answer(&result) {
                Ok(_) => result,
                Err(error) => {
                    let message = format!("cannot record the result in the session log: {error}");
                    ToolResult::failure(ErrorInfo::new(ErrorCode::Internal, message))
                }
            }
        }
    }
}

impl std::fmt::Debug for NestedCalls {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NestedCalls")
            .field("parent", &self.parent)
            .field("scopes", &self.scopes)
            .finish_non_exhaustive()
    }
}
