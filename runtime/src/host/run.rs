//! Driving one run: the worker's frames in, host calls out, and every way a run can end.
//!
//! The host never waits on the worker in a way the worker controls: sending never blocks (what
//! a worker's stdin does not take at once is written while the driver waits for frames), so a
//! worker that stops reading cannot stall the deadline; host calls are futures the driver polls
//! itself, at most `concurrent_host_calls` at once; and the deadline and the caller's
//! cancellation are checked first in every turn of the loop (a turn that polls for a frame
//! expected within microseconds, see [`POLL_FOR`], checks them before it starts and lasts at
//! most that long). When the run ends for any reason,
//! the host calls still in flight are cancelled (their owners see their signal fire) and
//! awaited, so whatever they record is recorded before the run returns.

use std::collections::HashSet;
use std::io;
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures::future::BoxFuture;
use futures::stream::FuturesUnordered;
use futures::{FutureExt, StreamExt};
use serde_json::Value;
use tokio::sync::Semaphore;
use tokio_util::sync::CancellationToken;

use super::connection::{Connection, Ending};
use super::memory::{Charge, TRIM_AFTER, give_back_free_memory};
use super::pause::{Parking, Quiescence};
use super::{HostCall, HostFunctions, panic_text};
use crate::limits::{LOG_ENTRY_OVERHEAD, Limits};
use crate::outcome::{
    ClockReadings, Ended, ErrorKind, LimitKind, LogEntry, Paused, RunError, RunOutcome, RunOutput,
};
use crate::poll::POLL_FOR;
use crate::protocol::{
    EngineOutcome, FromWorker, HostError, RunRequest, ScriptFailureKind, ToWorker,
};

/// Why the loop stopped.
enum End {
    Done(EngineOutcome),
    /// A pausable run paused, its clock's readings so far.
    Paused(ClockReadings),
    Kill(ErrorKind, String),
    Exited,
    Broken(String),
}

