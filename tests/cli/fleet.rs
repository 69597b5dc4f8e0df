//! A fleet (issue 32): three `ordo mcp --http` replicas sharing one PostgreSQL store
//! (`--store`), nginx in front of them with tests/fleet/nginx.conf, real MCP clients (the Python
//! SDK) through it. Each test starts its own fleet on a database of its own:
//!
//! - stateless requests (2026-07-28) spread over every replica, each replica logging its own;
//! - a run paused on one replica is resumed on another, its calls before the pause run once;
//! - `kill -9` of a replica under load fails only the calls in flight on it, and the next
//!   reader of its session repairs them;
//! - PostgreSQL restarted under load fails the calls that needed it, clearly and quickly, and
//!   the fleet goes on once it is back, every session log whole and in order;
//! - a 2025-11-25 session stays on the replica that started it; another replica refuses it.
//!
//! Where nginx or PostgreSQL is missing, each test says so loudly (SKIPPED) and returns.

mod harness;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use self::harness::{Fleet, Load, header, messages, request};
use crate::common::assert_every_call_has_one_result;
use crate::common::stderr;
use crate::mcp::approvals::{CODE as PAUSING_CODE, TOOLS};
use crate::mcp::client::python;
use crate::store::{Postgres, postgres};

/// What the load's scripts read: four files (their contents are checked by nothing but the
/// scripts' own `texts.length`).
const FILES: &[(&str, &str)] =
    &[("a.txt", "alpha\n"), ("b.txt", "bravo\n"), ("c.txt", "charlie\n"), ("d.txt", "delta\n")];

/// The Python with the MCP SDK, nginx and a PostgreSQL server, or `None` after saying loudly
/// which is missing. `port`: a PostgreSQL server of the test's own (one it may restart).
fn ready(test: &str, port: Option<u16>) -> Option<(PathBuf, PathBuf, Postgres)> {
    let Some(nginx) = harness::nginx_binary() else {
        harness::skipped(test, "nginx is not installed (Debian: apt-get install nginx-light)");
        return None;
    };
    let postgres = match postgres(port) {
        Ok(postgres) => postgres,
        Err(why) => {
            harness::skipped(test, &why);
            return None;
        }
    };
    let python = python()?;
    Some((python, nginx, postgres))
}

/// The load's calls, by tag.
fn calls(seen: &Value) -> BTreeMap<String, Value> {
    seen["calls"]
        .as_array()
        .unwrap()
        .iter()
        .map(|call| (call["tag"].as_str().unwrap().to_owned(), call.clone()))
        .collect()
}

/// The failed calls of a load, by tag.
fn failures(seen: &Value) -> BTreeMap<String, Value> {
    calls(seen).into_iter().filter(|(_, call)| call["kind"] != "answered").collect()
}

/// The load's summary without its calls, for messages.
fn summary(seen: &Value) -> Value {
    let mut summary = seen.clone();
    summary.as_object_mut().unwrap().remove("calls");
    summary["failures"] = json!(failures(seen).into_values().take(40).collect::<Vec<_>>());
    summary
}

/// Whether nginx's access log has a line for every call of the load.
fn has_every_call(seen: &Value) -> impl Fn(&[harness::AccessLine]) -> bool {
    let tags: BTreeSet<String> = calls(seen).into_keys().collect();
    move |lines| {
        let logged: BTreeSet<&str> = lines.iter().map(|line| line.request_id.as_str()).collect();
        tags.iter().all(|tag| logged.contains(tag.as_str()))
    }
}

/// The tag a load script returns, from its `run_code` call's event.
fn tag_of(call: &Value) -> Option<String> {
    let arguments: Value = serde_json::from_str(call["arguments"].as_str()?).ok()?;
    let code = arguments["code"].as_str()?;
    let start = code.find("return \"")? + "return \"".len();
    let end = start + code[start..].find('"')?;
    Some(code[start..end].to_owned())
}

