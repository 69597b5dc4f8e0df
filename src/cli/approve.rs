//! The approval channel of the CLI (R-CLI-6): `--approve yes|no`, or a prompt on the terminal.
//!
//! Without a terminal and without the flag there is no channel at all, so calls that need
//! approval end `APPROVAL_UNAVAILABLE`: nobody can say yes, and the model should know that
//! asking again will not help.

use std::io::{IsTerminal, Write};
use std::sync::Arc;

use console::{Key, Term, style};
use indicatif::MultiProgress;
use ordo_tools::{ApprovalOutcome, ApprovalRequest, ApprovalService};

use super::args::ApproveMode;

/// The approval service for `mode`, or none when there is nobody to ask.
pub(crate) fn service(
    mode: Option<ApproveMode>,
    bars: Option<MultiProgress>,
) -> Option<Arc<dyn ApprovalService>> {
    let mode = mode.or_else(|| terminal_attached().then_some(ApproveMode::Prompt))?;
    Some(match mode {
        ApproveMode::Yes => Arc::new(|_| async { ApprovalOutcome::AllowedOnce }),
        ApproveMode::No => Arc::new(|_| async { ApprovalOutcome::Rejected }),
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
            match &bars {
                Some(bars) => bars.suspend(|| eprint!("{question}")),
                None => eprint!("{question}"),
            }
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
            match &bars {
                Some(bars) => bars.suspend(|| eprintln!("{said}")),
                None => eprintln!("{said}"),
            }
            outcome
        })
    }
}

/// The question: the call's card, what the policy wants considered, and the keys.
fn question(request: &ApprovalRequest) -> String {
    let mut text =
        format!("\n{} {}\n", style("?").yellow().bold(), style(&request.card.title).bold());
    if let Some(detail) = &request.card.detail {
        for line in detail.lines().take(12) {
            text.push_str(&format!("    {line}\n"));
        }
    }
    if !request.prompt.is_empty() {
        text.push_str(&format!("  {}\n", request.prompt));
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
