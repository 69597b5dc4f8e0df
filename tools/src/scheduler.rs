//! One model step: out-of-order dispatch, in-order commit (SPEC §3).
//!
//! A model step announces several calls at once. The scheduler runs the safe ones concurrently
//! but makes everything the model and the log see happen in the model's order:
//!
//! - **Groups** (R-SCHED-2). An exclusive call is a group of its own, a barrier. A parallel call
//!   opens a group that optimistically takes the calls after it; each is classified again just
//!   before it starts (the registry may have changed since the step began) and the group stops
//!   at the first exclusive one.
//! - **Pool** (R-SCHED-3). At most `max_parallel_tool_calls` bodies run at once. Prepares are
//!   awaited one at a time in model order, so approval prompts never overlap and guards never
//!   see calls out of order; only dispatches (bodies) overlap. They run as tasks, so a slow
//!   prepare or commit never stalls a running body.
//! - **Commit** (R-SCHED-4). A result commits only when every earlier call has: `post_execute`
//!   runs at commit, then the result is written to the log and its context accepted. A slow
//!   first call holds back the commits after it (head-of-line blocking), the price of policies
//!   that must see results in the order the model does, and of a log that replays.
//! - **Cancellation** (R-SCHED-5). Nothing more starts; started calls drain (their bodies see the
//!   signal) and commit; every unstarted call gets a `tool/call` + `tool/result` pair,
//!   `ABORTED_BEFORE_DISPATCH`, in model order. Every announced call gets exactly one result.
//! - **Failure** (R-SCHED-6). When the scheduler itself breaks (a prepare panics, the log cannot
//!   be written), nothing more starts, every started body is awaited, and the first failure is
//!   returned. No result is fabricated: whether an unfinished call ran is not known, and the
//!   orphan `tool/call` is the honest record, repaired as `TOOL_OUTCOME_UNKNOWN` on load.

use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use serde::{Deserialize, Serialize};
use thiserror::Error;
use tokio::task::JoinSet;
use tokio_util::sync::CancellationToken;

use crate::content::ContentBlock;
use crate::execution::{Arguments, CallRequest, Execution};
use crate::guard::ScopeChain;
use crate::pipeline::{Pipeline, PipelineError, Prepared, Staged};
use crate::registry::ExecutionMode;
use crate::result::{ErrorCode, ErrorInfo, ToolResult};
use crate::session::{CallIdentity, SessionLog};

/// The pool bound when none is set (R-SCHED-3).
pub const DEFAULT_MAX_PARALLEL_TOOL_CALLS: usize = 10;

/// A call as the model announced it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModelCall {
    /// The call's id, as the provider gave it.
    pub id: String,
    /// The tool.
    pub name: String,
    /// The arguments, raw: possibly empty, possibly not JSON (R-SCHED-1).
    pub arguments: String,
}

impl ModelCall {
    /// A call.
    pub fn new(
        id: impl Into<String>,
        name: impl Into<String>,
        arguments: impl Into<String>,
    ) -> Self {
        Self { id: id.into(), name: name.into(), arguments: arguments.into() }
    }
}

/// One call's committed result.
#[derive(Clone, Debug, PartialEq)]
pub struct CallOutcome {
    /// The call's id.
    pub call_id: String,
    /// The tool.
    pub name: String,
    /// The result.
    pub result: ToolResult,
}

/// What a step produced, in model order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StepOutcome {
    /// One result per announced call, in the order the model announced them.
    pub results: Vec<CallOutcome>,
    /// The context of accepted results, in model order.
    pub contexts: Vec<ContentBlock>,
    /// Whether an accepted result asked for the turn to end.
    pub concludes_turn: bool,
    /// Whether the step was cancelled.
    pub cancelled: bool,
}

/// The scheduler broke; see R-SCHED-6. Started calls were awaited; no result was fabricated.
#[derive(Debug, Error)]
pub enum StepError {
    /// A prepare broke.
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
    /// A dispatch task ended without a result (it panicked outside the pipeline's boundaries or
    /// was cancelled by the runtime).
    #[error("a dispatch task failed: {0}")]
    Dispatch(String),
}

/// Runs the steps of one session through a pipeline, recording them in its log.
#[derive(Debug)]
pub struct Scheduler {
    pipeline: Pipeline,
    log: SessionLog,
    max_parallel: usize,
    scopes: ScopeChain,
    next_step: AtomicU64,
}

