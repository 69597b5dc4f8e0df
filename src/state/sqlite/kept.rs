//! Kept values in SQLite: a row per key with its JSON text and size, and a row per scope with
//! its total size and when it was last used. A store is one immediate transaction (the quota
//! holds against other processes on the same folder); scopes unused past their idle time are
//! forgotten when met and at every store.

use std::sync::PoisonError;
use std::time::Duration;

use ordo_sdk::kept::{KeepError, KeptLimits, ValueStore};
use ordo_sdk::pause::StoreError;
use rusqlite::{Connection, OptionalExtension, TransactionBehavior, params};

use super::SqliteStore;
use crate::state::now;

impl ValueStore for SqliteStore {
    fn load(&self, scope: &str, key: &str, idle: Duration) -> Result<Option<String>, StoreError> {
        self.with(|connection| {
            if !in_use(connection, scope, idle)? {
                return Ok(None);
            }
            connection.execute(
                "UPDATE kept_scopes SET used_at = ?2 WHERE scope = ?1",
                params![scope, now() as i64],
            )?;
            connection
                .query_row(
                    "SELECT value FROM kept_values WHERE scope = ?1 AND key = ?2",
                    params![scope, key],
                    |row| row.get(0),
                )
                .optional()
        })
    }

    fn store(
        &self,
        scope: &str,
        key: &str,
        text: Option<&str>,
        limits: KeptLimits,
    ) -> Result<(), KeepError> {
        let mut connection = self.connection.lock().unwrap_or_else(PoisonError::into_inner);
        let failed = |error: rusqlite::Error| KeepError::Store(self.failed(&error));
        let transaction =
            connection.transaction_with_behavior(TransactionBehavior::Immediate).map_err(failed)?;
        sweep_idle(&transaction, limits.idle).map_err(failed)?;
        let held: i64 = transaction
            .query_row("SELECT bytes FROM kept_scopes WHERE scope = ?1", params![scope], |row| {
                row.get(0)
            })
            .optional()
            .map_err(failed)?
            .unwrap_or(0);
        let replaced: i64 = transaction
            .query_row(
                "SELECT bytes FROM kept_values WHERE scope = ?1 AND key = ?2",
                params![scope, key],
                |row| row.get(0),
            )
            .optional()
            .map_err(failed)?
            .unwrap_or(0);
        let held = (held - replaced).max(0) as u64;
        let adding = text.map_or(0, str::len) as u64;
        if held + adding > limits.quota as u64 {
            return Err(KeepError::OverQuota { held, adding, quota: limits.quota as u64 });
        }
        match text {
            Some(text) => transaction.execute(
                "INSERT OR REPLACE INTO kept_values (scope, key, value, bytes) VALUES (?1, ?2, ?3, ?4)",
                params![scope, key, text, adding as i64],
            ),
            None => transaction.execute(
                "DELETE FROM kept_values WHERE scope = ?1 AND key = ?2",
                params![scope, key],
            ),
        }
        .map_err(failed)?;
        transaction
            .execute(
                "INSERT OR REPLACE INTO kept_scopes (scope, bytes, used_at) VALUES (?1, ?2, ?3)",
                params![scope, (held + adding) as i64, now() as i64],
            )
            .map_err(failed)?;
        transaction.commit().map_err(failed)
    }
}

/// Whether `scope` was used within `idle`; a scope past it is forgotten here.
fn in_use(connection: &Connection, scope: &str, idle: Duration) -> rusqlite::Result<bool> {
    let used_at: Option<i64> = connection
        .query_row("SELECT used_at FROM kept_scopes WHERE scope = ?1", params![scope], |row| {
            row.get(0)
        })
        .optional()?;
    let Some(used_at) = used_at else { return Ok(false) };
    if (used_at as u64) + idle.as_secs() >= now() {
        return Ok(true);
    }
    connection.execute("DELETE FROM kept_values WHERE scope = ?1", params![scope])?;
    connection.execute("DELETE FROM kept_scopes WHERE scope = ?1", params![scope])?;
    Ok(false)
}

/// Forgets every scope unused for longer than `idle`.
fn sweep_idle(connection: &Connection, idle: Duration) -> rusqlite::Result<()> {
    let oldest = now().saturating_sub(idle.as_secs()) as i64;
    connection.execute(
        "DELETE FROM kept_values WHERE scope IN (SELECT scope FROM kept_scopes WHERE used_at < ?1)",
        params![oldest],
    )?;
    connection.execute("DELETE FROM kept_scopes WHERE used_at < ?1", params![oldest])?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open(dir: &std::path::Path) -> SqliteStore {
        SqliteStore::open(dir, Duration::from_secs(60)).unwrap()
    }

    #[test]
    fn values_are_kept_across_opens_within_the_quota_of_their_scope() {
        let dir = tempfile::tempdir().unwrap();
        let limits = KeptLimits { quota: 10, idle: Duration::from_secs(3600) };
        let store = open(dir.path());
        store.store("a", "k", Some("\"é\""), limits).unwrap(); // 4 bytes, 3 characters
        store.store("a", "j", Some("123456"), limits).unwrap();
        let over = store.store("a", "i", Some("1"), limits).unwrap_err();
        assert_eq!(over, KeepError::OverQuota { held: 10, adding: 1, quota: 10 });
        store.store("a", "k", Some("1234"), limits).unwrap(); // a replacement counts once
        store.store("b", "k", Some("1234567890"), limits).unwrap(); // another scope, its own
        drop(store);
        let store = open(dir.path());
        assert_eq!(store.load("a", "k", limits.idle).unwrap().as_deref(), Some("1234"));
        assert_eq!(store.load("b", "k", limits.idle).unwrap().as_deref(), Some("1234567890"));
        store.store("a", "j", None, limits).unwrap();
        assert_eq!(store.load("a", "j", limits.idle).unwrap(), None);
        store.store("a", "i", Some("123456"), limits).unwrap(); // room again
    }

    #[test]
    fn a_scope_unused_past_its_idle_time_is_forgotten() {
        let dir = tempfile::tempdir().unwrap();
        let limits = KeptLimits { quota: 100, idle: Duration::from_secs(3600) };
        let store = open(dir.path());
        store.store("old", "k", Some("1"), limits).unwrap();
        store.store("new", "k", Some("2"), limits).unwrap();
        let two_hours_ago = now() as i64 - 7200;
        store
            .with(|c| c.execute("UPDATE kept_scopes SET used_at = ?1", params![two_hours_ago]))
            .unwrap();
        assert_eq!(store.load("old", "k", limits.idle).unwrap(), None, "forgotten when met");
        store.store("other", "k", Some("3"), limits).unwrap(); // sweeps the rest
        let left: i64 = store
            .with(|c| c.query_row("SELECT count(*) FROM kept_values", [], |row| row.get(0)))
            .unwrap();
        assert_eq!(left, 1, "only the scope just used");
        // Reading keeps a scope in use.
        store.load("other", "k", limits.idle).unwrap();
        assert_eq!(store.load("other", "k", limits.idle).unwrap().as_deref(), Some("3"));
    }
}
