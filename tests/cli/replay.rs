//! `ordo replay` (R-CLI-3, R-LOG-3, R-LOG-4) of logs written by `ordo run`.

use serde_json::Value;

use crate::common::{Scratch, stderr};

#[test]
fn r_cli_3_replay_shows_a_run_as_its_cards() {
    let scratch = Scratch::new();
    scratch.write("a.txt", "one\ntwo\n");
    scratch.write(
        "read.js",
        "const file = await tools.read_file({ path: 'a.txt' });\n\
         try { await tools.read_file({ path: '../outside.txt' }); } catch (error) { return [file.lines, error.code]; }",
    );
    let output = scratch.ordo(&["run", "read.js", "--session", "s.jsonl"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));

    let output = scratch.ordo(&["replay", "s.jsonl", "--format", "json"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let entries: Value = serde_json::from_slice(&output.stdout).unwrap();
    let entries = entries.as_array().unwrap();
    assert_eq!(entries.len(), 3);
    assert_eq!(entries[0]["name"], "run_code");
    assert_eq!(entries[1]["parent"], entries[0]["call_id"]);
    assert_eq!(entries[2]["error_code"], "DENIED");
    assert!(entries.iter().all(|entry| entry["repaired"] == false));

    let output = scratch.ordo(&["replay", "s.jsonl"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8_lossy(&output.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "step 1", "{text}");
    assert!(lines[1].starts_with("  ✓ run_code"), "{text}");
    assert!(lines[2].starts_with("    ✓ Read a.txt — done"), "nested calls are indented: {text}");
    assert!(lines[3].starts_with("    ✗ ") && lines[3].contains("DENIED"), "{text}");
}

#[test]
fn r_log_5_replay_exports_the_transcript_for_a_provider() {
    let scratch = Scratch::new();
    scratch.write("a.txt", "one\n");
    scratch.write("read.js", "return (await tools.read_file({ path: 'a.txt' })).lines");
    let output = scratch.ordo(&["run", "read.js", "--session", "s.jsonl"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let output = scratch.ordo(&["replay", "s.jsonl", "--format", "anthropic"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let messages: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(messages[0]["role"], "assistant");
    assert_eq!(messages[0]["content"][0]["type"], "tool_use");
    assert_eq!(messages[0]["content"][0]["name"], "run_code", "nested calls stay out of it");
    assert_eq!(messages[1]["role"], "user");
    assert_eq!(messages[1]["content"][0]["type"], "tool_result");
    assert_eq!(messages.as_array().unwrap().len(), 2);
}

#[test]
fn r_cli_3_replay_drops_a_torn_last_line_and_says_so() {
    let scratch = Scratch::new();
    scratch.write("ok.js", "return 1");
    let output = scratch.ordo(&["run", "ok.js", "--session", "s.jsonl"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let path = scratch.path().join("s.jsonl");
    let mut text = std::fs::read_to_string(&path).unwrap();
    text.push_str(r#"{"type":"tool/call","seq":3,"call_id":"x"#);
    std::fs::write(&path, text).unwrap();
    let output = scratch.ordo(&["replay", "s.jsonl"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(stderr(&output).contains("line 3"), "{}", stderr(&output));
}

#[test]
fn r_cli_4_a_broken_log_is_a_usage_error_that_says_where() {
    let scratch = Scratch::new();
    scratch.write("s.jsonl", "not json\n{\"type\":\"tool/call\"}\n");
    let output = scratch.ordo(&["replay", "s.jsonl"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("s.jsonl"), "{}", stderr(&output));
    assert!(stderr(&output).contains("line 1"), "{}", stderr(&output));
    let output = scratch.ordo(&["replay", "absent.jsonl"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
}

/// R-CLI-9: what a log holds is shown escaped: a path with an escape sequence and a newline in
/// it cannot clear the screen, nor hide the rest of the card below a line break.
#[test]
fn r_cli_9_replay_shows_control_characters_escaped() {
    let scratch = Scratch::new();
    scratch.write(
        "sneaky.js",
        "try { await tools.read_file({ path: 'a\\u001b[2J\\nb.txt' }) } catch (e) {} return 1",
    );
    let run = scratch.ordo(&["run", "sneaky.js", "--session", "s.jsonl"]).output().unwrap();
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    let output = scratch.ordo(&["replay", "s.jsonl"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(!output.stdout.contains(&0x1b), "{:?}", String::from_utf8_lossy(&output.stdout));
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("a\\x1b[2J\\nb.txt"), "{text}");
}
