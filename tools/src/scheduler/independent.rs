//! The door of independent calls: one top-level call on its own, such as an MCP request
//! (R-SCHED-7). It takes its turn to prepare and its place beside the session's other top-level
//! calls like a call of a step would, and commits when it ends: no other call's result waits for
//! it, nor it for theirs.

use std::sync::Arc;

use tokio_util::sync::CancellationToken;

use super::call::{Unanswered, identity};
use super::step::ModelCall;
use super::{Scheduler, SchedulerError};
use crate::execution::{Arguments, CallRequest};
use crate::result::ToolResult;

impl Scheduler {
    /// Runs one independent call; `signal` cancels it. The call is recorded before anything
    /// else, and gets exactly one recorded result, even if this future is dropped before it
    /// resolves (then `ABORTED`, or `ABORTED_BEFORE_DISPATCH` if its body had not started).
    /// `Err` means the scheduler broke (R-SCHED-6): the call is left without a result.
    pub async fn call(
        &self,
        call: &ModelCall,
        signal: &CancellationToken,
    ) -> Result<ToolResult, SchedulerError> {
        let core = self.core();
        let request = CallRequest::new(
            call.id.as_str(),
            call.name.as_str(),
            Arguments::parse(&call.arguments),
        )
        .with_scopes(core.scopes.clone())
        .with_signal(signal.clone());
        let execution = Arc::new(core.pipeline.begin(request));
        let log_error = |source| SchedulerError::Log { call_id: call.id.clone(), source };
        core.log.record_call(identity(&execution, None), &call.arguments).map_err(log_error)?;
        let unanswered = Unanswered::new(Arc::clone(core), Arc::clone(&execution));
        match core.run(&execution, core.turns.ticket(), &core.top).await {
            Ok(result) => {
                unanswered.answer(&result).map_err(log_error)?;
                Ok(result)
            }
            Err(broken) => {
                unanswered.disarm();
                Err(broken.into())
            }
        }
    }
}
