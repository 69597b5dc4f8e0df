//! Session logs in the store: one writer, no gaps, nothing lost when a writer dies, and the
//! same log whether read from the store or from the file `--session-dir` wrote.

use std::time::Duration;

use nix::sys::signal::Signal;
use ordo::state::PgStore;
use ordo_tools::session::{CallIdentity, SessionLog};
use serde_json::Value;

use super::{connect, database};
use crate::common::{Scratch, json, signal, stderr, wait_until};
use crate::interrupt::{slow_tools, wait_for_sleepers};

fn open(url: &str) -> PgStore {
    PgStore::connect(url, Duration::from_secs(10), Duration::from_secs(86_400)).unwrap()
}

fn call(id: &str) -> CallIdentity<'_> {
    CallIdentity { call_id: id, parent: None, name: "list_dir", step: Some(1) }
}

#[test]
fn r_fleet_1_a_second_writer_is_refused_by_the_key_and_a_gap_by_the_insert() {
    let Some(url) = database("writers") else { return };
    let store = open(&url);
    let log = SessionLog::new(store.create_session("s", Some("test")).unwrap());
    log.record_call(call("a"), "{}").unwrap();
    // Another process writes the event this one would write next: a second writer.
    connect(&url)
        .execute(
            "INSERT INTO ordo_session_events (session, seq, kind, top_level, line)
             SELECT session, 2, kind, top_level, line FROM ordo_session_events WHERE seq = 1",
            &[],
        )
        .unwrap();
    let refused = log.record_call(call("b"), "{}").unwrap_err().to_string();
    assert!(
        refused.contains("event 2 is already recorded") && refused.contains("one writer"),
        "{refused}"
    );
    // Nor may another process take a session whose writer is alive.
    let taken = open(&url).open_session("s", None).unwrap_err().to_string();
    assert!(taken.contains("session s is being written by") && taken.contains(':'), "{taken}");
    // A log that would skip a number is refused by the store, not left with a hole.
    let gap = SessionLog::resume(store.create_session("t", None).unwrap(), 3);
    let refused = gap.record_call(call("c"), "{}").unwrap_err().to_string();
    assert!(refused.contains("event 3 would leave a gap"), "{refused}");
    let events: i64 = connect(&url)
        .query_one(
            "SELECT count(*) FROM ordo_session_events e JOIN ordo_sessions s ON s.id = e.session
             WHERE s.name = 't'",
            &[],
        )
        .unwrap()
        .get(0);
    assert_eq!(events, 0);
    // Names are unique: a second session of one name gets the next free one.
    assert_eq!(store.create_session("s", None).unwrap().name(), "s-2");
}

/// The interrupt tests' sleepy tool (it marks its start, then sleeps until killed), and two
/// scripts: one that calls it, one that returns at once.
fn sleepy(scratch: &Scratch) {
    slow_tools(scratch);
    scratch.write("nap.js", "await tools.list_dir({});\nreturn await tools.sleepy({});\n");
    scratch.write("quick.js", "return (await tools.list_dir({})).entries.length;\n");
}

fn sessions(scratch: &Scratch, url: &str) -> Vec<Value> {
    let output = scratch.ordo(&["sessions", "--store", url, "--format", "json"]).output().unwrap();
    assert!(output.status.success(), "{}", stderr(&output));
    json(&output).as_array().unwrap().clone()
}

