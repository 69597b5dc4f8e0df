//! `max_workers`: never more worker processes alive than the cap, warm spares included, and a
//! run that finds none free waits for one instead of failing.
#![allow(clippy::unwrap_used)]

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use ordo_runtime::{HostFunctions, Runtime, RuntimeConfig, Script, WorkerCommand};
use serde_json::json;
use tokio_util::sync::CancellationToken;

/// Held by each test: they count the workers of the whole test process.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// The worker processes this test process has started and not yet reaped.
fn workers_alive() -> usize {
    let me = std::process::id().to_string();
    let Ok(entries) = std::fs::read_dir("/proc") else { return 0 };
    entries
        .flatten()
        .filter_map(|entry| std::fs::read_to_string(entry.path().join("stat")).ok())
        .filter(|stat| {
            // pid (comm) state ppid ...
            let Some((comm, rest)) = stat.split_once(") ") else { return false };
            comm.ends_with("(ordo-js-worker") && rest.split(' ').nth(1) == Some(me.as_str())
        })
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn max_workers_caps_the_workers_alive_and_runs_wait_for_one() {
    let _alone = ONE_AT_A_TIME.lock().await;
    let worker = WorkerCommand::program(env!("CARGO_BIN_EXE_ordo-js-worker"));
    let runtime = Runtime::new(RuntimeConfig {
        warm_workers: 2,
        max_workers: Some(2),
        ..RuntimeConfig::new(worker)
    });
    runtime.warm_up().await.unwrap();
    let running = Arc::new(AtomicUsize::new(0));
    let most_running = Arc::new(AtomicUsize::new(0));
    let most_alive = Arc::new(AtomicUsize::new(0));
    let mut host = HostFunctions::new();
    {
        let (running, most_running, most_alive) =
            (Arc::clone(&running), Arc::clone(&most_running), Arc::clone(&most_alive));
        host.insert("hold", move |_call| {
            let (running, most_running, most_alive) =
                (Arc::clone(&running), Arc::clone(&most_running), Arc::clone(&most_alive));
            async move {
                let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                most_running.fetch_max(now, Ordering::SeqCst);
                most_alive.fetch_max(workers_alive(), Ordering::SeqCst);
                tokio::time::sleep(Duration::from_millis(150)).await;
                most_alive.fetch_max(workers_alive(), Ordering::SeqCst);
                running.fetch_sub(1, Ordering::SeqCst);
                Ok(json!(1))
            }
        });
    }
    let script = Script::javascript("return await hold({})");
    let cancel = CancellationToken::new();
    let runs = (0..6).map(|_| runtime.run(&script, &host, &cancel));
    let outcomes = futures::future::join_all(runs).await;
    for outcome in outcomes {
        assert_eq!(outcome.unwrap().result, json!(1));
    }
    assert_eq!(most_running.load(Ordering::SeqCst), 2, "two runs at once, no more");
    let alive = most_alive.load(Ordering::SeqCst);
    assert!((1..=2).contains(&alive), "{alive} workers alive at once, over the cap of 2");
}

/// A run its caller drops mid-way (an MCP client that went away) frees its place under the cap
/// only once its worker is reaped: the next run's worker is never alive beside it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_runs_worker_is_reaped_before_its_place_is_taken() {
    let _alone = ONE_AT_A_TIME.lock().await;
    let worker = WorkerCommand::program(env!("CARGO_BIN_EXE_ordo-js-worker"));
    let runtime = Arc::new(Runtime::new(RuntimeConfig {
        warm_workers: 1,
        max_workers: Some(1),
        ..RuntimeConfig::new(worker)
    }));
    runtime.warm_up().await.unwrap();
    let (started, mut is_started) = tokio::sync::mpsc::unbounded_channel();
    let mut host = HostFunctions::new();
    host.insert("forever", move |_call| {
        let _ = started.send(());
        std::future::pending()
    });
    host.insert("alive", |_call| async { Ok(json!(workers_alive())) });
    let host = Arc::new(host);

    for round in 0..5 {
        let dropped = {
            let (runtime, host) = (Arc::clone(&runtime), Arc::clone(&host));
            tokio::spawn(async move {
                let script = Script::javascript("return await forever({})");
                runtime.run(&script, &host, &CancellationToken::new()).await
            })
        };
        is_started.recv().await.unwrap();
        dropped.abort();
        let _ = dropped.await;
        let script = Script::javascript("return await alive({})");
        let outcome = runtime.run(&script, &host, &CancellationToken::new()).await.unwrap();
        assert_eq!(outcome.result, json!(1), "round {round}: workers alive beside the next run");
    }
}
