//! The OS-level sandbox of a worker process (DESIGN.md §5, R-RT-3).
//!
//! The JavaScript engine has no heap limit and no reliable interrupt, and hostile code may find a
//! bug in it, so the limits that must hold whatever the script does are enforced by the kernel on
//! the worker process. Three layers, each set up where it has to be:
//!
//! 1. **Resource limits** ([`ProcessLimits`]): address space (memory), CPU time, open files, no
//!    core dumps. The host works them out ([`worker_limits`]: each lowered under its own hard
//!    limit) and hands them to the worker in its environment; the worker sets them on itself
//!    first thing in `main` ([`enter_worker_limits`]), before it starts a thread or builds its
//!    engine, long before it reads a script. Spawning without a `pre_exec` hook lets std use
//!    `posix_spawn` (a `vfork`) instead of `fork`, which copied the host's page tables and made
//!    the host take copy-on-write faults until the child's `exec`. For other programs,
//!    [`apply_in_child`] sets the same limits between `fork` and `exec`.
//! 2. **Parent-death signal**, set in the same place: a worker whose host died gets SIGKILL
//!    instead of running on, orphaned; a worker whose host died before it could ask exits.
//! 3. **A seccomp filter**, installed by the worker on itself by [`install_seccomp_filter`] once
//!    it is ready to run untrusted code. It leaves the worker only the system calls it needs to
//!    compute, allocate and talk over the pipes it already has; no files, processes, sockets,
//!    threads or signals to others.
//!
//! The wall-clock deadline and cancellation are not here: the host kills the worker by pid.
//!
//! # Call order in the worker
//!
//! Start every thread, open every file (time-zone data included) and build the JavaScript
//! context first; then call [`install_seccomp_filter`]; then read the script.
//!
//! The filter reaches every thread (TSYNC). A thread spawned a moment earlier and still starting
//! survives it, but some of its set-up fails quietly, so let each thread report that it runs
//! before installing. After the filter no new thread can start (`clone` is denied: `thread::spawn`
//! panics, tokio's blocking pool cannot grow), no file can be opened, nothing can sleep on a timer
//! (`clock_nanosleep` is denied; a futex wait with a timeout works) and `epoll` is denied (a tokio
//! runtime in the worker must be built without its I/O driver).
//!
//! Everything here is Linux-only except the data types and [`install_seccomp_filter`], which
//! reports [`SeccompStatus::Unsupported`] elsewhere.

use std::time::Duration;

#[cfg(target_os = "linux")]
pub use child::{
    ChildCommand, WORKER_LIMITS_VARIABLE, apply_in_child, close_inherited_descriptors,
    enter_worker_limits, worker_limits,
};
#[cfg(target_os = "linux")]
pub(crate) use child::{Stage, WorkerLimits, close_beyond_stdio};

/// Hard limits the kernel enforces on a worker process, set by the worker on itself before it
/// builds its engine ([`enter_worker_limits`]), or in a child before `exec`
/// ([`apply_in_child`]). `None` keeps what the host has (the child inherits it).
///
/// A limit above the host's own hard limit is lowered to it (an unprivileged process cannot
/// raise a hard limit), so the child never gets more than asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProcessLimits {
    /// Most bytes of virtual address space (`RLIMIT_AS`), soft and hard. An allocation past it
    /// fails, which aborts a Rust worker with SIGABRT ("memory allocation of N bytes failed").
    /// It counts reservations, not resident memory: the binary, every thread stack and, with
    /// glibc, up to 64 MiB of malloc arena per allocating thread. Leave room above the heap the
    /// script may use.
    pub address_space: Option<u64>,
    /// CPU time of the whole process, all threads, counted from its start (`RLIMIT_CPU`). Rounded
    /// up to whole seconds, at least one. The soft limit is that: the kernel sends SIGXCPU, which
    /// ends the worker; the hard limit is one second more and sends SIGKILL, for a worker that
    /// blocked or handled SIGXCPU.
    pub cpu_time: Option<Duration>,
    /// Most open file descriptors (`RLIMIT_NOFILE`), soft and hard. A worker needs its three
    /// standard streams and a few more.
    pub open_files: Option<u64>,
    /// Whether a crashing worker may write a core dump. `false` sets `RLIMIT_CORE` to 0: a dump
    /// would hold the script and its data, and writing it delays the crash report; `true` keeps
    /// what the host has.
    pub core_dumps: bool,
}

