//! The fleet's store: PostgreSQL (`--store postgres://…`), shared by every replica.
//!
//! It keeps what the embedded store keeps (paused runs, the key that seals request states, kept
//! values) and the session logs, one row per event ([`sessions`]). Every query goes through the
//! store's one connection, on a thread of its own, and waits at most the store's timeout
//! (`connection.rs`); the tables are made and migrated by ordo (`schema.rs`).

mod connection;
mod kept;
mod schema;
pub mod sessions;
mod sink;

use std::time::Duration;

use ordo_sdk::pause::{PausedRun, RunStore, StoreError};

use self::connection::Connection;
use self::schema::Migrated;
use super::now;

/// How long a query may take before its caller is told the store failed, by default.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(5);

/// Paused runs, the sealing key, kept values and session logs in PostgreSQL. Cheap to clone.
#[derive(Clone, Debug)]
pub struct PgStore {
    connection: Connection,
    retention: Duration,
}

impl PgStore {
    /// Connects to the database at `url`, waiting at most `timeout` for it (and for every query
    /// after), and brings its tables to this ordo's version. Paused runs older than `retention`
    /// are forgotten.
    ///
    /// # Errors
    ///
    /// When the URL is not one, the server cannot be reached in time, or its tables were
    /// migrated by a newer ordo.
    pub fn connect(url: &str, timeout: Duration, retention: Duration) -> Result<Self, StoreError> {
        let connection = Connection::open(url, timeout)?;
        match connection.run(schema::migrate)? {
            Migrated::Current { applied } => {
                if applied > 0 {
                    tracing::info!(store = connection.place(), applied, "store tables migrated");
                }
            }
            Migrated::Newer(version) => {
                return Err(StoreError(format!(
                    "the store at {} was migrated by a newer ordo (schema version {version}; this \
                     ordo knows {}): upgrade ordo",
                    connection.place(),
                    schema::VERSION
                )));
            }
        }
        let store = Self { connection, retention };
        store.sweep()?;
        Ok(store)
    }

    /// The server and database, for messages.
    pub fn place(&self) -> &str {
        self.connection.place()
    }

    /// Forgets the runs paused longer ago than the retention.
    fn sweep(&self) -> Result<(), StoreError> {
        let oldest = now().saturating_sub(self.retention.as_secs()) as i64;
        self.connection
            .run(move |client| {
                client.execute("DELETE FROM ordo_paused_runs WHERE paused_at < $1", &[&oldest])
            })
            .map(drop)
    }

    /// A run's journal read back.
    fn read(&self, id: &str, journal: Option<String>) -> Result<Option<PausedRun>, StoreError> {
        journal
            .map(|text| {
                serde_json::from_str(&text).map_err(|error| {
                    StoreError(format!("run {id} in {} is damaged: {error}", self.place()))
                })
            })
            .transpose()
    }
}

impl RunStore for PgStore {
    fn save(&self, run: &PausedRun) -> Result<(), StoreError> {
        let journal = serde_json::to_string(run)
            .map_err(|error| StoreError(format!("cannot write run {}: {error}", run.id)))?;
        let (id, paused_at) = (run.id.clone(), run.paused_at as i64);
        let oldest = now().saturating_sub(self.retention.as_secs()) as i64;
        self.connection
            .run(move |client| {
                client.execute(
                    "WITH swept AS (DELETE FROM ordo_paused_runs WHERE paused_at < $4)
                     INSERT INTO ordo_paused_runs (id, paused_at, journal) VALUES ($1, $2, $3)
                     ON CONFLICT (id) DO UPDATE SET paused_at = $2, journal = $3",
                    &[&id, &paused_at, &journal, &oldest],
                )
            })
            .map(drop)
    }

    fn load(&self, id: &str) -> Result<Option<PausedRun>, StoreError> {
        let key = id.to_owned();
        let journal = self.connection.run(move |client| {
            let row =
                client.query_opt("SELECT journal FROM ordo_paused_runs WHERE id = $1", &[&key])?;
            Ok(row.map(|row| row.get::<_, String>(0)))
        })?;
        self.read(id, journal)
    }

    fn take(&self, id: &str) -> Result<Option<PausedRun>, StoreError> {
        // One statement: of two replicas taking the same run, one gets the row.
        let key = id.to_owned();
        let journal = self.connection.run(move |client| {
            let row = client.query_opt(
                "DELETE FROM ordo_paused_runs WHERE id = $1 RETURNING journal",
                &[&key],
            )?;
            Ok(row.map(|row| row.get::<_, String>(0)))
        })?;
        self.read(id, journal)
    }

    fn remove(&self, id: &str) -> Result<(), StoreError> {
        let key = id.to_owned();
        self.connection
            .run(move |client| {
                client.execute("DELETE FROM ordo_paused_runs WHERE id = $1", &[&key])
            })
            .map(drop)
    }

    fn server_key(&self) -> Result<Vec<u8>, StoreError> {
        let made = ordo_sdk::pause::random_key(32)?;
        // The first replica to write it wins; every other reads what it wrote.
        self.connection.run(move |client| {
            client.execute(
                "INSERT INTO ordo_server_keys (name, key) VALUES ('request_state', $1)
                 ON CONFLICT (name) DO NOTHING",
                &[&made],
            )?;
            let row = client
                .query_one("SELECT key FROM ordo_server_keys WHERE name = 'request_state'", &[])?;
            Ok(row.get(0))
        })
    }
}
