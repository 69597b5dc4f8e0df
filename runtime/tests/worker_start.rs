//! A worker that never says it is ready (a program that forgot `run_if_worker`) holds no run
//! past its deadline, and the error says what to check (R-RT-3, R-RT-4).
#![allow(clippy::unwrap_used)]

use std::os::unix::fs::PermissionsExt;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use ordo_runtime::{ErrorKind, HostFunctions, Runtime, RuntimeConfig, Script, WorkerCommand};
use tokio_util::sync::CancellationToken;

/// A program that is not an ordo worker: it ignores its arguments and runs `body`.
fn not_a_worker(dir: &tempfile::TempDir, body: &str) -> PathBuf {
    let path = dir.path().join("not-a-worker.sh");
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

async fn run_with(
    program: PathBuf,
    deadline: Duration,
    cancel: &CancellationToken,
) -> ordo_runtime::RunError {
    let config =
        RuntimeConfig { warm_workers: 0, ..RuntimeConfig::new(WorkerCommand::program(program)) };
    let script = Script::javascript("return 1").with_deadline(deadline);
    Runtime::new(config).run(&script, &HostFunctions::new(), cancel).await.unwrap_err()
}

#[tokio::test]
async fn r_rt_3_a_worker_that_never_starts_ends_the_run_at_its_deadline_with_a_hint() {
    let dir = tempfile::tempdir().unwrap();
    let program = not_a_worker(&dir, "exec sleep 30");
    let started = Instant::now();
    let error = run_with(program, Duration::from_millis(300), &CancellationToken::new()).await;
    assert!(started.elapsed() < Duration::from_secs(2), "waited {:?}", started.elapsed());
    assert_eq!(error.kind, ErrorKind::Host);
    assert!(error.message.contains("within the deadline (300 ms)"), "{}", error.message);
    assert!(error.message.contains("run_if_worker"), "{}", error.message);
}

#[tokio::test]
async fn r_rt_3_a_worker_that_exits_or_babbles_before_it_is_ready_is_a_host_error_with_a_hint() {
    let dir = tempfile::tempdir().unwrap();
    let silent = not_a_worker(&dir, "exit 0");
    let error = run_with(silent, Duration::from_secs(30), &CancellationToken::new()).await;
    assert_eq!(error.kind, ErrorKind::Host);
    assert!(error.message.contains("exited before it was ready"), "{}", error.message);
    assert!(error.message.contains("run_if_worker"), "{}", error.message);

    let babbling = not_a_worker(&dir, "echo 'hello from main'; exec sleep 30");
    let error = run_with(babbling, Duration::from_secs(30), &CancellationToken::new()).await;
    assert_eq!(error.kind, ErrorKind::Host);
    assert!(error.message.contains("did not start (a frame of"), "{}", error.message);
    assert!(error.message.contains("run_if_worker"), "{}", error.message);
}

#[tokio::test]
async fn r_rt_3_cancellation_while_a_worker_starts_ends_the_run_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let program = not_a_worker(&dir, "exec sleep 30");
    let cancel = CancellationToken::new();
    let canceller = cancel.clone();
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(100)).await;
        canceller.cancel();
    });
    let started = Instant::now();
    let error = run_with(program, Duration::from_secs(30), &cancel).await;
    assert!(started.elapsed() < Duration::from_secs(2), "waited {:?}", started.elapsed());
    assert_eq!(error.kind, ErrorKind::Cancelled);
}
