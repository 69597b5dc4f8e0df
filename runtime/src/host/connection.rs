//! What the run driver talks to: a worker process over pipes, or an engine thread in this
//! process over channels. Both speak the same messages; they differ in how they end.

use std::io;
use std::sync::mpsc as std_mpsc;
use std::task::Poll;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use futures::future::BoxFuture;
use tokio::net::unix::pipe;
use tokio::sync::{OwnedSemaphorePermit, mpsc};

use super::panic_text;
use super::pipe::{FrameReader, FrameWriter};
use super::process::{Worker, classify_exit};
use crate::outcome::ErrorKind;
use crate::poll::poll_until;
use crate::protocol::{FromWorker, HostError, ToWorker};

/// How long a worker that said `Done` may take to exit before it is killed.
const EXIT_PATIENCE: Duration = Duration::from_millis(500);

/// How a run's connection is closed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ending {
    /// The engine reported its outcome; let it finish.
    Finished,
    /// The host ends the run (deadline, cancellation, a limit, a broken protocol).
    Kill,
    /// The other side went away without an outcome: find out why.
    Vanished,
}

/// One side of a run, as the driver sees it.
pub(crate) trait Connection: Send {
    /// Sends a message; never blocks (a peer that stops reading cannot stall the driver). Fails
    /// only for a run request too large for a frame: a host call's answer that large is
    /// replaced by an error the script gets.
    fn send(&mut self, message: ToWorker) -> io::Result<()>;
    /// The next message (`Ok(None)` when the peer is gone), or, with `drained_below`, `None`
    /// as soon as the bytes unsent fall below it. Cancel-safe: the driver's `select!` drops it
    /// whenever another branch wins, and nothing may be lost then.
    ///
    /// The driver stops answering while the peer leaves answers unread, and waits here; the
    /// peer reading them is then news the driver must hear even though no message comes (a
    /// script awaiting its answers sends nothing until it has them).
    fn recv(
        &mut self,
        drained_below: Option<usize>,
    ) -> BoxFuture<'_, Option<io::Result<Option<FromWorker>>>>;
    /// The next message if it comes before `until`, polled for without waiting to be woken
    /// (the CPU is yielded between tries); `None` if it did not come in time. For a message
    /// expected within microseconds, when a wake-up would cost more than the wait.
    fn recv_before(&mut self, until: Instant) -> Option<io::Result<Option<FromWorker>>>;
    /// Whether the engine is still there, waiting for its run (a warm engine may have died).
    fn is_alive(&mut self) -> bool;
    /// Bytes sent that the peer has not taken yet: what a worker that does not read makes the
    /// host hold. An engine thread shares the host's memory and is trusted: nothing is counted.
    fn unsent_bytes(&self) -> usize {
        0
    }
    /// Keeps the engine's place under the cap on engines alive until the engine is gone: for
    /// a worker, until it is reaped, however the connection ends (dropped mid-run, its worker
    /// is killed and reaped in the background, and only then is its place free).
    fn hold(&mut self, slot: OwnedSemaphorePermit);
    /// Closes the connection; for [`Ending::Vanished`], says how the peer died.
    fn end(self: Box<Self>, ending: Ending) -> BoxFuture<'static, (ErrorKind, String)>;
}

/// A worker process: frames over its pipes, read and written by the driver itself (see
/// [`super::pipe`]).
pub(crate) struct ProcessConnection {
    stdin: FrameWriter<pipe::Sender>,
    stdout: FrameReader<pipe::Receiver>,
    /// `None` once ended.
    worker: Option<Worker>,
    /// Its place under the cap on engines alive, freed once it is reaped.
    slot: Option<OwnedSemaphorePermit>,
}

impl ProcessConnection {
    pub(crate) fn new(mut worker: Worker) -> io::Result<Self> {
        let stdin =
            worker.stdin.take().ok_or_else(|| io::Error::other("the worker's stdin is gone"))?;
        let mut stdout =
            worker.stdout.take().ok_or_else(|| io::Error::other("the worker's stdout is gone"))?;
        stdout.poll_directly();
        Ok(Self { worker: Some(worker), slot: None, stdin: FrameWriter::new(stdin), stdout })
    }
}

impl Connection for ProcessConnection {
    fn send(&mut self, message: ToWorker) -> io::Result<()> {
        // Only a message too large for a frame fails. A host call's answer that large would
        // leave the script waiting for it forever: it gets an error instead.
        match (self.stdin.send(&message), message) {
            (Err(error), ToWorker::HostReply { id, .. }) => {
                let message =
                    format!("the host function's answer cannot reach the script: {error}");
                self.stdin.send(&ToWorker::HostReply { id, result: Err(HostError::new(message)) })
            }
            (sent, _) => sent,
        }
    }

