//! A tool called as a task (MCP 2025-11-25, "Tasks"): how ordo calls the tools whose server
//! requires it (`execution.taskSupport: "required"`, see `tap.rs`). The script sees no
//! difference: it gets the tool's result as from any other call.
//!
//! - The `tools/call` carries `task: { ttl }` (the call's timeout: a result no one waits for
//!   need not be kept), and in `_meta` the call's trace context when it is exported. The
//!   server answers at once with a `CreateTaskResult`, `{ task: { taskId, status, … } }`; a
//!   server that ran the call without a task answers with its result, which is taken as it is.
//! - `tasks/result { taskId }` then waits until the task ends and answers what the `tools/call`
//!   would have: the `CallToolResult` (an `isError` one included) or a JSON-RPC error.
//! - The server's progress for the task comes under the `tools/call`'s progress token until the
//!   task ends, and reaches the call through the relay.
//! - A call cancelled, timed out or abandoned cancels its task with `tasks/cancel { taskId }`
//!   (the spec forbids `notifications/cancelled` for a task): at once when the task's id is
//!   known, else as soon as the `CreateTaskResult` brings it.
//!
//! rmcp 3.11 speaks only the later tasks extension (SEP-2663), so these requests go as custom
//! requests. Their answers come back through rmcp's decoding: the `CreateTaskResult`, which no
//! rmcp type matches, as raw JSON; the result of `tasks/result` as a `CallToolResult`.

use std::time::Duration;

use ordo_tools::CallContext;
use rmcp::model::{
    CallToolResult, ClientRequest, CustomRequest, CustomResult, JsonObject, RequestMetaObject,
    ServerResult,
};
use rmcp::service::{Peer, RequestHandle, RoleClient, ServiceError};
use serde_json::{Value, json};

use super::relay::ProgressRelay;

/// How long a cancelled call still waits for the `CreateTaskResult` that names the task to
/// cancel.
const CREATE_WAIT: Duration = Duration::from_secs(10);

/// What a task's call sends besides its tool and arguments.
pub(super) struct TaskCall<'a> {
    /// The server's name, for the logs.
    pub(super) server: &'a str,
    /// How long the server keeps the task.
    pub(super) ttl: Duration,
    /// The request's `_meta`: the call's trace context, if it is exported.
    pub(super) meta: Option<RequestMetaObject>,
}

/// Calls `tool` of the server on `peer` with `arguments`, as a task, for `context` (its
/// progress relayed by `relay`).
pub(super) async fn call(
    relay: &ProgressRelay,
    peer: &Peer<RoleClient>,
    tool: &str,
    arguments: JsonObject,
    how: TaskCall<'_>,
    context: &CallContext,
) -> Result<CallToolResult, ServiceError> {
    let server = how.server;
    let request = ClientRequest::CustomRequest(request(tool, arguments, how.ttl, how.meta));
    let (handle, _registered) = relay.send(peer, request, context).await?;
    let mut task = Task {
        peer: peer.clone(),
        server: server.to_owned(),
        stage: Stage::Creating(Box::new(handle)),
    };
    let id = match task.created().await? {
        ServerResult::CallToolResult(result) => return Ok(result),
        answer => task_id(&answer).ok_or(ServiceError::UnexpectedResponse)?,
    };
    task.stage = Stage::Running(id.clone());
    let request = CustomRequest::new("tasks/result", Some(json!({ "taskId": id })));
    let answer = peer.send_request(ClientRequest::CustomRequest(request)).await;
    task.stage = Stage::Ended;
    match answer? {
        ServerResult::CallToolResult(result) => Ok(result),
        _ => Err(ServiceError::UnexpectedResponse),
    }
}

/// The `tools/call` that creates the task: its `_meta` travels in the request's extensions,
/// where the relay adds the progress token to it.
fn request(
    tool: &str,
    arguments: JsonObject,
    ttl: Duration,
    meta: Option<RequestMetaObject>,
) -> CustomRequest {
    let ttl = u64::try_from(ttl.as_millis()).unwrap_or(u64::MAX);
    let params = json!({ "name": tool, "arguments": arguments, "task": { "ttl": ttl } });
    let mut request = CustomRequest::new("tools/call", Some(params));
    if let Some(meta) = meta {
        request.extensions.insert(meta);
    }
    request
}

