//! MCP over streamable HTTP, made safe to leave running (R-MCPS-6).
//!
//! [`serve`] accepts connections at its front door (`door.rs`: a connection that has not shown
//! the token can be dropped for room, oldest first; headers within
//! [`HttpConfig::header_timeout`]) and puts admission in front of the MCP service (rmcp's
//! `StreamableHttpService`, or anything with its shape) that every request passes first:
//!
//! - **Host** must name this server: its bound IP and port, `localhost` or a loopback IP when
//!   bound to loopback, or an entry of [`HttpConfig::allowed_hosts`]. A page on a name an
//!   attacker re-points at this machine (DNS rebinding) is refused: 403 (400 when an HTTP/1.1
//!   request has no Host).
//! - **Origin**, sent by browsers, must be a loopback page (`http(s)://localhost`, `127.0.0.1`,
//!   `[::1]`, any port) or in [`HttpConfig::allowed_origins`]; a request without one (a
//!   non-browser client) passes. Else 403.
//! - **Token**: with [`HttpConfig::token`] set, `Authorization: Bearer <token>` is required,
//!   compared in constant time. Else 401 with `WWW-Authenticate: Bearer`.
//! - **Path**: only `/mcp`; else 404. A DELETE of a session it did not issue: 404.
//! - **Body** size is limited while reading (413 before the service sees any of it), and its
//!   time ([`HttpConfig::body_timeout`], 408); it is read before the request counts against
//!   its client, so a body that never comes holds no place another request needs.
//! - **Per-client limits**: a client is the `mcp-session-id` it presents, when the service
//!   issued that id and it is live, else its peer IP. Requests in flight per client are
//!   limited (429 with `Retry-After`); a request counts until its response body has been sent
//!   or dropped, so a server-sent-event stream counts for the whole tool call.
//! - **Sessions** are at most [`HttpConfig::max_sessions`]: a new one closes the least
//!   recently used ([`HttpConfig::session_closer`]); one unused for
//!   [`HttpConfig::session_idle_timeout`] is forgotten (and closed by the service).
//! - **Tool calls per minute** per client: POST bodies holding `tools/call` requests (a single
//!   request or a batch) spend a per-client budget that refills continuously; over it is 429
//!   with `Retry-After`. A body that is not JSON goes on, for the service to answer.
//!
//! - **A closed stream** cancels its calls: a `tools/call` whose response stream is dropped
//!   before its end is cancelled in its session, as if the client had sent
//!   `notifications/cancelled` (`abandon.rs`).
//!
//! A refusal's body says what was wrong in one plain-text line, and it is logged once with
//! `tracing`: Host, Origin and token refusals at `warn`, limit and path refusals at `debug`. No
//! message or log line contains the token: refusals never hold the `Authorization` header.
//!
//! [`check_bind`] refuses, before listening, an address other machines can reach when no token
//! is required.

mod abandon;
mod admission;
mod body;
mod door;
mod limits;
mod names;
mod token;

#[cfg(test)]
mod tests;

use std::convert::Infallible;
use std::error::Error;
use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use futures::future::BoxFuture;
use http_body_util::Full;
use hyper::body::Body;
use hyper::server::conn::http1;
use hyper::{Request, Response};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinSet;
use tokio_util::sync::CancellationToken;
use tower_service::Service;

use admission::Admission;
use door::{Door, Ticket};

pub use token::{MIN_TOKEN_LEN, Token};

/// The path the MCP endpoint is served at; every other path is 404.
pub const PATH: &str = "/mcp";

/// The default largest request body: 4 MiB.
pub const DEFAULT_MAX_BODY_BYTES: usize = 4 * 1024 * 1024;
/// The default number of requests one client may have in flight.
pub const DEFAULT_MAX_CONCURRENT_PER_CLIENT: usize = 8;
/// How long, by default, a request without a session waits for room in flight.
pub const DEFAULT_PEER_PATIENCE: Duration = Duration::from_secs(10);
/// The default number of tool calls one client may start per minute.
pub const DEFAULT_MAX_CALLS_PER_MINUTE: u32 = 600;
/// How long, by default, a client may take to send a request's headers.
pub const DEFAULT_HEADER_TIMEOUT: Duration = Duration::from_secs(5);
/// How long, by default, a client may take to send a request's body.
pub const DEFAULT_BODY_TIMEOUT: Duration = Duration::from_secs(5);
/// How many connections one address may hold, by default, before any of them has shown the
/// token.
pub const DEFAULT_MAX_UNPROVEN_PER_ADDRESS: usize = 32;

/// How many sessions are live at once, by default.
pub const DEFAULT_MAX_SESSIONS: usize = 64;
/// How long, by default, a session may go unused before it is closed.
pub const DEFAULT_SESSION_IDLE_TIMEOUT: Duration = Duration::from_secs(300);

