//! The script's `tools.x(..)` calls as host functions: each one a nested call of the `run_code`
//! call, made through the session's [`NestedCalls`] door (R-CODE-2, R-CODE-3, R-LOG-2).
//!
//! The runtime calls a host function synchronously, in the order the script makes its calls,
//! and polls the future it returns; the door records the call and takes its turn to prepare in
//! that synchronous part, so prepares follow script order. What the call resolves to is the
//! tool's structured value; what it rejects with is the pipeline's error envelope plus the tool.
//!
//! A value marked `truncated: true` (a search's first matches, a listing's first entries, a
//! window of a file) is noted for the model ([`Truncations`]) when a default cap cut it, not a
//! bound the script gave, and no later call read on from where it stopped: a count built on it
//! is not the whole count, and the model reads it beside the result. Routine paging and
//! deliberate samples are not noted, so the note that is there stands out.

use std::collections::{BTreeMap, HashSet};
use std::sync::{Arc, Mutex, PoisonError};

use ordo_runtime::{HostCall, HostError, HostFunctions, Parking};
use ordo_tools::{
    Arguments, CancellationToken, ErrorCode, ErrorInfo, NestedCalls, Tool, ToolName, ToolResult,
};
use serde_json::{Map, Value, json};

use crate::call_options::CallOptions;
use crate::pause::{PendingCall, Recorder, Replay, Route, SettledCall, text_hash};

/// The host function a tool is called through, which code mode places in the `tools`
/// namespace (it is no global).
pub(crate) fn host_function_name(tool: &str) -> String {
    format!("tools.{tool}")
}

/// The nested calls of one run whose values were cut short, and the calls that read on from
/// them: what [`Truncations::take`] notes for the model at the end of the run.
#[derive(Clone, Debug, Default)]
pub(crate) struct Truncations(Arc<Mutex<Reads>>);

#[derive(Debug, Default)]
struct Reads {
    /// The cuts that a default cap made, in the order they were answered.
    cuts: Vec<Cut>,
    /// Where later calls started: (tool, target, offset).
    continued: HashSet<(String, String, u64)>,
}

/// A value cut short by a cap the script did not choose.
#[derive(Debug)]
struct Cut {
    tool: String,
    /// The call's arguments without its window ([`is_window`]): what it read.
    target: String,
    /// Where reading on would start (the value's `next_offset`), if the value says.
    next_offset: Option<u64>,
    note: String,
}

/// At most this many truncation notes; the last says how many more there were.
const MAX_TRUNCATION_NOTES: usize = 5;

/// Arguments that choose how much a call returns. A cut at the bound the script gave is what it
/// asked for, not data left unread by accident.
const BOUND_ARGUMENTS: [&str; 4] = ["limit", "max_results", "max_entries", "max_matches"];

/// Whether an argument places a window on a target rather than choosing the target: where to
/// start (`offset`) or how much to return (a bound).
fn is_window(argument: &str) -> bool {
    argument == "offset" || BOUND_ARGUMENTS.contains(&argument)
}

impl Truncations {
    /// Takes note of one answered call: where it started reading, and whether its value was cut
    /// short by a cap its `arguments` did not choose.
    fn note(&self, tool: &str, call: u64, arguments: &Value, value: &Value) {
        let offset = arguments.get("offset").and_then(Value::as_u64);
        let cut = value.get("truncated") == Some(&Value::Bool(true))
            && !chosen_by_script(arguments, value);
        if offset.is_none() && !cut {
            return;
        }
        let target = target(arguments);
        let mut reads = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(offset) = offset {
            reads.continued.insert((tool.to_owned(), target.clone(), offset));
        }
        if cut {
            let note = truncation_note(tool, call, value);
            let next_offset = value.get("next_offset").and_then(Value::as_u64);
            reads.cuts.push(Cut { tool: tool.to_owned(), target, next_offset, note });
        }
    }