/// Runs `request` over `connection` to its end, or to its pause when it is pausable (its
/// clock recorded). The run's `deadline` was counted from `since` (before its worker was taken).
pub(crate) async fn drive(
    mut connection: Box<dyn Connection>,
    request: RunRequest,
    host: &HostFunctions,
    (limits, charge): (&Limits, Charge),
    (deadline, since): (Duration, tokio::time::Instant),
    cancel: &CancellationToken,
) -> Ended {
    let pausable = request.clock.is_some();
    // A script (with its constants and prelude) too large for a frame would never start: say
    // so at once rather than at the deadline.
    if let Err(error) = connection.send(ToWorker::Run(Box::new(request))) {
        connection.end(Ending::Kill).await;
        let message = format!(
            "the script, its constants and its prelude cannot be sent to the worker: {error}"
        );
        let error = RunError { kind: ErrorKind::Host, message, position: None, logs: Vec::new() };
        return Ended::Run(Err(error));
    }
    let mut run = Run {
        calls: HostCalls {
            running: FuturesUnordered::new(),
            permits: Arc::new(Semaphore::new(limits.concurrent_host_calls.max(1))),
            ids: HashSet::new(),
        },
        calls_signal: CancellationToken::new(),
        held: Held { charge, ..Held::default() },
        logs: Vec::new(),
        polling: Polling::default(),
        quiet: Quiescence::default(),
        pausable,
        host,
        limits,
    };
    let timer = tokio::time::sleep_until(since + deadline);
    tokio::pin!(timer);
    // Made once, not in every turn (each would register with the token again).
    let cancelled = cancel.cancelled();
    tokio::pin!(cancelled);
    let end = loop {
        // An answer was sent and the worker's next frame is expected within microseconds:
        // poll for it rather than wait to be woken (see `POLL_FOR`). Never past a cancellation
        // or the deadline, which the `select!` below then reports.
        if let Some(until) = run.polling.due()
            && !cancel.is_cancelled()
            && !timer.is_elapsed()
            && let Some(frame) = connection.recv_before(until)
        {
            match run.on_frame(frame, &mut *connection) {
                Some(end) => break end,
                None => continue,
            }
        }
        // Backpressure: while the worker leaves answers unread, no more are made, and the wait
        // for a frame also ends once the worker has read half of them (see `recv`): a script
        // awaiting its answers sends no frame until it has them all.
        let backpressure = connection.unsent_bytes() >= UNREAD_ANSWERS_BYTES;
        tokio::select! {
            biased;
            () = &mut cancelled => break End::Kill(ErrorKind::Cancelled, "the run was cancelled".to_owned()),
            () = &mut timer => break End::Kill(
                ErrorKind::Timeout,
                format!("the script ran past its deadline of {} ms", deadline.as_millis()),
            ),
            Some((id, arguments, result)) = run.calls.running.next(),
                if !run.calls.running.is_empty() && !backpressure =>
            {
                run.held.in_flight -= arguments;
                // An answer too large for a frame was replaced by an error already; a second
                // failure leaves nothing to send.
                let _ = connection.send(ToWorker::HostReply { id, result });
                run.quiet.answer_sent();
                run.polling.sent(run.calls.running.is_empty());
                run.probe_if_quiet(&mut *connection);
                if let Some(end) = run.held.check(connection.unsent_bytes(), limits) {
                    break end;
                }
            }
            () = run.quiet.parked.changed(), if pausable => run.probe_if_quiet(&mut *connection),
            frame = connection.recv(backpressure.then_some(UNREAD_ANSWERS_BYTES / 2)) => {
                // `None`: the worker read its answers down below the bound; answer again.
                if let Some(frame) = frame
                    && let Some(end) = run.on_frame(frame, &mut *connection)
                {
                    break end;
                }
            }
        }
    };
    let Run { calls, calls_signal, logs, held, .. } = run;
    let outcome = match end {
        End::Paused(clock) => {
            connection.end(Ending::Kill).await;
            calls.cancel_and_drain(&calls_signal).await;
            return Ended::Paused(Paused { clock, logs });
        }
        End::Done(outcome) => {
            // The outcome is known: the worker exits by itself and is reaped off the result's
            // path (killed if it lingers).
            tokio::spawn(connection.end(Ending::Finished));
            engine_outcome(outcome, logs, limits)
        }
        End::Kill(kind, message) => {
            connection.end(Ending::Kill).await;
            Err(RunError { kind, message, position: None, logs })
        }
        End::Exited => {
            let (kind, message) = connection.end(Ending::Vanished).await;
            Err(RunError { kind, message, position: None, logs })
        }
        End::Broken(message) => {
            connection.end(Ending::Kill).await;
            Err(RunError { kind: ErrorKind::Crashed, message, position: None, logs })
        }
    };
    calls.cancel_and_drain(&calls_signal).await;
    let peak = held.peak;
    drop(held);
    if peak >= TRIM_AFTER {
        give_back_free_memory();
    }
    Ended::Run(outcome)
}

/// How long the host calls still in flight when a run ends get to honour their cancellation
/// before they are dropped.
const DRAIN_GRACE: Duration = Duration::from_secs(2);

/// While the worker leaves this many bytes of answers unread, no host call is polled: a script
/// that starts calls and never awaits them makes the host hold at most this much (plus the
/// answer that crossed it) until it reads.
const UNREAD_ANSWERS_BYTES: usize = 1 << 20;

/// How far past the log budget a worker's console output may go: its last entry carries the
/// notice that output was dropped.
const LOG_SLACK: usize = 2 * LOG_ENTRY_OVERHEAD + 128;

/// What the run makes the host hold, against its budget and the budget all runs share
/// (R-RT-6).
#[derive(Default)]
struct Held {
    /// Console output kept, each entry charged its text and [`LOG_ENTRY_OVERHEAD`].
    logs: usize,
    /// The host calls in flight: their arguments by [`weight`] in [`ARGUMENT_THIRDS`], and
    /// [`HOST_CALL_OVERHEAD`] each.
    in_flight: usize,
    /// The most it held at once.
    peak: usize,
    /// Its charge against the budget all runs share.
    charge: Charge,
}

/// How many copies of a host call's arguments the host holds while the call is in flight,
/// counted against the budget, in thirds: the host functions keep what they are given, and
/// code mode's keep the value and its JSON text (`Arguments`), two copies; the allocator's
/// rounding and the fragmentation of many runs' threads add to that. Measured against the
/// host's resident memory (8 runs of `ordo mcp`, 60 KB arguments, 96 MiB charged at two
/// copies): 104 MiB on one machine of CI's kind, 114-117 MiB on two others. 2⅓ copies puts
/// both inside 10% of the budget with about the same room on either side.
const ARGUMENT_THIRDS: usize = 7;

