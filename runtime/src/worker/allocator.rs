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

use std::alloc::{GlobalAlloc, Layout, System};

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

/// Calls `$method` on mimalloc or on the system allocator, as this process chose.
macro_rules! chosen {
    ($method:ident($($argument:expr),*)) => {{
        #[cfg(target_os = "linux")]
        if choice::mimalloc() {
            return mimalloc::MiMalloc.$method($($argument),*);
        }
        System.$method($($argument),*)
    }};
}

// SAFETY: every call goes to one allocator for the process's whole life (the choice never
// changes once made), and both allocators uphold `GlobalAlloc`'s contract.
#[allow(unsafe_code)] // a global allocator is an unsafe trait with unsafe methods
unsafe impl GlobalAlloc for WorkerAllocator {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's guarantees, passed on.
        unsafe { chosen!(alloc(layout)) }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's guarantees, passed on.
        unsafe { chosen!(alloc_zeroed(layout)) }
    }

    #[inline]
    unsafe fn dealloc(&self, pointer: *mut u8, layout: Layout) {
        // SAFETY: `pointer` came from the same allocator (the choice never changes).
        unsafe { chosen!(dealloc(pointer, layout)) }
    }

    #[inline]
    unsafe fn realloc(&self, pointer: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `pointer` came from the same allocator (the choice never changes).
        unsafe { chosen!(realloc(pointer, layout, new_size)) }
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    #[test]
    fn the_allocator_reads_the_variable_the_host_sets() {
        assert_eq!(choice::NAME.to_str(), Ok(ALLOCATOR_VARIABLE));
    }
}
