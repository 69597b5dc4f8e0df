//! Ctrl-C (R-CLI-4): the first cancels the step as R-SCHED-5 says (started calls are told to
//! stop and awaited, unstarted ones get `ABORTED_BEFORE_DISPATCH`, every call gets its one result in the log);
//! the second exits at once, leaving the log for `ordo replay` to repair.

use tokio_util::sync::CancellationToken;

use super::exit::Exit;
use super::output::notice;

/// Watches for Ctrl-C; returns the token the first one cancels.
pub(crate) fn watch() -> CancellationToken {
    let signal = CancellationToken::new();
    let cancel = signal.clone();
    tokio::spawn(async move {
        if tokio::signal::ctrl_c().await.is_err() {
            return;
        }
        cancel.cancel();
        notice!("\nordo: interrupted; cancelling the calls in flight (Ctrl-C again to quit now)");
        if tokio::signal::ctrl_c().await.is_ok() {
            std::process::exit(Exit::Interrupted as i32);
        }
    });
    signal
}
