//! The warm pool in process (R-RT-3, R-RT-5): engine threads started and built before a run asks
//! for one, one run each, and none left behind when the runtime goes. Alone in its test binary:
//! it counts this process's engine threads.
#![allow(clippy::unwrap_used)] // test helpers outside #[test] fns unwrap too

use std::time::{Duration, Instant};

use ordo_runtime::{HostFunctions, Runtime, RuntimeConfig, Script};
use serde_json::json;
use tokio_util::sync::CancellationToken;

/// The threads of this process named as engine threads are.
fn engine_threads() -> usize {
    std::fs::read_dir("/proc/self/task")
        .unwrap()
        .filter_map(|task| std::fs::read_to_string(task.ok()?.path().join("comm")).ok())
        .filter(|name| name.trim_end() == "ordo-engine")
        .count()
}

/// Waits (up to 5 s) until the count of engine threads is `expected`; returns the last count.
async fn settle_at(expected: usize) -> usize {
    let until = Instant::now() + Duration::from_secs(5);
    loop {
        let count = engine_threads();
        if count == expected || Instant::now() > until {
            return count;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn r_rt_5_in_process_engines_wait_warm_serve_one_run_and_end_with_the_runtime() {
    let runtime = Runtime::new(RuntimeConfig { warm_workers: 2, ..RuntimeConfig::in_process() });
    assert_eq!(engine_threads(), 0, "engines are started on first use or by warm_up");
    runtime.warm_up().await.unwrap();
    assert_eq!(engine_threads(), 2, "two warm engine threads wait for runs");

    // Each run takes a warm engine; its thread ends with its run (an engine is never reused),
    // and the pool is brought back to two.
    for i in 0..3 {
        let output = runtime
            .run(
                &Script::javascript(format!("globalThis.seen ??= {i}; return globalThis.seen")),
                &HostFunctions::new(),
                &CancellationToken::new(),
            )
            .await
            .unwrap();
        assert_eq!(output.result, json!(i), "a fresh context per run");
    }
    runtime.warm_up().await.unwrap();
    assert_eq!(settle_at(2).await, 2, "used engines end; the pool holds its two");

    drop(runtime);
    assert_eq!(settle_at(0).await, 0, "the warm engines end with the runtime");
}
