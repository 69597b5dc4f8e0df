//! How a command ends (R-CLI-4): its exit code, and the one-line reason on stderr.

use std::process::ExitCode;

/// The exit codes of R-CLI-4.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Exit {
    /// Success.
    Success = 0,
    /// The run ended in an error result.
    ErrorResult = 1,
    /// A usage or configuration error: bad flag, unreadable file, invalid manifest.
    Usage = 2,
    /// The run paused for approval (`--approve later`): `ordo resume` continues it.
    Paused = 3,
    /// Ctrl-C: the run was cancelled, and the session log is complete.
    Interrupted = 130,
}

impl From<Exit> for ExitCode {
    fn from(exit: Exit) -> Self {
        ExitCode::from(exit as u8)
    }
}

/// A command that could not do its work: what went wrong, and the exit code it means.
#[derive(Debug)]
pub(crate) struct CliError {
    pub(crate) exit: Exit,
    pub(crate) message: String,
}

impl CliError {
    /// A usage or configuration error (exit 2).
    pub(crate) fn usage(message: impl Into<String>) -> Self {
        Self { exit: Exit::Usage, message: message.into() }
    }

    /// A failure while running (exit 1).
    pub(crate) fn failed(message: impl Into<String>) -> Self {
        Self { exit: Exit::ErrorResult, message: message.into() }
    }
}
