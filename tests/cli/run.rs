//! `ordo run` (R-CLI-1, R-CLI-4, R-CLI-8).

use serde_json::json;

use crate::common::{Scratch, json, stderr};

#[test]
fn r_cli_1_run_prints_the_scripts_result_as_json() {
    let scratch = Scratch::new();
    scratch.write("add.js", "console.log('adding'); return { sum: 1 + 2, list: [1, 'a'] };");
    let output = scratch.ordo(&["run", "add.js"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(json(&output), json!({ "sum": 3, "list": [1, "a"] }));
    assert!(stderr(&output).contains("adding"), "console output goes to stderr");
}

#[test]
fn r_cli_1_run_reads_the_script_from_stdin() {
    let scratch = Scratch::new();
    let output = scratch
        .ordo(&["run", "-"])
        .write_stdin("return [1, 2].map((x) => x * 10)")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(json(&output), json!([10, 20]));
}

#[test]
fn r_cli_1_run_takes_typescript() {
    let scratch = Scratch::new();
    scratch.write(
        "typed.ts",
        "interface Point { x: number; y: number }\nconst p: Point = { x: 1, y: 2 };\nreturn p.x + p.y as number;",
    );
    let output = scratch.ordo(&["run", "typed.ts"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(json(&output), json!(3));
}

#[test]
fn r_cli_1_scripts_call_the_file_tools() {
    let scratch = Scratch::new();
    scratch.write("notes/a.txt", "one\ntwo\n");
    scratch.write(
        "count.js",
        "const file = await tools.read_file({ path: 'notes/a.txt' }); return file.content.split('\\n').filter(Boolean).length;",
    );
    let output = scratch.ordo(&["run", "count.js"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(json(&output), json!(2));
}

#[test]
fn r_cli_8_a_script_error_leaves_stdout_empty_and_says_code_kind_line_and_source() {
    let scratch = Scratch::new();
    scratch.write("boom.js", "const a = 1;\nconst b = 2;\nthrow new Error('boom ' + (a + b));\n");
    let output = scratch.ordo(&["run", "boom.js"]).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty(), "stdout: {}", String::from_utf8_lossy(&output.stdout));
    let stderr = stderr(&output);
    let first = stderr.lines().next().unwrap();
    assert!(first.starts_with("TOOL_ERROR: runtime: "), "{stderr}");
    assert!(first.contains("boom 3") && first.contains("line 3"), "{stderr}");
    assert!(stderr.contains("throw new Error('boom ' + (a + b));"), "the source line: {stderr}");
}

#[test]
fn r_cli_8_a_syntax_error_is_reported_with_its_position() {
    let scratch = Scratch::new();
    scratch.write("broken.js", "return (1 + ;\n");
    let output = scratch.ordo(&["run", "broken.js"]).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
    assert!(stderr(&output).starts_with("TOOL_ERROR: syntax: "), "{}", stderr(&output));
}

#[test]
fn r_cli_8_a_script_past_its_timeout_ends_with_timeout() {
    let scratch = Scratch::new();
    scratch.write("spin.js", "while (true) {}");
    let output = scratch.ordo(&["run", "spin.js", "--timeout", "300"]).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
    assert!(stderr(&output).starts_with("TIMEOUT: "), "{}", stderr(&output));
}

#[test]
fn r_cli_4_a_missing_script_is_a_usage_error() {
    let scratch = Scratch::new();
    let output = scratch.ordo(&["run", "nowhere.js"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("nowhere.js"), "{}", stderr(&output));
}

#[test]
fn r_cli_4_bad_flags_are_usage_errors() {
    let scratch = Scratch::new();
    scratch.write("ok.js", "return 1");
    for args in [
        &["run", "ok.js", "--timeout", "0"][..],
        &["run", "ok.js", "--max-parallel", "0"],
        &["run", "ok.js", "--approve", "maybe"],
        &["run", "ok.js", "--allow-read", "no/such/folder"],
        &["run"],
        &["frobnicate"],
    ] {
        let output = scratch.ordo(args).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}: {}", stderr(&output));
    }
}

#[test]
fn r_cli_1_every_subcommand_has_help_with_examples() {
    let scratch = Scratch::new();
    for command in ["run", "calls", "replay", "tools"] {
        let output = scratch.ordo(&[command, "--help"]).output().unwrap();
        assert_eq!(output.status.code(), Some(0));
        let help = String::from_utf8_lossy(&output.stdout);
        assert!(help.contains("Examples:"), "{command}: {help}");
    }
}

#[test]
fn r_cli_1_the_session_log_records_the_run_and_its_nested_calls() {
    let scratch = Scratch::new();
    scratch.write("a.txt", "hello");
    scratch.write("read.js", "return (await tools.read_file({ path: 'a.txt' })).content");
    let output = scratch.ordo(&["run", "read.js", "--session", "s.jsonl"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let events = scratch.events("s.jsonl");
    let kinds: Vec<(&str, &str)> = events
        .iter()
        .map(|event| (event["type"].as_str().unwrap(), event["name"].as_str().unwrap()))
        .collect();
    assert_eq!(
        kinds,
        [
            ("tool/call", "run_code"),
            ("tool/call", "read_file"),
            ("tool/result", "read_file"),
            ("tool/result", "run_code")
        ]
    );
    assert_eq!(events[1]["parent"], events[0]["call_id"]);
    // A second run continues the same log, as step 2.
    let output = scratch.ordo(&["run", "read.js", "--session", "s.jsonl"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let events = scratch.events("s.jsonl");
    assert_eq!(events.len(), 8);
    assert_eq!(events[4]["step"], 2);
    assert_ne!(events[4]["call_id"], events[0]["call_id"]);
}

/// R-CLI-9: escape sequences a script prints, or puts in its error, never reach the terminal:
/// the console and the error summary show them escaped.
#[test]
fn r_cli_9_console_output_and_error_summaries_show_escapes_escaped() {
    let scratch = Scratch::new();
    scratch.write(
        "loud.js",
        "console.log('\\u001b]0;owned\\u0007title'); console.error('\\u001b[2Jcleared');\n\
         throw new Error('boom\\u001b[1A\\u202e');",
    );
    let output = scratch.ordo(&["run", "loud.js"]).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(!output.stderr.contains(&0x1b), "an escape byte reached stderr: {:?}", stderr(&output));
    let text = stderr(&output);
    assert!(text.contains("\\x1b]0;owned\\x07title"), "{text}");
    assert!(text.contains("[error] \\x1b[2Jcleared"), "{text}");
    assert!(text.contains("boom\\x1b[1A\\u{202e}"), "{text}");
}

/// R-LOG-6: ten calls with a 30-million-character argument once wrote a 1.26 GB log; each
/// argument is now kept as a preview with its size and hash (here three of 4 million, to keep
/// the test quick on a debug build).
#[test]
fn r_log_6_huge_arguments_leave_a_small_log() {
    let scratch = Scratch::new();
    scratch.write(
        "huge.js",
        "const big = 'x'.repeat(4e6);\n\
         for (let i = 0; i < 3; i++) { try { await tools.read_file({ path: big }) } catch (e) {} }\n\
         return 'done'",
    );
    let output = scratch.ordo(&["run", "huge.js", "--session", "s.jsonl"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let size = std::fs::metadata(scratch.path().join("s.jsonl")).unwrap().len();
    assert!(size < 64 << 10, "the log holds {size} bytes");
    let events = scratch.events("s.jsonl");
    let elided = events.iter().filter(|event| event["elided"][0]["bytes"] == 4_000_011).count();
    assert_eq!(elided, 3, "each huge argument is recorded by its size and hash");
}
