//! The baseline both fan-out benchmarks (`tools/benches/scheduler.rs`, `sdk/benches/codemode.rs`)
//! compare against: the same rolling pool without ordo, `calls` tokio sleeps of `sleep`, at most
//! `pool` at once. What the runtime's timer itself achieves, for the ratio. Included by path.

use std::sync::Arc;
use std::time::Duration;

/// Runs `calls` sleeps of `sleep`, at most `pool` at once.
pub(crate) async fn tokio_semaphore_pool(calls: usize, pool: usize, sleep: Duration) {
    let pool = Arc::new(tokio::sync::Semaphore::new(pool));
    let mut sleeps = tokio::task::JoinSet::new();
    for _ in 0..calls {
        let permit = Arc::clone(&pool).acquire_owned().await.expect("the semaphore stays open");
        sleeps.spawn(async move {
            tokio::time::sleep(sleep).await;
            drop(permit);
        });
    }
    while sleeps.join_next().await.is_some() {}
}