/// How many connections are served at once (see `door.rs` for which are dropped for room).
const MAX_CONNECTIONS: usize = 1024;
/// How long open connections get to finish after shutdown before they are dropped.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);
/// How long to wait after a failed accept (out of file descriptors, say) before the next.
const ACCEPT_BACKOFF: Duration = Duration::from_millis(100);

/// How the HTTP endpoint admits requests.
#[derive(Debug, Clone)]
pub struct HttpConfig {
    /// The address the server listens on. `Host` must name it (see the module docs);
    /// [`serve`] replaces it with its listener's actual address (which differs after binding
    /// port 0).
    pub bound: SocketAddr,
    /// Further hosts a request's `Host` may name: `name`, `name:port`, an IP, or `[v6]:port`.
    /// An entry without a port allows any port. Compared case-insensitively.
    pub allowed_hosts: Vec<String>,
    /// Further browser origins allowed besides loopback pages: `scheme://host[:port]` (a missing
    /// port is the scheme's default) or `null`. Compared by scheme, host and port, ignoring case.
    pub allowed_origins: Vec<String>,
    /// The bearer token clients must send; `None` requires none (loopback only, see
    /// [`check_bind`]).
    pub token: Option<Token>,
    /// The largest request body accepted, in bytes (default 4 MiB).
    pub max_body_bytes: usize,
    /// Requests one client may have in flight (default 8; 0 means no limit).
    pub max_concurrent_per_client: usize,
    /// Tool calls one client may start per minute (default 600; 0 means no limit).
    pub max_calls_per_minute: u32,
    /// How long a request without a session (an `initialize`, or a stateless request) waits
    /// for its address to have room in flight before it is refused (default 10 s): the many
    /// clients behind one address are told apart only once they have a session.
    pub peer_patience: Duration,
    /// How long a client may take to send a request's headers (default 5 s).
    pub header_timeout: Duration,
    /// How long a client may take to send a request's body, once its headers are in (default
    /// 5 s); past it the request is refused with 408 before it counts against any limit.
    pub body_timeout: Duration,
    /// Connections one address may hold before any of them has shown the token (default 32):
    /// one more drops that address's oldest such connection.
    pub max_unproven_per_address: usize,
    /// Live sessions (default 64): past them, a new session closes the least recently used
    /// one (with [`HttpConfig::session_closer`]). One token, so this is per token.
    pub max_sessions: usize,
    /// How long a session may go unused before it is closed (default 5 minutes; give the MCP
    /// service the same, e.g. rmcp's `SessionConfig::keep_alive`).
    pub session_idle_timeout: Duration,
    /// What closes a session in the MCP service; without it, sessions past the cap are only
    /// forgotten by admission (their requests count against their address).
    pub session_closer: Option<SessionCloser>,
}

/// The peer address of a request, in the extensions of the request the service gets: the
/// client stateless requests are told apart by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PeerAddress(pub std::net::IpAddr);

/// Closes an MCP session in the service, by id.
#[derive(Clone)]
pub struct SessionCloser(Arc<dyn Fn(Box<str>) -> BoxFuture<'static, ()> + Send + Sync>);

impl SessionCloser {
    /// A closer that calls `close` with the session's id.
    pub fn new(close: impl Fn(Box<str>) -> BoxFuture<'static, ()> + Send + Sync + 'static) -> Self {
        Self(Arc::new(close))
    }

    /// Closes the session `id`.
    pub(crate) fn close(&self, id: Box<str>) -> BoxFuture<'static, ()> {
        (self.0)(id)
    }
}

impl std::fmt::Debug for SessionCloser {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SessionCloser")
    }
}

impl HttpConfig {
    /// The configuration for a server on `bound`: no token, no further hosts or origins, and
    /// the default limits.
    pub fn new(bound: SocketAddr) -> Self {
        HttpConfig {
            bound,
            allowed_hosts: Vec::new(),
            allowed_origins: Vec::new(),
            token: None,
            max_body_bytes: DEFAULT_MAX_BODY_BYTES,
            max_concurrent_per_client: DEFAULT_MAX_CONCURRENT_PER_CLIENT,
            max_calls_per_minute: DEFAULT_MAX_CALLS_PER_MINUTE,
            peer_patience: DEFAULT_PEER_PATIENCE,
            header_timeout: DEFAULT_HEADER_TIMEOUT,
            body_timeout: DEFAULT_BODY_TIMEOUT,
            max_unproven_per_address: DEFAULT_MAX_UNPROVEN_PER_ADDRESS,
            max_sessions: DEFAULT_MAX_SESSIONS,
            session_idle_timeout: DEFAULT_SESSION_IDLE_TIMEOUT,
            session_closer: None,
        }
    }
}

