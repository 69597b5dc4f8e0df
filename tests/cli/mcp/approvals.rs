//! R-RUN-6: approvals for the Python SDK's default client, which speaks 2026-07-28 (no session
//! to elicit on): `ordo mcp` pauses the run and answers `input_required`, the client asks its
//! elicitation callback and retries, and the run resumes from its journal. Every tool counts its
//! own executions (a line per run in a file), so "nothing ran twice" is counted, not assumed.

use std::process::Command;

use serde_json::{Value, json};

use super::client::python;
use super::http::Server;
use crate::common::{Scratch, bin};

/// `stamp` runs freely; `deploy` asks first. Each appends its arguments to a file (so what ran
/// is counted whichever process ran it: the fleet's tests use them too).
pub(crate) const TOOLS: &str = r#"
[[tool]]
name = "stamp"
description = "Appends its arguments to stamps.log and echoes them."
parameters = { type = "object" }
concurrency_safe = true
command = ["sh", "-c", "tee -a stamps.log"]

[[tool]]
name = "deploy"
description = "Appends its arguments to deploys.log and echoes them; asks first."
parameters = { type = "object" }
concurrency_safe = true
command = ["sh", "-c", "tee -a deploys.log"]
approval = "ask"
"#;

/// A stamp, then two deploys asked together, then what became of each.
pub(crate) const CODE: &str = r#"
const first = await tools.stamp({ n: 1 });
const settled = await Promise.allSettled([tools.deploy({ what: "a" }), tools.deploy({ what: "b" })]);
return settled.map((s) => s.status === "fulfilled" ? s.value.what : s.reason.code);
"#;

/// A fixed token, so that a restarted server is the same server to its client.
const TOKEN: &str = "an-approvals-test-token-of-forty-characters";

fn scratch() -> Scratch {
    let scratch = Scratch::new();
    scratch.write("tools.toml", TOOLS);
    scratch
}

fn count(scratch: &Scratch, file: &str) -> usize {
    std::fs::read_to_string(scratch.path().join(file)).unwrap_or_default().lines().count()
}

/// Where the client reaches ordo.
enum At<'a> {
    Stdio,
    Http(&'a Server),
}

/// What tests/mcp/approvals.py saw; `None` only where PyPI cannot be reached (said loudly).
fn client(
    scratch: &Scratch,
    at: &At<'_>,
    scenario: &str,
    answer: &str,
    args: &[&str],
) -> Option<Value> {
    client_of(scratch, at, &[], scenario, answer, args)
}

/// As [`client`], `ordo mcp` over stdio given `extra` flags.
fn client_of(
    scratch: &Scratch,
    at: &At<'_>,
    extra: &[&str],
    scenario: &str,
    answer: &str,
    args: &[&str],
) -> Option<Value> {
    let python = python()?;
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/mcp/approvals.py");
    let mut command = Command::new(python);
    command.current_dir(scratch.path()).args([script, scenario, &format!("--elicit={answer}")]);
    match at {
        At::Stdio => {
            command.arg("--stdio").arg(bin()).args([
                "mcp",
                "--tools",
                "tools.toml",
                "--state-dir",
                "state",
            ]);
            command.args(extra);
        }
        At::Http(server) => {
            command.args(["--http", &server.url, TOKEN]);
        }
    }
    command.arg("--").args(args).env_remove("ORDO_LOG");
    let output = command.output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    Some(serde_json::from_slice(&output.stdout).unwrap())
}

fn server(scratch: &Scratch, extra: &[&str]) -> Server {
    let mut args =
        vec!["--tools", "tools.toml", "--state-dir", "state", "--token-env", "APPROVALS_TOKEN"];
    args.extend_from_slice(extra);
    Server::start_with(scratch, &args, &[("APPROVALS_TOKEN", TOKEN)])
}

