//! Loading a session log (R-LOG-4): JSON Lines back into checked, complete events.
//!
//! The writer puts each event on its own line in a single write (see [`super::jsonl`]), so a
//! crash can tear only the last line. Loading leans on that: a last line that is not JSON is a
//! [`TornLine`], reported and dropped, never guessed at; any other line that is not an event is a
//! hard error naming the line, so nothing before a tear is ever lost in silence. Blank lines are
//! skipped. A line that is valid JSON but not an event is never a tear (a cut object is never
//! valid JSON), so it is an error even when it is the last.
//!
//! The events are then checked against each other and every call left without a result gets a
//! `TOOL_OUTCOME_UNKNOWN` repair (see [`super::repair`]): after loading, every call has exactly
//! one result.

use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::Path;

use thiserror::Error;

use super::event::{CallEvent, Event, ResultEvent};
use super::repair::{self, Completed, Inconsistency};
use crate::presentation::truncate;

/// How much of a torn line a report shows.
const PREVIEW_CHARS: usize = 60;

/// A last line that was cut short, reported and dropped by loading.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TornLine {
    /// Its line number, from 1.
    pub line: usize,
    /// The byte offset where it starts: a writer resuming the log truncates the file here.
    pub offset: u64,
    /// Its length in bytes, newline included if it had one.
    pub len: usize,
    /// Its first characters, for the report.
    pub preview: String,
}

impl fmt::Display for TornLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {} is torn ({} bytes: {:?}); it was dropped",
            self.line, self.len, self.preview
        )
    }
}

/// What is wrong with a log that cannot be loaded.
#[derive(Debug, Error)]
pub enum LoadErrorKind {
    /// Reading failed.
    #[error("cannot read: {0}")]
    Io(#[from] io::Error),
    /// A line that is not the last is not JSON: only the last line may be torn.
    #[error("not valid JSON ({0}), and only the last line of a log may be torn")]
    NotJson(String),
    /// A line is JSON but not a `tool/call` or `tool/result` event.
    #[error("not a session event: {0}")]
    NotAnEvent(String),
    /// The events do not fit together.
    #[error(transparent)]
    Inconsistent(#[from] Inconsistency),
}

/// Why a log could not be loaded: which log, which line, what is wrong.
///
/// Boxed, so that the `Result` of a load stays small.
#[derive(Debug)]
pub struct LoadError(Box<Failure>);

#[derive(Debug)]
struct Failure {
    origin: String,
    line: Option<usize>,
    kind: LoadErrorKind,
}

impl LoadError {
    fn new(origin: impl Into<String>, line: Option<usize>, kind: LoadErrorKind) -> Self {
        Self(Box::new(Failure { origin: origin.into(), line, kind }))
    }

    pub(super) fn io(origin: impl Into<String>, error: io::Error) -> Self {
        Self::new(origin, None, LoadErrorKind::Io(error))
    }

    /// The log: a file's path, or the name given to a reader.
    pub fn origin(&self) -> &str {
        &self.0.origin
    }

    /// The line (from 1) the problem is on, when it is on one. For
    /// [`LoadedLog::from_events`], the event's position (from 1).
    pub fn line(&self) -> Option<usize> {
        self.0.line
    }

    /// What is wrong.
    pub fn kind(&self) -> &LoadErrorKind {
        &self.0.kind
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.origin)?;
        if let Some(line) = self.0.line {
            write!(f, ", line {line}")?;
        }
        write!(f, ": {}", self.0.kind)
    }
}

impl std::error::Error for LoadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.0.kind)
    }
}

/// A call of a loaded log with its one result.
#[derive(Clone, Copy, Debug)]
pub struct LoggedCall<'a> {
    /// The `tool/call`.
    pub call: &'a CallEvent,
    /// Its `tool/result`, logged or repaired.
    pub result: &'a ResultEvent,
}

/// A loaded, checked and repaired session log.
#[derive(Clone, Debug)]
pub struct LoadedLog {
    events: Vec<Event>,
    /// (call index, result index) into `events`, in the order of the calls.
    pairs: Vec<(usize, usize)>,
    /// Where the repairs start in `events`.
    repairs_from: usize,
    torn: Option<TornLine>,
    next_seq: u64,
}

impl Default for LoadedLog {
    /// An empty log: its first event will get `seq` 1.
    fn default() -> Self {
        Self { events: Vec::new(), pairs: Vec::new(), repairs_from: 0, torn: None, next_seq: 1 }
    }
}

impl LoadedLog {
    /// Loads a JSON Lines log from a file.
    pub fn from_path(path: impl AsRef<Path>) -> Result<Self, LoadError> {
        let path = path.as_ref();
        let origin = path.display().to_string();
        let file = File::open(path).map_err(|error| LoadError::io(origin.clone(), error))?;
        Self::from_reader(BufReader::new(file), origin)
    }

