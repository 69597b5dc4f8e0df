//! Approvals asked of the client (R-MCPS-5): by MCP elicitation where the client supports it
//! (accept → allowed once, decline → `APPROVAL_REJECTED`, cancel → `APPROVAL_CANCELLED`), else
//! the server's `--approve` answer, else no channel (`APPROVAL_UNAVAILABLE`).
//!
//! An approval fails closed: once a client that declared elicitation has been asked, only its
//! `accept` runs the tool. An error answer, a timeout, a closed connection or an answer that is
//! not one of the three actions is `APPROVAL_CANCELLED` (no one said yes, and no one said no
//! either), never the `--approve` answer: that flag speaks for clients that cannot be asked, and
//! a client that was asked and did not say yes has not approved.

use futures::future::BoxFuture;
use ordo_sdk::pause::Pausing;
use ordo_tools::{ApprovalOutcome, ApprovalRequest, ApprovalService};
use rmcp::model::{ElicitRequestParams, ElicitationAction, ElicitationSchema};
use rmcp::service::{ElicitationMode, Peer, RoleServer};

/// The approval channel of one client session.
pub(crate) struct ClientApproval {
    /// The client, when it can be asked (a session: not a stateless request).
    peer: Option<Peer<RoleServer>>,
    /// What the server answers when the client cannot be asked.
    fallback: Option<ApprovalOutcome>,
    /// The runs that pause to ask (a 2026-07-28 client's), and the answers their retries gave.
    pausing: Option<Pausing>,
}

impl ClientApproval {
    pub(crate) fn new(
        peer: Option<Peer<RoleServer>>,
        fallback: Option<ApprovalOutcome>,
        pausing: Option<Pausing>,
    ) -> Self {
        Self { peer, fallback, pausing }
    }
}

impl ApprovalService for ClientApproval {
    fn ask(&self, request: ApprovalRequest) -> BoxFuture<'static, ApprovalOutcome> {
        // A call of a run that pauses to ask: deferred, or answered by the client's retry.
        if let Some(outcome) = self.pausing.as_ref().and_then(|pausing| pausing.approval(&request))
        {
            return Box::pin(async move { outcome });
        }
        let peer = self.peer.clone();
        let fallback = self.fallback.unwrap_or(ApprovalOutcome::Unavailable);
        Box::pin(async move {
            let Some(peer) = peer
                .filter(|peer| peer.supported_elicitation_modes().contains(&ElicitationMode::Form))
            else {
                return fallback;
            };
            let arguments = match request.arguments.parse_error() {
                Some(_) => serde_json::Value::String(request.arguments.raw().to_owned()),
                None => request.arguments.value().clone(),
            };
            let params = ElicitRequestParams::FormElicitationParams {
                meta: None,
                message: message(&request.tool, &request.prompt, &arguments),
                requested_schema: empty_form(),
            };
            let answer = tokio::select! {
                biased;
                () = request.signal.cancelled() => return ApprovalOutcome::Cancelled,
                answer = peer.create_elicitation(params) => answer,
            };
            match answer {
                Ok(result) => match result.action {
                    ElicitationAction::Accept => ApprovalOutcome::AllowedOnce,
                    ElicitationAction::Decline => ApprovalOutcome::Rejected,
                    // Cancel, and whatever later revisions add.
                    _ => ApprovalOutcome::Cancelled,
                },
                // rmcp reports an answer that does not decode as an elicitation result
                // (`{}`, `{"action":"maybe"}`) as an unexpected response: an error like any
                // other here, since it is not a yes.
                Err(error) => {
                    tracing::warn!(%error, tool = %request.tool, "an approval was not answered: cancelled");
                    ApprovalOutcome::Cancelled
                }
            }
        })
    }
}

/// What the person reads: the tool, the prompt, and the whole arguments, pretty-printed, with
/// control and bidi characters escaped (a client may show it on a terminal, and a mounted
/// server or a model chose some of it).
pub(crate) fn message(tool: &str, prompt: &str, arguments: &serde_json::Value) -> String {
    let arguments = serde_json::to_string_pretty(arguments).unwrap_or_default();
    let asked = if prompt.is_empty() { String::new() } else { format!("\n{prompt}") };
    let message = format!("Allow the tool {tool} to run?{asked}\n\nArguments:\n{arguments}");
    crate::visible::lines(&message).into_owned()
}

/// A form with no field: accepting it is the answer.
pub(crate) fn empty_form() -> ElicitationSchema {
    ElicitationSchema::builder().build_unchecked()
}