/// What a host call in flight costs the host beyond its arguments (its future, its place in
/// the scheduler, its context and signal): measured at about 5 KiB (3,200 calls of tiny
/// arguments in flight in 8 runs of `ordo mcp`), counted at 6 KiB so that the budget holds.
const HOST_CALL_OVERHEAD: usize = 6 << 10;

impl Held {
    /// `Some` when the console output kept, the arguments in flight and the answers unread are
    /// past the run's budget, or take all runs past the budget they share.
    fn check(&mut self, unsent: usize, limits: &Limits) -> Option<End> {
        let held = self.logs + self.in_flight + unsent;
        self.peak = self.peak.max(held);
        let what = "console output, arguments of calls in flight, answers it did not read";
        if held > limits.host_memory_bytes {
            return Some(End::Kill(
                ErrorKind::Limit(LimitKind::HostMemory),
                format!(
                    "the script made the host hold {held} bytes ({what}), past its budget of {} \
                     bytes",
                    limits.host_memory_bytes
                ),
            ));
        }
        let total = self.charge.set(held).err()?;
        let budget = self.charge.shared().map_or(0, |shared| shared.budget());
        Some(End::Kill(
            ErrorKind::Limit(LimitKind::HostMemory),
            format!(
                "the script made the host hold {held} bytes ({what}), which took all runs to \
                 {total} bytes, past the budget of {budget} bytes they share"
            ),
        ))
    }
}

/// What a run's driver keeps between turns.
struct Run<'a> {
    calls: HostCalls,
    held: Held,
    /// The parent of every host call's signal.
    calls_signal: CancellationToken,
    logs: Vec<LogEntry>,
    polling: Polling,
    /// Whether the run may pause, and when it does.
    quiet: Quiescence,
    pausable: bool,
    host: &'a HostFunctions,
    limits: &'a Limits,
}

impl Run<'_> {
    /// Asks the worker whether it is idle when every call in flight is parked.
    fn probe_if_quiet(&mut self, connection: &mut dyn Connection) {
        if self.pausable && self.quiet.should_probe(self.calls.running.len()) {
            // A probe is a few bytes; a worker that does not read it only does not pause.
            let _ = connection.send(ToWorker::Probe);
        }
    }

    /// Handles a frame from the worker; `Some` when the run ends.
    fn on_frame(
        &mut self,
        frame: io::Result<Option<FromWorker>>,
        connection: &mut dyn Connection,
    ) -> Option<End> {
        self.polling.answered();
        match frame {
            Ok(Some(FromWorker::HostCall { id, name, args, options })) => {
                if self.calls.ids.len() >= self.limits.host_calls {
                    return Some(End::Kill(
                        ErrorKind::Limit(LimitKind::HostCalls),
                        format!("the script made more than {} host calls", self.limits.host_calls),
                    ));
                }
                // The engine numbers its calls; a worker that repeats an id has been taken
                // over, and would make its owner (code mode's nested call ids) record one call
                // twice.
                if !self.calls.ids.insert(id) {
                    return Some(End::Broken(format!("the worker used the call id {id} twice")));
                }
                // Charged until the call ends: a script cannot hold the host to many large
                // arguments at once.
                let arguments = weight(&args) + options.as_ref().map_or(0, weight);
                let weight = arguments * ARGUMENT_THIRDS / 3 + HOST_CALL_OVERHEAD;
                self.held.in_flight += weight;
                if let Some(end) = self.held.check(connection.unsent_bytes(), self.limits) {
                    return Some(end);
                }
                let call = (id, name, args, options, weight);
                let parking =
                    if self.pausable { self.quiet.parked.handle() } else { Parking::default() };
                if let Some(refusal) =
                    self.calls.start(call, self.host, &self.calls_signal, parking)
                {
                    self.held.in_flight -= weight;
                    // A refusal is a short error: it fits a frame.
                    let _ = connection.send(refusal);
                    self.quiet.answer_sent();
                    self.polling.sent(self.calls.running.is_empty());
                }
                None
            }
            Ok(Some(FromWorker::Idle { answered, clock })) => {
                let in_flight = self.calls.running.len();
                if !self.pausable {
                    return None;
                }
                if self.quiet.idle(answered, in_flight) {
                    // A worker that recorded no clock for a pausable run was told to.
                    return Some(match clock {
                        Some(clock) => End::Paused(clock),
                        None => End::Broken("the worker did not record its clock".to_owned()),
                    });
                }
                self.probe_if_quiet(connection);
                None
            }
            Ok(Some(FromWorker::Log(entry))) => {
                self.held.logs += entry.text.len() + LOG_ENTRY_OVERHEAD;
                // The engine stops at its budget; a worker that does not has been taken over.
                if self.held.logs > self.limits.engine.log_bytes + LOG_SLACK {
                    return Some(End::Broken(format!(
                        "the worker sent more console output than its budget of {} bytes",
                        self.limits.engine.log_bytes
                    )));
                }
                self.logs.push(entry);
                self.held.check(connection.unsent_bytes(), self.limits)
            }
            Ok(Some(FromWorker::Done(outcome))) => Some(End::Done(outcome)),
            Ok(Some(FromWorker::Ready)) => {
                Some(End::Broken("the worker said Ready twice".to_owned()))
            }
            Ok(None) => Some(End::Exited),
            Err(error) => Some(End::Broken(format!("the worker broke the protocol: {error}"))),
        }
    }
}

