//! Where the engine's messages come from, and how it waits for them.
//!
//! The engine blocks while it waits (it has nothing else to do), but not at once when it
//! expects an answer soon: after a host call it polls for the reply for a short while first
//! (see `crate::poll`; the host polls on its side too, `host/run.rs`). It gives up after
//! [`POLL_FOR`], and does not try again until an answer comes within that time (a script
//! calling slow host functions does not pay for it).

use std::fs::File;
use std::io;
use std::sync::mpsc::{Receiver, TryRecvError};
use std::time::Instant;

use crate::poll::{POLL_FOR, poll_until};
use crate::protocol::{FrameBuffer, ToWorker};

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
        // Reads block, so this waits for a frame (or the stream's end).
        self.frames.next_from(&mut self.blocking)?.ok().flatten()
    }

    fn recv_soon(&mut self) -> Option<ToWorker> {
        let (started, until) = self.pace.begin();
        if let (Some(until), Some(polling)) = (until, &mut self.polling)
            && let Some(message) = poll_until(until, || self.frames.next_from(polling))
        {
            // A broken stream ends the run as the host's going away does.
            return message.ok().flatten();
        }
        let message = self.recv();
        self.pace.blocked(started);
        message
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
        if let Some(until) = until
            && let Some(message) = poll_until(until, || match self.receiver.try_recv() {
                Ok(message) => Some(Some(message)),
                Err(TryRecvError::Disconnected) => Some(None),
                Err(TryRecvError::Empty) => None,
            })
        {
            return message;
        }
        let message = self.receiver.recv().ok();
        self.pace.blocked(started);
        message
    }
}