/// What the store's logs say of the loads' calls, once every session was replayed.
struct Audit {
    /// Each tag's top-level `run_code` calls in the logs: the session, and whether the call
    /// ended in an error (`None`: it has no result).
    outcomes: BTreeMap<String, Vec<(String, Option<bool>)>>,
    /// The tags of the calls left without a result (nested ones counted by their run_code).
    open: BTreeSet<String>,
    /// What `ordo replay` said on stderr, by session.
    told: BTreeMap<String, String>,
    /// Every session's events, by name.
    events: BTreeMap<String, Vec<Value>>,
}

/// Replays every session of the store (each must succeed), then reads each back as JSON Lines:
/// numbered 1, 2, 3, … with no gap and no repeat, no call with two results.
fn audit(fleet: &Fleet) -> Audit {
    let mut audit = Audit {
        outcomes: BTreeMap::new(),
        open: BTreeSet::new(),
        told: BTreeMap::new(),
        events: BTreeMap::new(),
    };
    for session in fleet.sessions() {
        let name = session["name"].as_str().unwrap().to_owned();
        let output = fleet.replay(&name, &[]);
        assert!(output.status.success(), "ordo replay {name}: {}", stderr(&output));
        audit.told.insert(name.clone(), stderr(&output));
        let events = fleet.events(&name);
        assert_seq_in_order(&name, &events);
        let mut results: BTreeMap<&str, Vec<&Value>> = BTreeMap::new();
        for result in events.iter().filter(|event| event["type"] == "tool/result") {
            results.entry(result["call_id"].as_str().unwrap()).or_default().push(result);
        }
        let calls: BTreeMap<&str, &Value> = events
            .iter()
            .filter(|event| event["type"] == "tool/call")
            .map(|call| (call["call_id"].as_str().unwrap(), call))
            .collect();
        for (id, found) in &results {
            assert_eq!(found.len(), 1, "{name}: call {id} has {} results", found.len());
            assert!(calls.contains_key(id), "{name}: a result of no call: {:?}", found[0]);
        }
        for (id, call) in &calls {
            let mut top = *call;
            while let Some(parent) = top["parent"].as_str() {
                top = calls[parent];
            }
            let Some(tag) = tag_of(top) else { continue };
            let result = results.get(id).map(|found| found[0]);
            if result.is_none() {
                audit.open.insert(tag.clone());
            }
            if call["parent"].is_null() {
                let outcome = result.map(|result| result["is_error"] == true);
                audit.outcomes.entry(tag).or_default().push((name.clone(), outcome));
            }
        }
        audit.events.insert(name, events);
    }
    audit
}

/// Checks a session's events are numbered 1, 2, 3, … with no gap and no repeat.
fn assert_seq_in_order(name: &str, events: &[Value]) {
    for (index, event) in events.iter().enumerate() {
        assert_eq!(event["seq"], json!(index + 1), "session {name}: event {index} is {event}");
    }
}

