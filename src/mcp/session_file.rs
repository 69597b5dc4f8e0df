//! Where a client session's log goes: [`SessionLogs`] opens one per session; [`SessionDir`] is a
//! JSONL file per session in `--session-dir`. A session is named so a person can find it: when
//! it started (UTC), which client, and a number that keeps names apart.

use std::io;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use ordo_tools::session::{Durability, EventSink, JsonlSink};

/// Where client sessions' logs go (a folder of files, a database).
pub trait SessionLogs: Send + Sync + std::fmt::Debug + 'static {
    /// The log of a new session named `name` (see [`session_name`]), of `client` as it
    /// introduced itself; and where it is, for ordo's own log.
    ///
    /// # Errors
    ///
    /// When it cannot be made: the session's calls fail, saying so.
    fn open(&self, name: &str, client: Option<&str>) -> io::Result<(Box<dyn EventSink>, String)>;
}

/// One JSON Lines file per session, `DIR/NAME.jsonl`.
#[derive(Clone, Debug)]
pub struct SessionDir(pub PathBuf);

impl SessionLogs for SessionDir {
    fn open(&self, name: &str, _client: Option<&str>) -> io::Result<(Box<dyn EventSink>, String)> {
        let path = self.0.join(format!("{name}.jsonl"));
        let file = JsonlSink::create(&path, Durability::Flush).map_err(|error| {
            io::Error::new(
                error.kind(),
                format!("cannot create the session log {}: {error}", path.display()),
            )
        })?;
        Ok((Box::new(file), path.display().to_string()))
    }
}

/// `2026-12-01T03-45-12Z-claude-code-4242-1`: the start time, the client's name as it
/// introduced itself (letters, digits, `-` and `_` kept), ordo's pid, and a count.
pub fn session_name(client: Option<&str>) -> String {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    let seconds = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |since| since.as_secs());
    let client: String = client
        .unwrap_or("client")
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || c == '-' || c == '_' { c } else { '-' })
        .take(40)
        .collect();
    let client = if client.is_empty() { "client".to_owned() } else { client };
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    format!("{}-{client}-{}-{n}", timestamp(seconds), std::process::id())
}

/// `YYYY-MM-DDTHH-MM-SSZ` for seconds since the epoch (no `:`, which some file systems refuse).
fn timestamp(seconds: u64) -> String {
    crate::utc::rfc3339(seconds).replace(':', "-")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_name_the_utc_time() {
        assert_eq!(timestamp(0), "1970-01-01T00-00-00Z");
        assert_eq!(timestamp(1_795_923_912), "2026-11-29T03-45-12Z");
        assert_eq!(timestamp(951_782_400), "2000-02-29T00-00-00Z");
    }

    #[test]
    fn a_client_name_is_made_safe_for_a_file_name() {
        let name = session_name(Some("../Claude Code/x"));
        assert!(name.contains("---Claude-Code-x-"), "{name}");
        assert!(!name.contains('/'), "{name}");
    }
}
