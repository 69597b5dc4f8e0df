//! Kept values in memory ([`MemoryStore`]), with the same quota and idle expiry as a database.

use std::collections::HashMap;
use std::sync::PoisonError;
use std::time::{Duration, Instant};

use super::{KeepError, KeptLimits, ValueStore};
use crate::pause::{MemoryStore, StoreError};

/// One scope's values.
#[derive(Debug)]
pub(crate) struct MemoryScope {
    values: HashMap<String, String>,
    bytes: usize,
    used: Instant,
}

impl MemoryScope {
    fn new() -> Self {
        Self { values: HashMap::new(), bytes: 0, used: Instant::now() }
    }
}

impl ValueStore for MemoryStore {
    fn load(&self, scope: &str, key: &str, idle: Duration) -> Result<Option<String>, StoreError> {
        let mut scopes = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        scopes.retain(|_, kept| kept.used.elapsed() <= idle);
        Ok(scopes.get_mut(scope).and_then(|kept| {
            kept.used = Instant::now();
            kept.values.get(key).cloned()
        }))
    }

    fn store(
        &self,
        scope: &str,
        key: &str,
        text: Option<&str>,
        limits: KeptLimits,
    ) -> Result<(), KeepError> {
        let mut scopes = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        scopes.retain(|_, kept| kept.used.elapsed() <= limits.idle);
        let kept = scopes.entry(scope.to_owned()).or_insert_with(MemoryScope::new);
        kept.used = Instant::now();
        let replaced = kept.values.get(key).map_or(0, String::len);
        let held = kept.bytes - replaced;
        match text {
            Some(text) => {
                if held + text.len() > limits.quota {
                    return Err(KeepError::OverQuota {
                        held: held as u64,
                        adding: text.len() as u64,
                        quota: limits.quota as u64,
                    });
                }
                kept.values.insert(key.to_owned(), text.to_owned());
                kept.bytes = held + text.len();
            }
            None => {
                kept.values.remove(key);
                kept.bytes = held;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scope_keeps_within_its_quota_and_forgets_when_idle() {
        let store = MemoryStore::default();
        let limits = KeptLimits { quota: 10, idle: Duration::from_secs(60) };
        store.store("a", "k", Some("12345"), limits).unwrap();
        store.store("a", "k", Some("1234567890"), limits).unwrap(); // replaces: 10 in all
        let over = store.store("a", "j", Some("1"), limits).unwrap_err();
        assert_eq!(over, KeepError::OverQuota { held: 10, adding: 1, quota: 10 });
        assert_eq!(store.load("b", "k", limits.idle).unwrap(), None, "scopes are apart");
        store.store("a", "k", None, limits).unwrap();
        store.store("a", "j", Some("1"), limits).unwrap();
        assert_eq!(store.load("a", "j", limits.idle).unwrap().as_deref(), Some("1"));
        std::thread::sleep(Duration::from_millis(5));
        let idle = Duration::from_millis(1);
        assert_eq!(store.load("a", "j", idle).unwrap(), None, "idle past its expiry");
    }
}
