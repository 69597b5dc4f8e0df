//! R-MCPS-6 over a real socket: raw HTTP/1.1 requests to [`serve`] on 127.0.0.1:0, with a
//! trivial service behind admission.

use std::cell::RefCell;
use std::convert::Infallible;
use std::fmt::Write as _;
use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Once};
use std::task::{Context, Poll};
use std::time::Duration;

use bytes::Bytes;
use http_body_util::combinators::UnsyncBoxBody;
use http_body_util::{BodyExt, Full, StreamBody};
use hyper::body::Frame;
use hyper::{Request, Response};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;
use tower_service::Service;
use tracing::subscriber::Interest;

use super::body::AdmissionBody;
use super::limits::{ClientKey, Limits};
use super::{HttpConfig, Token, check_bind, serve};

/// The test service: echoes the body, unless the `x-test` header asks it to wait for the gate
/// before answering (`hold`), answer at once with a body that waits for the gate (`stream`),
/// or issue the session named by `x-issue` (`issue`).
#[derive(Clone)]
struct Echo {
    /// Requests that reached the service.
    seen: Arc<AtomicUsize>,
    /// One permit lets one waiting request finish.
    gate: Arc<Semaphore>,
}

type EchoBody = UnsyncBoxBody<Bytes, Infallible>;

impl Service<Request<Full<Bytes>>> for Echo {
    type Response = Response<EchoBody>;
    type Error = Infallible;
    type Future = Pin<Box<dyn Future<Output = Result<Response<EchoBody>, Infallible>> + Send>>;

    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: Request<Full<Bytes>>) -> Self::Future {
        self.seen.fetch_add(1, Ordering::SeqCst);
        let gate = Arc::clone(&self.gate);
        let header = |name: &str| {
            request.headers().get(name).and_then(|v| v.to_str().ok()).unwrap_or("").to_owned()
        };
        let (mode, issue) = (header("x-test"), header("x-issue"));
        Box::pin(async move {
            let wait = async move {
                if let Ok(permit) = gate.acquire().await {
                    permit.forget();
                }
            };
            let body = match mode.as_str() {
                "hold" => {
                    wait.await;
                    Full::new(Bytes::from("held")).boxed_unsync()
                }
                "stream" => {
                    let frame = futures::stream::once(async move {
                        wait.await;
                        Ok::<_, Infallible>(Frame::data(Bytes::from("streamed")))
                    });
                    StreamBody::new(frame).boxed_unsync()
                }
                _ => request.into_body().boxed_unsync(),
            };
            let mut response = Response::new(body);
            if mode == "issue" {
                response.headers_mut().insert("mcp-session-id", issue.parse().expect("header"));
            }
            Ok(response)
        })
    }
}

/// A server under test.
struct Server {
    addr: SocketAddr,
    echo: Echo,
    shutdown: CancellationToken,
    task: JoinHandle<std::io::Result<()>>,
}

