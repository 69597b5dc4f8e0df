//! Starting a worker process, and naming how one died.

use std::ffi::OsString;
use std::io;
use std::path::PathBuf;
use std::process::{ExitStatus, Stdio};
use std::time::Duration;

use std::os::fd::{FromRawFd, OwnedFd};
use std::sync::Arc;

use tokio::io::AsyncReadExt;
use tokio::net::unix::pipe;
use tokio::process::{Child, Command};
use tokio::task::JoinHandle;

use super::forked::ForkedChild;
use super::pipe::FrameReader;
use super::zygote::{ChildEnds, ForkServer};
use crate::outcome::{ErrorKind, LimitKind};
use crate::protocol::FromWorker;
use crate::sandbox::ProcessLimits;
use crate::worker::{WARM_UP_VARIABLE, WORKER_FLAG};

/// How much of a worker's stderr is kept to explain its death.
const STDERR_TAIL_BYTES: usize = 16 << 10;

/// How to start a worker: a program and its arguments; [`WORKER_FLAG`] is always added first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorkerCommand {
    program: PathBuf,
    args: Vec<OsString>,
}

impl WorkerCommand {
    /// This very executable, which must call [`crate::worker::run_if_worker`] at the top of
    /// `main`.
    pub fn current_exe() -> io::Result<Self> {
        Ok(Self::program(std::env::current_exe()?))
    }

    /// Another executable that runs [`crate::worker::main`] (such as the crate's
    /// `ordo-js-worker`). A wrapper script must `exec` the worker, not start it as its child:
    /// a worker whose parent is not its host refuses to run (it could not die with it).
    pub fn program(program: impl Into<PathBuf>) -> Self {
        Self { program: program.into(), args: Vec::new() }
    }

    /// The program.
    pub(crate) fn program_path(&self) -> &std::path::Path {
        &self.program
    }

    /// Adds arguments after the worker flag.
    pub fn with_args(mut self, args: impl IntoIterator<Item = impl Into<OsString>>) -> Self {
        self.args.extend(args.into_iter().map(Into::into));
        self
    }
}

/// How long a worker may take to say `Ready` (its engine is built in milliseconds).
pub(crate) const START_TIMEOUT: Duration = Duration::from_secs(10);

/// A started worker that has said `Ready`.
pub(crate) struct Worker {
    process: Process,
    /// Taken by the run that writes to it.
    pub(crate) stdin: Option<pipe::Sender>,
    /// Its frames, read from the start (`Ready`); taken by the run that reads them.
    pub(crate) stdout: Option<FrameReader<pipe::Receiver>>,
    stderr: JoinHandle<Vec<u8>>,
}

/// A worker's process: spawned from the program, or forked by the fork server.
enum Process {
    Spawned(Child),
    Forked(ForkedChild),
}

impl Process {
    fn is_alive(&mut self) -> bool {
        match self {
            Self::Spawned(child) => matches!(child.try_wait(), Ok(None)),
            Self::Forked(child) => matches!(child.try_wait(), Ok(None)),
        }
    }

    fn start_kill(&mut self) {
        let _ = match self {
            Self::Spawned(child) => child.start_kill(),
            Self::Forked(child) => child.start_kill(),
        };
    }

    async fn wait(&mut self) -> Option<ExitStatus> {
        match self {
            Self::Spawned(child) => child.wait().await.ok(),
            Self::Forked(child) => child.wait().await.ok(),
        }
    }
}

