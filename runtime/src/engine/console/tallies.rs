//! What the console remembers between calls, for one run: how deep the open groups go, the
//! counters of `console.count`, the timers of `console.time`; and how Node writes a timer's
//! reading.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;

use boa_engine::context::time::JsInstant;

/// The console's memory, kept in the context's host-defined data (an engine serves one run).
#[derive(Default)]
pub(super) struct Tallies {
    groups: Cell<u32>,
    counts: RefCell<HashMap<String, u64>>,
    timers: RefCell<HashMap<String, JsInstant>>,
}

/// What reading a timer found.
pub(super) enum Timed {
    Elapsed(f64),
    /// No timer has that label.
    Missing,
}

impl Tallies {
    pub(super) fn group_depth(&self) -> u32 {
        self.groups.get()
    }

    pub(super) fn open_group(&self) {
        self.groups.set(self.groups.get().saturating_add(1));
    }

    /// Closes the innermost group; with none open, nothing (as Node).
    pub(super) fn close_group(&self) {
        self.groups.set(self.groups.get().saturating_sub(1));
    }

    /// Counts `label` once more and says how many times it was counted.
    pub(super) fn count(&self, label: &str) -> u64 {
        let mut counts = self.counts.borrow_mut();
        let counted = counts.entry(label.to_owned()).or_insert(0);
        *counted = counted.saturating_add(1);
        *counted
    }

    /// Sets `label`'s count back to zero; false when it was never counted.
    pub(super) fn reset_count(&self, label: &str) -> bool {
        match self.counts.borrow_mut().get_mut(label) {
            Some(counted) => {
                *counted = 0;
                true
            }
            None => false,
        }
    }

    /// Starts a timer; false when one with that label runs already (it keeps its start).
    pub(super) fn start_timer(&self, label: &str, now: JsInstant) -> bool {
        let mut timers = self.timers.borrow_mut();
        if timers.contains_key(label) {
            return false;
        }
        timers.insert(label.to_owned(), now);
        true
    }

    /// The milliseconds since `label`'s timer started; `end` stops it.
    pub(super) fn read_timer(&self, label: &str, now: JsInstant, end: bool) -> Timed {
        let mut timers = self.timers.borrow_mut();
        let start = if end { timers.remove(label) } else { timers.get(label).copied() };
        match start {
            Some(start) => Timed::Elapsed((now - start).as_nanos() as f64 / 1e6),
            None => Timed::Missing,
        }
    }
}

/// A duration in milliseconds as Node's console writes it (`formatTime`): `0.123ms` (three
/// decimals at most, trailing zeros dropped), `1.500s` from a second, `1:02.500 (m:ss.mmm)` from
/// a minute, `1:01:02.500 (h:mm:ss.mmm)` from an hour.
pub(super) fn duration_text(ms: f64) -> String {
    const SECOND: f64 = 1000.0;
    const MINUTE: f64 = 60.0 * SECOND;
    const HOUR: f64 = 60.0 * MINUTE;
    let (mut hours, mut minutes, mut seconds, mut ms) = (0.0, 0.0, 0.0, ms);
    if ms >= SECOND {
        if ms >= MINUTE {
            if ms >= HOUR {
                hours = (ms / HOUR).floor();
                ms %= HOUR;
            }
            minutes = (ms / MINUTE).floor();
            ms %= MINUTE;
        }
        seconds = ms / SECOND;
    }
    if hours != 0.0 || minutes != 0.0 {
        let fixed = format!("{seconds:.3}");
        let (whole, fraction) = fixed.split_once('.').unwrap_or((&fixed, "000"));
        let lead =
            if hours != 0.0 { format!("{hours}:{minutes:02}") } else { format!("{minutes}") };
        let unit = if hours != 0.0 { "h:mm" } else { "m" };
        return format!("{lead}:{whole:0>2}.{fraction} ({unit}:ss.mmm)");
    }
    if seconds != 0.0 {
        return format!("{seconds:.3}s");
    }
    // `Number(ms.toFixed(3))` as JavaScript prints it: the shortest form, no trailing zeros.
    let rounded: f64 = format!("{ms:.3}").parse().unwrap_or(ms);
    format!("{rounded}ms")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_as_node_writes_them() {
        assert_eq!(duration_text(0.0), "0ms");
        assert_eq!(duration_text(1.23456), "1.235ms");
        assert_eq!(duration_text(2.5), "2.5ms");
        assert_eq!(duration_text(999.9999), "1000ms");
        assert_eq!(duration_text(1100.0), "1.100s");
        assert_eq!(duration_text(62_500.0), "1:02.500 (m:ss.mmm)");
        assert_eq!(duration_text(3_662_500.0), "1:01:02.500 (h:mm:ss.mmm)");
    }
}