impl Server {
    /// A server on 127.0.0.1:0 with `configure` applied to the default configuration.
    async fn start(configure: impl FnOnce(&mut HttpConfig)) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let addr = listener.local_addr().expect("addr");
        let mut config = HttpConfig::new(addr);
        configure(&mut config);
        let echo = Echo { seen: Arc::default(), gate: Arc::new(Semaphore::new(0)) };
        let shutdown = CancellationToken::new();
        let task = tokio::spawn(serve(listener, config, echo.clone(), shutdown.clone()));
        Server { addr, echo, shutdown, task }
    }

    /// Sends `request` (see [`raw`]) on a fresh connection and reads the whole answer.
    async fn send(&self, request: &Req<'_>) -> Answer {
        let mut stream = TcpStream::connect(self.addr).await.expect("connect");
        stream.write_all(&raw(self.addr, request)).await.expect("write");
        let mut bytes = Vec::new();
        let read = stream.read_to_end(&mut bytes);
        tokio::time::timeout(Duration::from_secs(10), read).await.expect("answer in time").ok();
        Answer::parse(&bytes)
    }

    /// Sends `request` and reads only the status line and headers, keeping the connection.
    async fn open(&self, request: &Req<'_>) -> (Answer, TcpStream) {
        let mut stream = TcpStream::connect(self.addr).await.expect("connect");
        stream.write_all(&raw(self.addr, request)).await.expect("write");
        let mut bytes = Vec::new();
        while !bytes.windows(4).any(|w| w == b"\r\n\r\n") {
            let mut chunk = [0u8; 1024];
            let read = stream.read(&mut chunk);
            let n = tokio::time::timeout(Duration::from_secs(10), read)
                .await
                .expect("headers in time")
                .expect("read");
            assert!(n > 0, "connection closed before the headers");
            bytes.extend_from_slice(&chunk[..n]);
        }
        (Answer::parse(&bytes), stream)
    }

    /// Waits until `count` requests have reached the service.
    async fn wait_seen(&self, count: usize) {
        for _ in 0..500 {
            if self.echo.seen.load(Ordering::SeqCst) >= count {
                return;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        panic!("the service saw {} requests, not {count}", self.echo.seen.load(Ordering::SeqCst));
    }

    /// Issues session `id` as the MCP service would, so it names a client.
    async fn issue(&self, id: &str) {
        let answer = self
            .send(&Req::post("{}").header("x-test: issue").header(&format!("x-issue: {id}")))
            .await;
        assert_eq!(answer.status, 200, "{answer:?}");
    }

    async fn stop(self) {
        self.shutdown.cancel();
        let result = tokio::time::timeout(Duration::from_secs(10), self.task).await;
        assert!(matches!(result, Ok(Ok(Ok(())))), "serve did not stop cleanly: {result:?}");
    }
}

/// A request to write by hand.
#[derive(Clone)]
struct Req<'a> {
    method: &'a str,
    target: &'a str,
    version: &'a str,
    /// `Host` is added (naming the server) unless one is given here or `no_host` is set.
    headers: Vec<String>,
    no_host: bool,
    body: Vec<u8>,
    /// Send the body chunked instead of with `Content-Length`.
    chunked: bool,
}

impl<'a> Req<'a> {
    fn post(body: &str) -> Req<'a> {
        Req {
            method: "POST",
            target: "/mcp",
            version: "HTTP/1.1",
            headers: Vec::new(),
            no_host: false,
            body: body.as_bytes().to_vec(),
            chunked: false,
        }
    }

    fn get(target: &'a str) -> Req<'a> {
        Req { method: "GET", target, ..Req::post("") }
    }

    fn header(mut self, line: &str) -> Req<'a> {
        self.headers.push(line.to_owned());
        self
    }

    fn session(self, id: &str) -> Req<'a> {
        self.header(&format!("mcp-session-id: {id}"))
    }
}

/// `request` as bytes, with `Connection: close`.
fn raw(addr: SocketAddr, request: &Req<'_>) -> Vec<u8> {
    let mut head = format!("{} {} {}\r\n", request.method, request.target, request.version);
    let has_host = request.headers.iter().any(|h| h.to_ascii_lowercase().starts_with("host:"));
    if !has_host && !request.no_host {
        let _ = write!(head, "Host: {addr}\r\n");
    }
    for line in &request.headers {
        let _ = write!(head, "{line}\r\n");
    }
    head.push_str("Connection: close\r\n");
    if request.chunked {
        head.push_str("Transfer-Encoding: chunked\r\n\r\n");
        let mut bytes = head.into_bytes();
        for chunk in request.body.chunks(40) {
            bytes.extend_from_slice(format!("{:x}\r\n", chunk.len()).as_bytes());
            bytes.extend_from_slice(chunk);
            bytes.extend_from_slice(b"\r\n");
        }
        bytes.extend_from_slice(b"0\r\n\r\n");
        bytes
    } else {
        let _ = write!(head, "Content-Length: {}\r\n\r\n", request.body.len());
        let mut bytes = head.into_bytes();
        bytes.extend_from_slice(&request.body);
        bytes
    }
}

/// A response as read off the socket.
#[derive(Debug)]
struct Answer {
    status: u16,
    /// Header lines, lowercase names.
    headers: Vec<(String, String)>,
    /// Everything after the headers (chunked framing included).
    body: String,
}

impl Answer {
    fn parse(bytes: &[u8]) -> Answer {
        let text = String::from_utf8_lossy(bytes);
        let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
        let mut lines = head.lines();
        let status = lines
            .next()
            .and_then(|line| line.split(' ').nth(1))
            .and_then(|code| code.parse().ok())
            .unwrap_or(0);
        let headers = lines
            .filter_map(|line| line.split_once(':'))
            .map(|(name, value)| (name.trim().to_ascii_lowercase(), value.trim().to_owned()))
            .collect();
        Answer { status, headers, body: body.to_owned() }
    }

    fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

#[tokio::test]
async fn r_mcps_6_foreign_origin_is_403_loopback_and_allowed_origins_pass() {
    let server = Server::start(|config| {
        config.allowed_origins = vec!["https://App.Example".into()];
    })
    .await;
    for origin in
        ["http://evil.example", "https://app.example:8443", "null", "http://localhost.evil.example"]
    {
        let answer = server.send(&Req::post("{}").header(&format!("Origin: {origin}"))).await;
        assert_eq!(answer.status, 403, "{origin}: {answer:?}");
        assert!(answer.body.contains(origin), "{answer:?}");
        assert!(answer.body.contains("--allow-origin"), "{answer:?}");
    }
    assert_eq!(server.echo.seen.load(Ordering::SeqCst), 0);
    for origin in [
        "http://localhost:5173",
        "https://127.0.0.1",
        "http://[::1]:3000",
        "https://app.example",
        "HTTPS://APP.EXAMPLE:443",
    ] {
        let answer = server.send(&Req::post("{}").header(&format!("Origin: {origin}"))).await;
        assert_eq!(answer.status, 200, "{origin}: {answer:?}");
    }
    assert_eq!(server.send(&Req::post("{}")).await.status, 200, "no Origin: not a browser");
    server.stop().await;
}

#[tokio::test]
async fn r_mcps_6_null_origin_passes_only_when_listed() {
    let server = Server::start(|config| config.allowed_origins = vec!["null".into()]).await;
    assert_eq!(server.send(&Req::post("{}").header("Origin: null")).await.status, 200);
    server.stop().await;
}

#[tokio::test]
async fn r_mcps_6_rebinding_host_is_403_missing_host_400() {
    let server = Server::start(|config| config.allowed_hosts = vec!["mcp.internal".into()]).await;
    let port = server.addr.port();
    for host in [
        format!("evil.example:{port}"),
        format!("127.0.0.1:{}", port.wrapping_add(1)),
        format!("localhost.evil.example:{port}"),
        "localhost".to_owned(),
    ] {
        let answer = server.send(&Req::post("{}").header(&format!("Host: {host}"))).await;
        assert_eq!(answer.status, 403, "{host}: {answer:?}");
        assert!(answer.body.contains(&host), "{answer:?}");
    }
    let mut missing = Req::post("{}");
    missing.no_host = true;
    assert_eq!(server.send(&missing).await.status, 400);
    assert_eq!(server.echo.seen.load(Ordering::SeqCst), 0);
    for host in [
        format!("localhost:{port}"),
        format!("LocalHost:{port}"),
        format!("127.0.0.1:{port}"),
        format!("[::1]:{port}"),
        "mcp.internal:443".to_owned(),
        "MCP.internal".to_owned(),
    ] {
        let answer = server.send(&Req::post("{}").header(&format!("Host: {host}"))).await;
        assert_eq!(answer.status, 200, "{host}: {answer:?}");
    }
    server.stop().await;
}

#[tokio::test]
async fn r_mcps_6_token_missing_or_wrong_is_401_right_is_200() {
    let token = Token::generate().expect("token");
    let secret = token.reveal().to_owned();
    let server = Server::start(|config| config.token = Some(token)).await;
    let last = if secret.ends_with('0') { '1' } else { '0' };
    let wrong = format!("{}{last}", &secret[..secret.len() - 1]);
    for authorization in [
        None,
        Some(format!("Bearer {wrong}")),
        Some(format!("Basic {secret}")),
        Some("Bearer".into()),
    ] {
        let mut request = Req::post("{}");
        if let Some(value) = &authorization {
            request = request.header(&format!("Authorization: {value}"));
        }
        let answer = server.send(&request).await;
        assert_eq!(answer.status, 401, "{authorization:?}: {answer:?}");
        assert_eq!(answer.header("www-authenticate"), Some("Bearer"));
        assert!(!answer.body.contains(&secret));
    }
    assert_eq!(server.echo.seen.load(Ordering::SeqCst), 0);
    for value in [format!("Bearer {secret}"), format!("bearer  {secret}")] {
        let answer = server.send(&Req::post("{}").header(&format!("Authorization: {value}"))).await;
        assert_eq!(answer.status, 200, "{answer:?}");
    }
    server.stop().await;
}

#[tokio::test]
async fn r_mcps_6_body_over_the_limit_is_413_and_never_reaches_the_service() {
    let server = Server::start(|config| config.max_body_bytes = 64).await;
    let exact = "x".repeat(64);
    let answer = server.send(&Req::post(&exact)).await;
    assert_eq!(answer.status, 200);
    assert!(answer.body.contains(&exact));
    let over = "y".repeat(65);
    let answer = server.send(&Req::post(&over)).await;
    assert_eq!(answer.status, 413, "{answer:?}");
    assert!(answer.body.contains("64 bytes"), "{answer:?}");
    let mut chunked = Req::post(&"z".repeat(100));
    chunked.chunked = true;
    assert_eq!(server.send(&chunked).await.status, 413, "no Content-Length: caught while reading");
    assert_eq!(server.echo.seen.load(Ordering::SeqCst), 1);
    server.stop().await;
}

#[tokio::test]
async fn r_mcps_6_wrong_path_is_404() {
    let server = Server::start(|_| {}).await;
    for target in ["/", "/mcp/", "/mcpx", "/other"] {
        let answer = server.send(&Req::get(target)).await;
        assert_eq!(answer.status, 404, "{target}: {answer:?}");
        assert!(answer.body.contains("/mcp"));
    }
    assert_eq!(server.echo.seen.load(Ordering::SeqCst), 0);
    assert_eq!(server.send(&Req::get("/mcp?x=1")).await.status, 200);
    server.stop().await;
}

#[tokio::test]
async fn r_mcps_6_concurrency_over_the_limit_is_429_while_another_client_is_served() {
    let server = Arc::new(Server::start(|config| config.max_concurrent_per_client = 2).await);
    server.issue("sess-a").await;
    server.issue("sess-b").await;
    let held: Vec<_> = (0..2)
        .map(|_| {
            let server = Arc::clone(&server);
            tokio::spawn(async move {
                server.send(&Req::post("{}").session("sess-a").header("x-test: hold")).await
            })
        })
        .collect();
    server.wait_seen(4).await;
    let answer = server.send(&Req::post("{}").session("sess-a")).await;
    assert_eq!(answer.status, 429, "{answer:?}");
    assert_eq!(answer.header("retry-after"), Some("1"));
    assert!(answer.body.contains("2 requests in flight"), "{answer:?}");
    assert_eq!(server.send(&Req::post("{}").session("sess-b")).await.status, 200);
    server.echo.gate.add_permits(2);
    for task in held {
        assert_eq!(task.await.expect("join").status, 200);
    }
    assert_eq!(server.send(&Req::post("{}").session("sess-a")).await.status, 200);
    Arc::into_inner(server).expect("one owner").stop().await;
}

/// One request in flight per client, and a request without a session refused at once.
fn one_in_flight_no_patience(config: &mut HttpConfig) {
    config.max_concurrent_per_client = 1;
    config.peer_patience = Duration::ZERO;
}

/// Requests without a session (every client's `initialize`, from one address) wait for room
/// in flight instead of being refused, within the patience; past it they are refused.
#[tokio::test]
async fn r_mcps_6_requests_without_a_session_wait_their_turn_within_the_patience() {
    let server = Arc::new(
        Server::start(|config| {
            config.max_concurrent_per_client = 1;
            config.peer_patience = Duration::from_secs(30);
        })
        .await,
    );
    let held = {
        let server = Arc::clone(&server);
        tokio::spawn(async move { server.send(&Req::post("{}").header("x-test: hold")).await })
    };
    server.wait_seen(1).await;
    let waiting = {
        let server = Arc::clone(&server);
        tokio::spawn(async move { server.send(&Req::post("{}")).await })
    };
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert!(!waiting.is_finished(), "the second request waits while the first is in flight");
    server.echo.gate.add_permits(1);
    assert_eq!(held.await.expect("join").status, 200);
    assert_eq!(waiting.await.expect("join").status, 200, "admitted once the first finished");
    Arc::into_inner(server).expect("one owner").stop().await;

    let server = Arc::new(
        Server::start(|config| {
            config.max_concurrent_per_client = 1;
            config.peer_patience = Duration::from_millis(200);
        })
        .await,
    );
    let held = {
        let server = Arc::clone(&server);
        tokio::spawn(async move { server.send(&Req::post("{}").header("x-test: hold")).await })
    };
    server.wait_seen(1).await;
    let answer = server.send(&Req::post("{}")).await;
    assert_eq!(answer.status, 429, "refused past the patience: {answer:?}");
    server.echo.gate.add_permits(1);
    assert_eq!(held.await.expect("join").status, 200);
    Arc::into_inner(server).expect("one owner").stop().await;
}

#[tokio::test]
async fn r_mcps_6_a_session_id_the_server_never_issued_is_refused_not_served_as_a_new_client() {
    let server = Arc::new(Server::start(one_in_flight_no_patience).await);
    let held = {
        let server = Arc::clone(&server);
        tokio::spawn(async move { server.send(&Req::post("{}").header("x-test: hold")).await })
    };
    server.wait_seen(1).await;
    let answer = server.send(&Req::post("{}").session("made-up-by-the-client")).await;
    assert_eq!(answer.status, 404, "an id the service never issued is no new client");
    assert!(answer.body.contains("another server started it"), "{answer:?}");
    server.echo.gate.add_permits(1);
    assert_eq!(held.await.expect("join").status, 200);
    Arc::into_inner(server).expect("one owner").stop().await;
}

#[tokio::test]
async fn r_mcps_6_a_streamed_response_counts_until_its_body_ends() {
    let server = Server::start(one_in_flight_no_patience).await;
    let (answer, mut stream) = server.open(&Req::post("{}").header("x-test: stream")).await;
    assert_eq!(answer.status, 200, "{answer:?}");
    let busy = server.send(&Req::post("{}")).await;
    assert_eq!(busy.status, 429, "headers sent, body still streaming: {busy:?}");
    server.echo.gate.add_permits(1);
    let mut rest = Vec::new();
    let read = stream.read_to_end(&mut rest);
    tokio::time::timeout(Duration::from_secs(10), read).await.expect("body in time").expect("read");
    assert!(String::from_utf8_lossy(&rest).contains("streamed"));
    assert_eq!(server.send(&Req::post("{}")).await.status, 200);
    server.stop().await;
}

#[tokio::test]
async fn r_mcps_6_a_dropped_response_body_releases_its_permit() {
    let limits = Arc::new(Limits::new(1, 0, 8));
    let key = ClientKey::Peer([127, 0, 0, 1].into());
    let permit = limits.admit(key.clone()).expect("admitted");
    let body: AdmissionBody<Full<Bytes>> =
        AdmissionBody::service(Full::new(Bytes::new()), permit, None);
    assert!(limits.admit(key.clone()).is_err());
    drop(body);
    assert!(limits.admit(key).is_ok());
}

const CALL: &str = r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"run_code"}}"#;

