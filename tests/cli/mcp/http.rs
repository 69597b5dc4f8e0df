//! `ordo mcp --http` over real HTTP (R-MCPS-1, R-MCPS-6): the Python SDK's client with the
//! printed token, and raw requests for what a client library would never send.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use nix::sys::signal::Signal;
use serde_json::{Value, json};

use super::client;
use crate::common::{Scratch, bin, wait_until};

/// A running `ordo mcp --http`, stopped when dropped.
pub(crate) struct Server {
    child: Child,
    /// The MCP endpoint it announced, `http://127.0.0.1:PORT/mcp`.
    pub(crate) url: String,
    pub(crate) address: String,
    /// The bearer token it printed, if it requires one.
    pub(crate) token: Option<String>,
    /// What it wrote on stderr after announcing itself, read by a thread.
    stderr: std::sync::Arc<std::sync::Mutex<String>>,
}

impl Server {
    /// Starts `ordo mcp --http 127.0.0.1:0 ARGS` in the scratch folder and reads its
    /// announcement (address and token) from stderr.
    pub(crate) fn start(scratch: &Scratch, args: &[&str]) -> Self {
        Self::start_with(scratch, args, &[])
    }

    /// As [`Server::start`], with these environment variables set for the server.
    pub(crate) fn start_with(scratch: &Scratch, args: &[&str], env: &[(&str, &str)]) -> Self {
        let (reader, writer) = std::io::pipe().unwrap();
        let child = spawn(scratch, args, writer, env);
        let mut lines = BufReader::new(reader).lines();
        let (url, address, token) = announcement(&mut lines);
        let stderr = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
        let sink = std::sync::Arc::clone(&stderr);
        std::thread::spawn(move || {
            for line in lines.map_while(Result::ok) {
                let mut all = sink.lock().unwrap();
                all.push_str(&line);
                all.push('\n');
            }
        });
        Self { child, url, address, token, stderr }
    }

    /// As [`Server::start`], then closes the read end of the server's stderr, as `ordo mcp
    /// 2>&1 | head` does once `head` has its lines: every later write to it fails.
    pub(crate) fn start_then_close_stderr(scratch: &Scratch, args: &[&str]) -> Self {
        let (reader, writer) = std::io::pipe().unwrap();
        let child = spawn(scratch, args, writer, &[]);
        let (url, address, token) = announcement(&mut BufReader::new(reader).lines());
        let stderr = std::sync::Arc::default();
        Self { child, url, address, token, stderr }
    }

    /// A raw HTTP/1.1 POST to /mcp; returns the status and the body read so far.
    pub(crate) fn post(&self, headers: &[(&str, &str)], body: &str) -> (u16, String) {
        self.request("POST", headers, body)
    }

    /// A raw HTTP/1.1 request to /mcp; returns the status and the response read so far.
    pub(crate) fn request(
        &self,
        method: &str,
        headers: &[(&str, &str)],
        body: &str,
    ) -> (u16, String) {
        let mut stream = TcpStream::connect(&self.address).unwrap();
        stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        let mut request = format!(
            "{method} /mcp HTTP/1.1\r\nContent-Type: application/json\r\n\
             Accept: application/json, text/event-stream\r\nContent-Length: {}\r\nConnection: close\r\n",
            body.len()
        );
        if !headers.iter().any(|(name, _)| name.eq_ignore_ascii_case("host")) {
            request.push_str(&format!("Host: {}\r\n", self.address));
        }
        for (name, value) in headers {
            request.push_str(&format!("{name}: {value}\r\n"));
        }
        request.push_str("\r\n");
        request.push_str(body);
        stream.write_all(request.as_bytes()).unwrap();
        let mut response = String::new();
        let _ = stream.read_to_string(&mut response);
        let status = response.split(' ').nth(1).and_then(|code| code.parse().ok()).unwrap_or(0);
        (status, response)
    }

