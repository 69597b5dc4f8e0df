//! A model step: out-of-order dispatch, in-order commit (DESIGN.md §3).
//!
//! A model step announces several calls at once. The scheduler runs the safe ones concurrently
//! but makes everything the model and the log see happen in the model's order:
//!
//! - **Groups** (R-SCHED-2). An exclusive call is a group of its own, a barrier. A parallel call
//!   opens a group that optimistically takes the calls after it; each is classified again just
//!   before it starts (the registry may have changed since the step began) and the group stops
//!   at the first exclusive one, which starts once the group has committed.
//! - **Pool** (R-SCHED-3). Each call takes its turn to prepare, then a place in the session's
//!   pool, before the next call starts; so at most `max_parallel` bodies run, with those of the
//!   session's other doors. Prepares are one at a time in model order; only bodies overlap.
//! - **Commit** (R-SCHED-4). A result commits only when every earlier call has: `post_execute`
//!   runs at commit, then the result is written to the log and its context accepted. A slow
//!   first call holds back the commits after it (head-of-line blocking), the price of policies
//!   that must see results in the order the model does, and of a log that replays.
//! - **Cancellation** (R-SCHED-5). Nothing more starts; started calls drain (their bodies see the
//!   signal) and commit; every unstarted call gets a `tool/call` + `tool/result` pair,
//!   `ABORTED_BEFORE_DISPATCH`, in model order. Every announced call gets exactly one result,
//!   even if the step's future is dropped: then each started call is recorded as aborted.
//! - **Failure** (R-SCHED-6). When the scheduler itself breaks (a prepare panics, the log cannot
//!   be written), nothing more starts, every started body is awaited, and the first failure is
//!   returned. No result is fabricated: whether an unfinished call ran is not known, and the
//!   orphan `tool/call` is the honest record, repaired as `TOOL_OUTCOME_UNKNOWN` on load.
//!
//! The step drives everything in its own task: the next call's start (turn, prepare, place),
//! the running bodies and the head's commit are futures it polls together, so a slow prepare or
//! commit never stalls a running body, and no call costs a task.

use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::pin::Pin;
use std::sync::Arc;
use std::task::Poll;
use std::time::Duration;

use futures::stream::FuturesUnordered;
use futures::{FutureExt, StreamExt};
use serde::{Deserialize, Serialize};
use tokio_util::sync::CancellationToken;

use super::call::{Started, abandoned, identity};
use super::{Core, Scheduler, SchedulerError};
use crate::content::ContentBlock;
use crate::execution::{Arguments, CallRequest, Execution};
use crate::pipeline::{PipelineError, Staged, panic_message};
use crate::registry::ExecutionMode;
use crate::result::{ErrorCode, ErrorInfo, ToolResult};

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

impl Scheduler {
    /// Runs every call of one model step. `signal` cancels the step (R-SCHED-5).
    pub async fn run_step(
        &self,
        calls: &[ModelCall],
        signal: &CancellationToken,
    ) -> Result<StepOutcome, SchedulerError> {
        let core = self.core();
        let mut run = StepRun {
            core,
            calls,
            arguments: calls.iter().map(|call| Arguments::parse(&call.arguments)).collect(),
            signal,
            step: core.take_step(),
            slots: calls.iter().map(|_| Slot::Unstarted).collect(),
            group: None,
            stages: FuturesUnordered::new(),
            bodies: FuturesUnordered::new(),
            launched: Vec::new(),
            starting: false,
            committing: false,
            started: 0,
            committed: 0,
            cancelled: false,
            ended: false,
            outcome: StepOutcome::default(),
        };
        match run.run().await {
            Ok(()) => Ok(std::mem::take(&mut run.outcome)),
            Err(error) => {
                // R-SCHED-6: nothing more starts or commits, no body is left running unobserved,
                // and none of them gets a result.
                run.ended = true;
                run.stages.clear();
                run.launched.retain(|(_, lane)| matches!(lane, Lane::Body));
                for (body, _) in run.launched.drain(..) {
                    run.bodies.push(body);
                }
                while run.bodies.next().await.is_some() {}
                Err(error)
            }
        }
    }
}

/// Where one call of the step stands.
enum Slot {
    Unstarted,
    /// Starting, running or committing: its execution, for the record if the step is dropped.
    InFlight(Arc<Execution>),
    Settled(Arc<Execution>, Box<Staged>),
    Committed,
}

/// What a future of the step reports.
enum Event {
    Started(usize, Result<Started, PipelineError>),
    Settled(usize, Staged),
    Committed(usize, ToolResult),
    /// A dispatch panicked outside the pipeline's boundaries.
    Broken(String),
}

