//! The wall clock a script reads (`Date.now()`, `new Date()`, `Intl` formatting now).
//!
//! A run that may pause records every reading, and its replay reads the same values again in
//! the same order before the live clock takes over (DESIGN.md R-RUN-3): a script that logs or
//! passes on the time makes the same calls when it runs again. Readings are kept as runs of one
//! value (a loop reads the same millisecond many times), at most [`MAX_RUNS`] of them; a run
//! that reads past that can no longer pause, and says so ([`ClockReadings::overflowed`]).
//! A run that cannot pause reads the live clock and records nothing.

use std::cell::RefCell;
use std::collections::VecDeque;

use boa_engine::context::time::{Clock, JsInstant, StdClock};

use crate::outcome::ClockReadings;

/// The most runs of equal readings a pausable run keeps.
pub(crate) const MAX_RUNS: usize = 100_000;

/// The engine's clock: Boa's standard one, recording or replaying when a run asks.
#[derive(Default)]
pub(crate) struct RunClock {
    live: StdClock,
    journal: RefCell<Option<Journal>>,
}

/// What a pausable run's clock keeps.
struct Journal {
    /// Readings the run made before, to read again first: runs of (value, count).
    replay: VecDeque<(i64, u32)>,
    /// Every reading of this run, replayed ones included.
    readings: ClockReadings,
}

impl RunClock {
    /// Starts recording, reading `replay` first; `None`: the live clock, nothing recorded.
    pub(crate) fn start(&self, replay: Option<&ClockReadings>) {
        *self.journal.borrow_mut() = replay.map(|replay| Journal {
            replay: replay.runs.iter().copied().collect(),
            readings: ClockReadings::default(),
        });
    }

    /// The readings so far, when recording.
    pub(crate) fn readings(&self) -> Option<ClockReadings> {
        self.journal.borrow().as_ref().map(|journal| journal.readings.clone())
    }
}

impl Clock for RunClock {
    fn now(&self) -> JsInstant {
        self.live.now()
    }

    fn system_time_millis(&self) -> i64 {
        let mut journal = self.journal.borrow_mut();
        let Some(journal) = journal.as_mut() else {
            return self.live.system_time_millis();
        };
        let reading = match journal.replay.front_mut() {
            Some((value, count)) => {
                let value = *value;
                *count = count.saturating_sub(1);
                if *count == 0 {
                    journal.replay.pop_front();
                }
                value
            }
            None => self.live.system_time_millis(),
        };
        journal.readings.push(reading);
        reading
    }
}

impl ClockReadings {
    /// Adds a reading: to the last run when equal, else as a new run while there is room.
    fn push(&mut self, reading: i64) {
        if let Some((value, count)) = self.runs.last_mut()
            && *value == reading
            && *count < u32::MAX
        {
            *count += 1;
        } else if self.runs.len() >= MAX_RUNS {
            self.overflowed = true;
        } else {
            self.runs.push((reading, 1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn readings(runs: &[(i64, u32)]) -> ClockReadings {
        ClockReadings { runs: runs.to_vec(), overflowed: false }
    }

    #[test]
    fn a_live_clock_records_nothing() {
        let clock = RunClock::default();
        clock.start(None);
        assert!(clock.system_time_millis() > 1_600_000_000_000);
        assert_eq!(clock.readings(), None);
    }

    #[test]
    fn a_replay_reads_the_recorded_values_first_then_the_live_clock() {
        let clock = RunClock::default();
        clock.start(Some(&readings(&[(5, 3), (9, 1)])));
        let read: Vec<i64> = (0..4).map(|_| clock.system_time_millis()).collect();
        assert_eq!(read, [5, 5, 5, 9]);
        let live = clock.system_time_millis();
        assert!(live > 1_600_000_000_000, "{live}");
        assert_eq!(clock.readings().map(|r| r.runs), Some(vec![(5, 3), (9, 1), (live, 1)]));
    }

    #[test]
    fn equal_readings_are_one_run_and_too_many_runs_overflow() {
        let mut recorded = ClockReadings::default();
        for value in [1, 1, 2, 2, 2, 3] {
            recorded.push(value);
        }
        assert_eq!(recorded.runs, [(1, 2), (2, 3), (3, 1)]);
        let mut full = ClockReadings::default();
        for value in 0..=MAX_RUNS as i64 {
            full.push(value);
        }
        assert_eq!(full.runs.len(), MAX_RUNS);
        assert!(full.overflowed);
    }
}
