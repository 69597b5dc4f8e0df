//! A cgroup per call: the strong guarantee.
//!
//! A process stays in its parent's cgroup whatever it does (`setsid`, a double fork, a cleared
//! environment), and `cgroup.kill` ends every process in it at once. So where ordo may make
//! cgroups (a writable cgroup v2 hierarchy: root, or a delegated user slice), each call's
//! command joins a cgroup of its own before it runs anything, and the cgroup is killed and
//! removed when the call ends.
//!
//! ordo's own death is covered too. The first call starts a watchdog, a shell that reads a pipe
//! whose other end only ordo holds: when ordo dies, however it dies, the kernel closes that end,
//! the watchdog's read ends, and it kills every call cgroup ordo left. Should the watchdog be
//! killed as well, the next ordo to start a command clears what is left.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::{ChildStdin, Stdio};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use std::os::unix::process::CommandExt as _;

use tokio::process::Command;

/// The cgroup of one call.
#[derive(Debug)]
pub(crate) struct CallCgroup {
    dir: PathBuf,
}

impl CallCgroup {
    /// A new, empty cgroup beside ordo's own; `None` where none can be made.
    pub(crate) fn new() -> Option<Self> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let base = base()?;
        let call = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir = base.join(format!("{PREFIX}{}-{call}", std::process::id()));
        fs::create_dir(&dir).ok()?;
        Some(Self { dir })
    }

    /// Makes `command`'s process join this cgroup between `fork` and `exec`, so it has started
    /// nothing outside it.
    pub(crate) fn join_in_child(&self, command: &mut Command) -> io::Result<()> {
        let procs = OpenOptions::new().write(true).open(self.dir.join("cgroup.procs"))?;
        let join = move || {
            let mut digits = [0u8; 20];
            let pid = rustix::process::getpid().as_raw_nonzero().get().unsigned_abs();
            rustix::io::write(&procs, decimal(pid, &mut digits)).map(drop).map_err(io::Error::from)
        };
        #[expect(unsafe_code, reason = "a pre_exec hook is the only way to join before exec")]
        // SAFETY: `join` is safe between fork and exec: it makes two async-signal-safe system
        // calls (getpid, write to a descriptor opened above) and allocates nothing.
        unsafe {
            command.pre_exec(join);
        }
        Ok(())
    }

    /// Kills every process in the cgroup.
    pub(crate) fn kill(&self) {
        kill_cgroup(&self.dir);
    }
}

impl Drop for CallCgroup {
    fn drop(&mut self) {
        remove(&self.dir);
    }
}

/// Kills every process in a cgroup and removes it, off the async threads: the processes take a
/// moment to be gone, and the cgroup cannot be removed before.
fn remove(dir: &Path) {
    kill_cgroup(dir);
    let dir = dir.to_owned();
    std::thread::spawn(move || {
        for _ in 0..50 {
            if fs::remove_dir(&dir).is_ok() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        tracing::warn!(cgroup = %dir.display(), "a call's cgroup could not be removed");
    });
}

fn kill_cgroup(dir: &Path) {
    let killed = File::options()
        .write(true)
        .open(dir.join("cgroup.kill"))
        .and_then(|mut kill| kill.write_all(b"1"));
    if let Err(error) = killed {
        tracing::warn!(cgroup = %dir.display(), %error, "cannot kill a call's cgroup");
    }
}

/// The prefix of the cgroups ordo makes: `ordo-call-<ordo's pid>-<n>`.
const PREFIX: &str = "ordo-call-";

/// Where call cgroups are made: beside ordo's own cgroup, in the cgroup v2 hierarchy, if ordo
/// may make cgroups there and has a watchdog to clear them should it die. Worked out once;
/// cgroups left by a dead ordo are cleared then.
fn base() -> Option<&'static Path> {
    /// The base, and the pipe that keeps the watchdog waiting while ordo lives.
    static BASE: OnceLock<Option<(PathBuf, ChildStdin)>> = OnceLock::new();
    let (base, _alive) = BASE
        .get_or_init(|| {
            let base = own_cgroup()?;
            let probe = base.join(format!("{PREFIX}{}-probe", std::process::id()));
            fs::create_dir(&probe).ok()?;
            let _ = fs::remove_dir(&probe);
            clear_abandoned(&base);
            let alive = start_watchdog(&base)
                .inspect_err(|error| {
                    tracing::warn!(%error, "no watchdog for call cgroups; not using cgroups");
                })
                .ok()?;
            Some((base, alive))
        })
        .as_ref()?;
    Some(base)
}

/// What the watchdog runs: wait for the end of standard input (ordo's death), then kill and
/// remove ordo's call cgroups. It ignores the signals a terminal sends its foreground group,
/// and is in a process group of its own, so a Ctrl-C that kills ordo does not kill it first.
const WATCHDOG: &str = r#"trap '' INT HUP TERM QUIT PIPE
while read -r _; do :; done
for dir in "$1"/"$2"*; do [ -d "$dir" ] && echo 1 > "$dir/cgroup.kill"; done
sleep 0.2
for dir in "$1"/"$2"*; do [ -d "$dir" ] && rmdir "$dir"; done
exit 0"#;

/// Starts the watchdog for this ordo's call cgroups under `base`; the returned pipe must be
/// kept open for as long as ordo lives.
fn start_watchdog(base: &Path) -> io::Result<ChildStdin> {
    let mine = format!("{PREFIX}{}-", std::process::id());
    let mut watchdog = std::process::Command::new("/bin/sh")
        .arg("-c")
        .arg(WATCHDOG)
        .arg("ordo-cgroup-watchdog")
        .arg(base)
        .arg(mine)
        .env_clear()
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn()?;
    watchdog.stdin.take().ok_or_else(|| io::Error::other("the watchdog has no standard input"))
}

/// ordo's cgroup in the v2 hierarchy: `/proc/self/cgroup`'s `0::` line under the `cgroup2`
/// mount point.
fn own_cgroup() -> Option<PathBuf> {
    let cgroups = fs::read_to_string("/proc/self/cgroup").ok()?;
    let path = cgroups.lines().find_map(|line| line.strip_prefix("0::"))?;
    let mounts = fs::read_to_string("/proc/self/mountinfo").ok()?;
    let mount = mounts.lines().find_map(|line| {
        let (fields, filesystem) = line.split_once(" - ")?;
        filesystem.starts_with("cgroup2 ").then(|| fields.split(' ').nth(4))?
    })?;
    Some(Path::new(mount).join(path.trim_start_matches('/')))
}

/// Kills and removes the call cgroups of ordo processes that are gone.
fn clear_abandoned(base: &Path) {
    let Ok(entries) = fs::read_dir(base) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(rest) = name.to_str().and_then(|name| name.strip_prefix(PREFIX)) else {
            continue;
        };
        let owner = rest.split('-').next().unwrap_or_default();
        if !owner.is_empty() && !Path::new("/proc").join(owner).exists() {
            remove(&entry.path());
        }
    }
}

/// `value` in decimal, written into `digits` without allocating.
fn decimal(mut value: u32, digits: &mut [u8; 20]) -> &[u8] {
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (value % 10) as u8;
        value /= 10;
        if value == 0 {
            return &digits[start..];
        }
    }
}
