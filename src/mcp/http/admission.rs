//! Admission: what every request passes before it reaches the MCP service: Host (DNS rebinding),
//! Origin (browsers), bearer token, path, per-client concurrency, body size, and tool calls per
//! minute, in that order. A refused request gets a short plain-text answer saying what was
//! wrong, and one log line built by [`Rejection::log`], which is given no secret to show.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use http_body_util::{BodyExt, Full, LengthLimitError, Limited};
use hyper::body::Body;
use hyper::header::{self, HeaderMap, HeaderName, HeaderValue};
use hyper::http::request::Parts;
use hyper::{Method, Request, Response, StatusCode, Version};
use tower_service::Service;

use super::abandon::cancel_calls;
use super::body::{AdmissionBody, BoxError};
use super::door::Ticket;
use super::limits::{
    ClientKey, IssuedSessions, Limits, MAX_TRACKED_CLIENTS, Refusal, count_tool_calls,
};
use super::names::{Authority, HostName, Origin, shown};
use super::token::Token;
use super::{HttpConfig, PATH as MCP_PATH, PeerAddress, SessionCloser};

/// The header that names an MCP session.
const SESSION_HEADER: HeaderName = HeaderName::from_static("mcp-session-id");

/// The checks, with the configuration they need, parsed once.
#[derive(Debug)]
pub(crate) struct Admission {
    /// Where the server listens (its IP and port are what `Host` must name).
    bound: SocketAddr,
    /// Further hosts `Host` may name.
    allowed_hosts: Vec<Authority>,
    /// Further origins (besides loopback ones) a browser request may come from.
    allowed_origins: Vec<Origin>,
    /// The bearer token, when one is required.
    token: Option<Token>,
    /// The largest request body accepted.
    max_body_bytes: usize,
    /// Requests in flight per client.
    max_concurrent: usize,
    /// How long a request without a session waits for room in flight.
    peer_patience: Duration,
    /// How long a request's body may take to arrive.
    body_timeout: Duration,
    /// Tool calls per minute per client.
    max_calls_per_minute: u32,
    /// Per-client counters.
    limits: Arc<Limits>,
    /// Session ids the service has issued.
    sessions: IssuedSessions,
    /// Closes a session in the service, to keep to the cap on sessions.
    closer: Option<SessionCloser>,
}

/// Every entry of a flag parsed, or a message naming the first that is not `what it must be`.
fn parse_all<T>(
    entries: &[String],
    parse: impl Fn(&str) -> Option<T>,
    what: &str,
    must_be: &str,
) -> Result<Vec<T>, String> {
    entries
        .iter()
        .map(|entry| {
            parse(entry)
                .ok_or_else(|| format!("{what} {:?} is not {must_be}", shown(entry.as_bytes())))
        })
        .collect()
}

impl Admission {
    /// Admission for `config`.
    ///
    /// # Errors
    ///
    /// A message naming an allowed host or origin that cannot be parsed.
    pub(crate) fn new(config: HttpConfig) -> Result<Admission, String> {
        let allowed_hosts = parse_all(
            &config.allowed_hosts,
            Authority::parse,
            "allowed host",
            "a host name or address with an optional port",
        )?;
        let allowed_origins = parse_all(
            &config.allowed_origins,
            Origin::parse,
            "allowed origin",
            "`null` or scheme://host[:port]",
        )?;
        Ok(Admission {
            bound: config.bound,
            allowed_hosts,
            allowed_origins,
            token: config.token,
            max_body_bytes: config.max_body_bytes,
            max_concurrent: config.max_concurrent_per_client,
            peer_patience: config.peer_patience,
            body_timeout: config.body_timeout,
            max_calls_per_minute: config.max_calls_per_minute,
            limits: Arc::new(Limits::new(
                config.max_concurrent_per_client,
                config.max_calls_per_minute,
                MAX_TRACKED_CLIENTS,
            )),
            sessions: IssuedSessions::new(config.max_sessions, config.session_idle_timeout),
            closer: config.session_closer,
        })
    }