impl Worker {
    /// Starts a worker under `limits` and waits for it to build its engine (and warm it up, if
    /// `warm_up`: for a spare, whose start is off every run's path). With a fork server, the
    /// worker is forked from it (its engine built and warmed up already), else spawned.
    pub(crate) async fn start(
        command: &WorkerCommand,
        limits: &ProcessLimits,
        warm_up: bool,
        forks: Option<&Arc<ForkServer>>,
    ) -> io::Result<Self> {
        let (stdin, stdout, stderr, ends) = pipes()?;
        let forked = match forks {
            Some(server) => server.fork(ends).await?,
            None => Err(ends),
        };
        let process = match forked {
            Ok(child) => Process::Forked(child),
            Err(ChildEnds([child_stdin, child_stdout, child_stderr])) => {
                let mut process = worker_process(command, limits, warm_up);
                process
                    .stdin(Stdio::from(child_stdin))
                    .stdout(Stdio::from(child_stdout))
                    .stderr(Stdio::from(child_stderr));
                Process::Spawned(process.spawn()?)
            }
        };
        // The worker's ends are closed here by now (moved into the spawn, or sent and
        // dropped): its stdout ends when the worker does.
        let stderr = tokio::spawn(keep_tail(stderr));
        let mut stdout = FrameReader::new(stdout);
        let hint = "does the program call ordo_runtime::worker::run_if_worker() (ordo_sdk::run_if_worker) first thing in main?";
        let first = tokio::time::timeout(START_TIMEOUT, stdout.next::<FromWorker>()).await;
        match first {
            Ok(Ok(Some(FromWorker::Ready))) => {
                Ok(Self { process, stdin: Some(stdin), stdout: Some(stdout), stderr })
            }
            // Dropping `process` kills it (kill_on_drop, or ForkedChild's drop).
            Ok(Ok(None)) => Err(io::Error::other(format!(
                "the worker {:?} exited before it was ready: {hint}",
                command.program
            ))),
            Ok(Ok(Some(other))) => Err(io::Error::other(format!(
                "the worker {:?} sent {other:?} before it was ready",
                command.program
            ))),
            Ok(Err(error)) => Err(io::Error::other(format!(
                "the worker {:?} did not start ({error}): {hint}",
                command.program
            ))),
            Err(_) => Err(io::Error::other(format!(
                "the worker {:?} was not ready within {} s: {hint}",
                command.program,
                START_TIMEOUT.as_secs()
            ))),
        }
    }

    /// Whether the process is still there (a warm worker may have been killed while it waited).
    pub(crate) fn is_alive(&mut self) -> bool {
        self.process.is_alive()
    }

    /// Kills the worker (if it still runs), reaps it, and returns its exit status and stderr.
    pub(crate) async fn kill_and_reap(mut self) -> (Option<ExitStatus>, String) {
        self.process.start_kill();
        self.reap().await
    }

    /// Waits for the worker to exit by itself, for at most `patience`, then kills it.
    pub(crate) async fn wait_or_kill(mut self, patience: Duration) -> (Option<ExitStatus>, String) {
        if tokio::time::timeout(patience, self.process.wait()).await.is_err() {
            self.process.start_kill();
        }
        self.reap().await
    }

    async fn reap(mut self) -> (Option<ExitStatus>, String) {
        let status = self.process.wait().await;
        let stderr = match tokio::time::timeout(Duration::from_secs(1), self.stderr).await {
            Ok(Ok(bytes)) => String::from_utf8_lossy(&bytes).into_owned(),
            _ => String::new(),
        };
        (status, stderr)
    }
}

/// The command that starts a worker (or a fork server) of `command` under `limits`, its
/// standard streams left to the caller.
pub(crate) fn worker_process(
    command: &WorkerCommand,
    limits: &ProcessLimits,
    warm_up: bool,
) -> Command {
    let mut process = Command::new(&command.program);
    process
        .arg(WORKER_FLAG)
        .args(&command.args)
        // Nothing of the host's environment leaks into the worker. A fixed time zone spares
        // the engine reading /etc/localtime, which the sandbox forbids; fewer malloc arenas
        // leave more of the address-space limit to the script's heap.
        .env_clear()
        .env("TZ", "UTC")
        // `Intl` and `toLocale*` default to en-US, as a model expects, whatever the host's locale.
        .env("LANG", "en_US.UTF-8")
        .env("MALLOC_ARENA_MAX", "1")
        // Its allocator, for a program that declares `WorkerAllocator` its global one.
        .envs(crate::worker::worker_allocator_environment())
        // Its rlimits and parent-death signal, which it sets on itself before anything else
        // (with no `pre_exec` hook, std spawns it by `posix_spawn`, not `fork`).
        .env(crate::sandbox::WORKER_LIMITS_VARIABLE, crate::sandbox::worker_limits(limits))
        .env(WARM_UP_VARIABLE, if warm_up { "1" } else { "0" })
        // Its own process group: a terminal's Ctrl-C reaches the host, which cancels the
        // run as it decides, and never kills a worker (or a warm one waiting) behind its back.
        .process_group(0)
        .kill_on_drop(true);
    process
}

