//! Values kept between runs (`store(key, value)` and `load(key)` in scripts): what one
//! `run_code` call computed, the next can read without paying for it again.
//!
//! Values are kept in a scope: an MCP client session's ([`Keeping::in_session`]); for a client
//! without sessions, a handle ordo mints at the first `store` and returns at the top level of
//! `run_code`'s value (`state`), which the model passes back as `run_code`'s `state` argument;
//! or one name for every run (`ordo run --state NAME`). A scope holds at most
//! [`KeptLimits::quota`] bytes of JSON, and is forgotten once unused for
//! [`KeptLimits::idle`].
//!
//! Values are JSON as a script's result carries it: a Map becomes an object (or entries), a
//! Set an array, a Date its ISO text; a function, a symbol, a Promise or a cycle cannot be
//! kept, and `store` throws a `TypeError` that says where it is.
//!
//! - [`ValueStore`]: where scopes live; [`crate::pause::MemoryStore`] in memory, and
//!   `ordo::state::SqliteStore` in the same database as paused runs.
//! - `host` (private): the two host functions, journaled in a pausable run so that a resumed
//!   run reads what the run that paused read.

mod host;
mod memory;

pub(crate) use self::memory::MemoryScope;

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

pub(crate) use self::host::{RunScope, host_functions};
use crate::pause::{StoreError, random_key};

/// A scope's quota by default: 64 MiB of JSON.
pub const DEFAULT_QUOTA: usize = 64 << 20;

/// How long an unused scope is kept by default: an hour.
pub const DEFAULT_IDLE: Duration = Duration::from_secs(60 * 60);

/// The names of the two functions in scripts.
pub(crate) const STORE: &str = "store";
pub(crate) const LOAD: &str = "load";

/// The longest key, in bytes.
pub(crate) const MAX_KEY_BYTES: usize = 256;

/// How much a scope may hold, and for how long unused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeptLimits {
    /// The most bytes of JSON text a scope holds, over all its keys.
    pub quota: usize,
    /// A scope unused (no `store`, no `load`) for this long is forgotten.
    pub idle: Duration,
}

impl Default for KeptLimits {
    fn default() -> Self {
        Self { quota: DEFAULT_QUOTA, idle: DEFAULT_IDLE }
    }
}

/// Where kept values live, by scope and key, as JSON text. One trait, so a fleet can share
/// them in a database; ordo's own is SQLite.
pub trait ValueStore: Send + Sync + 'static {
    /// The text kept under `key` in `scope`. Reading uses the scope: its idle time starts
    /// again. A scope unused for longer than `idle` holds nothing (and is forgotten).
    fn load(&self, scope: &str, key: &str, idle: Duration) -> Result<Option<String>, StoreError>;

    /// Keeps `text` under `key` in `scope`, replacing what was there; `None` forgets the key.
    /// Refused, keeping nothing, when the scope would then hold more than `limits.quota` bytes.
    fn store(
        &self,
        scope: &str,
        key: &str,
        text: Option<&str>,
        limits: KeptLimits,
    ) -> Result<(), KeepError>;
}

/// Why a value was not kept.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KeepError {
    /// The scope would hold more than its quota.
    #[error(
        "the value is {adding} bytes of JSON and the state holds {held} bytes of its {quota}-byte \
         quota; forget keys you no longer need with store(key, undefined)"
    )]
    OverQuota {
        /// What the scope holds without the key being replaced.
        held: u64,
        /// The value's size.
        adding: u64,
        /// The scope's quota.
        quota: u64,
    },
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Where a run's values are kept when its call names no `state`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Scoping {
    /// Every run keeps under this one name (`ordo run --state NAME`).
    Named(String),
    /// Under the client session of the call ([`Keeping::in_session`]), else under a handle
    /// minted at the run's first `store`.
    Handles,
    /// Nothing is kept: `store` throws this explanation, `load` finds nothing.
    Off(String),
}

/// How code mode keeps values between runs.
#[derive(Clone)]
pub struct Keeping {
    /// Where values go.
    pub store: Arc<dyn ValueStore>,
    /// A scope's quota and idle expiry.
    pub limits: KeptLimits,
    /// Where a run keeps when its call names no `state`.
    pub scoping: Scoping,
    /// The scope of each `run_code` call made in a client session, by call id.
    sessions: Arc<Mutex<HashMap<String, String>>>,
}

impl Keeping {
    /// Values kept in `store` under the default limits, scoped as `scoping` says.
    pub fn new(store: Arc<dyn ValueStore>, scoping: Scoping) -> Self {
        Self { store, limits: KeptLimits::default(), scoping, sessions: Arc::default() }
    }

    /// The `run_code` call `call_id` (made next) belongs to the client session whose scope is
    /// `scope` (see [`session_scope`]): it keeps there unless it names a `state`. Forget it
    /// with [`Keeping::forget`] once the call ends.
    pub fn in_session(&self, call_id: impl Into<String>, scope: impl Into<String>) {
        self.lock().insert(call_id.into(), scope.into());
    }

