//! Where the engine's messages come from, and how it waits for them.
//!
//! The engine blocks while it waits (it has nothing else to do), but not at once when it
//! expects an answer soon: after a host call it polls for the reply for a short while first.
//! On a machine whose idle CPUs sleep (a virtual machine halts an idle vCPU), waking a blocked
//! thread on another CPU costs tens of microseconds; a round trip has two such wake-ups, and
//! they were most of a host call's cost. Polling keeps this side awake, so the host's answer
//! needs no wake-up here (the host polls on its side too, `host/run.rs`). The poll yields the
//! CPU at every turn, so it takes nothing from work that is ready to run (the host's driver on
//! the same CPU included); it gives up after [`POLL_FOR`], and is not tried again until an
//! answer comes within that time (a script calling slow host functions does not pay for it).

use std::fs::File;
use std::io::{self, Read};
use std::sync::mpsc::{Receiver, TryRecvError};
use std::time::{Duration, Instant};

use crate::protocol::{FrameBuffer, ToWorker};

/// How long the engine polls for an expected message before it blocks. A host call answered at
/// once comes back well within it; a slow one costs at most this much CPU more.
const POLL_FOR: Duration = Duration::from_micros(100);

/// Where the engine's messages come from: the worker's stdin, or a channel from an in-process
/// host.
pub(crate) trait Inbox {
    /// The next message, blocking; `None` when the host is gone (or its stream is broken,
    /// which ends the run the same way).
    fn recv(&mut self) -> Option<ToWorker>;

    /// The next message, when one is expected soon (the answer to a host call): polls for it
    /// for up to [`POLL_FOR`], then blocks.
    fn recv_soon(&mut self) -> Option<ToWorker>;
}

/// Whether polling for the next expected message is worth it: whether the last one came
/// within [`POLL_FOR`].
struct Pace {
    fast: bool,
}

impl Pace {
    /// When a wait for an expected message starts, and until when to poll for it (`None`: not
    /// worth it).
    fn begin(&self) -> (Instant, Option<Instant>) {
        let now = Instant::now();
        (now, self.fast.then(|| now + POLL_FOR))
    }

    /// The wait that started at `started` ended blocked (polling, if tried, was in vain).
    fn blocked(&mut self, started: Instant) {
        self.fast = started.elapsed() < POLL_FOR;
    }
}

impl Default for Pace {
    fn default() -> Self {
        Self { fast: true }
    }
}

/// Frames on the worker's stdin, read by the engine thread itself into a buffer of its own.
pub(crate) struct StdinInbox {
    pace: Pace,
    frames: FrameBuffer,
    /// Stdin, blocking.
    blocking: File,
    /// The same pipe opened again, non-blocking (a flag of the open file, which `blocking`
    /// does not share), for polling; `None` where it cannot be opened (no `/proc`), and then
    /// the engine blocks at once.
    polling: Option<File>,
}

impl StdinInbox {
    /// Opens stdin twice. Call it before the seccomp filter, which denies opening files.
    pub(crate) fn open() -> io::Result<Self> {
        use std::os::fd::AsFd;

        let blocking = File::from(io::stdin().as_fd().try_clone_to_owned()?);
        Ok(Self {
            pace: Pace::default(),
            frames: FrameBuffer::default(),
            blocking,
            polling: open_polling(),
        })
    }

    /// Reads once into the buffer: `Ok(false)` at the end of the stream.
    fn fill(frames: &mut FrameBuffer, file: &mut File) -> io::Result<bool> {
        loop {
            match file.read(frames.room()) {
                Ok(0) => return Ok(false),
                Ok(read) => {
                    frames.filled(read);
                    return Ok(true);
                }
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(error) => return Err(error),
            }
        }
    }
}

#[cfg(target_os = "linux")]
fn open_polling() -> Option<File> {
    use std::os::unix::fs::OpenOptionsExt;

    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open("/proc/self/fd/0")
        .ok()
}

#[cfg(not(target_os = "linux"))]
fn open_polling() -> Option<File> {
    None
}

impl Inbox for StdinInbox {
    fn recv(&mut self) -> Option<ToWorker> {
        Self::recv_blocking(&mut self.frames, &mut self.blocking)
    }

    fn recv_soon(&mut self) -> Option<ToWorker> {
        let (started, until) = self.pace.begin();
        if let (Some(until), Some(polling)) = (until, &mut self.polling)
            && let Some(message) = poll_stdin(&mut self.frames, polling, until)
        {
            return message;
        }
        let message = self.recv();
        self.pace.blocked(started);
        message
    }
}

impl StdinInbox {
    fn recv_blocking(frames: &mut FrameBuffer, blocking: &mut File) -> Option<ToWorker> {
        loop {
            if let Some(frame) = frames.frame() {
                return frame.ok();
            }
            if !Self::fill(frames, blocking).ok()? {
                return frames.end().ok().flatten();
            }
        }
    }
}

/// Reads what stdin holds until a frame is whole or `until` passes, yielding the CPU between
/// tries: `Some(message)` (`Some(None)`: the host is gone) or `None` if nothing came in time.
fn poll_stdin(
    frames: &mut FrameBuffer,
    polling: &mut File,
    until: Instant,
) -> Option<Option<ToWorker>> {
    loop {
        if let Some(frame) = frames.frame() {
            return Some(frame.ok());
        }
        match StdinInbox::fill(frames, polling) {
            Ok(true) => continue,
            Ok(false) => return Some(frames.end().ok().flatten()),
            Err(error) if error.kind() == io::ErrorKind::WouldBlock => {}
            Err(_) => return Some(None),
        }
        if Instant::now() >= until {
            return None;
        }
        std::thread::yield_now();
    }
}

/// Messages from an in-process host (R-RT-5).
pub(crate) struct ChannelInbox {
    pace: Pace,
    receiver: Receiver<ToWorker>,
}

impl ChannelInbox {
    pub(crate) fn new(receiver: Receiver<ToWorker>) -> Self {
        Self { pace: Pace::default(), receiver }
    }
}

impl Inbox for ChannelInbox {
    fn recv(&mut self) -> Option<ToWorker> {
        self.receiver.recv().ok()
    }

    fn recv_soon(&mut self) -> Option<ToWorker> {
        let (started, until) = self.pace.begin();
        if let Some(until) = until {
            loop {
                match self.receiver.try_recv() {
                    Ok(message) => return Some(message),
                    Err(TryRecvError::Disconnected) => return None,
                    Err(TryRecvError::Empty) if Instant::now() >= until => break,
                    Err(TryRecvError::Empty) => std::thread::yield_now(),
                }
            }
        }
        let message = self.receiver.recv().ok();
        self.pace.blocked(started);
        message
    }
}
