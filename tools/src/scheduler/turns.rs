//! Taking turns to prepare, in the order calls arrive (R-SCHED-3, R-CODE-3).
//!
//! Prepares of one session never overlap, whichever door their calls came in by: approval
//! prompts never stack and guards see calls one at a time. A call takes its ticket when it
//! arrives (a nested call synchronously, when the script makes it), so tickets are handed out in
//! arrival order whatever order the calls' futures are later polled in. A ticket waits for its
//! turn; the turn passes to the next ticket when it is dropped. A ticket dropped before its turn
//! came (its call's future was dropped) gives up its place, so it never holds the calls behind
//! it.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, PoisonError};

use tokio::sync::oneshot;

/// The turns of one session's prepares.
#[derive(Default)]
pub(crate) struct Turns {
    queue: Mutex<Queue>,
}

#[derive(Default)]
struct Queue {
    /// Whether a ticket holds the turn now.
    taken: bool,
    /// The tickets waiting, in the order they were taken.
    waiting: VecDeque<oneshot::Sender<()>>,
}

/// A place in line.
pub(crate) struct Ticket {
    turns: Arc<Turns>,
    called: Option<oneshot::Receiver<()>>,
    holds_turn: bool,
}

impl Turns {
    /// A ticket behind every ticket taken before it.
    pub(crate) fn ticket(self: &Arc<Self>) -> Ticket {
        let mut queue = self.lock();
        if !queue.taken && queue.waiting.is_empty() {
            queue.taken = true;
            return Ticket { turns: Arc::clone(self), called: None, holds_turn: true };
        }
        let (call, called) = oneshot::channel();
        queue.waiting.push_back(call);
        Ticket { turns: Arc::clone(self), called: Some(called), holds_turn: false }
    }

    /// Passes the turn to the next ticket still waiting, or frees it.
    fn pass(&self) {
        let mut queue = self.lock();
        while let Some(next) = queue.waiting.pop_front() {
            if next.send(()).is_ok() {
                return;
            }
        }
        queue.taken = false;
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Ticket {
    /// Waits until it is this ticket's turn; the turn is held until the ticket is dropped.
    pub(crate) async fn turn(&mut self) {
        if let Some(called) = &mut self.called {
            // The sender is only dropped unsent by `pass`, which never drops a live ticket's.
            let _ = called.await;
            self.called = None;
            self.holds_turn = true;
        }
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        if let Some(mut called) = self.called.take() {
            // Not called yet: leave the line. If the call came meanwhile, the turn is ours to
            // pass on.
            called.close();
            self.holds_turn = called.try_recv().is_ok();
        }
        if self.holds_turn {
            self.turns.pass();
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use futures::FutureExt;

    use super::Turns;

    #[tokio::test]
    async fn tickets_take_turns_in_the_order_they_were_taken() {
        let turns = Arc::new(Turns::default());
        let mut first = turns.ticket();
        let mut second = turns.ticket();
        let mut third = turns.ticket();
        assert!(third.turn().now_or_never().is_none());
        assert!(second.turn().now_or_never().is_none());
        assert!(first.turn().now_or_never().is_some());
        drop(first);
        assert!(third.turn().now_or_never().is_none(), "the second goes first");
        assert!(second.turn().now_or_never().is_some());
        drop(second);
        assert!(third.turn().now_or_never().is_some());
    }

    #[tokio::test]
    async fn a_ticket_dropped_before_its_turn_holds_no_one_up() {
        let turns = Arc::new(Turns::default());
        let first = turns.ticket();
        let second = turns.ticket();
        let mut third = turns.ticket();
        drop(second);
        drop(first);
        assert!(third.turn().now_or_never().is_some());
        drop(third);
        let mut fourth = turns.ticket();
        assert!(fourth.turn().now_or_never().is_some(), "the turn was freed");
    }

    #[tokio::test]
    async fn a_ticket_dropped_after_being_called_but_before_noticing_passes_the_turn() {
        let turns = Arc::new(Turns::default());
        let first = turns.ticket();
        let second = turns.ticket();
        let mut third = turns.ticket();
        drop(first); // calls the second, which never looks
        drop(second);
        assert!(third.turn().now_or_never().is_some());
    }
}
