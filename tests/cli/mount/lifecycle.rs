//! Servers that do not start, ordo mounting ordo, and Ctrl-C mid-call (R-MCPM-1, R-MCPM-5).

use std::time::Duration;

use serde_json::json;

use super::{config, reference};
use crate::common::{Scratch, bin, json, stderr, wait_until};

#[test]
fn r_mcpm_5_a_server_that_does_not_start_is_a_usage_error_naming_it_unless_optional() {
    let scratch = Scratch::new();
    config(
        &scratch,
        json!({ "broken": { "command": "sh", "args": ["-c", "echo boom >&2; exit 3"] } }),
    );
    scratch.write("one.js", "return 1");
    let output = scratch.ordo(&["run", "one.js", "--mcp-config", "mcp.json"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert!(message.contains("MCP server \"broken\""), "{message}");
    assert!(message.contains("boom"), "the server's stderr is quoted: {message}");

    config(
        &scratch,
        json!({ "broken": { "command": "sh", "args": ["-c", "exit 3"], "optional": true } }),
    );
    let output = scratch.ordo(&["run", "one.js", "--mcp-config", "mcp.json"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(stderr(&output).contains("optional MCP server was not mounted"), "{}", stderr(&output));
}

#[test]
fn r_mcpm_1_config_errors_name_the_file_the_server_and_the_field() {
    let scratch = Scratch::new();
    config(
        &scratch,
        json!({ "s": { "command": "x", "env": { "TOKEN": "${ORDO_TEST_UNSET_VAR}" } } }),
    );
    let output = scratch.ordo(&["tools", "--mcp-config", "mcp.json"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert!(message.contains("mcp.json: server \"s\": field \"env.TOKEN\""), "{message}");
    assert!(message.contains("${ORDO_TEST_UNSET_VAR} is not set"), "{message}");
}

/// `ordo` mounting `ordo mcp`: a script in one calls `run_code` of the other.
#[test]
fn r_mcpm_2_ordo_mounts_ordo() {
    let scratch = Scratch::new();
    scratch.write("a.txt", "alpha\n");
    let ordo = bin();
    config(&scratch, json!({ "inner": { "command": ordo.to_str().unwrap(), "args": ["mcp"] } }));
    scratch.write(
        "outer.js",
        r#"const inner = await tools.inner.run_code({ code: "return (await tools.read_file({path: 'a.txt'})).content" });
           return inner.result"#,
    );
    // Issue 33: with default flags the inner ordo has no write root, so its run_code is
    // read-only and the outer one asks no approval (there is no approval channel here: asking
    // would fail the call).
    let output = scratch.ordo(&["run", "outer.js", "--mcp-config", "mcp.json"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(json(&output), json!("alpha\n"));
    // An inner ordo that may write is not read-only: the outer one asks first.
    let writer =
        json!({ "command": ordo.to_str().unwrap(), "args": ["mcp", "--allow-write", "out"] });
    config(&scratch, json!({ "inner": writer }));
    let output = scratch.ordo(&["run", "outer.js", "--mcp-config", "mcp.json"]).output().unwrap();
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(stderr(&output).contains("APPROVAL_UNAVAILABLE"), "{}", stderr(&output));
}

/// R-MCPM-5: Ctrl-C in the middle of a mounted call: exit 130, the log complete, no server
/// process left.
#[test]
fn r_mcpm_5_ctrl_c_mid_call_leaves_a_whole_log_and_no_server() {
    let scratch = Scratch::new();
    let Some(servers) = reference(&scratch) else { return };
    config(&scratch, servers);
    scratch.write(
        "long.js",
        r#"return await tools.everything["trigger-long-running-operation"]({ duration: 20, steps: 20 })"#,
    );
    let mut child = scratch.spawn(&[
        "run",
        "long.js",
        "--mcp-config",
        "mcp.json",
        "--approve",
        "yes",
        "--session",
        "s.jsonl",
    ]);
    let log = scratch.path().join("s.jsonl");
    wait_until(Duration::from_secs(20), || {
        std::fs::read_to_string(&log).is_ok_and(|text| text.contains("everything__trigger"))
    });
    let servers_before = mounted_servers(&scratch);
    assert!(!servers_before.is_empty(), "the servers should be running");
    nix::sys::signal::kill(
        nix::unistd::Pid::from_raw(child.id() as i32),
        nix::sys::signal::Signal::SIGINT,
    )
    .unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130));
    wait_until(Duration::from_secs(5), || mounted_servers(&scratch).is_empty());
    let events = scratch.events("s.jsonl");
    crate::common::assert_every_call_has_one_result(&events);
}

/// The pids of the reference servers started in this scratch folder (their working directory).
fn mounted_servers(scratch: &Scratch) -> Vec<String> {
    let folder = scratch.path().canonicalize().unwrap();
    let Ok(entries) = std::fs::read_dir("/proc") else { return Vec::new() };
    entries
        .flatten()
        .filter_map(|entry| {
            let cmdline = std::fs::read(entry.path().join("cmdline")).ok()?;
            let cmdline = String::from_utf8_lossy(&cmdline).replace('\0', " ");
            let cwd = std::fs::read_link(entry.path().join("cwd")).ok()?;
            (cmdline.contains("mcp-server-") && cwd == folder)
                .then(|| entry.file_name().to_string_lossy().into_owned())
        })
        .collect()
}

/// A server over streamable HTTP that requires a header: `ordo mcp --http`, its token given
/// to the mounting ordo through `${VAR}`, which appears in no output.
#[test]
fn r_mcpm_5_an_http_server_is_mounted_with_its_headers() {
    let scratch = Scratch::new();
    scratch.write("a.txt", "alpha\n");
    let server = crate::mcp::http::Server::start(&scratch, &[]);
    let token = server.token.clone().unwrap();
    config(
        &scratch,
        json!({ "remote": { "url": server.url, "headers": { "Authorization": "Bearer ${ORDO_TEST_TOKEN}" } } }),
    );
    scratch.write(
        "remote.js",
        "return (await tools.remote.run_code({ code: \"return (await tools.read_file({path: 'a.txt'})).content\" })).result",
    );
    let output = scratch
        .ordo(&["run", "remote.js", "--mcp-config", "mcp.json", "--approve", "yes"])
        .env("ORDO_TEST_TOKEN", &token)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(json(&output), json!("alpha\n"));

    let output = scratch
        .ordo(&["run", "remote.js", "--mcp-config", "mcp.json"])
        .env("ORDO_TEST_TOKEN", "a-wrong-token-0123456789")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "a server that refuses us does not mount");
    let message = stderr(&output);
    assert!(message.contains("MCP server \"remote\""), "{message}");
    assert!(!message.contains("a-wrong-token"), "the header's value is never shown: {message}");
}