impl Scheduler {
    /// A scheduler with the default pool bound.
    pub fn new(pipeline: Pipeline, log: SessionLog) -> Self {
        Self {
            pipeline,
            log,
            max_parallel: DEFAULT_MAX_PARALLEL_TOOL_CALLS,
            scopes: ScopeChain::default(),
            next_step: AtomicU64::new(1),
        }
    }

    /// Sets how many bodies may run at once (at least one).
    pub fn with_max_parallel_tool_calls(mut self, max: usize) -> Self {
        self.max_parallel = max.max(1);
        self
    }

    /// Sets the scopes whose guards apply to every call.
    pub fn with_scopes(mut self, scopes: ScopeChain) -> Self {
        self.scopes = scopes;
        self
    }

    /// Numbers the next step `step` (for a session resumed from a log).
    pub fn starting_at_step(self, step: u64) -> Self {
        self.next_step.store(step, Ordering::Relaxed);
        self
    }

    /// The pipeline calls go through.
    pub fn pipeline(&self) -> &Pipeline {
        &self.pipeline
    }

    /// The log calls are recorded in.
    pub fn log(&self) -> &SessionLog {
        &self.log
    }

    /// Runs every call of one model step. `signal` cancels the step (R-SCHED-5).
    pub async fn run_step(
        &self,
        calls: &[ModelCall],
        signal: &CancellationToken,
    ) -> Result<StepOutcome, StepError> {
        let step = self.next_step.fetch_add(1, Ordering::Relaxed);
        let mut run = StepRun {
            scheduler: self,
            calls,
            arguments: calls.iter().map(|call| Arguments::parse(&call.arguments)).collect(),
            signal,
            step,
            slots: calls.iter().map(|_| Slot::Unstarted).collect(),
            in_flight: JoinSet::new(),
            started: 0,
            committed: 0,
            outcome: StepOutcome::default(),
        };
        match run.run().await {
            Ok(()) => Ok(run.outcome),
            Err(error) => {
                // R-SCHED-6: no body is left running unobserved; none of them gets a result.
                while run.in_flight.join_next().await.is_some() {}
                Err(error)
            }
        }
    }
}

/// Where one call of the step stands.
enum Slot {
    Unstarted,
    Running(Arc<Execution>),
    Settled(Arc<Execution>, Box<Staged>),
    Committed,
}

/// The state of one step in progress.
struct StepRun<'a> {
    scheduler: &'a Scheduler,
    calls: &'a [ModelCall],
    /// Each call's arguments, parsed once (R-SCHED-1).
    arguments: Vec<Arguments>,
    signal: &'a CancellationToken,
    step: u64,
    slots: Vec<Slot>,
    in_flight: JoinSet<(usize, Staged)>,
    /// Calls `..started` have begun (their `tool/call` is written).
    started: usize,
    /// Calls `..committed` have their result written.
    committed: usize,
    outcome: StepOutcome,
}

