//! Prepare: the ordered gate (R-PIPE-1..5).
//!
//! In order: cancellation, the tool's existence, the `pre_execute` waterfall, approval if asked
//! (by a hook, or by the tool itself when it declares it and no hook denied), the guards, and
//! cancellation once more. The hook and approval awaits are raced against the
//! caller's signal, so a stuck policy or an unanswered prompt never holds a cancelled call.

use std::panic::AssertUnwindSafe;
use std::sync::Arc;

use futures::FutureExt;

use super::{
    Pipeline, PipelineError, Prepared, Ready, Staged, aborted_before_dispatch, panic_message,
};
use crate::approval::ApprovalService;
use crate::definition::ToolDefinition;
use crate::execution::Execution;
use crate::guard::first_denial;
use crate::hooks::{PreDecision, PreExecuteNext};
use crate::result::{ErrorCode, ErrorInfo, ToolResult};

impl Pipeline {
    /// Decides whether a call may be dispatched. `Err` means prepare itself broke (a
    /// `pre_execute` hook panicked); the scheduler must stop (R-SCHED-6). The stage tests'
    /// door, in the call's span.
    #[cfg(test)]
    pub(crate) async fn prepare(&self, execution: &Execution) -> Result<Prepared, PipelineError> {
        execution.in_span(self.prepare_with(execution, None)).await
    }

    /// Decides whether a call may be dispatched, asking `approval` (a session's own channel),
    /// when there is one, instead of the pipeline's seam. `Err` means prepare itself broke (a
    /// `pre_execute` hook panicked); the scheduler must stop (R-SCHED-6). Like every stage, it
    /// runs in the call's span, which its caller enters ([`Execution::in_span`]).
    pub(crate) async fn prepare_with(
        &self,
        execution: &Execution,
        approval: Option<&Arc<dyn ApprovalService>>,
    ) -> Result<Prepared, PipelineError> {
        // R-PIPE-1: already cancelled → final, skipping post-execute.
        if execution.is_cancelled() {
            return Ok(cancelled(execution));
        }
        if execution.tool().is_none() {
            let message = format!("tool {:?} is not registered", execution.name());
            return Ok(denied(ErrorInfo::new(ErrorCode::ToolNotFound, message)));
        }
        if !self.inner.pre_execute.is_empty() || asks_first(execution) {
            let decided = tokio::select! {
                biased;
                () = execution.signal().cancelled() => {
                    return Ok(cancelled(execution));
                }
                decided = self.decide(execution, approval) => decided?,
            };
            if let Err(denial) = decided {
                return Ok(denied(denial));
            }
        }
        // R-PIPE-4: guards run whatever the waterfall decided to allow, short-circuits included.
        if let Some(denial) = first_denial(&self.inner.guards, execution) {
            let mut error = ErrorInfo::new(ErrorCode::Denied, denial.reason);
            if let Some(name) = denial.name {
                error.name = name.to_string();
            }
            return Ok(denied(error));
        }
        // R-PIPE-5: cancellation is checked again before dispatch.
        if execution.is_cancelled() {
            return Ok(cancelled(execution));
        }
        Ok(Prepared::Dispatch(Ready(())))
    }

    /// Runs the `pre_execute` waterfall and, on `ask`, the approval seam (R-PIPE-2, R-PIPE-3).
    /// A tool that declares approval turns the chain's `allow` into an `ask` with its prompt.
    /// The inner `Err` is the denial the call ends with.
    // The chain starts inside `async`, so a hook panicking before it returns a future is caught.
    async fn decide(
        &self,
        execution: &Execution,
        approval: Option<&Arc<dyn ApprovalService>>,
    ) -> Result<Result<(), ErrorInfo>, PipelineError> {
        let decision = AssertUnwindSafe(async {
            PreExecuteNext::new(&self.inner.pre_execute, execution).run().await
        })
        .catch_unwind()
        .await
        .map_err(|panic| PipelineError {
            call_id: execution.call_id().to_string(),
            tool: execution.name().to_owned(),
            message: format!("a pre_execute hook panicked: {}", panic_message(&*panic)),
        })?;
        let declared = execution.definition().and_then(ToolDefinition::approval);
        let decision = match (decision, declared) {
            (PreDecision::Allow, Some(prompt)) => PreDecision::Ask(prompt.to_owned()),
            (decision, _) => decision,
        };
        Ok(match decision {
            PreDecision::Allow => Ok(()),
            PreDecision::Deny(reason) => Err(ErrorInfo::new(ErrorCode::Denied, reason)),
            PreDecision::Ask(prompt) => self.inner.approval.ask(approval, execution, prompt).await,
        })
    }
}

/// Whether the call's tool declares that each call asks a human first.
fn asks_first(execution: &Execution) -> bool {
    execution.definition().is_some_and(|definition| definition.approval().is_some())
}

/// A call that ends in prepare with an error that still goes through post-execute (R-PIPE-5).
fn denied(error: ErrorInfo) -> Prepared {
    Prepared::Settled(Box::new(Staged::post(ToolResult::failure(error))))
}

/// A call cancelled before dispatch: final, it skips post-execute (R-PIPE-1).
fn cancelled(execution: &Execution) -> Prepared {
    Prepared::Settled(Box::new(Staged::final_result(ToolResult::failure(aborted_before_dispatch(
        execution,
    )))))
}
