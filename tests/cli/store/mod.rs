//! `--store postgres://…` against a real PostgreSQL (Debian's package, started by
//! `tests/postgres/start.sh` on a loopback port; `.ci/run` runs it first). Each test gets a
//! database of its own. Where no server can be started, the tests say so loudly and return.
//! The servers come from [`crate::pg_server`], which the fleet's tests (restarting a server of
//! their own) and the fleet benchmark use too.
//!
//! - `tables`: the store's traits (paused runs, the sealing key, kept values) shared by
//!   several connections as replicas share them, and migrations run by replicas at once.
//! - `batches`: events written in batches and behind: round trips, and events the store loses.
//! - `sessions`: session logs in the store: one writer, no gaps, repaired by the next reader,
//!   exported byte for byte as `--session-dir` writes them.
//! - `unavailable`: a database that is down, silent, or gone mid-run.

mod batches;
mod sessions;
mod tables;
mod unavailable;

use std::sync::OnceLock;

pub(crate) use crate::pg_server::{Postgres, postgres};

/// The shared test server, started once per test process; `None`, said loudly, where it
/// cannot start.
pub(crate) fn server() -> Option<&'static Postgres> {
    static SERVER: OnceLock<Option<Postgres>> = OnceLock::new();
    SERVER
        .get_or_init(|| match postgres(None) {
            Ok(server) => Some(server),
            Err(why) => {
                eprintln!("\n*** SKIPPED: {why} ***");
                None
            }
        })
        .as_ref()
}

/// A new, empty database on the shared test server: its URL. `None` (said) without a server.
pub(crate) fn database(purpose: &str) -> Option<String> {
    server().map(|server| server.database(purpose))
}

/// A connection of the test's own to a database, to look at or tamper with its tables.
pub(crate) fn connect(url: &str) -> postgres::Client {
    postgres::Client::connect(url, postgres::NoTls).unwrap()
}