    /// Answers `request` from `peer`: the service's response when every check passes, else
    /// a refusal (logged).
    pub(crate) async fn handle<ReqBody, S, ResBody>(
        &self,
        request: Request<ReqBody>,
        peer: SocketAddr,
        ticket: &Ticket,
        service: S,
    ) -> Response<AdmissionBody<ResBody>>
    where
        ReqBody: Body<Data = Bytes>,
        ReqBody::Error: Into<BoxError>,
        S: Service<Request<Full<Bytes>>, Response = Response<ResBody>> + Clone + Send + 'static,
        S::Future: Send + 'static,
        S::Error: Into<BoxError>,
        ResBody: Send + 'static,
    {
        match self.pass(request, peer, ticket, service).await {
            Ok(response) => response,
            Err(rejection) => {
                rejection.log(peer, self.token.as_ref());
                rejection.response(self.token.as_ref())
            }
        }
    }

    /// Runs the checks, then the service.
    async fn pass<ReqBody, S, ResBody>(
        &self,
        request: Request<ReqBody>,
        peer: SocketAddr,
        ticket: &Ticket,
        mut service: S,
    ) -> Result<Response<AdmissionBody<ResBody>>, Rejection>
    where
        ReqBody: Body<Data = Bytes>,
        ReqBody::Error: Into<BoxError>,
        S: Service<Request<Full<Bytes>>, Response = Response<ResBody>> + Clone + Send + 'static,
        S::Future: Send + 'static,
        S::Error: Into<BoxError>,
        ResBody: Send + 'static,
    {
        let (parts, body) = request.into_parts();
        self.check_host(&parts)?;
        self.check_origin(&parts.headers)?;
        self.check_token(&parts.headers)?;
        ticket.prove();
        if parts.uri.path() != MCP_PATH {
            return Err(Rejection::NotFound { path: shown(parts.uri.path().as_bytes()) });
        }
        let presented_session = single(&parts.headers, &SESSION_HEADER)
            .ok()
            .flatten()
            .map(|value| value.as_bytes().to_vec());
        // The body is read before the request counts against its client: one whose body never
        // comes holds its connection for `body_timeout`, never a place others need.
        let body = self.read_body(&parts.headers, body).await?;
        let client = self.sessions.client(presented_session.as_deref(), peer.ip());
        // A session this server never issued (or ended) is not served as a new one: behind a
        // load balancer without affinity, the client would lose its session without knowing.
        if presented_session.is_some() && matches!(client, ClientKey::Peer(_)) {
            return Err(Rejection::UnknownSession { ending: parts.method == Method::DELETE });
        }
        let admitted = match client {
            ClientKey::Peer(_) => self.limits.admit_within(client, self.peer_patience).await,
            ClientKey::Session(_) => self.limits.admit(client),
        };
        let permit = admitted.map_err(|refusal| self.refused(refusal))?;
        let mut abandoned = None;
        if parts.method == Method::POST {
            permit.take_calls(count_tool_calls(&body)).map_err(|refusal| self.refused(refusal))?;
            abandoned = cancel_calls(&parts.headers, &body, service.clone());
        }
        let deleting = parts.method == Method::DELETE;
        let mut parts = parts;
        // For the service's handlers (rmcp hands them the request's parts): who is asking.
        parts.extensions.insert(PeerAddress(peer.ip().to_canonical()));
        std::future::poll_fn(|cx| service.poll_ready(cx))
            .await
            .map_err(|error| Rejection::ServiceFailed { error: shown_error(error) })?;
        let mut response = service
            .call(Request::from_parts(parts, Full::new(body)))
            .await
            .map_err(|error| Rejection::ServiceFailed { error: shown_error(error) })?;
        // A session ended is done, not accepted for later: SDK clients take 202 for a failure.
        if deleting && response.status() == StatusCode::ACCEPTED {
            *response.status_mut() = StatusCode::OK;
        }
        self.note_session(&response, deleting, presented_session.as_deref());
        Ok(response.map(|body| AdmissionBody::service(body, permit, abandoned)))
    }

    /// Keeps track of sessions the service issues and ends.
    fn note_session<B>(&self, response: &Response<B>, deleting: bool, presented: Option<&[u8]>) {
        if let Some(issued) = response.headers().get(SESSION_HEADER)
            && let Some(closed) = self.sessions.issued(issued.as_bytes())
            && let Some(closer) = &self.closer
        {
            tracing::debug!("closing the least recently used MCP session for a new one");
            tokio::spawn(closer.close(closed));
        }
        if deleting
            && response.status().is_success()
            && let Some(ended) = presented
        {
            self.sessions.ended(ended);
        }
    }

