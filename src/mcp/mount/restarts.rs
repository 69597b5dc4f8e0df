//! How often a mounted server that died is started again (R-MCPM-5): at most
//! [`RESTARTS_PER_WINDOW`] times in any [`WINDOW`], each restart after the first in a window
//! waiting a backoff that doubles from [`FIRST_BACKOFF`] (counted from the restart before it, so
//! a server that ran a while is restarted at once). A server past its budget is not started
//! again until its oldest restart leaves the window: the budget is lifted by time, never spent
//! for good, and the error says when.

use std::collections::VecDeque;
use std::time::Duration;

use tokio::time::Instant;

/// Restarts allowed in any window.
pub(super) const RESTARTS_PER_WINDOW: usize = 5;
/// The window.
pub(super) const WINDOW: Duration = Duration::from_secs(60);
/// The wait before the second restart in a window; doubled for each after it.
const FIRST_BACKOFF: Duration = Duration::from_millis(100);
/// The longest wait before a restart.
pub(super) const MAX_BACKOFF: Duration = Duration::from_secs(5);

/// A server's restarts in the last [`WINDOW`].
#[derive(Debug, Default)]
pub(super) struct RestartBudget {
    recent: VecDeque<Instant>,
}

/// The budget is spent: how many restarts the window holds, and when the next is allowed.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Spent {
    pub(super) restarts: usize,
    pub(super) retry_in: Duration,
}

impl std::fmt::Display for Spent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "it exited and was restarted {} times in the last {} s (ordo restarts a server at \
             most {RESTARTS_PER_WINDOW} times in {} s); it is started again in {:.1} s",
            self.restarts,
            WINDOW.as_secs(),
            WINDOW.as_secs(),
            self.retry_in.as_secs_f64()
        )
    }
}

impl RestartBudget {
    /// Whether a restart may happen at `now`, and after what wait; `Err` when the window's
    /// budget is spent. Nothing is counted until [`record`](Self::record).
    pub(super) fn allows(&mut self, now: Instant) -> Result<Duration, Spent> {
        while self.recent.front().is_some_and(|at| now.duration_since(*at) >= WINDOW) {
            self.recent.pop_front();
        }
        if self.recent.len() >= RESTARTS_PER_WINDOW {
            let oldest = self.recent.front().copied().unwrap_or(now);
            let retry_in = (oldest + WINDOW).saturating_duration_since(now);
            return Err(Spent { restarts: self.recent.len(), retry_in });
        }
        let Some(last) = self.recent.back() else { return Ok(Duration::ZERO) };
        let doublings = u32::try_from(self.recent.len() - 1).unwrap_or(u32::MAX).min(16);
        let backoff = FIRST_BACKOFF.saturating_mul(1 << doublings).min(MAX_BACKOFF);
        Ok((*last + backoff).saturating_duration_since(now))
    }

    /// Counts a restart made at `at`.
    pub(super) fn record(&mut self, at: Instant) {
        self.recent.push_back(at);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Restarts back to back: no wait for the first, then 100, 200, 400, 800 ms; the sixth in
    /// the window is refused until the first leaves it, then allowed again.
    #[tokio::test(start_paused = true)]
    async fn r_mcpm_5_restarts_back_off_and_a_spent_budget_is_lifted_by_time() {
        let mut budget = RestartBudget::default();
        let began = Instant::now();
        let mut waits = Vec::new();
        for _ in 0..RESTARTS_PER_WINDOW {
            let wait = budget.allows(Instant::now()).unwrap();
            waits.push(wait.as_millis());
            tokio::time::sleep(wait).await;
            budget.record(Instant::now());
        }
        assert_eq!(waits, [0, 100, 200, 400, 800]);
        let spent = budget.allows(Instant::now()).unwrap_err();
        assert_eq!(spent.restarts, 5);
        assert_eq!(spent.retry_in, WINDOW - Duration::from_millis(1500));
        assert!(spent.to_string().contains("restarted 5 times in the last 60 s"), "{spent}");
        assert!(spent.to_string().ends_with("started again in 58.5 s"), "{spent}");
        tokio::time::sleep(spent.retry_in).await;
        assert_eq!(began.elapsed(), WINDOW);
        let wait = budget.allows(Instant::now()).expect("the window passed: lifted");
        assert_eq!(wait, Duration::ZERO, "the last restart was long enough ago");
    }

    /// A server that ran a while since its last restart is restarted at once.
    #[tokio::test(start_paused = true)]
    async fn r_mcpm_5_a_server_that_ran_a_while_restarts_without_waiting() {
        let mut budget = RestartBudget::default();
        for _ in 0..3 {
            budget.record(Instant::now());
            tokio::time::sleep(Duration::from_secs(10)).await;
        }
        assert_eq!(budget.allows(Instant::now()), Ok(Duration::ZERO));
        tokio::time::sleep(WINDOW).await;
        assert!(budget.allows(Instant::now()).is_ok());
        assert!(budget.recent.is_empty(), "restarts out of the window are forgotten");
    }
}
