//! A store that is down at start, silent, or gone mid-run and back (R-FLEET-5): a clear refusal
//! to start; mid-run, the calls that need it fail with one clear error within the bounded wait,
//! the server stays up and recovers, and the log keeps every event once, in order.

use std::net::TcpListener;
use std::time::{Duration, Instant};

use serde_json::Value;

use super::database;
use crate::common::{Scratch, stderr};
use crate::mcp::client;
use crate::mcp::http::Server;
use crate::pg_proxy::{Mode, Proxy, split};

#[test]
fn r_fleet_5_a_store_down_or_silent_at_start_is_a_clear_refusal_within_the_wait() {
    let scratch = Scratch::new();
    let closed = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let url = format!("postgres://ordo@127.0.0.1:{closed}/fleet");
    let down = scratch.ordo(&["mcp", "--store", &url]).output().unwrap();
    assert_eq!(down.status.code(), Some(2), "{}", stderr(&down));
    let said = stderr(&down);
    assert!(
        said.contains(&format!("cannot reach PostgreSQL at 127.0.0.1:{closed}/fleet")),
        "{said}"
    );
    assert!(!said.contains("password"), "{said}");

    // A server that accepts and never answers: refused after the wait, not hung.
    let silent = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = silent.local_addr().unwrap().port();
    let url = format!("postgres://ordo:secret@127.0.0.1:{port}/fleet");
    let started = Instant::now();
    let output = scratch
        .ordo(&["run", "-", "--store", &url, "--store-timeout", "1", "--state", "s"])
        .write_stdin("return 1")
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    let waited = started.elapsed();
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let said = stderr(&output);
    assert!(said.contains(&format!("PostgreSQL at 127.0.0.1:{port}/fleet")), "{said}");
    assert!(!said.contains("secret"), "the password is never shown: {said}");
    assert!(waited < Duration::from_secs(20), "bounded by --store-timeout 1: {waited:?}");
    drop(silent);

    let bad = scratch.ordo(&["sessions", "--store", "mysql://x"]).output().unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("not a PostgreSQL URL"), "{}", stderr(&bad));
}

/// One stateless `run_code` call through the server: its result text, or the error.
fn call(server: &Server, code: &str) -> Option<Result<String, String>> {
    let arguments = serde_json::json!({ "code": code }).to_string();
    let seen = client::http_modern(&server.url, None, "call", &["run_code", &arguments])?;
    Some(match &seen["result"] {
        Value::Null => Err(seen["error"].as_str().unwrap_or_default().to_owned()),
        result => {
            let text = result["content"][0]["text"].as_str().unwrap_or_default().to_owned();
            if result["isError"] == true { Err(text) } else { Ok(text) }
        }
    })
}

#[test]
fn r_fleet_5_a_store_gone_mid_run_fails_calls_clearly_and_the_server_recovers() {
    let Some(url) = database("gone") else { return };
    let (address, name) = split(&url);
    let proxy = Proxy::to(&address);
    let through = proxy.url(&name);
    let scratch = Scratch::new();
    let server =
        Server::start(&scratch, &["--no-auth", "--store", &through, "--store-timeout", "1"]);
    let Some(first) = call(&server, "return 1 + 1") else { return };
    assert_eq!(first, Ok("2".to_owned()));

    proxy.set(Mode::Refuse);
    let down = call(&server, "return 3").unwrap().unwrap_err();
    assert!(down.contains("PostgreSQL at 127.0.0.1:"), "one clear error: {down}");

    proxy.set(Mode::Hang);
    let started = Instant::now();
    let silent = call(&server, "return 4").unwrap().unwrap_err();
    assert!(silent.contains("PostgreSQL at 127.0.0.1:"), "{silent}");
    assert!(started.elapsed() < Duration::from_secs(30), "bounded: {:?}", started.elapsed());

    proxy.set(Mode::Forward);
    let back = call(&server, "return (await tools.list_dir({})).entries.length").unwrap();
    assert_eq!(back, Ok("0".to_owned()), "recovered");

    // Every event once, in order: the calls that could not be recorded left nothing.
    let output = scratch.ordo(&["sessions", "--store", &url, "--format", "json"]).output().unwrap();
    let listed: Value = serde_json::from_slice(&output.stdout).unwrap();
    let name = listed[0]["name"].as_str().unwrap().to_owned();
    let exported =
        scratch.ordo(&["replay", "--store", &url, &name, "--format", "jsonl"]).output().unwrap();
    assert!(exported.status.success(), "{}", stderr(&exported));
    let events: Vec<Value> = String::from_utf8(exported.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let seqs: Vec<u64> = events.iter().map(|event| event["seq"].as_u64().unwrap()).collect();
    assert_eq!(seqs, (1..=seqs.len() as u64).collect::<Vec<_>>(), "{events:#?}");
    let calls: Vec<&str> = events
        .iter()
        .filter(|event| event["type"] == "tool/call" && event["parent"].is_null())
        .map(|event| event["arguments"].as_str().unwrap())
        .collect();
    assert_eq!(calls.len(), 2, "the two calls that ran: {calls:#?}");
    assert!(calls[0].contains("1 + 1") && calls[1].contains("list_dir"), "{calls:#?}");
}