    /// The notes on cuts no later call read on from (in either order: calls under
    /// `Promise.all` settle as they will), at most [`MAX_TRUNCATION_NOTES`] and one counting
    /// the rest.
    pub(crate) fn take(&self) -> Vec<String> {
        let reads = std::mem::take(&mut *self.0.lock().unwrap_or_else(PoisonError::into_inner));
        let mut notes: Vec<String> = reads
            .cuts
            .into_iter()
            .filter(|cut| {
                let Some(next) = cut.next_offset else { return true };
                !reads.continued.contains(&(cut.tool.clone(), cut.target.clone(), next))
            })
            .map(|cut| cut.note)
            .collect();
        if notes.len() > MAX_TRUNCATION_NOTES {
            let more = notes.len() - MAX_TRUNCATION_NOTES;
            notes.truncate(MAX_TRUNCATION_NOTES);
            notes.push(format!(
                "… and {more} more call{} cut short",
                if more == 1 { "" } else { "s" }
            ));
        }
        notes
    }
}

/// Whether the script chose the cut: its arguments give a bound ([`BOUND_ARGUMENTS`]) and the
/// value holds that many (lines of a window, or items of its first list). A value holding fewer
/// was cut by another cap (a size limit) first; one that cannot be counted is taken as chosen.
fn chosen_by_script(arguments: &Value, value: &Value) -> bool {
    let Some(bound) = BOUND_ARGUMENTS.iter().find_map(|name| arguments.get(name)?.as_u64()) else {
        return false;
    };
    let held = match (value["offset"].as_u64(), value["next_offset"].as_u64()) {
        (Some(offset), Some(next)) => Some(next.saturating_sub(offset)),
        _ => first_list(value).map(|(_, count)| count as u64),
    };
    held.is_none_or(|held| held >= bound)
}

/// What a call reads: its arguments without their window, as canonical text (`serde_json` keeps
/// an object's keys sorted).
fn target(arguments: &Value) -> String {
    match arguments {
        Value::Object(fields) => {
            let mut target = fields.clone();
            target.retain(|name, _| !is_window(name));
            Value::Object(target).to_string()
        }
        other => other.to_string(),
    }
}

/// A value's first list field and its length.
fn first_list(value: &Value) -> Option<(&String, usize)> {
    value.as_object()?.iter().find_map(|(field, items)| Some((field, items.as_array()?.len())))
}

/// `search_files call #3 returned its first 100 matches; more exist`: what was cut, in the
/// value's own terms (its first array field, or a file's window of lines and where to go on).
fn truncation_note(tool: &str, call: u64, value: &Value) -> String {
    let what = format!("{tool} call #{call}");
    if let (Some(offset), Some(next)) = (value["offset"].as_u64(), value["next_offset"].as_u64()) {
        let of = value["lines"].as_u64().map(|lines| format!(" of {lines}")).unwrap_or_default();
        return format!(
            "{what} returned lines {offset}–{}{of} only, cut by its default cap; read on with \
             offset {next}",
            next.saturating_sub(1)
        );
    }
    match first_list(value) {
        Some((field, count)) => {
            format!(
                "{what} returned its first {count} {field} only, cut by its default cap; more exist"
            )
        }
        None => format!("{what} returned a truncated result; more exists than it returned"),
    }
}

/// What the host functions of a pausable run share: the recording of its calls, and, when it
/// resumes a paused run, the journal that answers its replay.
#[derive(Clone, Debug)]
pub(crate) struct RunPause {
    pub(crate) recorder: Recorder,
    pub(crate) replay: Option<Replay>,
}