#[tokio::test]
async fn r_mcps_6_calls_per_minute_over_the_limit_is_429_while_another_client_is_served() {
    let server = Server::start(|config| config.max_calls_per_minute = 2).await;
    server.issue("sess-a").await;
    server.issue("sess-b").await;
    for _ in 0..2 {
        assert_eq!(server.send(&Req::post(CALL).session("sess-a")).await.status, 200);
    }
    let answer = server.send(&Req::post(CALL).session("sess-a")).await;
    assert_eq!(answer.status, 429, "{answer:?}");
    let retry: u64 =
        answer.header("retry-after").and_then(|v| v.parse().ok()).expect("Retry-After");
    assert!((1..=30).contains(&retry), "one call refills in 30s: {retry}");
    assert!(answer.body.contains("2 tool calls per minute"), "{answer:?}");
    // Other requests of the same client, and bodies that are not JSON, are not tool calls.
    let list = r#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#;
    assert_eq!(server.send(&Req::post(list).session("sess-a")).await.status, 200);
    let garbage = server.send(&Req::post("not json").session("sess-a")).await;
    assert_eq!(garbage.status, 200, "passed on for the service to answer");
    // Another client has its own budget; a batch spends one call per request in it.
    assert_eq!(server.send(&Req::post(CALL).session("sess-b")).await.status, 200);
    let batch = format!("[{CALL},{CALL}]");
    assert_eq!(server.send(&Req::post(&batch).session("sess-b")).await.status, 429);
    assert_eq!(server.send(&Req::post(CALL).session("sess-b")).await.status, 200);
    server.stop().await;
}

