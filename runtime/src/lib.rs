//! # ordo-runtime
//!
//! The sandboxed JavaScript runtime of ordo (DESIGN.md §5, R-RT). It runs model-written JavaScript
//! or TypeScript in the embedded Boa engine under hard limits and lets the script call async
//! host functions the embedder installs, as globals or as members of a [`globals::Namespace`].
//! It knows nothing of tools: code mode (`ordo-sdk`) builds the `tools` SDK on top of a
//! namespace of host functions.
//!
//! ## Where to start reading
//!
//! 1. [`outcome`]: how a run ends: [`RunOutput`] or a [`RunError`] of a precise [`ErrorKind`].
//! 2. [`limits`]: every limit, who enforces it, and its default.
//! 3. `protocol` (private): the frames host and worker exchange.
//! 4. `engine` (private): one script in a fresh Boa context; the run loop; `console`; host
//!    functions; values across the boundary.
//! 5. [`worker`]: the worker process, and the one line an embedder adds to `main`.
//! 6. `host` (private): starting workers, the warm pool, driving a run, killing and reaping,
//!    and naming how a worker died.

mod engine;
#[cfg(target_os = "linux")]
mod fork_protocol;
pub mod globals;
mod host;
pub mod limits;
pub mod outcome;
mod poll;
mod protocol;
pub mod sandbox;
pub mod typescript;
pub mod worker;

pub use host::{
    HostCall, HostFunction, HostFunctions, Isolation, Parking, Runtime, RuntimeConfig, Script,
    WorkerCommand,
};
pub use limits::{EngineLimits, LOG_ENTRY_OVERHEAD, Limits};
pub use outcome::{
    ClockReadings, Ended, ErrorKind, LimitKind, LogEntry, LogLevel, Paused, Position, RunError,
    RunOutcome, RunOutput,
};
pub use protocol::HostError;

/// The most distinct readings of its clock a pausable run keeps (see [`ClockReadings`]).
pub const MAX_CLOCK_RUNS: usize = engine::MAX_CLOCK_RUNS;
