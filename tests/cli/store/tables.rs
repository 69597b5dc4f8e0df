//! The store's traits in PostgreSQL, shared by connections as replicas share them.

use std::sync::{Arc, Barrier};
use std::time::Duration;

use ordo::state::PgStore;
use ordo_runtime::ClockReadings;
use ordo_sdk::ScriptInputs;
use ordo_sdk::kept::{KeepError, KeptLimits, ValueStore};
use ordo_sdk::pause::{PausedRun, RunStore};

use super::{connect, database};

const DAY: Duration = Duration::from_secs(86_400);

fn open(url: &str) -> PgStore {
    PgStore::connect(url, Duration::from_secs(10), DAY).unwrap()
}

/// A paused run, paused at `paused_at`.
fn run(id: &str, paused_at: u64) -> PausedRun {
    PausedRun {
        id: id.to_owned(),
        code: "return await tools.deploy({})".to_owned(),
        inputs: ScriptInputs::default(),
        seed: 7,
        clock: ClockReadings::default(),
        logs: 0,
        settled: Vec::new(),
        pending: Vec::new(),
        paused_at,
        pause: 3,
    }
}

/// Runs `f` on `n` threads released at once; their results in thread order.
fn at_once<T: Send + 'static>(n: usize, f: impl Fn(usize) -> T + Send + Sync + 'static) -> Vec<T> {
    let barrier = Arc::new(Barrier::new(n));
    let f = Arc::new(f);
    let threads: Vec<_> = (0..n)
        .map(|i| {
            let (barrier, f) = (Arc::clone(&barrier), Arc::clone(&f));
            std::thread::spawn(move || {
                barrier.wait();
                f(i)
            })
        })
        .collect();
    threads.into_iter().map(|thread| thread.join().unwrap()).collect()
}

#[test]
fn r_fleet_1_replicas_starting_at_once_migrate_the_tables_once() {
    let Some(url) = database("migrate") else { return };
    let opened = {
        let url = url.clone();
        at_once(6, move |_| PgStore::connect(&url, Duration::from_secs(30), DAY).map(drop))
    };
    assert!(opened.iter().all(Result::is_ok), "{opened:?}");
    let mut db = connect(&url);
    let versions: Vec<i32> = db
        .query("SELECT version FROM ordo_migrations ORDER BY version", &[])
        .unwrap()
        .iter()
        .map(|row| row.get(0))
        .collect();
    assert_eq!(versions, vec![1], "each migration applied once");
    // A database a newer ordo migrated is refused, not written with an older idea of it.
    db.execute("INSERT INTO ordo_migrations (version) VALUES (99)", &[]).unwrap();
    let error = PgStore::connect(&url, Duration::from_secs(10), DAY).unwrap_err();
    assert!(error.0.contains("newer ordo") && error.0.contains("version 99"), "{error}");
}

#[test]
fn r_fleet_2_a_paused_run_saved_by_one_replica_is_taken_by_exactly_one_other() {
    let Some(url) = database("runs") else { return };
    let (a, b) = (open(&url), open(&url));
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap();
    a.save(&run("r1", now.as_secs())).unwrap();
    let read = RunStore::load(&b, "r1").unwrap();
    assert_eq!(read, Some(run("r1", now.as_secs())), "what one replica saved, another reads");
    // Eight replicas take the same run at once: one gets it, so an approved call runs once.
    let stores: Vec<PgStore> = (0..8).map(|_| open(&url)).collect();
    let stores = Arc::new(stores);
    let taken = at_once(8, move |i| stores[i].take("r1").unwrap().is_some());
    assert_eq!(taken.iter().filter(|taken| **taken).count(), 1, "{taken:?}");
    assert_eq!(RunStore::load(&a, "r1").unwrap(), None);
    // A damaged journal is an error naming the run.
    connect(&url).execute("INSERT INTO ordo_paused_runs VALUES ('r2', 0, '{')", &[]).unwrap();
    let stale = RunStore::load(&b, "r2");
    assert!(
        matches!(&stale, Err(error) if error.0.contains("run r2") && error.0.contains("damaged")),
        "{stale:?}"
    );
    b.remove("r2").unwrap();
    assert_eq!(RunStore::load(&b, "r2").unwrap(), None);
}

