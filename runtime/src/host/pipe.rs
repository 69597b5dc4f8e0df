//! Frames over a worker's pipes, on the host's side: read and written by the run's driver
//! itself, with no task in between (each hand-off between tasks can be a wake-up on another
//! CPU, and wake-ups dominated a host call's round trip).
//!
//! Both halves keep their state in themselves, never in a future, so the driver's `select!`
//! may drop a read or a write at any point without losing the stream's framing: a partial
//! frame stays in the reader's buffer, unwritten bytes in the writer's. And neither ever waits
//! for the worker: the writer queues what the pipe does not take at once and writes it when the
//! driver next polls it, so a worker that stops reading cannot stall the driver.

use std::fs::File;
use std::io;
use std::os::fd::AsFd;
use std::pin::Pin;
use std::task::{Context, Poll, ready};
use std::time::Instant;

use serde::Serialize;
use serde::de::DeserializeOwned;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

use crate::poll::poll_until;
use crate::protocol::{FrameBuffer, frame_length};

/// Reads frames from a pipe into a buffer of its own.
pub(crate) struct FrameReader<R> {
    pipe: R,
    buffer: FrameBuffer,
    /// The same pipe (a duplicate descriptor, non-blocking like the pipe), read directly by
    /// [`next_before`](Self::next_before), bypassing the runtime's readiness tracking, which
    /// only learns of new bytes when its I/O driver runs.
    direct: Option<File>,
}

impl<R: AsyncRead + Unpin> FrameReader<R> {
    pub(crate) fn new(pipe: R) -> Self {
        Self { pipe, buffer: FrameBuffer::default(), direct: None }
    }

    /// Makes [`next_before`](Self::next_before) work (without it, it gives up at once).
    pub(crate) fn poll_directly(&mut self)
    where
        R: AsFd,
    {
        self.direct = self.pipe.as_fd().try_clone_to_owned().ok().map(File::from);
    }

    /// The next frame if it is whole before `until`: reads what the pipe holds now, again and
    /// again (see [`poll_until`]), without ever waiting in the runtime. `None` if
    /// no frame came in time; the bytes read so far stay buffered.
    pub(crate) fn next_before<T: DeserializeOwned>(
        &mut self,
        until: Instant,
    ) -> Option<io::Result<Option<T>>> {
        let direct = self.direct.as_mut()?;
        poll_until(until, || self.buffer.next_from(direct))
    }

    /// The next frame; `Ok(None)` when the stream ends between frames. Cancel-safe.
    pub(crate) async fn next<T: DeserializeOwned>(&mut self) -> io::Result<Option<T>> {
        std::future::poll_fn(|cx| self.poll_next(cx)).await
    }

    /// Polls for the next frame: decodes one from the buffer if it holds a whole one, else
    /// reads more. Every byte read is kept in `self` before this returns.
    pub(crate) fn poll_next<T: DeserializeOwned>(
        &mut self,
        cx: &mut Context<'_>,
    ) -> Poll<io::Result<Option<T>>> {
        loop {
            if let Some(frame) = self.buffer.frame() {
                return Poll::Ready(frame.map(Some));
            }
            let mut room = ReadBuf::new(self.buffer.room());
            ready!(Pin::new(&mut self.pipe).poll_read(cx, &mut room))?;
            let read = room.filled().len();
            if read == 0 {
                return Poll::Ready(self.buffer.end());
            }
            self.buffer.filled(read);
        }
    }
}

/// Writes frames to a pipe without ever waiting: what the pipe does not take at once is kept
/// and written by [`poll_flush`](Self::poll_flush).
pub(crate) struct FrameWriter<W> {
    /// `None` once the pipe broke: the worker is gone, and what is sent is dropped.
    pipe: Option<W>,
    /// Encoded frames not written yet: `pending[written..]`.
    pending: Vec<u8>,
    written: usize,
}

impl<W: AsyncWrite + Unpin> FrameWriter<W> {
    pub(crate) fn new(pipe: W) -> Self {
        Self { pipe: Some(pipe), pending: Vec::new(), written: 0 }
    }

    /// Queues a frame and writes as much as the pipe takes now. Fails only if the message
    /// cannot be a frame (too large); then nothing is queued.
    pub(crate) fn send<T: Serialize>(&mut self, message: &T) -> io::Result<()> {
        if self.pipe.is_none() {
            return Ok(());
        }
        let at = self.pending.len();
        self.pending.extend_from_slice(&[0; 4]);
        let encoded = serde_json::to_writer(&mut self.pending, message)
            .map_err(io::Error::from)
            .and_then(|()| frame_length(&self.pending[at + 4..]));
        match encoded {
            Ok(length) => self.pending[at..at + 4].copy_from_slice(&length.to_le_bytes()),
            Err(error) => {
                self.pending.truncate(at);
                return Err(error);
            }
        }
        // A no-op waker: this only tries. If the pipe is full, the driver's next poll of
        // `poll_flush` registers its own waker.
        let _ = self.poll_flush(&mut Context::from_waker(futures::task::noop_waker_ref()));
        Ok(())
    }

    /// Bytes encoded and not written yet.
    pub(crate) fn unsent(&self) -> usize {
        self.pending.len() - self.written
    }

    /// Whether every frame sent has been written to the pipe.
    pub(crate) fn is_flushed(&self) -> bool {
        self.pending.is_empty()
    }