    /// The call `call_id` ended.
    pub fn forget(&self, call_id: &str) {
        self.lock().remove(call_id);
    }

    pub(crate) fn session_of(&self, call_id: &str) -> Option<String> {
        self.lock().get(call_id).cloned()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, String>> {
        self.sessions.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl std::fmt::Debug for Keeping {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Keeping")
            .field("limits", &self.limits)
            .field("scoping", &self.scoping)
            .finish_non_exhaustive()
    }
}

/// The prefix of a minted handle.
const HANDLE_PREFIX: &str = "st_";

/// A new handle: `st_` and 32 hex digits of randomness, unguessable, so that holding one is
/// what grants its values.
pub(crate) fn new_handle() -> Result<String, StoreError> {
    let bytes = random_key(16)?;
    Ok(format!("{HANDLE_PREFIX}{}", hex(&bytes)))
}

/// Whether `text` has a minted handle's form.
pub(crate) fn is_handle(text: &str) -> bool {
    text.strip_prefix(HANDLE_PREFIX)
        .is_some_and(|digits| digits.len() == 32 && digits.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// A new scope for a client session: random, so that no other session's can be named.
pub fn session_scope() -> Result<String, StoreError> {
    Ok(format!("session:{}", hex(&random_key(16)?)))
}

/// The scope of a handle or a name (kept apart, so that no name can reach a handle's values).
pub(crate) fn handle_scope(handle: &str) -> String {
    format!("handle:{handle}")
}

pub(crate) fn named_scope(name: &str) -> String {
    format!("named:{name}")
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// What `run_code`'s description says of `store` and `load`: their declarations, with the
/// limits and where the values go.
pub(crate) fn declarations(keeping: &Keeping) -> String {
    let whose = match &keeping.scoping {
        Scoping::Named(name) => format!("for later runs given the same --state ({name:?})"),
        Scoping::Handles => "for later run_code calls of this session; a client without \
            sessions gets a `state` handle in the result the first time a value is kept: pass it \
            back as run_code's `state` argument"
            .to_owned(),
        Scoping::Off(why) => format!("(not here: {why})"),
    };
    format!(
        "/**\n * Keeps `value` under `key` {whose}. JSON as a result carries it (a Map becomes an \
         object,\n * a Set an array, a Date its ISO text); `undefined` forgets the key. Called \
         without `await`.\n * Throws a TypeError for what JSON cannot hold (a function, a cycle) \
         and a RangeError past the\n * quota: {} in all, 16 MiB per value; forgotten after {} \
         unused.\n */\ndeclare function store(key: string, value: unknown): void;\n\
         /** The value kept under `key`, or `undefined`. Called without `await`. */\n\
         declare function load(key: string): unknown;\n\n",
        size(keeping.limits.quota),
        duration(keeping.limits.idle)
    )
}

/// `64 MiB`, `512 KiB`, `100 bytes`.
pub(crate) fn size(bytes: usize) -> String {
    match bytes {
        b if b >= 1 << 20 && b % (1 << 20) == 0 => format!("{} MiB", b >> 20),
        b if b >= 1 << 20 => format!("{:.1} MiB", b as f64 / f64::from(1 << 20)),
        b if b >= 1 << 10 => format!("{} KiB", b >> 10),
        b => format!("{b} bytes"),
    }
}

/// `1 hour`, `90 minutes`, `30 seconds`.
fn duration(duration: Duration) -> String {
    let seconds = duration.as_secs();
    let plural = |n: u64, unit: &str| format!("{n} {unit}{}", if n == 1 { "" } else { "s" });
    match seconds {
        s if s >= 3600 && s % 3600 == 0 => plural(s / 3600, "hour"),
        s if s >= 60 && s % 60 == 0 => plural(s / 60, "minute"),
        s => plural(s, "second"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handles_are_unguessable_and_recognised() {
        let (one, two) = (new_handle().unwrap(), new_handle().unwrap());
        assert_ne!(one, two);
        assert!(is_handle(&one) && is_handle(&two), "{one}");
        for not in ["", "st_", "st_xyz", "default", &one[..one.len() - 1], &format!("{one}0")] {
            assert!(!is_handle(not), "{not}");
        }
        assert_ne!(handle_scope("x"), named_scope("x"), "a name cannot reach a handle's values");
    }

    #[test]
    fn limits_read_as_people_write_them() {
        assert_eq!(size(64 << 20), "64 MiB");
        assert_eq!(size(1536 << 10), "1.5 MiB");
        assert_eq!(size(2048), "2 KiB");
        assert_eq!(duration(Duration::from_secs(3600)), "1 hour");
        assert_eq!(duration(Duration::from_secs(5400)), "90 minutes");
        assert_eq!(duration(Duration::from_secs(45)), "45 seconds");
    }
}
