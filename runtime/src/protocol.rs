//! The framed protocol between the host and a worker, over the worker's stdin and stdout.
//!
//! A frame is a little-endian `u32` length followed by that many bytes of JSON. The host sends
//! [`ToWorker`] frames, the worker [`FromWorker`] frames:
//!
//! ```text
//! worker: Ready                                  (context built; waiting for work)
//! host:   Run { code, … }
//! worker: HostCall { id, name, args, options? } (any number, any time)
//! host:   HostReply { id, result } …             (in any order)
//! worker: Log { … } …
//! host:   Probe                                  (a pausable run: all calls wait outside)
//! worker: Idle { answered, clock }               (when it has nothing left to run)
//! worker: Done { outcome }                       (then exits)
//! ```
//!
//! Frames from a worker are hostile input: their size is bounded and any malformed frame ends
//! the run as `crashed`.
//!
//! The worker writes frames blocking ([`write_frame`]) and reads them through a [`FrameBuffer`]; the host
//! side, which must never wait on a worker in a way the worker controls, has its own
//! non-blocking, cancel-safe reader and writer.

use std::io::{self, Read, Write};

use serde::{Deserialize, Serialize, de::DeserializeOwned};
use serde_json::{Map, Value};

use crate::globals::{Constant, Namespace};
use crate::limits::EngineLimits;
use crate::outcome::{ClockReadings, LogEntry, Position};

/// The largest frame either side accepts.
pub(crate) const MAX_FRAME_BYTES: usize = 16 << 20;

/// The most JSON values (object keys included) one frame may hold. Parsed, a value costs about
/// a hundred bytes, fifty times its two bytes in `[0,0,…]`: a 16 MiB frame of them made the
/// host hold 800 MiB while it parsed (found by the hostile worker of issue 17), whatever the
/// run's budget. At this bound a frame costs at most about 120 MiB to parse.
pub(crate) const MAX_FRAME_VALUES: usize = 1 << 20;

/// What the host tells a worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub(crate) enum ToWorker {
    /// Run a script.
    Run(Box<RunRequest>),
    /// The answer to a host call.
    HostReply {
        /// The call's id.
        id: u64,
        /// Its value, or the error to reject its promise with.
        result: Result<Value, HostError>,
    },
    /// Say [`FromWorker::Idle`] once nothing is left to run but waiting for answers.
    Probe,
}

/// A script and how to run it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct RunRequest {
    /// The code: the body of an async function.
    pub(crate) code: String,
    /// Whether to strip TypeScript types first.
    pub(crate) typescript: bool,
    /// Host functions placed in a namespace object instead of globals.
    #[serde(default)]
    pub(crate) namespace: Option<Namespace>,
    /// Read-only globals holding JSON values.
    #[serde(default)]
    pub(crate) constants: Vec<Constant>,
    /// Trusted JavaScript the embedder runs first, in the same context. Its failure is a `host`
    /// error.
    pub(crate) prelude: Option<String>,
    /// The seed of the run's random numbers; `None`: the worker draws one.
    #[serde(default)]
    pub(crate) seed: Option<u64>,
    /// A pausable run: its clock is recorded, and reads these values first. `None`: the live
    /// clock, unrecorded.
    #[serde(default)]
    pub(crate) clock: Option<ClockReadings>,
    /// The async host functions, by name: globals, but for those the namespace places.
    pub(crate) host_functions: Vec<String>,
    /// Those of them the script calls without `await`: globals whose calls wait for their
    /// answers, which come as `{ "value": … }` (or `{}` for `undefined`).
    #[serde(default)]
    pub(crate) blocking_functions: Vec<String>,
    /// The engine's limits.
    pub(crate) limits: EngineLimits,
}

/// What a worker tells the host.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub(crate) enum FromWorker {
    /// The worker is started and its engine built.
    Ready,
    /// The script called a host function.
    HostCall {
        /// The call's id, unique within the run.
        id: u64,
        /// The host function.
        name: String,
        /// Its argument, as plain JSON.
        args: Value,
        /// The options the script passed after it (`tools.x(args, { timeout })`), as plain
        /// JSON; absent when it passed none. What they mean is the host function's business.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        options: Option<Value>,
    },
    /// A console line.
    Log(LogEntry),
    /// The answer to a [`ToWorker::Probe`]: nothing is left to run but waiting for answers,
    /// after reading `answered` of them; the clock's readings so far when recorded.
    Idle {
        /// How many answers the script has read.
        answered: u64,
        /// The run's clock readings, when it records them.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clock: Option<ClockReadings>,
    },
    /// The run ended inside the engine.
    Done(EngineOutcome),
}

/// How a run ended inside the engine: what the script returned, or its failure.
pub(crate) type EngineOutcome = Result<Returned, ScriptFailure>;

