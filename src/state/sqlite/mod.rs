//! The embedded store: a SQLite database in the state folder, written before a pause is
//! announced, so a run survives its process (`kill -9` included) and resumes from another.
//!
//! A row per paused run: its id, when it paused, and its journal as JSON. Runs older than the
//! retention period are swept when the store opens and at every save (a server lives long).
//! Kept values (`store`/`load`, `kept.rs`) are a row per key and one per scope, with its size
//! and when it was last used. WAL mode and a busy timeout let several `ordo` processes share
//! one folder.

mod kept;

use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use ordo_sdk::pause::{PausedRun, RunStore, StoreError};
use rusqlite::{Connection, OptionalExtension, params};

use super::now;

/// The database's file in the state folder.
const FILE: &str = "runs.sqlite3";

/// Paused runs in SQLite.
#[derive(Debug)]
pub struct SqliteStore {
    connection: Mutex<Connection>,
    path: PathBuf,
    retention: Duration,
}

impl SqliteStore {
    /// Opens (creating) the store in `dir`, forgetting runs paused longer ago than `retention`.
    pub fn open(dir: &Path, retention: Duration) -> Result<Self, StoreError> {
        std::fs::create_dir_all(dir).map_err(|error| {
            StoreError(format!("cannot create the state folder {}: {error}", dir.display()))
        })?;
        let path = dir.join(FILE);
        let failed = |error: rusqlite::Error| StoreError(format!("{}: {error}", path.display()));
        let connection = Connection::open(&path).map_err(failed)?;
        connection.busy_timeout(Duration::from_secs(5)).map_err(failed)?;
        connection
            .execute_batch(
                "PRAGMA journal_mode = WAL;
                 PRAGMA synchronous = FULL;
                 CREATE TABLE IF NOT EXISTS paused_runs (
                     id TEXT PRIMARY KEY,
                     paused_at INTEGER NOT NULL,
                     journal TEXT NOT NULL
                 );
                 CREATE INDEX IF NOT EXISTS paused_runs_by_age ON paused_runs (paused_at);
                 CREATE TABLE IF NOT EXISTS server_keys (
                     name TEXT PRIMARY KEY,
                     key BLOB NOT NULL
                 );
                 CREATE TABLE IF NOT EXISTS kept_scopes (
                     scope TEXT PRIMARY KEY,
                     bytes INTEGER NOT NULL,
                     used_at INTEGER NOT NULL
                 );
                 CREATE INDEX IF NOT EXISTS kept_scopes_by_use ON kept_scopes (used_at);
                 CREATE TABLE IF NOT EXISTS kept_values (
                     scope TEXT NOT NULL,
                     key TEXT NOT NULL,
                     value TEXT NOT NULL,
                     bytes INTEGER NOT NULL,
                     PRIMARY KEY (scope, key)
                 );",
            )
            .map_err(failed)?;
        sweep(&connection, retention).map_err(failed)?;
        Ok(Self { connection: Mutex::new(connection), path, retention })
    }

    /// The database file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// A run's journal read back.
    fn read(&self, id: &str, journal: Option<String>) -> Result<Option<PausedRun>, StoreError> {
        journal
            .map(|text| {
                serde_json::from_str(&text).map_err(|error| {
                    StoreError(format!("run {id} in {} is damaged: {error}", self.path.display()))
                })
            })
            .transpose()
    }

    fn with<T>(&self, f: impl FnOnce(&Connection) -> rusqlite::Result<T>) -> Result<T, StoreError> {
        let connection = self.connection.lock().unwrap_or_else(PoisonError::into_inner);
        f(&connection).map_err(|error| self.failed(&error))
    }

    fn failed(&self, error: &rusqlite::Error) -> StoreError {
        StoreError(format!("{}: {error}", self.path.display()))
    }
}

impl RunStore for SqliteStore {
    fn save(&self, run: &PausedRun) -> Result<(), StoreError> {
        let journal = serde_json::to_string(run)
            .map_err(|error| StoreError(format!("cannot write run {}: {error}", run.id)))?;
        self.with(|connection| {
            sweep(connection, self.retention)?;
            connection.execute(
                "INSERT OR REPLACE INTO paused_runs (id, paused_at, journal) VALUES (?1, ?2, ?3)",
                params![run.id, run.paused_at as i64, journal],
            )
        })
        .map(drop)
    }

