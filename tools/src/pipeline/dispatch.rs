//! Dispatch: arguments, the `execute` chain, the body (R-PIPE-6..8, R-PIPE-10).

use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::time::Duration;

use futures::FutureExt;
use futures::future::BoxFuture;
use serde_json::Value;
use tokio_util::sync::CancellationToken;

use super::output::normalize;
use super::{Pipeline, Ready, Staged, aborted_before_dispatch, panic_message};
use crate::context::CallContext;
use crate::execution::Execution;
use crate::hooks::{DispatchResult, ExecuteNext};
use crate::registry::Tool;
use crate::result::{ErrorCode, ErrorInfo, ToolFailure, ToolResult};
use crate::scheduler::nested::Nesting;

/// How a body's run ended.
enum BodyEnd {
    Returned(Result<Value, ToolFailure>),
    Panicked(String),
    /// Its signal fired and it did not return within the grace period; it was dropped.
    Abandoned,
}

impl Pipeline {
    /// Validates the arguments, runs the `execute` chain around the body, and normalizes the
    /// output. Never fails: every outcome is a result, waiting for [`finalize`](Self::finalize).
    /// The stage tests' door, in the call's span, as [`prepare`](Self::prepare) is.
    #[cfg(test)]
    pub(crate) async fn dispatch(&self, execution: &Execution, ready: Ready) -> Staged {
        let nesting = Nesting::unscheduled(self.clone(), execution.scopes().clone());
        execution.in_span(self.dispatch_in(execution, ready, nesting)).await
    }

    /// Validates the arguments, runs the `execute` chain around the body, and normalizes the
    /// output, the body's nested calls inheriting `nesting`. Never fails: every outcome is a
    /// result, waiting for [`finalize`](Self::finalize). Runs in the call's span, which its
    /// caller enters.
    pub(crate) async fn dispatch_in(
        &self,
        execution: &Execution,
        _ready: Ready,
        nesting: Arc<Nesting>,
    ) -> Staged {
        // A scheduler may hold a prepared call while its pool is full; cancellation may arrive.
        if execution.is_cancelled() {
            return Staged::final_result(ToolResult::failure(aborted_before_dispatch(execution)));
        }
        let Some(tool) = execution.tool() else {
            // Prepare settles calls of unknown tools; reaching here is a bug in the caller.
            let message =
                format!("tool {:?} was dispatched without being prepared", execution.name());
            return Staged::post(ToolResult::failure(ErrorInfo::new(ErrorCode::Internal, message)));
        };
        if let Err(error) = validate_arguments(tool, execution) {
            return Staged::post(ToolResult::failure(error));
        }
        let context = CallContext::new(
            execution.call_id().clone(),
            execution.parent().cloned(),
            execution.signal().clone(),
        )
        .with_nesting(nesting, Arc::clone(&execution.span));
        let terminal = |signal: CancellationToken| -> BoxFuture<'_, DispatchResult> {
            Box::pin(self.invoke_body(execution, tool, &context, signal))
        };
        // Inside `async` so that a hook panicking before it returns a future is caught too.
        let chain = async {
            ExecuteNext::new(&self.inner.execute, execution, &terminal)
                .run(execution.signal().clone())
                .await
        };
        let dispatched = AssertUnwindSafe(chain).catch_unwind().await.unwrap_or_else(|panic| {
            let message = format!("an execute hook panicked: {}", panic_message(&*panic));
            Err(ErrorInfo::new(ErrorCode::Internal, message))
        });
        let result = match dispatched {
            Ok(value) => normalize(execution, tool, value),
            Err(error) => ToolResult::failure(error),
        };
        let mut staged = Staged::post(result);
        staged.deferred = context.take_deferred();
        staged.result.concludes_turn = context.concludes_turn();
        staged
    }

    /// The innermost step of the `execute` chain: fuses the signals and calls the body.
    ///
    /// The body sees a signal that fires when the caller cancels or when the signal the chain
    /// handed down fires (R-PIPE-7). When no wrapper replaced the caller's signal, the body gets
    /// it as it is: no token is created and no listener registered. The wrapper's own signal is
    /// never touched, so it is intact when the wrapper's `next.run` returns.
    async fn invoke_body(
        &self,
        execution: &Execution,
        tool: &Tool,
        context: &CallContext,
        chain_signal: CancellationToken,
    ) -> DispatchResult {
        let caller = execution.signal();
        let (body_signal, wrapper) = if chain_signal == *caller {
            (chain_signal, None)
        } else {
            (caller.child_token(), Some(chain_signal))
        };
        let arguments = Arc::clone(execution.arguments().shared_value());
        execution.mark_body_invoked();
        let body_context = context.with_signal(body_signal.clone());
        // Called inside `async`, so a body that panics before returning its future is caught
        // with the rest of it.
        let body = async move { tool.definition().body().call(arguments, body_context).await };
        tracing::info!(
            name: "dispatched",
            target: super::STAGE_EVENTS,
            parent: &*execution.span,
            "dispatched"
        );
        let end = drive_body(body, &body_signal, wrapper.as_ref(), self.inner.cancel_grace).await;
        tracing::info!(
            name: "body returned",
            target: super::STAGE_EVENTS,
            parent: &*execution.span,
            "body returned"
        );
        // Dropping `body_signal` here unregisters the fused token from the caller's.
        match end {
            BodyEnd::Returned(Ok(value)) => Ok(value),
            // R-FIN-6: a body that stopped because its signal fired was aborted, not broken.
            BodyEnd::Returned(Err(failure)) if body_signal.is_cancelled() => {
                let aborted = aborted_while_running(execution);
                Err(match failure.report() {
                    Some(report) => aborted.with_report(report),
                    None => aborted,
                })
            }
            BodyEnd::Returned(Err(failure)) => Err(failure.into_error_info()),
            BodyEnd::Panicked(message) => Err(ErrorInfo::new(
                ErrorCode::ToolError,
                format!("tool {:?} panicked: {message}", execution.name()),
            )),
            BodyEnd::Abandoned => Err(ErrorInfo::new(
                ErrorCode::Aborted,
                format!(
                    "tool {:?} was cancelled and did not stop within {} ms; it was abandoned",
                    execution.name(),
                    self.inner.cancel_grace.as_millis()
                ),
            )),
        }
    }
}