impl StepRun<'_> {
    async fn run(&mut self) -> Result<(), StepError> {
        let mut group: Option<ExecutionMode> = None;
        let mut cancelled = false;
        loop {
            while !cancelled
                && self.started < self.calls.len()
                && self.in_flight.len() < self.scheduler.max_parallel
            {
                // Classified just before it starts: the registry may have changed (R-SCHED-2).
                let mode = self.classify(self.started);
                match group {
                    None => group = Some(mode),
                    Some(ExecutionMode::Parallel) if mode == ExecutionMode::Parallel => {}
                    Some(_) => break,
                }
                self.start(self.started).await?;
                self.commit_ready().await?;
                cancelled = self.signal.is_cancelled();
            }
            if self.in_flight.is_empty() {
                // The group has drained and committed: the next call opens a new group.
                if cancelled || self.started == self.calls.len() {
                    break;
                }
                group = None;
                continue;
            }
            self.settle_next().await?;
            self.commit_ready().await?;
            cancelled = self.signal.is_cancelled();
        }
        debug_assert_eq!(
            self.committed, self.started,
            "every started call commits before the step ends"
        );
        self.outcome.cancelled = cancelled;
        self.skip_unstarted()
    }

    fn classify(&self, index: usize) -> ExecutionMode {
        let call = &self.calls[index];
        self.scheduler.pipeline.registry().execution_mode(&call.name, self.arguments[index].value())
    }

    /// Records the call, prepares it, and either spawns its dispatch or settles it.
    async fn start(&mut self, index: usize) -> Result<(), StepError> {
        let call = &self.calls[index];
        self.record_call(call)?;
        self.started = index + 1;
        let request =
            CallRequest::new(call.id.as_str(), call.name.as_str(), self.arguments[index].clone())
                .with_scopes(self.scheduler.scopes.clone())
                .with_signal(self.signal.clone());
        let pipeline = &self.scheduler.pipeline;
        let execution = Arc::new(pipeline.begin(request));
        self.slots[index] = match pipeline.prepare(&execution).await? {
            Prepared::Dispatch(ready) => {
                let (pipeline, running) = (pipeline.clone(), Arc::clone(&execution));
                self.in_flight
                    .spawn(async move { (index, pipeline.dispatch(&running, ready).await) });
                Slot::Running(execution)
            }
            Prepared::Settled(staged) => Slot::Settled(execution, staged),
        };
        Ok(())
    }

    /// Waits for the next dispatch to finish and settles its slot.
    async fn settle_next(&mut self) -> Result<(), StepError> {
        let Some(joined) = self.in_flight.join_next().await else {
            return Ok(());
        };
        let (index, staged) = joined.map_err(|error| StepError::Dispatch(error.to_string()))?;
        let Slot::Running(execution) = std::mem::replace(&mut self.slots[index], Slot::Committed)
        else {
            return Err(StepError::Dispatch(format!("call {index} settled twice")));
        };
        self.slots[index] = Slot::Settled(execution, Box::new(staged));
        Ok(())
    }

    /// Commits along the contiguous prefix of settled calls (R-SCHED-4).
    async fn commit_ready(&mut self) -> Result<(), StepError> {
        while self.committed < self.started {
            let index = self.committed;
            let (execution, staged) =
                match std::mem::replace(&mut self.slots[index], Slot::Committed) {
                    Slot::Settled(execution, staged) => (execution, staged),
                    waiting => {
                        self.slots[index] = waiting;
                        return Ok(());
                    }
                };
            let pipeline = &self.scheduler.pipeline;
            let result = pipeline.finish(&execution, pipeline.finalize(&execution, *staged).await);
            let call = &self.calls[index];
            self.scheduler
                .log
                .record_result(self.identity(call), &result.record, execution.started().elapsed())
                .map_err(|source| StepError::Log { call_id: call.id.clone(), source })?;
            self.accept(call, result);
            self.committed = index + 1;
        }
        Ok(())
    }

    /// R-SCHED-5: every call that never started gets a synthetic pair, in model order.
    fn skip_unstarted(&mut self) -> Result<(), StepError> {
        for call in &self.calls[self.started..] {
            self.record_call(call)?;
            let message = format!("tool {:?} was cancelled before it ran", call.name);
            let result =
                ToolResult::failure(ErrorInfo::new(ErrorCode::AbortedBeforeDispatch, message));
            self.scheduler
                .log
                .record_result(self.identity(call), &result.record, std::time::Duration::ZERO)
                .map_err(|source| StepError::Log { call_id: call.id.clone(), source })?;
            self.accept(call, result);
        }
        self.started = self.calls.len();
        self.committed = self.calls.len();
        Ok(())
    }

    fn accept(&mut self, call: &ModelCall, result: ToolResult) {
        self.outcome.contexts.extend(result.contexts.iter().cloned());
        self.outcome.concludes_turn |= result.concludes_turn;
        self.outcome.results.push(CallOutcome {
            call_id: call.id.clone(),
            name: call.name.clone(),
            result,
        });
    }

    fn record_call(&self, call: &ModelCall) -> Result<(), StepError> {
        self.scheduler
            .log
            .record_call(self.identity(call), &call.arguments)
            .map(drop)
            .map_err(|source| StepError::Log { call_id: call.id.clone(), source })
    }

    fn identity<'c>(&self, call: &'c ModelCall) -> CallIdentity<'c> {
        CallIdentity { call_id: &call.id, parent: None, name: &call.name, step: Some(self.step) }
    }
}
