//! A log whose sink writes nested calls' events behind (R-LOG-1, R-FLEET-1): a nested body
//! starts only once its `tool/call` is written, a call whose `tool/call` is given up runs not
//! at all and gets no result in the log, and the log numbers on from the first event given up,
//! so what it holds loads clean (no gap, no result without its call).
#![allow(clippy::unwrap_used)] // test helpers outside #[test] fns unwrap too

mod scheduler_common;

use std::io;
use std::sync::{Arc, Mutex};

use futures::FutureExt;
use ordo_tools::session::{Durable, Event, EventSink, LoadedLog, SessionLog, Written};
use ordo_tools::{
    Arguments, CancellationToken, ErrorCode, NestedCalls, Pipeline, Scheduler, ToolRegistry,
};
use scheduler_common::{Shared, lending_parent, probe, probe_args};
use tokio::sync::oneshot;

/// A sink that writes nested events behind until told to land or drop them, as a database
/// sink does with its batches; a plain `write` lands everything before it, as the store does.
#[derive(Clone, Default)]
struct BehindSink {
    state: Arc<Mutex<Behind>>,
}

#[derive(Default)]
struct Behind {
    written: Vec<Event>,
    pending: Vec<(Event, oneshot::Sender<io::Result<()>>)>,
    /// Events from this `seq` on were given up: the next must have it.
    given_up: Option<u64>,
}

impl Behind {
    fn take(&mut self, event: &Event) -> io::Result<()> {
        if let Some(from) = self.given_up {
            if event.seq() != from {
                return Err(io::Error::other(format!("event {} was given up", event.seq())));
            }
            self.given_up = None;
        }
        Ok(())
    }
}

impl BehindSink {
    /// Writes every pending event.
    fn land(&self) {
        let mut state = self.state.lock().unwrap();
        for (event, told) in std::mem::take(&mut state.pending) {
            state.written.push(event);
            let _ = told.send(Ok(()));
        }
    }

    /// Gives up every pending event, as a batch the store refused.
    fn drop_pending(&self) {
        let mut state = self.state.lock().unwrap();
        let pending = std::mem::take(&mut state.pending);
        state.given_up = pending.first().map(|(event, _)| event.seq());
        for (_, told) in pending {
            let _ = told.send(Err(io::Error::other("the store went away")));
        }
    }

    fn pending(&self) -> Vec<u64> {
        self.state.lock().unwrap().pending.iter().map(|(event, _)| event.seq()).collect()
    }

    fn written(&self) -> Vec<Event> {
        self.state.lock().unwrap().written.clone()
    }
}

impl EventSink for BehindSink {
    fn write(&mut self, event: &Event) -> io::Result<()> {
        self.state.lock().unwrap().take(event)?;
        self.land();
        self.state.lock().unwrap().written.push(event.clone());
        Ok(())
    }

    fn write_behind(&mut self, event: &Event) -> io::Result<Written> {
        let mut state = self.state.lock().unwrap();
        state.take(event)?;
        let (told, written) = oneshot::channel();
        state.pending.push((event.clone(), told));
        Ok(Written::Behind(Durable::new(async move {
            written.await.unwrap_or_else(|_| Err(io::Error::other("the sink was dropped")))
        })))
    }

    fn rewind(&mut self) -> Option<u64> {
        self.state.lock().unwrap().given_up
    }
}

/// A session over `par` and `parent` logged to a [`BehindSink`], and the parent's door.
async fn session() -> (Scheduler, NestedCalls, Shared, BehindSink, CancellationToken) {
    let shared = Shared::default();
    let registry = ToolRegistry::new();
    registry.register(probe("par", false, &shared)).unwrap();
    let lent = lending_parent(&registry);
    let sink = BehindSink::default();
    let log = SessionLog::new(sink.clone());
    let scheduler = Scheduler::builder(Pipeline::new(registry)).log(log).build();
    let signal = CancellationToken::new();
    let door = lent.open(&scheduler, &signal).await;
    (scheduler, door, shared, sink, signal)
}

fn call(door: &NestedCalls, id: &str) -> impl Future<Output = ordo_tools::ToolResult> + use<> {
    let arguments = Arguments::parse(&probe_args(0, false));
    door.call(Arc::from(id), "par", arguments, CancellationToken::new())
}