    /// Writes what is pending, as far as the pipe takes it. Ready when nothing is left (or the
    /// pipe broke, and nothing will ever be written); pending while the pipe is full.
    pub(crate) fn poll_flush(&mut self, cx: &mut Context<'_>) -> Poll<()> {
        while self.written < self.pending.len() {
            let Some(pipe) = &mut self.pipe else { break };
            match Pin::new(pipe).poll_write(cx, &self.pending[self.written..]) {
                Poll::Ready(Ok(written)) if written > 0 => self.written += written,
                Poll::Ready(Err(error)) if error.kind() == io::ErrorKind::Interrupted => {}
                // The worker closed its stdin or died: its exit is what the run reports.
                Poll::Ready(_) => self.pipe = None,
                Poll::Pending => return Poll::Pending,
            }
        }
        self.pending.clear();
        self.written = 0;
        Poll::Ready(())
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use std::future::poll_fn;

    use tokio::io::AsyncWriteExt;

    use super::*;
    use crate::protocol::{FromWorker, ToWorker, write_frame};

    fn frames(messages: &[FromWorker]) -> Vec<u8> {
        let mut bytes = Vec::new();
        for message in messages {
            write_frame(&mut bytes, message).unwrap();
        }
        bytes
    }

    #[tokio::test]
    async fn frames_split_anywhere_are_read_whole_and_oversized_ones_refused() {
        let messages = [
            FromWorker::Ready,
            FromWorker::HostCall {
                id: 1,
                name: "echo".into(),
                args: serde_json::json!([1, 2]),
                options: None,
            },
            FromWorker::Ready,
        ];
        let bytes = frames(&messages);
        for chunk in [1, 3, 4, 5, 7, bytes.len()] {
            let (mut tx, rx) = tokio::io::duplex(64);
            let sent = bytes.clone();
            let writer = tokio::spawn(async move {
                for piece in sent.chunks(chunk) {
                    tx.write_all(piece).await.unwrap();
                    tokio::task::yield_now().await;
                }
            });
            let mut reader = FrameReader::new(rx);
            for message in &messages {
                assert_eq!(reader.next::<FromWorker>().await.unwrap().as_ref(), Some(message));
            }
            writer.await.unwrap();
            assert_eq!(reader.next::<FromWorker>().await.unwrap(), None, "chunks of {chunk}");
        }

        let huge_length = u32::MAX.to_le_bytes();
        let mut huge = FrameReader::new(&huge_length[..]);
        let error = huge.next::<FromWorker>().await.unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::InvalidData);
        assert!(error.to_string().ends_with("bytes is too large"), "{error}");
        let mut cut = FrameReader::new(&[9, 0, 0, 0, b'{'][..]);
        assert_eq!(
            cut.next::<FromWorker>().await.unwrap_err().kind(),
            io::ErrorKind::UnexpectedEof
        );
    }

    /// The reason this reader exists: a read dropped halfway (another `select!` branch won)
    /// loses nothing.
    #[tokio::test]
    async fn a_dropped_read_loses_no_bytes() {
        let bytes = frames(&[FromWorker::Ready, FromWorker::Ready]);
        let (mut tx, rx) = tokio::io::duplex(64);
        let mut reader = FrameReader::new(rx);
        for &byte in &bytes[..6] {
            tx.write_all(&[byte]).await.unwrap();
            let polled = poll_fn(|cx| Poll::Ready(reader.poll_next::<FromWorker>(cx))).await;
            assert!(polled.is_pending(), "half a frame is not a frame");
        }
        tx.write_all(&bytes[6..]).await.unwrap();
        drop(tx);
        assert_eq!(reader.next::<FromWorker>().await.unwrap(), Some(FromWorker::Ready));
        assert_eq!(reader.next::<FromWorker>().await.unwrap(), Some(FromWorker::Ready));
        assert_eq!(reader.next::<FromWorker>().await.unwrap(), None);
    }

    #[tokio::test]
    async fn the_writer_never_waits_and_keeps_what_the_pipe_did_not_take() {
        let (tx, mut rx) = tokio::io::duplex(16);
        let mut writer = FrameWriter::new(tx);
        let reply = ToWorker::HostReply { id: 1, result: Ok(serde_json::json!("x".repeat(100))) };
        writer.send(&reply).unwrap();
        writer.send(&reply).unwrap();
        assert!(!writer.pending.is_empty(), "a full pipe leaves the rest pending");
        let reading = tokio::spawn(async move {
            let mut reader = FrameReader::new(&mut rx);
            (reader.next::<ToWorker>().await.unwrap(), reader.next::<ToWorker>().await.unwrap())
        });
        poll_fn(|cx| writer.poll_flush(cx)).await;
        let (first, second) = reading.await.unwrap();
        assert_eq!((first.as_ref(), second.as_ref()), (Some(&reply), Some(&reply)));

        let too_large = ToWorker::HostReply {
            id: 2,
            result: Ok(serde_json::json!("x".repeat(crate::protocol::MAX_FRAME_BYTES))),
        };
        assert_eq!(writer.send(&too_large).unwrap_err().kind(), io::ErrorKind::InvalidData);
        assert!(writer.pending.is_empty(), "a refused frame leaves nothing behind");
    }
}
