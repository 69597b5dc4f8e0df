//! What the fan-out benchmarks (`tools/benches/scheduler.rs`, `sdk/benches/codemode.rs`) share:
//! the tool they call and the baseline they are compared with. Included by path.
//!
//! The tool sleeps exactly its 10 ms, so the ideal is what it says: tokio's timer rounds every
//! sleep up to its next millisecond tick (ten waves of 10 ms sleeps took ~114 ms in bare tokio),
//! and a thread's sleep overshoots by the timer slack and its wake-up (~0.27 ms a sleep on a
//! small VM, 10.27 ms for 10). Either way the ratio would measure the timer, not ordo.

use std::sync::Arc;
use std::time::{Duration, Instant};

use ordo_tools::{CallContext, ContentBlock, ToolDefinition, ToolOutput};
use serde_json::{Value, json};

/// The end of a sleep spent yielding the CPU in a loop rather than asleep in the kernel.
const SPIN: Duration = Duration::from_millis(1);

/// Sleeps `duration`, exactly, on one of tokio's blocking threads: asleep in the kernel but for
/// the last [`SPIN`], then yielding the CPU until the time is up.
pub(crate) async fn sleep(duration: Duration) {
    let until = Instant::now() + duration;
    tokio::task::spawn_blocking(move || {
        std::thread::sleep(duration.saturating_sub(SPIN));
        while Instant::now() < until {
            std::thread::yield_now();
        }
    })
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
