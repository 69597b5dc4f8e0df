//! What the session log keeps (R-LOG-6): a value past its size is a preview with its size and
//! SHA-256; past the session's quota, values are their size and hash alone; every call is still
//! written with its one result, and the log still loads.
#![allow(clippy::unwrap_used)]

use std::time::Duration;

use ordo_tools::session::{
    CallIdentity, Elision, Event, LoadedLog, LogLimits, LogQuota, MemorySink, SessionLog,
};
use ordo_tools::{ContentBlock, ResultRecord};
use sha2::{Digest, Sha256};

fn identity(call_id: &str) -> CallIdentity<'_> {
    CallIdentity { call_id, parent: None, name: "echo", step: Some(1) }
}

fn sha256(text: &str) -> String {
    Sha256::digest(text.as_bytes()).iter().map(|byte| format!("{byte:02x}")).collect()
}

#[test]
fn r_log_6_a_huge_argument_is_kept_as_a_preview_with_its_size_and_hash() {
    let sink = MemorySink::new();
    let log = SessionLog::new(sink.clone());
    let huge = format!("{{\"path\": \"{}\"}}", "x".repeat(30_000_000));
    log.record_call(identity("c1"), &huge).unwrap();
    log.record_call(identity("c2"), "{\"path\": \"a.txt\"}").unwrap();

    let events = sink.events();
    let Event::Call(call) = &events[0] else { panic!("{events:?}") };
    assert!(call.arguments.len() < 1200, "{} bytes kept", call.arguments.len());
    assert!(call.arguments.starts_with("{\"path\": \"xxx"), "{}", &call.arguments[..40]);
    assert!(call.arguments.contains("… [elided: 30000012 bytes, sha256 "), "{}", call.arguments);
    let expected = Elision { field: "arguments".into(), bytes: 30_000_012, sha256: sha256(&huge) };
    assert_eq!(call.elided, [expected]);
    let Event::Call(small) = &events[1] else { panic!("{events:?}") };
    assert_eq!(small.arguments, "{\"path\": \"a.txt\"}");
    assert!(small.elided.is_empty());
}

#[test]
fn r_log_6_a_large_content_block_is_a_preview_and_small_ones_stay_whole() {
    let sink = MemorySink::new();
    let log = SessionLog::new(sink.clone());
    log.record_call(identity("c1"), "{}").unwrap();
    let file = "line\n".repeat((256 << 10) / 5 + 1);
    let record = ResultRecord::success(
        vec![ContentBlock::text("small"), ContentBlock::text(file.clone())],
        None,
    );
    log.record_result(identity("c1"), &record, Duration::ZERO).unwrap();

    let events = sink.events();
    let Event::Result(result) = &events[1] else { panic!("{events:?}") };
    assert_eq!(result.content[0], ContentBlock::text("small"));
    let kept = result.content[1].as_text().unwrap();
    assert!(kept.len() < 1200 && kept.starts_with("line\nline\n"), "{kept}");
    assert_eq!(result.elided.len(), 1);
    assert_eq!(result.elided[0].field, "content/1");
    assert_eq!(result.elided[0].sha256, sha256(&file));
    // The elided log still loads, pairs and replays.
    let loaded = LoadedLog::from_events(events).unwrap();
    assert_eq!(loaded.calls().count(), 1);
}

#[test]
fn r_log_6_past_the_quota_every_call_still_gets_its_result_with_values_as_hashes() {
    let sink = MemorySink::new();
    let limits = LogLimits { value_bytes: 2048, quota_bytes: 10_000 };
    let log = SessionLog::new(sink.clone()).with_limits(limits);
    let block = "y".repeat(1000);
    for i in 0..100 {
        let id = format!("c{i}");
        log.record_call(identity(&id), "{}").unwrap();
        let record = ResultRecord::success(vec![ContentBlock::text(block.clone())], None);
        log.record_result(identity(&id), &record, Duration::ZERO).unwrap();
    }
    let events = sink.events();
    assert_eq!(events.len(), 200, "every call and every result is written");
    let kept: usize = events
        .iter()
        .filter_map(|event| match event {
            Event::Result(result) => result.content[0].as_text().map(|text| text.len()),
            Event::Call(_) => None,
        })
        .sum();
    assert!(kept < 10_000 + 100 * 80, "{kept} bytes of content kept under a 10,000-byte quota");
    let Event::Result(last) = events.last().unwrap() else { panic!() };
    assert!(last.content[0].as_text().unwrap().starts_with("… [elided: 1000 bytes"), "{last:?}");
    assert_eq!(last.elided[0].sha256, sha256(&block));
}

/// Issue 36: each session had its own quota, so a server's sessions together kept without
/// bound (264 MiB per session in 7 s). Logs given one shared quota keep no more than it
/// together, and each still writes every call with its result.
#[test]
fn r_log_6_logs_sharing_a_quota_keep_no_more_than_it_together() {
    let quota = LogQuota::new(50_000);
    let block = "z".repeat(1000);
    let sinks: Vec<MemorySink> = (0..4).map(|_| MemorySink::new()).collect();
    for sink in &sinks {
        let log = SessionLog::new(sink.clone()).with_shared_quota(quota.clone());
        for i in 0..40 {
            let id = format!("c{i}");
            log.record_call(identity(&id), "{}").unwrap();
            let record = ResultRecord::success(vec![ContentBlock::text(block.clone())], None);
            log.record_result(identity(&id), &record, Duration::ZERO).unwrap();
        }
    }
    let kept_whole: usize = sinks
        .iter()
        .flat_map(MemorySink::events)
        .filter_map(|event| match event {
            Event::Result(result) if result.elided.is_empty() => Some(block.len()),
            _ => None,
        })
        .sum();
    // 4 sessions × 40 blocks of 1,000 bytes = 160,000 offered; the arguments `{}` (2 bytes
    // each) share the quota too.
    assert!((45_000..=50_000).contains(&kept_whole), "{kept_whole} bytes kept whole");
    assert!(quota.left() < 1000, "{} left", quota.left());
    for sink in &sinks {
        assert_eq!(sink.events().len(), 80, "every call and result is written");
    }
    let last = sinks[3].events();
    let Event::Result(result) = &last[79] else { panic!("{last:?}") };
    assert_eq!(result.elided.len(), 1, "the last session's values are hashes: {result:?}");
}
