//! The store's one connection to PostgreSQL, owned by a thread of its own.
//!
//! The blocking client runs its own small runtime, which cannot be entered from a caller's
//! tokio runtime (the CLI's is one-threaded, and events are written from async code), so every
//! query is a job sent to this thread and waited for with a bound: the `--store-timeout`. A job
//! whose caller stopped waiting is never run late (a write the caller was told failed must not
//! land afterwards). A connection found closed (the server restarted, the network dropped) is
//! opened again at the next job, and the session locks this process held are taken again.

use std::collections::HashSet;
use std::fmt;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use ordo_sdk::pause::StoreError;
use postgres::config::Host;
use postgres::{Client, Config, NoTls};

/// The first key of every advisory lock ordo takes ("ordo" in ASCII), so its locks never meet
/// another application's on the same database.
pub(super) const LOCK_SPACE: i32 = 0x6f72_646f;

/// What a job does with the connection, or with the reason there is none.
pub(super) type Work = Box<dyn FnOnce(Result<&mut Client, StoreError>) + Send>;

struct Job {
    /// Past it, the caller has stopped waiting: the job is not run.
    deadline: Instant,
    work: Work,
}

/// A handle on the store's connection. Cheap to clone; the thread ends with the last clone.
#[derive(Clone)]
pub(super) struct Connection {
    jobs: mpsc::Sender<Job>,
    timeout: Duration,
    place: Arc<str>,
    /// The sessions this process writes, by id: their locks are taken again on a new
    /// connection (a lock lives as long as the connection that took it).
    held: Arc<Mutex<HashSet<i64>>>,
}

impl fmt::Debug for Connection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Connection").field("place", &self.place).finish_non_exhaustive()
    }
}

impl Connection {
    /// Starts the thread and connects, within `timeout`.
    pub(super) fn open(url: &str, timeout: Duration) -> Result<Self, StoreError> {
        let mut config: Config = url.parse().map_err(|error| {
            StoreError(format!(
                "--store: not a PostgreSQL URL ({error}); e.g. postgres://user@host/db"
            ))
        })?;
        if config.get_application_name().is_none() {
            config.application_name("ordo");
        }
        // A server that stops answering (not one that refuses) is noticed by the system.
        config.keepalives(true).keepalives_idle(Duration::from_secs(10));
        config.tcp_user_timeout(timeout.max(Duration::from_secs(1)));
        let place: Arc<str> = place(&config).into();
        let (jobs, receiver) = mpsc::channel::<Job>();
        let held = Arc::new(Mutex::new(HashSet::new()));
        let thread_place = Arc::clone(&place);
        let thread_held = Arc::clone(&held);
        std::thread::Builder::new()
            .name("ordo-postgres".to_owned())
            .spawn(move || serve(&config, &thread_place, &receiver, &thread_held))
            .map_err(|error| StoreError(format!("cannot start the store's thread: {error}")))?;
        let connection = Self { jobs, timeout, place, held };
        connection.run(|client| client.batch_execute("SELECT 1"))?;
        Ok(connection)
    }

    /// The server and database, for messages (never the password).
    pub(super) fn place(&self) -> &str {
        &self.place
    }

    /// Runs `query` on the connection and waits for it, at most the store's timeout.
    pub(super) fn run<T: Send + 'static>(
        &self,
        query: impl FnOnce(&mut Client) -> Result<T, postgres::Error> + Send + 'static,
    ) -> Result<T, StoreError> {
        let (answer, answered) = mpsc::sync_channel(1);
        let place = Arc::clone(&self.place);
        let work: Work = Box::new(move |client| {
            let outcome =
                client.and_then(|client| query(client).map_err(|error| failure(&place, &error)));
            // The caller may have stopped waiting: nobody to tell.
            let _ = answer.send(outcome);
        });
        self.submit(work)?;
        match answered.recv_timeout(self.timeout) {
            Ok(outcome) => outcome,
            Err(RecvTimeoutError::Timeout) => Err(self.late()),
            Err(RecvTimeoutError::Disconnected) => Err(self.gone()),
        }
    }

    /// Sends `query` without waiting for it (what a closing session tells the store).
    pub(super) fn detach(
        &self,
        query: impl FnOnce(&mut Client) -> Result<(), postgres::Error> + Send + 'static,
    ) {
        let place = Arc::clone(&self.place);
        let work: Work = Box::new(move |client| {
            if let Err(error) =
                client.and_then(|client| query(client).map_err(|error| failure(&place, &error)))
            {
                tracing::warn!(%error, "the store missed a closing update");
            }
        });
        if self.submit(work).is_err() {
            tracing::warn!("the store's thread has ended");
        }
    }

    /// Queues `work` behind every job sent before it, to be run within the store's timeout
    /// (past it, `work` is told so instead); the caller learns its outcome as `work` tells it.
    pub(super) fn submit(&self, work: Work) -> Result<(), StoreError> {
        let deadline = Instant::now() + self.timeout;
        self.jobs.send(Job { deadline, work }).map_err(|_| self.gone())
    }

    /// How long a caller waits for a query.
    pub(super) fn timeout(&self) -> Duration {
        self.timeout
    }

    /// Holds session `id`'s lock on every connection from now on.
    pub(super) fn hold(&self, id: i64) {
        self.held.lock().unwrap_or_else(PoisonError::into_inner).insert(id);
    }

    /// Whether this process writes session `id`.
    pub(super) fn holds(&self, id: i64) -> bool {
        self.held.lock().unwrap_or_else(PoisonError::into_inner).contains(&id)
    }

    /// Stops holding session `id`'s lock on new connections.
    pub(super) fn release(&self, id: i64) {
        self.held.lock().unwrap_or_else(PoisonError::into_inner).remove(&id);
    }

    /// A caller waited the whole timeout.
    pub(super) fn late(&self) -> StoreError {
        StoreError(format!(
            "PostgreSQL at {} did not answer within {} s (--store-timeout)",
            self.place,
            self.timeout.as_secs_f64()
        ))
    }

    pub(super) fn gone(&self) -> StoreError {
        StoreError(format!("the connection to PostgreSQL at {} has ended", self.place))
    }
}