/// The host functions of `tools`: one per tool, each a call through `calls` (within the
/// deadline its options give it), its cut-short values noted in `truncations`, its time in
/// flight in `running`; recorded, and answered from a journal, when the run can pause.
pub(crate) fn host_functions(
    calls: &NestedCalls,
    tools: &[Arc<Tool>],
    (truncations, running): (&Truncations, &InFlight),
    pause: Option<&RunPause>,
) -> HostFunctions {
    let mut host = HostFunctions::new();
    for tool in tools {
        let (calls, name) = (calls.clone(), tool.name().to_owned());
        let (truncations, running) = (truncations.clone(), running.clone());
        let pause = pause.cloned();
        let script_name = script_name(tool.name());
        host.insert(host_function_name(tool.name()), move |call: HostCall| {
            let options = CallOptions::read(&script_name, call.options.as_ref());
            let (name, truncations, number) = (name.clone(), truncations.clone(), call.id);
            let (pause, parking) = (pause.clone(), call.parking.clone());
            // The arguments' text is made once: the call's, and what a pausable run hashes.
            let arguments = Arguments::from_value(call.args);
            let read = arguments.clone();
            let recorded = pause.as_ref().map(|_| (text_hash(arguments.raw()), arguments.clone()));
            let replay = pause.as_ref().and_then(|pause| pause.replay.clone());
            let route = match (&replay, &recorded) {
                (Some(replay), Some((hash, _))) => replay.route(number, &name, hash),
                _ => Route::Live,
            };
            let made = options.map(|options| match (route, replay) {
                (Route::Journal, Some(replay)) => Made::Journal(replay),
                // The run is being stopped: nothing answers this call, not even the journal.
                (Route::Diverged, _) => Made::Diverged,
                (_, replay) => {
                    let call_id = Arc::from(format!("{}.{}", calls.parent(), call.id));
                    let signal = call.signal.clone();
                    let deadline = options.timeout;
                    let settled =
                        calls.call_with_deadline(call_id, &name, arguments, signal, deadline);
                    Made::Live(settled, replay)
                }
            });
            let signal = call.signal.clone();
            let flying = running.start(number, &script_name, call.signal);
            async move {
                let answer = match made {
                    Ok(Made::Live(settled, replay)) => {
                        let result = settled.await;
                        if let (Some(pause), Some((hash, args))) = (&pause, &recorded)
                            && result.record.error.as_ref().map(|e| e.code)
                                == Some(ErrorCode::ApprovalDeferred)
                        {
                            let waiting = PendingCall {
                                call: number,
                                tool: name.clone(),
                                arguments: hash.clone(),
                                value: args.value().clone(),
                            };
                            return park(pause, waiting, &parking, &signal).await;
                        }
                        if let Some(replay) = replay {
                            replay.past_pause();
                        }
                        answer(&name, result)
                    }
                    Ok(Made::Journal(replay)) => replay
                        .answer(number, &parking)
                        .await
                        .unwrap_or_else(|| Err(HostError::new("the run is over"))),
                    Ok(Made::Diverged) => return Err(HostError::new("the run is over")),
                    Err(refused) => Err(refused),
                };
                flying.settled();
                if let (Some(pause), Some((hash, _))) = (&pause, recorded) {
                    let outcome = answer.clone();
                    let settled =
                        SettledCall { call: number, tool: name.clone(), arguments: hash, outcome };
                    pause.recorder.settled(settled);
                }
                if let Ok(value) = &answer {
                    truncations.note(&name, number, read.value(), value);
                }
                answer
            }
        });
    }
    host
}

/// How a call of the script is answered.
enum Made<F> {
    /// Through the pipeline (a resumed run's replay told when it is answered).
    Live(F, Option<Replay>),
    /// From the journal of the run it resumes.
    Journal(Replay),
    /// Not at all: the replay diverged and the run is being stopped.
    Diverged,
}

/// A call whose approval was deferred: recorded as waiting, and parked until its run pauses
/// (which cancels it). A run whose journal is past its quota cannot pause: the call fails at
/// once, saying so.
async fn park(
    pause: &RunPause,
    waiting: PendingCall,
    parking: &Parking,
    signal: &CancellationToken,
) -> Result<Value, HostError> {
    if let Err((kept, quota)) = pause.recorder.within_quota() {
        let tool = script_name(&waiting.tool);
        let mut data = Map::new();
        data.insert("code".into(), json!(ErrorCode::ApprovalUnavailable.as_str()));
        data.insert("tool".into(), json!(tool.trim_start_matches("tools.")));
        return Err(HostError {
            name: ErrorCode::ApprovalUnavailable.default_name().to_owned(),
            message: format!(
                "{tool} requires approval, but this run cannot pause to ask: its journal holds \
                 {kept} bytes of call results, past its quota of {quota} bytes"
            ),
            data,
        });
    }
    pause.recorder.pending(waiting);
    parking.park();
    signal.cancelled().await;
    Err(HostError::new("the run paused"))
}

