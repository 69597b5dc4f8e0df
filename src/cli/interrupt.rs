//! Ctrl-C (R-CLI-4): the first cancels the step as R-SCHED-5 says (started calls are told to
//! stop and awaited, unstarted ones get `ABORTED_BEFORE_DISPATCH`, every call gets its one result in the log);
//! the second exits at once, leaving the log for `ordo replay` to repair.

use tokio::signal::unix::{SignalKind, signal};
use tokio_util::sync::CancellationToken;

use super::exit::Exit;
use super::output::notice;

/// Watches for Ctrl-C; returns the token the first one cancels.
///
/// The handler is installed here, before the step starts, and one stream takes both signals: a
/// listener made inside the watching task was only installed once that task first ran, which
/// on the one-thread runtime of a loaded machine came after the tools had started, so an early
/// Ctrl-C killed ordo with no log repaired; and a second listener made after the first signal
/// missed a second Ctrl-C sent before it existed.
pub(crate) fn watch() -> CancellationToken {
    let signal_token = CancellationToken::new();
    let cancel = signal_token.clone();
    let Ok(mut interrupts) = signal(SignalKind::interrupt()) else {
        // No handler could be installed: Ctrl-C keeps its default, ending ordo at once.
        return signal_token;
    };
    tokio::spawn(async move {
        if interrupts.recv().await.is_none() {
            return;
        }
        cancel.cancel();
        notice!("\nordo: interrupted; cancelling the calls in flight (Ctrl-C again to quit now)");
        if interrupts.recv().await.is_some() {
            std::process::exit(Exit::Interrupted as i32);
        }
    });
    signal_token
}
