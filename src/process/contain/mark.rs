//! A mark per call: the weaker guarantee, where no cgroup can be made.
//!
//! The command gets `ORDO_CALL=<ordo's pid>-<n>` in its environment; every process it starts
//! inherits it, in the group or out of it (`setsid`, a double fork), unless it clears its
//! environment. When the call ends, ordo looks through `/proc` for processes whose initial
//! environment carries the mark and kills them, a few times over, so a process forking as it
//! dies does not leave a child behind.

use std::fs;
use std::sync::atomic::{AtomicU64, Ordering};

use nix::sys::signal::{Signal, kill};
use nix::unistd::Pid;
use tokio::process::Command;

/// The variable that marks a call's processes.
const VARIABLE: &str = "ORDO_CALL";

/// How many times `/proc` is searched: a process killed while forking may leave one child that
/// the next pass finds.
const PASSES: usize = 3;

/// The mark of one call.
#[derive(Debug)]
pub(crate) struct CallMark {
    /// `ORDO_CALL=<value>`, as it appears in `/proc/<pid>/environ`.
    entry: Vec<u8>,
}

impl CallMark {
    /// Marks `command` with a mark of its own.
    pub(crate) fn apply(command: &mut Command) -> Self {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let value = format!("{}-{}", std::process::id(), NEXT.fetch_add(1, Ordering::Relaxed));
        command.env(VARIABLE, &value);
        Self { entry: format!("{VARIABLE}={value}").into_bytes() }
    }

    /// Kills every process that carries the mark.
    pub(crate) fn kill(&self) {
        for _ in 0..PASSES {
            if self.kill_marked() == 0 {
                return;
            }
        }
    }

    /// One pass over `/proc`; returns how many marked processes it signalled.
    fn kill_marked(&self) -> usize {
        let Ok(entries) = fs::read_dir("/proc") else { return 0 };
        let mut killed = 0;
        for entry in entries.flatten() {
            let Some(pid) = entry.file_name().to_str().and_then(|name| name.parse::<i32>().ok())
            else {
                continue;
            };
            let Ok(environ) = fs::read(entry.path().join("environ")) else { continue };
            if environ.split(|&byte| byte == 0).any(|variable| variable == self.entry) {
                let _ = kill(Pid::from_raw(pid), Signal::SIGKILL);
                killed += 1;
            }
        }
        killed
    }
}