fn jsonl(scratch: &Scratch, url: &str, session: &str) -> Vec<Value> {
    let output =
        scratch.ordo(&["replay", "--store", url, session, "--format", "jsonl"]).output().unwrap();
    assert!(output.status.success(), "{}", stderr(&output));
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

#[test]
fn r_fleet_4_a_killed_writers_calls_are_repaired_by_the_next_reader_and_nothing_finished_is_lost() {
    let Some(url) = database("killed") else { return };
    let scratch = Scratch::new();
    sleepy(&scratch);
    let store = ["--store", url.as_str(), "--session", "work", "--tools", "tools.toml"];
    let first = scratch.ordo(&[&["run", "quick.js"][..], &store].concat()).output().unwrap();
    assert!(first.status.success(), "{}", stderr(&first));
    let child = scratch.spawn(&[&["run", "nap.js"][..], &store].concat());
    wait_for_sleepers(&scratch, 1);
    signal(&child, Signal::SIGKILL);
    child.wait_with_output().unwrap();

    // Live until the database sees the writer's connection close (its lock goes with it).
    wait_until(Duration::from_secs(30), || sessions(&scratch, &url)[0]["state"] != "live");
    let listed = sessions(&scratch, &url);
    assert_eq!(listed.len(), 1, "{listed:#?}");
    assert_eq!(listed[0]["name"], "work");
    assert_eq!(listed[0]["calls"], 2, "two run_code calls: {listed:#?}");
    assert_eq!(listed[0]["state"], "cut (2 without a result)", "run_code and sleepy: {listed:#?}");

    // The next reader repairs it, in the store, once.
    let replay = scratch.ordo(&["replay", "--store", &url, "work"]).output().unwrap();
    assert!(replay.status.success(), "{}", stderr(&replay));
    let said = stderr(&replay);
    assert!(
        said.contains("2 calls had no result (its writer ended first); recorded as repaired"),
        "{said}"
    );
    let cards = String::from_utf8_lossy(&replay.stdout).into_owned();
    assert!(cards.contains("repaired: the session ended before this call's result"), "{cards}");
    assert_eq!(sessions(&scratch, &url)[0]["state"], "repaired");
    let again = scratch.ordo(&["replay", "--store", &url, "work"]).output().unwrap();
    assert_eq!(stderr(&again), "", "repaired once");
    assert_eq!(String::from_utf8_lossy(&again.stdout), cards, "the same cards");

    let events = jsonl(&scratch, &url, "work");
    let seqs: Vec<u64> = events.iter().map(|event| event["seq"].as_u64().unwrap()).collect();
    assert_eq!(seqs, (1..=seqs.len() as u64).collect::<Vec<_>>(), "in order, no gap");
    // Finished before the kill: the first run whole, and the second run's list_dir.
    let finished: Vec<(&str, &str)> = events
        .iter()
        .filter(|event| event["type"] == "tool/result" && event["repaired"] != true)
        .map(|event| (event["call_id"].as_str().unwrap(), event["name"].as_str().unwrap()))
        .collect();
    assert_eq!(finished, [("run_1.1", "list_dir"), ("run_1", "run_code"), ("run_2.1", "list_dir")]);
    let repaired: Vec<(&str, &str)> = events
        .iter()
        .filter(|event| event["repaired"] == true)
        .map(|event| (event["call_id"].as_str().unwrap(), event["error"]["code"].as_str().unwrap()))
        .collect();
    assert_eq!(repaired, [("run_2", "TOOL_OUTCOME_UNKNOWN"), ("run_2.2", "TOOL_OUTCOME_UNKNOWN")]);

    // The session goes on where it stopped, as a JSONL log does.
    let third = scratch.ordo(&[&["run", "quick.js"][..], &store].concat()).output().unwrap();
    assert!(third.status.success(), "{}", stderr(&third));
    let events = jsonl(&scratch, &url, "work");
    let last = events.last().unwrap();
    assert_eq!(
        (last["call_id"].as_str(), last["seq"].as_u64()),
        (Some("run_3"), Some(seqs.len() as u64 + 4))
    );
    wait_until(Duration::from_secs(30), || sessions(&scratch, &url)[0]["state"] != "live");
    assert_eq!(sessions(&scratch, &url)[0]["state"], "repaired");
}

#[test]
fn r_fleet_1_a_session_read_from_the_store_is_the_file_session_dir_wrote_byte_for_byte() {
    let Some(url) = database("export") else { return };
    let scratch = Scratch::new();
    scratch.write("notes/a.txt", "alpha\n");
    scratch.write("notes/b.txt", "beta\n");
    let calls = serde_json::json!([
        ["run_code", {"code": "const [a, b] = await Promise.all([tools.read_file({ path: 'notes/a.txt' }), tools.read_file({ path: 'notes/b.txt' })]);\nreturn a.content + b.content;"}],
        ["run_code", {"code": "return (await tools.list_dir({ path: 'notes' })).entries.map((e) => e.name);"}],
        ["run_code", {"code": "await tools.read_file({ path: 'missing.txt' });"}]
    ]);
    let ordo = ["--store", url.as_str(), "--session-dir", "logs"];
    let seen = crate::mcp::client::stdio(&scratch, &ordo, "calls", &[&calls.to_string()], None);
    let Some(seen) = seen else { return };
    assert_eq!(seen["calls"].as_array().unwrap().len(), 3, "{seen:#}");

    let files: Vec<_> = std::fs::read_dir(scratch.path().join("logs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    let file = &files[0];
    let name = file.file_stem().unwrap().to_string_lossy().into_owned();
    let listed = sessions(&scratch, &url);
    assert_eq!(listed.len(), 1, "{listed:#?}");
    assert_eq!(
        (listed[0]["name"].as_str(), listed[0]["calls"].as_u64()),
        (Some(name.as_str()), Some(3))
    );
    assert_eq!(listed[0]["client"], "mcp", "as the client introduced itself");

    let exported =
        scratch.ordo(&["replay", "--store", &url, &name, "--format", "jsonl"]).output().unwrap();
    assert!(exported.status.success(), "{}", stderr(&exported));
    assert_eq!(exported.stdout, std::fs::read(file).unwrap(), "byte for byte");
    // And every view of it is the same from either place.
    for format in ["text", "json", "anthropic", "openai"] {
        let stored =
            scratch.ordo(&["replay", "--store", &url, &name, "--format", format]).output().unwrap();
        let filed = scratch
            .ordo(&["replay", &file.to_string_lossy(), "--format", format])
            .output()
            .unwrap();
        assert!(stored.status.success() && filed.status.success(), "{}", stderr(&stored));
        assert_eq!(
            String::from_utf8_lossy(&stored.stdout),
            String::from_utf8_lossy(&filed.stdout),
            "{format}"
        );
    }
    let missing = scratch.ordo(&["replay", "--store", &url, "no-such-session"]).output().unwrap();
    assert_eq!(missing.status.code(), Some(2));
    assert!(
        stderr(&missing).contains("no session no-such-session in the store"),
        "{}",
        stderr(&missing)
    );
}

#[test]
fn r_fleet_4_a_live_session_of_another_database_on_the_server_is_not_taken_for_this_ones() {
    let (Some(a), Some(b)) = (database("live_a"), database("live_b")) else { return };
    // Session 1 of each database: one live in A, one ended in B (same lock keys, other database).
    let store_a = open(&a);
    let _writing = store_a.create_session("x", None).unwrap();
    let store_b = open(&b);
    drop(store_b.create_session("y", None).unwrap());
    let state = |store: &PgStore| store.sessions().unwrap()[0].state.to_string();
    wait_until(Duration::from_secs(30), || state(&store_b) != "live");
    assert_eq!(state(&store_b), "ended");
    assert_eq!(state(&store_a), "live");
}
