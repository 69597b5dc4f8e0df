//! The session log (DESIGN.md §4): the replayable record of every call and its result.
//!
//! - [`event`]: the two events, `tool/call` and `tool/result`.
//! - [`log`]: [`SessionLog`] numbers events and writes them in order to an [`EventSink`];
//!   [`MemorySink`] keeps them in memory.
//! - [`jsonl`]: [`JsonlSink`] appends them to a JSON Lines file, one write per line, as durable
//!   as its [`Durability`] says; it also resumes an existing log.
//! - [`load`]: [`LoadedLog`] reads a log back, drops a torn last line and rejects anything else
//!   malformed (R-LOG-4).
//! - [`repair`]: checks that results fit their calls, and repairs calls left without a result
//!   (R-LOG-4).
//! - [`replay`](mod@replay): the UI cards of a loaded log, recomputed, never stored (R-LOG-3).
//! - [`export`]: the transcript as OpenAI Chat, OpenAI Responses or Anthropic messages
//!   (R-LOG-5).

pub mod elide;
pub mod event;
pub mod export;
pub mod jsonl;
pub mod load;
pub mod log;
pub mod repair;
pub mod replay;

pub use elide::{Elision, LogLimits, LogQuota};
pub use event::{CallEvent, Event, ResultEvent};
pub use export::{
    ToolReply, ToolUse, export_transcript, tool_call_messages, tool_result_messages,
    transcript_steps,
};
pub use jsonl::{Durability, JsonlSink, Resumed};
pub use load::{LoadError, LoadErrorKind, LoadedLog, LoggedCall, TornLine};
pub use log::{
    CallIdentity, DiscardSink, Durable, EventSink, MemorySink, Progress, ProgressOf, SessionLog,
    Written,
};
pub use repair::{CallKey, Inconsistency};
pub use replay::{ReplayEntry, replay, replay_call};
