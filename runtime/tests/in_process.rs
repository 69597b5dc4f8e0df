//! The in-process mode for trusted code and tests (R-RT-5): the same engine and contract on a
//! thread of the host, with the weaker guarantees `Isolation::InProcess` documents.
#![allow(clippy::unwrap_used)] // test helpers outside #[test] fns unwrap too

use std::time::{Duration, Instant};

use ordo_runtime::{ErrorKind, HostFunctions, Runtime, RuntimeConfig, Script};
use serde_json::{Value, json};
use tokio_util::sync::CancellationToken;

fn host() -> HostFunctions {
    let mut host = HostFunctions::new();
    host.insert("sleepy", |call| async move {
        tokio::time::sleep(Duration::from_millis(100)).await;
        Ok(call.args)
    });
    host.insert("forever", |call| async move {
        call.signal.cancelled().await;
        Ok(Value::Null)
    });
    host
}

#[tokio::test]
async fn r_rt_5_in_process_runs_keep_the_run_contract() {
    let runtime = Runtime::new(RuntimeConfig::in_process());
    let none = CancellationToken::new();
    let output = runtime
        .run(&Script::javascript("console.log('in', 1); return { sum: 1 + 2 }"), &host(), &none)
        .await
        .unwrap();
    assert_eq!(output.result, json!({ "sum": 3 }));
    assert_eq!(output.logs[0].text, "in 1");

    let syntax = runtime.run(&Script::javascript("return ]"), &host(), &none).await.unwrap_err();
    assert_eq!(syntax.kind, ErrorKind::Syntax);
    let eval =
        runtime.run(&Script::javascript("return eval('1')"), &host(), &none).await.unwrap_err();
    assert_eq!(eval.kind, ErrorKind::Runtime, "the bare global environment is the same");
    let stall = runtime
        .run(&Script::javascript("await new Promise(() => {})"), &host(), &none)
        .await
        .unwrap_err();
    assert_eq!(stall.kind, ErrorKind::Stall);
}

#[tokio::test]
async fn r_rt_5_in_process_host_calls_run_concurrently() {
    let runtime = Runtime::new(RuntimeConfig::in_process());
    let started = Instant::now();
    let output = runtime
        .run(
            &Script::javascript("return await Promise.all([sleepy(1), sleepy(2), sleepy(3)])"),
            &host(),
            &CancellationToken::new(),
        )
        .await
        .unwrap();
    assert_eq!(output.result, json!([1, 2, 3]));
    assert!(
        started.elapsed() < Duration::from_millis(290),
        "not one after another: {:?}",
        started.elapsed()
    );
}

#[tokio::test]
async fn r_rt_5_the_deadline_and_cancellation_end_an_in_process_run_waiting_on_the_host() {
    let runtime = Runtime::new(RuntimeConfig::in_process());
    // The deadline counts from before an engine is taken: a warm one keeps a busy machine's
    // engine build out of the 100 ms.
    runtime.warm_up().await.unwrap();
    let script = Script::javascript("await forever()").with_deadline(Duration::from_millis(100));
    let timed_out = runtime.run(&script, &host(), &CancellationToken::new()).await.unwrap_err();
    assert_eq!(timed_out.kind, ErrorKind::Timeout);

    let cancel = CancellationToken::new();
    let canceller = cancel.clone();
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(20)).await;
        canceller.cancel();
    });
    let cancelled =
        runtime.run(&Script::javascript("await forever()"), &host(), &cancel).await.unwrap_err();
    assert_eq!(cancelled.kind, ErrorKind::Cancelled);
}

#[tokio::test]
async fn r_rt_5_an_in_process_script_calling_fast_forever_still_ends_at_its_deadline() {
    let mut host = host();
    host.insert("echo", |call| async move { Ok(call.args) });
    let mut config = RuntimeConfig::in_process();
    config.limits.host_calls = usize::MAX;
    let script =
        Script::javascript("for (;;) await echo(1)").with_deadline(Duration::from_millis(200));
    let started = Instant::now();
    let error =
        Runtime::new(config).run(&script, &host, &CancellationToken::new()).await.unwrap_err();
    assert_eq!(error.kind, ErrorKind::Timeout, "{error}");
    assert!(started.elapsed() < Duration::from_millis(1_500), "{:?}", started.elapsed());
}
