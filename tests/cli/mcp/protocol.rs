//! Bad input over stdio keeps the server up and loses nothing (R-MCPS-1): raw JSON-RPC lines,
//! written and read here without any SDK, so the bytes are exactly the ones under test.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use serde_json::{Value, json};

use crate::common::{Scratch, bin};

/// `ordo mcp` over stdio in `scratch`, with `flags`: the process, its stdin, its stdout.
fn serve(scratch: &Scratch, flags: &[&str]) -> (Child, ChildStdin, BufReader<ChildStdout>) {
    let mut server = Command::new(bin())
        .current_dir(scratch.path())
        .arg("mcp")
        .args(flags)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let input = server.stdin.take().unwrap();
    let output = BufReader::new(server.stdout.take().unwrap());
    (server, input, output)
}

/// Writes an `initialize` (as client `client`), `notifications/initialized`, then a
/// `tools/call` of `run_code` with `code` as request 2.
fn run_code_in_a_new_session(input: &mut ChildStdin, client: &str, code: &str) {
    let initialize = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {},
        "clientInfo": {"name": client, "version": "1"}}});
    let call = json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
        "params": {"name": "run_code", "arguments": {"code": code}}});
    for line in [
        initialize.to_string(),
        r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#.to_owned(),
        call.to_string(),
    ] {
        input.write_all(line.as_bytes()).unwrap();
        input.write_all(b"\n").unwrap();
    }
    input.flush().unwrap();
}

#[test]
fn r_mcps_1_malformed_requests_get_protocol_errors_and_the_next_request_works() {
    let scratch = Scratch::new();
    let (mut server, mut input, mut output) = serve(&scratch, &[]);
    let mut send = |line: &str| {
        input.write_all(line.as_bytes()).unwrap();
        input.write_all(b"\n").unwrap();
        input.flush().unwrap();
    };
    let mut answer = || -> Value {
        let mut line = String::new();
        output.read_line(&mut line).unwrap();
        serde_json::from_str(&line).unwrap_or_else(|error| panic!("{error}: {line:?}"))
    };

    send(
        &json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {},
        "clientInfo": {"name": "raw", "version": "1"}}})
        .to_string(),
    );
    assert_eq!(answer()["result"]["serverInfo"]["name"], "ordo");
    send(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#);

    let call = |id: u64, name: &str, arguments: Value| {
        json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
               "params": {"name": name, "arguments": arguments}})
        .to_string()
    };
    send(&call(2, "no_such_tool", json!({})));
    let unknown = answer();
    assert_eq!(unknown["id"], 2);
    assert_eq!(unknown["error"]["code"], -32602, "{unknown}");
    assert!(unknown["error"]["message"].as_str().unwrap().contains("run_code"), "{unknown}");

    send(&call(3, "run_code", json!(["not", "an", "object"])));
    let not_object = answer();
    assert_eq!(not_object["id"], 3);
    assert_eq!(not_object["error"]["code"], -32602, "{not_object}");

    send("{this is not json");
    let garbage = answer();
    assert_eq!(garbage["error"]["code"], -32700, "{garbage}");

    // A request past the 16 MiB line limit is refused without being kept.
    send(&call(5, "run_code", json!({"code": format!("return '{}'", "x".repeat(17 << 20))})));
    let too_long = answer();
    assert_eq!(too_long["error"]["code"], -32600, "{too_long}");
    assert!(too_long["error"]["message"].as_str().unwrap().contains("bytes"), "{too_long}");

    send(&call(4, "run_code", json!({"code": "return 6 * 7"})));
    let works = answer();
    assert_eq!(works["id"], 4);
    assert_eq!(works["result"]["structuredContent"]["result"], 42, "{works}");

    drop(input);
    assert!(server.wait().unwrap().success(), "the server ends when its client goes away");
}

