//! One call of a command-backed tool: arguments on stdin, value on stdout (R-CLI-5).
//!
//! The command gets the call's arguments as one line of JSON on its stdin, which is then
//! closed, and prints its value as JSON on stdout. Exit status 0 means success; anything else
//! is a failure (`TOOL_ERROR`) whose message is what the command wrote on stderr. The command
//! runs in ordo's working directory, with only the environment its manifest gives it.
//!
//! The three pipes are served at once, so a command that writes a lot before it reads, or
//! reads nothing, cannot deadlock against ordo. What ordo keeps of them is bounded: a value up
//! to [`MAX_STDOUT`] and the last [`STDERR_KEPT`] of stderr.

use std::future::Future;
use std::os::unix::process::ExitStatusExt;
use std::process::{ExitStatus, Stdio};
use std::sync::Arc;
use std::time::Duration;

use nix::sys::signal::Signal;
use serde_json::Value;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWriteExt};
use tokio::process::{ChildStdin, Command};

use ordo_tools::{CallContext, ToolFailure};

use super::tool::Argv;
use crate::process::Environment;
use crate::process::ProcessGroup;

/// The largest value a command may print.
const MAX_STDOUT: usize = 4 << 20;

/// How much of stderr is kept: its end, where errors usually are.
const STDERR_KEPT: usize = 16 << 10;

/// How long the pipes may stay open once the group is gone. Only a process that left the
/// group (`setsid`) can hold them open longer, and it must not hold the call hostage.
const DRAIN: Duration = Duration::from_millis(500);

/// How much of an unparsable stdout a failure message quotes.
const QUOTED_STDOUT: usize = 200;

/// Runs one call of `argv`. Returns soon after the context's signal fires, the command's
/// whole process group killed and reaped.
pub(super) async fn run(
    argv: Arc<Argv>,
    environment: Arc<Environment>,
    arguments: Arc<Value>,
    context: CallContext,
) -> Result<Value, ToolFailure> {
    let mut input = serde_json::to_vec(&*arguments)?;
    input.push(b'\n');
    let mut command = Command::new(argv.program());
    command.args(argv.args()).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    environment.apply(&mut command);
    let mut group = ProcessGroup::spawn(&mut command).map_err(|error| {
        ToolFailure::new(format!("cannot start {}: {error}", argv.program().display()))
    })?;
    let pipes = group
        .child_mut()
        .map(|child| (child.stdin.take(), child.stdout.take(), child.stderr.take()));
    let Some((Some(stdin), Some(stdout), Some(stderr))) = pipes else {
        return Err(ToolFailure::new("the command's pipes were not set up"));
    };

    let mut out = Collected::head(MAX_STDOUT);
    let mut err = Collected::tail(STDERR_KEPT);
    let ended = {
        let io = async {
            tokio::join!(feed(stdin, &input), out.read_all(stdout), err.read_all(stderr));
        };
        tokio::select! {
            biased;
            () = context.signal().cancelled() => None,
            status = exchange(&mut group, io) => Some(status),
        }
    };
    let Some(status) = ended else {
        // The pipeline records this as ABORTED or TIMEOUT; the message is for the log.
        let _ = group.terminate().await;
        return Err(ToolFailure::new("the command was stopped: its call was cancelled"));
    };
    let status = status
        .map_err(|error| ToolFailure::new(format!("waiting for the command failed: {error}")))?;
    interpret(status, &out, &err)
}

/// Serves the pipes until the leader exits, then gives them [`DRAIN`] to deliver what is left.
async fn exchange(
    group: &mut ProcessGroup,
    io: impl Future<Output = ()>,
) -> std::io::Result<ExitStatus> {
    tokio::pin!(io);
    let status = tokio::select! {
        status = group.wait() => status,
        // The pipes closed first; the leader is about to exit (or the signal will stop it).
        () = &mut io => return group.wait().await,
    };
    // The group was killed with its leader, so the pipes are closing; what the leader wrote
    // before it exited is still to be read.
    let _ = tokio::time::timeout(DRAIN, io).await;
    status
}

/// Writes the arguments and closes stdin. A command that exits without reading them is its own
/// business: the broken pipe is not an error.
async fn feed(mut stdin: ChildStdin, input: &[u8]) {
    let _ = stdin.write_all(input).await;
    drop(stdin);
}

/// What ordo keeps of an output pipe.
struct Collected {
    bytes: Vec<u8>,
    limit: usize,
    /// Keep the last bytes rather than the first.
    keep_tail: bool,
    /// More was written than `limit`.
    overflowed: bool,
}

impl Collected {
    fn head(limit: usize) -> Self {
        Self { bytes: Vec::new(), limit, keep_tail: false, overflowed: false }
    }

    fn tail(limit: usize) -> Self {
        Self { keep_tail: true, ..Self::head(limit) }
    }