/// What a script returned.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Returned {
    /// As JSON text.
    pub(crate) json: String,
    /// What JSON could not hold faithfully, and what became of it, by path.
    pub(crate) notes: Vec<String>,
}

/// A failure the engine observed. Only the kinds the engine can know; the host adds its own.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct ScriptFailure {
    /// What kind.
    pub(crate) kind: ScriptFailureKind,
    /// What happened.
    pub(crate) message: String,
    /// Where, in the source as written.
    pub(crate) position: Option<Position>,
}

/// The kinds of failure the engine reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum ScriptFailureKind {
    /// The code does not parse.
    Syntax,
    /// Uncaught exception or rejection.
    Runtime,
    /// The engine's recursion limit.
    RecursionLimit,
    /// The engine's loop limit.
    LoopLimit,
    /// The engine's stack limit.
    StackLimit,
    /// The result is larger than allowed.
    OutputLimit,
    /// Nothing is left to run and the script's promise is pending.
    Stall,
    /// The embedder's prelude failed.
    Prelude,
}

/// The error a host function rejects with: becomes a JavaScript `Error` whose `name` and
/// `message` are these, with `data`'s entries as extra properties (code mode puts `code` and
/// `tool` there).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HostError {
    /// The error's `name`.
    pub name: String,
    /// The error's `message`.
    pub message: String,
    /// More properties of the error object.
    #[serde(default)]
    pub data: Map<String, Value>,
}

impl HostError {
    /// An `Error` with a message.
    pub fn new(message: impl Into<String>) -> Self {
        Self { name: "Error".to_owned(), message: message.into(), data: Map::new() }
    }
}

/// Writes one frame (blocking; the worker's side).
pub(crate) fn write_frame<T: Serialize>(writer: &mut impl Write, message: &T) -> io::Result<()> {
    writer.write_all(&encode(message)?)?;
    writer.flush()
}

/// Reads one frame (blocking); `Ok(None)` at a clean end of stream.
#[cfg(test)]
fn read_frame<T: DeserializeOwned>(reader: &mut impl Read) -> io::Result<Option<T>> {
    let mut length = [0u8; 4];
    match reader.read_exact(&mut length) {
        Ok(()) => {}
        Err(error) if error.kind() == io::ErrorKind::UnexpectedEof => return Ok(None),
        Err(error) => return Err(error),
    }
    let mut body = vec![0u8; checked_length(length)?];
    reader.read_exact(&mut body)?;
    decode(&body).map(Some)
}

/// A whole frame, length and body, so it is written with one call.
fn encode<T: Serialize>(message: &T) -> io::Result<Vec<u8>> {
    let body = serde_json::to_vec(message)?;
    let length = frame_length(&body)?;
    let mut frame = Vec::with_capacity(4 + body.len());
    frame.extend_from_slice(&length.to_le_bytes());
    frame.extend_from_slice(&body);
    Ok(frame)
}

/// The length prefix of a frame with this body, if the other side will accept it: at most
/// [`MAX_FRAME_BYTES`] and [`MAX_FRAME_VALUES`].
pub(crate) fn frame_length(body: &[u8]) -> io::Result<u32> {
    let length = body.len();
    if length > MAX_FRAME_BYTES {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("a frame of {length} bytes is too large"),
        ));
    }
    checked_values(body)?;
    u32::try_from(length)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "frame length overflows u32"))
}

/// Refuses a body of more than [`MAX_FRAME_VALUES`] JSON values, counted without parsing it.
fn checked_values(body: &[u8]) -> io::Result<()> {
    // A value takes at least a byte: a shorter body cannot hold too many.
    if body.len() <= MAX_FRAME_VALUES {
        return Ok(());
    }
    let values = json_values(body);
    if values > MAX_FRAME_VALUES {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("a frame of {values} JSON values is too many (at most {MAX_FRAME_VALUES})"),
        ));
    }
    Ok(())
}

/// At least the number of values (and object keys) in JSON text: one, plus one for each
/// separator and opener outside strings.
fn json_values(body: &[u8]) -> usize {
    let (mut count, mut in_string, mut escaped) = (1, false, false);
    for &byte in body {
        if in_string {
            match byte {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
        } else {
            match byte {
                b'"' => in_string = true,
                b',' | b':' | b'[' | b'{' => count += 1,
                _ => {}
            }
        }
    }
    count
}

fn checked_length(length: [u8; 4]) -> io::Result<usize> {
    let length = u32::from_le_bytes(length) as usize;
    if length > MAX_FRAME_BYTES {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("a frame of {length} bytes is too large"),
        ));
    }
    Ok(length)
}

fn decode<T: DeserializeOwned>(body: &[u8]) -> io::Result<T> {
    serde_json::from_slice(body).map_err(|error| io::Error::new(io::ErrorKind::InvalidData, error))
}

