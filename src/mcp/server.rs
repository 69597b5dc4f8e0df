//! The MCP server: one [`McpServer`] shared by every client, one [`ClientSession`] per client
//! session, each with its own scheduling core (R-MCPS-4), session log, approval channel and
//! progress routes, so two clients never wait on each other's gate.

use std::io;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use ordo_sdk::kept::{self, Keeping};
use ordo_sdk::pause::Pausing;
use ordo_tools::session::{DiscardSink, EventSink, LogQuota, SessionLog};
use ordo_tools::{ApprovalOutcome, ModelCall, Pipeline, RUN_CODE, Scheduler};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, Implementation, ListToolsResult,
    PaginatedRequestParams, ServerCapabilities, ServerConfig,
};
use rmcp::service::{Peer, RequestContext, RoleServer, ServerInitializeError};
use rmcp::transport::streamable_http_server::session::SessionManager as _;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use rmcp::{ErrorData as McpError, ServerHandler, ServiceExt};
use serde_json::Value;
use tokio_util::sync::CancellationToken;
use tracing::Instrument as _;

use super::approval::ClientApproval;
use super::http::{PeerAddress, SessionCloser};
use super::input_required::Resumption;
use super::listing::{self, Listed};
use super::progress::{ProgressRoutes, ProgressSink};
use super::reply::{self, DEFAULT_MAX_OUTPUT_CHARS};
use super::session_file::{self, SessionLogs};
use super::spans;
use super::workers::{WorkerClient, Workers};

/// How a server serves, whichever the transport.
#[derive(Clone, Debug)]
pub struct McpServerConfig {
    /// Which tools clients list.
    pub listed: Listed,
    /// How many tool bodies of one client session run at once.
    pub max_parallel: usize,
    /// The cap on a result's text; past it the text is cut and the cut announced.
    pub max_output_chars: usize,
    /// What approvals get when the client cannot be asked by elicitation (`--approve`);
    /// `None`: `APPROVAL_UNAVAILABLE`.
    pub approve: Option<ApprovalOutcome>,
    /// Where each client session's log goes (a JSONL file each, a database); `None`: no log.
    pub session_logs: Option<Arc<dyn SessionLogs>>,
    /// Bytes of arguments and content the session logs keep together (R-LOG-6): sessions are
    /// many, and each log's own quota alone would let them fill the disk.
    pub session_log_quota: u64,
    /// Script workers for `run_code` across all clients (give the runtime a cap of this plus
    /// `reserved_workers`).
    pub max_workers: usize,
    /// Further workers only a client running no script may take (see `workers.rs`).
    pub reserved_workers: usize,
}

/// Script workers across all clients, by default.
pub const DEFAULT_MAX_WORKERS: usize = 8;
/// Further workers for clients running no script, by default.
pub const DEFAULT_RESERVED_WORKERS: usize = 4;

/// The bytes of arguments and content all session logs keep together, by default: 1 GiB.
pub const DEFAULT_SESSION_LOG_QUOTA: u64 = 1 << 30;

impl Default for McpServerConfig {
    fn default() -> Self {
        Self {
            listed: Listed::RunCodeOnly,
            max_parallel: ordo_tools::DEFAULT_MAX_PARALLEL_TOOL_CALLS,
            max_output_chars: DEFAULT_MAX_OUTPUT_CHARS,
            approve: None,
            session_logs: None,
            session_log_quota: DEFAULT_SESSION_LOG_QUOTA,
            max_workers: DEFAULT_MAX_WORKERS,
            reserved_workers: DEFAULT_RESERVED_WORKERS,
        }
    }
}

/// ordo's tools, served over MCP. Cheap to clone.
#[derive(Clone)]
pub struct McpServer {
    shared: Arc<Shared>,
}

struct Shared {
    pipeline: Pipeline,
    config: McpServerConfig,
    /// What the stateless requests of HTTP clients share.
    stateless: Session,
    /// What every session log takes what it keeps from.
    log_quota: LogQuota,
    /// The places for runs, shared fairly among clients.
    workers: Arc<Workers>,
    /// Runs of 2026-07-28 clients pause at their approvals and resume on the retry.
    resumption: Option<Resumption>,
    /// Numbers client sessions, for `workers`.
    next_client: AtomicU64,
    /// Where scripts keep values: each client session's own scope, or a handle.
    keeping: OnceLock<Keeping>,
}

impl McpServer {
    /// A server for the tools of `pipeline`'s registry (with `run_code` installed), under its
    /// guards and hooks.
    pub fn new(pipeline: Pipeline, config: McpServerConfig) -> Self {
        Self::with_resumption(pipeline, config, None)
    }

