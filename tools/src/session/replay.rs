//! Replay (R-LOG-3): a loaded log shown again as the UI cards a live session showed.
//!
//! Cards are never stored: they are recomputed from what the log keeps, the raw arguments and
//! the result record, with the tools' pure `present_call` / `present_result`. A tool that is no
//! longer registered (or never was) gets the default cards, so any log can be replayed.

use serde::Serialize;

use super::load::{LoadedLog, LoggedCall};
use crate::execution::Arguments;
use crate::presentation::{Card, call_card, result_card};
use crate::registry::ToolRegistry;
use crate::result::ErrorCode;

/// One call of a replayed log with its cards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReplayEntry {
    /// The `seq` of the call.
    pub seq: u64,
    /// The call's id.
    pub call_id: String,
    /// The `run_code` call it is nested under, if any.
    pub parent: Option<String>,
    /// The model step of a top-level call.
    pub step: Option<u64>,
    /// The tool.
    pub name: String,
    /// The card of the call, from its arguments: what the call does. A UI heads it with the
    /// tool's name ([`headline`](crate::presentation::headline)).
    pub call_card: Card,
    /// The card of its result.
    pub result_card: Card,
    /// The error code of a failed call.
    pub error_code: Option<ErrorCode>,
    /// How long the call took.
    pub duration_ms: u64,
    /// Whether loading added the result (R-LOG-4) rather than the session recording it.
    pub repaired: bool,
}

/// Every call of the log, nested ones included, in the order of the calls, with its cards.
pub fn replay(log: &LoadedLog, registry: &ToolRegistry) -> Vec<ReplayEntry> {
    log.calls().map(|call| replay_call(call, registry)).collect()
}

/// One call with its cards, from the tool as `registry` holds it now.
pub fn replay_call(logged: LoggedCall<'_>, registry: &ToolRegistry) -> ReplayEntry {
    let LoggedCall { call, result } = logged;
    // Parsed as the pipeline parsed them when the call ran (R-SCHED-1).
    let arguments = Arguments::parse(&call.arguments);
    let arguments = arguments.value();
    let record = result.record();
    let tool = registry.get(&call.name);
    ReplayEntry {
        seq: call.seq,
        call_id: call.call_id.clone(),
        parent: call.parent.clone(),
        step: call.step,
        name: call.name.clone(),
        call_card: call_card(tool.as_deref(), &call.name, arguments),
        result_card: result_card(tool.as_deref(), arguments, &record),
        error_code: result.error.as_ref().map(|error| error.code),
        duration_ms: result.duration_ms,
        repaired: result.repaired,
    }
}
