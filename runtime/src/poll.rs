//! Polling for a message expected within microseconds, shared by both sides of a run.
//!
//! On a machine whose idle CPUs sleep (a virtual machine halts an idle vCPU), waking a blocked
//! thread costs tens of microseconds (measured here: ~35 µs from the write that wakes it to the
//! thread running), and a host call's round trip had two such wake-ups: most of its cost. So
//! the side that expects the other's answer soon (the worker after a host call, the host's
//! driver after answering one) polls for it for a short while before it blocks, yielding the
//! CPU at every try: it takes nothing from work that is ready to run, the other side included
//! when it shares the CPU.

use std::time::{Duration, Instant};

/// How long a side polls for an expected message before it blocks. An answer given at once
/// comes back well within it; a slow one costs at most this much CPU more.
pub(crate) const POLL_FOR: Duration = Duration::from_micros(100);

/// Tries `attempt` until it gives something or `until` passes, yielding the CPU between tries.
pub(crate) fn poll_until<T>(until: Instant, mut attempt: impl FnMut() -> Option<T>) -> Option<T> {
    loop {
        if let Some(found) = attempt() {
            return Some(found);
        }
        if Instant::now() >= until {
            return None;
        }
        std::thread::yield_now();
    }
}