/// (1) Stateless requests through nginx reach every replica, are all answered, and each replica
/// logs the calls it served in a session of its own in the store.
#[test]
fn fleet_spreads_stateless_requests_over_every_replica() {
    let test = "fleet_spreads_stateless_requests_over_every_replica";
    let Some((python, nginx, postgres)) = ready(test, None) else { return };
    let _one = harness::one_at_a_time();
    let fleet = Fleet::start(&nginx, &postgres.database("spread"), &[], FILES);
    let (clients, per_client) = (6, 5);
    let seen = Load::start(&python, &fleet.nginx.url, "spread", clients, per_client).finish();
    let said = fleet.said();
    assert_eq!(seen["count"], 30, "{}", summary(&seen));
    assert_eq!(seen["answered"], 30, "every call answered right: {}{said}", summary(&seen));

    // nginx sent each call to one replica, and every replica got some.
    let log = fleet.nginx.access_log(has_every_call(&seen));
    let mut served: BTreeMap<usize, usize> = BTreeMap::new();
    for tag in calls(&seen).keys() {
        let lines: Vec<_> = log.iter().filter(|line| line.request_id == *tag).collect();
        assert_eq!(lines.len(), 1, "{tag}: {lines:#?}");
        let line = lines[0];
        assert_eq!((line.status, line.upstreams.len()), (200, 1), "{tag}: {}", line.line);
        let replica = fleet.replica_at(&line.upstreams[0]).unwrap();
        *served.entry(replica).or_default() += 1;
    }
    assert_eq!(served.len(), 3, "every replica served calls: {served:?}");

    // Each replica logged what it served in its own stateless session.
    let sessions = fleet.sessions();
    for (replica, count) in &served {
        let pid = &fleet.replicas[*replica].writer_suffix();
        let logged: Vec<&Value> = sessions
            .iter()
            .filter(|session| session["writer"].as_str().unwrap().ends_with(pid.as_str()))
            .filter(|session| session["calls"].as_u64().unwrap() > 0)
            .collect();
        assert_eq!(logged.len(), 1, "replica {replica}: one session with calls: {sessions:#?}");
        let session = logged[0];
        assert!(session["name"].as_str().unwrap().contains("-stateless-"), "{session}");
        assert_eq!(session["client"], "stateless", "{session}");
        assert_eq!(session["state"], "live", "{session}");
        assert_eq!(session["calls"], json!(count), "replica {replica} logged what it served");
        let name = session["name"].as_str().unwrap();
        let events = fleet.events(name);
        assert_seq_in_order(name, &events);
        assert_every_call_has_one_result(&events);
    }
    // Besides those, only empty ones: a replica's first stateless requests, arriving together,
    // may each open the log they share, and all but one stay empty (reported).
    for session in sessions.iter().filter(|session| session["calls"] == 0) {
        assert_eq!((&session["client"], &session["state"]), (&json!("stateless"), &json!("ended")));
    }
    let with_calls = sessions.iter().filter(|session| session["calls"] != 0).count();
    assert_eq!(with_calls, 3, "{sessions:#?}");
}

/// tests/mcp/approvals.py SCENARIO against `url` (a replica, not nginx: the test picks which).
fn approvals(python: &Path, url: &str, scenario: &str, args: &[&str]) -> Value {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/mcp/approvals.py");
    // The replicas ask no token (--no-auth); the script sends the one it is given.
    let output = Command::new(python)
        .args([script, scenario, "--elicit=accept", "--http", url, "no-token-needed", "--"])
        .args(args)
        .output()
        .unwrap();
    assert!(output.status.success(), "approvals.py {scenario}: {}", stderr(&output));
    serde_json::from_slice(&output.stdout).unwrap()
}

fn lines_of(fleet: &Fleet, file: &str) -> usize {
    std::fs::read_to_string(fleet.path().join(file)).unwrap_or_default().lines().count()
}