    /// The server's `/proc/PID/status` line `field` (`VmRSS`, `VmHWM`), in KiB.
    pub(crate) fn memory_kib(&self, field: &str) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap();
        status
            .lines()
            .find_map(|line| line.strip_prefix(field)?.strip_prefix(':'))
            .and_then(|value| value.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap()
    }

    /// The `Authorization` header's value with the printed token.
    pub(crate) fn bearer(&self) -> String {
        format!("Bearer {}", self.token.as_deref().unwrap())
    }
}

/// `ordo mcp --http 127.0.0.1:0 ARGS` in the scratch folder, logging at debug to `stderr`.
fn spawn(
    scratch: &Scratch,
    args: &[&str],
    stderr: std::io::PipeWriter,
    env: &[(&str, &str)],
) -> Child {
    Command::new(bin())
        .current_dir(scratch.path())
        .args(["mcp", "--http", "127.0.0.1:0"])
        .args(args)
        .envs(env.iter().copied())
        .env("ORDO_LOG", "debug")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(stderr)
        .spawn()
        .unwrap()
}

/// The server's announcement on stderr: its URL, its address, and the token if it printed one.
fn announcement(
    lines: &mut impl Iterator<Item = std::io::Result<String>>,
) -> (String, String, Option<String>) {
    let (mut url, mut token) = (None, None);
    for line in lines.by_ref() {
        let line = line.unwrap();
        if let Some(at) = line.find("serving MCP at ") {
            url = Some(line[at + "serving MCP at ".len()..].trim().to_owned());
        }
        if line.contains("Claude Code:") {
            token = line.split("Bearer ").nth(1).map(|rest| rest.trim_end_matches('"').to_owned());
            if token.is_none() {
                break;
            }
        }
        // With a token, the announcement ends with the mcpServers line.
        if line.contains("mcpServers:") {
            break;
        }
    }
    let url = url.expect("the server announced no address");
    let address = url.trim_start_matches("http://").trim_end_matches("/mcp").to_owned();
    (url, address, token)
}

impl Server {
    /// Ends the server with SIGKILL, as a crash would, and waits for it.
    pub(crate) fn kill_9(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub(crate) fn initialize() -> String {
    json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {},
        "clientInfo": {"name": "raw", "version": "1"}}})
    .to_string()
}

#[test]
fn r_mcps_1_the_python_client_calls_run_code_over_http_with_the_printed_token() {
    let scratch = Scratch::new();
    scratch.write("a.txt", "alpha\n");
    let server = Server::start(&scratch, &[]);
    let code = "const [a, b] = await Promise.all([tools.read_file({path: 'a.txt'}), tools.list_dir({})]); \
                return [a.content, b.entries.length]";
    let arguments = json!({ "code": code }).to_string();
    let Some(seen) =
        client::http(&server.url, server.token.as_deref(), "call", &["run_code", &arguments])
    else {
        return;
    };
    assert_eq!(seen["result"]["structuredContent"]["result"], json!(["alpha\n", 1]), "{seen}");
}

#[test]
fn r_mcps_6_origin_host_and_token_are_checked_on_every_request() {
    let scratch = Scratch::new();
    let server = Server::start(&scratch, &[]);
    let bearer = server.bearer();
    let auth = ("Authorization", bearer.as_str());
    let body = initialize();
    assert_eq!(server.post(&[auth], &body).0, 200, "the right token works");
    assert_eq!(server.post(&[], &body).0, 401, "no token");
    assert_eq!(server.post(&[("Authorization", "Bearer wrong-token-0123456789")], &body).0, 401);
    assert_eq!(server.post(&[auth, ("Origin", "https://evil.example")], &body).0, 403);
    let port = server.address.rsplit(':').next().unwrap().to_owned();
    let origin = format!("http://localhost:{port}");
    assert_eq!(server.post(&[auth, ("Origin", origin.as_str())], &body).0, 200);
    let rebound = format!("evil.example:{port}");
    assert_eq!(server.post(&[auth, ("Host", rebound.as_str())], &body).0, 403, "DNS rebinding");
    // The token shows in the announcement only, never in a log line.
    std::thread::sleep(Duration::from_millis(300));
    let logged = server.stderr.lock().unwrap().clone();
    assert!(logged.contains("401") || logged.contains("token"), "refusals are logged: {logged}");
    assert!(!logged.contains(server.token.as_deref().unwrap()), "the token was logged:\n{logged}");
}

