//! The host side of the fork server (`worker/zygote.rs`, `fork_protocol.rs`): one process of
//! the worker program, started on first need, that forks each new worker (R-RT-3). It is not
//! an engine: it holds no place under the cap on engines alive, and runs no script.
//!
//! A fork server that died (killed, or out of memory) is started again at the next request;
//! a program that answers as something other than a fork server (a plain worker, a wrapper),
//! or a kernel without pidfds (before Linux 5.4), gets its workers spawned, one process each,
//! from then on.

use std::io;
use std::os::fd::{AsRawFd, OwnedFd};
use std::os::unix::net::UnixStream as StdUnixStream;
use std::process::Stdio;
use std::sync::Arc;

use tokio::io::{AsyncReadExt, Interest};
use tokio::net::UnixStream;
use tokio::process::Child;
use tokio::sync::Mutex;
use tokio::task::JoinHandle;

use super::forked::ForkedChild;
use super::process::{START_TIMEOUT, WorkerCommand, keep_tail, worker_process};
use crate::fork_protocol::{self, HELLO};
use crate::sandbox::ProcessLimits;
use crate::worker::zygote::{START, ZYGOTE_VARIABLE};

/// The ends of a new worker's pipes that the worker holds: its stdin, stdout and stderr.
pub(crate) struct ChildEnds(pub(crate) [OwnedFd; 3]);

/// Starts workers by asking a fork server.
pub(crate) struct ForkServer {
    command: WorkerCommand,
    limits: ProcessLimits,
    state: Mutex<State>,
}

enum State {
    /// None running: one is started at the next request.
    Idle,
    Running(Box<Zygote>),
    /// The program is not a fork server, or the kernel has no pidfds.
    Unavailable,
}

impl ForkServer {
    pub(crate) fn new(command: WorkerCommand, limits: ProcessLimits) -> Arc<Self> {
        Arc::new(Self { command, limits, state: Mutex::new(State::Idle) })
    }

    /// A new worker, forked with `ends` as its stdin, stdout and stderr; `Err(ends)` back when
    /// the program is not a fork server (the caller spawns the worker instead).
    pub(crate) async fn fork(
        self: &Arc<Self>,
        ends: ChildEnds,
    ) -> io::Result<Result<ForkedChild, ChildEnds>> {
        let server = Arc::clone(self);
        // A task of its own, finished even if the caller stops waiting: a request cut short
        // would leave its answer to be read as the next one's, and its worker unreaped (a
        // worker made for a caller gone is dropped by the task, which kills and reaps it).
        tokio::spawn(async move { server.fork_now(ends).await })
            .await
            .map_err(|error| io::Error::other(format!("the fork request failed: {error}")))?
    }

    async fn fork_now(&self, ends: ChildEnds) -> io::Result<Result<ForkedChild, ChildEnds>> {
        let mut state = self.state.lock().await;
        let mut restarted = false;
        loop {
            if matches!(*state, State::Idle) && !ForkedChild::supported() {
                tracing::warn!("the kernel has no pidfds: each worker is started anew");
                *state = State::Unavailable;
            }
            if matches!(*state, State::Idle) {
                *state = match Zygote::start(&self.command, &self.limits).await? {
                    Some(zygote) => State::Running(Box::new(zygote)),
                    None => State::Unavailable,
                };
            }
            let State::Running(zygote) = &mut *state else { return Ok(Err(ends)) };
            match zygote.fork(&ends).await {
                Ok(child) => return Ok(Ok(child)),
                // It could not fork (out of processes, say): a new one would do no better.
                Err(Failure::Refused(error)) => return Err(error),
                Err(Failure::Gone(error)) if !restarted => {
                    tracing::warn!(%error, "the worker fork server is gone; starting another");
                    // Dropping it kills and reaps it.
                    *state = State::Idle;
                    restarted = true;
                }
                Err(Failure::Gone(error)) => {
                    *state = State::Idle;
                    return Err(error);
                }
            }
        }
    }
}

/// Why a fork request got no worker.
enum Failure {
    /// The fork server answered that it could not fork.
    Refused(io::Error),
    /// The fork server is gone, or broke the protocol.
    Gone(io::Error),
}

/// A running fork server.
struct Zygote {
    control: UnixStream,
    /// Killed when dropped (its socket closed first makes it exit by itself anyway).
    _process: Child,
    _stderr: JoinHandle<Vec<u8>>,
}

impl Zygote {
    /// Starts the fork server and waits for its [`HELLO`]; `None` if the program answered
    /// something else (it is not a fork server).
    async fn start(command: &WorkerCommand, limits: &ProcessLimits) -> io::Result<Option<Self>> {
        let (ours, theirs) = StdUnixStream::pair()?;
        let theirs = OwnedFd::from(theirs);
        let mut process = worker_process(command, limits, true);
        process
            .env(ZYGOTE_VARIABLE, START)
            .stdin(Stdio::from(theirs.try_clone()?))
            // A plain worker's `Ready` comes back on the socket too, and tells it apart.
            .stdout(Stdio::from(theirs))
            .stderr(Stdio::piped());
        // Killed when dropped, unless it says hello.
        let mut child = process.spawn()?;
        let stderr = child.stderr.take().ok_or_else(|| io::Error::other("no stderr pipe"))?;
        let stderr = tokio::spawn(keep_tail(stderr));
        ours.set_nonblocking(true)?;
        let mut control = UnixStream::from_std(ours)?;
        let mut hello = [0u8; HELLO.len()];
        match tokio::time::timeout(START_TIMEOUT, control.read_exact(&mut hello)).await {
            Ok(Ok(_)) if hello == HELLO => {
                Ok(Some(Self { control, _process: child, _stderr: stderr }))
            }
            Ok(Ok(_)) => {
                tracing::warn!(
                    program = ?command.program_path(),
                    "the worker program is not a fork server: each worker is started anew"
                );
                Ok(None)
            }
            Ok(Err(error)) => {
                let _ = child.start_kill();
                let _ = child.wait().await;
                let tail = tokio::time::timeout(START_TIMEOUT, stderr).await;
                let said = tail.ok().and_then(Result::ok).unwrap_or_default();
                Err(io::Error::other(format!(
                    "the worker fork server {:?} exited before it was ready ({error}){}",
                    command.program_path(),
                    super::process::last_line(&String::from_utf8_lossy(&said))
                )))
            }
            Err(_) => Err(io::Error::other(format!(
                "the worker fork server {:?} was not ready within {} s",
                command.program_path(),
                START_TIMEOUT.as_secs()
            ))),
        }
    }

    /// Asks for a worker with `ends` and reads the answer.
    async fn fork(&mut self, ends: &ChildEnds) -> Result<ForkedChild, Failure> {
        let raw = [ends.0[0].as_raw_fd(), ends.0[1].as_raw_fd(), ends.0[2].as_raw_fd()];
        let socket = self.control.as_raw_fd();
        self.control
            .async_io(Interest::WRITABLE, || fork_protocol::send_request(socket, raw))
            .await
            .map_err(Failure::Gone)?;
        let mut answer = [0u8; 4];
        match tokio::time::timeout(START_TIMEOUT, self.control.read_exact(&mut answer)).await {
            Ok(Ok(_)) => {}
            Ok(Err(error)) => return Err(Failure::Gone(error)),
            Err(_) => {
                return Err(Failure::Gone(io::Error::new(
                    io::ErrorKind::TimedOut,
                    "the fork server did not answer",
                )));
            }
        }
        let pid = fork_protocol::read_answer(answer).map_err(Failure::Refused)?;
        ForkedChild::adopt(pid).map_err(Failure::Gone)
    }
}