/// (2) A 2026-07-28 client's run pauses for approval on replica 1 (`input_required`); its retry
/// with the answers, sent to replica 2, completes it there from the journal in the store. The
/// stamp before the pause ran once; the same state sent again, to replica 3, is refused.
#[test]
fn fleet_a_run_paused_on_one_replica_resumes_on_another() {
    let test = "fleet_a_run_paused_on_one_replica_resumes_on_another";
    let Some((python, nginx, postgres)) = ready(test, None) else { return };
    let _one = harness::one_at_a_time();
    let files = [("tools.toml", TOOLS)];
    let fleet =
        Fleet::start(&nginx, &postgres.database("resume"), &["--tools", "tools.toml"], &files);
    let (first, second, third) = (&fleet.replicas[0], &fleet.replicas[1], &fleet.replicas[2]);

    let seen = approvals(&python, &first.url, "pause", &[PAUSING_CODE]);
    let paused = &seen["first"];
    assert_eq!(seen["protocol"], "2026-07-28", "{seen}");
    assert_eq!(paused["resultType"], "input_required", "{seen}{}", fleet.said());
    let keys: Vec<String> = paused["inputRequests"].as_object().unwrap().keys().cloned().collect();
    assert_eq!(keys.len(), 2, "both deploys ask: {seen}");
    let state = paused["requestState"].as_str().unwrap().to_owned();
    assert_eq!((lines_of(&fleet, "stamps.log"), lines_of(&fleet, "deploys.log")), (1, 0));

    let accept: serde_json::Map<String, Value> =
        keys.iter().map(|key| (key.clone(), json!({ "action": "accept" }))).collect();
    let responses = Value::Object(accept).to_string();
    let retry = approvals(&python, &second.url, "retry", &[PAUSING_CODE, &state, &responses]);
    assert_eq!(
        retry["result"]["structuredContent"]["result"],
        json!(["a", "b"]),
        "{retry}{}",
        fleet.said()
    );
    assert_eq!(lines_of(&fleet, "stamps.log"), 1, "the stamp was answered from the journal");
    assert_eq!(lines_of(&fleet, "deploys.log"), 2, "each deploy ran once");

    // The run was taken from the store by replica 2: the same state at replica 3 runs nothing.
    let reused = approvals(&python, &third.url, "retry", &[PAUSING_CODE, &state, &responses]);
    let error = reused["error"].as_str().unwrap_or_default();
    assert!(error.contains("requestState refused"), "{reused}");
    assert_eq!((lines_of(&fleet, "stamps.log"), lines_of(&fleet, "deploys.log")), (1, 2));

    // The logs agree: replica 1 logged the stamp's run and the pause, replica 2 the deploys and
    // the run's end; no log holds a second execution of the stamp.
    let mut ran: BTreeMap<(String, Option<usize>), usize> = BTreeMap::new();
    let mut ends = Vec::new();
    let sessions = fleet.sessions();
    for session in &sessions {
        let name = session["name"].as_str().unwrap();
        let events = fleet.events(name);
        assert_seq_in_order(name, &events);
        assert_every_call_has_one_result(&events);
        let writer = fleet.replica_of(session["writer"].as_str().unwrap());
        for event in events.iter().filter(|event| event["type"] == "tool/result") {
            match event["name"].as_str().unwrap() {
                "run_code" => ends.push((writer, event.clone())),
                tool if event["is_error"] == false => {
                    *ran.entry((tool.to_owned(), writer)).or_default() += 1;
                }
                _ => {}
            }
        }
    }
    let expected =
        BTreeMap::from([(("deploy".to_owned(), Some(1)), 2), (("stamp".to_owned(), Some(0)), 1)]);
    assert_eq!(ran, expected, "what ran, on which replica: {sessions:#?}");
    assert_eq!(ends.len(), 2, "{ends:#?}");
    let (paused_on, paused) = &ends.iter().find(|(_, end)| end["is_error"] == true).unwrap();
    assert_eq!((*paused_on, &paused["error"]["code"]), (Some(0), &json!("PAUSED")), "{paused}");
    let (ended_on, ended) = &ends.iter().find(|(_, end)| end["is_error"] == false).unwrap();
    assert_eq!(*ended_on, Some(1), "{ended}");
    let note = ended["content"][0]["text"].as_str().unwrap();
    assert!(note.contains("1 call before it answered from its journal"), "{note}");
}

/// How many top-level calls the sessions written by `pid` have without a result.
fn open_calls(db: &mut postgres::Client, pid: u32) -> i64 {
    let pattern = format!("%:{pid}");
    let row = db
        .query_one(
            "SELECT count(*) FILTER (WHERE e.kind = 'call') - count(*) FILTER (WHERE e.kind = 'result')
             FROM ordo_session_events e JOIN ordo_sessions s ON s.id = e.session
             WHERE s.writer LIKE $1 AND e.top_level",
            &[&pattern],
        )
        .unwrap();
    row.get(0)
}

