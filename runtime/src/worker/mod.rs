//! The worker process: where scripts run by default (R-RT-3).
//!
//! A worker is the host's own executable, started again with [`WORKER_FLAG`] as its first
//! argument. An embedder makes this work with one line at the top of `main`:
//!
//! ```no_run
//! ordo_runtime::worker::run_if_worker(); // first thing in `main`
//! ```
//!
//! and [`WorkerCommand::current_exe`](crate::WorkerCommand::current_exe) to start it. A program
//! that cannot do that can ship the crate's `ordo-js-worker` binary and point
//! [`WorkerCommand::program`](crate::WorkerCommand::program) at it.
//!
//! Inside, one thread runs the engine, on a stack large enough for deep but legitimate nesting
//! (a native stack overflow still ends the process, and the host reports it as
//! `limit(stack)`), and reads its frames from stdin itself: a host call's reply wakes the very
//! thread that waits for it, with no reader thread and channel in between (each hand-off
//! between threads costs a wake-up, which dominated a host call's round trip), and it polls
//! for an answer it expects soon before it blocks (see `inbox.rs`). Nothing needs
//! stdin watched while the engine is busy: the host ends a run by killing the worker. The
//! worker builds and warms up its context, closes its system-call surface where the kernel
//! allows, says `Ready`, waits for `Run`, runs, says `Done`, and exits: it is never reused.

use std::cell::RefCell;
use std::io;
use std::rc::Rc;
use std::sync::mpsc::Receiver;

use serde_json::Value;

use self::inbox::{ChannelInbox, Inbox, StdinInbox};
use crate::engine::{Bridge, Engine, Incoming};
use crate::outcome::{ClockReadings, LogEntry};
use crate::protocol::{FromWorker, ScriptFailure, ScriptFailureKind, ToWorker, write_frame};

mod allocator;
mod inbox;
#[cfg(target_os = "linux")]
pub(crate) mod zygote;

pub(crate) use self::allocator::worker_allocator_environment;
pub use self::allocator::{ALLOCATOR_VARIABLE, WorkerAllocator};

/// The first argument that makes a process a worker.
pub const WORKER_FLAG: &str = "--ordo-runtime-worker";

/// The name (`/proc/PID/comm`) of a fork server (`RuntimeConfig::fork_workers`): started with
/// [`WORKER_FLAG`] like a worker, but never runs a script. A worker it forks takes back its
/// program's name within microseconds.
pub const FORK_SERVER_NAME: &str = "ordo-zygote";

/// Set to `0` by the host for a worker a run waits for: it skips the engine's warm-up, whose
/// first touches the run makes anyway (see `Engine::new`).
pub(crate) const WARM_UP_VARIABLE: &str = "ORDO_WORKER_WARM_UP";

/// The engine thread's stack.
const ENGINE_STACK_BYTES: usize = 64 << 20;

/// Runs the worker and exits, if this process was started as one; returns otherwise.
pub fn run_if_worker() {
    if std::env::args_os().nth(1).is_some_and(|argument| argument == WORKER_FLAG) {
        std::process::exit(main());
    }
}

/// The worker's main: returns the exit code.
pub fn main() -> i32 {
    // A fork server has its own start (see `zygote.rs`).
    #[cfg(target_os = "linux")]
    if std::env::var_os(zygote::ZYGOTE_VARIABLE).is_some() {
        return zygote::main();
    }
    // First, before any thread or engine: the limits its host handed it (R-RT-3).
    #[cfg(target_os = "linux")]
    if let Err(error) = enter_limits() {
        eprintln!("ordo worker: {error}");
        return 2;
    }
    let Ok(inbox) = StdinInbox::open() else {
        return 2;
    };
    let warm_up = std::env::var_os(WARM_UP_VARIABLE).is_none_or(|value| value != "0");
    let engine = std::thread::Builder::new()
        .name("ordo-worker-engine".into())
        .stack_size(ENGINE_STACK_BYTES)
        .spawn(move || serve(StdoutOutbox(io::stdout()), inbox, Where::Process { warm_up }));
    match engine.map(std::thread::JoinHandle::join) {
        Ok(Ok(code)) => code,
        _ => 3,
    }
}

/// Sets the limits of [`crate::sandbox::WORKER_LIMITS_VARIABLE`] on this process. A worker
/// started without them was not started by a host of this crate: it refuses to run.
#[cfg(target_os = "linux")]
fn enter_limits() -> io::Result<()> {
    let variable = crate::sandbox::WORKER_LIMITS_VARIABLE;
    let spec = std::env::var(variable).map_err(|_| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("started without its limits ({variable})"),
        )
    })?;
    crate::sandbox::enter_worker_limits(&spec)
}

/// Where the engine's messages go: the worker's stdout, or a channel to an in-process host.
pub(crate) trait Outbox: Send + 'static {
    /// Sends one message.
    fn send(&mut self, message: FromWorker) -> io::Result<()>;
}

/// Frames on the worker's stdout.
struct StdoutOutbox(io::Stdout);

impl Outbox for StdoutOutbox {
    fn send(&mut self, message: FromWorker) -> io::Result<()> {
        write_frame(&mut self.0, &message)
    }
}

