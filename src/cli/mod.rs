//! The `ordo` command line (DESIGN.md §7). Each subcommand has its module; `setup` turns flags into a
//! session; `exit` is how a command ends.
//!
//! | module | command |
//! | --- | --- |
//! | [`run`] | `ordo run SCRIPT` — a script as one `run_code` call |
//! | [`calls`] | `ordo calls FILE` — one model step (`ordo_tools::parse_step` reads it) |
//! | [`replay`] | `ordo replay FILE` — a session log as cards |
//! | [`sessions`] | `ordo sessions` — the sessions a store keeps |
//! | [`tools`] | `ordo tools` — the schemas a model sees |
//! | [`mcp`] | `ordo mcp` — the tools served to MCP clients |
//!
//! Around them: [`approve`] (the approval channel), [`live`] (cards on a terminal),
//! [`interrupt`] (Ctrl-C), [`store`] (where state is kept), [`telemetry`] (logs on stderr,
//! spans and metrics to OpenTelemetry).

mod approve;
mod args;
mod calls;
mod exit;
mod interrupt;
mod live;
mod mcp;
mod output;
mod replay;
mod run;
mod sessions;
mod setup;
mod store;
mod telemetry;
mod tools;

use std::process::ExitCode;

use clap::Parser;

use args::{Cli, Command};
use exit::{CliError, Exit};
use ordo::visible;
use output::notice;

/// Parses the command line, runs the command, and says how it ended.
pub(crate) fn main() -> ExitCode {
    let cli = Cli::parse();
    let flags = ordo::telemetry::Flags { otel: cli.otel, content: cli.otel_content };
    let telemetry = match telemetry::start(flags) {
        Ok(telemetry) => telemetry,
        Err(CliError { exit, message }) => {
            notice!("ordo: {}", visible::lines(&message));
            return exit.into();
        }
    };
    let ended = match cli.command {
        Command::Tools(args) => with_runtime(Threads::One, tools::run(&args)),
        Command::Replay(args) => with_runtime(Threads::One, replay::run(&args)),
        Command::Sessions(args) => sessions::run(&args),
        Command::Run(args) => with_runtime(Threads::One, run::run(args)),
        Command::Resume(args) => with_runtime(Threads::One, run::resume(args)),
        Command::Calls(args) => with_runtime(Threads::One, calls::run(args)),
        Command::Mcp(args) => with_runtime(Threads::PerCore, mcp::run(args)),
    };
    // The last spans leave before the process does.
    if let Some(telemetry) = telemetry {
        telemetry.shutdown();
    }
    match ended {
        Ok(exit) => exit.into(),
        Err(CliError { exit, message }) => {
            let message = message.strip_prefix("ordo: ").unwrap_or(&message);
            notice!("ordo: {}", visible::lines(message));
            exit.into()
        }
    }
}

/// The threads a command's async runtime gets.
#[derive(Clone, Copy)]
enum Threads {
    /// One: a command that runs one session's calls. Its work is a chain of hand-offs (the
    /// worker's request, the tool, the answer), and each hand-off to another runtime thread is
    /// a wake-up of a sleeping CPU that costs more than the work; tools that block still go to
    /// the blocking pool.
    One,
    /// One per CPU: a server, whose clients' sessions run side by side.
    PerCore,
}

/// Runs a command that needs the async runtime.
fn with_runtime(
    threads: Threads,
    command: impl Future<Output = Result<Exit, CliError>>,
) -> Result<Exit, CliError> {
    let mut builder = match threads {
        Threads::One => tokio::runtime::Builder::new_current_thread(),
        Threads::PerCore => tokio::runtime::Builder::new_multi_thread(),
    };
    let runtime = builder
        .enable_all()
        .build()
        .map_err(|error| CliError::failed(format!("cannot start the async runtime: {error}")))?;
    let ended = runtime.block_on(command);
    // Calls that ignored cancellation are not waited for past this point.
    runtime.shutdown_timeout(std::time::Duration::from_millis(100));
    ended
}
