//! A session's log written to the store by this process: [`StoreSink`].
//!
//! Every write is a round trip to the database, so the sink writes events in batches and, for
//! a script's nested calls, behind (R-LOG-1, R-FLEET-1):
//!
//! - An event is *taken* into the session's queue. A job on the store's thread writes every
//!   event waiting there in one `INSERT` (the first one's predecessor checked, as for one
//!   event); while it runs, the next events wait and go together in the next job. The four
//!   `tool/call`s of a script's `Promise.all` take one or two round trips, not four.
//! - A top-level event (and every event when the log is also copied to a file) is waited for:
//!   [`write`](EventSink::write) returns once it is written, with every event before it.
//! - A nested `tool/call` starts a job, and its body waits for it ([`Durable`]): write-ahead
//!   still. A nested `tool/result` starts none: it goes with the next event that does, at the
//!   latest its `run_code`'s own result, or when the session ends.
//! - A job that fails gives up every event from its first one on, the waiting ones too: their
//!   callers are told, the log numbers its next event with the first one's `seq` again
//!   ([`EventSink::rewind`]), and rows that may have landed (the outcome is not known) are
//!   deleted by the next job before it inserts. The queue's epoch tells a job whose events
//!   were given up while it ran (its caller stopped waiting) not to believe its own success.

use std::io;
use std::mem;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use ordo_tools::session::{Durable, Event, EventSink, Written};
use postgres::Client;
use tokio::sync::oneshot;

use super::connection::{Connection, Work, describe, failure};
use super::sessions::{Refused, Row, end_session, insert_rows, undo};

/// A session's log in the store, written by this process.
pub struct StoreSink {
    connection: Connection,
    id: i64,
    name: String,
    /// A second log every event also goes to, after the store (a JSONL file).
    copy: Option<Box<dyn EventSink>>,
    queue: Arc<Mutex<Queue>>,
}

/// The events taken and not yet known to be written; shared with the store's thread.
#[derive(Default)]
struct Queue {
    /// Taken, not yet in a job, in `seq` order.
    waiting: Vec<Taken>,
    /// A job is queued or running: what is taken now goes in the next one.
    sending: bool,
    /// The last `seq` known to be written.
    written: u64,
    /// Bumped when events are given up.
    epoch: u64,
    /// Events from this `seq` on were given up, and why: the next event must have it.
    given_up: Option<(u64, String)>,
    /// Rows from this `seq` on may have landed although their callers were told otherwise:
    /// deleted before the next insert.
    undo_from: Option<u64>,
    /// A write failed: calls may be left without a recorded result, repaired at the end.
    failed: bool,
}

/// An event in the queue.
struct Taken {
    row: Row,
    line: String,
    /// Whether it starts a job: anything but a nested result, which waits for one.
    urgent: bool,
    /// Who is told when it is written, or given up.
    told: Told,
}

enum Told {
    /// A caller blocked in [`write`](EventSink::write).
    Blocked(mpsc::SyncSender<Result<(), String>>),
    /// A [`Durable`], which nobody may await (a nested result's).
    Durable(oneshot::Sender<Result<(), String>>),
}

impl Told {
    fn tell(self, outcome: Result<(), String>) {
        // A caller that stopped waiting has been told already.
        match self {
            Self::Blocked(sender) => drop(sender.try_send(outcome)),
            Self::Durable(sender) => drop(sender.send(outcome)),
        }
    }
}

impl std::fmt::Debug for StoreSink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StoreSink").field("id", &self.id).field("name", &self.name).finish()
    }
}

impl StoreSink {
    /// The sink of session `id`, whose lock this process holds, before its first event.
    pub(super) fn new(connection: Connection, id: i64, name: String) -> Self {
        Self { connection, id, name, copy: None, queue: Arc::default() }
    }

    /// The same sink, going on after its session's event `written`.
    pub(super) fn after(self, written: u64) -> Self {
        lock(&self.queue).written = written;
        self
    }

    /// The session's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Writes every event to `copy` too, after the store; when the copy fails, the event is
    /// taken back from the store, so both hold the same events. Nothing is written behind.
    #[must_use]
    pub fn with_copy(mut self, copy: impl EventSink) -> Self {
        self.copy = Some(Box::new(copy));
        self
    }

