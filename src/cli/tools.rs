//! `ordo tools` (R-CLI-3): the tool schemas, exactly what a model sees, in a provider's shape or
//! as the TypeScript declarations scripts are written against.

use std::sync::Arc;

use ordo::visible;
use ordo_tools::{Provider, RUN_CODE, Tool};
use serde_json::Value;

use super::args::{SchemaFormat, ToolsArgs};
use super::exit::{CliError, Exit};
use super::output::notice;
use super::{output, setup};

/// Prints the tool list.
pub(crate) async fn run(args: &ToolsArgs) -> Result<Exit, CliError> {
    let tools = setup::registry_only(&args.tools, setup::roots(&args.roots)?).await?;
    for renamed in &tools.renamed {
        notice!(
            "ordo: tool {:?} of MCP server {:?} is {} (names are letters, digits, _ and -)",
            renamed.tool,
            renamed.server,
            visible::line(&renamed.name)
        );
    }
    let registry = tools.registry;
    let provider = match args.format {
        SchemaFormat::Json => {
            let schemas = serde_json::to_value(registry.schemas())
                .map_err(|error| CliError::failed(format!("ordo: {error}")))?;
            output::print_json(&schemas)?;
            return Ok(Exit::Success);
        }
        SchemaFormat::Ts => {
            let tools: Vec<Arc<Tool>> =
                registry.tools().into_iter().filter(|tool| tool.name() != RUN_CODE).collect();
            output::print_text(ordo_sdk::declarations::declarations(&tools).trim_end())?;
            return Ok(Exit::Success);
        }
        SchemaFormat::Summary => {
            output::print_text(&summary(&registry.tools()))?;
            return Ok(Exit::Success);
        }
        SchemaFormat::Openai => Provider::OpenAiChat,
        SchemaFormat::OpenaiResponses => Provider::OpenAiResponses,
        SchemaFormat::Anthropic => Provider::Anthropic,
    };
    let list = registry.schemas().iter().map(|schema| schema.for_provider(provider)).collect();
    output::print_json(&Value::Array(list))?;
    Ok(Exit::Success)
}

/// One line per tool: name, concurrency mode, reason, in aligned columns.
fn summary(tools: &[Arc<Tool>]) -> String {
    let rows: Vec<(String, &str, &str)> = tools
        .iter()
        .map(|tool| {
            let definition = tool.definition();
            (
                visible::line(tool.name()).into_owned(),
                definition.concurrency().as_str(),
                definition.concurrency_reason(),
            )
        })
        .collect();
    let name_width = rows.iter().map(|(name, ..)| name.chars().count()).max().unwrap_or(0);
    let mode_width = rows.iter().map(|(_, mode, _)| mode.len()).max().unwrap_or(0);
    let lines: Vec<String> = rows
        .iter()
        .map(|(name, mode, reason)| {
            format!("{name:<name_width$}  {mode:<mode_width$}  {}", visible::line(reason))
        })
        .collect();
    lines.join("\n")
}
