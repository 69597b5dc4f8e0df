//! When a pausable run pauses: every host call in flight waits on something outside the run
//! (a person's approval), and the script has nothing else to run (DESIGN.md R-RUN-1).
//!
//! The first half is the host functions' to say: a call that will not be answered within
//! this run [`Parking::park`]s. The second only the worker knows: when every call in flight
//! is parked the driver sends a probe, and the worker says `Idle` when it next has nothing to
//! run, with how many answers it had read by then. The run pauses when that count is every
//! answer sent and every call in flight is still parked: no answer is on its way and none
//! can come. A worker that lies about being idle only pauses its own run early.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use tokio::sync::Notify;

/// A call's handle on its run's pause: a host function whose call waits on something outside
/// the run parks it; a run pauses only when every call in flight is parked. A call of a run
/// that cannot pause gets a handle that does nothing (and costs no allocation).
#[derive(Clone, Debug, Default)]
pub struct Parking(Option<(Arc<ParkedCalls>, Arc<AtomicBool>)>);

/// How many calls of a run are parked, and a wake-up for its driver when that changes.
#[derive(Debug, Default)]
pub(crate) struct ParkedCalls {
    count: AtomicUsize,
    changed: Notify,
}

impl Parking {
    /// Marks the call as waiting outside the run, until [`unpark`](Self::unpark) or its end.
    pub fn park(&self) {
        if let Some((run, this)) = &self.0
            && !this.swap(true, Ordering::AcqRel)
        {
            run.count.fetch_add(1, Ordering::AcqRel);
            run.changed.notify_one();
        }
    }

    /// The call is back in the run (its answer is coming).
    pub fn unpark(&self) {
        if let Some((run, this)) = &self.0
            && this.swap(false, Ordering::AcqRel)
        {
            run.count.fetch_sub(1, Ordering::AcqRel);
            run.changed.notify_one();
        }
    }

    /// Whether the call is parked.
    pub fn is_parked(&self) -> bool {
        self.0.as_ref().is_some_and(|(_, this)| this.load(Ordering::Acquire))
    }
}

impl ParkedCalls {
    /// A handle for one more call of the run.
    pub(crate) fn handle(self: &Arc<Self>) -> Parking {
        Parking(Some((Arc::clone(self), Arc::default())))
    }

    /// How many calls are parked.
    pub(crate) fn count(&self) -> usize {
        self.count.load(Ordering::Acquire)
    }

    /// Resolves when a call parks or unparks.
    pub(crate) async fn changed(&self) {
        self.changed.notified().await;
    }
}

/// The driver's side of a pausable run's pause.
#[derive(Debug, Default)]
pub(crate) struct Quiescence {
    pub(crate) parked: Arc<ParkedCalls>,
    /// Answers sent to the worker.
    answers_sent: u64,
    /// A probe is out and not answered.
    probing: bool,
}

impl Quiescence {
    /// An answer went to the worker.
    pub(crate) fn answer_sent(&mut self) {
        self.answers_sent += 1;
    }

    /// Whether to send a probe now: every one of `in_flight` calls is parked and none is out.
    pub(crate) fn should_probe(&mut self, in_flight: usize) -> bool {
        let probe = !self.probing && in_flight > 0 && self.parked.count() == in_flight;
        self.probing |= probe;
        probe
    }

    /// The worker said it is idle having read `answered` answers: whether the run pauses.
    pub(crate) fn idle(&mut self, answered: u64, in_flight: usize) -> bool {
        self.probing = false;
        answered == self.answers_sent && in_flight > 0 && self.parked.count() == in_flight
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_pauses_only_when_every_call_is_parked_and_every_answer_was_read() {
        let mut quiet = Quiescence::default();
        let (first, second) = (quiet.parked.handle(), quiet.parked.handle());
        first.park();
        first.park();
        assert!(!quiet.should_probe(2), "one of two calls is parked");
        second.park();
        assert!(quiet.should_probe(2));
        assert!(!quiet.should_probe(2), "one probe at a time");
        quiet.answer_sent();
        assert!(!quiet.idle(0, 2), "the worker had not read the answer sent");
        assert!(quiet.should_probe(2));
        assert!(quiet.idle(1, 2));
        second.unpark();
        assert!(!quiet.idle(1, 2));
        assert_eq!(quiet.parked.count(), 1);
    }
}
