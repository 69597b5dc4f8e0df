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

/// A worker program that appends a line to `starts` each time it is started, then runs `then`.
fn counted(dir: &tempfile::TempDir, then: &str) -> (PathBuf, PathBuf) {
    let starts = dir.path().join("starts");
    let program = not_a_worker(dir, &format!("echo started >> '{}'\n{then}", starts.display()));
    (program, starts)
}

fn starts(log: &std::path::Path) -> usize {
    std::fs::read_to_string(log).map_or(0, |text| text.lines().count())
}

fn runtime_of(program: PathBuf) -> Runtime {
    Runtime::new(RuntimeConfig {
        warm_workers: 0,
        ..RuntimeConfig::new(WorkerCommand::program(program))
    })
}

#[tokio::test]
async fn r_rt_3_a_prestarted_worker_serves_the_next_run_and_no_second_one_is_started() {
    let dir = tempfile::tempdir().unwrap();
    let worker = env!("CARGO_BIN_EXE_ordo-js-worker");
    let (program, log) = counted(&dir, &format!("exec '{worker}' \"$@\""));
    let runtime = runtime_of(program);
    runtime.prestart();
    runtime.prestart();
    let output = runtime
        .run(&Script::javascript("return 6 * 7"), &HostFunctions::new(), &CancellationToken::new())
        .await
        .unwrap();
    assert_eq!(output.result, serde_json::json!(42));
    assert_eq!(
        starts(&log),
        1,
        "the run took the prestarted worker; a second prestart did nothing"
    );
}

#[tokio::test]
async fn r_rt_3_a_prestart_that_fails_lets_the_run_start_its_own_and_say_why() {
    let dir = tempfile::tempdir().unwrap();
    let (program, log) = counted(&dir, "exit 0");
    let runtime = runtime_of(program);
    runtime.prestart();
    let error = runtime
        .run(&Script::javascript("return 1"), &HostFunctions::new(), &CancellationToken::new())
        .await
        .unwrap_err();
    assert_eq!(error.kind, ErrorKind::Host);
    assert!(error.message.contains("exited before it was ready"), "{}", error.message);
    assert_eq!(starts(&log), 2, "the prestart, then the run's own start");
}

/// A worker started by anything but a host of this crate has no limits handed to it, and
/// refuses to run rather than run unbounded (R-RT-3).
#[test]
fn r_rt_3_a_worker_started_without_its_limits_refuses_to_run() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_ordo-js-worker"))
        .arg(ordo_runtime::worker::WORKER_FLAG)
        .env_clear()
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("started without its limits (ORDO_WORKER_LIMITS)"), "{stderr}");
    assert!(output.stdout.is_empty(), "it never said Ready: {output:?}");
}
