//! The session log on disk: JSONL sink, load with repairs, resume, replay, export (R-LOG).
//!
//! Golden files: the provider exports of the realistic log below are compared exactly with
//! `tests/golden/transcript_*.json`. After an intended change of shape, regenerate them with
//!
//! ```text
//! ORDO_BLESS=1 cargo test -p ordo-tools --test session_log
//! ```
//!
//! and review the diff before committing it.
#![allow(clippy::unwrap_used)] // test helpers outside #[test] fns unwrap too

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use ordo_tools::session::{
    CallIdentity, Durability, Event, JsonlSink, LoadedLog, MemorySink, SessionLog,
    export_transcript, replay,
};
use ordo_tools::{
    CallContext, Card, ContentBlock, ErrorCode, Provider, ResultRecord, ToolDefinition,
    ToolFailure, ToolOutput, ToolRegistry,
};
use serde_json::{Value, json};
use tempfile::TempDir;

/// A top-level call of model step `step`.
fn top(call_id: &str, name: &str, step: u64) -> (String, Option<String>, String, Option<u64>) {
    (call_id.to_owned(), None, name.to_owned(), Some(step))
}

/// The arguments of the `run_code` call.
const SCRIPT: &str =
    r#"{"code":"return (await tools.read_file({ path: \"src/lib.rs\" })).length;"}"#;

/// The default result card of the repaired `write_file` call: the error, cut at 96 characters.
const REPAIRED_CARD: &str = "TOOL_OUTCOME_UNKNOWN: the log ends before tool \"write_file\" reported a \
                             result; it may or may no…";

type Identity = (String, Option<String>, String, Option<u64>);

fn id(identity: &Identity) -> CallIdentity<'_> {
    let (call_id, parent, name, step) = identity;
    CallIdentity { call_id, parent: parent.as_deref(), name, step: *step }
}

fn ok(blocks: Vec<ContentBlock>) -> ResultRecord {
    ResultRecord::success(blocks, None)
}