/// The least room a read is given: most frames are small, and fit in one read.
const MIN_READ: usize = 8 << 10;
/// The most room a read is given at once, so a frame claiming a huge length costs memory only
/// as its bytes really arrive.
const MAX_READ: usize = 1 << 20;

/// Bytes read from a stream of frames and not consumed yet, for readers that keep their state
/// in themselves rather than in a blocking call or a future: the worker's stdin, read both
/// blocking and non-blocking, and the host's cancel-safe reader of a worker's stdout.
#[derive(Default)]
pub(crate) struct FrameBuffer {
    /// `buffer[start..filled]` is unread; `buffer[filled..]` is room.
    buffer: Vec<u8>,
    start: usize,
    filled: usize,
}

impl FrameBuffer {
    /// The next frame if a whole one is buffered; `None` if more bytes are needed. A length
    /// over the limit is an error (and stays one).
    pub(crate) fn frame<T: DeserializeOwned>(&mut self) -> Option<io::Result<T>> {
        let unread = &self.buffer[self.start..self.filled];
        let length = match checked_length(*unread.first_chunk::<4>()?) {
            Ok(length) => length,
            Err(error) => return Some(Err(error)),
        };
        let body = unread.get(4..4 + length)?;
        let frame = checked_values(body).and_then(|()| decode(body));
        self.start += 4 + length;
        if self.start == self.filled {
            (self.start, self.filled) = (0, 0);
        }
        Some(frame)
    }

    /// Room to read into: at least what the frame being read still lacks (within bounds).
    /// Call [`filled`](Self::filled) with what was read into it.
    pub(crate) fn room(&mut self) -> &mut [u8] {
        let unread = &self.buffer[self.start..self.filled];
        let missing = match unread.first_chunk::<4>() {
            Some(length) => (u32::from_le_bytes(*length) as usize + 4).saturating_sub(unread.len()),
            None => 4 - unread.len(),
        };
        let wanted = missing.clamp(MIN_READ, MAX_READ);
        if self.buffer.len() - self.filled < wanted {
            if self.start > 0 {
                self.buffer.copy_within(self.start..self.filled, 0);
                (self.start, self.filled) = (0, self.filled - self.start);
            }
            if self.buffer.len() - self.filled < wanted {
                self.buffer.resize(self.filled + wanted, 0);
            }
        }
        &mut self.buffer[self.filled..]
    }

    /// Counts `read` bytes read into [`room`](Self::room).
    pub(crate) fn filled(&mut self, read: usize) {
        self.filled = (self.filled + read).min(self.buffer.len());
    }

    /// The next frame from `stream`: a frame already buffered, or one made whole by reading;
    /// `Some(Ok(None))` at the stream's end. A non-blocking stream gives `None` when it has
    /// nothing more yet (the bytes read so far stay buffered); a blocking one waits.
    pub(crate) fn next_from<T: DeserializeOwned>(
        &mut self,
        stream: &mut impl Read,
    ) -> Option<io::Result<Option<T>>> {
        loop {
            if let Some(frame) = self.frame() {
                return Some(frame.map(Some));
            }
            match stream.read(self.room()) {
                Ok(0) => return Some(self.end()),
                Ok(read) => self.filled(read),
                Err(error) if error.kind() == io::ErrorKind::WouldBlock => return None,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(error) => return Some(Err(error)),
            }
        }
    }

