//! A resumed run answers its script's calls from the journal of the run that paused (DESIGN.md
//! R-RUN-3): no tool runs twice.
//!
//! The script runs again from its start, seeded alike and reading the same clock, so it makes
//! the same calls in the same order, each numbered as before. A call the journal holds is
//! answered from it, in the order the paused run's answers reached the script (a script that
//! collects results as they arrive collects them in the same order); a call that was waiting
//! for approval goes through the pipeline as any call; any other call, or one with another
//! tool or other arguments, ends the run as `REPLAY_DIVERGED` before anything runs for it.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use ordo_runtime::{HostError, Parking};
use serde_json::Value;
use tokio::sync::watch;
use tokio_util::sync::CancellationToken;

use super::journal::{PausedRun, SettledCall};

/// The journal of a paused run, answering its replay.
#[derive(Clone, Debug)]
pub(crate) struct Replay(Arc<State>);

#[derive(Debug)]
struct State {
    /// The settled calls by number, each with its place in the order of answers.
    settled: HashMap<u64, (usize, SettledCall)>,
    /// The calls that waited for approval: (tool, arguments' hash) by number.
    pending: HashMap<u64, (String, String)>,
    /// The highest call number the paused run had made.
    last: u64,
    /// How many answers from the journal have reached the script.
    answered: watch::Sender<usize>,
    /// A call that waited for approval has been answered: the run is past its pause.
    past_pause: AtomicBool,
    /// Why the replay diverged, once it did.
    diverged: Mutex<Option<String>>,
    /// Ends the script when it diverges.
    stop: CancellationToken,
}

/// Where a call of the replay goes.
pub(crate) enum Route {
    /// Answered from the journal.
    Journal,
    /// Through the pipeline.
    Live,
    /// The replay diverged: the run is being stopped.
    Diverged,
}

impl Replay {
    /// A replay of `run`, stopping the script through `stop` when it diverges.
    pub(crate) fn new(run: &PausedRun, stop: CancellationToken) -> Self {
        let settled: HashMap<u64, (usize, SettledCall)> = run
            .settled
            .iter()
            .enumerate()
            .map(|(place, call)| (call.call, (place, call.clone())))
            .collect();
        let pending = run
            .pending
            .iter()
            .map(|call| (call.call, (call.tool.clone(), call.arguments.clone())))
            .collect();
        let last = run.settled.iter().map(|c| c.call).chain(run.pending.iter().map(|c| c.call));
        Self(Arc::new(State {
            settled,
            pending,
            last: last.max().unwrap_or(0),
            answered: watch::channel(0).0,
            past_pause: AtomicBool::new(false),
            diverged: Mutex::new(None),
            stop,
        }))
    }

    /// Where call `number` of `tool` goes, its arguments' text hashing to `arguments`.
    pub(crate) fn route(&self, number: u64, tool: &str, arguments: &str) -> Route {
        let state = &self.0;
        if state.past_pause.load(Ordering::Acquire) && !state.settled.contains_key(&number) {
            return Route::Live;
        }
        let recorded = match (state.settled.get(&number), state.pending.get(&number)) {
            (Some((_, call)), _) => Some((call.tool.as_str(), call.arguments.as_str(), true)),
            (None, Some((tool, hash))) => Some((tool.as_str(), hash.as_str(), false)),
            (None, None) => None,
        };
        let Some((was_tool, was_arguments, settled)) = recorded else {
            let why = if number > state.last {
                format!(
                    "call #{number} (tools.{tool}) was made before any call that waited for approval \
                     was answered; the run that paused had made {} calls by then",
                    state.last
                )
            } else {
                format!("call #{number} (tools.{tool}) was not made by the run that paused")
            };
            return self.diverge(why);
        };
        if was_tool != tool {
            return self.diverge(format!(
                "call #{number} was tools.{was_tool} in the run that paused, and is tools.{tool} now"
            ));
        }
        if was_arguments != arguments {
            return self.diverge(format!(
                "call #{number} (tools.{tool}) has other arguments than in the run that paused"
            ));
        }
        if settled { Route::Journal } else { Route::Live }
    }

    /// Answers call `number` from the journal, in its turn: after every answer the paused run's
    /// script had read before it. Parked while it waits for its turn, so that a script that
    /// no longer makes the call answered before it pauses instead of hanging.
    pub(crate) async fn answer(
        &self,
        number: u64,
        parking: &Parking,
    ) -> Option<Result<Value, HostError>> {
        let (place, call) = self.0.settled.get(&number)?;
        let mut turn = self.0.answered.subscribe();
        if *turn.borrow() < *place {
            parking.park();
            let reached = turn.wait_for(|answered| *answered >= *place).await.is_ok();
            parking.unpark();
            if !reached {
                return None;
            }
        }
        self.0.answered.send_modify(|answered| *answered = (*answered).max(place + 1));
        Some(call.outcome.clone())
    }

    /// A call that waited for approval was answered: calls past the pause are the script's own.
    pub(crate) fn past_pause(&self) {
        self.0.past_pause.store(true, Ordering::Release);
    }

    /// Why the replay diverged, if it did; or, when it paused again with answers from the
    /// journal still waiting for their turn, which call the script did not make again.
    pub(crate) fn divergence(&self) -> Option<String> {
        let diverged = self.0.diverged.lock().unwrap_or_else(PoisonError::into_inner).clone();
        diverged.or_else(|| {
            let answered = *self.0.answered.borrow();
            let missing = self.0.settled.values().find(|(place, _)| *place == answered)?;
            let (_, call) = missing;
            (answered < self.0.settled.len()).then(|| {
                format!(
                    "call #{} (tools.{}) was not made again: the run that paused had its answer \
                     at this point",
                    call.call, call.tool
                )
            })
        })
    }

    fn diverge(&self, why: String) -> Route {
        let mut diverged = self.0.diverged.lock().unwrap_or_else(PoisonError::into_inner);
        diverged.get_or_insert(why);
        self.0.stop.cancel();
        Route::Diverged
    }
}