    /// Puts `event` in the queue, and starts a job if it is urgent and none is under way.
    fn take(&self, event: &Event, urgent: bool, told: Told) -> io::Result<()> {
        let line = serde_json::to_string(event)?;
        let row = Row::of(event);
        let mut queue = lock(&self.queue);
        if let Some((from, why)) = &queue.given_up {
            if row.seq != *from {
                return Err(io::Error::other(format!(
                    "session {}: event {} was not recorded: {why}",
                    self.name, row.seq
                )));
            }
            queue.given_up = None;
        }
        queue.waiting.push(Taken { row, line, urgent, told });
        if urgent && !queue.sending {
            queue.sending = true;
            drop(queue);
            send(&self.queue, &self.connection, self.id);
        }
        Ok(())
    }

    fn error(&self, why: &str) -> io::Error {
        io::Error::other(format!("session {}: {why}", self.name))
    }
}

impl EventSink for StoreSink {
    fn write(&mut self, event: &Event) -> io::Result<()> {
        let (sender, outcome) = mpsc::sync_channel(1);
        self.take(event, true, Told::Blocked(sender))?;
        let seq = event.seq();
        let outcome = match outcome.recv_timeout(self.connection.timeout()) {
            Ok(outcome) => outcome,
            Err(RecvTimeoutError::Timeout) => {
                Err(retract(&self.queue, seq, self.connection.late().0))
            }
            Err(RecvTimeoutError::Disconnected) => {
                Err(retract(&self.queue, seq, self.connection.gone().0))
            }
        };
        outcome.map_err(|why| self.error(&why))?;
        let copied = self.copy.as_mut().map_or(Ok(()), |copy| copy.write(event));
        if let Err(error) = &copied {
            retract(&self.queue, seq, format!("its copy was not written ({error})"));
        }
        copied
    }

    fn write_behind(&mut self, event: &Event) -> io::Result<Written> {
        if self.copy.is_some() {
            return self.write(event).map(|()| Written::Now);
        }
        let (sender, outcome) = oneshot::channel();
        let urgent = matches!(event, Event::Call(_));
        self.take(event, urgent, Told::Durable(sender))?;
        let (queue, seq, connection) =
            (Arc::clone(&self.queue), event.seq(), self.connection.clone());
        let name = self.name.clone();
        Ok(Written::Behind(Durable::new(async move {
            let outcome = match tokio::time::timeout(connection.timeout(), outcome).await {
                Ok(Ok(outcome)) => outcome,
                Ok(Err(_)) => Err(retract(&queue, seq, connection.gone().0)),
                Err(_) => Err(retract(&queue, seq, connection.late().0)),
            };
            outcome.map_err(|why| io::Error::other(format!("session {name}: {why}")))
        })))
    }

    fn rewind(&mut self) -> Option<u64> {
        lock(&self.queue).given_up.as_ref().map(|(from, _)| *from)
    }
}

impl Drop for StoreSink {
    /// Ends the session: the results still waiting are written, and a write that failed may
    /// have left calls without a recorded result, which get theirs now (`TOOL_OUTCOME_UNKNOWN`,
    /// marked repaired), as the next reader would give them.
    fn drop(&mut self) {
        let (id, queue) = (self.id, Arc::clone(&self.queue));
        let origin = super::sessions::origin(&self.name, self.connection.place());
        self.connection.release(id);
        self.connection.detach(move |db| {
            let (batch, undo_from, mut failed) = {
                let mut queue = lock(&queue);
                (mem::take(&mut queue.waiting), queue.undo_from.take(), queue.failed)
            };
            let rows: Vec<_> = batch.iter().map(|taken| (taken.row, &*taken.line)).collect();
            let written = match (rows.is_empty(), undo_from) {
                (false, _) => write_batch(db, id, undo_from, &rows),
                (true, Some(from)) => undo(db, id, from).map(Ok),
                (true, None) => Ok(Ok(())),
            };
            // The session is ended whatever became of them.
            match written {
                Ok(Ok(())) => {}
                Ok(Err(_)) => failed = true,
                Err(error) => {
                    tracing::warn!(error = %describe(&error), "a session's last events were not written");
                    failed = true;
                }
            }
            end_session(db, id, failed.then_some(&*origin))
        });
    }
}

