//! Session logs in PostgreSQL: a row per session, a row per event.
//!
//! The seed's rules for a log hold in the database, not in a process's memory:
//!
//! - **One writer.** An event's key is `(session, seq)`: a second process writing the same
//!   session reaches a `seq` the first wrote and is refused by the key. The writer also holds an
//!   advisory lock on the session for as long as its connection lives, which is how a reader
//!   tells a live session from one whose writer died.
//! - **In order, no gaps.** Events are inserted only if the first of them is the session's
//!   first or its predecessor is there, in the same statement: one round trip for all the
//!   events waiting ([`StoreSink`] writes them in batches).
//! - **Nothing half-written.** An event is one row, committed before the caller goes on (before
//!   the client hears of it; a script's nested events before anything they caused is seen). A write whose outcome is unknown (the store did not answer in
//!   time, the connection dropped) is undone before the next one: the caller was told it failed,
//!   and its `seq` is used again, as the JSONL sink truncates a failed line.
//! - **Repaired by the next reader.** The calls a dead writer left without a result get a
//!   `TOOL_OUTCOME_UNKNOWN` result marked `repaired`, as loading a cut JSONL log gives them
//!   (R-LOG-4); the first process that reads the session after its writer is gone writes them.
//!
//! Each row keeps the event's JSON exactly as the JSONL sink writes its line, so a session's
//! export is byte for byte what `--session-dir` writes.

use std::time::SystemTime;

use ordo_sdk::pause::StoreError;
use ordo_tools::session::{Event, LoadedLog};
use postgres::error::SqlState;
use postgres::types::Type;
use postgres::{Client, GenericClient};

use super::PgStore;
use super::connection::{LOCK_SPACE, lock_key};
pub use super::sink::StoreSink;

/// A session as `ordo sessions` lists it.
#[derive(Clone, Debug, PartialEq)]
pub struct SessionSummary {
    /// Its name.
    pub name: String,
    /// The client, as it introduced itself.
    pub client: Option<String>,
    /// When it started.
    pub started_at: SystemTime,
    /// The process that writes (or wrote) it: `host:pid`.
    pub writer: String,
    /// Top-level calls.
    pub calls: u64,
    /// Where it stands.
    pub state: SessionState,
}

/// Where a session stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SessionState {
    /// Its writer is alive.
    Live,
    /// Every call has its result and no writer holds it.
    Ended,
    /// Its writer died with calls in flight: the next reader repairs them.
    Cut {
        /// Calls without a result.
        open: u64,
    },
    /// A reader repaired the calls its dead writer left without a result.
    Repaired,
}

impl std::fmt::Display for SessionState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Live => f.write_str("live"),
            Self::Ended => f.write_str("ended"),
            Self::Cut { open } => write!(f, "cut ({open} without a result)"),
            Self::Repaired => f.write_str("repaired"),
        }
    }
}

/// A session read back.
#[derive(Debug)]
pub struct ReadSession {
    /// The log, as JSON Lines: what `--session-dir` wrote for it, repairs included.
    pub jsonl: String,
    /// The log loaded, as a JSONL file loads.
    pub log: LoadedLog,
    /// Whether its writer is still writing it (its open calls are running, not repaired).
    pub live: bool,
    /// Results this read wrote for calls a dead writer left without one.
    pub repaired: usize,
}

/// A session opened to be written on, as [`PgStore::open_session`] returns it.
#[derive(Debug)]
pub struct Continued {
    /// The sink, after the session's last event.
    pub sink: StoreSink,
    /// The session as it was, repairs included.
    pub log: LoadedLog,
    /// The `seq` of its next event.
    pub next_seq: u64,
}

