//! Runs that pause for a person and resume (DESIGN.md R-RUN): a call whose approval is
//! deferred parks; when nothing else can go on the run pauses, its journal goes to a
//! [`RunStore`], and `run_code` ends `PAUSED`; a later `run_code` call resumes it by replay.
//!
//! - `journal`: what a paused run keeps ([`PausedRun`]), and its recording during a run;
//! - `replay`: a resumed run's calls answered from the journal.

mod journal;
mod replay;

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

pub use self::journal::{PausedRun, PendingCall, SettledCall};
pub(crate) use self::journal::{Recorder, arguments_hash};
pub(crate) use self::replay::{Replay, Route};

/// How long a paused run is kept by default: a day.
pub const DEFAULT_RETENTION: Duration = Duration::from_secs(24 * 60 * 60);

/// The most bytes of call outcomes a run's journal keeps by default: 64 MiB.
pub const DEFAULT_JOURNAL_QUOTA: usize = 64 << 20;

/// Where paused runs are kept until they resume or expire. One trait, so a fleet can keep them
/// in a shared database; ordo's own is SQLite.
pub trait RunStore: Send + Sync + 'static {
    /// Keeps a paused run, replacing one of the same id; done before the pause is announced.
    fn save(&self, run: &PausedRun) -> Result<(), StoreError>;
    /// The paused run of an id, if it is kept.
    fn load(&self, id: &str) -> Result<Option<PausedRun>, StoreError>;
    /// The paused run of an id, forgotten at once: whoever takes it is the only one to resume
    /// it (a second taker finds nothing, so an approved call cannot run twice).
    fn take(&self, id: &str) -> Result<Option<PausedRun>, StoreError>;
    /// Forgets a run: it resumed, or it expired.
    fn remove(&self, id: &str) -> Result<(), StoreError>;
}

/// A state store failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the state store failed: {0}")]
pub struct StoreError(pub String);

/// Runs kept in memory: for tests, and for a host that does not need them to outlive it.
#[derive(Debug, Default)]
pub struct MemoryStore(Mutex<HashMap<String, PausedRun>>);

impl RunStore for MemoryStore {
    fn save(&self, run: &PausedRun) -> Result<(), StoreError> {
        let mut runs = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        runs.insert(run.id.clone(), run.clone());
        Ok(())
    }

    fn load(&self, id: &str) -> Result<Option<PausedRun>, StoreError> {
        Ok(self.0.lock().unwrap_or_else(PoisonError::into_inner).get(id).cloned())
    }

    fn take(&self, id: &str) -> Result<Option<PausedRun>, StoreError> {
        Ok(self.0.lock().unwrap_or_else(PoisonError::into_inner).remove(id))
    }

    fn remove(&self, id: &str) -> Result<(), StoreError> {
        self.take(id).map(drop)
    }
}

/// How code mode's runs pause and resume.
#[derive(Clone)]
pub struct Pausing {
    /// Where paused runs go.
    pub store: Arc<dyn RunStore>,
    /// The most bytes of call outcomes a run's journal keeps; a run past it cannot pause, and
    /// says so when it reaches an approval. Default: 64 MiB.
    pub journal_quota: usize,
    /// How long a paused run is kept. Default: 24 hours.
    pub retention: Duration,
    /// The runs to resume, by the id of the `run_code` call that resumes each.
    resumes: Arc<Mutex<HashMap<String, PausedRun>>>,
    /// The runs that paused, by the id of their `run_code` call, until their caller takes them.
    paused: Arc<Mutex<HashMap<String, PausedRun>>>,
}

impl Pausing {
    /// Runs paused into `store`, with the default quota and retention.
    pub fn new(store: Arc<dyn RunStore>) -> Self {
        Self {
            store,
            journal_quota: DEFAULT_JOURNAL_QUOTA,
            retention: DEFAULT_RETENTION,
            resumes: Arc::default(),
            paused: Arc::default(),
        }
    }

    /// Makes the `run_code` call `call_id` (made next) resume `run` rather than start afresh.
    pub fn resume_as(&self, call_id: impl Into<String>, run: PausedRun) {
        self.resumes.lock().unwrap_or_else(PoisonError::into_inner).insert(call_id.into(), run);
    }

    /// The run that the `run_code` call `call_id` paused (kept in the store already), if it
    /// paused: what its caller shows a person (the calls waiting, the run's id).
    pub fn take_paused(&self, call_id: &str) -> Option<PausedRun> {
        self.paused.lock().unwrap_or_else(PoisonError::into_inner).remove(call_id)
    }

    pub(crate) fn paused(&self, call_id: &str, run: PausedRun) {
        self.paused.lock().unwrap_or_else(PoisonError::into_inner).insert(call_id.to_owned(), run);
    }

    /// The run that call `call_id` resumes, if any (taken: a call resumes once).
    pub(crate) fn take_resume(&self, call_id: &str) -> Option<PausedRun> {
        self.resumes.lock().unwrap_or_else(PoisonError::into_inner).remove(call_id)
    }
}

impl std::fmt::Debug for Pausing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pausing")
            .field("journal_quota", &self.journal_quota)
            .field("retention", &self.retention)
            .finish_non_exhaustive()
    }
}
