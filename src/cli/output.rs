//! Writing results to stdout, and notices to stderr.

use std::fmt;
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

/// Writes a line to stderr, as `eprintln!` does, but ignores a stderr that is closed or full.
///
/// A notice is never worth a panic: `eprintln!` panics when stderr is a closed pipe (`ordo mcp
/// 2>&1 | head`), and a signal task that panicked before it cancelled left the server running
/// after SIGTERM.
macro_rules! notice {
    ($($arg:tt)*) => { $crate::cli::output::write_notice(format_args!($($arg)*)) };
}
pub(crate) use notice;

/// The body of [`notice!`].
pub(crate) fn write_notice(line: fmt::Arguments<'_>) {
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}