impl PgStore {
    /// A new session named `name` (or, if a session has that name, `name-2`, …), written by this
    /// process.
    ///
    /// # Errors
    ///
    /// When the store fails.
    pub fn create_session(
        &self,
        name: &str,
        client: Option<&str>,
    ) -> Result<StoreSink, StoreError> {
        let (name, client, writer) = (name.to_owned(), client.map(str::to_owned), writer());
        let (id, name) = self.connection.run(move |db| {
            for attempt in 1..=8 {
                let candidate =
                    if attempt == 1 { name.clone() } else { format!("{name}-{attempt}") };
                let row = db.query_opt(
                    "WITH made AS (
                         INSERT INTO ordo_sessions (name, client, writer) VALUES ($1, $2, $3)
                         ON CONFLICT (name) DO NOTHING RETURNING id
                     )
                     SELECT id, pg_advisory_lock($4, (id & 2147483647)::INTEGER) IS NOT NULL
                     FROM made",
                    &[&candidate, &client, &writer, &LOCK_SPACE],
                )?;
                if let Some(row) = row {
                    return Ok((row.get::<_, i64>(0), candidate));
                }
            }
            // Eight sessions of one name: let the key's error say so.
            let row = db.query_one(
                "INSERT INTO ordo_sessions (name, client, writer) VALUES ($1, $2, $3) RETURNING id",
                &[&name, &client, &writer],
            )?;
            Ok((row.get(0), name))
        })?;
        self.connection.hold(id);
        Ok(StoreSink::new(self.connection.clone(), id, name))
    }

    /// The session `name` opened to go on writing it (`ordo run --store URL --session NAME`),
    /// created if there is none; calls a dead writer left open are repaired first.
    ///
    /// # Errors
    ///
    /// When another process is writing it, its events do not fit together, or the store fails.
    pub fn open_session(&self, name: &str, client: Option<&str>) -> Result<Continued, StoreError> {
        let found = self.find(name)?;
        let Some((id, holder)) = found else {
            let sink = self.create_session(name, client)?;
            return Ok(Continued { sink, log: LoadedLog::default(), next_seq: 1 });
        };
        let origin = origin(name, self.place());
        let taken = self.connection.run(move |db| take(db, id))?;
        if !taken {
            return Err(StoreError(format!(
                "session {name} is being written by {holder}; a session has one writer at a time"
            )));
        }
        self.connection.hold(id);
        // Made before reading, so that its drop gives the lock back on failure too.
        let sink = StoreSink::new(self.connection.clone(), id, name.to_owned());
        let me = writer();
        let read = self.connection.run(move |db| {
            db.execute(
                "UPDATE ordo_sessions SET writer = $2, ended_at = NULL WHERE id = $1",
                &[&id, &me],
            )?;
            repair(db, id, &origin)
        });
        let (_, log, _) = read??;
        let next_seq = log.next_seq();
        Ok(Continued { sink: sink.after(next_seq - 1), log, next_seq })
    }

    /// The session `name` read back; if its writer is gone, the calls it left without a result
    /// are repaired in the store first.
    ///
    /// # Errors
    ///
    /// When there is no such session, its events do not fit together, or the store fails.
    pub fn read_session(&self, name: &str) -> Result<ReadSession, StoreError> {
        let Some((id, _)) = self.find(name)? else {
            return Err(StoreError(format!(
                "no session {name} in the store at {} (ordo sessions --store URL lists them)",
                self.place()
            )));
        };
        let origin = origin(name, self.place());
        let ours = self.connection.holds(id);
        let (jsonl, log, live, repaired) = self.connection.run(move |db| {
            if ours || !take(db, id)? {
                let jsonl = lines(db, id)?;
                return Ok(load(&jsonl, &origin).map(|log| (jsonl, log, true, 0)));
            }
            let outcome = repair(db, id, &origin);
            give_back(db, id)?;
            Ok(outcome?.map(|(jsonl, log, repaired)| (jsonl, log, false, repaired)))
        })??;
        Ok(ReadSession { jsonl, log, live, repaired })
    }

    /// Every session, oldest first.
    ///
    /// # Errors
    ///
    /// When the store fails.
    pub fn sessions(&self) -> Result<Vec<SessionSummary>, StoreError> {
        self.connection.run(|db| {
            let rows = db.query(
                "SELECT s.name, s.client, s.started_at, s.writer,
                     count(*) FILTER (WHERE e.kind = 'call' AND e.top_level),
                     count(*) FILTER (WHERE e.kind = 'call') - count(*) FILTER (WHERE e.kind = 'result'),
                     s.repaired_at IS NOT NULL,
                     EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory'
                         AND l.database = (SELECT oid FROM pg_database
                                           WHERE datname = current_database())
                         AND l.classid = $1::BIGINT::OID
                         AND l.objid = (s.id & 2147483647)::OID AND l.objsubid = 2)
                 FROM ordo_sessions s LEFT JOIN ordo_session_events e ON e.session = s.id
                 GROUP BY s.id ORDER BY s.started_at, s.id",
                &[&i64::from(LOCK_SPACE)],
            )?;
            Ok(rows
                .iter()
                .map(|row| {
                    let open: i64 = row.get(5);
                    let state = match (row.get::<_, bool>(7), open, row.get::<_, bool>(6)) {
                        (true, _, _) => SessionState::Live,
                        (false, open, _) if open > 0 => SessionState::Cut { open: open as u64 },
                        (false, _, true) => SessionState::Repaired,
                        (false, _, false) => SessionState::Ended,
                    };
                    SessionSummary {
                        name: row.get(0),
                        client: row.get(1),
                        started_at: row.get(2),
                        writer: row.get(3),
                        calls: row.get::<_, i64>(4) as u64,
                        state,
                    }
                })
                .collect())
        })
    }

    /// The session `name`'s id and writer.
    fn find(&self, name: &str) -> Result<Option<(i64, String)>, StoreError> {
        let name = name.to_owned();
        self.connection.run(move |db| {
            let row =
                db.query_opt("SELECT id, writer FROM ordo_sessions WHERE name = $1", &[&name])?;
            Ok(row.map(|row| (row.get(0), row.get(1))))
        })
    }
}

