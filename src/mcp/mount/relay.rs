//! ordo's client side of a mounted server's session: a `tools/call` sent so that the server's
//! progress notifications reach the call they are about (its live card, and ordo's own MCP
//! clients), and a cancelled or abandoned call is cancelled at the server too.
//!
//! rmcp gives every request a progress token of its own choosing, known only once the request
//! is queued; a fast server may report progress before the caller has read the token. So the
//! call is registered under a gate that the notification handler passes through first: a
//! notification for a token being registered waits for the registration, never misses it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use ordo_tools::CallContext;
use ordo_tools::session::Progress;
use rmcp::ClientHandler;
use rmcp::model::{
    CallToolRequest, CallToolRequestParams, CallToolResult, CancelledNotification,
    CancelledNotificationParam, ClientCapabilities, ClientConfig, ClientRequest, Implementation,
    NumberOrString, ProgressNotificationParam, ProgressToken, RequestId, ServerResult,
};
use rmcp::service::{
    NotificationContext, Peer, PeerRequestOptions, RequestHandle, RoleClient, ServiceError,
};

/// The calls in flight on one server's session, by progress token; the session's handler.
#[derive(Clone, Default)]
pub(super) struct ProgressRelay {
    calls: Arc<Mutex<HashMap<String, CallContext>>>,
    /// Held while a call is sent and registered.
    gate: Arc<tokio::sync::Mutex<()>>,
}

impl ProgressRelay {
    fn calls(&self) -> std::sync::MutexGuard<'_, HashMap<String, CallContext>> {
        self.calls.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Calls `params` on `peer` for `context`: the server's progress goes to the context, and
    /// the server is told `notifications/cancelled` when the context's signal fires or `timeout`
    /// passes before the answer (told before this returns, so a next request cannot overtake
    /// it), or if the returned future is dropped before the answer (the call was abandoned).
    pub(super) async fn call(
        &self,
        peer: &Peer<RoleClient>,
        params: CallToolRequestParams,
        context: &CallContext,
        timeout: Duration,
    ) -> Result<CallToolResult, ServiceError> {
        let request = ClientRequest::CallToolRequest(CallToolRequest::new(params));
        let (handle, _registered) = self.send(peer, request, context).await?;
        let mut unanswered = Unanswered { peer: Some(peer.clone()), id: handle.id.clone() };
        let stopped = tokio::select! {
            biased;
            answer = handle.await_response() => Ok(answer),
            () = context.signal().cancelled() => {
                Err(ServiceError::Cancelled { reason: Some("cancelled by ordo".to_owned()) })
            }
            () = tokio::time::sleep(timeout) => Err(ServiceError::Timeout { timeout }),
        };
        let answer = match stopped {
            Ok(answer) => answer,
            Err(stopped) => {
                if let Some(peer) = unanswered.peer.take() {
                    let _ = peer.send_notification(unanswered.notification().into()).await;
                }
                return Err(stopped);
            }
        };
        unanswered.peer = None;
        match answer? {
            ServerResult::CallToolResult(result) => Ok(result),
            _ => Err(ServiceError::UnexpectedResponse),
        }
    }

    /// Sends `request` on `peer` for `context`: the server's progress for it goes to the
    /// context for as long as the returned [`Registered`] lives, which may be past the answer
    /// (a task reports progress under its `tools/call`'s token until it ends).
    pub(super) async fn send(
        &self,
        peer: &Peer<RoleClient>,
        request: ClientRequest,
        context: &CallContext,
    ) -> Result<(RequestHandle<RoleClient>, Registered<'_>), ServiceError> {
        let _gate = self.gate.lock().await;
        let handle =
            peer.send_request_with_option(request, PeerRequestOptions::no_options()).await?;
        let key = token_key(&handle.progress_token);
        self.calls().insert(key.clone(), context.clone());
        Ok((handle, Registered { relay: self, key }))
    }
}

impl ClientHandler for ProgressRelay {
    fn get_info(&self) -> ClientConfig {
        ClientConfig::new(
            ClientCapabilities::default(),
            Implementation::new("ordo", env!("CARGO_PKG_VERSION")),
        )
    }

    async fn on_progress(
        &self,
        params: ProgressNotificationParam,
        _context: NotificationContext<RoleClient>,
    ) {
        drop(self.gate.lock().await);
        let context = self.calls().get(&token_key(&params.progress_token)).cloned();
        if let Some(context) = context {
            context.report_progress(Progress {
                progress: params.progress,
                total: params.total,
                message: params.message,
            });
        }
    }
}

fn token_key(token: &ProgressToken) -> String {
    match &token.0 {
        NumberOrString::Number(number) => number.to_string(),
        NumberOrString::String(text) => text.to_string(),
    }
}

/// Takes a call out of the relay when it ends, however it ends.
pub(super) struct Registered<'a> {
    relay: &'a ProgressRelay,
    key: String,
}

impl Drop for Registered<'_> {
    fn drop(&mut self) {
        self.relay.calls().remove(&self.key);
    }
}

/// A sent request not yet answered: dropped so, it tells the server the request is cancelled.
struct Unanswered {
    peer: Option<Peer<RoleClient>>,
    id: RequestId,
}

impl Unanswered {
    fn notification(&self) -> CancelledNotification {
        CancelledNotification::new(CancelledNotificationParam::new(
            Some(self.id.clone()),
            Some("cancelled by ordo".to_owned()),
        ))
    }
}

impl Drop for Unanswered {
    fn drop(&mut self) {
        let Some(peer) = self.peer.take() else { return };
        let notification = self.notification();
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            runtime.spawn(async move {
                let _ = peer.send_notification(notification.into()).await;
            });
        }
    }
}
