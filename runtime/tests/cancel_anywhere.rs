//! Cancellation at any instant of a run with host calls in flight (R-RT-3): property-tested
//! through worker processes. Whenever the caller cancels, the run ends promptly as `Cancelled`
//! (or with its result, if it was already done), every host call that started has ended by the
//! time `run` returns, each exactly once, and those still in flight saw their signal fire.
#![allow(clippy::unwrap_used)] // test helpers outside #[test] fns unwrap too

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use ordo_runtime::{
    ErrorKind, HostError, HostFunctions, Runtime, RuntimeConfig, Script, WorkerCommand,
};
use proptest::prelude::*;
use serde_json::{Value, json};
use tokio_util::sync::CancellationToken;

/// What the host saw of a run's calls.
#[derive(Default)]
struct Tally {
    started: AtomicUsize,
    answered: AtomicUsize,
    signalled: AtomicUsize,
    ended: AtomicUsize,
}

/// Counts a call's end when its future is done or dropped: exactly once per started call.
struct Ends(Arc<Tally>);

impl Drop for Ends {
    fn drop(&mut self) {
        self.0.ended.fetch_add(1, Ordering::SeqCst);
    }
}

/// `work(ms)`: sleeps `ms` milliseconds, or stops when the run's signal fires.
fn host(tally: &Arc<Tally>) -> HostFunctions {
    let tally = Arc::clone(tally);
    let mut host = HostFunctions::new();
    host.insert("work", move |call| {
        let tally = Arc::clone(&tally);
        async move {
            tally.started.fetch_add(1, Ordering::SeqCst);
            let _ends = Ends(Arc::clone(&tally));
            let ms = call.args.as_u64().unwrap_or(0);
            tokio::select! {
                () = tokio::time::sleep(Duration::from_millis(ms)) => {
                    tally.answered.fetch_add(1, Ordering::SeqCst);
                    Ok(Value::from(ms))
                }
                () = call.signal.cancelled() => {
                    tally.signalled.fetch_add(1, Ordering::SeqCst);
                    Err(HostError::new("cancelled"))
                }
            }
        }
    });
    host
}

/// A script making `durations.len()` calls: all at once, or one after another.
fn script(durations: &[u64], parallel: bool) -> String {
    let list = serde_json::to_string(durations).unwrap();
    if parallel {
        format!("return (await Promise.all({list}.map((ms) => work(ms)))).length")
    } else {
        format!("let n = 0; for (const ms of {list}) {{ await work(ms); n++; }} return n")
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn r_rt_3_a_cancellation_at_any_instant_ends_the_run_and_every_call_in_flight(
        durations in prop::collection::vec(0u64..15, 1..6),
        parallel in any::<bool>(),
        cancel_after_us in 0u64..40_000,
    ) {
        let tokio = tokio::runtime::Runtime::new().unwrap();
        tokio.block_on(async {
            let worker = WorkerCommand::program(env!("CARGO_BIN_EXE_ordo-js-worker"));
            let runtime = Runtime::new(RuntimeConfig { warm_workers: 1, ..RuntimeConfig::new(worker) });
            runtime.warm_up().await.unwrap();
            let tally = Arc::new(Tally::default());
            let cancel = CancellationToken::new();
            let canceller = cancel.clone();
            let cancel_after = Duration::from_micros(cancel_after_us);
            tokio::spawn(async move {
                tokio::time::sleep(cancel_after).await;
                canceller.cancel();
            });
            let began = Instant::now();
            let code = script(&durations, parallel);
            let outcome = runtime.run(&Script::javascript(&code), &host(&tally), &cancel).await;
            let took = began.elapsed();

            let started = tally.started.load(Ordering::SeqCst);
            let answered = tally.answered.load(Ordering::SeqCst);
            let signalled = tally.signalled.load(Ordering::SeqCst);
            prop_assert_eq!(tally.ended.load(Ordering::SeqCst), started, "every started call ended once: {}", code);
            prop_assert_eq!(answered + signalled, started, "{}", code);
            match outcome {
                Ok(output) => {
                    prop_assert_eq!(output.result, json!(durations.len()), "{}", code);
                    prop_assert_eq!(signalled, 0, "a finished run cancels nothing: {}", code);
                }
                Err(error) => {
                    prop_assert_eq!(error.kind, ErrorKind::Cancelled, "{}: {}", code, error);
                    prop_assert!(
                        took < cancel_after + Duration::from_secs(2),
                        "ended {:?} after a cancellation at {:?}", took, cancel_after
                    );
                }
            }
            // The host is unharmed: the next run works.
            let next = runtime
                .run(&Script::javascript("return 1"), &HostFunctions::new(), &CancellationToken::new())
                .await
                .unwrap();
            prop_assert_eq!(next.result, json!(1));
            Ok(())
        })?;
    }
}
