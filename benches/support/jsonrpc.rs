//! What the benchmarks that drive `ordo mcp` over stdio share: raw JSON-RPC lines (no SDK in
//! the way) and nearest-rank percentiles.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Duration;

use serde_json::{Value, json};

/// `ordo mcp ARGS` over stdio, with one initialized client session (2025-11-25).
pub(crate) struct StdioServer {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: BufReader<ChildStdout>,
    next_id: usize,
}

impl StdioServer {
    /// Starts the server in `dir` and initializes a session as client `bench`.
    pub(crate) fn start(ordo: &Path, dir: &Path, args: &[&str]) -> Self {
        let mut child = Command::new(ordo)
            .current_dir(dir)
            .arg("mcp")
            .args(args)
            .env_remove("ORDO_LOG")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("cannot start ordo mcp");
        let stdin = child.stdin.take().expect("no stdin pipe");
        let stdout = BufReader::new(child.stdout.take().expect("no stdout pipe"));
        let mut server = Self { child, stdin: Some(stdin), stdout, next_id: 1 };
        server.request(
            "initialize",
            json!({
            "protocolVersion": "2025-11-25", "capabilities": {},
            "clientInfo": {"name": "bench", "version": "1"}}),
        );
        server.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        server
    }

    /// Sends a request and waits for its answer (notifications are skipped).
    pub(crate) fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        answer(&mut self.stdout, id)
    }

    /// A `run_code` call of `code`: its answer.
    pub(crate) fn run_code(&mut self, code: &str) -> Value {
        self.request("tools/call", json!({"name": "run_code", "arguments": {"code": code}}))
    }

    fn send(&mut self, line: &Value) {
        let stdin = self.stdin.as_mut().expect("the server's input is closed");
        writeln!(stdin, "{line}").expect("ordo mcp closed its stdin");
        stdin.flush().expect("ordo mcp closed its stdin");
    }

    /// Ends the input, which ends the server: the server, to be waited for.
    pub(crate) fn close(mut self) -> Child {
        drop(self.stdin.take());
        self.child
    }
}

/// Reads lines from the server until the answer to request `id` (notifications are skipped).
pub(crate) fn answer(stdout: &mut BufReader<ChildStdout>, id: usize) -> Value {
    let mut line = String::new();
    loop {
        line.clear();
        let read = stdout.read_line(&mut line).expect("cannot read ordo mcp's stdout");
        assert!(read > 0, "ordo mcp closed its stdout before answering request {id}");
        let message: Value =
            serde_json::from_str(&line).expect("ordo mcp wrote a line that is not JSON");
        if message["id"] == json!(id) {
            return message;
        }
    }
}

/// The nearest-rank percentile of sorted `times`.
pub(crate) fn percentile(times: &[Duration], fraction: f64) -> Duration {
    let rank = (fraction * times.len() as f64).ceil() as usize;
    times.get(rank.saturating_sub(1)).copied().unwrap_or_default()
}