impl Default for ProcessLimits {
    /// Safe defaults for one script run: 512 MiB of address space (room for a Boa heap of a few
    /// hundred MiB next to the binary, stacks and arenas), 10 s of CPU time, 64 open files, no core
    /// dumps.
    fn default() -> Self {
        Self {
            address_space: Some(512 * 1024 * 1024),
            cpu_time: Some(Duration::from_secs(10)),
            open_files: Some(64),
            core_dumps: false,
        }
    }
}

/// What [`install_seccomp_filter`] achieved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeccompStatus {
    /// The filter is in force on every thread of the process, for the rest of its life.
    Installed,
    /// The kernel or platform cannot filter system calls; no filter is in force (though
    /// `PR_SET_NO_NEW_PRIVS` may have been set). The worker is still
    /// bounded by its rlimits and by the host's deadline kill, but its system-call surface is not
    /// narrowed: a script that escaped the engine could open files, sockets and processes. The
    /// string says why, for the host's log.
    Unsupported(String),
}

/// Why [`install_seccomp_filter`] failed on a kernel that supports seccomp.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SandboxError {
    /// The filter could not be compiled to BPF: a bug in this module.
    #[error("the seccomp filter could not be built: {0}")]
    BuildFilter(String),
    /// The kernel refused `PR_SET_NO_NEW_PRIVS` or the filter for a reason other than lacking
    /// support, e.g. EPERM because a filter already in force (a second call) denies `seccomp`.
    #[error("the kernel refused the seccomp filter: {0}")]
    Install(#[source] std::io::Error),
    /// Another thread could not take the filter (it is under a different filter already).
    #[error("thread {thread} could not be synchronised onto the seccomp filter")]
    ThreadSync {
        /// The kernel's id of that thread.
        thread: i64,
    },
}

/// Narrows the calling process, all its threads, to the system calls a worker needs (DESIGN.md §5,
/// R-RT-3). Call it inside the worker, after starting its threads and building its JavaScript
/// context, before running untrusted code; call it once (the filter denies `seccomp` itself, so a
/// second call fails with [`SandboxError::Install`]).
///
/// The filter sets `PR_SET_NO_NEW_PRIVS` first (nothing the worker could exec may gain
/// privileges; it is also what lets an unprivileged process install a filter). Then it allows:
///
/// | system calls | why |
/// | --- | --- |
/// | `read`, `write`, `readv`, `writev`, `close` | frames on the pipes, logs on stderr |
/// | `mmap`, `mprotect` (neither with `PROT_EXEC`), `munmap`, `mremap`, `brk`, `madvise` | the allocator; no new executable memory, since nothing here generates code |
/// | `futex`, `sched_yield` | locks, channels and parking between the threads that already exist |
/// | `clock_gettime`, `gettimeofday` | `Instant`, `SystemTime`, `Date.now()` where the vDSO falls back to a system call |
/// | `getrandom` | `HashMap` seeds, `Math.random` |
/// | `rt_sigreturn`, `rt_sigprocmask`, `sigaltstack`, `restart_syscall` | returning from signal handlers, thread exit, kernel-restarted waits |
/// | `rt_sigaction` on SIGSEGV, SIGBUS, SIGABRT only | std's stack-overflow handler resets SIGSEGV/SIGBUS before re-faulting (denied, it would loop forever); `abort()` resets SIGABRT |
/// | `rseq` | glibc registers it as a thread starts and aborts if it cannot: a thread spawned just before the filter may not have got that far |
/// | `getpid`, `gettid`, `tgkill` to its own pid only | `abort()`, so an allocation failure or stack overflow ends in SIGABRT |
/// | `exit`, `exit_group` | a thread or the process ending |
///
/// Every other call fails with EPERM rather than killing the worker, so a forgotten benign call
/// degrades instead of crashing. Among them: `open`/`openat`, `execve`/`execveat`, `fork`,
/// `vfork`, `clone`/`clone3` (new processes and new threads alike), `socket`/`connect`, `ptrace`,
/// `kill`, `prctl`, `seccomp`, `poll`/`epoll_*`, `nanosleep`/`clock_nanosleep`, `fstat`/`statx`.
/// A system call of another architecture's ABI (e.g. `int 0x80` on x86-64) kills the process.
///
/// Returns [`SeccompStatus::Unsupported`] where the kernel lacks seccomp (EINVAL or ENOSYS), on an
/// architecture without a system-call table here, and off Linux.
pub fn install_seccomp_filter() -> Result<SeccompStatus, SandboxError> {
    install(Filter::Worker)
}