#[test]
fn r_mcps_6_check_bind_refuses_a_public_address_without_auth() {
    for addr in ["0.0.0.0:8808", "[::]:8808", "192.168.1.20:8808"] {
        let addr: SocketAddr = addr.parse().expect("addr");
        let error = check_bind(addr, false).expect_err("refused");
        assert!(error.contains("--token-env"), "{error}");
        assert!(error.contains("127.0.0.1:8808"), "{error}");
        assert!(error.contains("run code"), "{error}");
        assert_eq!(check_bind(addr, true), Ok(()));
    }
    for addr in ["127.0.0.1:8808", "[::1]:8808", "[::ffff:127.0.0.1]:8808"] {
        assert_eq!(check_bind(addr.parse().expect("addr"), false), Ok(()), "{addr}");
    }
}

#[tokio::test]
async fn r_mcps_6_bad_configuration_is_an_error_naming_the_entry() {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let mut config = HttpConfig::new(listener.local_addr().expect("addr"));
    config.allowed_origins = vec!["app.example".into()];
    let echo = Echo { seen: Arc::default(), gate: Arc::new(Semaphore::new(0)) };
    let error = serve(listener, config, echo, CancellationToken::new()).await.expect_err("refused");
    assert_eq!(error.kind(), std::io::ErrorKind::InvalidInput);
    assert!(error.to_string().contains("app.example"), "{error}");
}