/// When the driver polls for the worker's next frame. Only after an answer that leaves the
/// script waiting on nothing else from the host (so its next frame is what comes next), and
/// only while the worker's frames follow answers within [`POLL_FOR`]: a script that computes
/// longer between calls costs no polling, and is polled for again once it answers fast. The
/// poll keeps the driver's thread (yielding to tokio instead would wake its other worker
/// threads to look for work: more wake-ups); see `crate::poll` for why it polls at all.
struct Polling {
    /// When the last answer was sent, until the worker's next frame arrives.
    sent_at: Option<Instant>,
    /// Poll until then, before waiting again.
    due: Option<Instant>,
    /// Whether the worker's last frame came within `POLL_FOR` of the answer before it.
    fast: bool,
}

impl Default for Polling {
    fn default() -> Self {
        Self { sent_at: None, due: None, fast: true }
    }
}

impl Polling {
    /// An answer was sent; `alone`: no other host call is in flight.
    fn sent(&mut self, alone: bool) {
        let now = Instant::now();
        self.sent_at = Some(now);
        self.due = (alone && self.fast).then(|| now + POLL_FOR);
    }

    /// Until when to poll now, if at all (once per answer).
    fn due(&mut self) -> Option<Instant> {
        self.due.take()
    }

    /// A frame arrived.
    fn answered(&mut self) {
        if let Some(sent_at) = self.sent_at.take() {
            self.fast = sent_at.elapsed() < POLL_FOR;
        }
    }
}

/// A host call in flight: its id, what its arguments weigh (see [`weight`]) and, once it ends,
/// its answer.
type RunningCall = BoxFuture<'static, (u64, usize, Result<Value, HostError>)>;

/// The host calls of a run, polled by the driver itself: a call whose answer is ready at once
/// (most are) is answered in the driver's next turn, with no task and no channel in between.
struct HostCalls {
    running: FuturesUnordered<RunningCall>,
    permits: Arc<Semaphore>,
    /// The ids of the calls made, each used once: as many as the calls made (at most
    /// `host_calls`).
    ids: HashSet<u64>,
}

impl HostCalls {
    /// Starts a host call: calls the function here, in the order the script made the calls (so
    /// its synchronous part can take a place in line), and keeps its future with the others.
    /// Returns the answer to send at once when there is no call to run (no such function, or
    /// it panicked).
    fn start(
        &mut self,
        (id, name, args, options, weight): (u64, String, Value, Option<Value>, usize),
        host: &HostFunctions,
        run_signal: &CancellationToken,
        parking: Parking,
    ) -> Option<ToWorker> {
        let Some(function) = host.get(&name) else {
            let error = HostError::new(format!("there is no host function named {name:?}"));
            return Some(ToWorker::HostReply { id, result: Err(error) });
        };
        let signal = run_signal.child_token();
        // A panic in a host function (its synchronous part here, its future below) is that
        // call's failure, never the driver's: the script sees an error and the run goes on.
        let started = std::panic::catch_unwind(AssertUnwindSafe(|| {
            function(HostCall {
                id,
                name: name.clone(),
                args,
                options,
                signal,
                parking: parking.clone(),
            })
        }));
        let call = match started {
            Ok(call) => call,
            Err(panic) => {
                return Some(ToWorker::HostReply { id, result: Err(panicked(&name, &*panic)) });
            }
        };
        let permits = Arc::clone(&self.permits);
        self.running.push(Box::pin(async move {
            let result = match permits.acquire_owned().await {
                Ok(_permit) => AssertUnwindSafe(call)
                    .catch_unwind()
                    .await
                    .unwrap_or_else(|panic| Err(panicked(&name, &*panic))),
                Err(_) => Err(HostError::new("the run is over")),
            };
            parking.unpark();
            (id, weight, result)
        }));
        None
    }