/// For a fork server (`RuntimeConfig::fork_workers`), once, before it serves its first request:
/// the worker's filter ([`install_seccomp_filter`]) with what the fork server and its
/// children need between a fork and their own filter added (receiving a request's
/// descriptors, forking, moving descriptors onto 0–2, rlimits, `prctl`, opening
/// `/proc/self/fd/0`, installing a filter), and `tgkill` to any pid (its children's differ
/// from its own). Its children inherit it; each narrows it with
/// [`install_forked_worker_filter`], and the two together leave a child exactly what
/// [`install_seccomp_filter`] leaves a spawned worker. The kernel's work for a filter grows
/// with its length (it works out the action of every system call in advance), so a child
/// installing only the short second one starts sooner.
pub fn install_fork_server_filter() -> Result<SeccompStatus, SandboxError> {
    install(Filter::ForkServer)
}

/// For a worker forked from a fork server under [`install_fork_server_filter`], instead of
/// [`install_seccomp_filter`]: denies (EPERM) what the fork server's filter adds to the
/// worker's, and `tgkill` to any process but this one.
pub fn install_forked_worker_filter() -> Result<SeccompStatus, SandboxError> {
    install(Filter::ForkedWorker)
}

/// Which filter to install.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Filter {
    Worker,
    ForkServer,
    ForkedWorker,
}

fn install(which: Filter) -> Result<SeccompStatus, SandboxError> {
    #[cfg(all(
        target_os = "linux",
        target_pointer_width = "64",
        any(target_arch = "x86_64", target_arch = "aarch64", target_arch = "riscv64")
    ))]
    return filter::install(which);
    #[cfg(not(all(
        target_os = "linux",
        target_pointer_width = "64",
        any(target_arch = "x86_64", target_arch = "aarch64", target_arch = "riscv64")
    )))]
    Ok(SeccompStatus::Unsupported(format!(
        "no seccomp filter for {} on {} ({which:?})",
        std::env::consts::ARCH,
        std::env::consts::OS
    )))
}

/// The host side: rlimits and the parent-death signal, set in the child before `exec`.
#[cfg(target_os = "linux")]
mod child {
    use std::io;
    use std::os::unix::process::CommandExt as _;

    use super::ProcessLimits;

    #[cfg(target_env = "gnu")]
    type Resource = libc::__rlimit_resource_t;
    #[cfg(not(target_env = "gnu"))]
    type Resource = libc::c_int;

    /// A command type [`apply_in_child`] can prepare: `std::process::Command` and
    /// `tokio::process::Command`.
    pub trait ChildCommand {
        /// The standard-library command underneath, whose `pre_exec` hook runs in the child.
        fn std_command(&mut self) -> &mut std::process::Command;
    }

    impl ChildCommand for std::process::Command {
        fn std_command(&mut self) -> &mut std::process::Command {
            self
        }
    }

    impl ChildCommand for tokio::process::Command {
        fn std_command(&mut self) -> &mut std::process::Command {
            self.as_std_mut()
        }
    }

    /// One `setrlimit` call, worked out in the parent.
    #[derive(Clone, Copy)]
    struct PlannedRlimit {
        resource: Resource,
        limit: libc::rlimit,
    }

    /// Makes the child that `command` spawns start under `limits` and die with its host (DESIGN.md §5,
    /// R-RT-3). Call it before `spawn`; a failure in the child (e.g. the host died meanwhile)
    /// makes `spawn` fail.
    ///
    /// In the child, between `fork` and `exec`, it sets the rlimits and `PR_SET_PDEATHSIG` to
    /// SIGKILL, then checks that its parent is still the host: a host that died before the
    /// `prctl` would never send the signal, so the child exits instead (ESRCH).
    ///
    /// The parent-death signal fires when the *thread* that spawned the worker ends, not only the
    /// process. Spawn workers from a thread that lives as long as the host (a tokio worker
    /// thread, `main`, a dedicated spawner), never from `spawn_blocking`, whose threads exit
    /// after 10 s idle and would take their workers with them.
    ///
    /// Spawning is by `fork` and `exec` (std cannot use `posix_spawn` with a `pre_exec` hook).
    #[allow(unsafe_code)]
    pub fn apply_in_child<C: ChildCommand + ?Sized>(command: &mut C, limits: &ProcessLimits) {
        let rlimits = plan(limits);
        // SAFETY: getpid has no preconditions and cannot fail.
        let host = unsafe { libc::getpid() };
        let setup = move || set_up_child(&rlimits, host);
        // SAFETY: `set_up_child` is safe to run between fork and exec: it makes only
        // async-signal-safe system calls (setrlimit, prctl, getppid), allocates nothing (every
        // value was computed above, in the parent) and touches no lock or shared state.
        unsafe {
            command.std_command().pre_exec(setup);
        }
    }

