//! What is shown of a `run_code` call: the text the model reads of its value, its cards, and
//! the presentation meta its result card is drawn from.
//!
//! The model reads the result (a string as itself, anything else as pretty JSON, or compact
//! JSON when the pretty form does not fit its room: whitespace is not worth the budget), the
//! notes on
//! what the result could not carry, then the console output, all within one budget of
//! characters (`CodeModeConfig::render_chars`). The result comes first: console output gets at
//! most a quarter of the budget while the result needs the rest, and more when the result is
//! short; past its share it keeps its start and its end, with a marker saying how much was
//! dropped between them (the end of a log is usually what matters).

use ordo_runtime::{LogEntry, LogLevel};
use ordo_tools::{Card, ContentBlock, ResultRecord};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::summary::Shape;
use crate::value::RunCodeValue;

/// The model's view of a `run_code` value, within `budget` characters, markers and headings
/// included: what a client capped at `budget` gets whole.
pub(crate) fn render(value: &RunCodeValue, budget: usize) -> Vec<ContentBlock> {
    let notes: Vec<String> = value.notes.iter().map(|note| format!("- {note}")).collect();
    let mut notes =
        if notes.is_empty() { String::new() } else { format!("\n\nNote:\n{}", notes.join("\n")) };
    if !value.media.is_empty() {
        let lines: Vec<String> =
            crate::media::lines(&value.media).into_iter().map(|l| format!("- {l}")).collect();
        notes.push_str(&format!("\n\nMedia (the blocks after this text):\n{}", lines.join("\n")));
    }
    let logs = logs_text(&value.logs);
    let blocks = value.media.iter().filter_map(|entry| media_block(&entry.block));
    // Whole, then compact (nothing cut), then cut with room for the markers.
    for room in [usize::MAX, budget] {
        let text = compose(&value.result, &notes, &logs, room);
        if text.chars().count() <= budget {
            return std::iter::once(ContentBlock::text(text)).chain(blocks).collect();
        }
    }
    let room = budget.saturating_sub(MARKERS);
    let text = compose(&value.result, &notes, &logs, room);
    std::iter::once(ContentBlock::text(text)).chain(blocks).collect()
}

/// An MCP content block of a result's media as the block a client shows.
fn media_block(block: &Value) -> Option<ContentBlock> {
    let text = |field: &str| block[field].as_str().map(str::to_owned);
    match block["type"].as_str()? {
        "image" => Some(ContentBlock::Image { media_type: text("mimeType")?, data: text("data")? }),
        "audio" => Some(ContentBlock::Audio { media_type: text("mimeType")?, data: text("data")? }),
        "resource" | "resource_link" => Some(ContentBlock::Resource { value: block.clone() }),
        _ => None,
    }
}

/// Room kept, when the text must be cut, for the cut markers and the console heading.
const MARKERS: usize = 160;

/// The text within `budget` characters, markers aside.
fn compose(result: &Value, notes: &str, logs: &str, budget: usize) -> String {
    let log_chars = logs.chars().count();
    let left = budget.saturating_sub(notes.chars().count());
    let result_room = left.saturating_sub(log_chars.min(budget / 4));
    let result = match result {
        Value::String(text) => text.clone(),
        other => {
            let pretty = serde_json::to_string_pretty(other).unwrap_or_else(|_| "null".to_owned());
            if pretty.chars().count() <= result_room { pretty } else { other.to_string() }
        }
    };
    let mut text = cut_end(&result, result_room);
    if !logs.is_empty() {
        let log_room = left.saturating_sub(text.chars().count().min(result_room));
        text.push_str(notes);
        text.push_str("\n\nConsole output:\n");
        text.push_str(&cut_middle(logs, log_room));
    } else {
        text.push_str(notes);
    }
    text
}

/// `text`'s first `room` characters, and a marker saying how many more there were.
fn cut_end(text: &str, room: usize) -> String {
    let total = text.chars().count();
    if total <= room {
        return text.to_owned();
    }
    let kept: String = text.chars().take(room).collect();
    format!("{kept}\n… [result truncated: {} more characters]", total - room)
}

