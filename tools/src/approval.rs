//! The approval seam: where a call that a policy marked `ask` goes to a human (R-PIPE-3).
//!
//! The service is optional and looked up at the moment of asking, so a deployment may install
//! it late, swap it, or remove it mid-session. Each outcome has its own code and reason, so the
//! model can tell a human "no" (try something else) from an absent approval channel (trying
//! something else will not help).

use std::future::Future;
use std::sync::{Arc, PoisonError, RwLock};

use futures::future::BoxFuture;
use tokio_util::sync::CancellationToken;

use crate::context::CallId;
use crate::execution::{Arguments, Execution};
use crate::presentation::{Card, call_card};
use crate::result::{ErrorCode, ErrorInfo};

/// What a human (or the channel to one) answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ApprovalOutcome {
    /// Allow this call, once.
    AllowedOnce,
    /// The human said no.
    Rejected,
    /// The question was withdrawn before the human answered (Esc, closed prompt).
    Cancelled,
    /// There is no one to ask (no terminal, no UI attached).
    Unavailable,
    /// The question is put to a person later: the run pauses and asks, and the call is made
    /// again when it resumes (`APPROVAL_DEFERRED`).
    Deferred,
}

/// The question put to an approval service. Owned, so a service may keep it across awaits.
#[derive(Clone, Debug)]
pub struct ApprovalRequest {
    /// The call's id.
    pub call_id: CallId,
    /// The `run_code` call it is nested under, if any.
    pub parent: Option<CallId>,
    /// The tool.
    pub tool: Arc<str>,
    /// The frozen arguments.
    pub arguments: Arguments,
    /// What the policy that asked wants the human to consider.
    pub prompt: String,
    /// The call's UI card (`present_call`).
    pub card: Card,
    /// Fires if the caller cancels while the question is open.
    pub signal: CancellationToken,
}

/// Something that can ask a human.
pub trait ApprovalService: Send + Sync + 'static {
    /// Asks, and waits for the answer.
    fn ask(&self, request: ApprovalRequest) -> BoxFuture<'static, ApprovalOutcome>;
}

impl<F, Fut> ApprovalService for F
where
    F: Fn(ApprovalRequest) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = ApprovalOutcome> + Send + 'static,
{
    fn ask(&self, request: ApprovalRequest) -> BoxFuture<'static, ApprovalOutcome> {
        Box::pin(self(request))
    }
}

/// The slot an approval service lives in; it may be filled, swapped or emptied at any time.
#[derive(Default)]
pub struct ApprovalSeam {
    service: RwLock<Option<Arc<dyn ApprovalService>>>,
}

impl ApprovalSeam {
    /// Installs a service, or removes it with `None`; returns the previous one.
    pub fn set(
        &self,
        service: Option<Arc<dyn ApprovalService>>,
    ) -> Option<Arc<dyn ApprovalService>> {
        std::mem::replace(
            &mut *self.service.write().unwrap_or_else(PoisonError::into_inner),
            service,
        )
    }

    /// The service installed now.
    pub fn current(&self) -> Option<Arc<dyn ApprovalService>> {
        self.service.read().unwrap_or_else(PoisonError::into_inner).clone()
    }

    /// Asks the session's own service if it has one, else (instead) the service installed at
    /// this moment; `Err` is the denial the call ends with.
    pub(crate) async fn ask(
        &self,
        session: Option<&Arc<dyn ApprovalService>>,
        execution: &Execution,
        prompt: String,
    ) -> Result<(), ErrorInfo> {
        let span = &*execution.span;
        tracing::info!(
            name: "approval asked",
            target: crate::pipeline::STAGE_EVENTS,
            parent: span,
            "approval asked"
        );
        let outcome = match session.cloned().or_else(|| self.current()) {
            None => ApprovalOutcome::Unavailable,
            Some(service) => {
                let card = call_card(
                    execution.tool().map(Arc::as_ref),
                    execution.name(),
                    execution.arguments().value(),
                );
                service
                    .ask(ApprovalRequest {
                        call_id: execution.call_id().clone(),
                        parent: execution.parent().cloned(),
                        tool: Arc::from(execution.name()),
                        arguments: execution.arguments().clone(),
                        prompt,
                        card,
                        signal: execution.signal().clone(),
                    })
                    .await
            }
        };
        tracing::info!(
            name: "approval answered",
            target: crate::pipeline::STAGE_EVENTS,
            parent: span,
            ?outcome,
            "approval answered"
        );
        outcome_result(outcome, execution.name())
    }
}

impl std::fmt::Debug for ApprovalSeam {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ApprovalSeam").field("installed", &self.current().is_some()).finish()
    }
}

/// The result each outcome gives, with the exact reason the model reads.
fn outcome_result(outcome: ApprovalOutcome, tool: &str) -> Result<(), ErrorInfo> {
    let (code, message) = match outcome {
        ApprovalOutcome::AllowedOnce => return Ok(()),
        ApprovalOutcome::Rejected => {
            (ErrorCode::ApprovalRejected, format!("the user rejected tool {tool:?}"))
        }
        ApprovalOutcome::Cancelled => {
            (ErrorCode::ApprovalCancelled, format!("approval for tool {tool:?} was cancelled"))
        }
        ApprovalOutcome::Unavailable => (
            ErrorCode::ApprovalUnavailable,
            format!("tool {tool:?} requires approval, but no approval channel is available"),
        ),
        ApprovalOutcome::Deferred => (
            ErrorCode::ApprovalDeferred,
            format!(
                "tool {tool:?} requires approval: the run pauses to ask, and makes the call again when it resumes"
            ),
        ),
    };
    Err(ErrorInfo::new(code, message))
}