/// Starts a job that writes what is waiting in `queue`.
fn send(queue: &Arc<Mutex<Queue>>, connection: &Connection, id: i64) {
    let job = job(Arc::clone(queue), connection.clone(), id);
    if let Err(gone) = connection.submit(job) {
        let mut queue = lock(queue);
        queue.sending = false;
        let from = queue.written + 1;
        give_up(&mut queue, from, gone.0, false);
    }
}

/// The job: writes every event waiting, tells their callers, and starts the next job if an
/// urgent event came meanwhile.
fn job(queue: Arc<Mutex<Queue>>, connection: Connection, id: i64) -> Work {
    Box::new(move |db: Result<&mut Client, _>| {
        let (batch, epoch, undo_from) = {
            let mut queue = lock(&queue);
            (mem::take(&mut queue.waiting), queue.epoch, queue.undo_from)
        };
        let rows: Vec<_> = batch.iter().map(|taken| (taken.row, &*taken.line)).collect();
        let outcome = match db {
            Ok(db) if !rows.is_empty() => write_batch(db, id, undo_from, &rows)
                .map_err(|error| failure(connection.place(), &error).0),
            Ok(_) => Ok(Ok(())),
            Err(error) => Err(error.0),
        };
        let mut locked = lock(&queue);
        let outcome = if locked.epoch != epoch {
            // Given up while it ran: its callers were told, and what landed is undone.
            Err(locked.given_up.as_ref().map_or_else(String::new, |(_, why)| why.clone()))
        } else {
            match (outcome, rows.first()) {
                (_, None) => Ok(()),
                (Ok(Ok(())), Some(_)) => {
                    locked.written = rows.last().map_or(locked.written, |(row, _)| row.seq);
                    locked.undo_from = None;
                    Ok(())
                }
                (Ok(Err(refused)), Some((first, _))) => {
                    let why = refused.reason(first.seq);
                    give_up(&mut locked, first.seq, why.clone(), false);
                    Err(why)
                }
                (Err(why), Some((first, _))) => {
                    give_up(&mut locked, first.seq, why.clone(), true);
                    Err(why)
                }
            }
        };
        for taken in batch {
            taken.told.tell(outcome.clone());
        }
        if locked.waiting.iter().any(|taken| taken.urgent) {
            drop(locked);
            send(&queue, &connection, id);
        } else {
            locked.sending = false;
        }
    })
}

/// Inserts `rows` (consecutive), deleting first the rows from `undo_from` on, in one
/// transaction.
fn write_batch(
    db: &mut Client,
    id: i64,
    undo_from: Option<u64>,
    rows: &[(Row, &str)],
) -> Result<Result<(), Refused>, postgres::Error> {
    let Some(from) = undo_from else { return insert_rows(db, id, rows) };
    let mut transaction = db.transaction()?;
    undo(&mut transaction, id, from)?;
    let inserted = insert_rows(&mut transaction, id, rows)?;
    if inserted.is_ok() {
        transaction.commit()?;
    }
    Ok(inserted)
}

/// Gives up the events from `from` on: the waiting ones are told `why`, and the next event
/// taken must have `from`; `maybe_landed` when the store failed and some of them may be in it.
fn give_up(queue: &mut Queue, from: u64, why: String, maybe_landed: bool) {
    queue.epoch += 1;
    if maybe_landed {
        // The store failed, not the log's rules (another writer): repaired at the end.
        queue.failed = true;
        queue.undo_from = Some(queue.undo_from.map_or(from, |undo| undo.min(from)));
    }
    for taken in queue.waiting.drain(..) {
        taken.told.tell(Err(why.clone()));
    }
    queue.given_up = Some((from, why.clone()));
}

/// Takes back event `seq` (and those after it), which its caller is told was not written,
/// though it may have landed; returns `why`.
fn retract(queue: &Mutex<Queue>, seq: u64, why: String) -> String {
    let mut queue = lock(queue);
    let from = seq.min(queue.written + 1);
    queue.written = from - 1;
    give_up(&mut queue, from, why.clone(), true);
    why
}

fn lock(queue: &Mutex<Queue>) -> MutexGuard<'_, Queue> {
    queue.lock().unwrap_or_else(PoisonError::into_inner)
}
