//! The timeout policy: an `execute` hook that enforces each tool's declared timeout (R-PIPE-10).
//!
//! Rust cannot stop a running future from outside; it can only stop polling it. So, like the
//! tool contract says, declaring a timeout is a promise that the body honours its signal. This
//! hook hands the body a signal that fires at the deadline, waits a bounded grace period for the
//! body to wind down, then gives up on it and records `TIMEOUT`, so a stuck tool never hangs a
//! step. What the body reports as it winds down ([`ToolFailure::with_report`], which its error
//! envelope carries as [`ErrorInfo::report`]) is kept in the message, after the timeout. Tools that declare no timeout get the policy's default, if it
//! has one. A caller's own deadline for one call ([`CallRequest::deadline`]) is enforced here
//! too, from when the call began: whichever passes first ends the call. (The scheduler ends a
//! call whose deadline passes while it waits for its turn or a place, before its body.)
//!
//! [`CallRequest::deadline`]: crate::CallRequest::deadline
//!
//! [`ToolFailure::with_report`]: crate::ToolFailure::with_report

use std::time::Duration;

use futures::future::BoxFuture;
use tokio_util::sync::CancellationToken;

use crate::execution::Execution;
use crate::hooks::{DispatchResult, ExecuteHook, ExecuteNext};
use crate::result::{ErrorCode, ErrorInfo};

/// The timeout policy. Every pipeline has one unless built
/// [`without_timeouts`](crate::PipelineBuilder::without_timeouts); configure it with
/// [`PipelineBuilder::timeouts`](crate::PipelineBuilder::timeouts).
#[derive(Clone, Debug)]
pub struct TimeoutPolicy {
    default_timeout: Option<Duration>,
    grace: Duration,
}

impl Default for TimeoutPolicy {
    fn default() -> Self {
        Self { default_timeout: None, grace: crate::pipeline::DEFAULT_CANCEL_GRACE }
    }
}

impl TimeoutPolicy {
    /// Honours declared timeouts only, with the default grace period.
    pub fn new() -> Self {
        Self::default()
    }

    /// Applies `timeout` to tools that declare none.
    pub fn with_default_timeout(mut self, timeout: Duration) -> Self {
        self.default_timeout = Some(timeout);
        self
    }

    /// How long a body may run past its deadline, winding down, before it is dropped.
    pub fn with_grace(mut self, grace: Duration) -> Self {
        self.grace = grace;
        self
    }
}

impl ExecuteHook for TimeoutPolicy {
    fn execute<'a>(
        &'a self,
        execution: &'a Execution,
        signal: CancellationToken,
        next: ExecuteNext<'a>,
    ) -> BoxFuture<'a, DispatchResult> {
        let own = execution
            .definition()
            .and_then(|definition| definition.timeout())
            .or(self.default_timeout);
        if own.is_none() && execution.deadline().is_none() {
            return next.run(signal);
        }
        if deadline_passed(execution) {
            // Never started past its caller's deadline, not even for a first poll.
            return Box::pin(std::future::ready(Err(past_caller_deadline(execution))));
        }
        Box::pin(async move {
            let deadline = signal.child_token();
            let run = next.run(deadline.clone());
            tokio::pin!(run);
            let own_timeout = async {
                match own {
                    Some(timeout) => tokio::time::sleep(timeout).await,
                    None => std::future::pending().await,
                }
            };
            let message = tokio::select! {
                biased;
                result = &mut run => return result,
                () = own_timeout => format!(
                    "tool {:?} timed out after {} ms",
                    execution.name(),
                    own.unwrap_or_default().as_millis()
                ),
                () = caller_deadline(execution) => past_caller_deadline(execution).message,
            };
            deadline.cancel();
            // Whatever the body does in its grace period, the call ran past its timeout; what
            // it reports as it stops (code mode: the console output so far) is kept.
            let stopped = tokio::time::timeout(self.grace, run).await;
            let timed_out = ErrorInfo::new(ErrorCode::Timeout, message);
            Err(match stopped {
                Ok(Err(stopped)) => match stopped.report() {
                    Some(report) => timed_out.with_report(report),
                    None => timed_out,
                },
                _ => timed_out,
            })
        })
    }
}

/// Resolves when the caller's own deadline for the call passes; never, if it set none.
pub(crate) async fn caller_deadline(execution: &Execution) {
    match execution.deadline() {
        Some((_, at)) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

/// Whether the caller's own deadline for the call has passed.
pub(crate) fn deadline_passed(execution: &Execution) -> bool {
    execution.deadline().is_some_and(|(_, at)| tokio::time::Instant::now() >= at)
}

/// The `TIMEOUT` of a call whose caller's own deadline passed.
pub(crate) fn past_caller_deadline(execution: &Execution) -> ErrorInfo {
    let limit = execution.deadline().map_or(0, |(limit, _)| limit.as_millis());
    let when = if execution.body_invoked() { "" } else { " (it had not started)" };
    ErrorInfo::new(
        ErrorCode::Timeout,
        format!(
            "tool {:?} did not finish within its call's own timeout of {limit} ms{when}",
            execution.name()
        ),
    )
}
