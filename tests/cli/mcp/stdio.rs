//! `ordo mcp` over stdio with the Python SDK's client (R-MCPS-1..5).

use std::path::Path;
use std::time::Duration;

use serde_json::{Value, json};

use super::client::stdio;
use crate::common::{Scratch, assert_every_call_has_one_result, wait_until};

/// A manifest with a tool that needs approval and one that sleeps (its pid in `sleeper.pid`).
const TOOLS: &str = r#"
[[tool]]
name = "guarded"
description = "Says yes, once a person allows it."
parameters = { type = "object" }
command = ["sh", "-c", "touch guarded.ran; echo '\"yes\"'"]
approval = "ask"

[[tool]]
name = "sleeper"
description = "Sleeps for a long time."
parameters = { type = "object" }
concurrency_safe = true
command = ["sh", "-c", "echo $$ > sleeper.pid; exec sleep 30"]
"#;

fn scratch() -> Scratch {
    let scratch = Scratch::new();
    scratch.write("a.txt", "alpha\n");
    scratch.write("b.txt", "beta\n");
    scratch.write("tools.toml", TOOLS);
    scratch
}

/// The result of one `run_code` call of `code`.
fn run_code(
    scratch: &Scratch,
    ordo_args: &[&str],
    code: &str,
    elicit: Option<&str>,
) -> Option<Value> {
    let arguments = json!({ "code": code }).to_string();
    let seen = stdio(scratch, ordo_args, "call", &["run_code", &arguments], elicit)?;
    Some(seen["result"].clone())
}

#[test]
fn r_mcps_2_run_code_is_listed_alone_with_declarations_schemas_and_annotations() {
    let scratch = scratch();
    let Some(seen) = stdio(&scratch, &["--tools", "tools.toml"], "list", &[], None) else { return };
    let tools = seen["tools"].as_array().unwrap();
    assert_eq!(tools.len(), 1, "{tools:#?}");
    let run_code = &tools[0];
    assert_eq!(run_code["name"], "run_code");
    let description = run_code["description"].as_str().unwrap();
    for declared in [
        "declare const tools",
        "read_file(args: ReadFileArgs, options?: CallOptions)",
        "guarded(",
        "sleeper(",
    ] {
        assert!(description.contains(declared), "{declared} missing from {description}");
    }
    assert!(description.contains("is cut past 60000 characters"), "--max-output-chars's default");
    assert_eq!(run_code["inputSchema"]["required"], json!(["code"]));
    assert_eq!(run_code["outputSchema"]["type"], "object");
    assert!(run_code["outputSchema"]["properties"]["logs"].is_object());
    // Scripts can call two commands that may do anything: not read-only.
    let hints = &run_code["annotations"];
    assert_eq!(hints["readOnlyHint"], false);
    assert_eq!(hints["destructiveHint"], true);
    assert_eq!(hints["openWorldHint"], true);
}

/// Issue 37: `run_code`'s description states the budget its client gets (`--max-output-chars`),
/// and a result past it is cut there, once, with `run_code`'s own marker.
#[test]
fn r_mcps_3_run_code_states_and_keeps_the_servers_output_budget() {
    let scratch = scratch();
    let flags = ["--max-output-chars", "5000"];
    let Some(seen) = stdio(&scratch, &flags, "list", &[], None) else { return };
    let description = seen["tools"][0]["description"].as_str().unwrap();
    assert!(description.contains("is cut past 5000 characters"), "{description}");
    let Some(result) = run_code(&scratch, &flags, "return 'x'.repeat(20000)", None) else { return };
    let content = result["content"].as_array().unwrap();
    assert_eq!(content.len(), 1, "no notice of a second cut: {content:?}");
    let text = content[0]["text"].as_str().unwrap();
    assert!(text.chars().count() <= 5000, "within the budget, markers included");
    assert!(text.starts_with(&"x".repeat(4000)), "{text:.80}");
    assert!(text.ends_with(" more characters]"), "run_code's own marker: {text:.80}");
}

