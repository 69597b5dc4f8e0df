//! The fork server ("zygote"): a worker process that has done every part of a worker's start
//! that no script can touch, then forks a fresh worker for each run (DESIGN.md §5, R-RT-3).
//!
//! A spawned worker pays for its start on the CPU the host's next call needs (about 3 ms on a
//! small machine: exec, the loader's relocations, Rust's start, the JavaScript realm). The fork
//! server pays it once: it enters its limits, builds and warms up an engine, says [`HELLO`],
//! and from then on answers each request of its host (`fork_protocol`) by forking. The
//! child is a copy of a process no script ever ran in, made after the request: a worker as
//! clean as a spawned one, whose start is a `fork` and what the child does next:
//!
//! 1. its stdin, stdout and stderr become the three pipes the host sent, and every other
//!    descriptor is closed (the fork server's socket first: a worker cannot reach it);
//! 2. it enters every limit its host handed over, the CPU time (counted from the child's own
//!    start) and the parent-death signal (which a fork clears) included, and checks that its
//!    parent is its host: the fork uses `CLONE_PARENT`, so the host, not the fork server, is
//!    the parent that reaps it, kills it, and whose death kills it;
//! 3. it narrows the seccomp filter it inherited to a worker's (the fork server's adds what
//!    the steps above need; the short filter a child adds denies those again, and `tgkill` to
//!    any pid but its own, so the two leave exactly a spawned worker's), says `Ready`, and
//!    serves one run with the engine it was forked with, as any worker does.
//!
//! The fork server stays single-threaded (it checks before its first fork): a fork copies only
//! the calling thread, and a lock another thread held would stay locked in the child forever.
//! So the engine lives on its main thread, whose stack it raises to the engine's size first
//! (the kernel sizes the main stack's room at exec, so it executes itself again once). It
//! never sets a CPU limit on itself, which would add up over every fork and end it; it sets
//! the other rlimits, which its children inherit, and the parent-death signal. Nothing random
//! is drawn before a fork (the warm-up does not call `Math.random`), so each child seeds its
//! generator itself.

use std::io;
use std::os::fd::{AsRawFd, OwnedFd};

use super::inbox::StdinInbox;
use super::{ENGINE_STACK_BYTES, FORK_SERVER_NAME, StdoutOutbox, Where, serve_with};
use crate::engine::Engine;
use crate::fork_protocol::{self, DESCRIPTORS, HELLO};
use crate::sandbox::{Stage, WORKER_LIMITS_VARIABLE, WorkerLimits, close_beyond_stdio};

/// Set by the host (to [`START`]) on a worker it starts as its fork server.
pub(crate) const ZYGOTE_VARIABLE: &str = "ORDO_WORKER_ZYGOTE";

/// The value of [`ZYGOTE_VARIABLE`] the host sets.
pub(crate) const START: &str = "start";

/// Its value once the fork server has raised its stack limit and executed itself again.
const STACK_RAISED: &str = "stack-raised";

/// The socket to the host: the fork server's stdin.
const CONTROL: libc::c_int = 0;

/// The fork server's main: returns its exit code (0 when its host closes the socket).
pub(super) fn main() -> i32 {
    match serve() {
        Ok(()) => 0,
        Err(error) => {
            eprintln!("ordo fork server: {error}");
            2
        }
    }
}

fn serve() -> io::Result<()> {
    let spec = std::env::var(WORKER_LIMITS_VARIABLE).map_err(|_| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("started without its limits ({WORKER_LIMITS_VARIABLE})"),
        )
    })?;
    let limits = WorkerLimits::parse(&spec)?;
    limits.enter(Stage::ForkServer)?;
    close_beyond_stdio();
    raise_main_stack()?;
    let worker_name = worker_name();
    set_process_name(FORK_SERVER_NAME.as_bytes())?;
    let mut engine = Engine::new(true).map_err(io::Error::other)?;
    if !single_threaded()? {
        return Err(io::Error::other("more than one thread: forking would not be safe"));
    }
    // Its children inherit the filter and only narrow it (see `sandbox`).
    crate::sandbox::install_fork_server_filter().map_err(io::Error::other)?;
    write_all(&HELLO)?;
    while let Some(descriptors) = fork_protocol::receive_request(CONTROL)? {
        let forked = fork();
        if forked == Ok(0) {
            let code = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                become_worker(descriptors, &limits, &worker_name, &mut engine)
            }));
            exit_now(code.unwrap_or(3));
        }
        drop(descriptors);
        write_all(&fork_protocol::answer(forked))?;
    }
    Ok(())
}

/// Forks a child whose parent is this process's parent, the host (`CLONE_PARENT`): `Ok(0)` in
/// the child, `Ok(pid)` here, or the errno.
#[allow(unsafe_code)]
fn fork() -> Result<libc::pid_t, i32> {
    let flags = (libc::CLONE_PARENT | libc::SIGCHLD) as libc::c_ulong;
    // SAFETY: a clone without CLONE_VM and with no new stack is a fork: the child gets a copy
    // of this process's memory and its only thread, this one. The process has one thread
    // (checked before the first fork), so no lock is held by a thread that would be missing
    // in the child. glibc's `fork` is not used because it cannot name a parent; what it does
    // besides (its atfork handlers) serves threads this process does not have.
    let pid = unsafe { libc::syscall(libc::SYS_clone, flags, 0usize, 0usize, 0usize, 0usize) };
    if pid < 0 {
        Err(io::Error::last_os_error().raw_os_error().unwrap_or(libc::EIO))
    } else {
        libc::pid_t::try_from(pid).map_err(|_| libc::EOVERFLOW)
    }
}

