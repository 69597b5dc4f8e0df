//! One call from its turn to its result: the path every door shares.
//!
//! [`Core::start`] is the ordered part: wait for the call's turn, prepare it, then wait for a
//! place to run. [`Core::dispatch`] runs the body, with what its nested calls will inherit.
//! [`Core::run`] chains them with finalize and finish, for the doors that hand each result back
//! as it settles (nested and independent calls); a model step uses the parts, because it commits
//! in model order.

use std::sync::Arc;
use std::task::Poll;
use std::time::Duration;

use super::Core;
use super::nested::Nesting;
use super::place::{Place, Room};
use super::turns::Ticket;
use crate::execution::Execution;
use crate::pipeline::{PipelineError, Prepared, Ready, Staged};
use crate::registry::ExecutionMode;
use crate::result::{ErrorCode, ErrorInfo, ToolResult};
use crate::session::CallIdentity;
use crate::timeout::{caller_deadline, deadline_passed};

/// How a call's start ended.
pub(crate) enum Started {
    /// The call ended before its body (denied, cancelled, unknown tool).
    Settled(Box<Staged>),
    /// The call may run, in this place.
    Ready(Ready, Place),
}

/// Whether a call runs beside others: decided by the tool it began with (R-DEF-4).
pub(crate) fn mode_of(execution: &Execution) -> ExecutionMode {
    execution
        .tool()
        .map_or(ExecutionMode::Exclusive, |tool| tool.execution_mode(execution.arguments().value()))
}

impl Core {
    /// Waits for the call's turn, prepares it, then waits for a place in `room`. A call
    /// cancelled while it waits ends `ABORTED_BEFORE_DISPATCH` at once (R-PIPE-1), one whose
    /// caller's own deadline passes `TIMEOUT`. `Err` is a broken prepare (R-SCHED-6). Like
    /// the pipeline's stages, it runs in the call's span, which its caller enters.
    pub(crate) async fn start(
        &self,
        execution: &Execution,
        mut ticket: Ticket,
        room: &Room,
    ) -> Result<Started, PipelineError> {
        let signal = execution.signal();
        tokio::select! {
            biased;
            () = ticket.turn() => {}
            () = signal.cancelled() => return Ok(cancelled(execution)),
            () = caller_deadline(execution) => return Ok(timed_out(execution)),
        }
        let ready = match self.pipeline.prepare_with(execution, self.approval.as_ref()).await? {
            Prepared::Settled(staged) => return Ok(Started::Settled(staged)),
            Prepared::Dispatch(ready) => ready,
        };
        // Its deadline may have passed while it was prepared (a person asked to approve it).
        if deadline_passed(execution) {
            return Ok(timed_out(execution));
        }
        let taking = room.take(mode_of(execution), &self.pool);
        tokio::pin!(taking);
        // Join the gate's queue before passing the turn on: places are given in the order of
        // prepares, so an exclusive call is not overtaken by a call prepared after it.
        let first = futures::poll!(taking.as_mut());
        drop(ticket);
        let place = match first {
            Poll::Ready(place) => place,
            Poll::Pending => tokio::select! {
                biased;
                place = taking => place,
                () = signal.cancelled() => return Ok(cancelled(execution)),
                () = caller_deadline(execution) => return Ok(timed_out(execution)),
            },
        };
        Ok(Started::Ready(ready, place))
    }

    /// Runs the body of a started call; its nested calls inherit this session, the call's
    /// scopes and its seat (R-SCHED-8). In the call's span, which its caller enters.
    pub(crate) async fn dispatch(
        self: &Arc<Self>,
        execution: &Execution,
        ready: Ready,
        place: Place,
    ) -> Staged {
        let nesting = Nesting::scheduled(Arc::clone(self), execution.scopes().clone());
        let staged = self.pipeline.dispatch_in(execution, ready, nesting).await;
        drop(place);
        staged
    }

    /// Every stage of one call, the result handed back as it settles; the call's span entered
    /// once per poll of them all.
    pub(crate) async fn run(
        self: &Arc<Self>,
        execution: &Execution,
        ticket: Ticket,
        room: &Room,
    ) -> Result<ToolResult, PipelineError> {
        let stages = async {
            let staged = match self.start(execution, ticket, room).await? {
                Started::Settled(staged) => *staged,
                Started::Ready(ready, place) => self.dispatch(execution, ready, place).await,
            };
            let finalized = self.pipeline.finalize(execution, staged).await;
            Ok(self.pipeline.finish(execution, finalized))
        };
        execution.in_span(stages).await
    }
}

fn cancelled(execution: &Execution) -> Started {
    Started::Settled(Box::new(Staged::cancelled_before_dispatch(execution)))
}

fn timed_out(execution: &Execution) -> Started {
    Started::Settled(Box::new(Staged::timed_out_before_dispatch(execution)))
}

/// A recorded call that has no result yet (nested and independent calls). Answering records
/// the result; dropping it unanswered (the future waiting for the call was dropped) records that
/// the call was aborted, so the log never holds a call without its one result. The one
/// exception is a broken scheduler (R-SCHED-6), which [`disarm`](Self::disarm)s it: whether
/// the call ran is not known, and the orphan `tool/call` is the honest record.
pub(crate) struct Unanswered {
    core: Arc<Core>,
    execution: Arc<Execution>,
    armed: bool,
}

impl Unanswered {
    pub(crate) fn new(core: Arc<Core>, execution: Arc<Execution>) -> Self {
        Self { core, execution, armed: true }
    }

    /// Records the result.
    pub(crate) fn answer(mut self, result: &ToolResult) -> std::io::Result<u64> {
        self.armed = false;
        record(&self.core, &self.execution, result)
    }

    /// Leaves the call without a result.
    pub(crate) fn disarm(mut self) {
        self.armed = false;
    }
}

impl Drop for Unanswered {
    fn drop(&mut self) {
        if !self.armed {
            return;
        }
        if let Err(error) = record(&self.core, &self.execution, &abandoned(&self.execution)) {
            tracing::warn!(%error, call = %self.execution.call_id(), "cannot record an abandoned call");
        }
    }
}

/// The result of a call whose future was dropped before it settled.
pub(crate) fn abandoned(execution: &Execution) -> ToolResult {
    let name = execution.name();
    ToolResult::failure(if execution.body_invoked() {
        ErrorInfo::new(ErrorCode::Aborted, format!("tool {name:?} was cancelled while it ran"))
    } else {
        ErrorInfo::new(
            ErrorCode::AbortedBeforeDispatch,
            format!("tool {name:?} was cancelled before it ran"),
        )
    })
}

/// Writes a call's `tool/result`.
pub(crate) fn record(
    core: &Core,
    execution: &Execution,
    result: &ToolResult,
) -> std::io::Result<u64> {
    let elapsed: Duration = execution.started().elapsed();
    let call = identity(execution, None);
    if call.parent.is_none() {
        return core.log.record_result(call, &result.record, elapsed);
    }
    // A nested result is written with the next event the log waits for (at the latest its
    // `run_code`'s result); one that is then not written leaves its call open, as the sink's
    // repair or the next reader records (R-FLEET-5).
    core.log.record_result_behind(call, &result.record, elapsed).map(|(seq, _)| seq)
}

/// How the log names a call.
pub(crate) fn identity(execution: &Execution, step: Option<u64>) -> CallIdentity<'_> {
    CallIdentity {
        call_id: execution.call_id(),
        parent: execution.parent().map(|parent| &**parent),
        name: execution.name(),
        step,
    }
}
