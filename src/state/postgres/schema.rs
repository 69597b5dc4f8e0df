//! The store's tables, made and migrated by ordo itself.
//!
//! Migrations are numbered and applied in order, each recorded in `ordo_migrations`, all in one
//! transaction under an advisory lock: replicas starting at once apply them once (the others
//! wait, then find them applied). A database migrated by a newer ordo is refused, not written
//! with an older idea of its tables.

use postgres::Client;

use super::connection::LOCK_SPACE;

/// The migrations, in order: version `i + 1` is `MIGRATIONS[i]`. Never edit one that shipped;
/// add the next.
const MIGRATIONS: &[&str] = &[
    // 1: paused runs, the sealing key, kept values, session logs.
    "CREATE TABLE ordo_paused_runs (
         id TEXT PRIMARY KEY,
         paused_at BIGINT NOT NULL,
         journal TEXT NOT NULL
     );
     CREATE INDEX ordo_paused_runs_by_age ON ordo_paused_runs (paused_at);
     CREATE TABLE ordo_server_keys (
         name TEXT PRIMARY KEY,
         key BYTEA NOT NULL
     );
     CREATE TABLE ordo_kept_scopes (
         scope TEXT PRIMARY KEY,
         bytes BIGINT NOT NULL,
         used_at BIGINT NOT NULL
     );
     CREATE INDEX ordo_kept_scopes_by_use ON ordo_kept_scopes (used_at);
     CREATE TABLE ordo_kept_values (
         scope TEXT NOT NULL REFERENCES ordo_kept_scopes ON DELETE CASCADE,
         key TEXT NOT NULL,
         value TEXT NOT NULL,
         bytes BIGINT NOT NULL,
         PRIMARY KEY (scope, key)
     );
     CREATE TABLE ordo_sessions (
         id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
         name TEXT NOT NULL UNIQUE,
         client TEXT,
         started_at TIMESTAMPTZ NOT NULL DEFAULT now(),
         writer TEXT NOT NULL,
         ended_at TIMESTAMPTZ,
         repaired_at TIMESTAMPTZ
     );
     CREATE INDEX ordo_sessions_by_start ON ordo_sessions (started_at);
     CREATE TABLE ordo_session_events (
         session BIGINT NOT NULL REFERENCES ordo_sessions ON DELETE CASCADE,
         seq BIGINT NOT NULL CHECK (seq > 0),
         kind TEXT NOT NULL CHECK (kind IN ('call', 'result')),
         top_level BOOLEAN NOT NULL,
         line TEXT NOT NULL,
         PRIMARY KEY (session, seq)
     );",
];

/// The schema version this ordo writes.
pub(super) const VERSION: i32 = MIGRATIONS.len() as i32;

/// What migrating found.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Migrated {
    /// The tables are at [`VERSION`] (`applied` migrations were applied now).
    Current { applied: usize },
    /// A newer ordo migrated the database past what this one knows.
    Newer(i32),
}

/// Brings the tables to [`VERSION`].
pub(super) fn migrate(client: &mut Client) -> Result<Migrated, postgres::Error> {
    let mut transaction = client.transaction()?;
    // Held until the transaction ends: one replica migrates, the others wait and see it done.
    transaction.execute("SELECT pg_advisory_xact_lock($1, 0)", &[&LOCK_SPACE])?;
    transaction.batch_execute(
        "CREATE TABLE IF NOT EXISTS ordo_migrations (
             version INTEGER PRIMARY KEY,
             applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
         )",
    )?;
    let found: i32 =
        transaction.query_one("SELECT coalesce(max(version), 0) FROM ordo_migrations", &[])?.get(0);
    if found > VERSION {
        return Ok(Migrated::Newer(found));
    }
    let pending = MIGRATIONS.iter().zip(1..).skip(usize::try_from(found).unwrap_or(0));
    let mut applied = 0;
    for (migration, version) in pending {
        transaction.batch_execute(migration)?;
        transaction.execute("INSERT INTO ordo_migrations (version) VALUES ($1)", &[&version])?;
        applied += 1;
    }
    transaction.commit()?;
    Ok(Migrated::Current { applied })
}
