//! Where a command keeps its state: the state folder's SQLite, or the PostgreSQL of `--store`
//! (shared by replicas, and keeping the session logs too).

use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use ordo::mcp::{SessionDir, SessionLogs};
use ordo::state::{PgStore, SqliteStore};
use ordo_sdk::kept::ValueStore;
use ordo_sdk::pause::{DEFAULT_RETENTION, RunStore};
use ordo_tools::session::EventSink;

use super::args::StoreFlags;
use super::exit::CliError;

/// An opened state store.
#[derive(Clone)]
pub(crate) enum Store {
    /// The state folder's database.
    Folder(Arc<SqliteStore>),
    /// `--store`'s.
    Postgres(PgStore),
}

impl Store {
    /// Opens `--store` if given, else the state folder `dir` (else the default one).
    pub(crate) fn open(flags: &StoreFlags, dir: Option<&Path>) -> Result<Self, CliError> {
        if flags.store.is_some() {
            return connect(flags).map(Self::Postgres);
        }
        let dir = dir.map(PathBuf::from).or_else(ordo::state::default_dir).ok_or_else(|| {
            CliError::usage("no state folder: set --state-dir, XDG_STATE_HOME or HOME")
        })?;
        SqliteStore::open(&dir, DEFAULT_RETENTION)
            .map(|store| Self::Folder(Arc::new(store)))
            .map_err(|error| CliError::usage(format!("cannot open the state folder: {error}")))
    }

    /// Where paused runs go.
    pub(crate) fn runs(&self) -> Arc<dyn RunStore> {
        match self {
            Self::Folder(store) => Arc::clone(store) as Arc<dyn RunStore>,
            Self::Postgres(store) => Arc::new(store.clone()),
        }
    }

    /// Where kept values go.
    pub(crate) fn values(&self) -> Arc<dyn ValueStore> {
        match self {
            Self::Folder(store) => Arc::clone(store) as Arc<dyn ValueStore>,
            Self::Postgres(store) => Arc::new(store.clone()),
        }
    }
}

/// The PostgreSQL of `--store` (or `ORDO_STORE`); a usage error without one. A command
/// connects once: its paused runs, kept values and session log share the connection.
pub(crate) fn connect(flags: &StoreFlags) -> Result<PgStore, CliError> {
    static CONNECTED: OnceLock<PgStore> = OnceLock::new();
    if let Some(store) = CONNECTED.get() {
        return Ok(store.clone());
    }
    let url = flags.store.as_deref().ok_or_else(|| {
        CliError::usage("no store: give --store postgres://… (or set ORDO_STORE)")
    })?;
    let store = PgStore::connect(url, flags.store_timeout.0, DEFAULT_RETENTION)
        .map_err(|error| CliError::usage(format!("--store: {error}")))?;
    Ok(CONNECTED.get_or_init(|| store).clone())
}

/// Client sessions' logs in the store, and with `--session-dir` a JSONL copy of each.
#[derive(Debug)]
pub(crate) struct StoreLogs {
    pub(crate) store: PgStore,
    pub(crate) copy: Option<SessionDir>,
}

impl SessionLogs for StoreLogs {
    fn open(&self, name: &str, client: Option<&str>) -> io::Result<(Box<dyn EventSink>, String)> {
        let sink = self.store.create_session(name, client).map_err(io::Error::other)?;
        let place = format!("session {} in {}", sink.name(), self.store.place());
        let Some(copy) = &self.copy else { return Ok((Box::new(sink), place)) };
        let (file, path) = copy.open(sink.name(), client)?;
        Ok((Box::new(sink.with_copy(file)), format!("{place} and {path}")))
    }
}
