//! One mounted server (R-MCPM-5): started when ordo loads it, within its start-up timeout, in a
//! process group of its own (contained like a manifest command: nothing it starts outlives
//! ordo's end); restarted by the next call after it dies, within a budget per time window and
//! with backoff (`restarts.rs`).
//!
//! A call's `timeout_ms` counts from when its server is up: a restart (and its backoff) is not
//! charged to it. A call whose server dies under it is `TOOL_OUTCOME_UNKNOWN`: nobody knows
//! whether it took effect.

use std::collections::HashMap;
use std::process::Stdio;
use std::sync::{Arc, Mutex, PoisonError};

use hyper::header::{HeaderName, HeaderValue};
use ordo_tools::{CallContext, ToolFailure};
use rmcp::ServiceExt;
use rmcp::model::{CallToolRequestParams, CallToolResult, JsonObject, Tool as McpTool};
use rmcp::service::{RoleClient, RunningService, ServiceError};
use rmcp::transport::streamable_http_client::{
    StreamableHttpClientTransport, StreamableHttpClientTransportConfig,
};
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::Command;
use tokio::time::Instant;
use tracing::Instrument as _;

use crate::process::{ALWAYS_PASSED, ProcessGroup};

use super::config::{ServerSpec, Transport};
use super::relay::ProgressRelay;
use super::restarts::{MAX_BACKOFF, RestartBudget};
use super::tap::{Tapped, TaskSupport};
use super::task;

/// How much of a server's stderr is kept, for the message when it fails: its end.
const STDERR_KEPT: usize = 4 << 10;
/// How long a server that failed its handshake gets to finish writing its stderr.
const STDERR_PATIENCE: std::time::Duration = std::time::Duration::from_secs(1);

/// A mounted server.
pub(crate) struct MountedServer {
    spec: ServerSpec,
    state: tokio::sync::Mutex<State>,
    relay: ProgressRelay,
    /// Which of its tools must be called as tasks.
    tasks: Arc<TaskSupport>,
}

struct State {
    running: Option<Running>,
    restarts: RestartBudget,
}

/// A started server: the MCP session and, for a server ordo started, its process group.
struct Running {
    service: RunningService<RoleClient, ProgressRelay>,
    /// Ends the server's whole process group when dropped.
    _group: Option<ProcessGroup>,
    stderr: Arc<Mutex<String>>,
}

/// Why a server could not be mounted.
#[derive(Debug, thiserror::Error)]
#[error("MCP server {server:?}: {message}")]
pub struct StartError {
    server: String,
    message: String,
}

impl MountedServer {
    /// Starts the server and lists its tools, within its start-up timeout.
    pub(crate) async fn start(spec: ServerSpec) -> Result<(Arc<Self>, Vec<McpTool>), StartError> {
        let error = |message: String| StartError { server: spec.name.clone(), message };
        let timeout = spec.start_timeout;
        let relay = ProgressRelay::default();
        let tasks = Arc::new(TaskSupport::default());
        let started = tokio::time::timeout(timeout, async {
            let running = launch(&spec, relay.clone(), &tasks).await?;
            let tools = running.service.peer().list_all_tools().await.map_err(|failure| {
                format!("listing its tools failed: {failure}{}", tail(&running.stderr))
            })?;
            Ok::<_, String>((running, tools))
        })
        .await
        .map_err(|_| error(format!("did not start within {} ms", timeout.as_millis())))?
        .map_err(error)?;
        let (running, tools) = started;
        let server = Arc::new(Self {
            spec,
            state: tokio::sync::Mutex::new(State {
                running: Some(running),
                restarts: RestartBudget::default(),
            }),
            relay,
            tasks,
        });
        Ok((server, tools))
    }

    /// The server's name.
    pub(crate) fn name(&self) -> &str {
        &self.spec.name
    }

    /// Whether its annotations are believed.
    pub(crate) fn trusted(&self) -> bool {
        self.spec.trusted
    }

    /// The annotations a person set on `tool`, if any.
    pub(crate) fn overrides(&self, tool: &str) -> Option<&super::config::Overrides> {
        self.spec.overrides.get(tool)
    }

    /// The pipeline's backstop for a call: its own timeout, plus the longest a restart of its
    /// server may take first (its backoff and start-up), which is not charged to the call.
    pub(crate) fn call_backstop(&self) -> std::time::Duration {
        self.spec.call_timeout + self.spec.start_timeout + MAX_BACKOFF + STDERR_PATIENCE
    }

