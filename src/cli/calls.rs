//! `ordo calls FILE` (R-CLI-2): one model step through the scheduler, its results in model
//! order on stdout, as ordo's own objects or as a provider's tool-result messages.

use std::path::Path;

use ordo_tools::session::{ToolReply, tool_result_messages};
use ordo_tools::{CallOutcome, Provider, RUN_CODE};
use serde_json::{Value, json};

use super::args::{ApproveMode, CallsArgs, ResultFormat};
use super::exit::{CliError, Exit};
use super::{interrupt, output, setup};

/// Runs the step.
pub(crate) async fn run(args: CallsArgs) -> Result<Exit, CliError> {
    let text = read_input(&args.file)?;
    let origin = if args.file == Path::new("-") {
        "stdin".to_owned()
    } else {
        args.file.display().to_string()
    };
    let calls = ordo_tools::parse_step(&text)
        .map_err(|error| CliError::usage(format!("{origin}: {error}")))?;
    // A model step's scripts get no `args` and no `input`: only `ordo run` has them.
    let scripts = calls.iter().any(|call| call.name == RUN_CODE);
    // With --approve later a script's run pauses: its result says so, with the run's id.
    let pausing = (args.session.approve == Some(ApproveMode::Later))
        .then(|| setup::pausing(&args.session))
        .transpose()?;
    let inputs = ordo_sdk::ScriptInputs::default();
    let session = setup::session(&args.session, inputs, scripts, pausing).await?;
    let signal = interrupt::watch();
    let step = session
        .scheduler
        .run_step(&calls, &signal)
        .await
        .map_err(|error| CliError::failed(format!("ordo: {error}")))?;
    output::print_json(&results(&step.results, args.format))?;
    Ok(if step.cancelled { Exit::Interrupted } else { Exit::Success })
}

fn read_input(path: &Path) -> Result<String, CliError> {
    if path == Path::new("-") {
        std::io::read_to_string(std::io::stdin())
            .map_err(|error| CliError::usage(format!("cannot read the calls from stdin: {error}")))
    } else {
        std::fs::read_to_string(path).map_err(|error| {
            CliError::usage(format!("cannot read the calls {}: {error}", path.display()))
        })
    }
}

/// The results in the shape asked for.
fn results(outcomes: &[CallOutcome], format: ResultFormat) -> Value {
    let provider = match format {
        ResultFormat::Default => {
            return outcomes
                .iter()
                .map(|outcome| {
                    let record = &outcome.result.record;
                    json!({
                        "id": outcome.call_id,
                        "name": outcome.name,
                        "is_error": record.is_error(),
                        "content": record.content,
                        "error": record.error,
                    })
                })
                .collect();
        }
        ResultFormat::Openai => Provider::OpenAiChat,
        ResultFormat::Anthropic => Provider::Anthropic,
    };
    let replies: Vec<ToolReply<'_>> = outcomes
        .iter()
        .map(|outcome| ToolReply::new(&outcome.call_id, &outcome.result.record))
        .collect();
    Value::Array(tool_result_messages(provider, &replies))
}
