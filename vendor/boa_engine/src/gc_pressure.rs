//! ordo's patch: a collection when the memory the engine's objects own has grown.
//!
//! The garbage collector counts the bytes of its own boxes, not what they own: an array of
//! 100,000 numbers is a box of a few hundred bytes and 800 KB of elements outside it. A loop
//! that makes such an array each time and drops it allocates little that the collector sees,
//! so it collected none of them: 1,500 turns of `Array.from({ length: 1e5 }, f)` ran a 1 GiB
//! worker out of memory where Node stays under 100 MB. An embedder whose global allocator
//! reports what each thread holds ([`count_held_bytes`]) and that asks for it
//! ([`watch_external_memory`]) gets a collection before a new object whenever those bytes have
//! doubled since the last collection, and grown by at least the least growth it gave (a
//! fraction of the memory it allows, say).

use std::cell::Cell;

thread_local! {
    /// What this thread allocated less what it freed (a block freed by another thread than
    /// the one that allocated it counts against the thread that frees it).
    static HELD: Cell<isize> = const { Cell::new(0) };
    static NEXT_COLLECTION: Cell<isize> = const { Cell::new(isize::MAX) };
    static MIN_GROWTH: Cell<isize> = const { Cell::new(isize::MAX) };
}

/// For an embedder's global allocator: the calling thread allocated `allocated` bytes and freed
/// `freed`. Touches a thread-local counter only (it allocates nothing).
#[inline]
pub fn count_held_bytes(allocated: usize, freed: usize) {
    HELD.set(
        HELD.get()
            .wrapping_add(allocated.cast_signed())
            .wrapping_sub(freed.cast_signed()),
    );
}

/// The bytes the calling thread holds, as the allocator reported them (0 without reports).
#[must_use]
pub fn held_bytes() -> usize {
    HELD.get().max(0).cast_unsigned()
}

/// Collects garbage on this thread, before a new object, whenever the bytes it holds have
/// doubled since the last collection (or since now) and grown by at least `min_growth`.
pub fn watch_external_memory(min_growth: usize) {
    MIN_GROWTH.set(min_growth.min(isize::MAX.cast_unsigned()).cast_signed());
    NEXT_COLLECTION.set(next_collection());
}

fn next_collection() -> isize {
    let held = HELD.get().max(0);
    held.saturating_add(held.max(MIN_GROWTH.get()))
}

/// Called before an object is allocated, where the collector may run anyway.
#[inline]
pub(crate) fn before_allocation() {
    if HELD.get() > NEXT_COLLECTION.get() {
        collect();
    }
}

#[cold]
#[inline(never)]
fn collect() {
    boa_gc::force_collect();
    NEXT_COLLECTION.set(next_collection());
}