    fn recv(
        &mut self,
        drained_below: Option<usize>,
    ) -> BoxFuture<'_, Option<io::Result<Option<FromWorker>>>> {
        // Whenever the driver waits for a frame, it also writes what the worker's stdin did not
        // take yet: one wait serves both directions, and it never blocks on either.
        Box::pin(std::future::poll_fn(move |cx| {
            let _ = self.stdin.poll_flush(cx);
            if drained_below.is_some_and(|bound| self.stdin.unsent() < bound) {
                return Poll::Ready(None);
            }
            self.stdout.poll_next(cx).map(Some)
        }))
    }

    fn recv_before(&mut self, until: Instant) -> Option<io::Result<Option<FromWorker>>> {
        // A worker that has not taken the last frame yet is not about to answer it.
        if !self.stdin.is_flushed() {
            return None;
        }
        self.stdout.next_before(until)
    }

    fn is_alive(&mut self) -> bool {
        self.worker.as_mut().is_some_and(Worker::is_alive)
    }

    fn hold(&mut self, slot: OwnedSemaphorePermit) {
        self.slot = Some(slot);
    }

    fn unsent_bytes(&self) -> usize {
        self.stdin.unsent()
    }

    fn end(mut self: Box<Self>, ending: Ending) -> BoxFuture<'static, (ErrorKind, String)> {
        let (worker, slot) = (self.worker.take(), self.slot.take());
        // Dropping the pipes closes them.
        drop(self);
        Box::pin(async move {
            let Some(worker) = worker else {
                return (ErrorKind::Crashed, "the worker was already gone".to_owned());
            };
            let (status, stderr) = match ending {
                Ending::Kill => worker.kill_and_reap().await,
                Ending::Finished | Ending::Vanished => worker.wait_or_kill(EXIT_PATIENCE).await,
            };
            drop(slot);
            classify_exit(status, &stderr)
        })
    }
}

impl Drop for ProcessConnection {
    /// A run dropped mid-way (its caller gave up): the worker is killed, and its place under
    /// the cap freed once it is reaped, not before.
    fn drop(&mut self) {
        let (Some(worker), slot) = (self.worker.take(), self.slot.take()) else { return };
        match tokio::runtime::Handle::try_current() {
            Ok(runtime) => {
                runtime.spawn(async move {
                    worker.kill_and_reap().await;
                    drop(slot);
                });
            }
            // No runtime left to reap on: the worker is killed when dropped.
            Err(_) => drop(worker),
        }
    }
}

/// An engine thread in this process (R-RT-5): channels instead of pipes, and no kill.
pub(crate) struct ThreadConnection {
    outgoing: Option<std_mpsc::Sender<ToWorker>>,
    incoming: mpsc::UnboundedReceiver<FromWorker>,
    thread: Option<JoinHandle<()>>,
    slot: Option<OwnedSemaphorePermit>,
}

impl ThreadConnection {
    /// Starts an engine thread and waits until its engine is built.
    pub(crate) async fn start() -> io::Result<Self> {
        let (outgoing, receiver) = std_mpsc::channel();
        let (sender, mut incoming) = mpsc::unbounded_channel();
        let thread = crate::worker::spawn_engine_thread(ChannelOutbox(sender), receiver)?;
        match incoming.recv().await {
            Some(FromWorker::Ready) => {
                Ok(Self { outgoing: Some(outgoing), incoming, thread: Some(thread), slot: None })
            }
            other => Err(io::Error::other(format!("the engine thread did not start: {other:?}"))),
        }
    }
}

impl Connection for ThreadConnection {
    fn send(&mut self, message: ToWorker) -> io::Result<()> {
        // A channel has no frame to outgrow; an engine thread gone is seen by `recv`.
        if let Some(outgoing) = &self.outgoing {
            let _ = outgoing.send(message);
        }
        Ok(())
    }

    fn recv(
        &mut self,
        _drained_below: Option<usize>,
    ) -> BoxFuture<'_, Option<io::Result<Option<FromWorker>>>> {
        // Nothing is ever unsent on a channel: the driver never waits for a drain here.
        Box::pin(async { Some(Ok(self.incoming.recv().await)) })
    }

    fn recv_before(&mut self, until: Instant) -> Option<io::Result<Option<FromWorker>>> {
        poll_until(until, || match self.incoming.try_recv() {
            Ok(message) => Some(Ok(Some(message))),
            Err(mpsc::error::TryRecvError::Disconnected) => Some(Ok(None)),
            Err(mpsc::error::TryRecvError::Empty) => None,
        })
    }

    fn is_alive(&mut self) -> bool {
        self.thread.as_ref().is_some_and(|thread| !thread.is_finished())
    }

    fn hold(&mut self, slot: OwnedSemaphorePermit) {
        self.slot = Some(slot);
    }

    fn end(mut self: Box<Self>, ending: Ending) -> BoxFuture<'static, (ErrorKind, String)> {
        // Closing the channel ends an engine waiting for a host call; an engine busy in a loop
        // cannot be stopped from outside and is left to run out (documented on `Isolation`).
        self.outgoing = None;
        let thread = self.thread.take();
        Box::pin(async move {
            let panic = match (ending, thread) {
                (Ending::Vanished, Some(thread)) => {
                    tokio::task::spawn_blocking(move || thread.join())
                        .await
                        .ok()
                        .and_then(Result::err)
                        .map(|payload| panic_text(&*payload))
                }
                _ => None,
            };
            let message = match panic {
                Some(panic) => format!("the engine thread panicked: {panic}"),
                None => "the engine thread ended without an outcome".to_owned(),
            };
            (ErrorKind::Crashed, message)
        })
    }
}

/// Sends the engine's messages to the driver over a channel.
pub(crate) struct ChannelOutbox(mpsc::UnboundedSender<FromWorker>);

impl crate::worker::Outbox for ChannelOutbox {
    fn send(&mut self, message: FromWorker) -> io::Result<()> {
        self.0
            .send(message)
            .map_err(|_| io::Error::new(io::ErrorKind::BrokenPipe, "the host is gone"))
    }
}
