//! Where paused runs, kept values and (in a fleet) session logs are kept (DESIGN.md R-RUN-4,
//! R-FLEET): two stores behind the same traits, [`RunStore`] and [`ValueStore`].
//!
//! - [`sqlite`]: the embedded default, a SQLite database in the state folder, shared by the
//!   processes of one machine.
//! - [`postgres`]: PostgreSQL (`--store postgres://…`), shared by replicas on many machines;
//!   it keeps the session logs too, one row per event.
//!
//! [`RunStore`]: ordo_sdk::pause::RunStore
//! [`ValueStore`]: ordo_sdk::kept::ValueStore

pub mod postgres;
pub mod sqlite;

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

pub use postgres::PgStore;
pub use sqlite::SqliteStore;

/// The default state folder: `$XDG_STATE_HOME/ordo`, else `~/.local/state/ordo`.
pub fn default_dir() -> Option<PathBuf> {
    let state = std::env::var_os("XDG_STATE_HOME")
        .filter(|dir| !dir.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| Path::new(&home).join(".local/state")))?;
    Some(state.join("ordo"))
}

/// Seconds since the Unix epoch.
pub(crate) fn now() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |since| since.as_secs())
}
