//! Fairness across clients (issue 36): script workers are shared (`--max-workers`), and no
//! client's long scripts may starve another's call. Raw HTTP sessions, so that only the call is
//! timed.

use std::io::Read;
use std::net::TcpStream;
use std::time::{Duration, Instant};

use serde_json::json;

use super::front_door::{hold, new_session};
use super::http::Server;
use crate::common::Scratch;

/// Starts `run_code` of `code` in `session`; the response comes on the returned connection,
/// which the server closes once the call has ended.
fn start_call(server: &Server, session: &str, code: &str) -> TcpStream {
    let body = json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call",
                      "params": {"name": "run_code", "arguments": {"code": code}}})
    .to_string();
    let head = format!(
        "POST /mcp HTTP/1.1\r\nHost: {}\r\nAuthorization: {}\r\nContent-Type: application/json\r\n\
         Accept: application/json, text/event-stream\r\nMcp-Session-Id: {session}\r\n\
         Mcp-Protocol-Version: 2025-11-25\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        server.address,
        server.bearer(),
        body.len()
    );
    hold(server, &head)
}

/// With 8 clients each running a busy loop under `--max-workers 8`, another client's trivial
/// `run_code` waited 12 s (up to the whole `--timeout` with the defaults). A client running no
/// script may take one of the reserved workers.
#[test]
fn r_mcps_6_a_clients_trivial_call_is_answered_beside_eight_busy_clients() {
    let scratch = Scratch::new();
    let server = Server::start(&scratch, &["--max-workers", "8"]);
    let busy = "const end = Date.now() + 15000; while (Date.now() < end) {} return 'busy'";
    let sessions: Vec<String> = (0..8).map(|_| new_session(&server)).collect();
    let running: Vec<TcpStream> =
        sessions.iter().map(|session| start_call(&server, session, busy)).collect();
    std::thread::sleep(Duration::from_millis(2000));
    let victim = new_session(&server);
    let started = Instant::now();
    let mut call = start_call(&server, &victim, "return 1");
    call.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let mut answer = String::new();
    let _ = call.read_to_string(&mut answer);
    let took = started.elapsed();
    eprintln!("a trivial call beside 8 busy clients: {took:?}");
    assert!(answer.contains(r#""structuredContent":{"result":1"#), "{answer}");
    assert!(took < Duration::from_secs(1), "the trivial call took {took:?}");
    drop(running);
}