    fn load(&self, id: &str) -> Result<Option<PausedRun>, StoreError> {
        let journal: Option<String> = self.with(|connection| {
            connection
                .query_row("SELECT journal FROM paused_runs WHERE id = ?1", params![id], |row| {
                    row.get(0)
                })
                .optional()
        })?;
        self.read(id, journal)
    }

    fn take(&self, id: &str) -> Result<Option<PausedRun>, StoreError> {
        // One statement: of two processes taking the same run, one gets the row.
        let journal: Option<String> = self.with(|connection| {
            connection
                .query_row(
                    "DELETE FROM paused_runs WHERE id = ?1 RETURNING journal",
                    params![id],
                    |row| row.get(0),
                )
                .optional()
        })?;
        self.read(id, journal)
    }

    fn server_key(&self) -> Result<Vec<u8>, StoreError> {
        let made = ordo_sdk::pause::random_key(32)?;
        // The first process to write it wins; every other reads what it wrote.
        self.with(|connection| {
            connection.execute(
                "INSERT OR IGNORE INTO server_keys (name, key) VALUES ('request_state', ?1)",
                params![made],
            )?;
            connection.query_row(
                "SELECT key FROM server_keys WHERE name = 'request_state'",
                [],
                |row| row.get(0),
            )
        })
    }

    fn remove(&self, id: &str) -> Result<(), StoreError> {
        self.with(|connection| {
            connection.execute("DELETE FROM paused_runs WHERE id = ?1", params![id])
        })
        .map(drop)
    }
}

/// Forgets the runs paused longer ago than `retention`.
fn sweep(connection: &Connection, retention: Duration) -> rusqlite::Result<usize> {
    let oldest = now().saturating_sub(retention.as_secs());
    connection.execute("DELETE FROM paused_runs WHERE paused_at < ?1", params![oldest as i64])
}

#[cfg(test)]
mod tests {
    use super::*;
    use ordo_runtime::ClockReadings;
    use ordo_sdk::ScriptInputs;

    fn run(id: &str, paused_at: u64) -> PausedRun {
        PausedRun {
            id: id.to_owned(),
            code: "return 1".to_owned(),
            inputs: ScriptInputs::default(),
            seed: 7,
            clock: ClockReadings::default(),
            logs: 0,
            settled: Vec::new(),
            pending: Vec::new(),
            paused_at,
            pause: 1,
        }
    }

    #[test]
    fn a_run_is_kept_across_opens_and_expires_after_the_retention() {
        let dir = tempfile::tempdir().unwrap();
        let day = Duration::from_secs(86_400);
        let store = SqliteStore::open(dir.path(), day).unwrap();
        store.save(&run("stale", now() - 2 * 86_400)).unwrap();
        store.save(&run("fresh", now())).unwrap();
        assert_eq!(store.load("stale").unwrap(), None, "swept at the next save");
        store.save(&run("stale", now() - 2 * 86_400)).unwrap();
        drop(store);
        let store = SqliteStore::open(dir.path(), day).unwrap();
        assert_eq!(store.load("fresh").unwrap(), Some(run("fresh", store_time(&store, "fresh"))));
        assert_eq!(store.load("stale").unwrap(), None);
        assert!(store.take("fresh").unwrap().is_some());
        assert_eq!(store.take("fresh").unwrap(), None, "a run is taken once");
        assert_eq!(store.load("fresh").unwrap(), None);
    }

    fn store_time(store: &SqliteStore, id: &str) -> u64 {
        store.load(id).unwrap().unwrap().paused_at
    }

    #[test]
    fn the_server_key_is_made_once_and_kept() {
        let dir = tempfile::tempdir().unwrap();
        let key = SqliteStore::open(dir.path(), Duration::from_secs(60)).unwrap().server_key();
        let again = SqliteStore::open(dir.path(), Duration::from_secs(60)).unwrap().server_key();
        assert_eq!(key.clone().unwrap().len(), 32);
        assert_eq!(key, again);
    }

    #[test]
    fn a_damaged_row_is_an_error_that_names_the_run() {
        let dir = tempfile::tempdir().unwrap();
        let store = SqliteStore::open(dir.path(), Duration::from_secs(60)).unwrap();
        store
            .with(|c| {
                c.execute("INSERT INTO paused_runs VALUES ('r1', ?1, '{')", params![now() as i64])
            })
            .unwrap();
        let error = store.load("r1").unwrap_err();
        assert!(error.0.contains("run r1") && error.0.contains("damaged"), "{error}");
    }
}
