//! Pairing results with their calls, and repairing the calls left without one (R-LOG-4).
//!
//! The checks: `seq` increases; every result answers a call announced before it and not yet
//! answered, under the same id and parent, and names the same tool; a call id is not announced
//! again while its first call is still open (an id may be reused once its call has its result,
//! as a CLI fed hand-written ids across resumed sessions does). Anything else would make a
//! result's call ambiguous, so it is an error, never a guess.
//!
//! Every call still open at the end (a crash, a failed scheduler, R-SCHED-6) gets a repair: a
//! `TOOL_OUTCOME_UNKNOWN` result marked `repaired`, its `seq` continuing after the last event,
//! appended in the order of the calls. Nobody knows whether such a call ran, and the message says
//! so; a model reading it must not assume either way.

use std::collections::{HashMap, HashSet};
use std::fmt;

use thiserror::Error;

use super::event::{CallEvent, Event, ResultEvent};
use crate::result::{ErrorCode, ErrorInfo, ResultRecord};

/// A call as the log names it: its id and the `run_code` call it ran under.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CallKey {
    /// The call's id.
    pub call_id: String,
    /// The `run_code` call it is nested under, if any.
    pub parent: Option<String>,
}

impl CallKey {
    fn of(call_id: &str, parent: Option<&str>) -> Self {
        Self { call_id: call_id.to_owned(), parent: parent.map(str::to_owned) }
    }
}

impl fmt::Display for CallKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "call {:?}", self.call_id)?;
        if let Some(parent) = &self.parent {
            write!(f, " (under {parent:?})")?;
        }
        Ok(())
    }
}

/// Events that do not fit together.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Inconsistency {
    /// An event's `seq` does not come after the one before it.
    #[error("seq {seq} does not follow seq {previous}")]
    SeqOutOfOrder {
        /// This event's seq.
        seq: u64,
        /// The seq of the event before it.
        previous: u64,
    },
    /// A call is announced again while its first announcement has no result yet.
    #[error("{0} is announced again before it has a result")]
    DuplicateCall(CallKey),
    /// A call that already has its result gets another.
    #[error("{0} already has a result; this is a second one")]
    DuplicateResult(CallKey),
    /// A result answers no call announced before it.
    #[error("result for {0}, which no earlier tool/call announced")]
    ResultWithoutCall(CallKey),
    /// A result's `is_error` says the opposite of its `error`.
    #[error("result for {0} has is_error {1} but {2}")]
    ErrorFlagMismatch(CallKey, bool, &'static str),
    /// A result names another tool than its call.
    #[error("result for {key} names tool {result:?}, but the call named {call:?}")]
    NameMismatch {
        /// The call.
        key: CallKey,
        /// The tool the call named.
        call: String,
        /// The tool the result named.
        result: String,
    },
}

/// Events made complete: every call paired with its one result.
pub(super) struct Completed {
    /// (call index, result index) into the events, in the order of the calls.
    pub(super) pairs: Vec<(usize, usize)>,
    /// The `seq` the next event gets.
    pub(super) next_seq: u64,
}

/// Checks `events` and appends a repair for every call left open; or returns the index of the
/// first event that does not fit and why.
pub(super) fn complete(events: &mut Vec<Event>) -> Result<Completed, (usize, Inconsistency)> {
    let paired = pair(events)?;
    let mut next_seq = events.last().map_or(1, |event| event.seq() + 1);
    let mut pairs = Vec::with_capacity(paired.len());
    for (call_index, result_index) in paired {
        let result_index = match (result_index, events.get(call_index)) {
            (Some(result_index), _) => result_index,
            (None, Some(Event::Call(call))) => {
                let repair = Event::Result(repair(call, next_seq));
                next_seq += 1;
                events.push(repair);
                events.len() - 1
            }
            // `pair` only records calls, so this cannot happen; skipping it is the safe answer.
            (None, _) => continue,
        };
        pairs.push((call_index, result_index));
    }
    Ok(Completed { pairs, next_seq })
}

/// (call index, result index if it has one) into a list of events.
type Pairs = Vec<(usize, Option<usize>)>;

/// Pairs every result with its call: (call index, result index if any), in the order of the
/// calls; or the index of the first inconsistent event and what is wrong with it.
fn pair(events: &[Event]) -> Result<Pairs, (usize, Inconsistency)> {
    let mut pairs: Pairs = Vec::new();
    // Calls still waiting for their result, by key: their slot in `pairs`.
    let mut open: HashMap<CallKey, usize> = HashMap::new();
    let mut answered: HashSet<CallKey> = HashSet::new();
    let mut previous: Option<u64> = None;
    for (index, event) in events.iter().enumerate() {
        if let Some(previous) = previous.filter(|&previous| event.seq() <= previous) {
            return Err((index, Inconsistency::SeqOutOfOrder { seq: event.seq(), previous }));
        }
        previous = Some(event.seq());
        let key = CallKey::of(event.call_id(), event.parent());
        match event {
            Event::Call(_) => {
                if open.contains_key(&key) {
                    return Err((index, Inconsistency::DuplicateCall(key)));
                }
                open.insert(key, pairs.len());
                pairs.push((index, None));
            }
            Event::Result(result) => {
                if result.is_error != result.error.is_some() {
                    let error = if result.error.is_some() { "an error" } else { "no error" };
                    let kind = Inconsistency::ErrorFlagMismatch(key, result.is_error, error);
                    return Err((index, kind));
                }
                let Some(slot) = open.remove(&key) else {
                    let kind = if answered.contains(&key) {
                        Inconsistency::DuplicateResult(key)
                    } else {
                        Inconsistency::ResultWithoutCall(key)
                    };
                    return Err((index, kind));
                };
                let (call_index, _) = pairs[slot];
                if let Some(Event::Call(call)) = events.get(call_index)
                    && call.name != result.name
                {
                    let (call, result) = (call.name.clone(), result.name.clone());
                    return Err((index, Inconsistency::NameMismatch { key, call, result }));
                }
                pairs[slot].1 = Some(index);
                answered.insert(key);
            }
        }
    }
    Ok(pairs)
}

/// The result a call left open gets on load (R-LOG-4).
fn repair(call: &CallEvent, seq: u64) -> ResultEvent {
    let message = format!(
        "the log ends before tool {:?} reported a result; it may or may not have run",
        call.name
    );
    let record = ResultRecord::failure(ErrorInfo::new(ErrorCode::ToolOutcomeUnknown, message));
    ResultEvent {
        seq,
        call_id: call.call_id.clone(),
        parent: call.parent.clone(),
        name: call.name.clone(),
        is_error: record.is_error(),
        content: record.content,
        meta: record.meta,
        error: record.error,
        duration_ms: 0,
        repaired: true,
        elided: Vec::new(),
    }
}