type Flight<'a> = Pin<Box<dyn Future<Output = Event> + Send + 'a>>;

/// Which set a flight waits in.
enum Lane {
    Stage,
    Body,
}

/// The state of one step in progress.
struct StepRun<'a> {
    core: &'a Arc<Core>,
    calls: &'a [ModelCall],
    /// Each call's arguments, parsed once (R-SCHED-1).
    arguments: Vec<Arguments>,
    signal: &'a CancellationToken,
    step: u64,
    slots: Vec<Slot>,
    /// The mode of the group the calls in flight belong to.
    group: Option<ExecutionMode>,
    /// The next call's start and the head's commit: at most one of each.
    stages: FuturesUnordered<Flight<'a>>,
    bodies: FuturesUnordered<Flight<'a>>,
    /// Flights launched since the last poll, not yet polled.
    launched: Vec<(Flight<'a>, Lane)>,
    starting: bool,
    committing: bool,
    /// Calls `..started` have begun (their `tool/call` is written).
    started: usize,
    /// Calls `..committed` have their result written.
    committed: usize,
    cancelled: bool,
    /// The step returned (or broke): nothing is left to record when it is dropped.
    ended: bool,
    outcome: StepOutcome,
}

impl<'a> StepRun<'a> {
    async fn run(&mut self) -> Result<(), SchedulerError> {
        loop {
            self.start_next()?;
            self.commit_next();
            // What was just launched is polled once here: a quick call settles at once and
            // never needs a place in the sets.
            while let Some((mut flight, lane)) = self.launched.pop() {
                match futures::poll!(flight.as_mut()) {
                    Poll::Ready(event) => {
                        self.handle(event)?;
                        self.start_next()?;
                        self.commit_next();
                    }
                    Poll::Pending => match lane {
                        Lane::Stage => self.stages.push(flight),
                        Lane::Body => self.bodies.push(flight),
                    },
                }
            }
            let event = tokio::select! {
                biased;
                Some(event) = self.stages.next(), if !self.stages.is_empty() => event,
                Some(event) = self.bodies.next(), if !self.bodies.is_empty() => event,
                else => break,
            };
            self.handle(event)?;
        }
        debug_assert_eq!(
            self.committed, self.started,
            "every started call commits before the step ends"
        );
        self.outcome.cancelled = self.cancelled || self.signal.is_cancelled();
        self.skip_unstarted()?;
        self.ended = true;
        Ok(())
    }

    /// Starts the next call if nothing else is starting, the step is not cancelled, and the
    /// call belongs to the group in flight (or the group has committed).
    fn start_next(&mut self) -> Result<(), SchedulerError> {
        if self.starting || self.started == self.calls.len() {
            return Ok(());
        }
        self.cancelled = self.cancelled || self.signal.is_cancelled();
        if self.cancelled {
            return Ok(());
        }
        let index = self.started;
        let call = &self.calls[index];
        // Classified just before it starts: the registry may have changed (R-SCHED-2).
        let mode =
            self.core.pipeline.registry().execution_mode(&call.name, self.arguments[index].value());
        let joins = self.group == Some(ExecutionMode::Parallel) && mode == ExecutionMode::Parallel;
        if !joins && self.group.is_some() && self.committed < self.started {
            return Ok(()); // a barrier: the group before it commits first
        }
        self.group = Some(mode);
        let core = self.core;
        core.log
            .record_call(self.identity(call), &call.arguments)
            .map_err(|source| SchedulerError::Log { call_id: call.id.clone(), source })?;
        let request =
            CallRequest::new(call.id.as_str(), call.name.as_str(), self.arguments[index].clone())
                .with_scopes(core.scopes.clone())
                .with_signal(self.signal.clone());
        let execution = Arc::new(core.pipeline.begin(request));
        self.slots[index] = Slot::InFlight(Arc::clone(&execution));
        self.started = index + 1;
        self.starting = true;
        let ticket = core.turns.ticket();
        self.launched.push((
            Box::pin(async move {
                let started = core.start(&execution, ticket, &core.top);
                Event::Started(index, execution.in_span(started).await)
            }),
            Lane::Stage,
        ));
        Ok(())
    }

    /// Commits the head of the step if it has settled (R-SCHED-4).
    fn commit_next(&mut self) {
        if self.committing || self.committed == self.started {
            return;
        }
        let index = self.committed;
        let Slot::Settled(execution, _) = &self.slots[index] else {
            return;
        };
        let in_flight = Slot::InFlight(Arc::clone(execution));
        let Slot::Settled(execution, staged) = std::mem::replace(&mut self.slots[index], in_flight)
        else {
            return;
        };
        self.committing = true;
        let pipeline = &self.core.pipeline;
        self.launched.push((
            Box::pin(async move {
                let commit = async {
                    let finalized = pipeline.finalize(&execution, *staged).await;
                    pipeline.finish(&execution, finalized)
                };
                Event::Committed(index, execution.in_span(commit).await)
            }),
            Lane::Stage,
        ));
    }