/// A tool, by its flat name, as scripts call it: `tools.read_file`, `tools.fx.hang`.
pub(crate) fn script_name(tool: &str) -> String {
    format!("tools.{}", ToolName::parse(tool).script_path())
}

/// The script's calls in flight, by number: what a run that ends first
/// (its own deadline, a limit, a cancellation) left running, for its report.
#[derive(Clone, Debug, Default)]
pub(crate) struct InFlight(Arc<Mutex<BTreeMap<u64, String>>>);

impl InFlight {
    /// Counts call `number` of `tool` as running until it settles before its run ends
    /// (`signal` fires when the run ends first).
    fn start(&self, number: u64, tool: &str, signal: CancellationToken) -> Flying {
        let calls = Arc::clone(&self.0);
        calls.lock().unwrap_or_else(PoisonError::into_inner).insert(number, tool.to_owned());
        Flying { calls, number, signal, settled: false }
    }

    /// `Calls still running when the run ended (…): tools.fx.hang (call #2), …`, or
    /// `None` when there were none.
    pub(crate) fn report(&self) -> Option<String> {
        let calls = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if calls.is_empty() {
            return None;
        }
        let listed: Vec<String> = calls
            .iter()
            .take(MAX_LISTED_RUNNING)
            .map(|(number, tool)| format!("{tool} (call #{number})"))
            .collect();
        let more = calls.len().saturating_sub(MAX_LISTED_RUNNING);
        let more = if more > 0 { format!(" and {more} more") } else { String::new() };
        Some(format!(
            "Calls still running when the run ended (cancelled, their outcome unknown to the script): {}{more}",
            listed.join(", ")
        ))
    }
}

/// At most this many running calls are listed; the rest are counted.
const MAX_LISTED_RUNNING: usize = 10;

/// One call in flight: it leaves the list when it settled before its run ended.
struct Flying {
    calls: Arc<Mutex<BTreeMap<u64, String>>>,
    number: u64,
    signal: CancellationToken,
    settled: bool,
}

impl Flying {
    fn settled(mut self) {
        self.settled = true;
    }
}

impl Drop for Flying {
    fn drop(&mut self) {
        // Settled after its run ended (cancelled with it), or dropped unsettled: it was
        // still running when the run ended, and stays listed.
        if self.settled && !self.signal.is_cancelled() {
            self.calls.lock().unwrap_or_else(PoisonError::into_inner).remove(&self.number);
        }
    }
}

/// What the script's call resolves or rejects with.
fn answer(tool: &str, result: ToolResult) -> Result<Value, HostError> {
    match (result.value, result.record.error) {
        (_, Some(error)) => Err(host_error(tool, &error)),
        (Some(value), None) => Ok(Arc::unwrap_or_clone(value)),
        (None, None) => Ok(Value::Null),
    }
}

/// The error a script's call rejects with: the pipeline's envelope, plus the tool as the
/// script calls it (`tool` is its path under `tools`: `read_file`, `fx.slow`), and the message
/// naming it so too (`tools.fx.slow` where the pipeline wrote `tool "fx__slow"`).
fn host_error(tool: &str, error: &ErrorInfo) -> HostError {
    let script_name = script_name(tool);
    let mut data = Map::new();
    data.insert("code".into(), json!(error.code.as_str()));
    data.insert("tool".into(), json!(script_name.trim_start_matches("tools.")));
    let message = error
        .message
        .replace(&format!("tool {tool:?}"), &script_name)
        .replace(&format!("{tool:?}"), &script_name);
    HostError { name: error.name.clone(), message, data }
}