    /// Cancels the calls still in flight and drives each to its end, so whatever they record
    /// is recorded before the run returns; one that has not ended [`DRAIN_GRACE`] later is
    /// dropped. Calls still waiting for a permit end without running.
    async fn cancel_and_drain(mut self, run_signal: &CancellationToken) {
        run_signal.cancel();
        self.permits.close();
        let drained = async { while self.running.next().await.is_some() {} };
        if tokio::time::timeout(DRAIN_GRACE, drained).await.is_err() {
            // A host function that ignores its signal holds no run hostage: its future is
            // dropped (what owns the call, such as code mode's nested calls, records that).
            tracing::warn!(left = self.running.len(), "host calls ignored their cancellation");
        }
    }
}

/// What a value weighs in the host's memory, near enough: its strings' bytes and a fixed cost per
/// node. Walked without recursion, so a deeply nested value cannot overflow the stack.
fn weight(value: &Value) -> usize {
    const NODE: usize = 32;
    let mut total = 0;
    let mut pending = vec![value];
    while let Some(value) = pending.pop() {
        total += NODE;
        match value {
            Value::String(text) => total += text.len(),
            Value::Array(items) => pending.extend(items),
            Value::Object(members) => {
                for (key, member) in members {
                    total += key.len();
                    pending.push(member);
                }
            }
            Value::Null | Value::Bool(_) | Value::Number(_) => {}
        }
    }
    total
}

/// The error a panicking host function's call rejects with.
fn panicked(name: &str, panic: &(dyn std::any::Any + Send)) -> HostError {
    HostError::new(format!("the host function {name:?} panicked: {}", panic_text(panic)))
}

/// The worker's outcome as the caller sees it.
fn engine_outcome(outcome: EngineOutcome, logs: Vec<LogEntry>, limits: &Limits) -> RunOutcome {
    match outcome {
        // The engine stops a result at its limit; a worker that sends a larger one has been
        // taken over, and the host does not parse what it was never meant to hold.
        Ok(returned) if returned.json.len() > limits.engine.output_bytes => Err(RunError {
            kind: ErrorKind::Crashed,
            message: format!(
                "the worker sent a result of {} bytes, past the output limit of {} bytes",
                returned.json.len(),
                limits.engine.output_bytes
            ),
            position: None,
            logs,
        }),
        Ok(returned) => match serde_json::from_str::<Value>(&returned.json) {
            Ok(result) => Ok(RunOutput { result, notes: returned.notes, logs }),
            Err(error) => Err(RunError {
                kind: ErrorKind::Limit(LimitKind::Output),
                message: format!("the result cannot be read back as JSON: {error}"),
                position: None,
                logs,
            }),
        },
        Err(failure) => {
            let kind = match failure.kind {
                ScriptFailureKind::Syntax => ErrorKind::Syntax,
                ScriptFailureKind::Runtime => ErrorKind::Runtime,
                ScriptFailureKind::RecursionLimit => ErrorKind::Limit(LimitKind::Recursion),
                ScriptFailureKind::LoopLimit => ErrorKind::Limit(LimitKind::Loop),
                ScriptFailureKind::StackLimit => ErrorKind::Limit(LimitKind::Stack),
                ScriptFailureKind::OutputLimit => ErrorKind::Limit(LimitKind::Output),
                ScriptFailureKind::Stall => ErrorKind::Stall,
                ScriptFailureKind::Prelude => ErrorKind::Host,
            };
            Err(RunError { kind, message: failure.message, position: failure.position, logs })
        }
    }
}