    /// A server whose `run_code` runs pause for the approvals of clients of the 2026-07-28
    /// revision, answering `input_required`, and resume on their retry (DESIGN.md R-RUN-6):
    /// `pausing` is code mode's (the same given to `run_code`), `key` seals the request states
    /// (at least 32 bytes: the store's server key, or one every replica is given), and a
    /// client has `expiry` to answer.
    ///
    /// # Errors
    ///
    /// When the key is too short.
    pub fn pausing(
        pipeline: Pipeline,
        config: McpServerConfig,
        pausing: Pausing,
        key: Vec<u8>,
        expiry: Duration,
    ) -> Result<Self, String> {
        let resumption = Resumption::new(pausing, key, expiry)?;
        Ok(Self::with_resumption(pipeline, config, Some(resumption)))
    }

    fn with_resumption(
        pipeline: Pipeline,
        config: McpServerConfig,
        resumption: Option<Resumption>,
    ) -> Self {
        let log_quota = LogQuota::new(config.session_log_quota);
        let stateless = Session::default();
        // One client may hold half the general places (stateless requests of one address).
        let workers =
            Workers::new(config.max_workers, config.reserved_workers, config.max_workers / 2);
        let next_client = AtomicU64::new(0);
        let keeping = OnceLock::new();
        let shared = Shared {
            pipeline,
            config,
            stateless,
            log_quota,
            workers,
            next_client,
            resumption,
            keeping,
        };
        Self { shared: Arc::new(shared) }
    }

    /// Scripts keep values as `keeping` says (the same given to `run_code`): a client session's
    /// `run_code` calls share the session's own scope; a client without sessions gets handles.
    #[must_use]
    pub fn keeping(self, keeping: Keeping) -> Self {
        if self.shared.keeping.set(keeping).is_err() {
            tracing::warn!("the server's kept values were set already");
        }
        self
    }

    /// The handler of a new client session.
    pub fn session(&self) -> ClientSession {
        ClientSession {
            client: self.shared.next_client.fetch_add(1, Ordering::Relaxed),
            shared: Arc::clone(&self.shared),
            own: Session::default(),
            per_request: false,
        }
    }

    /// Serves one client over standard input and output, until it goes away.
    pub async fn serve_stdio(&self) -> io::Result<()> {
        let running = match self.session().serve(super::stdio::transport()).await {
            Ok(running) => running,
            // A client that closes before it initializes (one of the stateless revision, which
            // never does, or one that only looked) ended the session as it may: a normal end.
            Err(ServerInitializeError::ConnectionClosed(_)) => return Ok(()),
            Err(error) => {
                return Err(io::Error::other(format!("the MCP session did not start: {error}")));
            }
        };
        running.waiting().await.map_err(io::Error::other)?;
        Ok(())
    }

    /// The streamable-HTTP service: a client session per MCP session. `shutdown` ends them.
    /// Host and Origin are checked by ordo's own admission in front of it (`http`), not here.
    ///
    /// A session unused for `idle` is closed; the [`SessionCloser`] closes one at once (the
    /// admission's cap on sessions).
    pub fn http_service(
        &self,
        shutdown: CancellationToken,
        idle: Duration,
    ) -> (StreamableHttpService<ClientSession, LocalSessionManager>, SessionCloser) {
        let server = self.clone();
        let config = StreamableHttpServerConfig::default()
            .disable_allowed_hosts()
            .disable_allowed_origins()
            .with_cancellation_token(shutdown);
        let handler = move || {
            let mut session = server.session();
            session.per_request = true;
            Ok(session)
        };
        let mut manager = LocalSessionManager::default();
        manager.session_config.keep_alive = Some(idle);
        let manager = Arc::new(manager);
        let closing = Arc::clone(&manager);
        let closer = SessionCloser::new(move |id| {
            let manager = Arc::clone(&closing);
            Box::pin(async move {
                if let Err(error) = manager.close_session(&id.into()).await {
                    tracing::debug!(%error, "an MCP session could not be closed");
                }
            })
        });
        (StreamableHttpService::new(handler, manager, config), closer)
    }
}

/// A scheduling core with what reports on it: one per client session; the stateless requests
/// of the 2026-07-28 revision share one's log, call ids and progress routes, each with a
/// scheduler of its own.
#[derive(Default)]
struct Session {
    log: OnceLock<SessionLog>,
    /// Held while the log is made: requests arriving together make one (a store's session is
    /// a row, and a second would be left empty).
    opening: std::sync::Mutex<()>,
    scheduler: OnceLock<Scheduler>,
    progress: ProgressRoutes,
    next_call: AtomicU64,
    /// Where this client session's scripts keep values, made at its first `run_code` call.
    kept: OnceLock<String>,
}

