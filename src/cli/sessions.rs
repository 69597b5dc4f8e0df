//! `ordo sessions --store URL`: the sessions a store keeps, oldest first: name, client, start,
//! calls, state (live, ended, cut, repaired), and the process that writes or wrote it.

use std::time::UNIX_EPOCH;

use ordo::state::postgres::sessions::SessionSummary;
use ordo::{utc, visible};
use serde_json::{Value, json};

use super::args::{ListFormat, SessionsArgs};
use super::exit::{CliError, Exit};
use super::{output, store};

/// Prints the store's sessions.
pub(crate) fn run(args: &SessionsArgs) -> Result<Exit, CliError> {
    let sessions = store::connect(&args.store)?
        .sessions()
        .map_err(|error| CliError::failed(format!("ordo: {error}")))?;
    match args.format {
        ListFormat::Json => output::print_json(&Value::Array(sessions.iter().map(json).collect()))?,
        ListFormat::Text => output::print_text(table(&sessions).trim_end())?,
    }
    Ok(Exit::Success)
}

fn started(session: &SessionSummary) -> String {
    let seconds = session.started_at.duration_since(UNIX_EPOCH).map_or(0, |since| since.as_secs());
    utc::rfc3339(seconds)
}

fn json(session: &SessionSummary) -> Value {
    json!({
        "name": session.name,
        "client": session.client,
        "started_at": started(session),
        "calls": session.calls,
        "state": session.state.to_string(),
        "writer": session.writer,
    })
}

/// Aligned columns, a header first; names and clients made safe to show.
fn table(sessions: &[SessionSummary]) -> String {
    let header = ["SESSION", "CLIENT", "STARTED", "CALLS", "STATE", "WRITER"].map(str::to_owned);
    let rows: Vec<[String; 6]> = std::iter::once(header)
        .chain(sessions.iter().map(|session| {
            [
                visible::line(&session.name).into_owned(),
                visible::line(session.client.as_deref().unwrap_or("-")).into_owned(),
                started(session),
                session.calls.to_string(),
                session.state.to_string(),
                visible::line(&session.writer).into_owned(),
            ]
        }))
        .collect();
    let mut widths = [0; 6];
    for row in &rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    let mut text = String::new();
    for row in &rows {
        let cells: Vec<String> =
            row.iter().zip(widths).map(|(cell, width)| format!("{cell:width$}")).collect();
        text.push_str(cells.join("  ").trim_end());
        text.push('\n');
    }
    text
}