#[test]
fn r_fleet_2_every_replica_seals_with_the_one_key_the_first_made() {
    let Some(url) = database("key") else { return };
    let keys = {
        let url = url.clone();
        at_once(6, move |_| open(&url).server_key().unwrap())
    };
    assert_eq!(keys[0].len(), 32);
    assert!(keys.iter().all(|key| *key == keys[0]), "one key for all");
    assert_eq!(open(&url).server_key().unwrap(), keys[0], "and kept");
}

#[test]
fn r_fleet_2_kept_values_hold_their_quota_across_replicas() {
    let Some(url) = database("kept") else { return };
    let limits = KeptLimits { quota: 10, idle: Duration::from_secs(3600) };
    // Twenty stores of one byte each into one scope, from four replicas at once: ten fit.
    let stores: Arc<Vec<PgStore>> = Arc::new((0..4).map(|_| open(&url)).collect());
    let kept = {
        let stores = Arc::clone(&stores);
        at_once(20, move |i| stores[i % 4].store("s", &format!("k{i}"), Some("1"), limits))
    };
    let fitted = kept.iter().filter(|kept| kept.is_ok()).count();
    assert_eq!(fitted, 10, "{kept:?}");
    assert!(
        kept.iter().all(|kept| matches!(
            kept,
            Ok(()) | Err(KeepError::OverQuota { held: 10, adding: 1, quota: 10 })
        )),
        "{kept:?}"
    );
    let kept_keys: Vec<String> =
        (0..20).filter(|&i| kept[i].is_ok()).map(|i| format!("k{i}")).collect();
    let bytes: i64 = connect(&url)
        .query_one("SELECT bytes FROM ordo_kept_scopes WHERE scope = 's'", &[])
        .unwrap()
        .get(0);
    assert_eq!(bytes, 10, "the scope's size is what it holds");
    // What one replica kept, another reads; a replacement counts once; forgetting makes room.
    let key = &kept_keys[0];
    assert_eq!(ValueStore::load(&stores[3], "s", key, limits.idle).unwrap().as_deref(), Some("1"));
    stores[1].store("s", key, Some("2"), limits).unwrap();
    assert_eq!(ValueStore::load(&stores[2], "s", key, limits.idle).unwrap().as_deref(), Some("2"));
    stores[0].store("s", "new", Some("1"), limits).unwrap_err();
    stores[0].store("s", key, None, limits).unwrap();
    stores[3].store("s", "new", Some("1"), limits).unwrap();
    assert_eq!(ValueStore::load(&stores[1], "s", key, limits.idle).unwrap(), None);
}

#[test]
fn r_fleet_2_a_scope_unused_past_its_idle_time_holds_nothing() {
    let Some(url) = database("idle") else { return };
    let limits = KeptLimits { quota: 100, idle: Duration::from_secs(3600) };
    let store = open(&url);
    store.store("old", "k", Some("1"), limits).unwrap();
    store.store("new", "k", Some("2"), limits).unwrap();
    let two_hours_ago =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs()
            as i64
            - 7200;
    connect(&url)
        .execute("UPDATE ordo_kept_scopes SET used_at = $1 WHERE scope = 'old'", &[&two_hours_ago])
        .unwrap();
    assert_eq!(ValueStore::load(&store, "old", "k", limits.idle).unwrap(), None);
    assert_eq!(ValueStore::load(&store, "new", "k", limits.idle).unwrap().as_deref(), Some("2"));
    store.store("other", "k", Some("3"), limits).unwrap(); // sweeps the idle scope
    let left: i64 = connect(&url)
        .query_one("SELECT count(*) FROM ordo_kept_values WHERE scope = 'old'", &[])
        .unwrap()
        .get(0);
    assert_eq!(left, 0);
}
