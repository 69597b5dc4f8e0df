//! Nothing a command starts outlives its call (R-CLI-10), as far as the machine allows.
//!
//! A process group is not a container: a child that calls `setsid`, or forks twice, leaves it,
//! and killing the group (`group.rs`) misses it. So each call is also contained, by the
//! strongest means the machine offers:
//!
//! - a cgroup of its own (`cgroup.rs`), where ordo may make cgroups: nothing escapes it, and a
//!   watchdog kills it should ordo die first;
//! - otherwise a mark (`mark.rs`): a variable in the command's environment that its descendants
//!   inherit, and that ordo looks for when the call ends. The weaker guarantee: a process that
//!   clears its environment and leaves the group escapes, and ordo's own death kills nothing.
//!
//! `ORDO_NO_CGROUPS=1` makes ordo use marks even where it could make cgroups: for hosts whose
//! cgroups someone else manages, and to test the weaker guarantee.

mod cgroup;
mod mark;

use std::io;

use tokio::process::Command;

use cgroup::CallCgroup;
use mark::CallMark;

/// How one call's processes are found again, to be killed when it ends.
#[derive(Debug)]
pub(super) enum Containment {
    Cgroup(CallCgroup),
    Mark(CallMark),
}

impl Containment {
    /// Contains `command`, which is about to be spawned, by the strongest means available.
    pub(super) fn apply(command: &mut Command) -> io::Result<Self> {
        let cgroup = if cgroups_refused() { None } else { CallCgroup::new() };
        match cgroup {
            Some(cgroup) => {
                cgroup.join_in_child(command)?;
                Ok(Self::Cgroup(cgroup))
            }
            None => Ok(Self::Mark(CallMark::apply(command))),
        }
    }

    /// Kills every process of the call that can still be found.
    pub(super) fn kill(&self) {
        match self {
            Self::Cgroup(cgroup) => cgroup.kill(),
            Self::Mark(mark) => mark.kill(),
        }
    }
}

/// Whether the operator asked for no cgroups (`ORDO_NO_CGROUPS=1`).
fn cgroups_refused() -> bool {
    std::env::var_os("ORDO_NO_CGROUPS").is_some_and(|value| value == "1")
}
