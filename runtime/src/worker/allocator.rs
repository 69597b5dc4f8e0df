//! The worker's memory allocator: mimalloc in a worker, the system's everywhere else.
//!
//! A script's values are many small boxes (every object, every closure, every property table),
//! and the engine's collector frees them in batches. glibc's malloc spent about an eighth of a
//! data script's time on its free lists after each batch (`perf` on `csv_aggregate`, see
//! NOTES.md); mimalloc's free lists per page and size class do the same work in a few
//! instructions. The host keeps the system allocator: its memory accounting
//! (`Limits::host_memory_bytes`) was measured with it, and nothing it does allocates like a
//! script.
//!
//! mimalloc 2, not 3 (the `mimalloc` crate's `v2` feature). mimalloc 3 gives a page whose last
//! block is freed back to its arena at once, unless it is the only page of its size class; a
//! script that keeps many strings of one size (the rows of a table it builds) while making and
//! dropping others of that size (the pieces each row is joined from) empties and refills such a
//! page at every row, and each refill is a fresh page from the arena: its bitmaps searched, its
//! free list built again, the purge clock read. Which size classes fall into that depends on
//! everything allocated before, down to the globals a run is given: under `ordo run`, whose runs
//! get the `tools` namespace, `args`, `input` and the `store`/`load` functions, the row-building
//! part of `markdown_table` (six times over) took 230 ms where it took 158 with the system
//! allocator and about 165 in the same worker given none of those. mimalloc 2 gives such a page
//! back to a segment of its own thread, whence the next one comes back for a few instructions.
//!
//! A process's memory cannot move from one allocator to the other, so the choice is made once,
//! at the process's first allocation, from the environment the host starts a worker (or a fork
//! server, whose forks inherit it) with: [`ALLOCATOR_VARIABLE`]. Reading it then allocates
//! nothing (`getenv` returns a pointer into the environment block).
//!
//! A program opts in by declaring it its global allocator, beside
//! [`run_if_worker`](super::run_if_worker):
//!
//! ```
//! #[global_allocator]
//! static ALLOCATOR: ordo_runtime::worker::WorkerAllocator = ordo_runtime::worker::WorkerAllocator;
//! ```
//!
//! A program that does not keeps the system allocator in its workers too. Off Linux, it always
//! is the system's.
//!
//! It also reports the bytes each thread's allocations hold to the engine
//! (`boa_engine::count_held_bytes`): the engine's collector sees only its own boxes, not the
//! elements and strings they own, and collects when that count has grown
//! (`boa_engine::watch_external_memory`, which the engine asks for).

use std::alloc::{GlobalAlloc, Layout, System};

use boa_engine::count_held_bytes;

/// Names the allocator a worker uses: `mimalloc` (what the host sets unless told otherwise) or
/// `system`. The host passes `system` on when its own environment says so, to compare the two.
pub const ALLOCATOR_VARIABLE: &str = "ORDO_WORKER_ALLOCATOR";

/// The variables the host starts a worker with for its allocator: [`ALLOCATOR_VARIABLE`]
/// (`system` if the host's own environment has it so, `mimalloc` otherwise), and how much
/// address space mimalloc reserves at a time. Its default, 1 GiB at its first allocation, is
/// the whole of a worker's default `RLIMIT_AS`: the engine thread's stack could not be mapped
/// after it. 32 MiB at a time (mimalloc doubles the size every 8 reservations, and allocates
/// from the system directly when a reservation fails) keeps the limit what it says within that.
/// Transparent huge pages off: with them a worker's resident memory grew by two thirds (29 to
/// 51 MiB on `csv_aggregate`) for no time that could be told apart from noise.
pub(crate) fn worker_allocator_environment() -> [(&'static str, &'static str); 3] {
    let allocator = match std::env::var_os(ALLOCATOR_VARIABLE) {
        Some(value) if value == "system" => "system",
        _ => "mimalloc",
    };
    [
        (ALLOCATOR_VARIABLE, allocator),
        ("MIMALLOC_ARENA_RESERVE", "32MiB"),
        ("MIMALLOC_ALLOW_THP", "0"),
    ]
}

/// A global allocator that is mimalloc in a worker and the system's allocator elsewhere (see
/// the module's documentation).
#[derive(Debug, Clone, Copy, Default)]
pub struct WorkerAllocator;

#[cfg(target_os = "linux")]
mod choice {
    use std::ffi::CStr;
    use std::sync::atomic::{AtomicU8, Ordering};

    /// [`super::ALLOCATOR_VARIABLE`], as `getenv` takes it.
    pub(super) const NAME: &CStr = c"ORDO_WORKER_ALLOCATOR";
    const MIMALLOC_VALUE: &CStr = c"mimalloc";