    /// `Host` (and an absolute request target's authority) must name this server.
    fn check_host(&self, parts: &Parts) -> Result<(), Rejection> {
        if let Some(authority) = parts.uri.authority() {
            self.check_authority(authority.as_str())?;
        }
        match single(&parts.headers, &header::HOST) {
            Err(()) => Err(Rejection::BadHost),
            // HTTP/1.0 has no Host; browsers always send one, so its absence is no rebinding.
            Ok(None) if parts.version < Version::HTTP_11 => Ok(()),
            Ok(None) if parts.uri.authority().is_some() => Ok(()),
            Ok(None) => Err(Rejection::MissingHost),
            Ok(Some(value)) => {
                let text = value.to_str().map_err(|_| Rejection::BadHost)?;
                self.check_authority(text)
            }
        }
    }

    /// Whether the authority `text` names this server (see [`Admission::host_allowed`]).
    fn check_authority(&self, text: &str) -> Result<(), Rejection> {
        let authority = Authority::parse(text).ok_or(Rejection::BadHost)?;
        if self.host_allowed(&authority) {
            Ok(())
        } else {
            Err(Rejection::ForeignHost { host: shown(text.as_bytes()), bound: self.bound })
        }
    }

    /// An allowed-host entry (any port when the entry names none), or, with the bound port:
    /// the bound IP; `localhost` or a loopback IP when bound to loopback; `localhost` or any IP
    /// literal when bound to all interfaces (an IP literal cannot be re-pointed by DNS, which
    /// is what a rebinding attack needs).
    fn host_allowed(&self, authority: &Authority) -> bool {
        let listed = self.allowed_hosts.iter().any(|allowed| {
            allowed.host == authority.host && allowed.port.is_none_or(|p| Some(p) == authority.port)
        });
        if listed {
            return true;
        }
        if authority.port.unwrap_or(80) != self.bound.port() {
            return false;
        }
        let bound = self.bound.ip().to_canonical();
        match &authority.host {
            HostName::Ip(ip) => {
                *ip == bound || bound.is_unspecified() || (bound.is_loopback() && ip.is_loopback())
            }
            HostName::Name(name) => {
                name == "localhost" && (bound.is_loopback() || bound.is_unspecified())
            }
        }
    }

    /// A browser's `Origin`, when sent, must be a loopback page or an allowed origin.
    fn check_origin(&self, headers: &HeaderMap) -> Result<(), Rejection> {
        let mut values = headers.get_all(header::ORIGIN).iter();
        let Some(value) = values.next() else {
            return Ok(());
        };
        let foreign = || Rejection::ForeignOrigin { origin: shown(value.as_bytes()) };
        if values.next().is_some() {
            return Err(foreign());
        }
        let origin = value.to_str().ok().and_then(Origin::parse).ok_or_else(foreign)?;
        if origin.is_loopback() || self.allowed_origins.contains(&origin) {
            Ok(())
        } else {
            Err(foreign())
        }
    }

    /// When a token is configured, `Authorization: Bearer <token>` must carry it.
    fn check_token(&self, headers: &HeaderMap) -> Result<(), Rejection> {
        let Some(token) = &self.token else {
            return Ok(());
        };
        let value = match single(headers, &header::AUTHORIZATION) {
            Ok(Some(value)) => value.as_bytes(),
            Ok(None) => return Err(Rejection::Unauthorized { presented: false }),
            Err(()) => return Err(Rejection::Unauthorized { presented: true }),
        };
        let presented = value
            .split_at_checked(6)
            .filter(|(scheme, rest)| {
                scheme.eq_ignore_ascii_case(b"bearer") && rest.first() == Some(&b' ')
            })
            .map(|(_, rest)| rest.trim_ascii());
        match presented {
            Some(presented) if token.matches(presented) => Ok(()),
            _ => Err(Rejection::Unauthorized { presented: true }),
        }
    }

