//! The session log (SPEC §4): the replayable record of every call and its result.
//!
//! - [`event`]: the two events, `tool/call` and `tool/result`.
//! - [`log`]: [`SessionLog`] numbers events and writes them in order to an [`EventSink`];
//!   [`MemorySink`] keeps them in memory.

pub mod event;
pub mod log;

pub use event::{CallEvent, Event, ResultEvent};
pub use log::{CallIdentity, EventSink, MemorySink, SessionLog};
