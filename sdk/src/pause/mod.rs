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

use ordo_tools::{ApprovalOutcome, ApprovalRequest};

pub(crate) use self::journal::Recorder;
pub use self::journal::{
    PausedRun, PendingCall, SettledCall, arguments_hash, fresh_seed, new_run_id, text_hash,
};
pub(crate) use self::replay::{Replay, Route};

/// How long a paused run is kept by default: a day.
pub const DEFAULT_RETENTION: Duration = Duration::from_secs(24 * 60 * 60);

/// The most bytes of call outcomes a run's journal keeps by default: 64 MiB.
pub const DEFAULT_JOURNAL_QUOTA: usize = 64 << 20;

/// The call number a tool called directly has in its paused "run" of one call.
pub const DIRECT_CALL: u64 = 0;

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
    /// The key that seals what a server hands its clients to resume a run: made once at
    /// random and kept, so every process on this store (a restart, another replica) opens
    /// what another sealed.
    fn server_key(&self) -> Result<Vec<u8>, StoreError>;
}

/// A state store failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the state store failed: {0}")]
pub struct StoreError(pub String);

/// Paused runs and kept values in memory: for tests, and for a host that does not need them
/// to outlive it.
#[derive(Debug, Default)]
pub struct MemoryStore {
    runs: Mutex<HashMap<String, PausedRun>>,
    key: std::sync::OnceLock<Vec<u8>>,
    /// Kept values by scope (`crate::kept`).
    pub(crate) kept: Mutex<HashMap<String, crate::kept::MemoryScope>>,
}

/// A new secret of `bytes` random bytes, from the operating system.
pub fn random_key(bytes: usize) -> Result<Vec<u8>, StoreError> {
    let mut key = vec![0; bytes];
    getrandom::fill(&mut key).map_err(|error| {
        StoreError(format!("cannot read the operating system's random source: {error}"))
    })?;
    Ok(key)
}

impl RunStore for MemoryStore {
    fn save(&self, run: &PausedRun) -> Result<(), StoreError> {
        let mut runs = self.runs.lock().unwrap_or_else(PoisonError::into_inner);
        runs.insert(run.id.clone(), run.clone());
        Ok(())
    }

    fn load(&self, id: &str) -> Result<Option<PausedRun>, StoreError> {
        Ok(self.runs.lock().unwrap_or_else(PoisonError::into_inner).get(id).cloned())
    }

    fn take(&self, id: &str) -> Result<Option<PausedRun>, StoreError> {
        Ok(self.runs.lock().unwrap_or_else(PoisonError::into_inner).remove(id))
    }

    fn remove(&self, id: &str) -> Result<(), StoreError> {
        self.take(id).map(drop)
    }

    fn server_key(&self) -> Result<Vec<u8>, StoreError> {
        if let Some(key) = self.key.get() {
            return Ok(key.clone());
        }
        let key = random_key(32)?;
        Ok(self.key.get_or_init(|| key).clone())
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
    /// Whether every run may pause (`ordo run --approve later`), or only the calls
    /// [`allow`](Self::allow)ed (a server's, whose clients differ).
    pub every_run: bool,
    /// The `run_code` calls allowed to pause, by call id, until they end.
    calls: Arc<Mutex<HashMap<String, CallPlan>>>,
    /// The runs that paused, by the id of their `run_code` call, until their caller takes them.
    paused: Arc<Mutex<HashMap<String, PausedRun>>>,
}

/// What one call allowed to pause is given: a `run_code` call, or a tool called directly.
#[derive(Clone, Debug, Default)]
struct CallPlan {
    /// The paused run it resumes, if it resumes one.
    resume: Option<PausedRun>,
    /// The answers to the approvals its run waited for, by call number (a direct call's is 0).
    answers: HashMap<u64, ApprovalOutcome>,
    /// A tool called directly, not a script: its own approval is the one deferred.
    direct: bool,
}

impl Pausing {
    /// Runs paused into `store`, with the default quota and retention; only the calls
    /// [`allow`](Self::allow)ed may pause.
    pub fn new(store: Arc<dyn RunStore>) -> Self {
        Self {
            store,
            journal_quota: DEFAULT_JOURNAL_QUOTA,
            retention: DEFAULT_RETENTION,
            every_run: false,
            calls: Arc::default(),
            paused: Arc::default(),
        }
    }

    /// Lets the `run_code` call `call_id` (made next) pause: resuming `resume` when given, its
    /// approvals answered by `answers` (by call number), every other approval deferring.
    pub fn allow(
        &self,
        call_id: impl Into<String>,
        resume: Option<PausedRun>,
        answers: HashMap<u64, ApprovalOutcome>,
    ) {
        let plan = CallPlan { resume, answers, direct: false };
        self.calls.lock().unwrap_or_else(PoisonError::into_inner).insert(call_id.into(), plan);
    }

    /// Lets the tool call `call_id` (a top-level call, no script) defer its approval, or gives
    /// it the answer its client's retry brought.
    pub fn allow_direct(&self, call_id: impl Into<String>, answer: Option<ApprovalOutcome>) {
        let answers = answer.map(|answer| (DIRECT_CALL, answer)).into_iter().collect();
        let plan = CallPlan { resume: None, answers, direct: true };
        self.calls.lock().unwrap_or_else(PoisonError::into_inner).insert(call_id.into(), plan);
    }

    /// The answer to an approval a nested call of an allowed run asks for: the one given for
    /// its call number, else `Deferred` (the run pauses to ask). `None` for any other call: its
    /// approval is asked as usual.
    pub fn approval(&self, request: &ApprovalRequest) -> Option<ApprovalOutcome> {
        let calls = self.calls.lock().unwrap_or_else(PoisonError::into_inner);
        let (plan, number) = match request.parent.as_deref() {
            Some(parent) => {
                let number = request.call_id.rsplit_once('.').and_then(|(_, n)| n.parse().ok());
                (calls.get(parent).filter(|plan| !plan.direct)?, number)
            }
            None => {
                let plan = calls.get(request.call_id.as_ref()).filter(|plan| plan.direct)?;
                (plan, Some(DIRECT_CALL))
            }
        };
        Some(
            number.and_then(|n| plan.answers.get(&n).copied()).unwrap_or(ApprovalOutcome::Deferred),
        )
    }

    /// The run that the `run_code` call `call_id` paused (kept in the store already), if it
    /// paused: what its caller shows a person (the calls waiting, the run's id).
    pub fn take_paused(&self, call_id: &str) -> Option<PausedRun> {
        self.paused.lock().unwrap_or_else(PoisonError::into_inner).remove(call_id)
    }

    pub(crate) fn paused(&self, call_id: &str, run: PausedRun) {
        self.paused.lock().unwrap_or_else(PoisonError::into_inner).insert(call_id.to_owned(), run);
    }

    /// Whether the call `call_id` may pause, and the run it resumes if any: moved out of the
    /// plan (a journal may be megabytes; the plan keeps only the answers its run still asks).
    pub(crate) fn plan(&self, call_id: &str) -> Option<Option<PausedRun>> {
        let mut calls = self.calls.lock().unwrap_or_else(PoisonError::into_inner);
        match calls.get_mut(call_id) {
            Some(plan) => Some(plan.resume.take()),
            None => self.every_run.then_some(None),
        }
    }

    /// The call `call_id` ended: its plan is spent. (Code mode forgets the calls it ran; a
    /// caller whose call never reached code mode, refused before, forgets it here.)
    pub fn forget(&self, call_id: &str) {
        self.calls.lock().unwrap_or_else(PoisonError::into_inner).remove(call_id);
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
