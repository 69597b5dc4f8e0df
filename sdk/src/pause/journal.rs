//! What a paused run keeps (DESIGN.md R-RUN-2): its script and inputs, its seed and clock, and
//! every nested call that had settled, in the order the script was answered, with its outcome.

use std::sync::{Arc, Mutex, PoisonError};

use ordo_runtime::{ClockReadings, HostError};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::code_mode::ScriptInputs;

/// A paused run, as the state store keeps it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PausedRun {
    /// The run's id: what `ordo resume` and a client's retry name.
    pub id: String,
    /// The script.
    pub code: String,
    /// Its `args` and `input`.
    pub inputs: ScriptInputs,
    /// The seed of its random numbers.
    pub seed: u64,
    /// Its clock's readings up to the pause.
    pub clock: ClockReadings,
    /// How many console lines it had printed: a replay does not print them again.
    pub logs: usize,
    /// The calls that had settled, in the order their answers reached the script.
    pub settled: Vec<SettledCall>,
    /// The calls waiting for a person's approval, in the order they were made.
    pub pending: Vec<PendingCall>,
    /// When it paused, in seconds since the Unix epoch.
    pub paused_at: u64,
    /// Which pause this is: drawn at random at each pause, so answers given to one pause of
    /// a run cannot be given again to a later one.
    #[serde(default)]
    pub pause: u64,
}

/// A nested call that settled before the pause.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SettledCall {
    /// Its number in the run: the script's calls are numbered in the order it makes them.
    pub call: u64,
    /// The tool (registry name).
    pub tool: String,
    /// The SHA-256 of its arguments' JSON text, in hex.
    pub arguments: String,
    /// What the script received: the value, or the error it rejected with.
    pub outcome: Result<Value, HostError>,
}

/// A nested call that waits for approval.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PendingCall {
    /// Its number in the run.
    pub call: u64,
    /// The tool (registry name).
    pub tool: String,
    /// The SHA-256 of its arguments' JSON text, in hex.
    pub arguments: String,
    /// The arguments, whole: what the person approves.
    pub value: Value,
}

/// A random number: a run's seed, a pause's number.
pub fn fresh_seed() -> u64 {
    getrandom::u64().unwrap_or(0x2545_F491_4F6C_DD1D)
}

/// A new run id: 16 random bytes in hex.
pub fn new_run_id() -> String {
    let mut bytes = [0u8; 16];
    if getrandom::fill(&mut bytes).is_err() {
        let [a, b] = [fresh_seed(), fresh_seed() ^ 0x9E37_79B9_7F4A_7C15];
        bytes[..8].copy_from_slice(&a.to_le_bytes());
        bytes[8..].copy_from_slice(&b.to_le_bytes());
    }
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// The SHA-256 of `arguments`' JSON text, in hex. The script builds its arguments again in the
/// same order on a replay, so the text (keys in the script's order) is the same.
pub fn arguments_hash(arguments: &Value) -> String {
    text_hash(&arguments.to_string())
}

/// The SHA-256 of a text, in lowercase hex.
pub fn text_hash(text: &str) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let digest = Sha256::digest(text.as_bytes());
    let mut hex = String::with_capacity(digest.len() * 2);
    for byte in digest {
        hex.push(char::from(DIGITS[usize::from(byte >> 4)]));
        hex.push(char::from(DIGITS[usize::from(byte & 0x0f)]));
    }
    hex
}

/// Counts the bytes written to it.
#[derive(Default)]
struct Counted(usize);

impl std::io::Write for Counted {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0 += bytes.len();
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The settled calls and pending approvals of a pausable run, as they happen, within a quota
/// of the bytes kept.
#[derive(Clone, Debug)]
pub(crate) struct Recorder(Arc<Mutex<Recording>>);

#[derive(Debug)]
struct Recording {
    settled: Vec<SettledCall>,
    pending: Vec<PendingCall>,
    bytes: usize,
    quota: usize,
}

impl Recorder {
    /// An empty recording that keeps at most `quota` bytes of values.
    pub(crate) fn new(quota: usize) -> Self {
        let recording = Recording { settled: Vec::new(), pending: Vec::new(), bytes: 0, quota };
        Self(Arc::new(Mutex::new(recording)))
    }

    fn with<T>(&self, f: impl FnOnce(&mut Recording) -> T) -> T {
        f(&mut self.0.lock().unwrap_or_else(PoisonError::into_inner))
    }

    /// A call's outcome reached the script.
    pub(crate) fn settled(&self, call: SettledCall) {
        let size = match &call.outcome {
            Ok(value) => {
                let mut counted = Counted::default();
                serde_json::to_writer(&mut counted, value).map_or(0, |()| counted.0)
            }
            Err(error) => error.message.len() + error.name.len(),
        };
        self.with(|recording| {
            recording.bytes = recording.bytes.saturating_add(size + call.tool.len() + 96);
            recording.settled.push(call);
        });
    }

    /// A call waits for approval.
    pub(crate) fn pending(&self, call: PendingCall) {
        self.with(|recording| recording.pending.push(call));
    }

    /// `Err(bytes)` when the recording is past its quota: the run cannot pause.
    pub(crate) fn within_quota(&self) -> Result<(), (usize, usize)> {
        self.with(|recording| {
            if recording.bytes > recording.quota {
                Err((recording.bytes, recording.quota))
            } else {
                Ok(())
            }
        })
    }

    /// The settled calls and the pending approvals, pending ones in call order.
    pub(crate) fn take(&self) -> (Vec<SettledCall>, Vec<PendingCall>) {
        self.with(|recording| {
            let mut pending = std::mem::take(&mut recording.pending);
            pending.sort_by_key(|call| call.call);
            (std::mem::take(&mut recording.settled), pending)
        })
    }
}