    /// Runs in the forked child. Nothing here may allocate: another thread of the host may have
    /// held the allocator's lock at the fork.
    #[allow(unsafe_code)]
    fn set_up_child(rlimits: &[Option<PlannedRlimit>; 4], host: libc::pid_t) -> io::Result<()> {
        enter_limits(rlimits.iter().flatten(), host)?;
        // The worker inherits its three pipes and nothing else of the host's.
        mark_close_on_exec_beyond_stdio();
        Ok(())
    }

    /// Sets the rlimits, then SIGKILL when the host dies; fails (ESRCH) if it died already.
    /// Async-signal-safe and allocation-free: also runs between fork and exec.
    #[allow(unsafe_code)]
    fn enter_limits<'a>(
        rlimits: impl IntoIterator<Item = &'a PlannedRlimit>,
        host: libc::pid_t,
    ) -> io::Result<()> {
        for planned in rlimits {
            // SAFETY: setrlimit is async-signal-safe and only reads the rlimit it is given.
            if unsafe { libc::setrlimit(planned.resource, &planned.limit) } != 0 {
                return Err(io::Error::last_os_error());
            }
        }
        // SAFETY: prctl(PR_SET_PDEATHSIG) takes plain integers and touches no memory.
        let rc = unsafe {
            libc::prctl(
                libc::PR_SET_PDEATHSIG,
                libc::SIGKILL as libc::c_ulong,
                0 as libc::c_ulong,
                0 as libc::c_ulong,
                0 as libc::c_ulong,
            )
        };
        if rc != 0 {
            return Err(io::Error::last_os_error());
        }
        // The host may have died before the prctl: then no signal will come and we have been
        // adopted by another process. Do not run orphaned.
        // SAFETY: getppid has no preconditions and cannot fail.
        if unsafe { libc::getppid() } != host {
            return Err(io::Error::from_raw_os_error(libc::ESRCH));
        }
        Ok(())
    }

    /// Marks every descriptor of this process past the standard streams close-on-exec, so a
    /// program started from it inherits only what it is handed on 0–2 (R-CLI-10). For a host's
    /// `main`, once, first thing: descriptors the host's own parent leaked to it (a shell's
    /// `3>file`) then reach none of its children. Rust opens its own descriptors close-on-exec.
    pub fn close_inherited_descriptors() {
        mark_close_on_exec_beyond_stdio();
    }

    /// Async-signal-safe, allocation-free: also runs between fork and exec. Marking rather than
    /// closing leaves open what std still needs before the exec (its error-reporting pipe).
    #[allow(unsafe_code)]
    fn mark_close_on_exec_beyond_stdio() {
        // SAFETY: close_range takes plain integers; with CLOSE_RANGE_CLOEXEC it only sets a flag
        // on the descriptors in range, touching no memory.
        let marked = unsafe {
            libc::syscall(libc::SYS_close_range, 3u32, u32::MAX, libc::CLOSE_RANGE_CLOEXEC)
        };
        if marked == 0 {
            return;
        }
        // Kernels before 5.11: one fcntl per possible descriptor, up to the open-files limit.
        for fd in 3..highest_descriptor() {
            // SAFETY: fcntl(F_SETFD) on a descriptor that may not be open only fails with EBADF.
            unsafe { libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC) };
        }
    }

    /// The environment variable through which the host hands a worker its limits.
    pub const WORKER_LIMITS_VARIABLE: &str = "ORDO_WORKER_LIMITS";

    /// The names of the limits in [`WORKER_LIMITS_VARIABLE`], by resource.
    const RESOURCE_NAMES: [(Resource, &str); 4] = [
        (libc::RLIMIT_AS, "as"),
        (libc::RLIMIT_CPU, "cpu"),
        (libc::RLIMIT_NOFILE, "nofile"),
        (libc::RLIMIT_CORE, "core"),
    ];

    /// What a worker this process starts under `limits` must set on itself first thing
    /// ([`enter_worker_limits`]), as the value of [`WORKER_LIMITS_VARIABLE`]: each rlimit as
    /// `name=soft:hard`, already lowered under this host's hard limits, and `parent=PID`, this
    /// process, for the parent-death check. `as=1073741824:1073741824 cpu=60:61 parent=4242`.
    ///
    /// A worker started this way is spawned without a `pre_exec` hook, so std spawns it with
    /// `posix_spawn` (a `vfork`: no copy of the host's page tables, no copy-on-write faults in
    /// the host while the child execs) instead of `fork` and `exec`.
    pub fn worker_limits(limits: &ProcessLimits) -> String {
        let mut spec = String::new();
        for planned in plan(limits).iter().flatten() {
            let name = RESOURCE_NAMES
                .iter()
                .find(|(resource, _)| *resource == planned.resource)
                .map_or("?", |(_, name)| *name);
            spec.push_str(&format!(
                "{name}={}:{} ",
                planned.limit.rlim_cur, planned.limit.rlim_max
            ));
        }
        spec.push_str(&format!("parent={}", std::process::id()));
        spec
    }

    /// In a worker, before anything else (before any thread, before the engine): sets the
    /// rlimits `spec` names ([`worker_limits`]), asks for SIGKILL when the host dies, fails if
    /// the host is already gone, and closes every descriptor past the standard streams, which a
    /// worker never uses. Nothing the worker runs later, a script least of
    /// all, can undo any of it: the hard limits cannot be raised by an unprivileged process,
    /// and the seccomp filter denies `prctl` and `setrlimit`.
    ///
    /// Fails on a `spec` it cannot read in full, so a worker never runs under limits it
    /// misread.
    pub fn enter_worker_limits(spec: &str) -> io::Result<()> {
        WorkerLimits::parse(spec)?.enter(Stage::Worker)?;
        close_beyond_stdio();
        Ok(())
    }

    /// The limits a host handed its worker ([`worker_limits`]), read.
    pub(crate) struct WorkerLimits {
        rlimits: Vec<PlannedRlimit>,
        /// The host's pid: the parent a worker must have.
        host: libc::pid_t,
    }

    /// Which process enters the limits.
    #[derive(Clone, Copy, PartialEq, Eq)]
    pub(crate) enum Stage {
        /// A worker started by its host: all of them.
        Worker,
        /// A fork server (`worker/zygote.rs`), which lives across many runs: all but the CPU
        /// time, which would add up over every fork it makes and end it. Its children enter
        /// [`Stage::Worker`] when they start, their CPU time counted from zero.
        ForkServer,
    }

    impl WorkerLimits {
        /// Reads `spec`; fails on anything it cannot read in full.
        pub(crate) fn parse(spec: &str) -> io::Result<Self> {
            let invalid = |what: &str| {
                io::Error::new(
                    io::ErrorKind::InvalidInput,
                    format!("{WORKER_LIMITS_VARIABLE}: {what}"),
                )
            };
            let mut parent = None;
            let mut rlimits = Vec::new();
            for entry in spec.split_whitespace() {
                let (name, value) = entry.split_once('=').ok_or_else(|| invalid(entry))?;
                if name == "parent" {
                    parent = Some(value.parse::<libc::pid_t>().map_err(|_| invalid(entry))?);
                    continue;
                }
                let resource = RESOURCE_NAMES
                    .iter()
                    .find(|(_, known)| *known == name)
                    .map(|(resource, _)| *resource)
                    .ok_or_else(|| invalid(entry))?;
                let (soft, hard) = value.split_once(':').ok_or_else(|| invalid(entry))?;
                let limit = libc::rlimit {
                    rlim_cur: soft.parse().map_err(|_| invalid(entry))?,
                    rlim_max: hard.parse().map_err(|_| invalid(entry))?,
                };
                rlimits.push(PlannedRlimit { resource, limit });
            }
            let host = parent.ok_or_else(|| invalid("no parent"))?;
            Ok(Self { rlimits, host })
        }

        /// Sets the rlimits of `stage` on this process, asks for SIGKILL when the host dies (a
        /// fork clears that request: a forked child makes it again), and fails (ESRCH) if this
        /// process's parent is not the host. Async-signal-safe and allocation-free.
        pub(crate) fn enter(&self, stage: Stage) -> io::Result<()> {
            let cpu = |planned: &&PlannedRlimit| planned.resource == libc::RLIMIT_CPU;
            let kept =
                self.rlimits.iter().filter(|planned| stage == Stage::Worker || !cpu(planned));
            enter_limits(kept, self.host)
        }
    }

    /// Closes every descriptor past the standard streams.
    #[allow(unsafe_code)]
    pub(crate) fn close_beyond_stdio() {
        // SAFETY: close_range takes plain integers and closes descriptors this process owns;
        // nothing in the worker holds one yet.
        let closed = unsafe { libc::syscall(libc::SYS_close_range, 3u32, u32::MAX, 0u32) };
        if closed == 0 {
            return;
        }
        // Kernels before 5.11: one close per possible descriptor, up to the open-files limit.
        for fd in 3..highest_descriptor() {
            // SAFETY: closing a descriptor that is not open only fails with EBADF.
            unsafe { libc::close(fd) };
        }
    }

    /// One past the highest descriptor this process may hold (capped at 65,536).
    #[allow(unsafe_code)]
    fn highest_descriptor() -> libc::c_int {
        let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
        // SAFETY: getrlimit writes only the rlimit it is given.
        if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } == 0 {
            limit.rlim_cur.min(1 << 16) as libc::c_int
        } else {
            1024
        }
    }

    /// Turns `limits` into the `setrlimit` calls the child will make.
    fn plan(limits: &ProcessLimits) -> [Option<PlannedRlimit>; 4] {
        let cpu = limits.cpu_time.map(|time| {
            // Whole seconds, rounded up; the kernel treats a zero soft limit as one second anyway.
            let seconds = (time.as_secs() + u64::from(time.subsec_nanos() > 0)).max(1);
            (seconds, seconds.saturating_add(1))
        });
        [
            limits.address_space.map(|bytes| planned(libc::RLIMIT_AS, bytes, bytes)),
            cpu.map(|(soft, hard)| planned(libc::RLIMIT_CPU, soft, hard)),
            limits.open_files.map(|files| planned(libc::RLIMIT_NOFILE, files, files)),
            (!limits.core_dumps).then(|| planned(libc::RLIMIT_CORE, 0, 0)),
        ]
    }

    /// One limit, lowered to fit under the host's hard limit, which the child inherits and could
    /// not raise (setrlimit would fail with EPERM and so would the spawn).
    fn planned(resource: Resource, soft: u64, hard: u64) -> PlannedRlimit {
        // A value too big for rlim_t (32-bit targets) is past anything the kernel could grant.
        let to_rlim = |value: u64| libc::rlim_t::try_from(value).unwrap_or(libc::RLIM_INFINITY);
        let mut hard = to_rlim(hard);
        if let Some(host_hard) = host_hard_limit(resource) {
            hard = hard.min(host_hard);
        }
        let soft = to_rlim(soft).min(hard);
        if resource == libc::RLIMIT_CPU && soft == hard {
            tracing::warn!(
                seconds = soft,
                "the host's CPU hard limit leaves no grace second: the worker gets SIGKILL, not SIGXCPU"
            );
        }
        PlannedRlimit { resource, limit: libc::rlimit { rlim_cur: soft, rlim_max: hard } }
    }

    /// The hard limit the host runs under, if it can be read.
    #[allow(unsafe_code)]
    fn host_hard_limit(resource: Resource) -> Option<libc::rlim_t> {
        let mut current = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
        // SAFETY: `current` is a valid, writable rlimit for the duration of the call.
        let rc = unsafe { libc::getrlimit(resource, &mut current) };
        (rc == 0).then_some(current.rlim_max)
    }
}