#[test]
fn r_run_6_accept_decline_and_cancel_give_the_three_outcomes_each_call_asked_once() {
    let scratch = scratch();
    let http = server(&scratch, &[]);
    for (transport, at) in [("stdio", At::Stdio), ("http", At::Http(&http))] {
        three_outcomes(&scratch, &at, transport);
    }
}

/// Accept, decline, cancel in turn, each run's calls counted (cumulatively in the scratch).
fn three_outcomes(scratch: &Scratch, at: &At<'_>, transport: &str) {
    let before = (count(scratch, "stamps.log"), count(scratch, "deploys.log"));
    let cases = [
        ("accept", json!(["a", "b"])),
        ("decline", json!(["APPROVAL_REJECTED", "APPROVAL_REJECTED"])),
        ("cancel", json!(["APPROVAL_CANCELLED", "APPROVAL_CANCELLED"])),
    ];
    for (round, (answer, expected)) in cases.into_iter().enumerate() {
        let Some(seen) = client(scratch, at, "call", answer, &[CODE]) else { return };
        assert_eq!(seen["protocol"], "2026-07-28", "{seen}");
        let result = &seen["result"]["structuredContent"]["result"];
        assert_eq!(*result, expected, "{transport}, {answer}: {seen}");
        let elicited = seen["elicited"].as_array().unwrap();
        assert_eq!(elicited.len(), 2, "each waiting call asked once: {seen}");
        assert!(elicited[0].as_str().unwrap().contains("Allow the tool deploy to run?"), "{seen}");
        assert!(elicited.iter().any(|m| m.as_str().unwrap().contains(r#""what": "b""#)), "{seen}");
        let (stamps, deploys) = (count(scratch, "stamps.log"), count(scratch, "deploys.log"));
        assert_eq!(stamps - before.0, round + 1, "{transport}: the stamp ran once per run");
        assert_eq!(deploys - before.1, 2, "{transport}: the accepted ran, nothing since: {answer}");
    }
}

#[test]
fn r_run_6_a_server_killed_while_a_run_waits_resumes_it_after_a_restart() {
    let scratch = scratch();
    let first = server(&scratch, &[]);
    let Some(seen) = client(&scratch, &At::Http(&first), "pause", "accept", &[CODE]) else {
        return;
    };
    let paused = &seen["first"];
    assert_eq!(paused["resultType"], "input_required", "{seen}");
    let keys: Vec<&String> = paused["inputRequests"].as_object().unwrap().keys().collect();
    assert_eq!(keys.len(), 2, "{seen}");
    let state = paused["requestState"].as_str().unwrap().to_owned();
    assert_eq!(count(&scratch, "stamps.log"), 1);
    first.kill_9();

    let second = server(&scratch, &[]);
    let accept: serde_json::Map<String, Value> =
        keys.iter().map(|key| ((*key).clone(), json!({ "action": "accept" }))).collect();
    let responses = Value::Object(accept).to_string();
    let retry =
        client(&scratch, &At::Http(&second), "retry", "accept", &[CODE, &state, &responses])
            .unwrap();
    assert_eq!(retry["result"]["structuredContent"]["result"], json!(["a", "b"]), "{retry}");
    assert_eq!(count(&scratch, "stamps.log"), 1, "the stamp was answered from the journal");
    assert_eq!(count(&scratch, "deploys.log"), 2);

    // The same state again: its pause was answered; nothing runs.
    let reused =
        client(&scratch, &At::Http(&second), "retry", "accept", &[CODE, &state, &responses])
            .unwrap();
    assert!(reused["error"].as_str().unwrap().contains("requestState refused"), "{reused}");
    assert_eq!(count(&scratch, "deploys.log"), 2);
}

#[test]
fn r_run_6_forged_expired_and_other_client_states_are_refused_and_run_nothing() {
    let scratch = scratch();
    let first = server(&scratch, &["--approval-expiry", "1"]);
    let Some(seen) = client(&scratch, &At::Http(&first), "pause", "accept", &[CODE]) else {
        return;
    };
    let state = seen["first"]["requestState"].as_str().unwrap().to_owned();
    let refused = |seen: Value, why: &str| {
        let error = seen["error"].as_str().unwrap_or_default().to_owned();
        assert!(error.contains("requestState refused"), "{why}: {seen}");
        error
    };
    // Altered: one character of the signed part changed.
    let mut forged = state.clone().into_bytes();
    let middle = forged.len() / 2;
    forged[middle] = if forged[middle] == b'A' { b'B' } else { b'A' };
    let forged = String::from_utf8(forged).unwrap();
    refused(
        client(&scratch, &At::Http(&first), "retry", "accept", &[CODE, &forged, "{}"]).unwrap(),
        "forged",
    );
    // Another client: the same store, another token.
    let other = Server::start_with(
        &scratch,
        &["--tools", "tools.toml", "--state-dir", "state", "--token-env", "APPROVALS_TOKEN"],
        &[("APPROVALS_TOKEN", "another-token-of-more-than-sixteen-characters")],
    );
    let mut command = Command::new(python().unwrap());
    command.current_dir(scratch.path()).args([
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/mcp/approvals.py"),
        "retry",
        "--elicit=accept",
        "--http",
        &other.url,
        "another-token-of-more-than-sixteen-characters",
        "--",
        CODE,
        &state,
        "{}",
    ]);
    let output = command.output().unwrap();
    refused(serde_json::from_slice(&output.stdout).unwrap(), "another client");
    // Expired: the server gave a second.
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let error = refused(
        client(&scratch, &At::Http(&first), "retry", "accept", &[CODE, &state, "{}"]).unwrap(),
        "expired",
    );
    assert!(error.contains("xpired"), "{error}");
    assert_eq!(count(&scratch, "deploys.log"), 0, "nothing refused ran");
    assert_eq!(count(&scratch, "stamps.log"), 1);
}

#[test]
fn r_run_6_over_stdio_a_new_server_process_resumes_the_run() {
    let scratch = scratch();
    let Some(seen) = client(&scratch, &At::Stdio, "pause", "accept", &[CODE]) else { return };
    let paused = &seen["first"];
    let state = paused["requestState"].as_str().unwrap().to_owned();
    let answers: serde_json::Map<String, Value> = paused["inputRequests"]
        .as_object()
        .unwrap()
        .keys()
        .enumerate()
        .map(|(i, key)| {
            (key.clone(), json!({ "action": if i == 0 { "accept" } else { "decline" } }))
        })
        .collect();
    let responses = Value::Object(answers).to_string();
    // The client's own process ended, and the server with it: this is another of each.
    let retry =
        client(&scratch, &At::Stdio, "retry", "accept", &[CODE, &state, &responses]).unwrap();
    assert_eq!(
        retry["result"]["structuredContent"]["result"],
        json!(["a", "APPROVAL_REJECTED"]),
        "{retry}"
    );
    assert_eq!(count(&scratch, "stamps.log"), 1);
    assert_eq!(count(&scratch, "deploys.log"), 1);
}

#[test]
fn r_run_6_a_tool_called_directly_is_asked_by_input_required_too() {
    let scratch = scratch();
    let direct = ["--direct"];
    for (answer, ran) in [("decline", 0), ("accept", 1), ("cancel", 1)] {
        let args = ["deploy", r#"{"what": "direct"}"#];
        let Some(seen) = client_of(&scratch, &At::Stdio, &direct, "direct", answer, &args) else {
            return;
        };
        assert_eq!(seen["elicited"].as_array().unwrap().len(), 1, "{seen}");
        let result = &seen["result"];
        let code = &result["structuredContent"]["code"];
        match answer {
            "accept" => assert_eq!(result["isError"], false, "{seen}"),
            "decline" => assert_eq!(*code, "APPROVAL_REJECTED", "{seen}"),
            _ => assert_eq!(*code, "APPROVAL_CANCELLED", "{seen}"),
        }
        assert_eq!(count(&scratch, "deploys.log"), ran, "{answer}");
    }
}