/// `text` within `room` characters: its start and its end (cut at line breaks where there are
/// any), and between them a marker saying how much was dropped.
fn cut_middle(text: &str, room: usize) -> String {
    let total = text.chars().count();
    if total <= room {
        return text.to_owned();
    }
    let chars: Vec<char> = text.chars().collect();
    let half = room / 2;
    let mut head: String = chars[..half].iter().collect();
    if let Some(line_end) = head.rfind('\n') {
        head.truncate(line_end);
    }
    let mut tail: String = chars[total - half..].iter().collect();
    if let Some(line_start) = tail.find('\n') {
        tail.drain(..=line_start);
    }
    let dropped = total - head.chars().count() - tail.chars().count();
    format!("{head}\n… [{dropped} characters of console output dropped here] …\n{tail}")
}

/// Console lines as the model reads them: `console.log` as written, other levels marked.
pub(crate) fn logs_text(logs: &[LogEntry]) -> String {
    let lines: Vec<String> = logs
        .iter()
        .map(|entry| match entry.level {
            LogLevel::Info => entry.text.clone(),
            level => format!("[{}] {}", level.as_str(), entry.text),
        })
        .collect();
    lines.join("\n")
}

/// The card of a `run_code` call: its length in lines, the code as detail. A UI heads it with
/// the tool's name (`run_code · 3 lines`).
pub(crate) fn present_call(args: &Value) -> Card {
    let code = args["code"].as_str().unwrap_or_default();
    let lines = code.lines().count();
    Card::new(format!("{lines} line{}", if lines == 1 { "" } else { "s" })).with_detail(code)
}

/// What a UI shows of a `run_code` value: the shape of its result (see [`Shape`]).
pub(crate) fn presentation_meta(value: &RunCodeValue) -> Value {
    json!({ "result": Shape::of(&value.result) })
}