/// The worker side: the seccomp filter, compiled by seccompiler (pure Rust, from Firecracker).
#[cfg(all(
    target_os = "linux",
    target_pointer_width = "64",
    any(target_arch = "x86_64", target_arch = "aarch64", target_arch = "riscv64")
))]
mod filter {
    use std::collections::BTreeMap;

    use seccompiler::{
        BackendError, BpfProgram, SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition,
        SeccompFilter, SeccompRule, TargetArch,
    };

    use super::{SandboxError, SeccompStatus};

    /// Allowed whatever their arguments; the reason for each is in the table on
    /// [`super::install_seccomp_filter`].
    const ALLOWED: &[libc::c_long] = &[
        libc::SYS_read,
        libc::SYS_write,
        libc::SYS_readv,
        libc::SYS_writev,
        libc::SYS_close,
        libc::SYS_munmap,
        libc::SYS_mremap,
        libc::SYS_brk,
        libc::SYS_madvise,
        libc::SYS_futex,
        libc::SYS_sched_yield,
        libc::SYS_clock_gettime,
        libc::SYS_gettimeofday,
        libc::SYS_getrandom,
        libc::SYS_rt_sigreturn,
        libc::SYS_rt_sigprocmask,
        libc::SYS_sigaltstack,
        libc::SYS_restart_syscall,
        libc::SYS_rseq,
        libc::SYS_getpid,
        libc::SYS_gettid,
        libc::SYS_exit,
        libc::SYS_exit_group,
    ];

