//! The host memory every run of a [`Runtime`](super::Runtime) shares (R-RT-6).
//!
//! Each run charges what it makes the host hold (console output, arguments of its host calls in
//! flight, answers it has not read) against its own budget, `Limits::host_memory_bytes`. A
//! server runs many at once, and N runs each under its own budget made it hold N budgets; so a
//! runtime may also have one budget for all its runs (`Limits::shared_host_memory_bytes`): each
//! run's charge is added to it as it changes, and the run whose charge takes the total past it
//! ends with `limit(host_memory)`, giving its charge back, while the others go on.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A budget shared by the runs of one runtime.
#[derive(Debug)]
pub(crate) struct SharedBudget {
    budget: usize,
    held: AtomicUsize,
}

impl SharedBudget {
    pub(crate) fn new(budget: usize) -> Arc<Self> {
        Arc::new(Self { budget, held: AtomicUsize::new(0) })
    }

    /// The budget, in bytes.
    pub(crate) fn budget(&self) -> usize {
        self.budget
    }
}

/// One run's charge against a shared budget (if the runtime has one), given back when dropped.
#[derive(Debug, Default)]
pub(crate) struct Charge {
    shared: Option<Arc<SharedBudget>>,
    held: usize,
}

impl Charge {
    pub(crate) fn new(shared: Option<Arc<SharedBudget>>) -> Self {
        Self { shared, held: 0 }
    }

    /// Sets this run's charge to `held`; `Err` with the total of all runs when that takes it
    /// past the shared budget (the charge is set all the same: the run is about to end and give
    /// it back).
    pub(crate) fn set(&mut self, held: usize) -> Result<(), usize> {
        let Some(shared) = &self.shared else { return Ok(()) };
        let total = if held >= self.held {
            let more = held - self.held;
            shared.held.fetch_add(more, Ordering::AcqRel) + more
        } else {
            let less = self.held - held;
            shared.held.fetch_sub(less, Ordering::AcqRel) - less
        };
        self.held = held;
        if total > shared.budget { Err(total) } else { Ok(()) }
    }

    /// The shared budget, if there is one.
    pub(crate) fn shared(&self) -> Option<&SharedBudget> {
        self.shared.as_deref()
    }
}

impl Drop for Charge {
    fn drop(&mut self) {
        let _ = self.set(0);
    }
}

/// How much a run must have made the host hold for the allocator to be asked, when it ends,
/// to give its free memory back: below it, the call would cost more than it returns.
pub(crate) const TRIM_AFTER: usize = 1 << 20;

/// Asks the allocator to give the memory it holds free back to the system. glibc's malloc keeps
/// what a run freed (its arenas stay at their peak: a server that served heavy runs stayed at
/// gigabytes while idle); `malloc_trim` returns the free pages of every arena.
pub(crate) fn give_back_free_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only walks and trims glibc's own arenas, under their locks; it takes
    // no pointer and leaves every allocation in use where it is.
    #[allow(unsafe_code)]
    unsafe {
        libc::malloc_trim(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r_rt_6_runs_sharing_a_budget_pass_it_together_and_give_it_back() {
        let shared = SharedBudget::new(100);
        let mut first = Charge::new(Some(Arc::clone(&shared)));
        let mut second = Charge::new(Some(Arc::clone(&shared)));
        assert_eq!(first.set(60), Ok(()));
        assert_eq!(second.set(30), Ok(()));
        assert_eq!(second.set(50), Err(110), "the run that takes the total past it");
        drop(second);
        assert_eq!(first.set(90), Ok(()), "the other goes on once it is given back");
        assert_eq!(first.set(10), Ok(()));
        drop(first);
        assert_eq!(Charge::new(Some(shared)).set(100), Ok(()));
    }
}
