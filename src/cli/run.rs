//! `ordo run SCRIPT [-- ARGS…]` (R-CLI-1, R-CLI-1a, R-CLI-8): the script as one top-level
//! `run_code` call through the scheduler, given `args` and `input`; its `result` as JSON on
//! stdout (a string as it is with `--raw`), or a one-line error summary on stderr. With
//! `--approve later` a run that reaches an approval pauses (exit 3); `ordo resume` goes on.

mod input;
mod media;
mod resume;

pub(crate) use self::resume::resume;

use std::path::Path;

use ordo::visible;
use ordo_runtime::LogEntry;
use ordo_sdk::pause::PausedRun;
use ordo_sdk::{RunCodeValue, ScriptInputs};
use ordo_tools::{ErrorCode, ModelCall, RUN_CODE, ToolResult};
use serde_json::{Value, json};

use super::args::{ApproveMode, ResultFlags, RunArgs};
use super::exit::{CliError, Exit};
use super::output::notice;
use super::{interrupt, output, setup};

/// Runs the script.
pub(crate) async fn run(args: RunArgs) -> Result<Exit, CliError> {
    let code = read_script(&args.script)?;
    let from_stdin = args.script == Path::new("-");
    let input = args.input.as_deref().map(|flag| input::read(flag, from_stdin)).transpose()?;
    let inputs = ScriptInputs { args: args.args, input };
    let pausing = (args.session.approve == Some(ApproveMode::Later))
        .then(|| setup::pausing(&args.session))
        .transpose()?;
    let session = setup::session(&args.session, inputs, true, pausing).await?;
    run_script(&session, &code, &args.output, None).await
}

/// Runs `code` as the session's `run_code` call (resuming `resumed` when given) and prints
/// what it ends with.
async fn run_script(
    session: &setup::Session,
    code: &str,
    flags: &ResultFlags,
    resumed: Option<PausedRun>,
) -> Result<Exit, CliError> {
    let signal = interrupt::watch();
    let call_id = format!("run_{}", session.next_step);
    if let (Some(pausing), Some(run)) = (&session.pausing, resumed) {
        pausing.allow(call_id.clone(), Some(run), std::collections::HashMap::new());
    }
    let call = ModelCall::new(call_id.clone(), RUN_CODE, json!({ "code": code }).to_string());
    let step = session
        .scheduler
        .run_step(&[call], &signal)
        .await
        .map_err(|error| CliError::failed(format!("ordo: {error}")))?;
    let Some(outcome) = step.results.into_iter().next() else {
        return Err(CliError::failed("ordo: the step ended without a result"));
    };
    if step.cancelled {
        notice!("{}", summary(&outcome.result));
        return Ok(Exit::Interrupted);
    }
    match &outcome.result.value {
        Some(value) if !outcome.result.is_error() => {
            let value = RunCodeValue::read(value)
                .map_err(|error| CliError::failed(format!("ordo: {error}")))?;
            print_logs(&value.logs);
            print_notes(&value.notes);
            media::give(&value.media, flags.save_media.as_deref())?;
            match &value.result {
                Value::String(text) if flags.raw => output::print_text(text)?,
                result => output::print_json(result)?,
            }
            Ok(Exit::Success)
        }
        _ if outcome.result.error().is_some_and(|error| error.code == ErrorCode::Paused) => {
            let paused = session.pausing.as_ref().and_then(|pausing| pausing.take_paused(&call_id));
            notice!("{}", summary(&outcome.result));
            if let Some(run) = paused {
                resume::explain(&run);
            }
            Ok(Exit::Paused)
        }
        _ => {
            notice!("{}", summary(&outcome.result));
            Ok(Exit::ErrorResult)
        }
    }
}

/// The script's text, from the file or stdin.
fn read_script(path: &Path) -> Result<String, CliError> {
    let text = if path == Path::new("-") {
        std::io::read_to_string(std::io::stdin()).map_err(|error| {
            CliError::usage(format!("cannot read the script from stdin: {error}"))
        })?
    } else {
        std::fs::read_to_string(path).map_err(|error| {
            CliError::usage(format!("cannot read the script {}: {error}", path.display()))
        })?
    };
    Ok(text)
}

/// R-CLI-8: the error code first, then what the model would read (kind, line and column, the
/// source line).
fn summary(result: &ToolResult) -> String {
    match result.error() {
        Some(error) => format!("{}: {}", error.code, visible::lines(&error.message)),
        None => "ordo: the run produced no value".to_owned(),
    }
}

/// What the result could not carry faithfully, on stderr after the console output.
fn print_notes(notes: &[String]) {
    for note in notes {
        notice!("note: {}", visible::lines(note));
    }
}

/// The script's console output, on stderr, in the order it was written.
fn print_logs(logs: &[LogEntry]) {
    for entry in logs {
        match entry.level {
            ordo_runtime::LogLevel::Info | ordo_runtime::LogLevel::Debug => {
                notice!("{}", visible::lines(&entry.text))
            }
            level => notice!("[{}] {}", level.as_str(), visible::lines(&entry.text)),
        }
    }
}