/// Starts an engine thread in this process, served like a worker but without the sandbox
/// (R-RT-5).
pub(crate) fn spawn_engine_thread(
    outbox: impl Outbox,
    receiver: Receiver<ToWorker>,
) -> io::Result<std::thread::JoinHandle<()>> {
    std::thread::Builder::new().name("ordo-engine".into()).stack_size(ENGINE_STACK_BYTES).spawn(
        move || {
            serve(outbox, ChannelInbox::new(receiver), Where::Thread);
        },
    )
}

/// Where an engine serves its run.
#[derive(Clone, Copy)]
enum Where {
    /// In a worker process, sandboxed; its engine warmed up if asked.
    Process { warm_up: bool },
    /// In a worker process forked from a fork server, whose seccomp filter it narrows.
    Forked,
    /// On an engine thread of the host (R-RT-5).
    Thread,
}

impl Where {
    /// Closes the system-call surface of a worker process; nothing to do on a thread.
    fn sandbox(self) -> Result<(), crate::sandbox::SandboxError> {
        match self {
            Self::Process { .. } => crate::sandbox::install_seccomp_filter().map(drop),
            Self::Forked => crate::sandbox::install_forked_worker_filter().map(drop),
            Self::Thread => Ok(()),
        }
    }
}

/// Builds an engine, says `Ready`, runs the one script it is given, says `Done`. Returns the
/// exit code of a worker process.
fn serve(mut outbox: impl Outbox, inbox: impl Inbox + 'static, place: Where) -> i32 {
    let mut engine = match Engine::new(matches!(place, Where::Process { warm_up: true })) {
        Ok(engine) => engine,
        Err(message) => {
            let failure =
                ScriptFailure { kind: ScriptFailureKind::Prelude, message, position: None };
            let _ = outbox.send(FromWorker::Done(Err(failure)));
            return 1;
        }
    };
    let code = serve_with(&mut engine, outbox, inbox, place);
    // Tearing the context down takes a while (every object of the script): it happens after
    // `Done`, off the result's path, and not at all in a worker process, which exits now and
    // whose memory goes with it.
    if matches!(place, Where::Process { .. }) {
        std::mem::forget(engine);
    }
    code
}

/// Says `Ready` with an engine already built, runs the one script it is given, says `Done`.
/// Returns the exit code of a worker process. The engine is the script's afterwards.
fn serve_with(
    engine: &mut Engine,
    mut outbox: impl Outbox,
    mut inbox: impl Inbox + 'static,
    place: Where,
) -> i32 {
    // What comes next is hostile: close the system-call surface first. Where the kernel cannot,
    // the rlimits and the host's kill still bound the run; a kernel that can but refuses is a
    // broken sandbox, and the worker fails closed. Done before `Ready`, so the run does not wait
    // for it (it takes about 0.15 ms): a warm worker waits for its script already sandboxed.
    if let Err(error) = place.sandbox() {
        let message = format!("the worker's sandbox failed: {error}");
        let failure = ScriptFailure { kind: ScriptFailureKind::Prelude, message, position: None };
        let _ = outbox.send(FromWorker::Done(Err(failure)));
        return 1;
    }
    if outbox.send(FromWorker::Ready).is_err() {
        return 1;
    }
    let request = match inbox.recv() {
        Some(ToWorker::Run(request)) => request,
        // The host let the warm worker go, or broke the protocol.
        _ => return 0,
    };
    let outbox = Rc::new(RefCell::new(outbox));
    let outcome =
        engine.run(&request, Box::new(HostBridge { outbox: Rc::clone(&outbox), replies: inbox }));
    let sent = outbox.borrow_mut().send(FromWorker::Done(outcome));
    match sent {
        Ok(()) => 0,
        Err(_) => 1,
    }
}

/// The bridge between the engine and its host.
struct HostBridge<O, I> {
    outbox: Rc<RefCell<O>>,
    replies: I,
}

impl<O: Outbox, I: Inbox> Bridge for HostBridge<O, I> {
    fn call(&mut self, id: u64, name: &str, args: Value, options: Option<Value>) -> io::Result<()> {
        let name = name.to_owned();
        self.outbox.borrow_mut().send(FromWorker::HostCall { id, name, args, options })
    }

    fn next_reply(&mut self) -> io::Result<Option<Incoming>> {
        loop {
            match self.replies.recv_soon() {
                Some(ToWorker::HostReply { id, result }) => {
                    return Ok(Some(Incoming::Answer(id, result)));
                }
                Some(ToWorker::Probe) => return Ok(Some(Incoming::Probe)),
                Some(ToWorker::Run(_)) => continue,
                None => return Ok(None),
            }
        }
    }

    fn idle(&mut self, answered: u64, clock: Option<ClockReadings>) -> io::Result<()> {
        self.outbox.borrow_mut().send(FromWorker::Idle { answered, clock })
    }

    fn log(&mut self, entry: LogEntry) -> io::Result<()> {
        self.outbox.borrow_mut().send(FromWorker::Log(entry))
    }
}
