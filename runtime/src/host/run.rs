//! Driving one run: the worker's frames in, host calls out, and every way a run can end.
//!
//! The host never waits on the worker in a way the worker controls: sending never blocks (what
//! a worker's stdin does not take at once is written while the driver waits for frames), so a
//! worker that stops reading cannot stall the deadline; host calls run
//! as tasks, at most `concurrent_host_calls` at once; and the deadline and the caller's
//! cancellation are checked first in every turn of the loop. When the run ends for any reason,
//! the host calls still in flight are cancelled (their owners see their signal fire) and
//! awaited, so whatever they record is recorded before the run returns.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use serde_json::Value;
use tokio::sync::{Semaphore, mpsc};
use tokio::task::JoinSet;
use tokio_util::sync::CancellationToken;

use super::connection::{Connection, Ending};
use super::{HostCall, HostFunctions};
use crate::limits::Limits;
use crate::outcome::{ErrorKind, LimitKind, LogEntry, RunError, RunOutcome, RunOutput};
use crate::protocol::{
    EngineOutcome, FromWorker, HostError, RunRequest, ScriptFailureKind, ToWorker,
};

/// Why the loop stopped.
enum End {
    Done(EngineOutcome),
    Kill(ErrorKind, String),
    Exited,
    Broken(String),
}

/// Runs `request` over `connection` to its end.
pub(crate) async fn drive(
    mut connection: Box<dyn Connection>,
    request: RunRequest,
    host: &HostFunctions,
    limits: &Limits,
    deadline: Duration,
    cancel: &CancellationToken,
) -> RunOutcome {
    let (frames, mut outgoing) = mpsc::unbounded_channel();
    connection.send(ToWorker::Run(request));
    let calls_signal = CancellationToken::new();
    let mut calls = HostCalls {
        tasks: JoinSet::new(),
        signals: HashMap::new(),
        permits: Arc::new(Semaphore::new(limits.concurrent_host_calls.max(1))),
        made: 0,
    };
    let mut logs: Vec<LogEntry> = Vec::new();
    let timer = tokio::time::sleep(deadline);
    tokio::pin!(timer);
    let end = loop {
        tokio::select! {
            biased;
            () = cancel.cancelled() => break End::Kill(ErrorKind::Cancelled, "the run was cancelled".to_owned()),
            () = &mut timer => break End::Kill(
                ErrorKind::Timeout,
                format!("the script ran past its deadline of {} ms", deadline.as_millis()),
            ),
            Some(reply) = outgoing.recv() => connection.send(reply),
            Some(finished) = calls.tasks.join_next(), if !calls.tasks.is_empty() => {
                if let Ok(id) = finished {
                    calls.signals.remove(&id);
                }
            }
            frame = connection.recv() => match frame {
                Ok(Some(FromWorker::HostCall { id, name, args })) => {
                    if calls.made >= limits.host_calls {
                        break End::Kill(
                            ErrorKind::Limit(LimitKind::HostCalls),
                            format!("the script made more than {} host calls", limits.host_calls),
                        );
                    }
                    calls.start(id, name, args, host, &calls_signal, &frames);
                }
                Ok(Some(FromWorker::Log(entry))) => logs.push(entry),
                Ok(Some(FromWorker::Done(outcome))) => break End::Done(outcome),
                Ok(Some(FromWorker::Ready)) => break End::Broken("the worker said Ready twice".to_owned()),
                Ok(None) => break End::Exited,
                Err(error) => break End::Broken(format!("the worker broke the protocol: {error}")),
            },
        }
    };
    let outcome = match end {
        End::Done(outcome) => {
            // The outcome is known: the worker exits by itself and is reaped off the result's
            // path (killed if it lingers).
            tokio::spawn(connection.end(Ending::Finished));
            engine_outcome(outcome, logs)
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
    outcome
}

/// The host calls of a run.
struct HostCalls {
    tasks: JoinSet<u64>,
    signals: HashMap<u64, CancellationToken>,
    permits: Arc<Semaphore>,
    made: usize,
}

impl HostCalls {
    /// Starts a host call as a task; its answer goes to the worker when it is ready.
    fn start(
        &mut self,
        id: u64,
        name: String,
        args: Value,
        host: &HostFunctions,
        run_signal: &CancellationToken,
        frames: &mpsc::UnboundedSender<ToWorker>,
    ) {
        self.made += 1;
        let Some(function) = host.get(&name) else {
            let error = HostError::new(format!("there is no host function named {name:?}"));
            let _ = frames.send(ToWorker::HostReply { id, result: Err(error) });
            return;
        };
        let signal = run_signal.child_token();
        self.signals.insert(id, signal.clone());
        let (permits, frames) = (Arc::clone(&self.permits), frames.clone());
        // Called here, in the order the script made the calls; only the future runs as a task.
        let call = function(HostCall { id, name, args, signal });
        self.tasks.spawn(async move {
            let result = match permits.acquire_owned().await {
                Ok(_permit) => call.await,
                Err(_) => Err(HostError::new("the run is over")),
            };
            let _ = frames.send(ToWorker::HostReply { id, result });
            id
        });
    }

    /// Cancels the calls still in flight and waits for each to finish.
    async fn cancel_and_drain(mut self, run_signal: &CancellationToken) {
        run_signal.cancel();
        self.permits.close();
        while self.tasks.join_next().await.is_some() {}
    }
}

/// The worker's outcome as the caller sees it.
fn engine_outcome(outcome: EngineOutcome, logs: Vec<LogEntry>) -> RunOutcome {
    match outcome {
        Ok(text) => match serde_json::from_str::<Value>(&text) {
            Ok(result) => Ok(RunOutput { result, logs }),
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
