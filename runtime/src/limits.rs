//! The limits a run is held to, with safe defaults (R-RT-3).
//!
//! Some are enforced by the engine inside the worker (output and log size, and optionally
//! recursion, loop iterations and stack), some by the operating system on the worker process
//! (memory, CPU time, native stack), and some by the host, which kills the worker (deadline,
//! cancellation, number of host calls). A script can catch none of them.

use std::time::Duration;

use serde::{Deserialize, Serialize};

/// Every limit of a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock time from the start of the run to its end. Enforced by the host: the worker is
    /// killed and reaped. Default: 30 s.
    pub deadline: Duration,
    /// The worker process's address space (`RLIMIT_AS`). Default: 1 GiB.
    pub memory_bytes: u64,
    /// CPU time of the worker process (`RLIMIT_CPU`, whole seconds, rounded up): a backstop
    /// behind the deadline, which normally ends a busy script first. Default: 60 s.
    pub cpu_time: Duration,
    /// What the engine enforces.
    pub engine: EngineLimits,
    /// How many host calls a run may make; the next one ends the run. Default: 10,000.
    pub host_calls: usize,
    /// How many host calls may run at once; more wait their turn. Default: 32.
    pub concurrent_host_calls: usize,
    /// What a run may make the host hold, whichever route it takes: its console output (each
    /// entry charged [`LOG_ENTRY_OVERHEAD`] beyond its text) and the answers written for it that
    /// it has not read yet. Enforced by the host, which trusts nothing the worker says; past it
    /// the run ends as `limit(host_memory)`. Default: 256 MiB.
    pub host_memory_bytes: usize,
    /// What all the runs of one `Runtime` together may make the host hold, each charged as
    /// for `host_memory_bytes`: the run whose charge takes the total past it ends as
    /// `limit(host_memory)`, and the others go on. For a server, whose runs are many at once.
    /// Default: none.
    pub shared_host_memory_bytes: Option<usize>,
}

/// What one console entry costs beyond its text, against the log budget and the host's memory:
/// an empty line is not free.
pub const LOG_ENTRY_OVERHEAD: usize = 64;

impl Default for Limits {
    fn default() -> Self {
        Self {
            deadline: Duration::from_secs(30),
            memory_bytes: 1 << 30,
            cpu_time: Duration::from_secs(60),
            engine: EngineLimits::default(),
            host_calls: 10_000,
            concurrent_host_calls: 32,
            host_memory_bytes: 256 << 20,
            shared_host_memory_bytes: None,
        }
    }
}

/// The limits the engine enforces inside the worker.
///
/// Boa's own recursion, loop and stack limits are off by default. Boa 0.22 loses a limit error
/// raised in code that resumed after an `await` (the async function's promise just stays
/// pending), and in code mode nearly all code runs after an `await`; with them off, runaway code
/// is ended the same way wherever it runs: a busy loop by the deadline, deep recursion by the
/// memory limit or the worker's native stack. Set them to get a precise `limit(loop)` or
/// `limit(recursion)` for synchronous code; a limit hit after an `await` then ends the run as a
/// stall whose message says so.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EngineLimits {
    /// Nested calls of JavaScript functions. Default: off.
    pub recursion: Option<usize>,
    /// Iterations of one loop within one function call (Boa counts per call, not in total).
    /// Default: off.
    pub loop_iterations: Option<u64>,
    /// Values on the engine's stack. Default: off.
    pub stack_values: Option<usize>,
    /// Size of the result as JSON text. Default: 4 MiB.
    pub output_bytes: usize,
    /// Total size of console output, each entry charged [`LOG_ENTRY_OVERHEAD`] beyond its text;
    /// beyond it, output is dropped and the logs say so. Default: 256 KiB.
    pub log_bytes: usize,
    /// Largest `ArrayBuffer` a script may allocate (a catchable `RangeError` beyond).
    /// Default: 64 MiB.
    pub array_buffer_bytes: u64,
}

impl EngineLimits {
    /// Whether any of Boa's own limits is on (see the type's documentation).
    pub fn uses_engine_limits(&self) -> bool {
        self.recursion.is_some() || self.loop_iterations.is_some() || self.stack_values.is_some()
    }
}

impl Default for EngineLimits {
    fn default() -> Self {
        Self {
            recursion: None,
            loop_iterations: None,
            stack_values: None,
            output_bytes: 4 << 20,
            log_bytes: 256 << 10,
            array_buffer_bytes: 64 << 20,
        }
    }
}
