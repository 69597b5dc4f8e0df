//! What the run driver talks to: a worker process over pipes, or an engine thread in this
//! process over channels. Both speak the same messages; they differ in how they end.

use std::io;
use std::sync::mpsc as std_mpsc;
use std::thread::JoinHandle;
use std::time::Duration;

use futures::future::BoxFuture;
use tokio::sync::mpsc;

use super::process::{Worker, classify_exit};
use crate::outcome::ErrorKind;
use crate::protocol::{FromWorker, ToWorker, read_frame_async, write_frame_async};

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
    /// Sends a message; never blocks (a peer that stops reading cannot stall the driver).
    fn send(&mut self, message: ToWorker);
    /// The next message; `Ok(None)` when the peer is gone.
    fn recv(&mut self) -> BoxFuture<'_, io::Result<Option<FromWorker>>>;
    /// Closes the connection; for [`Ending::Vanished`], says how the peer died.
    fn end(self: Box<Self>, ending: Ending) -> BoxFuture<'static, (ErrorKind, String)>;
}

/// Frames a reader task may hold before it waits for the driver to take them.
const READ_AHEAD: usize = 64;

/// A worker process: frames over its pipes, each direction served by a task of its own.
///
/// Reading frames in a task matters for correctness, not speed: the driver's `select!` drops
/// whichever branch loses, and a frame read dropped halfway would lose the stream's framing.
/// A channel's `recv` loses nothing when dropped.
pub(crate) struct ProcessConnection {
    worker: Worker,
    outgoing: mpsc::UnboundedSender<ToWorker>,
    writer: tokio::task::JoinHandle<()>,
    incoming: mpsc::Receiver<io::Result<FromWorker>>,
    reader: tokio::task::JoinHandle<()>,
}

impl ProcessConnection {
    pub(crate) fn new(mut worker: Worker) -> io::Result<Self> {
        let stdin =
            worker.stdin.take().ok_or_else(|| io::Error::other("the worker's stdin is gone"))?;
        let (outgoing, mut queue) = mpsc::unbounded_channel::<ToWorker>();
        let writer = tokio::spawn(async move {
            let mut stdin = stdin;
            while let Some(frame) = queue.recv().await {
                if write_frame_async(&mut stdin, &frame).await.is_err() {
                    return;
                }
            }
        });
        let mut stdout =
            worker.stdout.take().ok_or_else(|| io::Error::other("the worker's stdout is gone"))?;
        let (frames, incoming) = mpsc::channel(READ_AHEAD);
        let reader = tokio::spawn(async move {
            loop {
                let Some(frame) = read_frame_async::<FromWorker>(&mut stdout).await.transpose()
                else {
                    return;
                };
                let failed = frame.is_err();
                if frames.send(frame).await.is_err() || failed {
                    return;
                }
            }
        });
        Ok(Self { worker, outgoing, writer, incoming, reader })
    }
}

impl Connection for ProcessConnection {
    fn send(&mut self, message: ToWorker) {
        let _ = self.outgoing.send(message);
    }

    fn recv(&mut self) -> BoxFuture<'_, io::Result<Option<FromWorker>>> {
        Box::pin(async { self.incoming.recv().await.transpose() })
    }

    fn end(self: Box<Self>, ending: Ending) -> BoxFuture<'static, (ErrorKind, String)> {
        let Self { worker, writer, reader, .. } = *self;
        writer.abort();
        reader.abort();
        Box::pin(async move {
            let (status, stderr) = match ending {
                Ending::Kill => worker.kill_and_reap().await,
                Ending::Finished | Ending::Vanished => worker.wait_or_kill(EXIT_PATIENCE).await,
            };
            classify_exit(status, &stderr)
        })
    }
}

/// An engine thread in this process (R-RT-5): channels instead of pipes, and no kill.
pub(crate) struct ThreadConnection {
    outgoing: Option<std_mpsc::Sender<ToWorker>>,
    incoming: mpsc::UnboundedReceiver<FromWorker>,
    thread: Option<JoinHandle<()>>,
}

impl ThreadConnection {
    /// Starts an engine thread and waits until its engine is built.
    pub(crate) async fn start() -> io::Result<Self> {
        let (outgoing, receiver) = std_mpsc::channel();
        let (sender, mut incoming) = mpsc::unbounded_channel();
        let thread = crate::worker::spawn_engine_thread(ChannelOutbox(sender), receiver)?;
        match incoming.recv().await {
            Some(FromWorker::Ready) => {
                Ok(Self { outgoing: Some(outgoing), incoming, thread: Some(thread) })
            }
            other => Err(io::Error::other(format!("the engine thread did not start: {other:?}"))),
        }
    }
}

impl Connection for ThreadConnection {
    fn send(&mut self, message: ToWorker) {
        if let Some(outgoing) = &self.outgoing {
            let _ = outgoing.send(message);
        }
    }

    fn recv(&mut self) -> BoxFuture<'_, io::Result<Option<FromWorker>>> {
        Box::pin(async { Ok(self.incoming.recv().await) })
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

fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|text| (*text).to_owned())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a non-string panic".to_owned())
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