    fn handle(&mut self, event: Event) -> Result<(), SchedulerError> {
        match event {
            Event::Started(index, started) => {
                self.starting = false;
                match started? {
                    Started::Settled(staged) => self.settle(index, *staged),
                    Started::Ready(ready, place) => {
                        let Slot::InFlight(execution) = &self.slots[index] else {
                            return Err(SchedulerError::Dispatch(format!(
                                "call {index} started twice"
                            )));
                        };
                        let (core, execution) = (self.core, Arc::clone(execution));
                        self.launched.push((
                            Box::pin(async move {
                                let dispatch =
                                    execution.in_span(core.dispatch(&execution, ready, place));
                                match AssertUnwindSafe(dispatch).catch_unwind().await {
                                    Ok(staged) => Event::Settled(index, staged),
                                    Err(panic) => Event::Broken(panic_message(&*panic).to_owned()),
                                }
                            }),
                            Lane::Body,
                        ));
                    }
                }
            }
            Event::Settled(index, staged) => self.settle(index, staged),
            Event::Committed(index, result) => {
                self.committing = false;
                let slot = std::mem::replace(&mut self.slots[index], Slot::Committed);
                let execution = match slot {
                    Slot::InFlight(execution) => Some(execution),
                    _ => None,
                };
                self.commit(index, result, execution.as_deref())?;
            }
            Event::Broken(message) => return Err(SchedulerError::Dispatch(message)),
        }
        Ok(())
    }

    fn settle(&mut self, index: usize, staged: Staged) {
        if let Slot::InFlight(execution) =
            std::mem::replace(&mut self.slots[index], Slot::Committed)
        {
            self.slots[index] = Slot::Settled(execution, Box::new(staged));
        }
    }

    /// Writes a call's result and applies it to the outcome, in model order.
    fn commit(
        &mut self,
        index: usize,
        result: ToolResult,
        execution: Option<&Execution>,
    ) -> Result<(), SchedulerError> {
        let call = &self.calls[index];
        let duration = execution.map_or(Duration::ZERO, |execution| execution.started().elapsed());
        self.core
            .log
            .record_result(self.identity(call), &result.record, duration)
            .map_err(|source| SchedulerError::Log { call_id: call.id.clone(), source })?;
        self.committed = index + 1;
        self.outcome.contexts.extend(result.contexts.iter().cloned());
        self.outcome.concludes_turn |= result.concludes_turn;
        self.outcome.results.push(CallOutcome {
            call_id: call.id.clone(),
            name: call.name.clone(),
            result,
        });
        Ok(())
    }

    /// R-SCHED-5: every call that never started gets a synthetic pair, in model order.
    fn skip_unstarted(&mut self) -> Result<(), SchedulerError> {
        for index in self.started..self.calls.len() {
            let call = &self.calls[index];
            self.core
                .log
                .record_call(self.identity(call), &call.arguments)
                .map_err(|source| SchedulerError::Log { call_id: call.id.clone(), source })?;
            self.started = index + 1;
            let message = format!("tool {:?} was cancelled before it ran", call.name);
            let result =
                ToolResult::failure(ErrorInfo::new(ErrorCode::AbortedBeforeDispatch, message));
            self.commit(index, result, None)?;
        }
        Ok(())
    }

    fn identity<'c>(&self, call: &'c ModelCall) -> crate::session::CallIdentity<'c> {
        crate::session::CallIdentity {
            call_id: &call.id,
            parent: None,
            name: &call.name,
            step: Some(self.step),
        }
    }
}

impl Drop for StepRun<'_> {
    /// The step's future was dropped mid-step: every call that started and has no result yet is
    /// recorded as aborted, in model order, so none is left without its one result.
    fn drop(&mut self) {
        if self.ended {
            return;
        }
        self.launched.clear();
        self.stages.clear();
        self.bodies.clear();
        for index in self.committed..self.started {
            let execution = match &self.slots[index] {
                Slot::InFlight(execution) | Slot::Settled(execution, _) => Arc::clone(execution),
                Slot::Unstarted | Slot::Committed => continue,
            };
            let record = abandoned(&execution).record;
            let logged = self.core.log.record_result(
                identity(&execution, Some(self.step)),
                &record,
                execution.started().elapsed(),
            );
            if let Err(error) = logged {
                tracing::warn!(%error, call = %execution.call_id(), "cannot record an abandoned call");
            }
        }
    }
}