/// (3) `kill -9` of a replica under load (32 clients × 25 calls, 5 nested calls each): the calls
/// in flight on it fail (502 from nginx, never a wrong answer), every other call is answered
/// right, and reading its session afterwards repairs it, once.
#[test]
fn fleet_kill_9_of_a_replica_under_load_fails_only_its_calls_in_flight() {
    let test = "fleet_kill_9_of_a_replica_under_load_fails_only_its_calls_in_flight";
    let Some((python, nginx, postgres)) = ready(test, None) else { return };
    let _one = harness::one_at_a_time();
    let store = postgres.database("kill");
    let mut fleet = Fleet::start(&nginx, &store, &[], FILES);
    let victim = 1;
    let victim_address = fleet.replicas[victim].address.clone();
    let victim_pid = fleet.replicas[victim].pid;

    let mut load = Load::start(&python, &fleet.nginx.url, "load", 32, 25);
    load.wait_started();
    std::thread::sleep(Duration::from_secs(1));
    // Killed while the store shows calls of it in flight, so that some are: frozen first, so
    // that the calls seen in flight cannot end (log their results) before the kill lands.
    let mut db = postgres::Client::connect(&store, postgres::NoTls).unwrap();
    let start = Instant::now();
    loop {
        assert!(start.elapsed() < Duration::from_secs(30), "replica 2 never had a call in flight");
        fleet.replicas[victim].freeze();
        // The statements it sent before it stopped are done (or never will be) by then.
        std::thread::sleep(Duration::from_millis(100));
        if open_calls(&mut db, victim_pid) > 0 {
            break;
        }
        fleet.replicas[victim].resume();
        std::thread::sleep(Duration::from_millis(5));
    }
    fleet.replicas[victim].kill_9();
    let killed_after = start.elapsed();
    let seen = load.finish();
    let said = fleet.said();

    // Every call answered right or failed; none answered wrong, none hung.
    let all = calls(&seen);
    assert_eq!(all.len(), 800, "{}", summary(&seen));
    let failed = failures(&seen);
    assert_eq!(seen["answered"].as_u64().unwrap() + failed.len() as u64, 800, "{}", summary(&seen));
    let kinds: BTreeSet<&str> =
        failed.values().map(|call| call["kind"].as_str().unwrap()).collect();
    assert!(
        kinds.iter().all(|kind| *kind == "transport"),
        "only transport failures (no wrong answer, no error result, no hang): {}{said}",
        summary(&seen)
    );
    // A client has one call in flight at a time: at most one failure per client.
    assert!(!failed.is_empty(), "the kill failed no call: {}", summary(&seen));
    let clients: BTreeSet<u64> =
        failed.values().map(|call| call["client"].as_u64().unwrap()).collect();
    assert_eq!(clients.len(), failed.len(), "one failure per client at most: {}", summary(&seen));
    let log = fleet.nginx.access_log(has_every_call(&seen));
    for (tag, call) in &failed {
        assert_eq!(call["http_status"], 502, "{tag}: nginx answered 502: {call}");
        let lines: Vec<_> = log.iter().filter(|line| line.request_id == *tag).collect();
        assert_eq!(lines.len(), 1, "{tag}: {lines:#?}");
        assert_eq!(lines[0].status, 502, "{}", lines[0].line);
        assert_eq!(
            lines[0].upstreams,
            [victim_address.as_str()],
            "{tag} was on the killed replica"
        );
    }
    assert!(!fleet.replicas[victim].alive());
    for replica in [0, 2] {
        assert!(fleet.replicas[replica].alive(), "replica {} died:{said}", replica + 1);
    }

    // The killed replica's session is cut: the calls it had in flight have no result.
    let sessions = fleet.sessions();
    let cut: Vec<&Value> = sessions
        .iter()
        .filter(|session| fleet.replica_of(session["writer"].as_str().unwrap()) == Some(victim))
        .filter(|session| session["calls"].as_u64().unwrap() > 0)
        .collect();
    assert_eq!(cut.len(), 1, "{sessions:#?}");
    let name = cut[0]["name"].as_str().unwrap().to_owned();
    let state = cut[0]["state"].as_str().unwrap();
    let open: usize = state
        .strip_prefix("cut (")
        .and_then(|rest| rest.strip_suffix(" without a result)"))
        .and_then(|open| open.parse().ok())
        .unwrap_or_else(|| panic!("the killed replica's session is not cut: {state}"));
    assert!(open >= 1, "{state}");

    // Replaying every session succeeds; the cut one is repaired by it, and then every call of
    // every session has its result.
    let audit = audit(&fleet);
    let told = &audit.told[&name];
    assert!(told.contains(&format!(": {open} call")), "{told}");
    assert!(told.contains("had no result (its writer ended first)"), "{told}");
    assert!(told.contains("recorded as repaired"), "{told}");
    assert!(audit.open.is_empty(), "calls left without a result: {:?}", audit.open);
    let events = &audit.events[&name];
    let repaired: Vec<&Value> = events.iter().filter(|event| event["repaired"] == true).collect();
    assert_eq!(repaired.len(), open, "{repaired:#?}");
    for result in &repaired {
        assert_eq!(result["error"]["code"], "TOOL_OUTCOME_UNKNOWN", "{result}");
    }
    // Each answered call is in the logs once, answered; a failed one never as answered, and a
    // run_code the killed replica had in flight (repaired now) was never answered.
    assert_logged_as_answered(&audit, &all, Some(&name));
    let repaired_ids: BTreeSet<&str> =
        repaired.iter().map(|result| result["call_id"].as_str().unwrap()).collect();
    for call in events.iter().filter(|event| event["type"] == "tool/call") {
        if call["parent"].is_null() && repaired_ids.contains(call["call_id"].as_str().unwrap()) {
            let tag = tag_of(call).unwrap();
            assert!(failed.contains_key(&tag), "{tag} was repaired but its client was answered");
        }
    }
    let state = |sessions: &[Value]| -> String {
        let session = sessions.iter().find(|session| session["name"] == name.as_str()).unwrap();
        session["state"].as_str().unwrap().to_owned()
    };
    assert_eq!(state(&fleet.sessions()), "repaired");

    // A second replay changes nothing.
    let again = fleet.replay(&name, &[]);
    assert!(again.status.success(), "{}", stderr(&again));
    assert!(!stderr(&again).contains("repaired"), "{}", stderr(&again));
    assert_eq!(fleet.events(&name), *events, "the second replay changed the log");
    assert_eq!(state(&fleet.sessions()), "repaired");
    eprintln!("kill -9 after waiting {killed_after:?} for a call in flight: {}", summary(&seen));
}

