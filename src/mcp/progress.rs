//! Progress of an MCP request (R-MCPS-4): when a `tools/call` carries a `progressToken`, each
//! nested call of its `run_code` is a progress notification when it starts and when it ends,
//! the message its card, the progress counting up.
//!
//! The notifications are driven by the session log's own events, through [`ProgressSink`], so
//! they follow the order the log records. The sink must not wait on the client: each route
//! hands its notifications to a task that sends them in order.

use std::collections::HashMap;
use std::io;
use std::sync::{Arc, Mutex, PoisonError};

use ordo_tools::presentation::{call_card, headline};
use ordo_tools::session::{Event, EventSink, Progress, ProgressOf, Written};
use ordo_tools::{Arguments, ToolName, ToolRegistry};
use rmcp::model::{ProgressNotificationParam, ProgressToken};
use rmcp::service::{Peer, RoleServer};
use tokio::sync::mpsc;

/// The requests of one client session that asked for progress, by the id of their call.
#[derive(Clone, Default)]
pub(crate) struct ProgressRoutes {
    routes: Arc<Mutex<HashMap<String, Route>>>,
}

struct Route {
    token: ProgressToken,
    sent: u64,
    notifications: mpsc::UnboundedSender<ProgressNotificationParam>,
    /// The calls on this route as scripts name them (`tools.fx.work (call #2)`), by call id:
    /// the request's own call, and its nested calls as they start.
    names: HashMap<String, String>,
}

/// Keeps a route open; closes it when dropped.
pub(crate) struct OpenRoute {
    routes: ProgressRoutes,
    call_id: String,
    sender: Option<tokio::task::JoinHandle<()>>,
}

impl OpenRoute {
    /// Closes the route once every notification it took is sent, so they all reach the client
    /// before the call's result does.
    pub(crate) async fn finish(mut self) {
        self.routes.lock().remove(&self.call_id);
        if let Some(sender) = self.sender.take() {
            let _ = sender.await;
        }
    }
}

impl Drop for OpenRoute {
    fn drop(&mut self) {
        self.routes.lock().remove(&self.call_id);
    }
}

impl ProgressRoutes {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Route>> {
        self.routes.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Sends the progress of `call_id`'s nested calls to `peer` under `token`, until the
    /// returned guard is dropped.
    pub(crate) fn open(
        &self,
        (call_id, tool): (&str, &str),
        token: ProgressToken,
        peer: Peer<RoleServer>,
    ) -> OpenRoute {
        let (notifications, mut queue) = mpsc::unbounded_channel::<ProgressNotificationParam>();
        let sender = tokio::spawn(async move {
            while let Some(notification) = queue.recv().await {
                if let Err(error) = peer.notify_progress(notification).await {
                    tracing::debug!(%error, "a progress notification was not delivered");
                    return;
                }
            }
        });
        let names = HashMap::from([(call_id.to_owned(), tool.to_owned())]);
        self.lock().insert(call_id.to_owned(), Route { token, sent: 0, notifications, names });
        OpenRoute { routes: self.clone(), call_id: call_id.to_owned(), sender: Some(sender) }
    }

    /// A call's own progress (a mounted server's, say) as a notification on the route of the
    /// request it belongs to: its parent's, or its own when the client called it directly.
    fn relay(&self, call: &ProgressOf<'_>) {
        let mut routes = self.lock();
        let route =
            match call.parent.and_then(|parent| routes.contains_key(parent).then_some(parent)) {
                Some(parent) => routes.get_mut(parent),
                None => routes.get_mut(call.call_id),
            };
        let Some(route) = route else { return };
        route.sent += 1;
        let name = route.names.get(call.call_id).map_or(call.call_id, String::as_str);
        let mut notification =
            ProgressNotificationParam::new(route.token.clone(), route.sent as f64);
        notification.message = Some(progress_message(name, call.progress));
        let _ = route.notifications.send(notification);
    }