/// A realistic session: a single call, a parallel step of three calls (one failing), a
/// `run_code` call with a nested call, a screenshot with an image block, and a last call whose
/// result the crash never wrote.
fn record_realistic(log: &SessionLog) {
    let ms = Duration::from_millis;
    let readme = top("call_1", "read_file", 1);
    log.record_call(id(&readme), r#"{"path":"README.md"}"#).unwrap();
    let content = vec![ContentBlock::text("# ordo\nA tool runtime for agents.")];
    let record = ResultRecord::success(content, Some(json!({"lines": 2})));
    log.record_result(id(&readme), &record, ms(3)).unwrap();

    let step: Vec<Identity> = vec![
        top("call_2a", "read_file", 2),
        top("call_2b", "search_files", 2),
        top("call_2c", "read_file", 2),
    ];
    log.record_call(id(&step[0]), r#"{"path":"src/lib.rs"}"#).unwrap();
    log.record_call(id(&step[1]), r#"{"pattern":"TODO","path":"src"}"#).unwrap();
    log.record_call(id(&step[2]), r#"{"path":"missing.txt"}"#).unwrap();
    log.record_result(id(&step[0]), &ok(vec!["pub mod tools;".into()]), ms(2)).unwrap();
    let matches =
        json!({"matches": [{"path": "src/a.rs", "line": 7}, {"path": "src/b.rs", "line": 12}]});
    let found = ok(vec![ContentBlock::json(matches), "2 matches".into()]);
    log.record_result(id(&step[1]), &found, ms(5)).unwrap();
    let missing = ToolFailure::new("no such file: missing.txt").named("NotFound");
    let failed = ResultRecord::failure(missing.into_error_info());
    log.record_result(id(&step[2]), &failed, ms(1)).unwrap();

    let script = top("call_3", "run_code", 3);
    log.record_call(id(&script), SCRIPT).unwrap();
    let nested: Identity = ("call_3.1".into(), Some("call_3".into()), "read_file".into(), None);
    log.record_call(id(&nested), r#"{"path":"src/lib.rs"}"#).unwrap();
    log.record_result(id(&nested), &ok(vec!["pub mod tools;".into()]), ms(1)).unwrap();
    log.record_result(id(&script), &ok(vec!["14".into()]), ms(40)).unwrap();

    let shot = top("call_4", "screenshot", 4);
    log.record_call(id(&shot), "").unwrap();
    let image = ContentBlock::Image { media_type: "image/png".into(), data: "iVBORw0KGgo=".into() };
    log.record_result(id(&shot), &ok(vec![image, "1280x800".into()]), ms(120)).unwrap();

    let write = top("call_5", "write_file", 5);
    log.record_call(id(&write), r#"{"path":"out.txt","content":"done"}"#).unwrap();
}

/// The realistic session as a JSONL file, and the events as a live session saw them.
fn realistic_file(dir: &TempDir) -> (PathBuf, Vec<Event>) {
    let path = dir.path().join("session.jsonl");
    record_realistic(&SessionLog::new(JsonlSink::create(&path, Durability::Flush).unwrap()));
    let memory = MemorySink::new();
    record_realistic(&SessionLog::new(memory.clone()));
    (path, memory.events())
}

/// The file's lines, each with its newline.
fn lines(path: &Path) -> Vec<String> {
    fs::read_to_string(path).unwrap().split_inclusive('\n').map(str::to_owned).collect()
}

/// Asserts that every call of the log has exactly one result.
fn assert_one_result_per_call(log: &LoadedLog) {
    let mut results: HashMap<(Option<String>, String), usize> = HashMap::new();
    for event in log.events() {
        let key = (event.parent().map(str::to_owned), event.call_id().to_owned());
        *results.entry(key).or_default() += usize::from(matches!(event, Event::Result(_)));
    }
    assert!(results.values().all(|&count| count == 1), "{results:?}");
}

#[test]
fn r_log_1_a_jsonl_log_loads_back_identical() {
    let dir = TempDir::new().unwrap();
    let (path, live) = realistic_file(&dir);
    let lines = lines(&path);
    assert_eq!(lines.len(), live.len(), "one line per event");
    for (line, event) in lines.iter().zip(&live) {
        assert!(line.ends_with('\n') && !line.trim_end().contains('\n'));
        assert_eq!(&serde_json::from_str::<Event>(line).unwrap(), event);
    }
    let loaded = LoadedLog::from_path(&path).unwrap();
    assert_eq!(&loaded.events()[..live.len()], &live[..]);
    assert!(loaded.torn_line().is_none());
}

#[test]
fn r_log_1_sync_durability_writes_the_same_lines_and_create_never_overwrites() {
    let dir = TempDir::new().unwrap();
    let (flushed, _) = realistic_file(&dir);
    let synced = dir.path().join("synced.jsonl");
    let sink = JsonlSink::create(&synced, Durability::Sync).unwrap();
    assert_eq!(sink.durability(), Durability::Sync);
    record_realistic(&SessionLog::new(sink));
    assert_eq!(fs::read(&synced).unwrap(), fs::read(&flushed).unwrap());
    let error = JsonlSink::create(&synced, Durability::Flush).unwrap_err();
    assert_eq!(error.kind(), std::io::ErrorKind::AlreadyExists);
}

#[test]
fn r_log_4_a_log_cut_between_a_call_and_its_result_is_repaired() {
    let dir = TempDir::new().unwrap();
    let (path, _) = realistic_file(&dir);
    // Cut after the three calls of the parallel step: none of them has its result.
    fs::write(&path, lines(&path)[..5].concat()).unwrap();
    let log = LoadedLog::from_path(&path).unwrap();
    let repaired: Vec<(u64, &str)> =
        log.repairs().map(|repair| (repair.seq, repair.call_id.as_str())).collect();
    assert_eq!(repaired, [(6, "call_2a"), (7, "call_2b"), (8, "call_2c")]);
    for repair in log.repairs() {
        assert!(repair.is_error && repair.repaired);
        assert_eq!(repair.error.as_ref().unwrap().code, ErrorCode::ToolOutcomeUnknown);
    }
    assert_one_result_per_call(&log);
    assert_eq!(log.next_seq(), 9);
    // The repair is marked on disk too, once a resumed session has written it.
    let line = serde_json::to_value(&log.events()[5]).unwrap();
    assert_eq!(
        (line["repaired"].clone(), line["error"]["code"].clone()),
        (json!(true), json!("TOOL_OUTCOME_UNKNOWN"))
    );
}

#[test]
fn r_log_4_a_torn_last_line_is_dropped_and_every_complete_line_kept() {
    let dir = TempDir::new().unwrap();
    let (path, live) = realistic_file(&dir);
    let whole = fs::read_to_string(&path).unwrap();
    let next = serde_json::to_string(&live[3]).unwrap();
    fs::write(&path, format!("{whole}{}", &next[..next.len() / 2])).unwrap();
    let log = LoadedLog::from_path(&path).unwrap();
    let torn = log.torn_line().unwrap();
    assert_eq!(
        (torn.line, torn.offset, torn.len),
        (live.len() + 1, whole.len() as u64, next.len() / 2)
    );
    assert!(next.starts_with(torn.preview.trim_end_matches('…')));
    assert_eq!(&log.events()[..live.len()], &live[..]);
    assert_one_result_per_call(&log);
}

#[test]
fn r_log_4_a_malformed_middle_line_is_an_error_naming_file_and_line() {
    let dir = TempDir::new().unwrap();
    let (path, _) = realistic_file(&dir);
    let mut lines = lines(&path);
    lines[3] = format!("{}\n", &lines[3][..20]);
    fs::write(&path, lines.concat()).unwrap();
    let error = LoadedLog::from_path(&path).unwrap_err();
    assert_eq!(error.line(), Some(4));
    let message = error.to_string();
    assert!(
        message.starts_with(&format!("{}, line 4: not valid JSON", path.display())),
        "{message}"
    );
}

#[test]
fn r_log_4_resume_cuts_a_torn_tail_writes_the_repairs_and_appends_with_continuing_seq() {
    let dir = TempDir::new().unwrap();
    let (path, live) = realistic_file(&dir);
    let mut file = fs::OpenOptions::new().append(true).open(&path).unwrap();
    std::io::Write::write_all(&mut file, br#"{"type":"tool/result","seq":18,"call_id":"ca"#)
        .unwrap();
    drop(file);

    let resumed = JsonlSink::resume(&path, Durability::Flush).unwrap();
    assert!(resumed.log.torn_line().is_some());
    assert_eq!(resumed.next_seq, live.len() as u64 + 2, "after the repair of call_5");
    let (session, _) = resumed.into_session();
    let next = top("call_6", "read_file", 6);
    session.record_call(id(&next), r#"{"path":"out.txt"}"#).unwrap();
    session.record_result(id(&next), &ok(vec!["done".into()]), Duration::from_millis(2)).unwrap();

    let log = LoadedLog::from_path(&path).unwrap();
    assert!(log.torn_line().is_none());
    assert_eq!(log.repairs().count(), 0, "the repair was written on resume");
    let seqs: Vec<u64> = log.events().iter().map(Event::seq).collect();
    assert_eq!(seqs, (1..=live.len() as u64 + 3).collect::<Vec<_>>());
    let Event::Result(repair) = &log.events()[live.len()] else { panic!("the repair comes next") };
    assert!(repair.repaired && repair.call_id == "call_5");
    assert_eq!(log.events().last().map(Event::call_id), Some("call_6"));
    assert_one_result_per_call(&log);
}

#[test]
fn r_log_4_resume_terminates_a_last_line_missing_its_newline() {
    let dir = TempDir::new().unwrap();
    let (path, live) = realistic_file(&dir);
    let whole = fs::read_to_string(&path).unwrap();
    fs::write(&path, whole.trim_end()).unwrap();
    let (session, loaded) = JsonlSink::open(&path, Durability::Sync).unwrap().into_session();
    assert_eq!(loaded.events().len(), live.len() + 1);
    let next = top("call_6", "read_file", 6);
    session.record_call(id(&next), "{}").unwrap();
    let log = LoadedLog::from_path(&path).unwrap();
    assert_eq!(log.events().len(), live.len() + 3, "the repair of call_5, call_6, its repair");
    assert_eq!(log.repairs().map(|repair| repair.call_id.as_str()).collect::<Vec<_>>(), ["call_6"]);
}

#[test]
fn r_log_1_open_creates_a_missing_log() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("new.jsonl");
    let resumed = JsonlSink::open(&path, Durability::Flush).unwrap();
    assert_eq!((resumed.next_seq, resumed.log.events().len()), (1, 0));
    assert_eq!(resumed.sink.path(), path);
    assert!(path.exists());
}

/// Checks a provider transcript: every announced call id is answered exactly once, before the
/// next announcement.
fn assert_every_call_answered(messages: &[Value], provider: Provider) {
    let mut open: Vec<String> = Vec::new();
    for message in messages {
        let (announced, answered): (Vec<&Value>, Vec<&Value>) = match provider {
            Provider::OpenAiChat => match message["role"].as_str() {
                Some("assistant") => (
                    message["tool_calls"].as_array().unwrap().iter().map(|c| &c["id"]).collect(),
                    vec![],
                ),
                _ => (vec![], vec![&message["tool_call_id"]]),
            },
            Provider::OpenAiResponses => match message["type"].as_str() {
                Some("function_call") => (vec![&message["call_id"]], vec![]),
                _ => (vec![], vec![&message["call_id"]]),
            },
            Provider::Anthropic => {
                let blocks = message["content"].as_array().unwrap();
                match message["role"].as_str() {
                    Some("assistant") => (blocks.iter().map(|b| &b["id"]).collect(), vec![]),
                    _ => (vec![], blocks.iter().map(|b| &b["tool_use_id"]).collect()),
                }
            }
        };
        if !announced.is_empty() && provider != Provider::OpenAiResponses {
            assert!(open.is_empty(), "calls {open:?} were not answered before the next message");
        }
        open.extend(announced.iter().map(|id| id.as_str().unwrap().to_owned()));
        for id in answered {
            let at = open.iter().position(|open| open == id.as_str().unwrap());
            open.remove(at.expect("answers a call that is open"));
        }
    }
    assert!(open.is_empty(), "never answered: {open:?}");
}

#[test]
fn r_log_5_round_trip_load_export_answers_every_top_level_call_once() {
    let dir = TempDir::new().unwrap();
    let (path, _) = realistic_file(&dir);
    let log = LoadedLog::from_path(&path).unwrap();
    for provider in [Provider::OpenAiChat, Provider::OpenAiResponses, Provider::Anthropic] {
        let messages = export_transcript(&log, provider);
        assert_every_call_answered(&messages, provider);
        let text = serde_json::to_string(&messages).unwrap();
        assert!(!text.contains("call_3.1"), "{provider:?}: the nested call is audit-only");
        assert!(text.contains("TOOL_OUTCOME_UNKNOWN") || text.contains("may or may not have run"));
    }
}

/// Compares `value` with a golden file, or rewrites the file when `ORDO_BLESS=1`.
fn assert_golden(name: &str, value: &Value) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(name);
    let actual = format!("{}\n", serde_json::to_string_pretty(value).unwrap());
    if std::env::var_os("ORDO_BLESS").is_some_and(|bless| bless == "1") {
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(&path, actual).unwrap();
        return;
    }
    let expected = fs::read_to_string(&path).unwrap_or_else(|error| {
        panic!("{}: {error}; run with ORDO_BLESS=1 to create it", path.display())
    });
    assert_eq!(actual, expected, "{} differs; ORDO_BLESS=1 regenerates it", path.display());
}

fn golden_transcript(provider: Provider, name: &str) {
    let dir = TempDir::new().unwrap();
    let (path, _) = realistic_file(&dir);
    let log = LoadedLog::from_path(&path).unwrap();
    assert_golden(name, &Value::Array(export_transcript(&log, provider)));
}

#[test]
fn r_log_5_golden_openai_chat_transcript() {
    golden_transcript(Provider::OpenAiChat, "transcript_openai_chat.json");
}

#[test]
fn r_log_5_golden_openai_responses_transcript() {
    golden_transcript(Provider::OpenAiResponses, "transcript_openai_responses.json");
}

#[test]
fn r_log_5_golden_anthropic_transcript() {
    golden_transcript(Provider::Anthropic, "transcript_anthropic.json");
}

/// `read_file` with its own cards; the other tools of the log are not registered.
fn registry() -> ToolRegistry {
    let parameters = json!({"type": "object", "properties": {"path": {"type": "string"}}});
    let read_file = ToolDefinition::new(
        "read_file",
        "Reads a file.",
        parameters,
        ToolOutput::json_text(json!({"type": "string"})),
        |_args: Arc<Value>, _cx: CallContext| async { Ok::<_, ToolFailure>(json!("")) },
    )
    .with_present_call(|args| Card::new(format!("Read {}", args["path"].as_str().unwrap_or("?"))))
    .with_present_result(|_args, result| match &result.error {
        Some(error) => Card::new(format!("failed: {}", error.code)),
        None => Card::new("read").with_detail(format!("{} blocks", result.content.len())),
    });
    let registry = ToolRegistry::new();
    registry.register(read_file).unwrap();
    registry
}

#[test]
fn r_log_3_replay_computes_cards_from_registered_and_unknown_tools() {
    let dir = TempDir::new().unwrap();
    let (path, _) = realistic_file(&dir);
    let entries = replay(&LoadedLog::from_path(&path).unwrap(), &registry());
    let cards: Vec<(&str, String, String)> = entries
        .iter()
        .map(|entry| {
            (entry.call_id.as_str(), entry.call_card.to_string(), entry.result_card.to_string())
        })
        .collect();
    assert_eq!(
        cards,
        [
            ("call_1", "Read README.md".into(), "read\n1 blocks".into()),
            ("call_2a", "Read src/lib.rs".into(), "read\n1 blocks".into()),
            (
                "call_2b",
                r#"search_files {"pattern":"TODO","path":"src"}"#.into(),
                r#"{"matches":[{"path":"src/a.rs","line":7},{"path":"src/b.rs","line":12}]}"#
                    .into()
            ),
            ("call_2c", "Read missing.txt".into(), "failed: TOOL_ERROR".into()),
            ("call_3", format!("run_code {}", SCRIPT), "14".into()),
            ("call_3.1", "Read src/lib.rs".into(), "read\n1 blocks".into()),
            ("call_4", "screenshot {}".into(), "1280x800".into()),
            (
                "call_5",
                r#"write_file {"path":"out.txt","content":"done"}"#.into(),
                REPAIRED_CARD.into()
            ),
        ]
    );
    let last = entries.last().unwrap();
    assert!(last.repaired && last.error_code == Some(ErrorCode::ToolOutcomeUnknown));
    assert_eq!((entries[5].parent.as_deref(), entries[5].step), (Some("call_3"), None));
    assert_eq!((entries[4].duration_ms, entries[4].step), (40, Some(3)));
}