/// Refuses to listen on `addr` without a token (`auth` false) unless it is a loopback address.
///
/// # Errors
///
/// For `0.0.0.0`, `::` or a LAN address without auth: a message saying why (anyone who can
/// reach the port could read the allowed roots and run code) and what to do instead.
pub fn check_bind(addr: SocketAddr, auth: bool) -> Result<(), String> {
    if auth || addr.ip().to_canonical().is_loopback() {
        return Ok(());
    }
    Err(format!(
        "refusing to serve MCP on {addr} without a token: anyone who can reach that port could \
         read the allowed roots and run code through ordo. Pass --token-env VAR to require the \
         bearer token held by environment variable VAR, or listen on 127.0.0.1:{port} instead",
        port = addr.port()
    ))
}

/// Serves MCP over HTTP/1.1 on `listener` until `shutdown` is cancelled, every request passing
/// admission (see the module docs) before it reaches `service`.
///
/// `service` gets each admitted request with its body already read (a `Full<Bytes>`);
/// rmcp's `StreamableHttpService<Handler, SessionManager>` fits. On shutdown the server stops
/// accepting, asks open connections to finish their requests, gives them a few seconds, then
/// drops them; cancel the same token in rmcp's configuration so its streams end too.
///
/// # Errors
///
/// When the listener's address cannot be read, or an allowed host or origin in `config`
/// cannot be parsed (`InvalidInput`). Failed accepts are logged and retried.
pub async fn serve<S, B>(
    listener: TcpListener,
    mut config: HttpConfig,
    service: S,
    shutdown: CancellationToken,
) -> io::Result<()>
where
    S: Service<Request<Full<Bytes>>, Response = Response<B>> + Clone + Send + 'static,
    S::Future: Send + 'static,
    S::Error: Into<Box<dyn Error + Send + Sync>>,
    B: Body<Data = Bytes> + Send + 'static,
    B::Error: Into<Box<dyn Error + Send + Sync>>,
{
    config.bound = listener.local_addr()?;
    let door = Arc::new(Door::new(MAX_CONNECTIONS, config.max_unproven_per_address));
    let header_timeout = config.header_timeout;
    let admission = Arc::new(
        Admission::new(config)
            .map_err(|error| io::Error::new(io::ErrorKind::InvalidInput, error))?,
    );
    let mut connections = JoinSet::new();
    loop {
        tokio::select! {
            () = shutdown.cancelled() => break,
            () = door.room() => {}
        }
        let (stream, peer) = tokio::select! {
            () = shutdown.cancelled() => break,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    tracing::warn!(%error, "could not accept an MCP HTTP connection");
                    tokio::time::sleep(ACCEPT_BACKOFF).await;
                    continue;
                }
            },
        };
        while connections.try_join_next().is_some() {}
        let ticket = Arc::new(door.enter(peer.ip()));
        let admission = Arc::clone(&admission);
        let connection = Connection { peer, ticket, header_timeout };
        connections.spawn(serve_connection(
            stream,
            connection,
            admission,
            service.clone(),
            shutdown.clone(),
        ));
    }
    drop(listener);
    let drained = async { while connections.join_next().await.is_some() {} };
    if tokio::time::timeout(SHUTDOWN_GRACE, drained).await.is_err() {
        tracing::debug!("dropping MCP HTTP connections still open after shutdown");
    }
    Ok(())
}

/// What a connection's requests are served with, besides admission and the service.
struct Connection {
    peer: SocketAddr,
    /// Its place at the door, held while it is open.
    ticket: Arc<Ticket>,
    header_timeout: Duration,
}

/// Serves one connection, until it ends, the server shuts down, or the door drops it.
async fn serve_connection<S, B>(
    stream: TcpStream,
    Connection { peer, ticket, header_timeout }: Connection,
    admission: Arc<Admission>,
    service: S,
    shutdown: CancellationToken,
) where
    S: Service<Request<Full<Bytes>>, Response = Response<B>> + Clone + Send + 'static,
    S::Future: Send + 'static,
    S::Error: Into<Box<dyn Error + Send + Sync>>,
    B: Body<Data = Bytes> + Send + 'static,
    B::Error: Into<Box<dyn Error + Send + Sync>>,
{
    let dropped = ticket.dropped().clone();
    let handler = hyper::service::service_fn(move |request| {
        let (admission, ticket) = (Arc::clone(&admission), Arc::clone(&ticket));
        let service = service.clone();
        async move { Ok::<_, Infallible>(admission.handle(request, peer, &ticket, service).await) }
    });
    let connection = http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(header_timeout)
        .serve_connection(TokioIo::new(stream), handler);
    let mut connection = std::pin::pin!(connection);
    let result = tokio::select! {
        result = connection.as_mut() => result,
        () = dropped.cancelled() => {
            tracing::debug!(%peer, "dropped a connection that had not shown the token, for room");
            return;
        }
        () = shutdown.cancelled() => {
            connection.as_mut().graceful_shutdown();
            connection.await
        }
    };
    if let Err(error) = result {
        tracing::debug!(%peer, %error, "MCP HTTP connection ended with an error");
    }
}
