//! Where a client session's log goes: one JSONL file per session in `--session-dir`, named so a
//! person can find it: when it started (UTC), which client, and a number that keeps names apart.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// `DIR/2026-12-01T03-45-12Z-claude-code-4242-1.jsonl`: the start time, the client's name as
/// it introduced itself (letters, digits, `-` and `_` kept), ordo's pid, and a count.
pub(crate) fn path(dir: &Path, client: Option<&str>) -> PathBuf {
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
    dir.join(format!("{}-{client}-{}-{n}.jsonl", timestamp(seconds), std::process::id()))
}

/// `YYYY-MM-DDTHH-MM-SSZ` for seconds since the epoch (no `:`, which some file systems refuse).
fn timestamp(seconds: u64) -> String {
    let days = seconds / 86_400;
    let rest = seconds % 86_400;
    let (year, month, day) = civil_from_days(days);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}-{:02}-{:02}Z",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

/// The proleptic Gregorian date of a day count since 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(days: u64) -> (u64, u64, u64) {
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + u64::from(month <= 2);
    (year, month, day)
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
        let path = path(Path::new("/logs"), Some("../Claude Code/x"));
        let name = path.file_name().and_then(|name| name.to_str()).unwrap_or_default();
        assert!(name.contains("---Claude-Code-x-"), "{name}");
        assert_eq!(path.parent(), Some(Path::new("/logs")));
    }
}