/// A worker's three pipes: the host's ends (its stdin to write, its stdout and stderr to
/// read) and the worker's.
fn pipes() -> io::Result<(pipe::Sender, pipe::Receiver, pipe::Receiver, ChildEnds)> {
    let (stdin_read, stdin_write) = pipe_pair()?;
    let (stdout_read, stdout_write) = pipe_pair()?;
    let (stderr_read, stderr_write) = pipe_pair()?;
    Ok((
        pipe::Sender::from_owned_fd(stdin_write)?,
        pipe::Receiver::from_owned_fd(stdout_read)?,
        pipe::Receiver::from_owned_fd(stderr_read)?,
        ChildEnds([stdin_read, stdout_write, stderr_write]),
    ))
}

/// A pipe, close-on-exec at both ends: its read end, then its write end.
#[allow(unsafe_code)]
fn pipe_pair() -> io::Result<(OwnedFd, OwnedFd)> {
    let mut ends = [0 as libc::c_int; 2];
    // SAFETY: pipe2 writes two descriptors into the array it is given.
    if unsafe { libc::pipe2(ends.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: both descriptors were just opened, for this process alone.
    Ok(unsafe { (OwnedFd::from_raw_fd(ends[0]), OwnedFd::from_raw_fd(ends[1])) })
}

/// Reads a pipe to its end, keeping only its last bytes.
pub(crate) async fn keep_tail(mut pipe: impl tokio::io::AsyncRead + Unpin) -> Vec<u8> {
    let mut tail = Vec::new();
    let mut buffer = [0u8; 4096];
    while let Ok(read) = pipe.read(&mut buffer).await {
        if read == 0 {
            break;
        }
        tail.extend_from_slice(&buffer[..read]);
        if tail.len() > STDERR_TAIL_BYTES {
            tail.drain(..tail.len() - STDERR_TAIL_BYTES);
        }
    }
    tail
}

/// Why a worker ended without an outcome, from its exit status and what it wrote on stderr.
pub(crate) fn classify_exit(status: Option<ExitStatus>, stderr: &str) -> (ErrorKind, String) {
    use std::os::unix::process::ExitStatusExt;

    let detail = last_line(stderr);
    if stderr.contains("memory allocation of") {
        return (
            ErrorKind::Limit(LimitKind::Memory),
            "the script used more memory than allowed".to_owned(),
        );
    }
    if stderr.contains("has overflowed its stack") {
        return (
            ErrorKind::Limit(LimitKind::Stack),
            "the script nested too deeply and overflowed the worker's stack".to_owned(),
        );
    }
    let Some(status) = status else {
        return (ErrorKind::Crashed, "the worker vanished; its exit status is unknown".to_owned());
    };
    match status.signal() {
        Some(libc::SIGXCPU) => {
            (ErrorKind::Limit(LimitKind::Cpu), "the script used up its CPU time".to_owned())
        }
        Some(libc::SIGKILL) => (
            ErrorKind::Crashed,
            "the worker was killed (SIGKILL), probably by the system's out-of-memory killer"
                .to_owned(),
        ),
        Some(libc::SIGSYS) => {
            (ErrorKind::Crashed, "the worker made a forbidden system call".to_owned())
        }
        Some(signal) => (ErrorKind::Crashed, format!("the worker died of signal {signal}{detail}")),
        None => (
            ErrorKind::Crashed,
            format!(
                "the worker exited with status {} without an outcome{detail}",
                status.code().unwrap_or(-1)
            ),
        ),
    }
}

pub(crate) fn last_line(stderr: &str) -> String {
    stderr
        .lines()
        .rev()
        .find(|line| !line.trim().is_empty())
        .map(|line| format!(": {}", line.trim()))
        .unwrap_or_default()
}
