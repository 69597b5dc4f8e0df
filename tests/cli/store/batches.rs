//! Session logs written in batches, and a script's nested calls written behind (R-LOG-1,
//! R-FLEET-1): events handed over together share a round trip, a nested body waits for its
//! `tool/call`, and events the store loses are given up, numbered again and repaired, so the
//! log stays whole.

use std::time::Duration;

use ordo::state::PgStore;
use ordo_tools::session::{CallIdentity, Event, SessionLog, Written};
use ordo_tools::{ContentBlock, ResultRecord};

use super::database;
use crate::pg_proxy::{Mode, Proxy, split};

/// A new database (for `purpose`) and a store on it reached through a proxy, its queries
/// bounded by `timeout`. `None` (said) without a server.
fn through_proxy(purpose: &str, timeout: Duration) -> Option<(Proxy, PgStore)> {
    let (address, name) = split(&database(purpose)?);
    let proxy = Proxy::to(&address);
    let store = PgStore::connect(&proxy.url(&name), timeout, Duration::from_secs(86_400)).unwrap();
    Some((proxy, store))
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap()
}

fn top(id: &str) -> CallIdentity<'_> {
    CallIdentity { call_id: id, parent: None, name: "run_code", step: Some(1) }
}

fn nested(id: &str) -> CallIdentity<'_> {
    CallIdentity { call_id: id, parent: Some("a"), name: "list_dir", step: None }
}

fn ok() -> ResultRecord {
    ResultRecord::success(vec![ContentBlock::text("done")], None)
}

/// The `Durable` of an event written behind.
async fn durable(written: Written) -> std::io::Result<()> {
    match written {
        Written::Behind(durable) => durable.await,
        Written::Now => panic!("a nested call's event was not written behind"),
    }
}

/// `(seq, call id, repaired)` of each event of session `name`, as a reader reads it.
fn events(store: &PgStore, name: &str) -> Vec<(u64, String, bool)> {
    let read = store.read_session(name).unwrap();
    read.log
        .events()
        .iter()
        .map(|event| {
            let repaired = matches!(event, Event::Result(result) if result.repaired);
            (event.seq(), event.call_id().to_owned(), repaired)
        })
        .collect()
}

#[test]
fn r_fleet_1_a_scripts_concurrent_calls_share_round_trips_and_results_ride_along() {
    let Some((proxy, store)) = through_proxy("batches", Duration::from_secs(10)) else { return };
    let log = SessionLog::new(store.create_session("batched", None).unwrap());
    let before = proxy.round_trips();
    runtime().block_on(async {
        log.record_call(top("a"), "{}").unwrap();
        // A script's Promise.all: four calls handed over before any is waited for.
        let calls: Vec<_> = (1..=4)
            .map(|n| log.record_call_behind(nested(&format!("a.{n}")), "{}").unwrap().1)
            .collect();
        for written in calls {
            durable(written).await.unwrap();
        }
        for n in 1..=4 {
            log.record_result_behind(nested(&format!("a.{n}")), &ok(), Duration::ZERO).unwrap();
        }
        // The next call carries the four results; its own goes with the script's result.
        durable(log.record_call_behind(nested("a.5"), "{}").unwrap().1).await.unwrap();
        log.record_result_behind(nested("a.5"), &ok(), Duration::ZERO).unwrap();
        log.record_result(top("a"), &ok(), Duration::ZERO).unwrap();
    });
    let trips = proxy.round_trips() - before;
    // One for the script's call, one to four for the four calls (usually one or two: each may
    // leave before the next is handed over, as often as the store's thread wins the race on a
    // loaded machine), one for the four results with the fifth call, one for the rest: twelve
    // events, one round trip each before batching.
    assert!((4..=7).contains(&trips), "{trips} round trips for 12 events");
    drop(log);
    let order: Vec<(u64, String)> =
        events(&store, "batched").into_iter().map(|(seq, id, _)| (seq, id)).collect();
    let expected = ["a", "a.1", "a.2", "a.3", "a.4", "a.1", "a.2", "a.3", "a.4", "a.5", "a.5", "a"];
    let expected: Vec<(u64, String)> =
        expected.iter().zip(1..).map(|(id, seq)| (seq, (*id).to_owned())).collect();
    assert_eq!(order, expected);
}

#[test]
fn r_fleet_5_events_the_store_loses_behind_are_given_again_and_the_log_stays_whole() {
    let Some((proxy, store)) = through_proxy("lost_behind", Duration::from_secs(2)) else {
        return;
    };
    let log = SessionLog::new(store.create_session("lost", None).unwrap());
    runtime().block_on(async {
        log.record_call(top("a"), "{}").unwrap();
        durable(log.record_call_behind(nested("a.1"), "{}").unwrap().1).await.unwrap();
        // a.1's result waits for the next event that is waited for ...
        log.record_result_behind(nested("a.1"), &ok(), Duration::ZERO).unwrap();
        // ... which finds the store gone: both are given up, and a.2 does not run.
        proxy.set(Mode::Refuse);
        let (seq, written) = log.record_call_behind(nested("a.2"), "{}").unwrap();
        assert_eq!(seq, 4);
        let lost = durable(written).await.unwrap_err().to_string();
        assert!(
            lost.contains("session lost") && lost.contains("PostgreSQL at 127.0.0.1:"),
            "{lost}"
        );
        // Back: the log numbers on from the first event given up.
        proxy.set(Mode::Forward);
        let (seq, written) = log.record_call_behind(nested("a.3"), "{}").unwrap();
        assert_eq!(seq, 3, "given again");
        durable(written).await.unwrap();
        log.record_result_behind(nested("a.3"), &ok(), Duration::ZERO).unwrap();
        log.record_result(top("a"), &ok(), Duration::ZERO).unwrap();
    });
    // The session ends: a.1, whose result was lost, gets TOOL_OUTCOME_UNKNOWN, marked repaired.
    drop(log);
    let expected = [
        (1, "a", false),
        (2, "a.1", false),
        (3, "a.3", false),
        (4, "a.3", false),
        (5, "a", false),
        (6, "a.1", true),
    ];
    let expected: Vec<(u64, String, bool)> =
        expected.iter().map(|(seq, id, repaired)| (*seq, (*id).to_owned(), *repaired)).collect();
    assert_eq!(events(&store, "lost"), expected);
}
