//! A server that misbehaves (R-MCPM-4, R-MCPM-5): a fixture written with the Python SDK
//! (tests/mcp/fixture_server.py) that crashes mid-call, hangs, and answers slowly.

use serde_json::{Value, json};

use super::config;
use crate::common::{Scratch, json, stderr};
use crate::mcp::client::python;

/// A scratch folder mounting the fixture as `fx`, with `extra` fields on its entry.
fn scratch(extra: Value) -> Option<Scratch> {
    let python = python()?;
    let scratch = Scratch::new();
    let mut server = json!({
        "command": python.to_str().unwrap(),
        "args": [concat!(env!("CARGO_MANIFEST_DIR"), "/tests/mcp/fixture_server.py")],
        "approval": "never",
    });
    if let (Some(server), Some(extra)) = (server.as_object_mut(), extra.as_object()) {
        server.extend(extra.clone());
    }
    config(&scratch, json!({ "fx": server }));
    Some(scratch)
}

fn run(scratch: &Scratch, code: &str) -> Value {
    scratch.write("script.js", code);
    let output = scratch.ordo(&["run", "script.js", "--mcp-config", "mcp.json"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    json(&output)
}

/// A server that dies mid-call ends that call `TOOL_OUTCOME_UNKNOWN` (nobody knows whether it
/// took effect); the next call starts it again, and the restart is not charged to that call's
/// `timeout_ms` (800 ms, less than a Python server takes to start on a loaded machine). A call
/// past its timeout ends as TIMEOUT, and the server is told to cancel it.
#[test]
fn r_mcpm_5_a_crash_is_outcome_unknown_and_the_next_call_restarts_the_server() {
    let Some(scratch) = scratch(json!({ "timeout_ms": 800 })) else { return };
    let value = run(
        &scratch,
        r#"const before = await tools.fx.pid({});
           let crashed; try { await tools.fx.crash({}) } catch (e) { crashed = [e.code, e.name, e.message] }
           const after = await tools.fx.pid({});
           let hung; try { await tools.fx.hang({}) } catch (e) { hung = e.code }
           const cancelled = await tools.fx.cancellations({});
           return { restarted: before !== after, crashed, hung, cancelled }"#,
    );
    assert_eq!(value["restarted"], true, "{value}");
    assert_eq!(value["crashed"][0], "TOOL_OUTCOME_UNKNOWN", "{value}");
    assert_eq!(value["crashed"][1], "ToolOutcomeUnknownError");
    let message = value["crashed"][2].as_str().unwrap();
    assert!(message.starts_with("server exited"), "{message}");
    assert!(message.contains("whether the call took effect is unknown"), "{message}");
    assert_eq!(value["hung"], "TIMEOUT");
    assert_eq!(value["cancelled"]["result"], 1, "the server was sent notifications/cancelled");
}

/// Issue 37: a script's own deadline on a mounted call (`{ timeout: 300 }`) ends it TIMEOUT in
/// about 300 ms, the server is told to cancel it, and the script goes on.
#[test]
fn r_code_11_a_scripts_timeout_on_a_hanging_mounted_call_rejects_and_the_script_goes_on() {
    let Some(scratch) = scratch(json!({})) else { return };
    let value = run(
        &scratch,
        r#"const began = Date.now(); let hung;
           try { await tools.fx.hang({}, { timeout: 300 }) }
           catch (e) { hung = { code: e.code, name: e.name, elapsed: Date.now() - began } }
           const cancelled = await tools.fx.cancellations({});
           return { hung, cancelled }"#,
    );
    assert_eq!(value["hung"]["code"], "TIMEOUT", "{value}");
    assert_eq!(value["hung"]["name"], "ToolTimeoutError");
    let elapsed = value["hung"]["elapsed"].as_u64().unwrap();
    assert!((300..1500).contains(&elapsed), "rejected after {elapsed} ms, not about 300");
    assert_eq!(value["cancelled"]["result"], 1, "the server was sent notifications/cancelled");
}

/// A server that keeps dying is restarted at most 5 times a minute, with backoff; past that its
/// calls fail at once, saying so and when it is started again (the budget is lifted by time:
/// `restarts.rs` tests that on a paused clock).
#[test]
fn r_mcpm_5_a_server_that_keeps_dying_is_refused_once_its_restart_budget_is_spent() {
    let Some(scratch) = scratch(json!({ "timeout_ms": 800 })) else { return };
    let value = run(
        &scratch,
        r#"const seen = [];
           for (let i = 0; i < 7; i++) {
               try { await tools.fx.crash({}); seen.push("answered") }
               catch (e) { seen.push([e.code, e.message]) }
           }
           return seen"#,
    );
    let seen = value.as_array().unwrap();
    for crashed in &seen[..6] {
        assert_eq!(crashed[0], "TOOL_OUTCOME_UNKNOWN", "{value}");
    }
    assert_eq!(seen[6][0], "TOOL_ERROR", "{value}");
    let refused = seen[6][1].as_str().unwrap();
    assert!(
        refused.starts_with(
            "MCP server \"fx\" is not running: it exited and was restarted 5 times in the last 60 s"
        ),
        "{refused}"
    );
    // When: what is left of the minute since the first restart (the crashes took some of it).
    let again: f64 = refused
        .split_once("it is started again in ")
        .and_then(|(_, rest)| rest.strip_suffix(" s"))
        .and_then(|seconds| seconds.parse().ok())
        .unwrap_or_else(|| panic!("no time to start again in: {refused}"));
    assert!(again > 0.0 && again <= 60.0, "{refused}");
}

/// Calls of a read-only tool overlap only when its server is trusted: an untrusted server's
/// hints never loosen the schedule.
#[test]
fn r_mcpm_4_read_only_calls_overlap_only_on_a_trusted_server() {
    let code = "const reads = await Promise.all([1, 2, 3].map(() => tools.fx.slow_read({ms: 300}))); \
                return reads.slice(1).some((read, i) => read.start < reads[i].end)";
    let Some(untrusted) = scratch(json!({})) else { return };
    assert_eq!(
        run(&untrusted, code),
        json!(false),
        "an untrusted server's calls run one at a time"
    );
    let trusted = scratch(json!({ "trust": "trusted" })).unwrap();
    assert_eq!(run(&trusted, code), json!(true), "a trusted server's read-only calls overlap");
}

/// Issue 37: `--trust fx` trusts an `mcpServers` entry from the command line (its read-only
/// calls overlap), and names no server it does not know.
#[test]
fn r_mcpm_4_trust_on_the_command_line_makes_read_only_calls_overlap() {
    let Some(scratch) = scratch(json!({})) else { return };
    scratch.write(
        "script.js",
        "const reads = await Promise.all([1, 2, 3].map(() => tools.fx.slow_read({ms: 300}))); \
         return reads.slice(1).some((read, i) => read.start < reads[i].end)",
    );
    let trusted = ["run", "script.js", "--mcp-config", "mcp.json", "--trust", "fx"];
    let output = scratch.ordo(&trusted).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(json(&output), json!(true), "--trust fx: the read-only calls overlap");

    let unknown = ["run", "script.js", "--mcp-config", "mcp.json", "--trust", "fs"];
    let output = scratch.ordo(&unknown).output().unwrap();
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("--trust fs: no MCP server is named \"fs\" (the servers: fx)"),
        "{}",
        stderr(&output)
    );
}

/// Issue 37: every tool's declaration says whether its calls run concurrently or alone, and
/// why; `ordo tools --format summary` lists the same, and `--trust` changes both.
#[test]
fn r_code_5_declarations_and_ordo_tools_state_each_tools_concurrency() {
    let Some(scratch) = scratch(json!({})) else { return };
    let tools = |extra: &[&str], format: &str| {
        let mut args = vec!["tools", "--format", format, "--mcp-config", "mcp.json"];
        args.extend_from_slice(extra);
        let output = scratch.ordo(&args).output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        String::from_utf8(output.stdout).unwrap()
    };
    let row = |summary: &str, name: &str| -> String {
        let line = summary.lines().find(|line| line.starts_with(&format!("{name} ")));
        line.unwrap_or_else(|| panic!("no row for {name} in:\n{summary}"))
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    let summary = tools(&["--allow-write", "out"], "summary");
    assert_eq!(row(&summary, "read_file"), "read_file concurrent it only reads files");
    assert_eq!(row(&summary, "write_file"), "write_file alone it changes files");
    assert_eq!(
        row(&summary, "fx__slow_read"),
        "fx__slow_read alone server \"fx\" is not trusted, so its read-only hint is not believed \
         (`--trust fx` trusts it)"
    );
    assert_eq!(
        row(&summary, "fx__crash"),
        "fx__crash alone server \"fx\" does not mark it read-only"
    );
    let trusted = tools(&["--trust", "fx"], "summary");
    assert_eq!(
        row(&trusted, "fx__slow_read"),
        "fx__slow_read concurrent server \"fx\" is trusted and marks it read-only"
    );

    let declarations = tools(&[], "ts");
    assert!(
        declarations.contains(
            "Runs alone (calls under `Promise.all` take turns): server \"fx\" is not trusted, so \
             its read-only hint is not believed (`--trust fx` trusts it)."
        ),
        "{declarations}"
    );
    assert!(
        tools(&["--trust", "fx"], "ts")
            .contains("Concurrent (calls under `Promise.all` overlap): server \"fx\" is trusted and marks it read-only."),
        "the trusted server's read-only tool is declared concurrent"
    );
}

/// A person's `read_only` override, in a manifest's `[[mcp]]` table, is believed whatever the
/// server's trust.
#[test]
fn r_mcpm_4_a_manifest_override_makes_read_only_calls_overlap() {
    let Some(python) = python() else { return };
    let scratch = Scratch::new();
    let fixture = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/mcp/fixture_server.py");
    scratch.write(
        "tools.toml",
        &format!(
            "[[mcp]]\nname = \"fx\"\ncommand = [{:?}, {fixture:?}]\napproval = \"never\"\n\
             tools = {{ slow_read = {{ read_only = true }} }}\n",
            python.to_str().unwrap()
        ),
    );
    scratch.write(
        "script.js",
        "const reads = await Promise.all([1, 2, 3].map(() => tools.fx.slow_read({ms: 300}))); \
         return reads.slice(1).some((read, i) => read.start < reads[i].end)",
    );
    let output = scratch.ordo(&["run", "script.js", "--tools", "tools.toml"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(json(&output), json!(true));
}

/// R-MCPM-2: a tool name no provider accepts is mapped, `ordo tools` says to what, and scripts
/// call it by the mapped name.
#[test]
fn r_mcpm_2_a_name_that_must_be_mapped_is_shown_and_callable() {
    let Some(scratch) = scratch(json!({})) else { return };
    let fixture = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/mcp/fixture_server.py");
    let python = python().unwrap();
    config(
        &scratch,
        json!({ "fx": { "command": python.to_str().unwrap(), "args": [fixture, "--odd-names"],
                        "approval": "never" } }),
    );
    let output = scratch.ordo(&["tools", "--mcp-config", "mcp.json"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("tool \"get.item\" of MCP server \"fx\" is fx__get_item"),
        "{}",
        stderr(&output)
    );
    assert_eq!(run(&scratch, "return await tools.fx.get_item({})"), json!("item"));
}

/// R-MCPM-5: a mounted server's progress reaches the call: here, through `ordo mcp`, the
/// progress notifications its client gets.
#[test]
fn r_mcpm_5_a_mounted_servers_progress_reaches_the_client() {
    let Some(scratch) = scratch(json!({})) else { return };
    let code = "return await tools.fx.progress({})";
    let Some(seen) = crate::mcp::client::stdio(
        &scratch,
        &["--mcp-config", "mcp.json"],
        "progress",
        &[code],
        None,
    ) else {
        return;
    };
    assert_eq!(seen["result"]["structuredContent"]["result"]["result"], "done", "{seen}");
    let messages: Vec<&str> = seen["progress"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["message"].as_str().unwrap())
        .collect();
    // Issue 33: named as the script called it, with the server's own counts and words.
    let steps: Vec<&str> =
        messages.iter().copied().filter(|m| m.starts_with("tools.fx.")).collect();
    assert_eq!(
        steps,
        [
            "tools.fx.progress (call #1): 1/3, step 1",
            "tools.fx.progress (call #1): 2/3, step 2",
            "tools.fx.progress (call #1): 3/3, step 3"
        ],
        "{messages:?}"
    );
    let values: Vec<f64> = seen["progress"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["progress"].as_f64().unwrap())
        .collect();
    assert!(values.windows(2).all(|pair| pair[0] < pair[1]), "increasing: {values:?}");
}

/// Issue 36: a mounted server's tool description, and the approval question a client is asked
/// about its tool, reach MCP clients with control and bidi characters escaped.
#[test]
fn r_mcpm_2_a_mounted_servers_escapes_and_bidi_reach_clients_escaped() {
    let Some(scratch) = scratch(json!({ "args": [
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/mcp/fixture_server.py"), "--odd-names"
    ], "approval": "always" })) else {
        return;
    };
    let flags = ["--mcp-config", "mcp.json", "--direct"];
    let stdio = crate::mcp::client::stdio;
    let Some(listed) = stdio(&scratch, &flags, "list", &[], None) else { return };
    let shady = listed["tools"].as_array().unwrap().iter().find(|tool| tool["name"] == "fx__shady");
    let description = shady.expect("fx__shady is listed")["description"].as_str().unwrap();
    assert!(description.contains("Says hi.\\x1b]0;owned\\x07 \\u{202e}evil"), "{description:?}");
    let code =
        r#"try { await tools.fx.shady({ note: "\u202e\u001b[2J" }) } catch (e) { return e.code }"#;
    let arguments = json!({ "code": code }).to_string();
    let Some(seen) = stdio(&scratch, &flags, "call", &["run_code", &arguments], Some("decline"))
    else {
        return;
    };
    assert_eq!(seen["result"]["structuredContent"]["result"], "APPROVAL_REJECTED", "{seen}");
    let asked = seen["elicited"][0].as_str().unwrap();
    assert!(asked.contains("\\u{202e}"), "{asked:?}");
    for raw in ['\u{1b}', '\u{202e}'] {
        assert!(!asked.contains(raw) && !description.contains(raw), "{asked:?} {description:?}");
    }
}
