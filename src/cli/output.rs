//! Writing results to stdout.

use std::io::Write;

use serde_json::Value;

use super::exit::CliError;

/// Prints a JSON value, pretty, with a final newline. A closed pipe (`| head`) is not an error.
pub(crate) fn print_json(value: &Value) -> Result<(), CliError> {
    let mut stdout = std::io::stdout().lock();
    let written = serde_json::to_writer_pretty(&mut stdout, value)
        .map_err(std::io::Error::from)
        .and_then(|()| writeln!(stdout))
        .and_then(|()| stdout.flush());
    match written {
        Err(error) if error.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(CliError::failed(format!("ordo: cannot write to stdout: {error}")))
        }
        _ => Ok(()),
    }
}

/// Prints text with a final newline; a closed pipe is not an error.
pub(crate) fn print_text(text: &str) -> Result<(), CliError> {
    let mut stdout = std::io::stdout().lock();
    match writeln!(stdout, "{text}").and_then(|()| stdout.flush()) {
        Err(error) if error.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(CliError::failed(format!("ordo: cannot write to stdout: {error}")))
        }
        _ => Ok(()),
    }
}