/// An event's columns besides its line.
#[derive(Clone, Copy)]
pub(super) struct Row {
    pub(super) seq: u64,
    kind: &'static str,
    top_level: bool,
}

impl Row {
    pub(super) fn of(event: &Event) -> Self {
        let kind = match event {
            Event::Call(_) => "call",
            Event::Result(_) => "result",
        };
        Self { seq: event.seq(), kind, top_level: event.parent().is_none() }
    }
}

/// Why an event was not recorded, for certain.
pub(super) enum Refused {
    /// Its `seq` is there already: another process writes this session.
    Taken,
    /// Its predecessor is not there.
    Gap,
}

impl Refused {
    /// What went wrong with a write starting at event `seq`.
    pub(super) fn reason(&self, seq: u64) -> String {
        match self {
            Self::Taken => format!(
                "event {seq} is already recorded; another process writes this session, and a \
                 session has one writer"
            ),
            Self::Gap => format!(
                "event {seq} would leave a gap (event {} is not recorded)",
                seq.saturating_sub(1)
            ),
        }
    }
}

/// Inserts consecutive events if the first one's predecessor is there: one statement, one
/// round trip however many rows.
pub(super) fn insert_rows(
    db: &mut impl GenericClient,
    id: i64,
    rows: &[(Row, &str)],
) -> Result<Result<(), Refused>, postgres::Error> {
    let Some((first, _)) = rows.first() else { return Ok(Ok(())) };
    let seqs: Vec<i64> = rows.iter().map(|(row, _)| row.seq as i64).collect();
    let kinds: Vec<&str> = rows.iter().map(|(row, _)| row.kind).collect();
    let top_level: Vec<bool> = rows.iter().map(|(row, _)| row.top_level).collect();
    let lines: Vec<&str> = rows.iter().map(|(_, line)| *line).collect();
    // Typed parameters: parsed, bound and run in one round trip (an untyped query would be
    // prepared first, a second one).
    let inserted = db.execute_typed(
        "INSERT INTO ordo_session_events (session, seq, kind, top_level, line)
         SELECT $1, event.seq, event.kind, event.top_level, event.line
         FROM unnest($2, $3, $4, $5) AS event (seq, kind, top_level, line)
         WHERE $6 = 1 OR EXISTS (
             SELECT 1 FROM ordo_session_events WHERE session = $1 AND seq = $6 - 1
         )",
        &[
            (&id, Type::INT8),
            (&seqs, Type::INT8_ARRAY),
            (&kinds, Type::TEXT_ARRAY),
            (&top_level, Type::BOOL_ARRAY),
            (&lines, Type::TEXT_ARRAY),
            (&(first.seq as i64), Type::INT8),
        ],
    );
    match inserted {
        Ok(0) => Ok(Err(Refused::Gap)),
        Ok(_) => Ok(Ok(())),
        Err(error) if error.code() == Some(&SqlState::UNIQUE_VIOLATION) => Ok(Err(Refused::Taken)),
        Err(error) => Err(error),
    }
}

/// Deletes session `id`'s events from `seq` on: writes whose outcome was not known.
pub(super) fn undo(db: &mut impl GenericClient, id: i64, seq: u64) -> Result<(), postgres::Error> {
    db.execute(
        "DELETE FROM ordo_session_events WHERE session = $1 AND seq >= $2",
        &[&id, &(seq as i64)],
    )
    .map(drop)
}

