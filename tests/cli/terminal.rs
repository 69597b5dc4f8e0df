//! ordo on a real pseudo-terminal: the approval prompt (R-CLI-6) shows the call's card and one
//! key answers: y allows, n rejects, Esc cancels; and calls are shown live as cards (R-CLI-1).

use std::io::{Read, Write};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use portable_pty::{CommandBuilder, PtySize, native_pty_system};

use crate::common::{Scratch, bin, wait_until};

/// Runs `ordo ARGS` in `scratch` on a terminal; when the screen shows the approval question,
/// types `key`. Returns the exit code and everything the terminal showed.
fn on_terminal(scratch: &Scratch, args: &[&str], key: Option<&[u8]>) -> (u32, String) {
    let pty = native_pty_system()
        .openpty(PtySize { rows: 40, cols: 160, pixel_width: 0, pixel_height: 0 })
        .unwrap();
    let mut command = CommandBuilder::new(bin());
    command.args(args);
    command.cwd(scratch.path());
    let mut child = pty.slave.spawn_command(command).unwrap();
    drop(pty.slave);

    let screen = Arc::new(Mutex::new(String::new()));
    let mut reader = pty.master.try_clone_reader().unwrap();
    let shown = Arc::clone(&screen);
    let reading = std::thread::spawn(move || {
        let mut buffer = [0u8; 4096];
        while let Ok(read) = reader.read(&mut buffer) {
            if read == 0 {
                break;
            }
            shown.lock().unwrap().push_str(&String::from_utf8_lossy(&buffer[..read]));
        }
    });
    if let Some(key) = key {
        wait_until(Duration::from_secs(20), || screen.lock().unwrap().contains("Allow this call?"));
        let mut writer = pty.master.take_writer().unwrap();
        writer.write_all(key).unwrap();
        writer.flush().unwrap();
    }
    let status = child.wait().unwrap();
    drop(pty.master);
    let _ = reading.join();
    let text = screen.lock().unwrap().clone();
    (status.exit_code(), text)
}

/// Runs a script whose one tool call needs approval, and answers the prompt with `key`.
fn answer_prompt_with(key: &[u8]) -> (u32, String) {
    answer_prompt_for(
        "try { return await tools.deploy({ target: 'staging' }); } catch (error) { return error.code; }",
        key,
    )
}

/// Runs `script`, whose tool calls need approval, and answers the first prompt with `key`.
fn answer_prompt_for(script: &str, key: &[u8]) -> (u32, String) {
    let scratch = Scratch::new();
    scratch.write(
        "tools.toml",
        r#"
[[tool]]
name = "deploy"
description = "Pretends to deploy."
parameters = { type = "object", properties = { target = { type = "string" } } }
command = ["sh", "-c", "echo '\"deployed\"'"]
approval = "ask"
"#,
    );
    scratch.write("ask.js", script);
    on_terminal(&scratch, &["run", "ask.js", "--tools", "tools.toml"], Some(key))
}

#[test]
fn r_cli_6_the_prompt_shows_the_card_and_y_allows() {
    let (code, screen) = answer_prompt_with(b"y");
    assert_eq!(code, 0, "{screen}");
    assert!(screen.contains("deploy"), "the call's card is shown: {screen}");
    assert!(screen.contains("\"deployed\""), "{screen}");
}

#[test]
fn r_cli_6_n_rejects() {
    let (code, screen) = answer_prompt_with(b"n");
    assert_eq!(code, 0, "{screen}");
    assert!(screen.contains("\"APPROVAL_REJECTED\""), "{screen}");
}

#[test]
fn r_cli_6_esc_cancels() {
    let (code, screen) = answer_prompt_with(b"\x1b");
    assert_eq!(code, 0, "{screen}");
    assert!(screen.contains("\"APPROVAL_CANCELLED\""), "{screen}");
}

#[test]
fn r_cli_1_calls_in_flight_are_shown_as_cards_on_a_terminal() {
    let scratch = Scratch::new();
    scratch.write("notes.txt", "one\ntwo\n");
    scratch.write("read.js", "return (await tools.read_file({ path: 'notes.txt' })).lines;");
    let (code, screen) = on_terminal(&scratch, &["run", "read.js"], None);
    assert_eq!(code, 0, "{screen}");
    assert!(screen.contains("run_code · 1 line"), "the script's card: {screen}");
    assert!(screen.contains("read_file · Read notes.txt"), "the nested call's card: {screen}");
    assert!(screen.contains("✓"), "finished calls are marked: {screen}");
    assert!(screen.contains("ms"), "with their duration: {screen}");
}

/// R-CLI-1: a finished card names its tool and says what came of the call: a nested file tool
/// its own result card, under its `run_code`, and `run_code` what the script returned, summed up.
#[test]
fn r_cli_1_finished_cards_name_the_tool_and_tell_the_result() {
    let scratch = Scratch::new();
    scratch.write("src/a.js", "one\ntwo\nthree\n");
    scratch.write("src/b.js", "four\n");
    scratch.write(
        "sum.js",
        "const listing = await tools.list_dir({ path: 'src' });\n\
         const a = await tools.read_file({ path: 'src/a.js' });\n\
         return { folder: 'src', total_lines: a.lines, modules: listing.entries.map((e) => e.name) };",
    );
    let (code, screen) = on_terminal(&scratch, &["run", "sum.js"], None);
    assert_eq!(code, 0, "{screen}");
    let shown = plain(&screen);
    assert!(
        shown.contains("✓ list_dir · List src — 2 entries: 0 dirs, 2 files "),
        "a nested call with its own result card: {shown}"
    );
    assert!(shown.contains("✓ read_file · Read src/a.js — Read 3 lines (14 B) "), "{shown}");
    assert!(
        shown.contains("✓ run_code · 3 lines — object {folder, total_lines, modules} "),
        "the script's result summed up: {shown}"
    );
    let last = |card: &str| shown.rfind(card).unwrap_or_default();
    let order = [last("✓ run_code · "), last("✓ list_dir · "), last("✓ read_file · ")];
    assert!(order.is_sorted(), "the last frame: run_code, then its calls below it: {shown}");
}

/// R-CLI-9: the prompt shows the whole arguments, not a cut card: what is approved is what runs;
/// and what the model wrote cannot clear the screen or retitle the window.
#[test]
fn r_cli_9_the_prompt_shows_the_whole_arguments_escaped() {
    let script = r#"return await tools.deploy({ target: "harmless", pad: " ".repeat(90),
        zz: { target: "/elsewhere/victim", note: "\u001b[2J\u001b]0;owned\u0007" } });"#;
    let (code, screen) = answer_prompt_for(script, b"n");
    assert_eq!(code, 1, "{screen}");
    let question = &screen[..screen.find("Allow this call?").unwrap()];
    assert!(question.contains("/elsewhere/victim"), "the whole arguments: {question}");
    assert!(question.contains("\\u001b[2J\\u001b]0;owned\\u0007"), "escaped: {question}");
    assert!(!screen.contains("\x1b[2J") && !screen.contains("\x1b]0;"), "{screen:?}");
}

/// What a terminal showed, without its escape sequences (colours, cursor moves).
fn plain(screen: &str) -> String {
    let mut plain = String::new();
    let mut chars = screen.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            // CSI: `ESC [`, parameters, then one final letter.
            chars.by_ref().skip(1).find(char::is_ascii_alphabetic);
        } else {
            plain.push(c);
        }
    }
    plain
}
