//! Bounds on what the log keeps (R-LOG-6).
//!
//! A model can send a 30-million-character argument and a script can read the same 256 KiB file
//! a thousand times; a log that kept every byte would fill the disk. So a logged argument or
//! content block past [`LogLimits::value_bytes`] is kept as a preview, with its size and its
//! SHA-256 recorded in the event's `elided` list (anyone holding the value can check it against
//! the log), and once a session has spent its [`LogLimits::quota_bytes`] every further value is
//! kept as its size and hash alone. Events themselves are never dropped: every call is still
//! written, with its one result, so the log still pairs them. A server with many sessions (`ordo
//! mcp`) also gives them one [`LogQuota`] to share, so that the sessions together keep no more
//! than it, however many there are.

use std::borrow::Cow;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::content::ContentBlock;

/// How much of a value the log keeps in place of one past the limit.
const PREVIEW_BYTES: usize = 1024;

/// What the log keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LogLimits {
    /// The largest argument or content block kept whole. Default: 64 KiB.
    pub value_bytes: usize,
    /// The bytes of arguments and content one session may keep, previews included; past it,
    /// values are kept as their size and hash alone. Default: 256 MiB.
    pub quota_bytes: u64,
}

impl Default for LogLimits {
    fn default() -> Self {
        Self { value_bytes: 64 << 10, quota_bytes: 256 << 20 }
    }
}

/// Bytes of arguments and content that many session logs share (R-LOG-6): each value a log
/// keeps is taken from it as well as from the log's own quota. Cheap to clone; clones share.
#[derive(Clone, Debug)]
pub struct LogQuota {
    left: Arc<AtomicU64>,
}

impl LogQuota {
    /// A quota of `bytes`.
    pub fn new(bytes: u64) -> Self {
        Self { left: Arc::new(AtomicU64::new(bytes)) }
    }

    /// The bytes left.
    pub fn left(&self) -> u64 {
        self.left.load(Ordering::Relaxed)
    }

    /// Takes `bytes` if that many are left; whether it did.
    fn take(&self, bytes: u64) -> bool {
        self.left
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |left| left.checked_sub(bytes))
            .is_ok()
    }
}

/// A value the log did not keep whole.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Elision {
    /// Which value: `arguments`, or `content/N` for the N-th content block (from 0).
    pub field: String,
    /// Its size, in bytes.
    pub bytes: u64,
    /// Its SHA-256, in lowercase hex (of the text; of the JSON text of a JSON block; of the
    /// base64 data of an image).
    pub sha256: String,
}

/// A session's spending against its limits.
#[derive(Debug)]
pub(crate) struct Budget {
    limits: LogLimits,
    spent: u64,
    /// The quota shared with other logs, if any.
    shared: Option<LogQuota>,
}

impl Budget {
    pub(crate) fn new(limits: LogLimits) -> Self {
        Self { limits, spent: 0, shared: None }
    }

    pub(crate) fn set_limits(&mut self, limits: LogLimits) {
        self.limits = limits;
    }

    pub(crate) fn share(&mut self, quota: LogQuota) {
        self.shared = Some(quota);
    }

    /// Takes `bytes` from the shared quota, if there is one; whether they may be kept.
    fn take_shared(&self, bytes: usize) -> bool {
        self.shared.as_ref().is_none_or(|quota| quota.take(bytes as u64))
    }

    /// `None` when the log keeps `text` whole (its bytes are spent); else what it keeps instead
    /// (a preview and a notice), noting in `elided` what it did not keep.
    pub(crate) fn elide(
        &mut self,
        field: String,
        text: &str,
        elided: &mut Vec<Elision>,
    ) -> Option<String> {
        let room = self.limits.quota_bytes.saturating_sub(self.spent);
        if text.len() <= self.limits.value_bytes
            && (text.len() as u64) <= room
            && self.take_shared(text.len())
        {
            self.spent += text.len() as u64;
            return None;
        }
        let preview_bytes = if room >= PREVIEW_BYTES as u64 && self.take_shared(PREVIEW_BYTES) {
            PREVIEW_BYTES
        } else {
            0
        };
        let preview = &text[..floor_char_boundary(text, preview_bytes)];
        self.spent += preview.len() as u64;
        let sha256 = hex(&Sha256::digest(text.as_bytes()));
        let kept = format!("{preview}… [elided: {} bytes, sha256 {}…]", text.len(), &sha256[..16]);
        elided.push(Elision { field, bytes: text.len() as u64, sha256 });
        Some(kept)
    }

    /// The content blocks as the log keeps them: a block past the limits becomes a text block
    /// with its preview (an image, a notice alone).
    pub(crate) fn content(
        &mut self,
        content: &[ContentBlock],
        elided: &mut Vec<Elision>,
    ) -> Vec<ContentBlock> {
        content
            .iter()
            .enumerate()
            .map(|(index, block)| {
                let text: Cow<'_, str> = match block {
                    ContentBlock::Text { text } => Cow::Borrowed(text),
                    ContentBlock::Json { value } | ContentBlock::Resource { value } => {
                        Cow::Owned(value.to_string())
                    }
                    ContentBlock::Image { data, .. } | ContentBlock::Audio { data, .. } => {
                        Cow::Borrowed(data)
                    }
                };
                match (self.elide(format!("content/{index}"), &text, elided), block.placeholder()) {
                    (None, _) => block.clone(),
                    (Some(_), Some(placeholder)) => ContentBlock::text(format!(
                        "{placeholder} of {} bytes, elided from the log",
                        text.len()
                    )),
                    (Some(kept), None) => ContentBlock::text(kept),
                }
            })
            .collect()
    }
}

fn floor_char_boundary(text: &str, index: usize) -> usize {
    (0..=index.min(text.len())).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}
