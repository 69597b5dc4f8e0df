//! The scheduling core of a session: every call, whichever way it arrives (DESIGN.md §3, R-SCHED-7).
//!
//! A call reaches ordo by one of three doors, and all three go through one [`Scheduler`]:
//!
//! - **A model step** ([`Scheduler::run_step`]): the calls one model answer announced. Safe ones
//!   run concurrently; results commit in model order ([`step`]).
//! - **A parent's nested calls** ([`NestedCalls`], from [`CallContext::nested`]): the calls a
//!   `run_code` script makes. They prepare in the order the script made them and each result is
//!   handed back the moment it settles ([`nested`]).
//! - **An independent call** ([`Scheduler::call`]): one call on its own, such as an MCP request;
//!   its result is committed when it ends.
//!
//! Whatever the door, the scheduler owns, for the session:
//!
//! - **The order of prepares** (`turns`): one prepare at a time, in arrival order, so approval
//!   prompts never overlap and guards see calls one by one.
//! - **The pool and the gate** (`place`): at most `max_parallel` bodies at once, nested ones
//!   included; an exclusive call runs with no other body of the session except its own nested
//!   calls.
//! - **The session log**: every call's `tool/call` is written before its body can run, and its
//!   one `tool/result` when it commits.
//! - **The scope chain**: the session's scopes apply to every call; a nested call inherits its
//!   parent's chain, and code mode adds its own inside it (R-SCHED-8).
//!
//! Every call that was announced gets exactly one result, under cancellation too, and even when
//! the future waiting for it is dropped (see `call::Unanswered`).
//!
//! [`CallContext::nested`]: crate::CallContext::nested

mod call;
mod independent;
pub mod nested;
mod place;
pub mod step;
mod turns;

use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use thiserror::Error;
use tokio::sync::Semaphore;

use crate::approval::ApprovalService;
use crate::guard::{Scope, ScopeChain};
use crate::pipeline::{Pipeline, PipelineError};
use crate::session::{DiscardSink, SessionLog};

pub use nested::NestedCalls;
pub use step::{CallOutcome, ModelCall, StepOutcome};

use place::{Pool, Room};
use turns::Turns;

/// The pool bound when none is set (R-SCHED-3).
pub const DEFAULT_MAX_PARALLEL_TOOL_CALLS: usize = 10;

/// The scheduler itself broke (R-SCHED-6). Started calls were awaited; no result was
/// fabricated: the orphan `tool/call` in the log is the honest record.
#[derive(Debug, Error)]
pub enum SchedulerError {
    /// A prepare broke (a `pre_execute` hook panicked).
    #[error(transparent)]
    Prepare(#[from] PipelineError),
    /// The session log could not be written.
    #[error("cannot write the session log for call {call_id}: {source}")]
    Log {
        /// The call whose event could not be written.
        call_id: String,
        /// Why.
        source: io::Error,
    },
    /// A dispatch ended without a result: it panicked outside the pipeline's boundaries.
    #[error("a dispatch failed: {0}")]
    Dispatch(String),
}

/// The scheduling core of one session. Cheap to clone; clones are the same session.
#[derive(Clone, Debug)]
pub struct Scheduler {
    core: Arc<Core>,
}

/// What a session's calls share, whichever door they came in by.
pub(crate) struct Core {
    pub(crate) pipeline: Pipeline,
    pub(crate) log: SessionLog,
    pub(crate) scopes: ScopeChain,
    /// The session's own approval channel, asked before the pipeline's.
    pub(crate) approval: Option<Arc<dyn ApprovalService>>,
    pub(crate) turns: Arc<Turns>,
    pub(crate) pool: Pool,
    /// The gate of top-level calls.
    pub(crate) top: Room,
    pub(crate) max_parallel: usize,
    next_step: AtomicU64,
}

impl std::fmt::Debug for Core {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Scheduler")
            .field("pipeline", &self.pipeline)
            .field("log", &self.log)
            .field("scopes", &self.scopes)
            .field("approval", &self.approval.is_some())
            .field("max_parallel", &self.max_parallel)
            .finish_non_exhaustive()
    }
}

/// Builds a [`Scheduler`].
#[must_use]
pub struct SchedulerBuilder {
    pipeline: Pipeline,
    log: Option<SessionLog>,
    max_parallel: usize,
    scopes: ScopeChain,
    approval: Option<Arc<dyn ApprovalService>>,
    first_step: u64,
}

impl SchedulerBuilder {
    /// Records every call and result in `log` (a [`SessionLog`], or any sink of events, such as
    /// a `JsonlSink` or a `MemorySink`). Without one, nothing is recorded.
    pub fn log(mut self, log: impl Into<SessionLog>) -> Self {
        self.log = Some(log.into());
        self
    }

    /// How many bodies may run at once, across every door, nested calls included (at least
    /// one; [`DEFAULT_MAX_PARALLEL_TOOL_CALLS`] unless set).
    pub fn max_parallel_tool_calls(mut self, max: usize) -> Self {
        self.max_parallel = max.max(1);
        self
    }

    /// Adds a scope, inside those added before, whose guards apply to every call of the
    /// session, nested calls included.
    pub fn scope(mut self, scope: Scope) -> Self {
        self.scopes = self.scopes.within(scope);
        self
    }

    /// An approval channel of this session's own, asked instead of the pipeline's (an MCP
    /// client that can answer for itself, say).
    pub fn approval(mut self, service: impl ApprovalService) -> Self {
        self.approval = Some(Arc::new(service));
        self
    }

    /// Numbers the first step `step` (a session resumed from a log).
    pub fn first_step(mut self, step: u64) -> Self {
        self.first_step = step;
        self
    }

    /// The scheduler.
    pub fn build(self) -> Scheduler {
        Scheduler {
            core: Arc::new(Core {
                pipeline: self.pipeline,
                log: self.log.unwrap_or_else(|| SessionLog::new(DiscardSink)),
                scopes: self.scopes,
                approval: self.approval,
                turns: Arc::default(),
                pool: Arc::new(Semaphore::new(self.max_parallel)),
                top: Room::top(),
                max_parallel: self.max_parallel,
                next_step: AtomicU64::new(self.first_step),
            }),
        }
    }
}

impl Scheduler {
    /// A scheduler with the defaults: no log, no scopes, a pool of
    /// [`DEFAULT_MAX_PARALLEL_TOOL_CALLS`].
    pub fn new(pipeline: Pipeline) -> Self {
        Self::builder(pipeline).build()
    }

    /// Starts building a scheduler over a pipeline.
    pub fn builder(pipeline: Pipeline) -> SchedulerBuilder {
        SchedulerBuilder {
            pipeline,
            log: None,
            max_parallel: DEFAULT_MAX_PARALLEL_TOOL_CALLS,
            scopes: ScopeChain::default(),
            approval: None,
            first_step: 1,
        }
    }

    /// The pipeline calls go through.
    pub fn pipeline(&self) -> &Pipeline {
        &self.core.pipeline
    }

    /// The log calls are recorded in.
    pub fn log(&self) -> &SessionLog {
        &self.core.log
    }

    /// How many bodies may run at once.
    pub fn max_parallel_tool_calls(&self) -> usize {
        self.core.max_parallel
    }

    pub(crate) fn core(&self) -> &Arc<Core> {
        &self.core
    }
}

impl Core {
    /// The number of the next model step.
    fn take_step(&self) -> u64 {
        self.next_step.fetch_add(1, Ordering::Relaxed)
    }
}