/// Issue 33: with no write root there is no `write_file` (it could only be denied), so every
/// tool a script can reach only reads, and `run_code` says so: a client that respects
/// annotations (another ordo among them) runs scripts without asking.
#[test]
fn r_mcps_2_without_a_write_root_run_code_is_read_only() {
    let scratch = Scratch::new();
    scratch.write("a.txt", "alpha\n");
    let Some(seen) = stdio(&scratch, &["--direct"], "list", &[], None) else { return };
    let tools = seen["tools"].as_array().unwrap();
    let names: Vec<&str> = tools.iter().map(|tool| tool["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["run_code", "read_file", "list_dir", "search_files"]);
    let hints = &tools[0]["annotations"];
    assert_eq!(hints["readOnlyHint"], true, "{hints}");
    assert_eq!(hints["destructiveHint"], false, "{hints}");
    let description = tools[0]["description"].as_str().unwrap();
    assert!(!description.contains("write_file"), "{description}");

    let Some(result) = run_code(&scratch, &[], "return 'write_file' in tools", None) else {
        return;
    };
    assert_eq!(result["structuredContent"]["result"], false, "{result:#}");
}

#[test]
fn r_mcps_2_direct_lists_every_tool_with_its_own_schemas() {
    let scratch = scratch();
    let flags = ["--direct", "--allow-write", "out"];
    let Some(seen) = stdio(&scratch, &flags, "list", &[], None) else { return };
    let tools = seen["tools"].as_array().unwrap();
    let names: Vec<&str> = tools.iter().map(|tool| tool["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["run_code", "read_file", "write_file", "list_dir", "search_files"]);
    let read_file = &tools[1];
    assert_eq!(read_file["inputSchema"]["required"], json!(["path"]));
    assert!(read_file["outputSchema"]["properties"]["content"].is_object());
    assert_eq!(read_file["annotations"]["readOnlyHint"], true);
    assert_eq!(read_file["annotations"]["openWorldHint"], false);
    let write_file = &tools[2];
    assert_eq!(write_file["annotations"]["readOnlyHint"], false);
    assert_eq!(write_file["annotations"]["destructiveHint"], true);
    assert_eq!(write_file["annotations"]["idempotentHint"], true);
}

#[test]
fn r_mcps_3_run_code_returns_structured_values_from_parallel_calls() {
    let scratch = scratch();
    let code = "const [a, b] = await Promise.all([tools.read_file({path: 'a.txt'}), \
                tools.read_file({path: 'b.txt'})]); console.log('read'); return [a.content, b.content]";
    let Some(result) = run_code(&scratch, &[], code, None) else { return };
    assert_eq!(result["isError"], false);
    assert_eq!(result["structuredContent"]["result"], json!(["alpha\n", "beta\n"]));
    assert_eq!(result["structuredContent"]["logs"][0]["text"], "read");
    let text = result["content"][0]["text"].as_str().unwrap();
    assert!(text.contains("alpha"), "{text}");
}

#[test]
fn r_mcps_3_an_error_result_carries_its_envelope() {
    let scratch = scratch();
    let code = "await tools.read_file({path: 'missing.txt'})";
    let Some(result) = run_code(&scratch, &[], code, None) else { return };
    assert_eq!(result["isError"], true);
    let envelope = &result["structuredContent"];
    assert_eq!(envelope["code"], "TOOL_ERROR");
    assert_eq!(envelope["name"], "ScriptError");
    assert!(envelope["message"].as_str().unwrap().contains("missing.txt"), "{envelope}");
}

#[test]
fn r_mcps_3_a_result_over_the_cap_is_cut_with_the_cut_announced_first() {
    // A tool called directly (run_code keeps within the cap itself, with its own markers).
    let scratch = scratch();
    scratch.write("big.txt", &"x".repeat(5000));
    let args = ["--max-output-chars", "500", "--direct"];
    let call = ["read_file", r#"{"path": "big.txt"}"#];
    let Some(seen) = stdio(&scratch, &args, "call", &call, None) else { return };
    let result = &seen["result"];
    let content = result["content"].as_array().unwrap();
    let notice = content[0]["text"].as_str().unwrap();
    assert!(notice.starts_with("[output cut: "), "{notice}");
    assert!(notice.contains("(the server's --max-output-chars is 500)"), "{notice}");
    assert_eq!(content[1]["text"].as_str().unwrap().chars().count(), 500);
    // The structured value is whole: it is for programs, not for the model's context.
    assert_eq!(result["structuredContent"]["content"].as_str().unwrap().len(), 5000);
}

#[test]
fn r_mcps_4_progress_reports_each_nested_call_start_and_end_in_order() {
    let scratch = scratch();
    let code = "await tools.read_file({path: 'a.txt'}); await tools.read_file({path: 'b.txt'}); \
                await tools.list_dir({}); return 3";
    let Some(seen) = stdio(&scratch, &[], "progress", &[code], None) else { return };
    assert_eq!(seen["result"]["structuredContent"]["result"], 3);
    let progress = seen["progress"].as_array().unwrap();
    let values: Vec<f64> = progress.iter().map(|p| p["progress"].as_f64().unwrap()).collect();
    assert_eq!(values, [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
    let messages: Vec<&str> = progress.iter().map(|p| p["message"].as_str().unwrap()).collect();
    assert!(messages[0].starts_with("started: ") && messages[0].contains("a.txt"), "{messages:?}");
    assert_eq!(messages[1], "done: read_file");
    assert!(messages[2].contains("b.txt"), "{messages:?}");
    assert_eq!(messages[5], "done: list_dir");
}

#[test]
fn r_mcps_5_approvals_go_to_the_client_by_elicitation() {
    let scratch = scratch();
    let tools = ["--tools", "tools.toml"];
    let code = "try { return await tools.guarded({}) } catch (e) { return e.code }";
    for (answer, expected) in [
        ("accept", json!("yes")),
        ("decline", json!("APPROVAL_REJECTED")),
        ("cancel", json!("APPROVAL_CANCELLED")),
    ] {
        let Some(result) = run_code(&scratch, &tools, code, Some(answer)) else { return };
        assert_eq!(result["structuredContent"]["result"], expected, "{answer}: {result}");
        let ran = scratch.path().join("guarded.ran");
        assert_eq!(ran.exists(), answer == "accept", "{answer}");
        let _ = std::fs::remove_file(ran);
    }
}

/// An approval fails closed: a client that declared elicitation and answered with an error, or
/// with anything but accept, decline or cancel, has not approved, whatever `--approve` says.
#[test]
fn r_mcps_5_an_elicitation_that_errors_or_is_malformed_is_cancelled_and_runs_nothing() {
    let scratch = scratch();
    let flags = ["--tools", "tools.toml", "--approve", "yes"];
    let code = "try { return await tools.guarded({}) } catch (e) { return e.code }";
    for answer in [
        "raise",
        "garbage",
        "raw:{}",
        r#"raw:{"action":"maybe"}"#,
        r#"raw:{"action":"ACCEPT"}"#,
        "raw:null",
        r#"raw:"accept""#,
    ] {
        let Some(result) = run_code(&scratch, &flags, code, Some(answer)) else { return };
        let value = &result["structuredContent"]["result"];
        assert_eq!(value, &json!("APPROVAL_CANCELLED"), "{answer}: {result}");
        assert!(!scratch.path().join("guarded.ran").exists(), "{answer}: the tool ran");
    }
}

#[test]
fn r_mcps_5_without_elicitation_the_server_approve_flag_decides() {
    let scratch = scratch();
    let code = "try { return await tools.guarded({}) } catch (e) { return e.code }";
    for (flags, expected) in [
        (&["--tools", "tools.toml"][..], json!("APPROVAL_UNAVAILABLE")),
        (&["--tools", "tools.toml", "--approve", "no"][..], json!("APPROVAL_REJECTED")),
        (&["--tools", "tools.toml", "--approve", "yes"][..], json!("yes")),
    ] {
        let Some(result) = run_code(&scratch, flags, code, None) else { return };
        assert_eq!(result["structuredContent"]["result"], expected, "{flags:?}: {result}");
    }
}

/// R-MCPS-4, R-SCHED-5: a client's cancellation ends the call (its command killed), every call
/// in the session's log gets one result, and the session goes on serving.
#[test]
fn r_mcps_4_a_cancelled_call_is_aborted_logged_whole_and_leaves_no_process() {
    let scratch = scratch();
    let flags = ["--tools", "tools.toml", "--session-dir", "logs"];
    let code = "await Promise.all([tools.sleeper({}), tools.read_file({path: 'a.txt'})]); return 1";
    let Some(seen) = stdio(&scratch, &flags, "cancel", &[code, "2"], None) else { return };
    assert_eq!(seen["cancelled"], true);
    assert_eq!(seen["after"]["structuredContent"]["result"], "still here");
    let pid = std::fs::read_to_string(scratch.path().join("sleeper.pid")).unwrap();
    let sleeper = Path::new("/proc").join(pid.trim());
    wait_until(Duration::from_secs(5), || !sleeper.exists());
    let logs: Vec<_> = std::fs::read_dir(scratch.path().join("logs")).unwrap().flatten().collect();
    assert_eq!(logs.len(), 1, "one log per client session");
    let name = logs[0].file_name().into_string().unwrap();
    assert!(name.ends_with(".jsonl") && name.contains("-mcp-"), "{name}");
    let text = std::fs::read_to_string(logs[0].path()).unwrap();
    let events: Vec<Value> = text.lines().map(|line| serde_json::from_str(line).unwrap()).collect();
    assert_every_call_has_one_result(&events);
    let codes: Vec<(&str, &str)> = events
        .iter()
        .filter(|event| event["type"] == "tool/result")
        .map(|event| {
            (event["name"].as_str().unwrap(), event["error"]["code"].as_str().unwrap_or("ok"))
        })
        .collect();
    assert!(codes.contains(&("sleeper", "ABORTED")), "{codes:?}");
    assert!(codes.contains(&("run_code", "ABORTED")), "{codes:?}");
    assert_eq!(codes.last(), Some(&("run_code", "ok")), "{codes:?}");
}

#[test]
fn r_mcps_1_clients_of_both_protocol_revisions_are_served() {
    let scratch = scratch();
    let arguments = json!({ "code": "return (await tools.read_file({path: 'a.txt'})).content" });
    let arguments = arguments.to_string();
    let Some(session) = stdio(&scratch, &[], "call", &["run_code", &arguments], None) else {
        return;
    };
    assert_eq!(session["protocol"], "2025-11-25");
    assert_eq!(session["result"]["structuredContent"]["result"], "alpha\n");
    let stateless =
        stdio(&scratch, &[], "call", &["run_code", &arguments], Some("modern")).unwrap();
    assert!(
        stateless["protocol"].as_array().unwrap().contains(&json!("2026-07-28")),
        "{stateless}"
    );
    assert_eq!(stateless["result"]["structuredContent"]["result"], "alpha\n");
}

/// Issue 33: a client that closes before it initializes (one of the stateless revision, which
/// never does, or one that only looked) ends the session normally: exit 0, nothing on stderr.
#[test]
fn r_mcps_1_a_client_closing_before_initialize_is_a_normal_end() {
    let scratch = Scratch::new();
    for sent in
        ["", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"server/discover\",\"params\":{}}\n"]
    {
        let output = scratch.ordo(&["mcp"]).write_stdin(sent).output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{sent:?}: {stderr}");
        assert_eq!(stderr, "", "{sent:?}");
    }
}