/// Runs a body until it returns, forwarding the wrapper's signal into the body's, and once the
/// body's signal fires gives it `grace` to return before dropping it (R-PIPE-10).
async fn drive_body(
    body: impl Future<Output = Result<Value, ToolFailure>>,
    body_signal: &CancellationToken,
    wrapper: Option<&CancellationToken>,
    grace: Duration,
) -> BodyEnd {
    let body = AssertUnwindSafe(body).catch_unwind();
    tokio::pin!(body);
    let ended = |outcome: std::thread::Result<Result<Value, ToolFailure>>| match outcome {
        Ok(returned) => BodyEnd::Returned(returned),
        Err(panic) => BodyEnd::Panicked(panic_message(&*panic).to_owned()),
    };
    let forward = async {
        match wrapper {
            Some(wrapper) => wrapper.cancelled().await,
            None => std::future::pending().await,
        }
    };
    tokio::select! {
        biased;
        outcome = &mut body => return ended(outcome),
        () = body_signal.cancelled() => {}
        () = forward => body_signal.cancel(),
    }
    match tokio::time::timeout(grace, body).await {
        Ok(outcome) => ended(outcome),
        Err(_) => BodyEnd::Abandoned,
    }
}

/// R-PIPE-6: the arguments against the parameters schema, every violation with its path.
fn validate_arguments(tool: &Tool, execution: &Execution) -> Result<(), ErrorInfo> {
    let arguments = execution.arguments();
    let name = execution.name();
    if let Some(error) = arguments.parse_error() {
        let message = format!("invalid arguments for tool {name:?}: not valid JSON ({error})");
        return Err(ErrorInfo::new(ErrorCode::InvalidArguments, message));
    }
    tool.parameters_schema().validate(arguments.value()).map_err(|violations| {
        ErrorInfo::new(
            ErrorCode::InvalidArguments,
            format!("invalid arguments for tool {name:?}: {violations}"),
        )
    })
}

/// The result of a call whose body was running when it was cancelled.
pub(super) fn aborted_while_running(execution: &Execution) -> ErrorInfo {
    ErrorInfo::new(
        ErrorCode::Aborted,
        format!("tool {:?} was cancelled while it ran", execution.name()),
    )
}
