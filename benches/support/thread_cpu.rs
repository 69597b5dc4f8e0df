//! A criterion measurement of the calling thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`), for
//! work that must stay off a call's path: what runs on other threads (an exporter, a receiver)
//! is not counted, nor is time spent waiting for a CPU that those threads hold. On a machine
//! with two CPUs and three busy threads, wall time mostly measures the scheduler.

use std::time::Duration;

use criterion::measurement::{Measurement, ValueFormatter, WallTime};

/// The calling thread's CPU time, shown as durations.
pub(crate) struct ThreadCpuTime {
    /// Lends its formatter: the values are nanoseconds, as wall time's are.
    wall: WallTime,
}

impl ThreadCpuTime {
    pub(crate) fn new() -> Self {
        Self { wall: WallTime }
    }
}

/// This thread's CPU time so far.
#[allow(unsafe_code)] // clock_gettime, as mcp_load's getrusage
pub(crate) fn now() -> Duration {
    let mut time = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `time` is a valid, writable timespec; the clock id is a constant Linux knows.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut time) };
    assert_eq!(status, 0, "the thread's CPU clock cannot be read");
    Duration::new(time.tv_sec.unsigned_abs(), time.tv_nsec.unsigned_abs() as u32)
}

impl Measurement for ThreadCpuTime {
    type Intermediate = Duration;
    type Value = Duration;

    fn start(&self) -> Duration {
        now()
    }

    fn end(&self, started: Duration) -> Duration {
        now().saturating_sub(started)
    }

    fn add(&self, v1: &Duration, v2: &Duration) -> Duration {
        *v1 + *v2
    }

    fn zero(&self) -> Duration {
        Duration::ZERO
    }

    fn to_f64(&self, value: &Duration) -> f64 {
        value.as_nanos() as f64
    }

    fn formatter(&self) -> &dyn ValueFormatter {
        self.wall.formatter()
    }
}