/// Marks session `id` ended and gives its lock back; with `repair` (its origin), its calls
/// left without a result get theirs first.
pub(super) fn end_session(
    db: &mut Client,
    id: i64,
    repair_as: Option<&str>,
) -> Result<(), postgres::Error> {
    if let Some(origin) = repair_as
        && let Err(error) = repair(db, id, origin)?
    {
        tracing::warn!(%error, "a session's calls left open could not be repaired");
    }
    db.execute("UPDATE ordo_sessions SET ended_at = now() WHERE id = $1", &[&id])?;
    give_back(db, id).map(drop)
}

/// Takes session `id`'s lock if no live writer holds it.
fn take(db: &mut Client, id: i64) -> Result<bool, postgres::Error> {
    let row = db.query_one("SELECT pg_try_advisory_lock($1, $2)", &[&LOCK_SPACE, &lock_key(id)])?;
    Ok(row.get(0))
}

/// Gives session `id`'s lock back.
fn give_back(db: &mut Client, id: i64) -> Result<bool, postgres::Error> {
    let row = db.query_one("SELECT pg_advisory_unlock($1, $2)", &[&LOCK_SPACE, &lock_key(id)])?;
    Ok(row.get(0))
}

/// Session `id`'s events as JSON Lines, in `seq` order.
fn lines(db: &mut Client, id: i64) -> Result<String, postgres::Error> {
    let rows =
        db.query("SELECT line FROM ordo_session_events WHERE session = $1 ORDER BY seq", &[&id])?;
    let mut jsonl = String::new();
    for row in &rows {
        jsonl.push_str(row.get::<_, &str>(0));
        jsonl.push('\n');
    }
    Ok(jsonl)
}

/// How errors about session `name` in the store at `place` name it.
pub(super) fn origin(name: &str, place: &str) -> String {
    format!("session {name} in {place}")
}

fn load(jsonl: &str, origin: &str) -> Result<LoadedLog, StoreError> {
    LoadedLog::from_reader(jsonl.as_bytes(), origin).map_err(|error| StoreError(error.to_string()))
}

/// Reads session `id`, whose lock this connection holds, and writes the results its calls
/// without one get (R-LOG-4), marking it repaired. Returns the log as JSON Lines, repairs
/// included, and how many were written.
#[allow(clippy::type_complexity)]
fn repair(
    db: &mut Client,
    id: i64,
    origin: &str,
) -> Result<Result<(String, LoadedLog, usize), StoreError>, postgres::Error> {
    let mut jsonl = lines(db, id)?;
    let log = match load(&jsonl, origin) {
        Ok(log) => log,
        Err(error) => return Ok(Err(error)),
    };
    let mut repairs = Vec::new();
    for repair in log.repairs() {
        let event = Event::Result(repair.clone());
        match serde_json::to_string(&event) {
            Ok(line) => repairs.push((event, line)),
            Err(error) => return Ok(Err(StoreError(format!("{origin}: {error}")))),
        }
    }
    if repairs.is_empty() {
        return Ok(Ok((jsonl, log, 0)));
    }
    let mut transaction = db.transaction()?;
    let rows: Vec<_> =
        repairs.iter().map(|(event, line)| (Row::of(event), line.as_str())).collect();
    if let (Err(refused), Some((first, _))) =
        (insert_rows(&mut transaction, id, &rows)?, rows.first())
    {
        return Ok(Err(StoreError(format!("{origin}: {}", refused.reason(first.seq)))));
    }
    transaction.execute(
        "UPDATE ordo_sessions SET repaired_at = now(), ended_at = coalesce(ended_at, now())
         WHERE id = $1",
        &[&id],
    )?;
    transaction.commit()?;
    for (_, line) in &repairs {
        jsonl.push_str(line);
        jsonl.push('\n');
    }
    Ok(Ok((jsonl, log, repairs.len())))
}

/// This process as a session's writer: `host:pid`.
fn writer() -> String {
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .or_else(|| std::env::var("HOSTNAME").ok())
        .map(|host| host.trim().to_owned())
        .filter(|host| !host.is_empty())
        .unwrap_or_else(|| "localhost".to_owned());
    format!("{host}:{}", std::process::id())
}