    /// What a fork server and its children need beyond [`ALLOWED`], from the fork server's
    /// filter to a child's own (see [`super::install_fork_server_filter`]): the fork server's
    /// filter allows them, a forked worker's denies them.
    const FORK_SERVER_EXTRAS: &[libc::c_long] = &[
        libc::SYS_recvmsg,
        libc::SYS_clone,
        #[cfg(target_arch = "x86_64")]
        libc::SYS_dup2,
        libc::SYS_dup3,
        libc::SYS_close_range,
        libc::SYS_prlimit64,
        #[cfg(target_arch = "x86_64")]
        libc::SYS_setrlimit,
        libc::SYS_prctl,
        libc::SYS_getppid,
        libc::SYS_fcntl,
        libc::SYS_openat,
        libc::SYS_seccomp,
    ];

    pub(super) fn install(which: super::Filter) -> Result<SeccompStatus, SandboxError> {
        let arch = TargetArch::try_from(std::env::consts::ARCH)
            .map_err(|error| SandboxError::BuildFilter(error.to_string()))?;
        let program = match which {
            super::Filter::Worker => worker_filter(arch, Some(std::process::id())),
            super::Filter::ForkServer => worker_filter(arch, None),
            super::Filter::ForkedWorker => forked_worker_filter(arch, std::process::id()),
        }
        .map_err(|error| SandboxError::BuildFilter(error.to_string()))?;
        // Sets PR_SET_NO_NEW_PRIVS, then installs with SECCOMP_FILTER_FLAG_TSYNC so the threads
        // started before this call are filtered too, not only the calling one.
        match seccompiler::apply_filter_all_threads(&program) {
            Ok(()) => Ok(SeccompStatus::Installed),
            Err(error) => classify(error),
        }
    }

