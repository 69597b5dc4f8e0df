//! `max_workers`: never more worker processes alive than the cap, warm spares included, and a
//! run that finds none free waits for one instead of failing.
#![allow(clippy::unwrap_used)]

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use ordo_runtime::{HostFunctions, Runtime, RuntimeConfig, Script, WorkerCommand};
use serde_json::json;
use tokio_util::sync::CancellationToken;

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