    /// Reads the body, refusing one longer than the limit before the service sees any of it.
    async fn read_body<ReqBody>(
        &self,
        headers: &HeaderMap,
        body: ReqBody,
    ) -> Result<Bytes, Rejection>
    where
        ReqBody: Body<Data = Bytes>,
        ReqBody::Error: Into<BoxError>,
    {
        let too_large = Rejection::TooLarge { limit: self.max_body_bytes };
        let declared = headers
            .get(header::CONTENT_LENGTH)
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.parse::<u64>().ok());
        if declared.is_some_and(|length| length > self.max_body_bytes as u64) {
            return Err(too_large);
        }
        let read = tokio::time::timeout(
            self.body_timeout,
            Limited::new(body, self.max_body_bytes).collect(),
        );
        let Ok(read) = read.await else {
            return Err(Rejection::SlowBody { timeout: self.body_timeout });
        };
        match read {
            Ok(collected) => Ok(collected.to_bytes()),
            Err(error) if error.downcast_ref::<LengthLimitError>().is_some() => Err(too_large),
            Err(error) => {
                Err(Rejection::UnreadableBody { error: shown(error.to_string().as_bytes()) })
            }
        }
    }

    /// The rejection for a limit's refusal.
    fn refused(&self, refusal: Refusal) -> Rejection {
        match refusal {
            Refusal::Busy => Rejection::Busy { limit: self.max_concurrent },
            Refusal::TooManyCalls { retry_after } => {
                Rejection::TooManyCalls { limit: self.max_calls_per_minute, retry_after }
            }
            Refusal::Full => Rejection::Full,
        }
    }
}

/// The one value of header `name`: `Ok(None)` when absent, `Err` when repeated.
fn single<'h>(headers: &'h HeaderMap, name: &HeaderName) -> Result<Option<&'h HeaderValue>, ()> {
    let mut values = headers.get_all(name).iter();
    let first = values.next();
    if values.next().is_some() { Err(()) } else { Ok(first) }
}

/// A service error, made safe to show.
fn shown_error(error: impl Into<BoxError>) -> String {
    shown(error.into().to_string().as_bytes())
}

/// Why a request was refused. It holds only what may be shown: request values already passed
/// through [`shown`], never the `Authorization` header.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Rejection {
    /// An HTTP/1.1 request without `Host`.
    MissingHost,
    /// `Host` repeated, not UTF-8, or not an authority.
    BadHost,
    /// `Host` names another server (DNS rebinding).
    ForeignHost {
        /// The `Host` value, shown.
        host: String,
        /// Where the server listens.
        bound: SocketAddr,
    },
    /// `Origin` is neither loopback nor allowed.
    ForeignOrigin {
        /// The `Origin` value, shown.
        origin: String,
    },
    /// The bearer token is missing (`presented: false`) or wrong.
    Unauthorized {
        /// Whether an `Authorization` header was sent.
        presented: bool,
    },
    /// A session id this server has not issued, or has ended.
    UnknownSession {
        /// The request was a DELETE.
        ending: bool,
    },
    /// A path other than `/mcp`.
    NotFound {
        /// The path, shown.
        path: String,
    },
    /// The client has too many requests in flight.
    Busy {
        /// Requests in flight allowed per client.
        limit: usize,
    },
    /// The client started too many tool calls this minute.
    TooManyCalls {
        /// Tool calls allowed per minute.
        limit: u32,
        /// How long until one more would be allowed.
        retry_after: Duration,
    },
    /// Every tracked client is busy.
    Full,
    /// The body is longer than the limit.
    TooLarge {
        /// The largest body accepted, in bytes.
        limit: usize,
    },
    /// The body did not arrive in time.
    SlowBody {
        /// How long it was given.
        timeout: Duration,
    },
    /// The body could not be read.
    UnreadableBody {
        /// What went wrong, shown.
        error: String,
    },
    /// The MCP service failed instead of answering.
    ServiceFailed {
        /// What went wrong, shown.
        error: String,
    },
}

