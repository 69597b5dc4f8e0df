//! The approval channel of the CLI (R-CLI-6): `--approve yes|no`, or a prompt on the terminal.
//!
//! Without a terminal and without the flag there is no channel at all, so calls that need
//! approval end `APPROVAL_UNAVAILABLE`: nobody can say yes, and the model should know that
//! asking again will not help.

use std::io::{IsTerminal, Write};
use std::sync::Arc;

use console::{Key, Term, style};
use indicatif::{MultiProgress, ProgressDrawTarget};
use ordo::visible;
use ordo_tools::presentation::headline;
use ordo_tools::{ApprovalOutcome, ApprovalRequest, ApprovalService};

use super::args::ApproveMode;
use super::output::notice;

/// The approval service for `mode`, or none when there is nobody to ask.
pub(crate) fn service(
    mode: Option<ApproveMode>,
    bars: Option<MultiProgress>,
) -> Option<Arc<dyn ApprovalService>> {
    let mode = mode.or_else(|| terminal_attached().then_some(ApproveMode::Prompt))?;
    Some(match mode {
        ApproveMode::Yes => Arc::new(|_| async { ApprovalOutcome::AllowedOnce }),
        ApproveMode::No => Arc::new(|_| async { ApprovalOutcome::Rejected }),
        ApproveMode::Later => Arc::new(|_| async { ApprovalOutcome::Deferred }),
        ApproveMode::Prompt => Arc::new(Prompt { bars, turn: Arc::default() }),
    })
}

/// Whether a human is at a terminal to answer.
fn terminal_attached() -> bool {
    std::io::stdin().is_terminal() && std::io::stderr().is_terminal()
}

/// Asks on the terminal, one question at a time: concurrent calls wait their turn.
struct Prompt {
    bars: Option<MultiProgress>,
    turn: Arc<tokio::sync::Mutex<()>>,
}

impl ApprovalService for Prompt {
    fn ask(
        &self,
        request: ApprovalRequest,
    ) -> futures::future::BoxFuture<'static, ApprovalOutcome> {
        let (bars, turn) = (self.bars.clone(), Arc::clone(&self.turn));
        Box::pin(async move {
            let _turn = tokio::select! {
                turn = turn.lock_owned() => turn,
                () = request.signal.cancelled() => return ApprovalOutcome::Cancelled,
            };
            let question = question(&request);
            // Every live card is paused while the question is up: nothing repaints over it.
            let _paused = bars.as_ref().map(Paused::new);
            eprint!("{question}");
            let _ = std::io::stderr().flush();
            // The key is read on a blocking thread; if the call is cancelled meanwhile the
            // question is withdrawn and the read is left to finish on its own.
            let answer = tokio::task::spawn_blocking(read_answer);
            let outcome = tokio::select! {
                answer = answer => answer.unwrap_or(ApprovalOutcome::Cancelled),
                () = request.signal.cancelled() => ApprovalOutcome::Cancelled,
            };
            let said = match outcome {
                ApprovalOutcome::AllowedOnce => style("allowed").green(),
                ApprovalOutcome::Rejected => style("rejected").red(),
                _ => style("cancelled").yellow(),
            };
            notice!("{said}");
            outcome
        })
    }
}

/// Hides the live cards while it lives, and shows them again when dropped.
struct Paused(MultiProgress);

impl Paused {
    fn new(bars: &MultiProgress) -> Self {
        bars.set_draw_target(ProgressDrawTarget::hidden());
        Self(bars.clone())
    }
}

impl Drop for Paused {
    fn drop(&mut self) {
        self.0.set_draw_target(ProgressDrawTarget::stderr());
    }
}

/// The question: the call's card headed by its tool's name, its whole arguments (what the human
/// approves is what runs, not a projection of it), what the policy wants considered, and the
/// keys. Everything from outside is shown escaped (R-CLI-9).
fn question(request: &ApprovalRequest) -> String {
    let title = headline(&request.tool, &request.card);
    let title = visible::line(&title);
    let mut text = format!("\n{} {}\n", style("?").yellow().bold(), style(title).bold());
    let arguments = request.arguments.value();
    let pretty = if request.arguments.parse_error().is_some() {
        format!("(not JSON) {}", request.arguments.raw())
    } else {
        serde_json::to_string_pretty(arguments)
            .unwrap_or_else(|_| request.arguments.raw().to_owned())
    };
    text.push_str(&format!("  {} {}:\n", style("tool").dim(), visible::line(&request.tool)));
    for line in pretty.lines() {
        text.push_str(&format!("    {}\n", visible::line(line)));
    }
    if !request.prompt.is_empty() {
        text.push_str(&format!("  {}\n", visible::lines(&request.prompt)));
    }
    text.push_str(&format!(
        "  Allow this call? [{}]es / [{}]o / Esc: ",
        style("y").bold(),
        style("n").bold()
    ));
    text
}

/// Reads keys until one answers: y allows, n rejects, Esc or the end of input cancels.
fn read_answer() -> ApprovalOutcome {
    let term = Term::stderr();
    loop {
        match term.read_key() {
            Ok(Key::Char('y' | 'Y')) => return ApprovalOutcome::AllowedOnce,
            Ok(Key::Char('n' | 'N')) => return ApprovalOutcome::Rejected,
            Ok(Key::Char(_) | Key::Enter | Key::Backspace | Key::Tab) => continue,
            Ok(_) | Err(_) => return ApprovalOutcome::Cancelled,
        }
    }
}
