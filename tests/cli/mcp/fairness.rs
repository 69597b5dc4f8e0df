//! What clients share, shared fairly (issue 36): script workers (`--max-workers`), where no
//! client's long scripts may starve another's call, and the host memory runs make the server
//! hold (`--max-host-memory`). Raw HTTP sessions, so that only the calls are timed.

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

const SLOW: &str = r#"
[[tool]]
name = "slow"
description = "Takes five seconds."
parameters = { type = "object" }
concurrency_safe = true
command = ["sleep", "5"]
"#;

/// Each of N sessions ran a script starting thousands of unawaited calls with 60 KB arguments;
/// each ended at its own budget (256 MiB), and the server's memory peaked at 3.9 GiB with 8 and
/// stayed there. All runs now share `--max-host-memory`: the server's peak stays within it (the
/// accounting within 10% of the memory it measures), the run that passes it ends with
/// `limit(host_memory)`, and the memory is given back after the runs.
#[test]
fn r_rt_6_eight_heavy_runs_share_one_host_memory_budget() {
    const BUDGET_MIB: u64 = 96;
    let scratch = Scratch::new();
    // A tool that takes its time, so that the calls of a run wait with their arguments held.
    scratch.write("tools.toml", SLOW);
    let budget = (BUDGET_MIB << 20).to_string();
    let flags = ["--tools", "tools.toml", "--max-host-memory", &budget, "--timeout", "120000"];
    let server = Server::start(&scratch, &flags);
    let heavy = "const pad = 'x'.repeat(60000);\n\
                 for (let i = 0; i < 400; i++) tools.slow({ pad });\n\
                 const end = Date.now() + 2000; while (Date.now() < end) {}\n\
                 return 'spun'";
    let sessions: Vec<String> = (0..8).map(|_| new_session(&server)).collect();
    let baseline = server.memory_kib("VmRSS");
    let calls: Vec<TcpStream> =
        sessions.iter().map(|session| start_call(&server, session, heavy)).collect();
    let answers: Vec<String> = calls
        .into_iter()
        .map(|mut call| {
            call.set_read_timeout(Some(Duration::from_secs(120))).unwrap();
            let mut answer = String::new();
            let _ = call.read_to_string(&mut answer);
            answer
        })
        .collect();
    let peak = server.memory_kib("VmHWM") - baseline;
    std::thread::sleep(Duration::from_millis(3000));
    let after = server.memory_kib("VmRSS").saturating_sub(baseline);
    eprintln!(
        "8 heavy runs, budget {BUDGET_MIB} MiB: peak {} MiB over the idle server, {} MiB after",
        peak >> 10,
        after >> 10
    );
    let limited = answers.iter().filter(|answer| answer.contains("limit(host_memory)")).count();
    let spun = answers.iter().filter(|answer| answer.contains(r#""result":"spun""#)).count();
    assert_eq!(limited + spun, 8, "{answers:#?}");
    assert!(limited >= 1, "no run passed the shared budget: {answers:#?}");
    let budget_kib = BUDGET_MIB << 10;
    assert!(peak <= budget_kib * 11 / 10, "peak {peak} KiB over a budget of {budget_kib} KiB");
    assert!(peak >= budget_kib * 9 / 10, "peak {peak} KiB: the budget is overcounted");
    assert!(after < budget_kib / 4, "{after} KiB still held after the runs");
}
