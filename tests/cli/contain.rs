//! R-CLI-10: nothing a manifest command starts outlives its call, in either containment (a
//! cgroup per call, or the environment mark where no cgroup can be made), nor ordo's own death
//! where ordo can make cgroups.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::common::{Scratch, stderr, wait_until};

/// A tool that starts a daemon in a session of its own (out of the command's process group),
/// writes its pid to `daemon.pid`, then returns or, with `"linger"`, sleeps.
const DAEMONIZE: &str = r#"
[[tool]]
name = "daemonize"
description = "Starts a daemon in a session of its own."
parameters = { type = "object" }
command = ["sh", "-c", "setsid sh -c 'echo $$ > daemon.pid.tmp; mv daemon.pid.tmp daemon.pid; exec sleep 60' < /dev/null > /dev/null 2>&1 & sleep 0.3; if grep -q linger; then sleep 60; fi; echo '\"started\"'"]
"#;

/// The daemon's `/proc` entry, once it has written its pid.
fn daemon(scratch: &Scratch) -> PathBuf {
    let pid = scratch.path().join("daemon.pid");
    wait_until(Duration::from_secs(10), || pid.exists());
    let pid = std::fs::read_to_string(pid).unwrap();
    Path::new("/proc").join(pid.trim())
}

fn assert_dies(daemon: &Path) {
    wait_until(Duration::from_secs(3), || !daemon.exists());
}

#[test]
fn r_cli_10_a_daemon_a_command_starts_dies_with_the_call() {
    if !cgroups_writable() {
        eprintln!("SKIPPED: this machine lets ordo make no cgroup; the mark test still runs");
        return;
    }
    let scratch = Scratch::new();
    scratch.write("tools.toml", DAEMONIZE);
    scratch.write("daemon.js", "return await tools.daemonize({})");
    let output = scratch.ordo(&["run", "daemon.js", "--tools", "tools.toml"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_dies(&daemon(&scratch));
}

/// The weaker guarantee: with no cgroup, the daemon still carries the call's mark in its
/// environment, and dies with the call.
#[test]
fn r_cli_10_without_cgroups_the_mark_finds_the_daemon() {
    let scratch = Scratch::new();
    scratch.write("tools.toml", DAEMONIZE);
    scratch.write("daemon.js", "return await tools.daemonize({})");
    let output = scratch
        .ordo(&["run", "daemon.js", "--tools", "tools.toml"])
        .env("ORDO_NO_CGROUPS", "1")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_dies(&daemon(&scratch));
}

/// ordo killed with SIGKILL mid-call: its watchdog kills the call's cgroup, daemon included.
#[test]
fn r_cli_10_a_daemon_dies_with_an_ordo_killed_mid_call() {
    if !cgroups_writable() {
        eprintln!("SKIPPED: this machine lets ordo make no cgroup; ordo's death kills nothing");
        return;
    }
    let scratch = Scratch::new();
    scratch.write("tools.toml", DAEMONIZE);
    scratch.write("daemon.js", r#"return await tools.daemonize({linger: true})"#);
    let mut ordo = scratch.spawn(&["run", "daemon.js", "--tools", "tools.toml"]);
    let daemon = daemon(&scratch);
    assert!(daemon.exists(), "the daemon should be running while the call runs");
    ordo.kill().unwrap();
    ordo.wait().unwrap();
    assert_dies(&daemon);
}

/// Whether this process may make cgroups in the v2 hierarchy (as ordo does for each call).
fn cgroups_writable() -> bool {
    let Ok(cgroups) = std::fs::read_to_string("/proc/self/cgroup") else { return false };
    let Some(path) = cgroups.lines().find_map(|line| line.strip_prefix("0::")) else {
        return false;
    };
    let Ok(mounts) = std::fs::read_to_string("/proc/self/mountinfo") else { return false };
    let mount = mounts.lines().find_map(|line| {
        let (fields, filesystem) = line.split_once(" - ")?;
        filesystem.starts_with("cgroup2 ").then(|| fields.split(' ').nth(4))?
    });
    let Some(mount) = mount else { return false };
    let probe = Path::new(mount)
        .join(path.trim_start_matches('/'))
        .join(format!("ordo-test-probe-{}", std::process::id()));
    let made = std::fs::create_dir(&probe).is_ok();
    let _ = std::fs::remove_dir(&probe);
    made
}