/// The task id of a `CreateTaskResult`.
fn task_id(answer: &ServerResult) -> Option<String> {
    let ServerResult::CustomResult(CustomResult(value)) = answer else { return None };
    value.pointer("/task/taskId").and_then(Value::as_str).map(str::to_owned)
}

/// A call's task: dropped before it ended, it cancels the task at the server.
struct Task {
    peer: Peer<RoleClient>,
    server: String,
    stage: Stage,
}

enum Stage {
    /// The `tools/call` is sent; its answer will name the task.
    Creating(Box<RequestHandle<RoleClient>>),
    /// The task runs; its result is awaited.
    Running(String),
    /// The task ended, or never began.
    Ended,
}

impl Task {
    /// Waits for the answer to the `tools/call`; the task exists only if it names one.
    async fn created(&mut self) -> Result<ServerResult, ServiceError> {
        let Stage::Creating(handle) = &mut self.stage else {
            return Err(ServiceError::UnexpectedResponse);
        };
        let answer = (&mut handle.rx).await.map_err(|_| ServiceError::TransportClosed);
        self.stage = Stage::Ended;
        answer?
    }
}

impl Drop for Task {
    fn drop(&mut self) {
        let stage = std::mem::replace(&mut self.stage, Stage::Ended);
        let (peer, server) = (self.peer.clone(), std::mem::take(&mut self.server));
        let Ok(runtime) = tokio::runtime::Handle::try_current() else { return };
        match stage {
            Stage::Ended => {}
            Stage::Running(id) => {
                runtime.spawn(cancel(peer, server, id));
            }
            Stage::Creating(handle) => {
                runtime.spawn(async move {
                    let created = tokio::time::timeout(CREATE_WAIT, handle.await_response()).await;
                    if let Ok(Ok(answer)) = created
                        && let Some(id) = task_id(&answer)
                    {
                        cancel(peer, server, id).await;
                    }
                });
            }
        }
    }
}

/// Sends `tasks/cancel` for task `id`; logs the server's answer (the task's state, `cancelled`
/// when it was stopped; an error when it had already ended).
async fn cancel(peer: Peer<RoleClient>, server: String, id: String) {
    let request = CustomRequest::new("tasks/cancel", Some(json!({ "taskId": id })));
    match peer.send_request(ClientRequest::CustomRequest(request)).await {
        Ok(answer) => {
            let answer = serde_json::to_value(&answer).unwrap_or_default();
            let status = answer.get("status").and_then(Value::as_str).unwrap_or("unknown");
            tracing::debug!(server, task = %id, status, "cancelled a task of an MCP server");
        }
        Err(error) => {
            tracing::debug!(server, task = %id, %error, "an MCP server refused to cancel a task");
        }
    }
}

#[cfg(test)]
mod tests {
    use rmcp::model::{GetMeta, MetaObject};

    use super::*;

    /// The created task's request, as it goes on the wire: the trace context in `_meta` beside
    /// the progress token the relay adds, once, with the task's `ttl`.
    #[test]
    fn r_otel_2_a_task_carries_its_calls_trace_context_in_meta() {
        let mut carried = JsonObject::new();
        carried.insert(
            "traceparent".to_owned(),
            json!("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"),
        );
        let meta = RequestMetaObject(MetaObject(carried));
        let mut arguments = JsonObject::new();
        arguments.insert("n".to_owned(), json!(3));
        let mut request = request("slow", arguments, Duration::from_secs(30), Some(meta));
        request
            .get_meta_mut()
            .set_progress_token(rmcp::model::ProgressToken(rmcp::model::NumberOrString::Number(7)));
        let wire = serde_json::to_value(ClientRequest::CustomRequest(request)).unwrap();
        assert_eq!(wire["method"], "tools/call");
        let params = &wire["params"];
        assert_eq!((&params["name"], &params["arguments"]["n"]), (&json!("slow"), &json!(3)));
        assert_eq!(params["task"]["ttl"], 30_000);
        assert_eq!(
            params["_meta"],
            json!({
                "traceparent": "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
                "progressToken": 7
            })
        );
        let without = request_without_meta();
        assert!(without.get("_meta").is_none(), "nothing exported, no _meta: {without}");
    }

    fn request_without_meta() -> Value {
        let request = request("slow", JsonObject::new(), Duration::from_secs(1), None);
        serde_json::to_value(ClientRequest::CustomRequest(request)).unwrap()["params"].clone()
    }
}