    /// Loads a JSON Lines log from a reader; `origin` names it in errors.
    pub fn from_reader(
        mut reader: impl BufRead,
        origin: impl Into<String>,
    ) -> Result<Self, LoadError> {
        let origin = origin.into();
        let (mut events, mut lines) = (Vec::new(), Vec::new());
        // A line that is not JSON: torn if nothing follows it, an error if something does.
        let mut suspect: Option<(TornLine, String)> = None;
        let (mut buffer, mut offset, mut number) = (Vec::new(), 0u64, 0usize);
        loop {
            buffer.clear();
            let read = reader
                .read_until(b'\n', &mut buffer)
                .map_err(|error| LoadError::new(origin.clone(), Some(number + 1), error.into()))?;
            if read == 0 {
                break;
            }
            number += 1;
            let start = offset;
            offset += read as u64;
            let text = buffer.trim_ascii();
            if text.is_empty() {
                continue;
            }
            if let Some((earlier, error)) = suspect.take() {
                let kind = LoadErrorKind::NotJson(error);
                return Err(LoadError::new(origin, Some(earlier.line), kind));
            }
            match serde_json::from_slice::<Event>(text) {
                Ok(event) => {
                    events.push(event);
                    lines.push(number);
                }
                Err(error) if error.is_data() => {
                    let kind = LoadErrorKind::NotAnEvent(describe(&error));
                    return Err(LoadError::new(origin, Some(number), kind));
                }
                Err(error) => {
                    let preview = truncate(&String::from_utf8_lossy(text), PREVIEW_CHARS);
                    let torn = TornLine { line: number, offset: start, len: read, preview };
                    suspect = Some((torn, describe(&error)));
                }
            }
        }
        let torn = suspect.map(|(torn, _)| torn);
        if let Some(torn) = &torn {
            tracing::warn!(log = %origin, "{torn}");
        }
        assemble(events, &lines, origin, torn)
    }

    /// Checks and repairs events that were kept some other way (a [`MemorySink`]); errors name
    /// an event by its position, from 1, as `line`.
    ///
    /// [`MemorySink`]: super::MemorySink
    pub fn from_events(events: Vec<Event>) -> Result<Self, LoadError> {
        let lines: Vec<usize> = (1..=events.len()).collect();
        assemble(events, &lines, "event list".to_owned(), None)
    }

    /// Every event in log order, the repairs last.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The events, repairs included.
    pub fn into_events(self) -> Vec<Event> {
        self.events
    }

    /// The results loading added for calls the log left without one, in the order of the calls.
    pub fn repairs(&self) -> impl Iterator<Item = &ResultEvent> {
        self.events.get(self.repairs_from..).unwrap_or_default().iter().filter_map(|event| {
            match event {
                Event::Result(result) => Some(result),
                Event::Call(_) => None,
            }
        })
    }

    /// The torn last line that was dropped, if there was one.
    pub fn torn_line(&self) -> Option<&TornLine> {
        self.torn.as_ref()
    }

    /// The `seq` the next event appended to this log gets (after the repairs): what
    /// [`SessionLog::resume`](super::SessionLog::resume) takes.
    pub fn next_seq(&self) -> u64 {
        self.next_seq
    }

    /// Every call with its one result, in the order of the calls, nested calls included.
    pub fn calls(&self) -> impl Iterator<Item = LoggedCall<'_>> {
        self.pairs.iter().filter_map(|&(call, result)| {
            match (self.events.get(call)?, self.events.get(result)?) {
                (Event::Call(call), Event::Result(result)) => Some(LoggedCall { call, result }),
                _ => None,
            }
        })
    }
}

/// Checks events against each other and repairs the calls left open. `lines[i]` is where
/// `events[i]` was read.
fn assemble(
    mut events: Vec<Event>,
    lines: &[usize],
    origin: String,
    torn: Option<TornLine>,
) -> Result<LoadedLog, LoadError> {
    let repairs_from = events.len();
    match repair::complete(&mut events) {
        Ok(Completed { pairs, next_seq }) => {
            Ok(LoadedLog { events, pairs, repairs_from, torn, next_seq })
        }
        Err((index, problem)) => {
            Err(LoadError::new(origin, lines.get(index).copied(), problem.into()))
        }
    }
}

