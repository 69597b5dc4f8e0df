//! What the end-to-end tests share: the built binary, a scratch folder to run it in, and
//! readers of what it leaves behind.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;
use tempfile::TempDir;

/// The `ordo` binary cargo built for these tests.
pub(crate) fn bin() -> PathBuf {
    assert_cmd::cargo::cargo_bin("ordo")
}

/// A scratch folder the binary runs in (its current directory, hence its default read root).
pub(crate) struct Scratch {
    dir: TempDir,
}

impl Scratch {
    pub(crate) fn new() -> Self {
        Self { dir: tempfile::tempdir().unwrap() }
    }

    pub(crate) fn path(&self) -> &Path {
        self.dir.path()
    }

    /// Writes a file (and its folders) under the scratch folder; returns its path.
    pub(crate) fn write(&self, relative: &str, text: &str) -> PathBuf {
        let path = self.dir.path().join(relative);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        path
    }

    /// Writes an executable shell script.
    pub(crate) fn script(&self, relative: &str, body: &str) -> PathBuf {
        use std::os::unix::fs::PermissionsExt;
        let path = self.write(relative, &format!("#!/bin/sh\n{body}\n"));
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        path
    }

    /// `ordo ARGS` in the scratch folder.
    pub(crate) fn ordo(&self, args: &[&str]) -> assert_cmd::Command {
        let mut command = assert_cmd::Command::new(bin());
        command.current_dir(self.path()).args(args).env_remove("ORDO_LOG");
        command
    }

    /// `ordo ARGS` started in the scratch folder, its output piped, not waited for.
    pub(crate) fn spawn(&self, args: &[&str]) -> Child {
        Command::new(bin())
            .current_dir(self.path())
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    }

    /// The events of a session log in the scratch folder, the torn last line (if any) left out.
    pub(crate) fn events(&self, log: &str) -> Vec<Value> {
        let text = std::fs::read_to_string(self.path().join(log)).unwrap_or_default();
        text.lines().filter_map(|line| serde_json::from_str(line).ok()).collect()
    }
}

/// Copies the folder `from` into `to`, permissions included (`fs::copy` keeps them).
pub(crate) fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// Polls `done` until it holds; fails the test after `patience`.
pub(crate) fn wait_until(patience: Duration, mut done: impl FnMut() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(start.elapsed() < patience, "gave up waiting after {patience:?}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Sends a signal to a child process.
pub(crate) fn signal(child: &Child, signal: nix::sys::signal::Signal) {
    let pid = nix::unistd::Pid::from_raw(i32::try_from(child.id()).unwrap());
    nix::sys::signal::kill(pid, signal).unwrap();
}

/// Stdout as JSON.
pub(crate) fn json(output: &std::process::Output) -> Value {
    serde_json::from_slice(&output.stdout).unwrap_or_else(|error| {
        panic!(
            "stdout is not JSON ({error}): {}\nstderr: {}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        )
    })
}

pub(crate) fn stderr(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Checks that every call of a log has exactly one result (R-SCHED-5, R-CLI-4).
pub(crate) fn assert_every_call_has_one_result(events: &[Value]) {
    let calls: Vec<&str> = events
        .iter()
        .filter(|event| event["type"] == "tool/call")
        .map(|event| event["call_id"].as_str().unwrap())
        .collect();
    for call in &calls {
        let results = events
            .iter()
            .filter(|event| event["type"] == "tool/result" && event["call_id"] == *call)
            .count();
        assert_eq!(results, 1, "call {call} has {results} results in {events:#?}");
    }
}
