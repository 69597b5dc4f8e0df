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
    assert!(lines[1].starts_with("  ✓ run_code · 2 lines — array of 2 "), "{text}");
    assert!(
        lines[2].starts_with("    ✓ read_file · Read a.txt — Read 2 lines (8 B) "),
        "nested calls are indented, with their own result card: {text}"
    );
    assert!(lines[3].starts_with("    ✗ read_file · Read ../outside.txt — DENIED: "), "{text}");
}

/// `ordo replay ARGS`, its durations blanked out as `_ ms`.
fn replayed(scratch: &Scratch, args: &[&str]) -> String {
    let output = scratch.ordo(&[&["replay"], args].concat()).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = String::from_utf8(output.stdout).unwrap();
    let blank = |line: &str| match line.rfind(" ms [") {
        Some(end) => {
            let start = line[..end].rfind(' ').unwrap();
            format!("{} _{}", &line[..start], &line[end..])
        }
        None => line.to_owned(),
    };
    text.lines().map(blank).collect::<Vec<_>>().join("\n")
}

/// R-LOG-3: every call is headed by its tool's name, each nested file tool shows its own result
/// card (from the meta its logged result keeps), and `run_code` sums up what it returned.
#[test]
fn r_log_3_replay_names_every_tool_and_sums_up_every_result() {
    let scratch = Scratch::new();
    scratch.write("src/one.js", "export const one = 1;\n");
    scratch.write("src/two.js", &"export const two = 2;\n// two\n".repeat(6));
    scratch.write(
        "summary.js",
        "const listing = await tools.list_dir({ path: 'src' });\n\
         const two = await tools.read_file({ path: 'src/two.js' });\n\
         const found = await tools.search_files({ pattern: 'export', path: 'src' });\n\
         try { await tools.read_file({ path: 'missing.txt' }); } catch {}\n\
         return { folder: 'src', total_lines: two.lines, modules: listing.entries.map((e) => e.name), found: found.matches.length };",
    );
    let output = scratch.ordo(&["run", "summary.js", "--session", "s.jsonl"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(
        replayed(&scratch, &["s.jsonl"]),
        "step 1\n\
         \x20 ✓ run_code · 5 lines — object {folder, total_lines, modules, found} _ ms [run_1]\n\
         \x20   ✓ list_dir · List src — 2 entries: 0 dirs, 2 files _ ms [run_1.1]\n\
         \x20   ✓ read_file · Read src/two.js — Read 12 lines (174 B) _ ms [run_1.2]\n\
         \x20   ✓ search_files · Search /export/ in src — 7 matches in 2 files (2 searched) _ ms [run_1.3]\n\
         \x20   ✗ read_file · Read missing.txt — TOOL_ERROR: `missing.txt` does not exist _ ms [run_1.4]"
    );
}

/// R-LOG-3: the cards of the default projections, and of a tool no longer registered, name the
/// tool once; replayed without the manifest, a command tool still reads as its name and
/// arguments.
#[test]
fn r_log_3_default_cards_name_their_tool_once() {
    let scratch = Scratch::new();
    scratch.write(
        "tools.toml",
        r#"
[[tool]]
name = "greet"
description = "Says hello."
parameters = { type = "object", properties = { who = { type = "string" } } }
command = ["sh", "-c", "echo '\"hello\"'"]
"#,
    );
    scratch.write("greet.js", "return await tools.greet({ who: 'you' })");
    let args = ["run", "greet.js", "--tools", "tools.toml", "--session", "s.jsonl"];
    let output = scratch.ordo(&args).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let nested = r#"    ✓ greet · {"who":"you"} — hello _ ms [run_1.1]"#;
    let text = replayed(&scratch, &["s.jsonl", "--tools", "tools.toml"]);
    assert_eq!(text.lines().nth(2), Some(nested), "{text}");
    assert!(text.contains("  ✓ run_code · 1 line — string \"hello\" _ ms"), "{text}");
    let text = replayed(&scratch, &["s.jsonl"]);
    assert_eq!(text.lines().nth(2), Some(nested), "without its manifest: {text}");
}

/// R-LOG-3: a mounted server's tool (`<space>__<member>`) is named as scripts call it, here from
/// a log replayed without the server.
#[test]
fn r_log_3_a_mounted_tool_is_named_as_scripts_call_it() {
    let scratch = Scratch::new();
    scratch.write(
        "s.jsonl",
        r#"{"type":"tool/call","seq":1,"call_id":"c1","parent":null,"name":"everything__echo","arguments":"{\"message\":\"hi\"}","step":1}
{"type":"tool/result","seq":2,"call_id":"c1","parent":null,"name":"everything__echo","is_error":false,"content":[{"type":"text","text":"Echo: hi"}],"meta":null,"error":null,"duration_ms":3}
"#,
    );
    assert_eq!(
        replayed(&scratch, &["s.jsonl"]),
        "step 1\n  ✓ everything.echo · {\"message\":\"hi\"} — Echo: hi _ ms [c1]"
    );
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