/// A JSON error without serde_json's position suffix, which counts lines within the one line
/// and would contradict the log's own line numbers.
fn describe(error: &serde_json::Error) -> String {
    let text = error.to_string();
    let suffix = format!(" at line {} column {}", error.line(), error.column());
    match text.strip_suffix(&suffix) {
        Some(message) => format!("{message} at column {}", error.column()),
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::result::ErrorCode;
    use serde_json::json;

    fn call(seq: u64, id: &str, parent: Option<&str>) -> String {
        let call = json!({"type": "tool/call", "seq": seq, "call_id": id, "parent": parent,
            "name": "echo", "arguments": "{}"});
        format!("{call}\n")
    }

    fn result(seq: u64, id: &str, parent: Option<&str>) -> String {
        let result = json!({"type": "tool/result", "seq": seq, "call_id": id, "parent": parent,
            "name": "echo", "is_error": false, "content": [], "meta": null, "error": null,
            "duration_ms": 1});
        format!("{result}\n")
    }

    fn load(text: &str) -> Result<LoadedLog, LoadError> {
        LoadedLog::from_reader(text.as_bytes(), "test.jsonl")
    }

    fn load_error(text: &str) -> String {
        load(text).err().map(|error| error.to_string()).unwrap_or_default()
    }

    #[test]
    fn r_log_4_a_torn_last_line_is_reported_and_dropped() {
        let kept = format!("{}{}", call(1, "a", None), result(2, "a", None));
        let log = load(&format!("{kept}{{\"type\":\"tool/call\",\"seq\":3,\"call")).unwrap();
        let torn = log.torn_line().unwrap();
        assert_eq!((torn.line, torn.offset, torn.len), (3, kept.len() as u64, 33));
        assert_eq!(torn.preview, r#"{"type":"tool/call","seq":3,"call"#);
        assert_eq!(log.events().len(), 2);
        assert_eq!(log.next_seq(), 3);
        // Terminated garbage as the last line, and blank lines after it, are still a tear.
        let log = load(&format!("{kept}{{\"seq\n\n  \n")).unwrap();
        assert_eq!(log.torn_line().map(|torn| torn.line), Some(3));
    }

    #[test]
    fn r_log_4_a_malformed_line_that_is_not_last_is_an_error_naming_it() {
        let text = format!("{}{{\"seq\": \n{}", call(1, "a", None), result(2, "a", None));
        let message = load_error(&text);
        assert!(message.starts_with("test.jsonl, line 2: not valid JSON"), "{message}");
        assert!(!message.contains("line 1 column"), "{message}");
        // Valid JSON that is not an event is never a tear, even last.
        let message = load_error(&format!("{}{{\"seq\": 2}}", call(1, "a", None)));
        assert!(message.starts_with("test.jsonl, line 2: not a session event"), "{message}");
    }

    #[test]
    fn r_log_4_a_complete_last_line_without_newline_and_blank_lines_are_kept() {
        let text = format!("\n{}\n{}", call(1, "a", None), result(2, "a", None).trim_end());
        let log = load(&text).unwrap();
        assert_eq!((log.events().len(), log.repairs().count()), (2, 0));
        assert!(log.torn_line().is_none());
    }

    #[test]
    fn r_log_4_open_calls_are_repaired_in_call_order_with_continuing_seq() {
        let text = [
            call(1, "a", None),
            call(2, "b", None),
            call(3, "n", Some("b")),
            result(4, "a", None),
            call(9, "c", None),
        ]
        .concat();
        let log = load(&text).unwrap();
        let repairs: Vec<(u64, &str, Option<&str>)> = log
            .repairs()
            .map(|repair| (repair.seq, repair.call_id.as_str(), repair.parent.as_deref()))
            .collect();
        assert_eq!(repairs, [(10, "b", None), (11, "n", Some("b")), (12, "c", None)]);
        assert_eq!(log.next_seq(), 13);
        let repair = log.repairs().next().unwrap();
        assert!(repair.is_error && repair.repaired && repair.meta.is_none());
        let error = repair.error.as_ref().unwrap();
        assert_eq!(error.code, ErrorCode::ToolOutcomeUnknown);
        assert_eq!(
            error.message,
            "the log ends before tool \"echo\" reported a result; it may or may not have run"
        );
        assert_eq!(repair.content, [crate::content::ContentBlock::text(error.message.clone())]);
        let pairs: Vec<(u64, u64)> =
            log.calls().map(|logged| (logged.call.seq, logged.result.seq)).collect();
        assert_eq!(pairs, [(1, 4), (2, 10), (3, 11), (9, 12)]);
    }

    #[test]
    fn r_log_4_inconsistent_logs_are_errors() {
        let twice = [call(1, "a", None), result(2, "a", None), result(3, "a", None)].concat();
        assert_eq!(
            load_error(&twice),
            "test.jsonl, line 3: call \"a\" already has a result; this is a second one"
        );
        let orphan = [call(1, "a", None), result(2, "a", Some("x"))].concat();
        assert_eq!(
            load_error(&orphan),
            "test.jsonl, line 2: result for call \"a\" (under \"x\"), which no earlier tool/call \
             announced"
        );
        let reopened = [call(1, "a", None), call(2, "a", None)].concat();
        assert!(load_error(&reopened).contains("line 2: call \"a\" is announced again"));
        let backwards = [call(2, "a", None), result(1, "a", None)].concat();
        assert!(load_error(&backwards).contains("line 2: seq 1 does not follow seq 2"));
        let renamed = call(1, "a", None) + &result(2, "a", None).replace("echo", "other");
        assert!(load_error(&renamed).contains("names tool \"other\", but the call named \"echo\""));
        let lying = call(1, "a", None)
            + &result(2, "a", None).replace("\"is_error\":false", "\"is_error\":true");
        assert_eq!(
            load_error(&lying),
            "test.jsonl, line 2: result for call \"a\" has is_error true but no error"
        );
        // An id may be used again once its first call has its result.
        let reused = [call(1, "a", None), result(2, "a", None), call(3, "a", None)].concat();
        assert_eq!(load(&reused).unwrap().repairs().count(), 1);
    }
}
