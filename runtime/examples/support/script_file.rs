//! The script file a profiling example is given as its one argument.

use std::process::ExitCode;

/// The path and text of the file named by the first argument, or the exit code after saying
/// what was wrong (`usage` when there is no argument).
pub(crate) fn read_script(usage: &str) -> Result<(String, String), ExitCode> {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: {usage}");
        return Err(ExitCode::from(2));
    };
    match std::fs::read_to_string(&path) {
        Ok(code) => Ok((path, code)),
        Err(error) => {
            eprintln!("cannot read {path}: {error}");
            Err(ExitCode::from(2))
        }
    }
}