/// Each answered call of `calls` is in the logs once, answered; a failed one at most once, and
/// answered only in session `lost` (if any), whose writer was killed after it logged the
/// answer and before the client had it.
fn assert_logged_as_answered(audit: &Audit, calls: &BTreeMap<String, Value>, lost: Option<&str>) {
    for (tag, call) in calls {
        let logged = audit.outcomes.get(tag).cloned().unwrap_or_default();
        if call["kind"] == "answered" {
            assert_eq!(logged.len(), 1, "{tag} was answered: {call} {logged:?}");
            assert_eq!(logged[0].1, Some(false), "{tag} was answered: {call} {logged:?}");
            continue;
        }
        assert!(logged.len() <= 1, "{tag}: {logged:?} {call}");
        if let Some((session, Some(false))) = logged.first() {
            assert_eq!(Some(session.as_str()), lost, "{tag} failed but was answered: {call}");
        }
    }
}

/// (4) PostgreSQL restarted (pg_ctl restart) under load: the calls that needed it while it was
/// down fail with one error naming PostgreSQL, within the --store-timeout; the replicas stay
/// up and answer once it is back; every session log replays whole, numbered in order.
#[test]
fn fleet_postgres_restarted_under_load_fails_clearly_and_recovers() {
    let test = "fleet_postgres_restarted_under_load_fails_clearly_and_recovers";
    // A server of this test's own: restarting the shared one would fail the other store tests.
    let Some((python, nginx, postgres)) = ready(test, Some(55433)) else { return };
    if postgres.data.is_none() {
        harness::skipped(test, "ORDO_TEST_POSTGRES names a server this test cannot restart");
        return;
    }
    let _one = harness::one_at_a_time();
    let store = postgres.database("restart");
    let mut fleet = Fleet::start(&nginx, &store, &["--store-timeout", "2"], FILES);

    let mut load = Load::start(&python, &fleet.nginx.url, "load", 16, 20);
    load.wait_started();
    std::thread::sleep(Duration::from_secs(1));
    let restart = Instant::now();
    postgres.restart();
    let restarted_in = restart.elapsed();
    let seen = load.finish();
    let said = fleet.said();

    let failed = failures(&seen);
    assert_eq!(calls(&seen).len(), 320, "{}", summary(&seen));
    assert!(!failed.is_empty(), "the restart failed no call: {}", summary(&seen));
    for (tag, call) in &failed {
        // An answer saying what failed (not a broken connection, a hang or a wrong answer).
        assert_eq!(call["kind"], "rpc_error", "{tag}: {call}{said}");
        let error = call["error"].as_str().unwrap_or_default();
        assert!(error.contains("PostgreSQL at 127.0.0.1:"), "{tag}: names PostgreSQL: {call}");
        assert_eq!(error.matches("PostgreSQL").count(), 1, "{tag}: one error: {call}");
    }
    for call in calls(&seen).values() {
        let took = call["end"].as_f64().unwrap() - call["start"].as_f64().unwrap();
        assert!(took < 15.0, "a call took {took} s (--store-timeout 2): {call}");
    }
    for replica in &mut fleet.replicas {
        assert!(replica.alive(), "a replica died:{said}");
    }

    // Back: the replicas answer again, each of them.
    let after = Load::start(&python, &fleet.nginx.url, "after", 6, 3).finish();
    assert_eq!(after["answered"], 18, "{}{}", summary(&after), fleet.said());
    let log = fleet.nginx.access_log(has_every_call(&after));
    let served: BTreeSet<&str> = log
        .iter()
        .filter(|line| line.request_id.starts_with("after-"))
        .map(|line| line.upstreams.last().unwrap().as_str())
        .collect();
    assert_eq!(served.len(), 3, "every replica answered after the restart: {served:?}");

    // Every session replays, numbered in order; the answered calls are logged once, answered.
    // A call in flight when PostgreSQL went away keeps its events in its replica's log
    // without a result (reported: its result could not be written, and the session goes on):
    // only calls whose clients were told they failed.
    let audit = audit(&fleet);
    for tag in &audit.open {
        assert!(failed.contains_key(tag), "{tag} has no result in the log but was answered");
    }
    assert_logged_as_answered(&audit, &calls(&seen), None);
    assert_logged_as_answered(&audit, &calls(&after), None);
    eprintln!(
        "pg_ctl restart took {restarted_in:?}; calls left open in live logs: {:?}; {}",
        audit.open,
        summary(&seen)
    );
}