impl Session {
    /// This session's scope for kept values.
    fn kept_scope(&self) -> Result<&str, McpError> {
        if let Some(scope) = self.kept.get() {
            return Ok(scope);
        }
        let scope = kept::session_scope()
            .map_err(|error| McpError::internal_error(error.to_string(), None))?;
        Ok(self.kept.get_or_init(|| scope))
    }

    /// The session's log, made at its first call, when the client is known; it drives this
    /// session's progress routes.
    fn log(&self, shared: &Shared, client: Option<&str>) -> Result<&SessionLog, McpError> {
        if let Some(log) = self.log.get() {
            return Ok(log);
        }
        let _opening = self.opening.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(log) = self.log.get() {
            return Ok(log);
        }
        let config = &shared.config;
        let registry = shared.pipeline.registry().clone();
        let sink: Box<dyn EventSink> = match &config.session_logs {
            None => Box::new(DiscardSink),
            Some(logs) => {
                let name = session_file::session_name(client);
                let (sink, place) = logs
                    .open(&name, client)
                    .map_err(|error| McpError::internal_error(error.to_string(), None))?;
                tracing::info!(log = %place, "client session log");
                sink
            }
        };
        let log = SessionLog::new(ProgressSink::new(sink, self.progress.clone(), registry))
            .with_shared_quota(shared.log_quota.clone());
        Ok(self.log.get_or_init(|| log))
    }

    /// The scheduler, made at the first call, writing to `log`; `peer` is asked for approvals
    /// (`None`: the server's `--approve` answers).
    fn scheduler(
        &self,
        shared: &Shared,
        log: &SessionLog,
        peer: Option<Peer<RoleServer>>,
    ) -> &Scheduler {
        self.scheduler.get_or_init(|| {
            Scheduler::builder(shared.pipeline.clone())
                .log(log.clone())
                .max_parallel_tool_calls(shared.config.max_parallel)
                .approval(ClientApproval::new(
                    peer,
                    shared.config.approve,
                    shared.resumption.as_ref().map(|resumption| resumption.pausing().clone()),
                ))
                .build()
        })
    }

    /// A call id no other call of the session has.
    fn next_id(&self) -> String {
        format!("mcp_{}", self.next_call.fetch_add(1, Ordering::Relaxed) + 1)
    }
}

/// The handler of one client session (for the HTTP service, of one request when the client
/// speaks the stateless revision).
pub struct ClientSession {
    shared: Arc<Shared>,
    /// This session's number, for the places of its runs.
    client: u64,
    own: Session,
    /// Made by the HTTP service, where a stateless request gets a handler of its own: its
    /// calls go to the shared stateless session instead.
    per_request: bool,
}

impl ClientSession {
    /// The session a call of this client goes through (its log, call ids and progress), and
    /// its scheduler.
    ///
    /// A stateless request (2026-07-28) has a scheduler of its own, writing to the log the
    /// stateless requests share: one shared core made every stateless client wait behind any
    /// other's `run_code` (exclusive in its core), a 15 s script for 14 s. Each request is
    /// still bounded as a request in flight of its address, and its runs by `--max-workers`.
    fn session(&self, peer: &Peer<RoleServer>) -> Result<(&Session, &Scheduler), McpError> {
        if self.stateless(peer) {
            let session = &self.shared.stateless;
            let log = session.log(&self.shared, Some("stateless"))?;
            return Ok((session, self.own.scheduler(&self.shared, log, None)));
        }
        let info = peer.peer_info();
        let client = info.as_ref().map(|info| info.client_info.name.as_str());
        let log = self.own.log(&self.shared, client)?;
        Ok((&self.own, self.own.scheduler(&self.shared, log, Some(peer.clone()))))
    }
}

impl ClientSession {
    /// Whether this handler serves a stateless request (2026-07-28).
    fn stateless(&self, peer: &Peer<RoleServer>) -> bool {
        self.per_request
            && peer.peer_info().is_some_and(|info| info.protocol_version.as_str() >= STATELESS)
    }

    /// Who a run of this client counts against among the workers: its session, or for a
    /// stateless request its address.
    fn worker_client(&self, context: &RequestContext<RoleServer>) -> WorkerClient {
        if !self.stateless(&context.peer) {
            return WorkerClient::Session(self.client);
        }
        let address = context
            .extensions
            .get::<hyper::http::request::Parts>()
            .and_then(|parts| parts.extensions.get::<PeerAddress>())
            .map(|address| address.0);
        WorkerClient::Stateless(address)
    }
}

/// The first protocol revision without sessions.
const STATELESS: &str = "2026-07-28";

