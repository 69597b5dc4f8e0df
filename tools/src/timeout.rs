//! The timeout policy: an `execute` hook that enforces each tool's declared timeout (R-PIPE-10).
//!
//! Rust cannot stop a running future from outside; it can only stop polling it. So, like the
//! tool contract says, declaring a timeout is a promise that the body honours its signal. This
//! hook hands the body a signal that fires at the deadline, waits a bounded grace period for the
//! body to wind down, then gives up on it and records `TIMEOUT`, so a stuck tool never hangs a
//! step. What the body reports as it winds down ([`ToolFailure::with_report`]) is kept in the
//! message, after the timeout. Tools that declare no timeout get the policy's default, if it
//! has one.
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
        let Some(timeout) = execution
            .definition()
            .and_then(|definition| definition.timeout())
            .or(self.default_timeout)
        else {
            return next.run(signal);
        };
        Box::pin(async move {
            let deadline = signal.child_token();
            let run = next.run(deadline.clone());
            tokio::pin!(run);
            tokio::select! {
                biased;
                result = &mut run => return result,
                () = tokio::time::sleep(timeout) => deadline.cancel(),
            }
            // Whatever the body does in its grace period, the call ran past its timeout; what
            // it reports as it stops (code mode: the console output so far) is kept.
            let stopped = tokio::time::timeout(self.grace, run).await;
            let mut message =
                format!("tool {:?} timed out after {} ms", execution.name(), timeout.as_millis());
            // Its first line says it was cancelled; what follows is what it reported.
            if let Ok(Err(reported)) = stopped
                && let Some((_, report)) = reported.message.split_once('\n')
            {
                message.push_str(&format!("\n{report}"));
            }
            Err(ErrorInfo::new(ErrorCode::Timeout, message))
        })
    }
}
