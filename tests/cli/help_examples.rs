//! Every example in the `--help` of every subcommand runs as written (R-CLI-1a): each indented
//! line of an `Examples:` block is run by `sh -c` from a copy of the repository's `examples/`
//! folder, the built `ordo` first on `PATH`, and must succeed. `ordo mcp` over stdio must answer
//! an `initialize`; over HTTP it must say where it serves. A line for another program
//! (`claude mcp add …`) is not run, but every file an example names must exist.

use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use serde_json::json;

use crate::common::{Scratch, bin, copy_tree, stderr};

/// The longest an example may take; then its process group is killed and the test fails.
const WATCHDOG: Duration = Duration::from_secs(20);

const SUBCOMMANDS: &[&str] = &["run", "calls", "replay", "sessions", "tools", "mcp"];

fn repository() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The example lines of `ordo SUBCOMMAND --help`: the indented lines after `Examples:`.
fn examples(subcommand: &str) -> Vec<String> {
    let output = Command::new(bin()).args([subcommand, "--help"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let help = String::from_utf8(output.stdout).unwrap();
    let (_, block) = help.split_once("\nExamples:\n").unwrap_or_else(|| {
        panic!("ordo {subcommand} --help has no examples:\n{help}");
    });
    block
        .lines()
        .take_while(|line| line.starts_with("  "))
        .map(|line| line.trim().to_owned())
        .collect()
}

/// Every word of the line that names something in `examples/` (`@examples/query.json` too).
fn named_files(line: &str) -> Vec<&str> {
    line.split_whitespace()
        .map(|word| word.trim_start_matches('@'))
        .filter(|word| word.starts_with("examples/"))
        .collect()
}

/// `sh -c LINE` in `dir`, in a process group of its own, `ordo` first on `PATH`; `store`, when
/// given, is `ORDO_STORE`.
fn start(line: &str, dir: &Path, store: Option<&str>) -> Child {
    let path = format!(
        "{}:{}",
        bin().parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut command = Command::new("sh");
    if let Some(store) = store {
        command.env("ORDO_STORE", store);
    }
    command
        .args(["-c", line])
        .current_dir(dir)
        .env("PATH", path)
        .env_remove("ORDO_LOG")
        .process_group(0)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Kills the example's whole process group (the shell and whatever it started).
fn kill_group(child: &mut Child) {
    let group = nix::unistd::Pid::from_raw(i32::try_from(child.id()).unwrap());
    let _ = nix::sys::signal::killpg(group, nix::sys::signal::Signal::SIGKILL);
    let _ = child.wait();
}

/// Reads a pipe to its end on a thread of its own, so a full pipe never stalls the example.
fn drain(mut pipe: impl Read + Send + 'static) -> JoinHandle<String> {
    std::thread::spawn(move || {
        let mut text = String::new();
        let _ = pipe.read_to_string(&mut text);
        text
    })
}

/// Waits for the example to exit, killing it at the watchdog. Returns (stdout, stderr).
fn finish(mut child: Child, line: &str) -> (String, String) {
    // A pipe already read by the caller (`serves_stdio`'s stdout) reads as empty here.
    let stdout = child.stdout.take().map(drain);
    let stderr = child.stderr.take().map(drain);
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > WATCHDOG {
            kill_group(&mut child);
            panic!("`{line}` ran past {WATCHDOG:?}: killed");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let read = |pipe: Option<JoinHandle<String>>| pipe.map(|pipe| pipe.join().unwrap());
    let (stdout, stderr) = (read(stdout).unwrap_or_default(), read(stderr).unwrap_or_default());
    assert!(status.success(), "`{line}` failed ({status}):\n{stderr}\nstdout:\n{stdout}");
    (stdout, stderr)
}

/// `ordo mcp` over stdio: answers an `initialize`, then ends when its stdin does.
fn serves_stdio(mut child: Child, line: &str) {
    let request = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {},
        "clientInfo": {"name": "help-examples", "version": "1"}}});
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "{request}").unwrap();
    let stdout = BufReader::new(child.stdout.take().unwrap());
    let (answered, answer) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = answered.send(stdout.lines().next().and_then(Result::ok));
    });
    let Ok(Some(answer)) = answer.recv_timeout(WATCHDOG) else {
        kill_group(&mut child);
        panic!("`{line}` did not answer initialize within {WATCHDOG:?}");
    };
    let answer: serde_json::Value = serde_json::from_str(&answer).unwrap();
    assert_eq!(answer["id"], 1, "`{line}`: {answer}");
    assert!(answer["result"]["serverInfo"].is_object(), "`{line}`: {answer}");
    drop(stdin);
    finish(child, line);
}

/// `ordo mcp --http`: says where it serves; then it is stopped.
fn serves_http(mut child: Child, line: &str) {
    let stderr = BufReader::new(child.stderr.take().unwrap());
    let (said, saying) = mpsc::channel();
    std::thread::spawn(move || {
        for text in stderr.lines().map_while(Result::ok) {
            if said.send(text).is_err() {
                break;
            }
        }
    });
    let deadline = Instant::now() + WATCHDOG;
    let mut seen = Vec::new();
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match saying.recv_timeout(left) {
            Ok(text) if text.starts_with("ordo mcp: serving MCP at http://") => break,
            Ok(text) => seen.push(text),
            Err(_) => {
                kill_group(&mut child);
                panic!("`{line}` never said where it serves:\n{}", seen.join("\n"));
            }
        }
    }
    kill_group(&mut child);
}

#[test]
fn r_cli_1a_every_help_example_names_files_that_exist_and_runs() {
    let scratch = Scratch::new();
    copy_tree(&repository().join("examples"), &scratch.path().join("examples"));
    // The store's examples read ORDO_STORE: a test database holding a session named SESSION.
    let store = crate::store::database("help").inspect(|url| {
        let made = scratch
            .ordo(&["run", "-", "--store", url, "--session", "SESSION"])
            .write_stdin("return (await tools.list_dir({})).entries.length")
            .output()
            .unwrap();
        assert!(made.status.success(), "{}", stderr(&made));
    });
    let mut ran = 0;
    for subcommand in SUBCOMMANDS {
        let lines = examples(subcommand);
        assert!(lines.len() >= 3, "ordo {subcommand} --help shows {} examples", lines.len());
        for line in &lines {
            for file in named_files(line) {
                assert!(
                    repository().join(file).exists(),
                    "`{line}` names {file}, which is not there"
                );
            }
            if !line.starts_with("ordo ") && !line.contains("| ordo ") {
                continue; // another program's command line (claude mcp add …)
            }
            let needs_store = line.contains("ORDO_STORE") || line.starts_with("ordo sessions");
            if needs_store && store.is_none() {
                eprintln!("SKIPPED (no PostgreSQL): `{line}`");
                continue;
            }
            let child = start(line, scratch.path(), store.as_deref().filter(|_| needs_store));
            if line.starts_with("ordo mcp") && line.contains("--http") {
                serves_http(child, line);
            } else if line.starts_with("ordo mcp") {
                serves_stdio(child, line);
            } else {
                let (stdout, _) = finish(child, line);
                assert!(!stdout.trim().is_empty(), "`{line}` printed nothing");
            }
            ran += 1;
        }
    }
    assert!(ran >= 18, "{ran} examples ran");
}