    /// `tgkill` to process `pid` only.
    fn tgkill_to(pid: u32) -> Result<Vec<SeccompRule>, BackendError> {
        let own = SeccompCondition::new(0, SeccompCmpArgLen::Dword, SeccompCmpOp::Eq, pid.into())?;
        Ok(vec![SeccompRule::new(vec![own])?])
    }

    /// The worker's filter: the allowlist, argument checks on a few calls, EPERM for the rest;
    /// `tgkill` to process `pid` only, or, for a fork server (`None`), to any process, with
    /// [`FORK_SERVER_EXTRAS`] allowed too.
    fn worker_filter(arch: TargetArch, pid: Option<u32>) -> Result<BpfProgram, BackendError> {
        let arg_equals = |index, value| {
            SeccompCondition::new(index, SeccompCmpArgLen::Dword, SeccompCmpOp::Eq, value)
        };
        // The third argument of mmap and mprotect is the protection.
        let prot_without_exec = || {
            SeccompRule::new(vec![SeccompCondition::new(
                2,
                SeccompCmpArgLen::Dword,
                SeccompCmpOp::MaskedEq(libc::PROT_EXEC as u64),
                0,
            )?])
        };
        let extras = if pid.is_none() { FORK_SERVER_EXTRAS } else { &[] };
        let mut rules: BTreeMap<i64, Vec<SeccompRule>> =
            ALLOWED.iter().chain(extras).map(|&call| (call, Vec::new())).collect();
        rules.insert(libc::SYS_mmap, vec![prot_without_exec()?]);
        rules.insert(libc::SYS_mprotect, vec![prot_without_exec()?]);
        rules.insert(libc::SYS_tgkill, pid.map(tgkill_to).transpose()?.unwrap_or_default());
        let resettable = [libc::SIGSEGV, libc::SIGBUS, libc::SIGABRT];
        rules.insert(
            libc::SYS_rt_sigaction,
            resettable
                .iter()
                .map(|&signal| SeccompRule::new(vec![arg_equals(0, signal as u64)?]))
                .collect::<Result<_, _>>()?,
        );
        SeccompFilter::new(
            rules,
            SeccompAction::Errno(libc::EPERM as u32),
            SeccompAction::Allow,
            arch,
        )?
        .try_into()
    }