thread_local! {
    /// The log of this thread's events, while a test captures it.
    static CAPTURED: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// The process-wide `tracing` subscriber of these tests: it writes every event's and span's
/// fields into [`CAPTURED`] on threads that capture, and ignores the rest. It is global, not
/// scoped: with one scoped subscriber, tracing caches each call site's interest as seen from
/// whichever thread registered it first, so a scoped capture misses events at random.
struct Capture;

struct Fields<'a>(&'a mut String);

impl tracing::field::Visit for Fields<'_> {
    fn record_debug(&mut self, field: &tracing::field::Field, value: &dyn std::fmt::Debug) {
        let _ = write!(self.0, "{}={value:?} ", field.name());
    }
}

impl Capture {
    /// Starts capturing this thread's events.
    fn start() {
        static INSTALL: Once = Once::new();
        INSTALL.call_once(|| {
            tracing::subscriber::set_global_default(Capture).expect("no other global subscriber");
        });
        CAPTURED.with(|log| *log.borrow_mut() = Some(String::new()));
        // A call site registered while the global subscriber was being installed may have
        // cached that nobody listens: ask again.
        tracing::callsite::rebuild_interest_cache();
    }

    /// Stops capturing and returns what was captured.
    fn stop() -> String {
        CAPTURED.with(|log| log.borrow_mut().take()).unwrap_or_default()
    }

