//! Where bodies run: the exclusive gate and the pool of seats (R-SCHED-3, R-SCHED-7).
//!
//! A body needs a place before it runs: a pass through its level's gate and a seat.
//!
//! - **Gates.** Top-level calls (steps, independent calls) share the session's gate; the
//!   nested calls of a parent share a gate of the parent's own. A parallel body holds a share of
//!   its gate, an exclusive body holds it alone. An exclusive top-level call therefore runs with
//!   no other body of the session but its own nested calls, which pass through their parent's
//!   gate, not the session's (a `run_code` is exclusive and must not deadlock against the calls
//!   it makes).
//! - **Seats.** The session has `max_parallel` of them, and every running body holds exactly one.
//!   A parent lends its seat to its nested calls, one at a time, before they take seats from the
//!   pool: a parent waiting on its nested calls is not running anything itself, and a pool of one
//!   seat must not deadlock a parent against its own calls.
//!
//! Both gates and the pool are tokio semaphores, which are fair: a waiting exclusive call is not
//! overtaken by parallel calls that arrive after it.

use std::sync::{Arc, OnceLock};

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::registry::ExecutionMode;

/// How many shares a gate has; an exclusive body takes them all. Far more than any pool.
const SHARES: u32 = 1 << 24;

/// The seats of a session: at most `max_parallel` bodies at once.
pub(crate) type Pool = Arc<Semaphore>;

/// What the calls of one level share: their gate, and the seat of the parent they are nested
/// under (none at top level).
#[derive(Debug)]
pub(crate) struct Room {
    gate: Arc<Semaphore>,
    /// The parent's seat, free for one of its calls at a time.
    lent: Option<Arc<Semaphore>>,
}

/// A body's place: its pass through the gate and its seat. Dropping it frees both.
#[derive(Debug)]
pub(crate) struct Place {
    _seat: OwnedSemaphorePermit,
    _pass: OwnedSemaphorePermit,
}

impl Room {
    /// The session's own room: its top-level gate, no parent to borrow from.
    pub(crate) fn top() -> Self {
        Self { gate: Arc::new(Semaphore::new(SHARES as usize)), lent: None }
    }

    /// The room of a parent's nested calls: a gate of their own, and the parent's seat to
    /// borrow.
    fn nested() -> Self {
        Self {
            gate: Arc::new(Semaphore::new(SHARES as usize)),
            lent: Some(Arc::new(Semaphore::new(1))),
        }
    }

    /// Waits for a place: first the gate (a share, or all of it), then a seat, the parent's if
    /// it is free, else one from the pool. Cancel-safe: dropped while waiting, it takes nothing.
    pub(crate) async fn take(&self, mode: ExecutionMode, pool: &Pool) -> Place {
        let shares = match mode {
            ExecutionMode::Parallel => 1,
            ExecutionMode::Exclusive => SHARES,
        };
        // Neither semaphore is ever closed.
        let pass = Arc::clone(&self.gate)
            .acquire_many_owned(shares)
            .await
            .unwrap_or_else(|_| unreachable!("a gate is never closed"));
        let seat = match &self.lent {
            None => Arc::clone(pool).acquire_owned().await,
            Some(lent) => tokio::select! {
                biased;
                seat = Arc::clone(lent).acquire_owned() => seat,
                seat = Arc::clone(pool).acquire_owned() => seat,
            },
        };
        let seat = seat.unwrap_or_else(|_| unreachable!("a pool is never closed"));
        Place { _seat: seat, _pass: pass }
    }
}

/// The room a running body's nested calls will share, made when the first of them arrives
/// (most bodies make none).
#[derive(Debug, Default)]
pub(crate) struct NestedRoom(OnceLock<Arc<Room>>);

impl NestedRoom {
    pub(crate) fn get(&self) -> Arc<Room> {
        Arc::clone(self.0.get_or_init(|| Arc::new(Room::nested())))
    }
}