    /// A forked worker's filter, under its fork server's: EPERM for [`FORK_SERVER_EXTRAS`]
    /// and for `tgkill` to another process, everything else left to the fork server's filter.
    fn forked_worker_filter(arch: TargetArch, pid: u32) -> Result<BpfProgram, BackendError> {
        let mut rules: BTreeMap<i64, Vec<SeccompRule>> =
            FORK_SERVER_EXTRAS.iter().map(|&call| (call, Vec::new())).collect();
        let other =
            SeccompCondition::new(0, SeccompCmpArgLen::Dword, SeccompCmpOp::Ne, pid.into())?;
        rules.insert(libc::SYS_tgkill, vec![SeccompRule::new(vec![other])?]);
        SeccompFilter::new(
            rules,
            SeccompAction::Allow,
            SeccompAction::Errno(libc::EPERM as u32),
            arch,
        )?
        .try_into()
    }

    /// A kernel without seccomp is a documented, degraded outcome; anything else is an error.
    fn classify(error: seccompiler::Error) -> Result<SeccompStatus, SandboxError> {
        use seccompiler::Error;
        let unsupported = |what: &str, error: std::io::Error| {
            Ok(SeccompStatus::Unsupported(format!("the kernel does not support {what}: {error}")))
        };
        match error {
            // No PR_SET_NO_NEW_PRIVS: kernels before 3.5.
            Error::Prctl(error) if error.raw_os_error() == Some(libc::EINVAL) => {
                unsupported("PR_SET_NO_NEW_PRIVS", error)
            }
            // No seccomp system call (before 3.17) or no filter mode / TSYNC in this build.
            Error::Seccomp(error)
                if matches!(error.raw_os_error(), Some(libc::EINVAL | libc::ENOSYS)) =>
            {
                unsupported("seccomp filters", error)
            }
            Error::Prctl(error) | Error::Seccomp(error) => Err(SandboxError::Install(error)),
            Error::ThreadSync(thread) => Err(SandboxError::ThreadSync { thread }),
            other => Err(SandboxError::BuildFilter(other.to_string())),
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn r_rt_3_filter_compiles_for_this_architecture() {
            let arch = TargetArch::try_from(std::env::consts::ARCH).expect("a supported arch");
            for pid in [Some(std::process::id()), None] {
                let program = worker_filter(arch, pid).expect("the filter compiles");
                assert!(program.len() < 4096, "{} BPF instructions", program.len());
            }
            let program = forked_worker_filter(arch, std::process::id()).expect("it compiles");
            let worker = worker_filter(arch, Some(std::process::id())).expect("it compiles");
            assert!(program.len() < worker.len() / 2, "{} BPF instructions", program.len());
        }

        #[test]
        fn r_rt_3_kernel_without_seccomp_is_unsupported_not_an_error() {
            for errno in [libc::EINVAL, libc::ENOSYS] {
                let error = seccompiler::Error::Seccomp(std::io::Error::from_raw_os_error(errno));
                assert!(matches!(classify(error), Ok(SeccompStatus::Unsupported(_))));
            }
            let error = seccompiler::Error::Prctl(std::io::Error::from_raw_os_error(libc::EINVAL));
            assert!(matches!(classify(error), Ok(SeccompStatus::Unsupported(_))));
            let error = seccompiler::Error::Seccomp(std::io::Error::from_raw_os_error(libc::EPERM));
            assert!(matches!(classify(error), Err(SandboxError::Install(_))));
        }
    }
}