    const UNDECIDED: u8 = 0;
    const SYSTEM: u8 = 1;
    const MIMALLOC: u8 = 2;

    /// Decided at the first allocation; every later one reads it.
    static CHOSEN: AtomicU8 = AtomicU8::new(UNDECIDED);

    /// Whether this process allocates with mimalloc.
    #[inline]
    pub(super) fn mimalloc() -> bool {
        match CHOSEN.load(Ordering::Relaxed) {
            SYSTEM => false,
            MIMALLOC => true,
            _ => decide(),
        }
    }

    /// Reads the environment. The first allocation happens before `main`, on the one thread
    /// there is; were two threads ever to race here, both would read the same environment.
    #[cold]
    #[allow(unsafe_code)] // getenv, see below
    fn decide() -> bool {
        // SAFETY: `getenv` reads the environment block and allocates nothing; the pointer it
        // returns, if any, is a NUL-terminated string that lives as long as the process does
        // unless someone changes the variable, which nothing does before this first allocation.
        let value = unsafe { libc::getenv(NAME.as_ptr()) };
        let mimalloc = !value.is_null() && unsafe { CStr::from_ptr(value) } == MIMALLOC_VALUE;
        CHOSEN.store(if mimalloc { MIMALLOC } else { SYSTEM }, Ordering::Relaxed);
        mimalloc
    }
}

#[cfg(not(target_os = "linux"))]
mod choice {
    #[inline]
    pub(super) fn mimalloc() -> bool {
        false
    }
}

/// mimalloc, asked for an alignment only where its size classes do not already give it.
///
/// `mimalloc::MiMalloc` asks `mi_malloc_aligned` for every block. mimalloc 3, where this was
/// measured, served that from its free lists only when the size class is a power of two; any
/// other size (a 40-byte string, a 24-byte box) took the aligned fallback, which allocates a
/// larger block and never fills the size class's own page, so every such allocation took the
/// slow path: `String(n)` cost about 1,600 instructions, a fresh page in most of them
/// (callgrind on `markdown_table`). mimalloc's size classes are multiples of 16 bytes from 16 up
/// (8 below), and its blocks start aligned to their class, so a block of at least `align` bytes
/// with `align` at most 16 needs no more.
#[cfg(target_os = "linux")]
struct Mimalloc;

#[cfg(target_os = "linux")]
impl Mimalloc {
    /// `MI_MAX_ALIGN_SIZE`: the alignment of every mimalloc block of at least this size.
    const NATURAL_ALIGNMENT: usize = 16;

    /// Whether a plain block of `size` bytes is aligned to `align`.
    #[inline]
    fn natural(size: usize, align: usize) -> bool {
        align <= Self::NATURAL_ALIGNMENT && align <= size
    }
}

// SAFETY: every block comes from mimalloc, aligned as asked (see `natural` above, otherwise
// mimalloc's aligned calls), and goes back to it.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)] // a global allocator is an unsafe trait with unsafe methods
unsafe impl GlobalAlloc for Mimalloc {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if Self::natural(layout.size(), layout.align()) {
            // SAFETY: `layout.size()` is not zero (`GlobalAlloc`'s contract).
            unsafe { libmimalloc_sys::mi_malloc(layout.size()).cast() }
        } else {
            // SAFETY: the caller's guarantees, passed on.
            unsafe { mimalloc::MiMalloc.alloc(layout) }
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if Self::natural(layout.size(), layout.align()) {
            // SAFETY: as in `alloc`.
            unsafe { libmimalloc_sys::mi_zalloc(layout.size()).cast() }
        } else {
            // SAFETY: the caller's guarantees, passed on.
            unsafe { mimalloc::MiMalloc.alloc_zeroed(layout) }
        }
    }

    #[inline]
    unsafe fn dealloc(&self, pointer: *mut u8, _layout: Layout) {
        // SAFETY: `pointer` came from mimalloc, aligned or not.
        unsafe { libmimalloc_sys::mi_free(pointer.cast()) }
    }

    #[inline]
    unsafe fn realloc(&self, pointer: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if Self::natural(new_size, layout.align()) {
            // SAFETY: `pointer` came from mimalloc; `new_size` is not zero.
            unsafe { libmimalloc_sys::mi_realloc(pointer.cast(), new_size).cast() }
        } else {
            // SAFETY: the caller's guarantees, passed on.
            unsafe { mimalloc::MiMalloc.realloc(pointer, layout, new_size) }
        }
    }
}

/// Calls `$method` on mimalloc or on the system allocator, as this process chose.
macro_rules! chosen {
    ($method:ident($($argument:expr),*)) => {{
        #[cfg(target_os = "linux")]
        let chosen = if choice::mimalloc() {
            Mimalloc.$method($($argument),*)
        } else {
            System.$method($($argument),*)
        };
        #[cfg(not(target_os = "linux"))]
        let chosen = System.$method($($argument),*);
        chosen
    }};
}

