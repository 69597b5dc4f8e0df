//! The `ordo` command line. Thin: parsing and printing live here, the work in the crates.

use std::io::Write;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use ordo_tools::{Provider, ToolRegistry};
use serde_json::Value;

/// ordo: run AI-agent tool calls through an ordered, policy-checked pipeline.
#[derive(Debug, Parser)]
#[command(name = "ordo", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Print the registered tools' schemas: exactly what a model sees of them.
    #[command(after_help = "Examples:\n  ordo tools\n  ordo tools --format anthropic")]
    Tools {
        /// The shape to print the tool list in.
        #[arg(long, value_enum, default_value_t = SchemaFormat::Json)]
        format: SchemaFormat,
    },
}

/// Shapes of a tool list.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum SchemaFormat {
    /// ordo's own: `[{ name, description, parameters }]`.
    Json,
    /// OpenAI Chat Completions `tools`.
    Openai,
    /// OpenAI Responses `tools`.
    OpenaiResponses,
    /// Anthropic Messages `tools`.
    Anthropic,
}

fn main() -> ExitCode {
    // The sandboxed runtime re-runs this executable as its script worker.
    ordo_runtime::worker::run_if_worker();
    let cli = Cli::parse();
    let registry = ToolRegistry::new();
    match cli.command {
        Command::Tools { format } => print_json(&tool_list(&registry, format)),
    }
}

fn tool_list(registry: &ToolRegistry, format: SchemaFormat) -> Value {
    let provider = match format {
        SchemaFormat::Json => return serde_json::to_value(registry.schemas()).unwrap_or_default(),
        SchemaFormat::Openai => Provider::OpenAiChat,
        SchemaFormat::OpenaiResponses => Provider::OpenAiResponses,
        SchemaFormat::Anthropic => Provider::Anthropic,
    };
    Value::Array(registry.schemas().iter().map(|schema| schema.for_provider(provider)).collect())
}

fn print_json(value: &Value) -> ExitCode {
    let mut stdout = std::io::stdout().lock();
    let written = serde_json::to_writer_pretty(&mut stdout, value)
        .map_err(std::io::Error::from)
        .and_then(|()| writeln!(stdout));
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("ordo: cannot write to stdout: {error}");
            ExitCode::FAILURE
        }
    }
}