/// (5) A 2025-11-25 session through nginx stays on the replica that started it: the SDK's
/// client makes several calls on it, and a raw client's session is found on exactly one
/// replica; the others refuse its id with 404 and say why.
#[test]
fn fleet_a_2025_11_25_session_stays_on_its_replica() {
    let test = "fleet_a_2025_11_25_session_stays_on_its_replica";
    let Some((_python, nginx, postgres)) = ready(test, None) else { return };
    let _one = harness::one_at_a_time();
    let fleet = Fleet::start(&nginx, &postgres.database("affinity"), &[], FILES);

    // The SDK's client, several times: its `initialize` reaches each replica in turn.
    let three = json!([
        ["run_code", {"code": "return 1"}],
        ["run_code", {"code": "return (await tools.read_file({path: 'a.txt'})).content"}],
        ["run_code", {"code": "return 3"}],
    ])
    .to_string();
    for round in 0..3 {
        let seen = crate::mcp::client::http(&fleet.nginx.url, None, "calls", &[&three]).unwrap();
        assert_eq!(seen["protocol"], "2025-11-25", "{seen}");
        let results: Vec<&Value> = seen["calls"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| &c["result"]["structuredContent"]["result"])
            .collect();
        assert_eq!(
            results,
            [&json!(1), &json!("alpha\n"), &json!(3)],
            "round {round}: {seen}{}",
            fleet.said()
        );
    }
    let sessions = fleet.sessions();
    let sdk: Vec<&Value> = sessions.iter().filter(|s| s["client"] != "stateless").collect();
    assert_eq!(sdk.len(), 3, "{sessions:#?}");
    let writers: BTreeSet<Option<usize>> =
        sdk.iter().map(|s| fleet.replica_of(s["writer"].as_str().unwrap())).collect();
    assert_eq!(writers.len(), 3, "the sessions were started on every replica: {sessions:#?}");
    for session in &sdk {
        assert_eq!(session["calls"], 3, "each session's calls stayed on its replica: {session}");
    }

    // A raw client: its session id as nginx hands it out, and as the replica issued it.
    let version = ("Mcp-Protocol-Version", "2025-11-25");
    let (status, response) =
        request(&fleet.nginx.address, "POST", &[], &crate::mcp::http::initialize());
    assert_eq!(status, 200, "{response}");
    let marked = header(&response, "mcp-session-id").expect("a session id");
    let (mark, issued) = marked.split_once('.').unwrap();
    let owner: usize = mark.strip_prefix('r').unwrap().parse::<usize>().unwrap() - 1;
    let initialized = json!({"jsonrpc": "2.0", "method": "notifications/initialized"}).to_string();
    let id = ("Mcp-Session-Id", marked.as_str());
    assert_eq!(request(&fleet.nginx.address, "POST", &[id, version], &initialized).0, 202);
    for n in 0..3 {
        let call = json!({"jsonrpc": "2.0", "id": 10 + n, "method": "tools/call", "params": {
            "name": "run_code", "arguments": {"code": format!("return {n} * 2")}}})
        .to_string();
        let (status, response) = request(&fleet.nginx.address, "POST", &[id, version], &call);
        assert_eq!(status, 200, "call {n}: {response}");
        let answer = messages(&response).into_iter().find(|m| m["id"] == json!(10 + n)).unwrap();
        assert_eq!(answer["result"]["structuredContent"]["result"], json!(n * 2), "{answer}");
    }

    // nginx sent every request of the session to the replica that issued it, with its own id.
    let log =
        fleet.nginx.access_log(|lines| lines.iter().filter(|l| l.session == marked).count() >= 4);
    let routed: Vec<_> = log.iter().filter(|line| line.session == marked).collect();
    assert_eq!(routed.len(), 4, "{log:#?}");
    for line in routed {
        assert_eq!(line.upstreams, [fleet.replicas[owner].address.as_str()], "{}", line.line);
    }

    // Sent to the replicas directly: the one that issued it knows it; the others say why not.
    let ping = json!({"jsonrpc": "2.0", "id": 99, "method": "ping"}).to_string();
    for (index, replica) in fleet.replicas.iter().enumerate() {
        let bare = ("Mcp-Session-Id", issued);
        let (status, response) = request(&replica.address, "POST", &[bare, version], &ping);
        if index == owner {
            assert_eq!(status, 200, "replica {} issued it: {response}", index + 1);
            continue;
        }
        assert_eq!(status, 404, "replica {}: {response}", index + 1);
        assert!(response.contains("another server started it"), "{response}");
        assert!(response.contains("load balancer"), "{response}");
        // The id with nginx's mark is no replica's either.
        let (status, _) = request(&replica.address, "POST", &[id, version], &ping);
        assert_eq!(status, 404);
    }
    let raw = fleet
        .sessions()
        .into_iter()
        .find(|s| s["client"] == "raw")
        .unwrap_or_else(|| panic!("no session of the raw client: {:#?}", fleet.sessions()));
    assert_eq!(raw["calls"], 3, "{raw}");
    assert_eq!(fleet.replica_of(raw["writer"].as_str().unwrap()), Some(owner), "{raw}");
}
