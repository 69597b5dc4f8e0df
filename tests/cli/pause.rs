//! R-RUN-5: `ordo run --approve later` pauses a run at its approvals (exit 3) and `ordo resume`
//! continues it in another process, answered from the journal: every tool counts its own
//! executions, and none runs twice.

use serde_json::{Value, json};

use super::common::{Scratch, assert_every_call_has_one_result, json, stderr};

/// `stamp` appends its arguments to `stamps.log`, `deploy` to `deploys.log` and asks first.
const TOOLS: &str = r#"
[[tool]]
name = "stamp"
description = "Appends its arguments to stamps.log and echoes them."
parameters = { type = "object" }
command = ["sh", "-c", "tee -a stamps.log"]

[[tool]]
name = "deploy"
description = "Appends its arguments to deploys.log and echoes them; asks first."
parameters = { type = "object" }
command = ["sh", "-c", "tee -a deploys.log"]
approval = "ask"
"#;

/// Three stamps collected as they come, the clock and a random number, two approvals asked
/// together, and a stamp that depends on all of it.
const SCRIPT: &str = r#"
console.log("before the pause");
const t0 = Date.now();
const r = Math.random();
const got = [];
await Promise.all([1, 2, 3].map(async (n) => { got.push(await tools.stamp({ n })); }));
const outcomes = await Promise.allSettled([tools.deploy({ what: "a", t0, r }), tools.deploy({ what: "b" })]);
console.log("after the pause");
await tools.stamp({ after: true, got, t0, r });
return { deploys: outcomes.map((o) => o.status === "fulfilled" ? o.value.what : o.reason.code), t0, r };
"#;

fn lines(scratch: &Scratch, file: &str) -> Vec<Value> {
    let text = std::fs::read_to_string(scratch.path().join(file)).unwrap_or_default();
    text.lines().map(|line| serde_json::from_str(line).unwrap()).collect()
}

/// The run id `ordo run --approve later` printed.
fn run_id(stderr: &str) -> String {
    let (_, rest) = stderr.split_once("ordo resume ").expect(stderr);
    rest.split_whitespace().next().unwrap().to_owned()
}

/// `ordo run script.js --approve later` with the tools and `extra` flags, in a scratch that
/// has them.
fn run_later(scratch: &Scratch, extra: &[&str]) -> std::process::Output {
    scratch.write("tools.toml", TOOLS);
    scratch.write("script.js", SCRIPT);
    let mut args = vec![
        "run",
        "script.js",
        "--tools",
        "tools.toml",
        "--approve",
        "later",
        "--state-dir",
        "state",
    ];
    args.extend_from_slice(extra);
    scratch.ordo(&args).output().unwrap()
}

fn paused(scratch: &Scratch) -> String {
    let output = run_later(scratch, &["--session", "run.jsonl"]);
    let text = stderr(&output);
    assert_eq!(output.status.code(), Some(3), "{text}");
    assert!(output.stdout.is_empty(), "{}", String::from_utf8_lossy(&output.stdout));
    assert!(text.starts_with("PAUSED: the run paused: 2 wait for approval"), "{text}");
    assert!(text.contains("waiting: tools.deploy (call #4)"), "{text}");
    assert!(text.contains("waiting: tools.deploy (call #5)"), "{text}");
    assert!(text.contains(r#""what": "a""#), "the card shows the arguments whole: {text}");
    assert!(text.contains("before the pause") && !text.contains("after the pause"), "{text}");
    assert_eq!(lines(scratch, "stamps.log").len(), 3, "the stamps ran before the pause");
    assert!(lines(scratch, "deploys.log").is_empty(), "nothing waiting ran");
    run_id(&text)
}

fn resume(scratch: &Scratch, id: &str, answer: &str) -> std::process::Output {
    scratch
        .ordo(&[
            "resume",
            id,
            "--tools",
            "tools.toml",
            "--approve",
            answer,
            "--state-dir",
            "state",
            "--session",
            "run.jsonl",
        ])
        .output()
        .unwrap()
}

#[test]
fn r_run_5_a_paused_run_resumes_in_another_process_and_no_tool_runs_twice() {
    let scratch = Scratch::new();
    let id = paused(&scratch);
    let output = resume(&scratch, &id, "yes");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let result = json(&output);
    assert_eq!(result["deploys"], json!(["a", "b"]));
    let stamps = lines(&scratch, "stamps.log");
    assert_eq!(stamps.len(), 4, "three before the pause, one after: {stamps:?}");
    let last = &stamps[3];
    // The replay read the same clock and random numbers, and got the stamps in the order the
    // paused run did.
    assert_eq!(last["t0"], result["t0"]);
    assert_eq!(last["r"], result["r"]);
    assert_eq!(last["got"], json!(stamps[..3]));
    let deploys = lines(&scratch, "deploys.log");
    assert_eq!(deploys.len(), 2, "{deploys:?}");
    assert_eq!(deploys[0], json!({ "what": "a", "t0": result["t0"], "r": result["r"] }));
    let text = stderr(&output);
    assert!(!text.contains("before the pause"), "the replayed part prints nothing again: {text}");
    assert!(text.contains("after the pause"), "{text}");
    assert!(
        text.contains(&format!("note: the run {id} resumed after its pause: 3 calls")),
        "{text}"
    );
    // Twice is once too many.
    let again = resume(&scratch, &id, "yes");
    assert_eq!(again.status.code(), Some(2));
    assert!(stderr(&again).contains(&format!("no paused run {id}")), "{}", stderr(&again));
    assert_eq!(lines(&scratch, "deploys.log").len(), 2);
    // The session log holds the paused call and the resumed one, each with its one result.
    let events = scratch.events("run.jsonl");
    assert_every_call_has_one_result(&events);
    let codes: Vec<&str> =
        events.iter().filter_map(|event| event["error"]["code"].as_str()).collect();
    assert!(codes.contains(&"PAUSED"), "{codes:?}");
    assert_eq!(codes.iter().filter(|code| **code == "APPROVAL_DEFERRED").count(), 2, "{codes:?}");
}

#[test]
fn r_run_5_a_rejection_at_resume_reaches_the_script() {
    let scratch = Scratch::new();
    let id = paused(&scratch);
    let output = resume(&scratch, &id, "no");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(json(&output)["deploys"], json!(["APPROVAL_REJECTED", "APPROVAL_REJECTED"]));
    assert!(lines(&scratch, "deploys.log").is_empty());
    assert_eq!(lines(&scratch, "stamps.log").len(), 4);
}

#[test]
fn r_run_5_a_resumed_run_that_meets_another_approval_pauses_again() {
    let scratch = Scratch::new();
    let id = paused(&scratch);
    let output = resume(&scratch, &id, "later");
    assert_eq!(output.status.code(), Some(3), "{}", stderr(&output));
    assert_eq!(run_id(&stderr(&output)), id, "the same run, paused again");
    assert_eq!(lines(&scratch, "stamps.log").len(), 3, "nothing ran twice");
    let output = resume(&scratch, &id, "yes");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(lines(&scratch, "stamps.log").len(), 4);
    assert_eq!(lines(&scratch, "deploys.log").len(), 2);
}

#[test]
fn r_run_2_a_run_whose_journal_passes_its_quota_cannot_pause_and_says_so() {
    let scratch = Scratch::new();
    let output = run_later(&scratch, &["--journal-quota", "100"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let result = json(&output);
    assert_eq!(result["deploys"], json!(["APPROVAL_UNAVAILABLE", "APPROVAL_UNAVAILABLE"]));
    assert!(lines(&scratch, "deploys.log").is_empty());
}
