//! `ordo replay FILE` (R-CLI-3, R-LOG-3, R-LOG-4, R-LOG-5): a session log shown as the cards a
//! live session showed, recomputed from the log with the tools' own projections, or exported as
//! a provider's transcript; a log cut short (a torn last line, calls without a result) is
//! repaired as loading repairs it, and said so.

use std::collections::HashMap;

use console::style;
use ordo::visible;
use ordo_tools::Provider;
use ordo_tools::presentation::headline;
use ordo_tools::session::{LoadedLog, ReplayEntry, export_transcript, replay};
use serde_json::Value;

use super::args::{ReplayArgs, ReplayFormat};
use super::exit::{CliError, Exit};
use super::output::notice;
use super::{output, setup, store};

/// Prints the session.
pub(crate) async fn run(args: &ReplayArgs) -> Result<Exit, CliError> {
    // A file that exists is read as a file, even with a store in ORDO_STORE.
    let (log, jsonl) = match args.store.store {
        Some(_) if !args.file.is_file() => from_store(args)?,
        _ => (from_file(args)?, None),
    };
    if args.format == ReplayFormat::Jsonl {
        let jsonl = match jsonl {
            Some(jsonl) => jsonl,
            None => as_jsonl(&log)?,
        };
        if !jsonl.is_empty() {
            output::print_text(jsonl.trim_end_matches('\n'))?;
        }
        return Ok(Exit::Success);
    }
    let registry = setup::registry_only(&args.tools, setup::presentation_roots()?).await?.registry;
    let provider = match args.format {
        ReplayFormat::Text => {
            output::print_text(text(&replay(&log, &registry)).trim_end())?;
            return Ok(Exit::Success);
        }
        ReplayFormat::Json => {
            let entries = serde_json::to_value(replay(&log, &registry))
                .map_err(|error| CliError::failed(format!("ordo: {error}")))?;
            output::print_json(&entries)?;
            return Ok(Exit::Success);
        }
        ReplayFormat::Openai => Provider::OpenAiChat,
        ReplayFormat::OpenaiResponses => Provider::OpenAiResponses,
        ReplayFormat::Anthropic => Provider::Anthropic,
        ReplayFormat::Jsonl => unreachable!("printed above"),
    };
    output::print_json(&Value::Array(export_transcript(&log, provider)))?;
    Ok(Exit::Success)
}

/// The log file, cut short or not, and says what loading repaired.
fn from_file(args: &ReplayArgs) -> Result<LoadedLog, CliError> {
    let log =
        LoadedLog::from_path(&args.file).map_err(|error| CliError::usage(error.to_string()))?;
    if let Some(torn) = log.torn_line() {
        notice!("ordo: {}: {torn}; dropped", args.file.display());
    }
    let repaired = log.repairs().count();
    if repaired > 0 {
        notice!(
            "ordo: {}: {repaired} call{} had no result (the session was cut short); shown as repaired",
            args.file.display(),
            plural(repaired)
        );
    }
    Ok(log)
}

/// The session of that name in the store, repaired there if its writer died with calls in
/// flight; and its JSON Lines.
fn from_store(args: &ReplayArgs) -> Result<(LoadedLog, Option<String>), CliError> {
    let name = args.file.to_string_lossy();
    let read = store::connect(&args.store)?
        .read_session(&name)
        .map_err(|error| CliError::usage(error.to_string()))?;
    let open = read.log.repairs().count();
    if read.repaired > 0 {
        notice!(
            "ordo: session {name}: {} call{} had no result (its writer ended first); recorded as \
             repaired",
            read.repaired,
            plural(read.repaired)
        );
    } else if read.live && open > 0 {
        notice!(
            "ordo: session {name} is live: {open} call{} still running, shown as repaired here",
            plural(open)
        );
    }
    // What the store holds: a live session's running calls are not repaired in its export.
    Ok((read.log, Some(read.jsonl)))
}

/// A loaded log as JSON Lines, repairs included.
fn as_jsonl(log: &LoadedLog) -> Result<String, CliError> {
    let mut jsonl = String::new();
    for event in log.events() {
        let line = serde_json::to_string(event)
            .map_err(|error| CliError::failed(format!("ordo: {error}")))?;
        jsonl.push_str(&line);
        jsonl.push('\n');
    }
    Ok(jsonl)
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// The cards as lines, as the live cards showed them: a header per model step, nested calls
/// indented under their parent, each call headed by its tool's name.
fn text(entries: &[ReplayEntry]) -> String {
    let mut depth: HashMap<&str, usize> = HashMap::new();
    let mut step = None;
    let mut lines = String::new();
    for entry in entries {
        if entry.parent.is_none() && entry.step.is_some() && entry.step != step {
            step = entry.step;
            lines.push_str(&format!(
                "{}\n",
                style(format!("step {}", entry.step.unwrap_or(0))).bold()
            ));
        }
        let level =
            entry.parent.as_deref().and_then(|parent| depth.get(parent)).map_or(0, |d| d + 1);
        depth.insert(&entry.call_id, level);
        let indent = "  ".repeat(level + 1);
        let mark = match (entry.repaired, entry.error_code) {
            (true, _) => style("!").yellow(),
            (false, Some(_)) => style("✗").red(),
            (false, None) => style("✓").green(),
        };
        lines.push_str(&format!(
            "{indent}{mark} {} — {} {}\n",
            visible::line(&headline(&entry.name, &entry.call_card)),
            visible::line(&entry.result_card.title),
            style(format!("{} ms [{}]", entry.duration_ms, entry.call_id)).dim(),
        ));
        if entry.repaired {
            lines.push_str(&format!(
                "{indent}  {}\n",
                style("repaired: the session ended before this call's result").yellow()
            ));
        }
    }
    lines
}
