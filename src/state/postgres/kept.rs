//! Kept values in PostgreSQL: the same rows as the embedded store's. A store locks its scope's
//! row for the transaction, so two replicas storing into one scope at once cannot both fit
//! under its quota; reading is one statement that also marks the scope used.

use std::time::Duration;

use ordo_sdk::kept::{KeepError, KeptLimits, ValueStore};
use ordo_sdk::pause::StoreError;

use super::PgStore;
use crate::state::now;

/// Why a store was refused, inside its transaction.
enum Refused {
    OverQuota { held: u64, adding: u64 },
}

impl ValueStore for PgStore {
    fn load(&self, scope: &str, key: &str, idle: Duration) -> Result<Option<String>, StoreError> {
        let (scope, key) = (scope.to_owned(), key.to_owned());
        let now = now() as i64;
        let oldest = now.saturating_sub(idle.as_secs() as i64);
        self.connection.run(move |client| {
            // A scope unused past its idle time is not touched, so it holds nothing; the next
            // store sweeps it.
            let row = client.query_opt(
                "WITH used AS (
                     UPDATE ordo_kept_scopes SET used_at = $3
                     WHERE scope = $1 AND used_at >= $4 RETURNING scope
                 )
                 SELECT value FROM ordo_kept_values
                 WHERE scope = (SELECT scope FROM used) AND key = $2",
                &[&scope, &key, &now, &oldest],
            )?;
            Ok(row.map(|row| row.get::<_, String>(0)))
        })
    }

    fn store(
        &self,
        scope: &str,
        key: &str,
        text: Option<&str>,
        limits: KeptLimits,
    ) -> Result<(), KeepError> {
        let (scope, key, text) = (scope.to_owned(), key.to_owned(), text.map(str::to_owned));
        let now = now() as i64;
        let oldest = now.saturating_sub(limits.idle.as_secs() as i64);
        let quota = limits.quota as u64;
        let outcome = self.connection.run(move |client| {
            let mut transaction = client.transaction()?;
            transaction.execute(
                "DELETE FROM ordo_kept_scopes WHERE used_at < $1 AND scope <> $2",
                &[&oldest, &scope],
            )?;
            transaction.execute(
                "INSERT INTO ordo_kept_scopes (scope, bytes, used_at) VALUES ($1, 0, $2)
                 ON CONFLICT (scope) DO NOTHING",
                &[&scope, &now],
            )?;
            // The scope's row, locked: its other stores wait for this one, and read its size
            // as this one leaves it (a locked row is read at its latest version; a subquery
            // of the same statement would not be).
            let row = transaction.query_one(
                "SELECT bytes, used_at FROM ordo_kept_scopes WHERE scope = $1 FOR UPDATE",
                &[&scope],
            )?;
            let (mut held, used_at): (i64, i64) = (row.get(0), row.get(1));
            if used_at < oldest {
                // Idle past its time: it starts empty.
                transaction.execute("DELETE FROM ordo_kept_values WHERE scope = $1", &[&scope])?;
                held = 0;
            }
            let replaced: i64 = transaction
                .query_opt(
                    "SELECT bytes FROM ordo_kept_values WHERE scope = $1 AND key = $2",
                    &[&scope, &key],
                )?
                .map_or(0, |row| row.get(0));
            let held = (held - replaced).max(0) as u64;
            let adding = text.as_ref().map_or(0, String::len) as u64;
            if held + adding > quota {
                return Ok(Err(Refused::OverQuota { held, adding }));
            }
            match &text {
                Some(text) => transaction.execute(
                    "INSERT INTO ordo_kept_values (scope, key, value, bytes) VALUES ($1, $2, $3, $4)
                     ON CONFLICT (scope, key) DO UPDATE SET value = $3, bytes = $4",
                    &[&scope, &key, text, &(adding as i64)],
                )?,
                None => transaction.execute(
                    "DELETE FROM ordo_kept_values WHERE scope = $1 AND key = $2",
                    &[&scope, &key],
                )?,
            };
            transaction.execute(
                "UPDATE ordo_kept_scopes SET bytes = $2, used_at = $3 WHERE scope = $1",
                &[&scope, &((held + adding) as i64), &now],
            )?;
            transaction.commit()?;
            Ok(Ok(()))
        })?;
        outcome.map_err(|Refused::OverQuota { held, adding }| KeepError::OverQuota {
            held,
            adding,
            quota,
        })
    }
}