    /// Calls one of its tools for `context`: its signal cancels the call (the server is told,
    /// with `notifications/cancelled`, or `tasks/cancel` for a tool called as a task), and the
    /// server's progress is reported to it.
    pub(crate) async fn call(
        &self,
        tool: &str,
        arguments: JsonObject,
        context: &CallContext,
    ) -> Result<CallToolResult, ToolFailure> {
        let over_http = matches!(self.spec.transport, Transport::Http { .. });
        let span = crate::mcp::spans::client(&self.spec.name, tool, over_http);
        let answer = self.call_in(tool, arguments, context, &span).instrument(span.clone()).await;
        match &answer {
            Ok(result) if result.is_error == Some(true) => {
                crate::mcp::spans::failed(&span, "tool_error");
            }
            Ok(_) => {}
            Err(failure) => crate::mcp::spans::failed(&span, failure.name()),
        }
        answer
    }

    /// [`call`](Self::call), inside its client span.
    async fn call_in(
        &self,
        tool: &str,
        arguments: JsonObject,
        context: &CallContext,
        span: &tracing::Span,
    ) -> Result<CallToolResult, ToolFailure> {
        let (peer, stderr) = tokio::select! {
            biased;
            () = context.signal().cancelled() => return Err(self.cancelled()),
            up = self.peer() => up?,
        };
        // From here, the call's own timeout: the restart above is not charged to it.
        let timeout = self.spec.call_timeout;
        let answer = if self.tasks.required(tool) {
            let how = task::TaskCall {
                server: &self.spec.name,
                ttl: timeout,
                meta: crate::mcp::spans::carried(span),
            };
            let call = task::call(&self.relay, &peer, tool, arguments, how, context);
            tokio::select! {
                biased;
                () = context.signal().cancelled() => return Err(self.cancelled()),
                answer = tokio::time::timeout(timeout, call) => {
                    answer.unwrap_or(Err(ServiceError::Timeout { timeout }))
                }
            }
        } else {
            // The relay watches the signal and the timeout itself, to tell the server before
            // it returns.
            let mut params = CallToolRequestParams::new(tool.to_owned()).with_arguments(arguments);
            params.meta = crate::mcp::spans::carried(span);
            self.relay.call(&peer, params, context, timeout).await
        };
        match answer {
            Ok(result) => Ok(result),
            Err(ServiceError::Cancelled { .. }) => Err(self.cancelled()),
            Err(ServiceError::Timeout { timeout }) => Err(ToolFailure::timed_out(format!(
                "MCP server {:?} did not answer tool {tool:?} within its timeout of {} ms \
                 (the server was told to cancel it)",
                self.spec.name,
                timeout.as_millis()
            ))),
            Err(ServiceError::TransportClosed) => {
                self.state.lock().await.running = None;
                Err(ToolFailure::outcome_unknown(format!(
                    "server exited: MCP server {:?} closed its connection while tool {tool:?} \
                     ran; whether the call took effect is unknown (the next call restarts the \
                     server){}",
                    self.spec.name,
                    tail(&stderr)
                )))
            }
            Err(error) => {
                Err(ToolFailure::new(format!("MCP server {:?}: {error}", self.spec.name)))
            }
        }
    }

    fn cancelled(&self) -> ToolFailure {
        ToolFailure::new(format!("the call to MCP server {:?} was cancelled", self.spec.name))
    }

    /// The session of a running server, started again if it died (within its restart budget,
    /// after its backoff).
    async fn peer(
        &self,
    ) -> Result<(rmcp::service::Peer<RoleClient>, Arc<Mutex<String>>), ToolFailure> {
        let mut state = self.state.lock().await;
        if let Some(running) = &state.running
            && !running.service.is_transport_closed()
        {
            return Ok((running.service.peer().clone(), Arc::clone(&running.stderr)));
        }
        state.running = None;
        let backoff = state.restarts.allows(Instant::now()).map_err(|spent| {
            ToolFailure::new(format!("MCP server {:?} is not running: {spent}", self.spec.name))
        })?;
        tokio::time::sleep(backoff).await;
        state.restarts.record(Instant::now());
        let running = tokio::time::timeout(
            self.spec.start_timeout,
            launch(&self.spec, self.relay.clone(), &self.tasks),
        )
        .await
        .map_err(|_| {
            ToolFailure::new(format!("MCP server {:?} did not restart in time", self.spec.name))
        })?
        .map_err(|message| {
            ToolFailure::new(format!("MCP server {:?}: {message}", self.spec.name))
        })?;
        let found = (running.service.peer().clone(), Arc::clone(&running.stderr));
        state.running = Some(running);
        Ok(found)
    }
}

/// Starts the server's MCP session (and, for a command, its process); what it declares about
/// tasks goes to `tasks`.
async fn launch(
    spec: &ServerSpec,
    relay: ProgressRelay,
    tasks: &Arc<TaskSupport>,
) -> Result<Running, String> {
    match &spec.transport {
        Transport::Stdio { command, env } => {
            launch_command(spec, command, env, relay, Arc::clone(tasks)).await
        }
        Transport::Http { url, headers } => connect(url, headers, relay).await,
    }
}