    /// Whether a nested call's event would be a notification: its parent has a route.
    fn wants(&self, event: &Event) -> bool {
        event.parent().is_some_and(|parent| self.lock().contains_key(parent))
    }

    /// Turns a nested call's event into a notification on its parent's route, if it has one.
    fn route(&self, event: &Event, registry: &ToolRegistry) {
        let Some(parent) = event.parent() else { return };
        let mut routes = self.lock();
        let Some(route) = routes.get_mut(parent) else { return };
        route.sent += 1;
        let message = match event {
            Event::Call(call) => {
                let arguments = Arguments::parse(&call.arguments);
                let tool = registry.get(&call.name);
                let card = call_card(tool.as_deref(), &call.name, arguments.value());
                route.names.insert(call.call_id.clone(), nested_name(&call.call_id, &call.name));
                format!("started: {}", headline(&call.name, &card))
            }
            Event::Result(result) => match &result.error {
                None => format!("done: {}", result.name),
                Some(error) => format!("failed: {} ({})", result.name, error.code),
            },
        };
        let mut notification =
            ProgressNotificationParam::new(route.token.clone(), route.sent as f64);
        notification.message = Some(message);
        let _ = route.notifications.send(notification);
    }
}

/// A session log sink that also reports nested calls to the requests that asked for progress.
pub(crate) struct ProgressSink<S> {
    inner: S,
    routes: ProgressRoutes,
    registry: ToolRegistry,
}

impl<S> ProgressSink<S> {
    pub(crate) fn new(inner: S, routes: ProgressRoutes, registry: ToolRegistry) -> Self {
        Self { inner, routes, registry }
    }
}

impl<S: EventSink> EventSink for ProgressSink<S> {
    fn write(&mut self, event: &Event) -> io::Result<()> {
        self.inner.write(event)?;
        self.routes.route(event, &self.registry);
        Ok(())
    }

    /// Behind, unless the event is a notification: the client hears of no event before it is
    /// recorded.
    fn write_behind(&mut self, event: &Event) -> io::Result<Written> {
        if self.routes.wants(event) {
            return self.write(event).map(|()| Written::Now);
        }
        self.inner.write_behind(event)
    }

    fn rewind(&mut self) -> Option<u64> {
        self.inner.rewind()
    }

    fn progress(&mut self, call: &ProgressOf<'_>) {
        self.inner.progress(call);
        self.routes.relay(call);
    }
}

/// A nested call as its script made it: `tools.fx.work (call #2)` for call `mcp_1.2` of
/// `fx__work`.
fn nested_name(call_id: &str, tool: &str) -> String {
    let script = format!("tools.{}", ToolName::parse(tool).script_path());
    match call_id.rsplit_once('.') {
        Some((_, number)) => format!("{script} (call #{number})"),
        None => script,
    }
}

/// `tools.fx.work (call #2): 2/3, step 2`: who reports, the reporter's own count (of its total
/// when it gave one), and its words.
fn progress_message(name: &str, progress: &Progress) -> String {
    let count = match progress.total {
        Some(total) => format!("{}/{}", number(progress.progress), number(total)),
        None => number(progress.progress),
    };
    match &progress.message {
        Some(words) => format!("{name}: {count}, {words}"),
        None => format!("{name}: {count}"),
    }
}

/// A count as people write it: `2`, not `2.0`; `0.5` as it is.
fn number(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 1e15 {
        format!("{}", value as i64)
    } else {
        format!("{value}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_names_the_call_as_the_script_made_it_and_keeps_the_counts() {
        let name = nested_name("mcp_1.2", "fx__work");
        assert_eq!(name, "tools.fx.work (call #2)");
        let step = Progress { progress: 2.0, total: Some(3.0), message: Some("step 2".into()) };
        assert_eq!(progress_message(&name, &step), "tools.fx.work (call #2): 2/3, step 2");
        let bare = Progress { progress: 0.5, total: None, message: None };
        assert_eq!(progress_message("tools.read_file", &bare), "tools.read_file: 0.5");
    }
}
