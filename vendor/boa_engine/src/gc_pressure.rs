//! ordo's patch: a collection when the memory the engine's objects own has grown.
//!
//! The garbage collector counts the bytes of its own boxes, not what they own: an array of
//! 100,000 numbers is a box of a few hundred bytes and 800 KB of elements outside it. A loop
//! that makes such an array each time and drops it allocates little that the collector sees,
//! so it collected none of them: 1,500 turns of `Array.from({ length: 1e5 }, f)` ran a 1 GiB
//! worker out of memory where Node stays under 100 MB. The embedder may give the engine a probe
//! of the bytes its thread holds ([`watch_external_memory`]); before each new object the
//! engine then collects once those bytes have grown by half of what the last collection left
//! (at least [`MIN_GROWTH`]) since it.

use std::cell::Cell;

/// The least growth of the probed bytes that starts a collection.
pub const MIN_GROWTH: usize = 32 << 20;

thread_local! {
    static PROBE: Cell<Option<fn() -> usize>> = const { Cell::new(None) };
    static NEXT_COLLECTION: Cell<usize> = const { Cell::new(usize::MAX) };
}

/// Collects garbage on this thread whenever `probe` (the bytes the thread holds, as its
/// allocator counts them) has grown by half of what it was after the last collection, and at
/// least by [`MIN_GROWTH`].
pub fn watch_external_memory(probe: fn() -> usize) {
    PROBE.set(Some(probe));
    NEXT_COLLECTION.set(next_collection(probe()));
}

fn next_collection(live: usize) -> usize {
    live.saturating_add((live / 2).max(MIN_GROWTH))
}

/// Called before an object is allocated, where the collector may run anyway.
#[inline]
pub(crate) fn before_allocation() {
    if let Some(probe) = PROBE.get()
        && probe() > NEXT_COLLECTION.get()
    {
        collect(probe);
    }
}

#[cold]
#[inline(never)]
fn collect(probe: fn() -> usize) {
    boa_gc::force_collect();
    NEXT_COLLECTION.set(next_collection(probe()));
}
