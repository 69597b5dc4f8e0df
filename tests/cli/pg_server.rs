//! A PostgreSQL server for the tests and the fleet benchmark (which includes this file):
//! Debian's package, started by tests/postgres/start.sh on a loopback port, and databases of
//! their own on it.

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};

/// A test PostgreSQL server started by tests/postgres/start.sh on `port` (`None`: the script's
/// default, shared with the other store tests): its URL (the `postgres` database) and its data
/// folder. `Err` says why it could not start.
pub(crate) fn postgres(port: Option<u16>) -> Result<Postgres, String> {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/postgres/start.sh");
    let mut command = Command::new("bash");
    command.arg(script);
    if let Some(port) = port {
        command.env("ORDO_TEST_POSTGRES_PORT", port.to_string());
    }
    let output = command.output().map_err(|error| format!("cannot run {script}: {error}"))?;
    if !output.status.success() {
        return Err(format!(
            "PostgreSQL could not start: {}",
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    let url = String::from_utf8_lossy(&output.stdout).trim().to_owned();
    // Where start.sh keeps it (a server the caller runs, ORDO_TEST_POSTGRES, has none here).
    let port = port.unwrap_or(55432);
    let tmp = std::env::var("TMPDIR").unwrap_or_else(|_| "/tmp".to_owned());
    let data = PathBuf::from(format!("{tmp}/ordo-test-postgres-{port}"));
    let ours = std::env::var_os("ORDO_TEST_POSTGRES").is_none() && data.join("PG_VERSION").exists();
    Ok(Postgres { url, data: ours.then_some(data) })
}

pub(crate) struct Postgres {
    /// `postgres://postgres@127.0.0.1:PORT/postgres`.
    pub(crate) url: String,
    /// Its data folder, when start.sh made it (and pg_ctl can restart it).
    pub(crate) data: Option<PathBuf>,
}

impl Postgres {
    /// A new, empty database: its URL.
    pub(crate) fn database(&self, purpose: &str) -> String {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let name = format!(
            "ordo_{purpose}_{}_{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        let mut client = postgres::Client::connect(&self.url, postgres::NoTls).unwrap();
        client.batch_execute(&format!("CREATE DATABASE {name}")).unwrap();
        let (base, _) = self.url.rsplit_once('/').unwrap();
        format!("{base}/{name}")
    }

    /// `pg_ctl restart` of the server (as the `postgres` user when root), waiting for it.
    pub(crate) fn restart(&self) {
        let data = self.data.as_ref().expect("a server start.sh made");
        let bin = std::fs::read_dir("/usr/lib/postgresql")
            .unwrap()
            .flatten()
            .map(|entry| entry.path().join("bin"))
            .filter(|bin| bin.join("pg_ctl").exists())
            .max()
            .expect("no pg_ctl under /usr/lib/postgresql");
        let pg_ctl = bin.join("pg_ctl");
        // /proc/self belongs to the process's effective user.
        let root =
            std::os::unix::fs::MetadataExt::uid(&std::fs::metadata("/proc/self").unwrap()) == 0;
        let mut command = if root {
            let mut command = Command::new("runuser");
            command.args(["-u", "postgres", "--"]).arg(&pg_ctl);
            command
        } else {
            Command::new(&pg_ctl)
        };
        command.arg("-D").arg(data).args(["-m", "fast", "-w", "-t", "60", "restart"]);
        command.stdout(Stdio::null());
        let output = command.output().unwrap();
        assert!(
            output.status.success(),
            "pg_ctl restart failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
}
