//! The approval prompt on a real pseudo-terminal (R-CLI-6): the call's card is shown, one key
//! answers: y allows, n rejects, Esc cancels.

use std::io::{Read, Write};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use portable_pty::{CommandBuilder, PtySize, native_pty_system};

use crate::common::{Scratch, bin, wait_until};

/// Runs `ordo run ask.js` on a terminal, answers the prompt with `key`, and returns the exit
/// code and everything the terminal showed.
fn answer_prompt_with(key: &[u8]) -> (u32, String) {
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
    scratch.write(
        "ask.js",
        "try { return await tools.deploy({ target: 'staging' }); } catch (error) { return error.code; }",
    );
    let pty = native_pty_system()
        .openpty(PtySize { rows: 40, cols: 160, pixel_width: 0, pixel_height: 0 })
        .unwrap();
    let mut command = CommandBuilder::new(bin());
    command.args(["run", "ask.js", "--tools", "tools.toml"]);
    command.cwd(scratch.path());
    let mut child = pty.slave.spawn_command(command).unwrap();
    drop(pty.slave);

    let screen = Arc::new(Mutex::new(String::new()));
    let mut reader = pty.master.try_clone_reader().unwrap();
    let shown = Arc::clone(&screen);
    std::thread::spawn(move || {
        let mut buffer = [0u8; 4096];
        while let Ok(read) = reader.read(&mut buffer) {
            if read == 0 {
                break;
            }
            shown.lock().unwrap().push_str(&String::from_utf8_lossy(&buffer[..read]));
        }
    });
    wait_until(Duration::from_secs(20), || screen.lock().unwrap().contains("Allow this call?"));
    let mut writer = pty.master.take_writer().unwrap();
    writer.write_all(key).unwrap();
    writer.flush().unwrap();
    let status = child.wait().unwrap();
    // Let the reader take the last output.
    std::thread::sleep(Duration::from_millis(200));
    let text = screen.lock().unwrap().clone();
    (status.exit_code(), text)
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