    fn write(record: impl FnOnce(&mut Fields<'_>)) {
        CAPTURED.with(|log| {
            if let Some(log) = log.borrow_mut().as_mut() {
                record(&mut Fields(log));
                log.push('\n');
            }
        });
    }
}

impl tracing::Subscriber for Capture {
    fn register_callsite(&self, _: &'static tracing::Metadata<'static>) -> Interest {
        Interest::sometimes()
    }
    fn enabled(&self, _: &tracing::Metadata<'_>) -> bool {
        CAPTURED.with(|log| log.borrow().is_some())
    }
    fn new_span(&self, span: &tracing::span::Attributes<'_>) -> tracing::span::Id {
        Capture::write(|fields| span.record(fields));
        tracing::span::Id::from_u64(1)
    }
    fn record(&self, _: &tracing::span::Id, values: &tracing::span::Record<'_>) {
        Capture::write(|fields| values.record(fields));
    }
    fn record_follows_from(&self, _: &tracing::span::Id, _: &tracing::span::Id) {}
    fn event(&self, event: &tracing::Event<'_>) {
        Capture::write(|fields| event.record(fields));
    }
    fn enter(&self, _: &tracing::span::Id) {}
    fn exit(&self, _: &tracing::span::Id) {}
}

/// Runs on one thread (the default test runtime), so every event of the server is captured.
#[tokio::test]
async fn r_mcps_6_logs_of_rejected_requests_never_contain_the_token() {
    let token = Token::generate().expect("token");
    let secret = token.reveal().to_owned();
    let server = Server::start(|config| {
        config.token = Some(token);
        config.max_calls_per_minute = 1;
        config.max_body_bytes = 256;
    })
    .await;
    Capture::start();
    let bearer = format!("Authorization: Bearer {secret}");
    let target = format!("/{secret}");
    let requests = [
        (Req::post("{}").header(&format!("Authorization: Bearer {secret}x")), 401),
        (Req::post("{}").header(&bearer).header("Origin: http://evil.example"), 403),
        (Req::post("{}").header(&bearer).header("Host: evil.example"), 403),
        (Req { target: &target, ..Req::post("{}") }.header(&bearer), 404),
        (Req::post(&"x".repeat(300)).header(&bearer), 413),
        (Req::post(CALL).header(&bearer), 200),
        (Req::post(CALL).header(&bearer), 429),
    ];
    for (request, status) in &requests {
        let answer = server.send(request).await;
        assert_eq!(answer.status, *status, "{answer:?}");
        assert!(!answer.body.contains(&secret), "{answer:?}");
    }
    let log = Capture::stop();
    server.stop().await;
    assert!(log.contains("evil.example") && log.contains("status=413"), "captured: {log}");
    assert_eq!(log.matches("refused MCP HTTP request").count(), 6, "captured: {log}");
    assert!(!log.contains(&secret), "the token leaked into the log: {log}");
}

/// A handler with every method left to rmcp's defaults.
#[derive(Clone)]
struct Minimal;

impl rmcp::ServerHandler for Minimal {}

/// Reads from `stream` until `needle` has arrived.
async fn read_until(stream: &mut TcpStream, needle: &str) -> String {
    let mut bytes = Vec::new();
    while !String::from_utf8_lossy(&bytes).contains(needle) {
        let mut chunk = [0u8; 4096];
        let read = stream.read(&mut chunk);
        let n = tokio::time::timeout(Duration::from_secs(10), read)
            .await
            .expect("answer in time")
            .expect("read");
        assert!(n > 0, "closed before {needle:?}: {}", String::from_utf8_lossy(&bytes));
        bytes.extend_from_slice(&chunk[..n]);
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

#[tokio::test]
async fn r_mcps_6_serve_fronts_rmcps_streamable_http_service() {
    use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
    use rmcp::transport::streamable_http_server::{
        StreamableHttpServerConfig, StreamableHttpService,
    };
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("addr");
    let shutdown = CancellationToken::new();
    let service = StreamableHttpService::new(
        || Ok(Minimal),
        Arc::new(LocalSessionManager::default()),
        StreamableHttpServerConfig::default().with_cancellation_token(shutdown.child_token()),
    );
    let task = tokio::spawn(serve(listener, HttpConfig::new(addr), service, shutdown.clone()));
    let initialize = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-03-26","capabilities":{},"clientInfo":{"name":"test","version":"0"}}}"#;
    let request = Req::post(initialize)
        .header("Accept: application/json, text/event-stream")
        .header("Content-Type: application/json");
    let mut stream = TcpStream::connect(addr).await.expect("connect");
    stream.write_all(&raw(addr, &request)).await.expect("write");
    let text = read_until(&mut stream, "serverInfo").await;
    let answer = Answer::parse(text.as_bytes());
    assert_eq!(answer.status, 200, "{text}");
    assert!(answer.header("mcp-session-id").is_some(), "{text}");
    drop(stream);
    let mut stream = TcpStream::connect(addr).await.expect("connect");
    let foreign = request.header("Origin: http://evil.example");
    stream.write_all(&raw(addr, &foreign)).await.expect("write");
    let text = read_until(&mut stream, "\r\n\r\n").await;
    assert_eq!(Answer::parse(text.as_bytes()).status, 403, "{text}");
    shutdown.cancel();
    let result = tokio::time::timeout(Duration::from_secs(10), task).await;
    assert!(matches!(result, Ok(Ok(Ok(())))), "{result:?}");
}