impl Rejection {
    /// The HTTP status.
    pub(crate) fn status(&self) -> StatusCode {
        match self {
            Rejection::MissingHost | Rejection::BadHost | Rejection::UnreadableBody { .. } => {
                StatusCode::BAD_REQUEST
            }
            Rejection::ForeignHost { .. } | Rejection::ForeignOrigin { .. } => {
                StatusCode::FORBIDDEN
            }
            Rejection::Unauthorized { .. } => StatusCode::UNAUTHORIZED,
            Rejection::NotFound { .. } | Rejection::UnknownSession { .. } => StatusCode::NOT_FOUND,
            Rejection::Busy { .. } | Rejection::TooManyCalls { .. } => {
                StatusCode::TOO_MANY_REQUESTS
            }
            Rejection::Full => StatusCode::SERVICE_UNAVAILABLE,
            Rejection::TooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            Rejection::SlowBody { .. } => StatusCode::REQUEST_TIMEOUT,
            Rejection::ServiceFailed { .. } => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// What was wrong, for the response body and the log.
    pub(crate) fn message(&self) -> String {
        match self {
            Rejection::MissingHost => "the request has no Host header".into(),
            Rejection::BadHost => "the Host header is repeated or malformed".into(),
            Rejection::ForeignHost { host, bound } => format!(
                "Host {host} is not allowed (this server listens on {bound}); pass \
                 --allow-host to allow it"
            ),
            Rejection::ForeignOrigin { origin } => {
                format!("Origin {origin} is not allowed; pass --allow-origin to allow it")
            }
            Rejection::Unauthorized { presented: false } => {
                "a bearer token is required: send Authorization: Bearer <token>".into()
            }
            Rejection::Unauthorized { presented: true } => {
                "the bearer token is wrong: send Authorization: Bearer <token>".into()
            }
            Rejection::UnknownSession { ending: true } => "there is no such session to end".into(),
            Rejection::UnknownSession { ending: false } => "this server holds no such session: it \
                ended (unused too long, or closed), or another server started it. Behind a load \
                balancer, every request of a session must reach the server that issued its id \
                (hashing the id is not enough: initialize is routed before the id exists; mark \
                the id with its server, as ordo's README shows for nginx), or use protocol \
                revision 2026-07-28, which needs no session"
                .into(),
            Rejection::NotFound { path } => {
                format!("nothing is served at {path}; the MCP endpoint is {MCP_PATH}")
            }
            Rejection::Busy { limit } => format!(
                "this client already has {limit} requests in flight; retry when one finishes"
            ),
            Rejection::TooManyCalls { limit, retry_after } => format!(
                "this client has used its {limit} tool calls per minute; retry in {}s",
                retry_after.as_secs()
            ),
            Rejection::Full => {
                "the server is tracking as many busy clients as it can; retry shortly".into()
            }
            Rejection::TooLarge { limit } => {
                format!("the request body is larger than the limit of {limit} bytes")
            }
            Rejection::SlowBody { timeout } => {
                format!("the request body did not arrive within {} ms", timeout.as_millis())
            }
            Rejection::UnreadableBody { error } => {
                format!("the request body could not be read: {error}")
            }
            Rejection::ServiceFailed { error } => format!("the MCP service failed: {error}"),
        }
    }

    /// [`Rejection::message`] with `secret` masked, should a client have put the token
    /// somewhere a message shows (its path, say).
    fn text(&self, secret: Option<&Token>) -> String {
        let message = self.message();
        match secret {
            Some(token) if message.contains(token.reveal()) => {
                message.replace(token.reveal(), "***")
            }
            _ => message,
        }
    }

    /// The `Retry-After` seconds, for refusals that pass with time.
    fn retry_after(&self) -> Option<u64> {
        match self {
            Rejection::Busy { .. } | Rejection::Full => Some(1),
            Rejection::TooManyCalls { retry_after, .. } => Some(retry_after.as_secs().max(1)),
            _ => None,
        }
    }

    /// Logs the refusal: the only log line admission writes, built from the peer and this
    /// rejection's fields (which never include the `Authorization` header), with `secret`
    /// masked.
    pub(crate) fn log(&self, peer: SocketAddr, secret: Option<&Token>) {
        let status = self.status().as_u16();
        let message = self.text(secret);
        match self {
            Rejection::NotFound { .. }
            | Rejection::UnknownSession { .. }
            | Rejection::Busy { .. }
            | Rejection::TooManyCalls { .. } => {
                tracing::debug!(%peer, status, "refused MCP HTTP request: {message}");
            }
            Rejection::ServiceFailed { .. } => {
                tracing::error!(%peer, status, "MCP HTTP request failed: {message}");
            }
            _ => tracing::warn!(%peer, status, "refused MCP HTTP request: {message}"),
        }
    }

    /// The response: status, `text/plain` message, and `WWW-Authenticate` or `Retry-After`
    /// where they apply.
    pub(crate) fn response<B>(&self, secret: Option<&Token>) -> Response<AdmissionBody<B>> {
        let mut response = Response::new(AdmissionBody::text(format!("{}\n", self.text(secret))));
        *response.status_mut() = self.status();
        let headers = response.headers_mut();
        headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/plain; charset=utf-8"));
        if matches!(self, Rejection::Unauthorized { .. }) {
            headers.insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
        }
        if let Some(seconds) = self.retry_after() {
            headers.insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}