    /// What the end of the stream means now: a clean end between frames (`Ok(None)`; a stream
    /// cut inside a length prefix counts as one), or a frame cut short.
    pub(crate) fn end<T>(&self) -> io::Result<Option<T>> {
        if self.filled - self.start < 4 {
            Ok(None)
        } else {
            Err(io::Error::new(io::ErrorKind::UnexpectedEof, "the stream ended inside a frame"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_round_trip_and_oversized_frames_are_refused() {
        let mut buffer = Vec::new();
        let message = FromWorker::HostCall {
            id: 7,
            name: "read".into(),
            args: serde_json::json!({"a": 1}),
            options: Some(serde_json::json!({"timeout": 5})),
        };
        write_frame(&mut buffer, &message).unwrap();
        write_frame(&mut buffer, &FromWorker::Ready).unwrap();
        let mut reader = buffer.as_slice();
        assert_eq!(read_frame::<FromWorker>(&mut reader).unwrap(), Some(message));
        assert_eq!(read_frame::<FromWorker>(&mut reader).unwrap(), Some(FromWorker::Ready));
        assert_eq!(read_frame::<FromWorker>(&mut reader).unwrap(), None);

        let huge = (u32::MAX).to_le_bytes();
        let error = read_frame::<FromWorker>(&mut huge.as_slice()).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::InvalidData);
        let garbage = [3, 0, 0, 0, b'{', b'x', b'}'];
        assert!(read_frame::<FromWorker>(&mut garbage.as_slice()).is_err());
    }

    /// Generated streams for the host's frame reader (issue 17): whatever a taken-over worker
    /// writes, split however the pipe splits it, the reader yields whole frames, an error or
    /// the end, and holds no more than it read plus one read's room; a length past the limit
    /// allocates nothing. `PROPTEST_CASES` sets the number of cases.
    mod generated {
        use proptest::prelude::*;

        use super::*;
        use crate::outcome::{LogEntry, LogLevel};

        /// Hands out `stream` in the chunk sizes given (cycled), as a pipe does.
        struct Chunked<'a> {
            stream: &'a [u8],
            sizes: Vec<usize>,
            turn: usize,
        }

        impl Read for Chunked<'_> {
            fn read(&mut self, into: &mut [u8]) -> io::Result<usize> {
                let size = self.sizes[self.turn % self.sizes.len()].min(into.len());
                self.turn += 1;
                let size = size.min(self.stream.len());
                into[..size].copy_from_slice(&self.stream[..size]);
                self.stream = &self.stream[size..];
                Ok(size)
            }
        }

        fn message() -> impl Strategy<Value = FromWorker> {
            prop_oneof![
                Just(FromWorker::Ready),
                (any::<u64>(), ".{0,8}", ".{0,40}").prop_map(|(id, name, text)| {
                    FromWorker::HostCall {
                        id,
                        name,
                        args: serde_json::json!({ "text": text }),
                        options: None,
                    }
                }),
                ".{0,40}"
                    .prop_map(|text| FromWorker::Log(LogEntry { level: LogLevel::Warn, text })),
                ".{0,40}".prop_map(|json| FromWorker::Done(Ok(Returned { json, notes: vec![] }))),
            ]
        }

        fn sizes() -> impl Strategy<Value = Vec<usize>> {
            prop::collection::vec(1..300usize, 1..8)
        }

        /// Reads frames until the stream ends or breaks; the bytes read so far are at most
        /// `fed`, and the buffer never holds more than them and one read's room.
        fn drain(stream: &[u8], sizes: Vec<usize>) -> (Vec<FromWorker>, io::Result<()>, usize) {
            let mut reader = Chunked { stream, sizes, turn: 0 };
            let mut buffer = FrameBuffer::default();
            let mut frames = Vec::new();
            let outcome = loop {
                let next = buffer.next_from::<FromWorker>(&mut reader);
                let fed = stream.len() - reader.stream.len();
                assert!(buffer.buffer.len() <= fed + MAX_READ, "{} for {fed}", buffer.buffer.len());
                match next {
                    Some(Ok(Some(frame))) => frames.push(frame),
                    Some(Ok(None)) => break Ok(()),
                    Some(Err(error)) => break Err(error),
                    None => unreachable!("a slice never blocks"),
                }
            };
            (frames, outcome, buffer.buffer.capacity())
        }

        proptest! {
            #[test]
            fn r_rt_6_frames_split_anywhere_are_read_whole(
                messages in prop::collection::vec(message(), 0..12),
                sizes in sizes(),
            ) {
                let mut stream = Vec::new();
                for message in &messages {
                    write_frame(&mut stream, message).unwrap();
                }
                let (frames, outcome, _) = drain(&stream, sizes);
                prop_assert!(outcome.is_ok());
                prop_assert_eq!(frames, messages);
            }

            #[test]
            fn r_rt_6_any_bytes_end_in_frames_an_error_or_the_end(
                bytes in prop::collection::vec(any::<u8>(), 0..2048),
                sizes in sizes(),
            ) {
                let (frames, outcome, _) = drain(&bytes, sizes);
                if outcome.is_ok() {
                    prop_assert!(frames.len() <= bytes.len() / 4);
                }
            }

            /// A length past the limit is refused once its four bytes are in, before any room
            /// is made for it, and stays refused.
            #[test]
            fn r_rt_6_a_huge_length_prefix_allocates_nothing(
                length in (MAX_FRAME_BYTES as u32 + 1)..=u32::MAX,
                rest in prop::collection::vec(any::<u8>(), 0..64),
                sizes in sizes(),
            ) {
                let stream = [&length.to_le_bytes()[..], &rest].concat();
                let (frames, outcome, capacity) = drain(&stream, sizes);
                prop_assert!(frames.is_empty());
                let error = outcome.unwrap_err();
                prop_assert_eq!(error.kind(), io::ErrorKind::InvalidData);
                prop_assert!(error.to_string().ends_with("bytes is too large"), "{error}");
                // One read's least room, doubled at most once by reads of a byte at a time.
                prop_assert!(capacity <= 2 * MIN_READ, "{capacity} bytes held for a refused frame");
            }
        }
    }
}