// SAFETY: every call goes to one allocator for the process's whole life (the choice never
// changes once made), and both allocators uphold `GlobalAlloc`'s contract.
#[allow(unsafe_code)] // a global allocator is an unsafe trait with unsafe methods
unsafe impl GlobalAlloc for WorkerAllocator {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's guarantees, passed on.
        let pointer = unsafe { chosen!(alloc(layout)) };
        if !pointer.is_null() {
            count_held_bytes(layout.size(), 0);
        }
        pointer
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's guarantees, passed on.
        let pointer = unsafe { chosen!(alloc_zeroed(layout)) };
        if !pointer.is_null() {
            count_held_bytes(layout.size(), 0);
        }
        pointer
    }

    #[inline]
    unsafe fn dealloc(&self, pointer: *mut u8, layout: Layout) {
        // SAFETY: `pointer` came from the same allocator (the choice never changes).
        unsafe { chosen!(dealloc(pointer, layout)) };
        count_held_bytes(0, layout.size());
    }

    #[inline]
    unsafe fn realloc(&self, pointer: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `pointer` came from the same allocator (the choice never changes).
        let moved = unsafe { chosen!(realloc(pointer, layout, new_size)) };
        if !moved.is_null() {
            count_held_bytes(new_size, layout.size());
        }
        moved
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    #[test]
    fn the_allocator_reads_the_variable_the_host_sets() {
        assert_eq!(choice::NAME.to_str(), Ok(ALLOCATOR_VARIABLE));
    }

    /// What the engine's collector is told this thread holds follows every allocation, zeroed
    /// allocation, reallocation and free (the test's own allocator is not this one, so only
    /// these calls count).
    #[test]
    #[allow(unsafe_code)] // the allocator's own calls, each block freed once
    fn the_held_bytes_follow_each_call() {
        let held = boa_engine::held_bytes;
        let layout = Layout::from_size_align(1 << 20, 8).expect("a valid layout");
        let start = held();
        // SAFETY: sizes are not zero; each block is freed once, with its own layout.
        unsafe {
            let block = WorkerAllocator.alloc(layout);
            assert_eq!(held(), start + (1 << 20));
            let zeroed = WorkerAllocator.alloc_zeroed(layout);
            assert_eq!(held(), start + (2 << 20));
            let grown = WorkerAllocator.realloc(block, layout, 3 << 20);
            assert_eq!(held(), start + (4 << 20));
            WorkerAllocator.dealloc(zeroed, layout);
            let grown_layout = Layout::from_size_align(3 << 20, 8).expect("a valid layout");
            WorkerAllocator.dealloc(grown, grown_layout);
        }
        assert_eq!(held(), start);
    }

    /// Every size up to a few pages' worth of classes, at every alignment up to 64 (past 16
    /// mimalloc's aligned calls serve it), comes back aligned and keeps its bytes through a
    /// `realloc` that grows it and one that shrinks it.
    #[test]
    #[allow(unsafe_code)] // the allocator's own calls, each block freed once
    fn mimalloc_blocks_are_aligned_as_asked() {
        for align in [1, 2, 4, 8, 16, 32, 64] {
            for size in 1..=1_100 {
                let layout = Layout::from_size_align(size, align).expect("a valid layout");
                // SAFETY: `size` is not zero; each block is freed with its own layout.
                unsafe {
                    let block = Mimalloc.alloc(layout);
                    assert!(!block.is_null());
                    assert_eq!(block as usize % align, 0, "{size} bytes at {align}");
                    block.write_bytes(0xa5, size);
                    let grown = Mimalloc.realloc(block, layout, size * 3);
                    assert_eq!(grown as usize % align, 0, "{size} grown, at {align}");
                    assert!((0..size).all(|index| *grown.add(index) == 0xa5));
                    let grown_layout = Layout::from_size_align(size * 3, align).expect("valid");
                    let shrunk = Mimalloc.realloc(grown, grown_layout, size.div_ceil(2));
                    assert_eq!(shrunk as usize % align, 0, "{size} shrunk, at {align}");
                    assert!((0..size.div_ceil(2)).all(|index| *shrunk.add(index) == 0xa5));
                    Mimalloc.dealloc(shrunk, layout);
                    let zeroed = Mimalloc.alloc_zeroed(layout);
                    assert_eq!(zeroed as usize % align, 0, "{size} zeroed, at {align}");
                    assert!((0..size).all(|index| *zeroed.add(index) == 0));
                    Mimalloc.dealloc(zeroed, layout);
                }
            }
        }
    }
}