/// R-MCPS-4: a stdio client that vanishes mid-call (its end of the pipe closed) ends the
/// server; the call in flight is aborted with its logged result, and its command killed.
#[test]
fn r_mcps_4_a_client_that_vanishes_mid_call_leaves_a_whole_log_and_no_process() {
    let scratch = Scratch::new();
    scratch.write("tools.toml", super::SLEEPER);
    let (mut server, mut input, mut output) =
        serve(&scratch, &["--tools", "tools.toml", "--session-dir", "logs"]);
    run_code_in_a_new_session(&mut input, "raw", "return await tools.sleeper({})");
    let mut first = String::new();
    output.read_line(&mut first).unwrap();
    let pid_file = scratch.path().join("sleeper.pid");
    crate::common::wait_until(std::time::Duration::from_secs(10), || pid_file.exists());
    std::thread::sleep(std::time::Duration::from_millis(200));
    let pid = std::fs::read_to_string(&pid_file).unwrap();

    drop(input);
    drop(output);
    let status = server.wait().unwrap();
    assert!(status.success(), "{status:?}");
    let sleeper = std::path::Path::new("/proc").join(pid.trim());
    crate::common::wait_until(std::time::Duration::from_secs(5), || !sleeper.exists());
    let log = std::fs::read_dir(scratch.path().join("logs")).unwrap().flatten().next().unwrap();
    let text = std::fs::read_to_string(log.path()).unwrap();
    let events: Vec<Value> = text.lines().map(|line| serde_json::from_str(line).unwrap()).collect();
    crate::common::assert_every_call_has_one_result(&events);
    let results: Vec<&Value> =
        events.iter().filter(|event| event["type"] == "tool/result").collect();
    assert_eq!(results.len(), 2, "{text}");
    assert!(results.iter().all(|result| result["error"]["code"] == "ABORTED"), "{text}");
}

/// The live children of `parent`, with their names.
fn children_of(parent: u32) -> Vec<(u32, String)> {
    let parent = parent.to_string();
    let Ok(entries) = std::fs::read_dir("/proc") else { return Vec::new() };
    entries
        .flatten()
        .filter_map(|entry| {
            let pid: u32 = entry.file_name().to_str()?.parse().ok()?;
            let stat = std::fs::read_to_string(entry.path().join("stat")).ok()?;
            let (head, rest) = stat.rsplit_once(") ")?;
            let mut fields = rest.split(' ');
            let state = fields.next()?;
            (state != "Z" && fields.next()? == parent)
                .then(|| (pid, head.split_once(" (").map(|(_, name)| name.to_owned())))
                .and_then(|(pid, name)| Some((pid, name?)))
        })
        .collect()
}

/// Whether a process is gone (or a zombie: dead, waiting to be reaped).
fn dead(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .map_or(true, |stat| stat.rsplit_once(") ").is_some_and(|(_, rest)| rest.starts_with('Z')))
}

/// `ordo mcp` forks its workers from a fork server (R-RT-3): both are its children, and a
/// server killed outright (no chance to clean up) takes them with it.
#[test]
fn r_rt_3_a_killed_server_takes_its_fork_server_and_workers_with_it() {
    let scratch = Scratch::new();
    let (mut server, mut input, mut output) = serve(&scratch, &[]);
    run_code_in_a_new_session(&mut input, "test", "return 6 * 7");
    let mut answers = String::new();
    while !answers.contains(r#""id":2"#) {
        assert!(output.read_line(&mut answers).unwrap() > 0, "closed: {answers}");
    }
    assert!(answers.contains("42"), "{answers}");
    // The warm spares are forked once the run is over: wait for them.
    let mut children = Vec::new();
    crate::common::wait_until(std::time::Duration::from_secs(10), || {
        children = children_of(server.id());
        children.iter().filter(|(_, name)| name == "ordo").count() >= 2
    });
    let servers: Vec<_> = children.iter().filter(|(_, name)| name == "ordo-zygote").collect();
    assert_eq!(servers.len(), 1, "{children:?}");

    server.kill().unwrap();
    server.wait().unwrap();
    crate::common::wait_until(std::time::Duration::from_secs(5), || {
        children.iter().all(|(pid, _)| dead(*pid))
    });
}
