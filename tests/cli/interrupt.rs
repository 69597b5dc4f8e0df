//! Ctrl-C and SIGKILL (R-CLI-4, R-SCHED-5, R-LOG-4): an interrupted run exits 130 with a
//! complete session log; a killed one leaves a log that `replay` repairs.

use nix::sys::signal::Signal;
use serde_json::Value;

use crate::common::{Scratch, assert_every_call_has_one_result, signal, stderr, wait_until};

/// A manifest with a tool that sleeps until it is killed, and one that answers at once.
pub(crate) fn slow_tools(scratch: &Scratch) {
    scratch.script("sleepy.sh", "touch \"running.$$\"\nsleep 30\necho '{}'");
    scratch.write(
        "tools.toml",
        r#"
[[tool]]
name = "sleepy"
description = "Sleeps for half a minute."
parameters = { type = "object" }
command = ["./sleepy.sh"]
concurrency_safe = true

[[tool]]
name = "quick"
description = "Answers at once."
parameters = { type = "object" }
command = ["sh", "-c", "echo 7"]
"#,
    );
}

/// Waits until `count` sleepy tools run: their bodies started, not merely announced in the log.
/// Patient: beside the suite's busiest tests (eight spinning scripts on two cores), starting a
/// debug build and two shells has taken most of 20 s.
pub(crate) fn wait_for_sleepers(scratch: &Scratch, count: usize) {
    wait_until(std::time::Duration::from_secs(60), || {
        std::fs::read_dir(scratch.path())
            .unwrap()
            .filter(|entry| {
                entry.as_ref().unwrap().file_name().to_string_lossy().starts_with("running.")
            })
            .count()
            == count
    });
}

#[test]
fn r_cli_4_ctrl_c_during_a_step_exits_130_with_every_call_answered() {
    let scratch = Scratch::new();
    slow_tools(&scratch);
    scratch.write(
        "step.json",
        r#"[{"id":"a","name":"sleepy","arguments":"{}"},
            {"id":"b","name":"sleepy","arguments":"{}"},
            {"id":"c","name":"quick","arguments":"{}"}]"#,
    );
    let child =
        scratch.spawn(&["calls", "step.json", "--tools", "tools.toml", "--session", "s.jsonl"]);
    wait_for_sleepers(&scratch, 2);
    signal(&child, Signal::SIGINT);
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(130), "{}", stderr(&output));
    let results: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(results.as_array().unwrap().len(), 3, "every call gets a result: {results:#}");
    assert_eq!(results[0]["error"]["code"], "ABORTED", "{results:#}");
    assert_eq!(results[1]["error"]["code"], "ABORTED", "{results:#}");
    assert_eq!(
        results[2]["error"]["code"], "ABORTED_BEFORE_DISPATCH",
        "the exclusive call had not started: {results:#}"
    );
    let events = scratch.events("s.jsonl");
    assert_every_call_has_one_result(&events);
    assert_eq!(events.iter().filter(|event| event["type"] == "tool/result").count(), 3);
}

#[test]
fn r_cli_4_ctrl_c_during_a_script_cancels_its_nested_calls_and_exits_130() {
    let scratch = Scratch::new();
    slow_tools(&scratch);
    scratch.write("wait.js", "await tools.sleepy({}); return 'finished';");
    let child = scratch.spawn(&["run", "wait.js", "--tools", "tools.toml", "--session", "s.jsonl"]);
    wait_for_sleepers(&scratch, 1);
    signal(&child, Signal::SIGINT);
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(130), "{}", stderr(&output));
    assert!(output.stdout.is_empty());
    let events = scratch.events("s.jsonl");
    assert_every_call_has_one_result(&events);
    let result = |name: &str| {
        events.iter().find(|e| e["type"] == "tool/result" && e["name"] == name).unwrap().clone()
    };
    assert_eq!(result("run_code")["error"]["code"], "ABORTED", "{events:#?}");
    assert_eq!(result("sleepy")["is_error"], true, "{events:#?}");
}

#[test]
fn r_cli_4_a_second_ctrl_c_exits_at_once() {
    let scratch = Scratch::new();
    // A tool that traps the SIGTERM cancellation sends its process group: it is only gone when
    // the SIGKILL comes, half a second later. The second Ctrl-C comes before that.
    scratch.script("stubborn.sh", "trap '' TERM\ntouch running\nsleep 30\necho '{}'");
    scratch.write(
        "tools.toml",
        r#"
[[tool]]
name = "stubborn"
description = "Ignores SIGTERM."
parameters = { type = "object" }
command = ["./stubborn.sh"]
"#,
    );
    scratch.write("step.json", r#"[{"id":"a","name":"stubborn","arguments":"{}"}]"#);
    let child =
        scratch.spawn(&["calls", "step.json", "--tools", "tools.toml", "--session", "s.jsonl"]);
    // Once it runs (and has set its trap), not merely once the log announced it.
    let running = scratch.path().join("running");
    wait_until(std::time::Duration::from_secs(20), || running.exists());
    signal(&child, Signal::SIGINT);
    std::thread::sleep(std::time::Duration::from_millis(50));
    signal(&child, Signal::SIGINT);
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(130), "{}", stderr(&output));
    assert!(
        output.stdout.is_empty(),
        "it quit without waiting for the step: {}",
        String::from_utf8_lossy(&output.stdout)
    );
    let events = scratch.events("s.jsonl");
    assert!(
        !events.iter().any(|event| event["type"] == "tool/result"),
        "the call was still being cancelled when ordo quit: {events:#?}"
    );
    // What it left is a log `replay` repairs.
    let output = scratch.ordo(&["replay", "s.jsonl", "--format", "json"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(serde_json::from_slice::<Value>(&output.stdout).unwrap()[0]["repaired"], true);
}

#[test]
fn r_cli_3_replay_repairs_a_log_cut_short_by_sigkill() {
    let scratch = Scratch::new();
    slow_tools(&scratch);
    scratch.write("wait.js", "await tools.quick({});\nawait tools.sleepy({});\nreturn 1;");
    let mut child =
        scratch.spawn(&["run", "wait.js", "--tools", "tools.toml", "--session", "s.jsonl"]);
    wait_for_sleepers(&scratch, 1);
    signal(&child, Signal::SIGKILL);
    child.wait().unwrap();

    let output = scratch
        .ordo(&["replay", "s.jsonl", "--tools", "tools.toml", "--format", "json"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let entries: Value = serde_json::from_slice(&output.stdout).unwrap();
    let names: Vec<(&str, bool)> = entries
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| (entry["name"].as_str().unwrap(), entry["repaired"].as_bool().unwrap()))
        .collect();
    assert_eq!(names, [("run_code", true), ("quick", false), ("sleepy", true)]);
    assert!(stderr(&output).contains("2 calls had no result"), "{}", stderr(&output));

    let output = scratch.ordo(&["replay", "s.jsonl", "--tools", "tools.toml"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("step 1"), "{text}");
    assert!(text.contains("repaired"), "{text}");
}