/// Connects to a server over streamable HTTP, with its headers (marked sensitive: they may be
/// secrets). Errors name the header, never its value or the URL (which may hold a secret too).
async fn connect(
    url: &str,
    headers: &[(String, String)],
    relay: ProgressRelay,
) -> Result<Running, String> {
    let mut sent = HashMap::new();
    for (name, value) in headers {
        let header = HeaderName::from_bytes(name.as_bytes())
            .map_err(|_| format!("header {name:?} is not a valid header name"))?;
        let mut value = HeaderValue::from_str(value)
            .map_err(|_| format!("the value of header {name:?} is not a valid header value"))?;
        value.set_sensitive(true);
        sent.insert(header, value);
    }
    let config = StreamableHttpClientTransportConfig::with_uri(url).custom_headers(sent);
    crate::tls::install_provider();
    let transport = StreamableHttpClientTransport::from_config(config);
    let service = relay.serve(transport).await.map_err(|error| {
        format!("the MCP handshake over HTTP failed: {}", redact(&error.to_string(), url, headers))
    })?;
    Ok(Running { service, _group: None, stderr: Arc::default() })
}

/// `text` without the URL or any header value in it.
fn redact(text: &str, url: &str, headers: &[(String, String)]) -> String {
    let mut text = text.replace(url, "<url>");
    for (_, value) in headers {
        if !value.is_empty() {
            text = text.replace(value.as_str(), "***");
        }
    }
    text
}

/// Starts a server's process and its MCP session over its standard input and output, the output
/// read on its way for what it declares about tasks.
async fn launch_command(
    spec: &ServerSpec,
    argv: &[String],
    env: &[(String, String)],
    relay: ProgressRelay,
    tasks: Arc<TaskSupport>,
) -> Result<Running, String> {
    let Some((program, args)) = argv.split_first() else {
        return Err("has no command".to_owned());
    };
    let mut command = Command::new(program);
    command.args(args).env_clear();
    for name in ALWAYS_PASSED {
        if let Some(value) = std::env::var_os(name) {
            command.env(name, value);
        }
    }
    command.envs(env.iter().map(|(name, value)| (name, value)));
    command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut group = ProcessGroup::spawn(&mut command)
        .map_err(|error| format!("cannot start `{program}`: {error}"))?;
    let child = group.child_mut().ok_or("the server's process is gone")?;
    let (Some(stdin), Some(stdout), Some(stderr)) =
        (child.stdin.take(), child.stdout.take(), child.stderr.take())
    else {
        return Err("the server's pipes were not set up".to_owned());
    };
    let kept = Arc::new(Mutex::new(String::new()));
    let reader = keep_stderr(stderr, Arc::clone(&kept), spec.name.clone());
    let service = match relay.serve((Tapped::new(stdout, tasks), stdin)).await {
        Ok(service) => service,
        Err(error) => {
            // A server that failed its handshake has usually exited: its stderr is read to its
            // end (briefly; one that lingers is not waited for) so the error can quote it.
            let _ = tokio::time::timeout(STDERR_PATIENCE, reader).await;
            return Err(format!("the MCP handshake failed: {error}{}", tail(&kept)));
        }
    };
    Ok(Running { service, _group: Some(group), stderr: kept })
}

/// Reads the server's stderr: each line logged at debug level, the end kept for errors. The
/// task ends with the stream.
fn keep_stderr(
    stderr: tokio::process::ChildStderr,
    kept: Arc<Mutex<String>>,
    server: String,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut lines = BufReader::new(stderr).lines();
        while let Ok(Some(line)) = lines.next_line().await {
            tracing::debug!(server = %server, "{line}");
            let mut kept = kept.lock().unwrap_or_else(PoisonError::into_inner);
            kept.push_str(&line);
            kept.push('\n');
            if kept.len() > STDERR_KEPT {
                let cut = kept.len() - STDERR_KEPT;
                let cut = (cut..kept.len()).find(|&at| kept.is_char_boundary(at)).unwrap_or(0);
                kept.drain(..cut);
            }
        }
    })
}

/// `; its stderr ended with: …` when the server wrote anything.
fn tail(kept: &Mutex<String>) -> String {
    let kept = kept.lock().unwrap_or_else(PoisonError::into_inner);
    let text = kept.trim();
    if text.is_empty() { String::new() } else { format!("; its stderr ended with:\n{text}") }
}

#[cfg(test)]
mod tests {
    use rmcp::transport::streamable_http_client::{
        StreamableHttpClientTransport, StreamableHttpClientTransportConfig,
    };

    /// A client for an HTTPS server is made with the provider ordo installs (without one,
    /// reqwest panics at the first client).
    #[tokio::test]
    async fn an_https_servers_client_is_made_with_rings_provider() {
        crate::tls::install_provider();
        let config = StreamableHttpClientTransportConfig::with_uri("https://127.0.0.1:9/mcp");
        let _transport = StreamableHttpClientTransport::from_config(config);
        assert!(rustls::crypto::CryptoProvider::get_default().is_some());
    }
}