/// The card of its result: the error's code and the first line of its message, or what the
/// script returned summed up (`array of 16`), with what the model read as detail. A log written
/// before `run_code` kept the shape has the first line the model read instead.
pub(crate) fn present_result(_args: &Value, result: &ResultRecord) -> Card {
    if let Some(error) = &result.error {
        let first = error.message.lines().next().unwrap_or_default();
        return Card::new(format!("{}: {first}", error.code));
    }
    let text = result
        .content
        .iter()
        .find_map(|block| block.as_text().map(|text| text.into_owned()))
        .unwrap_or_default();
    let shape = result.meta.as_ref().and_then(|meta| Shape::deserialize(&meta["result"]).ok());
    let title = match shape {
        Some(shape) => shape.to_string(),
        None => format!("returned {}", text.lines().next().unwrap_or_default()),
    };
    Card::new(title).with_detail(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text the model reads of a value given as JSON.
    fn text(value: &Value, budget: usize) -> String {
        render(&RunCodeValue::read(value).unwrap(), budget)[0]
            .as_text()
            .unwrap_or_default()
            .into_owned()
    }

    /// Issue 37: a result whose pretty JSON does not fit its room is shown compact, whitespace
    /// being the first thing to give up.
    #[test]
    fn r_code_1_a_tight_budget_shows_compact_json() {
        let rows: Vec<Value> = (0..40).map(|i| json!({ "id": i, "ok": true })).collect();
        let value = json!({ "result": rows, "logs": [] });
        let compact = json!(rows).to_string();
        assert!(text(&value, 100_000).starts_with("[\n  {\n    \"id\": 0,"), "roomy: pretty");
        assert_eq!(text(&value, compact.chars().count()), compact, "tight: compact and whole");
        let cut = text(&value, 300);
        assert!(cut.starts_with("[{\"id\":0,\"ok\":true},{\"id\":1"), "{cut}");
    }

    #[test]
    fn r_code_1_a_short_result_and_log_are_shown_whole() {
        let value =
            json!({ "result": { "n": 1 }, "logs": [{ "level": "warn", "text": "careful" }] });
        assert_eq!(text(&value, 100), "{\n  \"n\": 1\n}\n\nConsole output:\n[warn] careful");
    }

    #[test]
    fn r_code_1_result_and_logs_share_one_budget_logs_keeping_start_and_end() {
        let logs: Vec<Value> =
            (0..500).map(|i| json!({ "level": "info", "text": format!("line {i}") })).collect();
        let value = json!({ "result": "x".repeat(2000), "logs": logs });
        let shown = text(&value, 1000);
        assert!(shown.chars().count() <= 1000, "markers included: {}", shown.chars().count());
        let (result, console) = shown.split_once("\n\nConsole output:\n").unwrap();
        assert_eq!(
            result,
            format!("{}\n… [result truncated: 1370 more characters]", "x".repeat(630))
        );
        assert!(console.starts_with("line 0\nline 1\n"), "{console}");
        assert!(console.ends_with("line 498\nline 499"), "{console}");
        assert!(console.contains("characters of console output dropped here] …\n"), "{console}");
        let kept = console.lines().filter(|line| line.starts_with("line ")).count();
        assert!((20..=40).contains(&kept), "about 250 characters of lines kept: {kept}");
    }

    #[test]
    fn r_code_1_a_short_result_leaves_its_room_to_the_logs() {
        let logs: Vec<Value> =
            (0..100).map(|i| json!({ "level": "info", "text": format!("line {i:02}") })).collect();
        let value = json!({ "result": 1, "logs": logs });
        let shown = text(&value, 2000);
        assert!(!shown.contains("dropped"), "{shown}");
        assert!(shown.ends_with("line 99"), "{shown}");
    }

    /// The result card of a run that returned `result`, drawn from the record as the log keeps
    /// it.
    fn card_of(result: Value) -> Card {
        let value = RunCodeValue { result, ..RunCodeValue::default() };
        let meta = serde_json::to_value(presentation_meta(&value)).unwrap();
        let record = ResultRecord::success(render(&value, 20_000), Some(meta));
        present_result(&json!({}), &record)
    }

    /// R-DEF-2: the card sums up the value from the meta alone, and keeps what the model read as
    /// its detail.
    #[test]
    fn r_def_2_the_result_card_sums_up_what_the_script_returned() {
        let files: Vec<Value> = (0..16).map(|i| json!({ "path": format!("{i}.rs") })).collect();
        let card = card_of(json!(files));
        assert_eq!(card.title, "array of 16");
        assert!(card.detail.unwrap().starts_with("[\n  {"), "the model's text as detail");
        let object = json!({ "folder": "src", "total_lines": 1200, "modules": ["a", "b"] });
        assert_eq!(card_of(object).title, "object {folder, total_lines, modules}");
        assert_eq!(card_of(json!("a\nb")).title, r#"string "a\nb""#);
        assert_eq!(card_of(json!(42)).title, "number 42");
        assert_eq!(card_of(Value::Null).title, "null");
    }

    /// R-DEF-2: a failed run keeps its code and the first line of its message, a nested tool's
    /// uncaught error included.
    #[test]
    fn r_def_2_a_failed_run_keeps_its_error_message() {
        let message = "runtime: NotFound: `a.txt` does not exist (TOOL_ERROR from tools.read_file)\n  at line 1, column 7\n  await tools.read_file({ path: 'a.txt' })";
        let failure = ordo_tools::ToolFailure::new(message).into_error_info();
        let card = present_result(&json!({}), &ResultRecord::failure(failure));
        assert_eq!(
            card.title,
            "TOOL_ERROR: runtime: NotFound: `a.txt` does not exist (TOOL_ERROR from tools.read_file)"
        );
    }

    /// R-LOG-3: a log written before `run_code` kept the value's shape still replays.
    #[test]
    fn r_log_3_an_older_record_without_meta_shows_its_first_line() {
        let record =
            ResultRecord::success(vec![ContentBlock::text("7\n\nConsole output:\nhi")], None);
        assert_eq!(present_result(&json!({}), &record).title, "returned 7");
    }
}
