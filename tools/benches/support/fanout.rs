//! What the fan-out benchmarks (`tools/benches/scheduler.rs`, `sdk/benches/codemode.rs`) share:
//! the tool they call and the baseline they are compared with. Included by path.
//!
//! The tool sleeps on a blocking thread rather than on tokio's timer: tokio rounds every sleep up
//! to its next millisecond tick, so ten waves of 10 ms sleeps take ~114 ms even in bare tokio,
//! and the ratio would measure the timer, not ordo. A thread's sleep ends within the kernel's
//! timer slack (tens of µs), which leaves ordo's own overhead visible against the ideal.

use std::sync::Arc;
use std::time::Duration;

use ordo_tools::{CallContext, ContentBlock, ToolDefinition, ToolOutput};
use serde_json::{Value, json};

/// Sleeps `duration` on one of tokio's blocking threads.
pub(crate) async fn sleep(duration: Duration) {
    tokio::task::spawn_blocking(move || std::thread::sleep(duration))
        .await
        .expect("a sleep does not panic");
}

/// A parallel-safe tool that sleeps `duration` (if any, see [`sleep`]) and returns `{}`.
pub(crate) fn sleeper(name: &str, duration: Option<Duration>) -> ToolDefinition {
    ToolDefinition::new(
        name,
        "Sleeps.",
        json!({ "type": "object" }),
        ToolOutput::new(json!({ "type": "object" }), |_, _| vec![ContentBlock::text("ok")]),
        move |_args: Arc<Value>, _cx: CallContext| async move {
            if let Some(duration) = duration {
                sleep(duration).await;
            }
            Ok(json!({}))
        },
    )
    .with_concurrency_safe(|_| true)
}

/// The same rolling pool without ordo: `calls` sleeps of `duration`, at most `pool` at once.
pub(crate) async fn baseline_pool(calls: usize, pool: usize, duration: Duration) {
    let pool = Arc::new(tokio::sync::Semaphore::new(pool));
    let mut sleeps = tokio::task::JoinSet::new();
    for _ in 0..calls {
        let permit = Arc::clone(&pool).acquire_owned().await.expect("the semaphore stays open");
        sleeps.spawn(async move {
            sleep(duration).await;
            drop(permit);
        });
    }
    while sleeps.join_next().await.is_some() {}
}