/// The thread: runs jobs in order on one connection, opened (again) when needed.
fn serve(config: &Config, place: &str, jobs: &mpsc::Receiver<Job>, held: &Mutex<HashSet<i64>>) {
    let mut client: Option<Client> = None;
    while let Ok(job) = jobs.recv() {
        let now = Instant::now();
        let Some(left) = job.deadline.checked_duration_since(now).filter(|left| !left.is_zero())
        else {
            (job.work)(Err(StoreError("the caller stopped waiting".to_owned())));
            continue;
        };
        if client.as_ref().is_none_or(Client::is_closed) {
            client = None;
            let mut config = config.clone();
            config.connect_timeout(left);
            match config.connect(NoTls) {
                Ok(mut opened) => {
                    let ids: Vec<i64> = held
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .iter()
                        .copied()
                        .collect();
                    retake(&mut opened, &ids);
                    client = Some(opened);
                }
                Err(error) => {
                    (job.work)(Err(unreachable(place, &error)));
                    continue;
                }
            }
        }
        if let Some(client) = client.as_mut() {
            (job.work)(Ok(client));
        }
    }
}

/// Takes the locks of the sessions this process writes again, on a new connection. A session
/// another process took meanwhile (it found the writer gone and repaired the log) stays its:
/// this process's next write to it is refused by the log's key.
fn retake(client: &mut Client, ids: &[i64]) {
    for &id in ids {
        match client.query_one("SELECT pg_try_advisory_lock($1, $2)", &[&LOCK_SPACE, &lock_key(id)])
        {
            Ok(row) if row.get::<_, bool>(0) => {}
            Ok(_) => tracing::warn!(session = id, "another process took this session's log"),
            Err(error) => tracing::warn!(%error, "a session's lock could not be taken again"),
        }
    }
}

/// The second key of a session's advisory lock.
pub(super) fn lock_key(id: i64) -> i32 {
    // Ids are a sequence from 1; past 2^31 sessions, two may share a lock, which only makes one
    // wait to be read as ended.
    (id & 0x7fff_ffff) as i32
}

/// `host:port/database` (or the socket folder), for messages.
fn place(config: &Config) -> String {
    let host = match config.get_hosts().first() {
        Some(Host::Tcp(name)) => name.clone(),
        Some(Host::Unix(path)) => path.display().to_string(),
        None => "localhost".to_owned(),
    };
    let port = config.get_ports().first().copied().unwrap_or(5432);
    let database = config.get_dbname().or(config.get_user()).unwrap_or("postgres");
    format!("{host}:{port}/{database}")
}

fn unreachable(place: &str, error: &postgres::Error) -> StoreError {
    StoreError(format!("cannot reach PostgreSQL at {place}: {}", describe(error)))
}

pub(super) fn failure(place: &str, error: &postgres::Error) -> StoreError {
    if error.is_closed() {
        return StoreError(format!("the connection to PostgreSQL at {place} was lost"));
    }
    StoreError(format!("PostgreSQL at {place}: {}", describe(error)))
}

/// An error with its cause (the client's own message is often only "error connecting to
/// server" or "db error").
pub(super) fn describe(error: &postgres::Error) -> String {
    if let Some(db) = error.as_db_error() {
        return match db.detail() {
            Some(detail) => format!("{} ({detail})", db.message()),
            None => db.message().to_owned(),
        };
    }
    match std::error::Error::source(error) {
        Some(source) => format!("{error}: {source}"),
        None => error.to_string(),
    }
}