#[test]
fn r_mcps_6_a_body_over_the_limit_is_refused() {
    let scratch = Scratch::new();
    let server = Server::start(&scratch, &["--max-body-bytes", "2000"]);
    let bearer = server.bearer();
    let big = json!({"jsonrpc": "2.0", "id": 1, "method": "ping", "pad": "x".repeat(5000)});
    assert_eq!(server.post(&[("Authorization", &bearer)], &big.to_string()).0, 413);
    assert_eq!(server.post(&[("Authorization", &bearer)], &initialize()).0, 200);
}

#[test]
fn r_mcps_6_a_public_address_without_auth_refuses_to_start() {
    let scratch = Scratch::new();
    let output = scratch.ordo(&["mcp", "--http", "0.0.0.0:0", "--no-auth"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("--no-auth is only for a loopback address"), "{stderr}");
    let output = scratch
        .ordo(&["mcp", "--http", "0.0.0.0:0", "--token-env", "ORDO_TEST_NO_SUCH_VARIABLE"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("ORDO_TEST_NO_SUCH_VARIABLE"), "{stderr}");
}

#[test]
fn r_mcps_6_a_client_over_its_rate_is_limited_while_another_is_served() {
    let scratch = Scratch::new();
    let server = Server::start(&scratch, &["--max-calls-per-minute", "2"]);
    let token = server.token.as_deref();
    let three = json!([
        ["run_code", {"code": "return 1"}],
        ["run_code", {"code": "return 2"}],
        ["run_code", {"code": "return 3"}],
    ])
    .to_string();
    let Some(first) = client::http(&server.url, token, "calls", &[&three]) else { return };
    let calls = first["calls"].as_array().unwrap();
    assert_eq!(calls[0]["result"]["structuredContent"]["result"], 1, "{first}");
    assert_eq!(calls[1]["result"]["structuredContent"]["result"], 2, "{first}");
    assert!(calls[2]["error"].is_string(), "the third call is over the rate: {first}");
    let one = json!([["run_code", {"code": "return 'other'"}]]).to_string();
    let Some(other) = client::http(&server.url, token, "calls", &[&one]) else { return };
    assert_eq!(other["calls"][0]["result"]["structuredContent"]["result"], "other", "{other}");
}

/// R-MCPS-4: a client whose HTTP stream closes mid-call cancels the call: its command dies
/// and the session log gets its results.
#[test]
fn r_mcps_4_a_closed_stream_cancels_the_call() {
    let scratch = Scratch::new();
    scratch.write("tools.toml", super::SLEEPER);
    let server = Server::start(&scratch, &["--tools", "tools.toml", "--session-dir", "logs"]);
    let bearer = server.bearer();
    let auth = ("Authorization", bearer.as_str());
    let (status, response) = server.post(&[auth], &initialize());
    assert_eq!(status, 200, "{response}");
    let session = session_id(&response);
    let id = ("Mcp-Session-Id", session.as_str());
    let version = ("Mcp-Protocol-Version", "2025-11-25");
    let initialized = json!({"jsonrpc": "2.0", "method": "notifications/initialized"}).to_string();
    assert_eq!(server.post(&[auth, id, version], &initialized).0, 202);

    // The call, on a connection closed once the sleeper runs.
    let call = json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {
        "name": "run_code", "arguments": {"code": "return await tools.sleeper({})"}}})
    .to_string();
    let mut stream = TcpStream::connect(&server.address).unwrap();
    let request = format!(
        "POST /mcp HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
         Accept: application/json, text/event-stream\r\nAuthorization: {bearer}\r\n\
         Mcp-Session-Id: {session}\r\nMcp-Protocol-Version: 2025-11-25\r\nContent-Length: {}\r\n\r\n{call}",
        server.address,
        call.len()
    );
    stream.write_all(request.as_bytes()).unwrap();
    let pid_file = scratch.path().join("sleeper.pid");
    wait_until(Duration::from_secs(10), || pid_file.exists());
    std::thread::sleep(Duration::from_millis(200));
    let pid = std::fs::read_to_string(&pid_file).unwrap();
    drop(stream);
    let sleeper = Path::new("/proc").join(pid.trim());
    wait_until(Duration::from_secs(5), || !sleeper.exists());

    let logs = scratch.path().join("logs");
    let results = || -> Vec<Value> {
        std::fs::read_dir(&logs)
            .unwrap()
            .flatten()
            .flat_map(|log| {
                let text = std::fs::read_to_string(log.path()).unwrap_or_default();
                text.lines()
                    .filter_map(|line| serde_json::from_str(line).ok())
                    .collect::<Vec<Value>>()
            })
            .filter(|event: &Value| event["type"] == "tool/result")
            .collect()
    };
    wait_until(Duration::from_secs(5), || results().len() == 2);
    for result in results() {
        assert_eq!(result["error"]["code"], "ABORTED", "{result}");
    }
}

