//! `--store postgres://…` against a real PostgreSQL (Debian's package, started by
//! `tests/postgres/start.sh` on a loopback port; `.ci/run` runs it first). Each test gets a
//! database of its own. Where no server can be started, the tests say so loudly and return.
//!
//! - `tables`: the store's traits (paused runs, the sealing key, kept values) shared by
//!   several connections as replicas share them, and migrations run by replicas at once.
//! - `sessions`: session logs in the store: one writer, no gaps, repaired by the next reader,
//!   exported byte for byte as `--session-dir` writes them.
//! - `unavailable`: a database that is down, silent, or gone mid-run.

mod sessions;
mod tables;
mod unavailable;

use std::process::Command;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

/// The test server's URL (its `postgres` database), started once per test process; `None`,
/// said loudly, where it cannot start.
pub(crate) fn server() -> Option<&'static str> {
    static URL: OnceLock<Option<String>> = OnceLock::new();
    URL.get_or_init(|| {
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/postgres/start.sh");
        match Command::new("bash").arg(script).output() {
            Ok(output) if output.status.success() => {
                Some(String::from_utf8_lossy(&output.stdout).trim().to_owned())
            }
            Ok(output) => {
                eprintln!(
                    "SKIPPED: PostgreSQL could not start: {}",
                    String::from_utf8_lossy(&output.stderr)
                );
                None
            }
            Err(error) => {
                eprintln!("SKIPPED: PostgreSQL could not start: {error}");
                None
            }
        }
    })
    .as_deref()
}

/// A new, empty database on the test server: its URL. `None` (said) without a server.
pub(crate) fn database(purpose: &str) -> Option<String> {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let server = server()?;
    let name =
        format!("ordo_{purpose}_{}_{}", std::process::id(), NEXT.fetch_add(1, Ordering::Relaxed));
    let mut client = postgres::Client::connect(server, postgres::NoTls).unwrap();
    client.batch_execute(&format!("CREATE DATABASE {name}")).unwrap();
    let (base, _) = server.rsplit_once('/').unwrap();
    Some(format!("{base}/{name}"))
}

/// A connection of the test's own to a database, to look at or tamper with its tables.
pub(crate) fn connect(url: &str) -> postgres::Client {
    postgres::Client::connect(url, postgres::NoTls).unwrap()
}