    /// Reads the pipe to its end, keeping at most `limit` bytes. It reads on past the limit so
    /// the command never blocks on a full pipe.
    async fn read_all(&mut self, mut pipe: impl AsyncRead + Unpin) {
        let mut buffer = vec![0; 64 << 10];
        while let Ok(read) = pipe.read(&mut buffer).await {
            if read == 0 {
                break;
            }
            let room = self.limit.saturating_sub(self.bytes.len());
            if read > room {
                self.overflowed = true;
            }
            if self.keep_tail {
                self.bytes.extend_from_slice(&buffer[..read]);
                let excess = self.bytes.len().saturating_sub(self.limit);
                self.bytes.drain(..excess);
            } else {
                self.bytes.extend_from_slice(&buffer[..read.min(room)]);
            }
        }
    }

    /// The kept bytes as text, trimmed, with a mark where the start was cut.
    fn text(&self) -> String {
        let text = String::from_utf8_lossy(&self.bytes);
        let text = text.trim();
        if self.overflowed && self.keep_tail { format!("…{text}") } else { text.to_owned() }
    }
}

/// The call's outcome, from how the command ended and what it printed.
fn interpret(status: ExitStatus, out: &Collected, err: &Collected) -> Result<Value, ToolFailure> {
    let stderr = err.text();
    let said = if stderr.is_empty() {
        String::from(" (nothing on stderr)")
    } else {
        format!(": {stderr}")
    };
    if let Some(signal) = status.signal() {
        let name = Signal::try_from(signal)
            .map_or_else(|_| signal.to_string(), |signal| signal.to_string());
        return Err(ToolFailure::new(format!("the command was killed by {name}{said}")));
    }
    if !status.success() {
        let code = status.code().map_or_else(|| String::from("?"), |code| code.to_string());
        return Err(ToolFailure::new(format!("the command exited with status {code}{said}")));
    }
    if out.overflowed {
        return Err(ToolFailure::new(format!(
            "the command printed more than {} MiB on stdout; a value must be smaller",
            MAX_STDOUT >> 20
        )));
    }
    if !stderr.is_empty() {
        // A successful command's stderr is not part of its value; it may still explain it.
        tracing::debug!(%stderr, "the command wrote on stderr");
    }
    let stdout = String::from_utf8_lossy(&out.bytes);
    if stdout.trim().is_empty() {
        return Err(ToolFailure::new(
            "the command printed nothing on stdout; it must print its value as JSON",
        ));
    }
    serde_json::from_str(&stdout).map_err(|error| {
        ToolFailure::new(format!(
            "the command's stdout is not JSON ({error}): {:?}",
            quote(stdout.trim(), QUOTED_STDOUT)
        ))
    })
}

/// At most `max_chars` of `text`, marked with `…` where it was cut.
fn quote(text: &str, max_chars: usize) -> String {
    match text.char_indices().nth(max_chars) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn collected(text: &str) -> Collected {
        Collected { bytes: text.as_bytes().to_vec(), ..Collected::head(MAX_STDOUT) }
    }

    #[test]
    fn exit_statuses_become_failures_that_say_what_happened() {
        let none = collected("");
        let ok = ExitStatus::from_raw(0);
        assert_eq!(interpret(ok, &collected(" [1, 2]\n"), &none), Ok(serde_json::json!([1, 2])));

        let failed = ExitStatus::from_raw(3 << 8);
        let error = interpret(failed, &none, &collected("  no such thing\n")).unwrap_err();
        assert_eq!(error.message(), "the command exited with status 3: no such thing");
        let error = interpret(failed, &none, &none).unwrap_err();
        assert_eq!(error.message(), "the command exited with status 3 (nothing on stderr)");

        let killed = ExitStatus::from_raw(9);
        let error = interpret(killed, &none, &none).unwrap_err();
        assert_eq!(error.message(), "the command was killed by SIGKILL (nothing on stderr)");
    }

    #[test]
    fn stdout_must_be_one_json_value() {
        let ok = ExitStatus::from_raw(0);
        let none = collected("");
        let error = interpret(ok, &none, &none).unwrap_err();
        assert!(error.message().contains("printed nothing on stdout"), "{error}");
        let error = interpret(ok, &collected("hello world"), &none).unwrap_err();
        assert!(error.message().starts_with("the command's stdout is not JSON ("), "{error}");
        assert!(error.message().ends_with(": \"hello world\""), "{error}");
        let long = "x".repeat(500);
        let error = interpret(ok, &collected(&long), &none).unwrap_err();
        assert!(error.message().ends_with(&format!("{}…\"", "x".repeat(200))), "{error}");
    }

    #[tokio::test]
    async fn pipes_keep_a_bounded_head_or_tail() {
        let mut head = Collected::head(4);
        head.read_all(&b"abcdefgh"[..]).await;
        assert_eq!((head.bytes.as_slice(), head.overflowed), (&b"abcd"[..], true));
        let mut tail = Collected::tail(4);
        tail.read_all(&b"abcdefgh"[..]).await;
        assert_eq!((tail.bytes.as_slice(), tail.overflowed), (&b"efgh"[..], true));
        assert_eq!(tail.text(), "…efgh");
    }
}