/// Stateless requests (2026-07-28) have no session: they share one scheduling core and one
/// log, instead of a log per request.
#[test]
fn r_mcps_1_stateless_clients_are_served_and_share_one_log() {
    let scratch = Scratch::new();
    let server = Server::start(&scratch, &["--session-dir", "logs"]);
    let two = json!([["run_code", {"code": "return 1"}], ["run_code", {"code": "return 2"}]]);
    let two = two.to_string();
    let Some(seen) = client::http_modern(&server.url, server.token.as_deref(), "calls", &[&two])
    else {
        return;
    };
    assert_eq!(seen["calls"][1]["result"]["structuredContent"]["result"], 2, "{seen}");
    let logs: Vec<_> = std::fs::read_dir(scratch.path().join("logs")).unwrap().flatten().collect();
    assert_eq!(logs.len(), 1, "one log for the stateless calls");
    let name = logs[0].file_name().into_string().unwrap();
    assert!(name.contains("-stateless-"), "{name}");
    let text = std::fs::read_to_string(logs[0].path()).unwrap();
    assert_eq!(text.lines().count(), 4, "two calls, two results:\n{text}");
}

/// SIGTERM and SIGINT stop the server even when its stderr is a closed pipe: the shutdown
/// writes nothing it could fail on before it cancels, and log lines that cannot be written are
/// dropped, not reported with a panic.
#[test]
fn r_mcps_6_a_signal_stops_a_server_whose_stderr_is_closed() {
    for signal in [Signal::SIGTERM, Signal::SIGINT] {
        let scratch = Scratch::new();
        let mut server = Server::start_then_close_stderr(&scratch, &[]);
        let bearer = server.bearer();
        // Served, and logged at debug to the closed stderr.
        assert_eq!(server.post(&[("Authorization", &bearer)], &initialize()).0, 200);
        assert_eq!(server.post(&[], &initialize()).0, 401);
        crate::common::signal(&server.child, signal);
        let sent = Instant::now();
        while server.child.try_wait().unwrap().is_none() {
            assert!(sent.elapsed() < Duration::from_secs(2), "{signal}: still serving after 2 s");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// The session id an `initialize` response issued.
pub(crate) fn session_id(response: &str) -> String {
    response
        .lines()
        .find_map(|line| {
            line.strip_prefix("mcp-session-id: ").or_else(|| line.strip_prefix("Mcp-Session-Id: "))
        })
        .expect("no session id")
        .trim()
        .to_owned()
}

/// Ending a session the server did not issue, or has ended, is 404 (it was 200).
#[test]
fn r_mcps_6_deleting_an_unknown_session_is_not_found() {
    let scratch = Scratch::new();
    let server = Server::start(&scratch, &[]);
    let bearer = server.bearer();
    let auth = ("Authorization", bearer.as_str());
    let version = ("Mcp-Protocol-Version", "2025-11-25");
    let made_up = ("Mcp-Session-Id", "0123456789abcdef");
    assert_eq!(server.request("DELETE", &[auth, version, made_up], "").0, 404);
    let (status, response) = server.post(&[auth], &initialize());
    assert_eq!(status, 200, "{response}");
    let session = session_id(&response);
    let id = ("Mcp-Session-Id", session.as_str());
    assert_eq!(server.request("DELETE", &[auth, version, id], "").0, 200);
    assert_eq!(server.request("DELETE", &[auth, version, id], "").0, 404, "ended already");
}

/// R-LOG-6, issue 36: the session logs of all clients share `--session-log-quota`; each had its
/// own (256 MiB), so many sessions could fill the disk. Here the second client's read is logged
/// as its size and hash.
#[test]
fn r_log_6_session_logs_share_one_quota_across_clients() {
    let scratch = Scratch::new();
    scratch.write("k.txt", &"k".repeat(2000));
    let flags = ["--session-dir", "logs", "--session-log-quota", "3000"];
    let server = Server::start(&scratch, &flags);
    let arguments =
        json!({ "code": "return (await tools.read_file({path: 'k.txt'})).content.length" });
    let arguments = arguments.to_string();
    for _ in 0..2 {
        let Some(seen) =
            client::http(&server.url, server.token.as_deref(), "call", &["run_code", &arguments])
        else {
            return;
        };
        assert_eq!(seen["result"]["structuredContent"]["result"], 2000, "{seen}");
    }
    let reads: Vec<Value> = std::fs::read_dir(scratch.path().join("logs"))
        .unwrap()
        .flatten()
        .flat_map(|log| {
            let text = std::fs::read_to_string(log.path()).unwrap();
            text.lines()
                .map(|line| serde_json::from_str::<Value>(line).unwrap())
                .collect::<Vec<_>>()
        })
        .filter(|event| event["type"] == "tool/result" && event["name"] == "read_file")
        .collect();
    let elided: Vec<bool> =
        reads.iter().map(|read| read["elided"].as_array().is_some_and(|e| !e.is_empty())).collect();
    assert_eq!(elided.len(), 2, "{reads:#?}");
    assert_eq!(elided.iter().filter(|elided| **elided).count(), 1, "{reads:#?}");
}

/// Issue 36: stateless clients (2026-07-28) shared one scheduling core, so one client's long
/// script made another's `return 1` wait for it (14.1 s behind a 15 s script). Each stateless
/// request now has a core of its own: the second client is answered while the first runs.
#[test]
fn r_mcps_4_a_stateless_clients_long_script_does_not_hold_up_another() {
    let scratch = Scratch::new();
    let server = Server::start(&scratch, &[]);
    let (url, token) = (server.url.clone(), server.token.clone());
    let busy =
        json!({"code": "const end = Date.now() + 8000; while (Date.now() < end) {} return 'busy'"})
            .to_string();
    let long = std::thread::spawn(move || {
        client::http_modern(&url, token.as_deref(), "call", &["run_code", &busy])
    });
    std::thread::sleep(Duration::from_millis(1500));
    let quick = json!({"code": "return 1"}).to_string();
    let Some(seen) =
        client::http_modern(&server.url, server.token.as_deref(), "call", &["run_code", &quick])
    else {
        return;
    };
    assert_eq!(seen["result"]["structuredContent"]["result"], 1, "{seen}");
    assert!(!long.is_finished(), "the quick call waited for the long script to end");
    let long = long.join().unwrap().unwrap();
    assert_eq!(long["result"]["structuredContent"]["result"], "busy", "{long}");
}