/// In the child: the pipes the host sent become stdin, stdout and stderr, the limits are
/// entered, and the engine serves one run. Returns the exit code.
#[allow(unsafe_code)]
fn become_worker(
    descriptors: [OwnedFd; DESCRIPTORS],
    limits: &WorkerLimits,
    name: &[u8],
    engine: &mut Engine,
) -> i32 {
    // First, so that no one looking takes it for the fork server.
    let _ = set_process_name(name);
    // The fork server's 0–2 are open (its socket twice, its stderr), so a descriptor received
    // is above them and none is overwritten before it is moved.
    for (target, descriptor) in descriptors.iter().enumerate() {
        let target = target as libc::c_int;
        // SAFETY: dup2 onto 0–2 of descriptors this process owns.
        if descriptor.as_raw_fd() <= 2 || unsafe { libc::dup2(descriptor.as_raw_fd(), target) } < 0
        {
            return 2;
        }
    }
    drop(descriptors);
    close_beyond_stdio();
    if let Err(error) = limits.enter(Stage::Worker) {
        eprintln!("ordo worker: {error}");
        return 2;
    }
    crate::engine::pace_collections();
    let Ok(inbox) = StdinInbox::open() else {
        return 2;
    };
    serve_with(engine, StdoutOutbox(io::stdout()), inbox, Where::Forked)
}

/// Raises the soft stack limit to the engine thread's stack size (within the hard limit) and
/// executes this program again, so that its main thread has that much room: the kernel leaves
/// room for the main stack when it executes a program, and Rust learns where it ends (to
/// report an overflow as one) when it starts. Returns once the limit is in force.
#[allow(unsafe_code)]
fn raise_main_stack() -> io::Result<()> {
    use std::os::unix::process::CommandExt;

    let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit writes only the rlimit it is given.
    if unsafe { libc::getrlimit(libc::RLIMIT_STACK, &mut limit) } != 0 {
        return Err(io::Error::last_os_error());
    }
    let wanted = (ENGINE_STACK_BYTES as libc::rlim_t).min(limit.rlim_max);
    let raised =
        std::env::var_os(super::zygote::ZYGOTE_VARIABLE).is_some_and(|value| value == STACK_RAISED);
    if limit.rlim_cur == wanted || raised {
        return Ok(());
    }
    limit.rlim_cur = wanted;
    // SAFETY: setrlimit only reads the rlimit it is given.
    if unsafe { libc::setrlimit(libc::RLIMIT_STACK, &limit) } != 0 {
        return Err(io::Error::last_os_error());
    }
    let mut args = std::env::args_os();
    let first = args.next().unwrap_or_default();
    let error = std::process::Command::new("/proc/self/exe")
        .arg0(first)
        .args(args)
        .env(ZYGOTE_VARIABLE, STACK_RAISED)
        .exec();
    Err(io::Error::new(error.kind(), format!("cannot execute itself again: {error}")))
}

/// Ends a forked worker at once, its frames written (each is flushed as it is sent). Not
/// `exit`: its engine lives on the main thread, whose thread-local destructors `exit` runs, and
/// tearing the realm down object by object would only delay the process's end.
#[allow(unsafe_code)]
fn exit_now(code: i32) -> ! {
    // SAFETY: _exit ends the process; nothing of it is used afterwards.
    unsafe { libc::_exit(code) }
}

/// The name a worker has in `ps`: its program's (which the fork server, executed again
/// through `/proc/self/exe`, no longer has).
fn worker_name() -> Vec<u8> {
    let program = std::env::current_exe().ok();
    let name = program.as_deref().and_then(std::path::Path::file_name).unwrap_or_default();
    name.as_encoded_bytes().to_vec()
}

/// Sets this process's name (`PR_SET_NAME`; the kernel keeps 15 bytes).
#[allow(unsafe_code)]
fn set_process_name(name: &[u8]) -> io::Result<()> {
    let mut terminated = [0u8; 16];
    for (slot, &byte) in terminated.iter_mut().zip(name.iter().take(15)) {
        *slot = byte;
    }
    // SAFETY: PR_SET_NAME reads a zero-terminated string of at most 16 bytes.
    if unsafe { libc::prctl(libc::PR_SET_NAME, terminated.as_ptr() as libc::c_ulong, 0, 0, 0) } != 0
    {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// Whether this process has one thread.
fn single_threaded() -> io::Result<bool> {
    Ok(std::fs::read_dir("/proc/self/task")?.take(2).count() == 1)
}

/// Writes all of `bytes` to the host's socket.
#[allow(unsafe_code)]
fn write_all(mut bytes: &[u8]) -> io::Result<()> {
    while !bytes.is_empty() {
        // SAFETY: writes from a live buffer of the length given.
        let written = unsafe { libc::write(CONTROL, bytes.as_ptr().cast(), bytes.len()) };
        if written < 0 {
            let error = io::Error::last_os_error();
            if error.kind() == io::ErrorKind::Interrupted {
                continue;
            }
            return Err(error);
        }
        bytes = bytes.get(written as usize..).unwrap_or_default();
    }
    Ok(())
}
