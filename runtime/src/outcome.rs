//! How a run ends (R-RT-4): a result with its logs, or an error of a precise kind.

use std::fmt;

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The level of a console line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum LogLevel {
    /// `console.debug`.
    Debug,
    /// `console.log`, `console.info`.
    Info,
    /// `console.warn`.
    Warn,
    /// `console.error`.
    Error,
}

impl LogLevel {
    /// The level's name, as messages and the log write it (`warn`).
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Debug => "debug",
            Self::Info => "info",
            Self::Warn => "warn",
            Self::Error => "error",
        }
    }
}

/// One console line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct LogEntry {
    /// Its level.
    pub level: LogLevel,
    /// Its text: the arguments joined by spaces, strings as they are and other values as Node's
    /// `util.inspect` shows them (`Map(1) { 'a' => 1 }`, `[ undefined, NaN ]`, an Error with its
    /// message and stack).
    pub text: String,
}

/// A run that ended well.
#[derive(Clone, Debug, PartialEq)]
pub struct RunOutput {
    /// What the script returned, as JSON, carried faithfully where JSON can hold it: written by
    /// the engine's own, untouchable `JSON.stringify` (`toJSON` and getters run), with a Map as
    /// an object (string keys) or an array of `[key, value]` entries, a Set as an array, an
    /// Error as `{ name, message, code?, tool?, stack?, … }`, and a BigInt as its decimal
    /// string. What JSON cannot hold is noted in [`notes`](Self::notes): `NaN` and `±Infinity`
    /// become `null`, `-0` is `0`, a Promise is `null`, functions and symbols are left out of
    /// objects (`null` in arrays), and no value at all is `null`. A cycle cannot be written:
    /// the run ends as a `runtime` error (the `TypeError` JSON throws). Integers beyond 2^53
    /// lose precision, as in JSON.
    pub result: Value,
    /// What the result could not carry faithfully, each note naming where it was and what
    /// became of it (`result.counts was a Map of 3; it became an object`), or that there was no
    /// value at all (a forgotten `return` or `await`). At most ten, and a last one counting
    /// the rest.
    pub notes: Vec<String>,
    /// The console output, capped (the last line says so when output was dropped).
    pub logs: Vec<LogEntry>,
}

/// Which limit a run hit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LimitKind {
    /// The worker's address space.
    Memory,
    /// The worker's CPU time.
    Cpu,
    /// Nested function calls.
    Recursion,
    /// Iterations of a loop.
    Loop,
    /// The engine's stack, or the worker's native stack.
    Stack,
    /// The size of the result.
    Output,
    /// The number of host calls.
    HostCalls,
    /// What the script made the host hold: its console output and the answers it has not read.
    HostMemory,
}

impl LimitKind {
    /// The limit's name, as messages write it.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Memory => "memory",
            Self::Cpu => "cpu",
            Self::Recursion => "recursion",
            Self::Loop => "loop",
            Self::Stack => "stack",
            Self::Output => "output",
            Self::HostCalls => "host_calls",
            Self::HostMemory => "host_memory",
        }
    }
}

/// What kind of failure ended a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "limit")]
pub enum ErrorKind {
    /// The code does not parse.
    Syntax,
    /// The script threw, or its promise was rejected, and nothing caught it.
    Runtime,
    /// A limit was hit.
    Limit(LimitKind),
    /// The script's promise can never settle: it waits on nothing that is left to run.
    Stall,
    /// The deadline passed; the worker was killed.
    Timeout,
    /// The caller cancelled; the worker was killed.
    Cancelled,
    /// The worker died in a way no limit explains, or broke the protocol.
    Crashed,
    /// The host side failed: the worker could not be started, a pipe broke, or the embedder's
    /// prelude failed.
    Host,
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Syntax => f.write_str("syntax"),
            Self::Runtime => f.write_str("runtime"),
            Self::Limit(limit) => write!(f, "limit({})", limit.as_str()),
            Self::Stall => f.write_str("stall"),
            Self::Timeout => f.write_str("timeout"),
            Self::Cancelled => f.write_str("cancelled"),
            Self::Crashed => f.write_str("crashed"),
            Self::Host => f.write_str("host"),
        }
    }
}

/// A run that failed.
#[derive(Clone, Debug, PartialEq)]
pub struct RunError {
    /// What kind of failure.
    pub kind: ErrorKind,
    /// What happened, in words.
    pub message: String,
    /// Where in the source as written, 1-based, when known.
    pub position: Option<Position>,
    /// The console output up to the failure.
    pub logs: Vec<LogEntry>,
}

impl fmt::Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind, self.message)?;
        if let Some(position) = self.position {
            write!(f, " (line {}, column {})", position.line, position.column)?;
        }
        Ok(())
    }
}

impl std::error::Error for RunError {}

/// A place in the source, 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    /// The line.
    pub line: u32,
    /// The column.
    pub column: u32,
}

/// How a run ended.
pub type RunOutcome = Result<RunOutput, RunError>;

/// The readings of a pausable run's wall clock (`Date.now()`, `new Date()`), in order, as runs
/// of one value: what its replay reads again before the live clock (DESIGN.md R-RUN-3).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockReadings {
    /// (value in milliseconds since the epoch, how many readings in a row gave it).
    pub runs: Vec<(i64, u32)>,
    /// The script read more distinct values than a run keeps: a replay would read the live
    /// clock past the last one kept, so the run cannot pause.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub overflowed: bool,
}

/// A pausable run that stopped where nothing could go on but calls waiting outside it
/// ([`crate::Parking`]): its worker is gone; a run of the same script seeded alike, given
/// these readings, makes the same calls again.
#[derive(Clone, Debug, PartialEq)]
pub struct Paused {
    /// Its clock's readings.
    pub clock: ClockReadings,
    /// The console output up to the pause.
    pub logs: Vec<LogEntry>,
}

/// How a run that may pause ended: as any run, or paused.
#[derive(Clone, Debug, PartialEq)]
pub enum Ended {
    /// It ran to its end.
    Run(RunOutcome),
    /// It paused.
    Paused(Paused),
}
