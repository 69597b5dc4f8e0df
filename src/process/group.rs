//! A command's process group: started together, killed together, never left behind.
//!
//! Each command leads a process group of its own, so everything it starts (a pipeline, a
//! `sleep &`) can be signalled at once with `killpg`; killing only the child would orphan its
//! children, which would keep running and keep the output pipes open. The group lives exactly
//! as long as the call:
//!
//! - once the leader has exited, whatever is left of its group is killed, and whatever left the
//!   group (`setsid`, a double fork) that the call's containment finds (`contain`);
//! - on cancel or timeout the group gets `SIGTERM`, then `SIGKILL` after [`TERM_GRACE`];
//! - if the call's future is dropped mid-flight (a caller that gave up on it), `Drop` kills the
//!   group with `SIGKILL` and hands the leader to a task that reaps it, so no zombie stays.

use std::io;
use std::process::ExitStatus;
use std::time::Duration;

use nix::errno::Errno;
use nix::sys::signal::{Signal, killpg};
use nix::unistd::Pid;
use tokio::process::{Child, Command};

use super::contain::Containment;

/// How long a group has to exit after `SIGTERM` before it gets `SIGKILL`. Well under the
/// pipeline's default cancel grace (2 s), so a cancelled call still returns on its own.
const TERM_GRACE: Duration = Duration::from_millis(500);

/// A running command and the process group it leads.
pub struct ProcessGroup {
    /// `None` once handed to a reaper task in `Drop`.
    child: Option<Child>,
    /// How the call's processes are found again, group or not (see `contain`).
    containment: Containment,
    /// The group's id: the leader's pid.
    id: Pid,
    /// Whether the leader has been waited for. Until then its pid, and so the group id, cannot
    /// be reused, which is what makes signalling the group safe.
    reaped: bool,
}

impl ProcessGroup {
    /// Starts `command` as the leader of a new process group.
    pub fn spawn(command: &mut Command) -> io::Result<Self> {
        // `kill_on_drop` is a last resort for the leader should the reaper task be impossible
        // (no runtime left); the group itself is killed by `Drop` below.
        let containment = Containment::apply(command)?;
        let child = command.process_group(0).kill_on_drop(true).spawn()?;
        let id = child
            .id()
            .and_then(|pid| i32::try_from(pid).ok())
            .map(Pid::from_raw)
            .ok_or_else(|| io::Error::other("the started command has no process id"))?;
        Ok(Self { child: Some(child), containment, id, reaped: false })
    }

    /// The leader, to take its pipes.
    pub fn child_mut(&mut self) -> Option<&mut Child> {
        self.child.as_mut()
    }

    /// Waits for the leader to exit, then kills what is left of its group.
    ///
    /// Cancel-safe: dropping the future before it completes leaves the group as it was.
    pub async fn wait(&mut self) -> io::Result<ExitStatus> {
        let child = self.child.as_mut().ok_or_else(|| io::Error::other("no child to wait for"))?;
        let status = child.wait().await?;
        self.reaped = true;
        // The leader is gone, so the group id could in principle be recycled, but only once
        // every member is gone too and the kernel's pid counter has wrapped around: between
        // the wait above and this line, that cannot happen in practice.
        self.signal(Signal::SIGKILL);
        Ok(status)
    }

    /// Stops the whole group: `SIGTERM`, `TERM_GRACE` (half a second) to exit, then `SIGKILL`. Returns the
    /// leader's status once it is reaped.
    pub async fn terminate(&mut self) -> io::Result<ExitStatus> {
        self.signal(Signal::SIGTERM);
        if let Ok(status) = tokio::time::timeout(TERM_GRACE, self.wait()).await {
            return status;
        }
        self.signal(Signal::SIGKILL);
        self.wait().await
    }

    /// Sends `signal` to every process of the group; `SIGKILL` also ends every process of the
    /// call that its containment finds, wherever it went. A group with no process left is not an error; any other
    /// failure is logged, there being nothing better to do with it.
    fn signal(&self, signal: Signal) {
        if signal == Signal::SIGKILL {
            self.containment.kill();
        }
        match killpg(self.id, signal) {
            Ok(()) | Err(Errno::ESRCH) => {}
            Err(error) => {
                tracing::warn!(group = self.id.as_raw(), %signal, %error, "killpg failed");
            }
        }
    }
}

impl Drop for ProcessGroup {
    fn drop(&mut self) {
        if self.reaped {
            return;
        }
        // The leader is not reaped, so the group id is still ours to signal.
        self.signal(Signal::SIGKILL);
        let Some(mut child) = self.child.take() else {
            return;
        };
        if matches!(child.try_wait(), Ok(Some(_))) {
            return;
        }
        match tokio::runtime::Handle::try_current() {
            Ok(runtime) => {
                runtime.spawn(async move {
                    let _ = child.wait().await;
                });
            }
            // No runtime to reap on: `kill_on_drop` and tokio's orphan queue take over.
            Err(_) => drop(child),
        }
    }
}