/// Whether the request's client speaks a revision without sessions (2026-07-28 or later), as
/// the request's own `_meta` says, else as its initialization did.
pub(crate) fn sessionless(context: &RequestContext<RoleServer>) -> bool {
    let version = context
        .meta
        .protocol_version()
        .or_else(|| context.peer.peer_info().map(|info| info.protocol_version.clone()));
    version.is_some_and(|version| version.as_str() >= STATELESS)
}

impl ServerHandler for ClientSession {
    fn get_info(&self) -> ServerConfig {
        let mut info = ServerConfig::new(ServerCapabilities::builder().enable_tools().build());
        info.server_info = Implementation::new("ordo", env!("CARGO_PKG_VERSION"));
        info.instructions = Some(
            "Call run_code with a JavaScript or TypeScript program that calls the tools \
             declared in its description and returns what it computes."
                .to_owned(),
        );
        info
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, McpError> {
        let _span = spans::request("tools/list", None, &context).entered();
        let tools = listing::tools(self.shared.pipeline.registry(), self.shared.config.listed);
        Ok(ListToolsResult::with_all_items(tools))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        let span = spans::request("tools/call", Some(request.name.as_ref()), &context);
        let response = self.call(request, context).instrument(span.clone()).await;
        match &response {
            Err(error) => spans::failed(&span, &error.code.0.to_string()),
            Ok(CallToolResponse::Complete(result)) if result.is_error == Some(true) => {
                spans::failed(&span, "tool_error");
            }
            Ok(_) => {}
        }
        response
    }
}

impl ClientSession {
    /// A `tools/call`, inside its request's span.
    async fn call(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        let config = &self.shared.config;
        let name = request.name.as_ref();
        let tool = self
            .shared
            .pipeline
            .registry()
            .get(name)
            .filter(|_| config.listed.includes(name))
            .ok_or_else(|| {
                let listed = listing::tools(self.shared.pipeline.registry(), config.listed);
                let names: Vec<&str> = listed.iter().map(|tool| tool.name.as_ref()).collect();
                McpError::invalid_params(
                    format!("unknown tool {name:?}; this server's tools: {}", names.join(", ")),
                    None,
                )
            })?;
        let (session, scheduler) = self.session(&context.peer)?;
        // A script needs a worker: its place among all clients' runs, taken in arrival order
        // (a client that cancels while it waits goes on to be recorded as cancelled).
        let _place = if name == RUN_CODE {
            tokio::select! {
                place = self.shared.workers.enter(self.worker_client(&context)) => Some(place),
                () = context.ct.cancelled() => None,
            }
        } else {
            None
        };
        let id = session.next_id();
        let arguments = Value::Object(request.arguments.clone().unwrap_or_default());
        // A client asked by `input_required`: its call may pause, and its retry resumes it.
        let resumption = self.shared.resumption.as_ref();
        let binding = match resumption {
            Some(resumption) => resumption.prepare((&id, name, &arguments), &request, &context)?,
            None => None,
        };
        let call = ModelCall::new(id.clone(), name, arguments.to_string());
        // A client session's scripts keep in its own scope; those of a client of the revision
        // without sessions (on any transport), under the handle its model passes.
        let _in_session = match self.shared.keeping.get() {
            Some(keeping) if name == RUN_CODE && !sessionless(&context) => {
                Some(InSession::enter(keeping, &id, session.kept_scope()?))
            }
            _ => None,
        };
        let progress = context
            .meta
            .get_progress_token()
            .map(|token| session.progress.open((&call.id, name), token, context.peer.clone()));
        let result = scheduler
            .call(&call, &context.ct)
            .await
            .map_err(|error| McpError::internal_error(error.to_string(), None))?;
        if let Some(progress) = progress {
            progress.finish().await;
        }
        if let (Some(resumption), Some(binding)) = (resumption, &binding)
            && let Some(input_required) =
                resumption.paused((&id, name, &arguments), &result, binding)?
        {
            return Ok(input_required.into());
        }
        let schema = tool.definition().output().schema();
        Ok(reply::reply(&result, schema, config.max_output_chars).into())
    }
}

/// A `run_code` call keeping in its client session's scope, until it ends.
struct InSession<'a> {
    keeping: &'a Keeping,
    call_id: &'a str,
}

impl<'a> InSession<'a> {
    fn enter(keeping: &'a Keeping, call_id: &'a str, scope: &str) -> Self {
        keeping.in_session(call_id, scope);
        Self { keeping, call_id }
    }
}

impl Drop for InSession<'_> {
    fn drop(&mut self) {
        self.keeping.forget(self.call_id);
    }
}