fn bodies(shared: &Shared) -> Vec<String> {
    shared.lock().unwrap().bodies.iter().map(|(id, _, _)| id.clone()).collect()
}

/// Each event's `seq` and call.
fn seqs_and_calls(events: &[Event]) -> Vec<(u64, &str)> {
    events.iter().map(|event| (event.seq(), event.call_id())).collect()
}

/// The log loaded as a reader loads it (every `seq` once, in order, every result after its
/// call, or the load fails): the calls it finds without a result, sorted.
fn open_calls(events: &[Event]) -> Vec<String> {
    let jsonl: String =
        events.iter().map(|event| serde_json::to_string(event).unwrap() + "\n").collect();
    let log = LoadedLog::from_reader(jsonl.as_bytes(), "the log").unwrap();
    let mut open: Vec<String> = log.repairs().map(|repair| repair.call_id.clone()).collect();
    open.sort();
    open
}

#[tokio::test(start_paused = true)]
async fn r_log_1_a_nested_body_starts_only_once_its_call_is_written_behind() {
    let (_scheduler, door, shared, sink, _signal) = session().await;
    let mut first = Box::pin(call(&door, "p.1"));
    let mut second = Box::pin(call(&door, "p.2"));
    assert!((&mut first).now_or_never().is_none() && (&mut second).now_or_never().is_none());
    assert_eq!(sink.pending(), [2, 3], "both calls handed over together");
    assert!(bodies(&shared).is_empty(), "no body before its call is written");

    sink.land();
    assert_eq!(first.await.code(), None);
    assert_eq!(second.await.code(), None);
    assert_eq!(bodies(&shared), ["p.1", "p.2"]);
    // Their results wait for the next event written and waited for.
    assert_eq!(sink.pending(), [4, 5]);
    let next = call(&door, "p.3");
    sink.land();
    assert_eq!(next.await.code(), None);
    sink.land();
    let seqs: Vec<u64> = sink.written().iter().map(Event::seq).collect();
    assert_eq!(seqs, [1, 2, 3, 4, 5, 6, 7]);
    assert_eq!(open_calls(&sink.written()), ["p"]);
}

#[tokio::test(start_paused = true)]
async fn r_log_1_a_call_given_up_runs_not_at_all_and_the_log_numbers_on_from_it() {
    let (_scheduler, door, shared, sink, _signal) = session().await;
    let lost = Box::pin(call(&door, "p.1"));
    sink.drop_pending();
    let failed = lost.await;
    assert_eq!(failed.code(), Some(ErrorCode::Internal));
    let message = &failed.record.error.as_ref().unwrap().message;
    assert!(message.contains("cannot record the call") && message.contains("went away"));
    assert!(bodies(&shared).is_empty(), "a call that was not recorded did not run");

    // The next call is numbered where the lost one was, and the log has no trace of p.1.
    let next = Box::pin(call(&door, "p.2"));
    assert_eq!(sink.pending(), [2]);
    sink.land();
    assert_eq!(next.await.code(), None);
    sink.land();
    let written = sink.written();
    let ids = seqs_and_calls(&written);
    assert_eq!(ids, [(1, "p"), (2, "p.2"), (3, "p.2")]);
    assert_eq!(open_calls(&written), ["p"], "only the parent, which runs still, is open");
}

#[tokio::test(start_paused = true)]
async fn r_log_1_results_given_up_leave_their_calls_open_and_later_events_follow_on() {
    let (_scheduler, door, _shared, sink, _signal) = session().await;
    let done = Box::pin(call(&door, "p.1"));
    sink.land();
    assert_eq!(done.await.code(), None, "the script has its result");
    assert_eq!(sink.pending(), [3], "its result is behind");
    // The store fails with the result still behind: the call stays open in the log.
    sink.drop_pending();
    let next = Box::pin(call(&door, "p.2"));
    assert_eq!(sink.pending(), [3], "numbered from the event given up");
    sink.land();
    assert_eq!(next.await.code(), None);
    sink.land();
    let written = sink.written();
    let ids = seqs_and_calls(&written);
    assert_eq!(ids, [(1, "p"), (2, "p.1"), (3, "p.2"), (4, "p.2")]);
    assert_eq!(open_calls(&written), ["p", "p.1"], "p.1 is repaired as unknown when read");
}
