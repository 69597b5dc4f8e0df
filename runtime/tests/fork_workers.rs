//! Workers forked from a fork server (`RuntimeConfig::fork_workers`, R-RT-3): each run still
//! gets a process no earlier script touched, the host's own child, under every limit a
//! spawned worker has; a fork server that dies is replaced, and a program that is not one gets
//! its workers spawned.
#![allow(clippy::unwrap_used)]

use std::collections::HashSet;
use std::os::unix::fs::PermissionsExt;
use std::path::PathBuf;
use std::time::Duration;

use ordo_runtime::{
    ErrorKind, HostFunctions, LimitKind, Runtime, RuntimeConfig, Script, WorkerCommand,
};
use serde_json::{Value, json};
use tokio_util::sync::CancellationToken;

/// Held by each test: they look at every child of the test process.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

const WORKER: &str = env!("CARGO_BIN_EXE_ordo-js-worker");

fn config(program: impl Into<PathBuf>) -> RuntimeConfig {
    let mut config = RuntimeConfig::new(WorkerCommand::program(program));
    config.fork_workers = true;
    config.warm_workers = 0;
    config.limits.memory_bytes = 256 << 20;
    config
}

async fn run(runtime: &Runtime, code: &str) -> ordo_runtime::RunOutcome {
    runtime.run(&Script::javascript(code), &HostFunctions::new(), &CancellationToken::new()).await
}

/// A child of this test process, as `/proc` shows it.
#[derive(Debug, Clone)]
struct Child {
    pid: u32,
    name: String,
    state: char,
    /// The `Seccomp:` line of its status: 2 when a filter is in force.
    seccomp: String,
    /// How many filters are in force (`Seccomp_filters:`).
    filters: String,
}

/// This process's children.
fn children() -> Vec<Child> {
    let me = std::process::id().to_string();
    let Ok(entries) = std::fs::read_dir("/proc") else { return Vec::new() };
    entries
        .flatten()
        .filter_map(|entry| {
            let pid: u32 = entry.file_name().to_str()?.parse().ok()?;
            let stat = std::fs::read_to_string(entry.path().join("stat")).ok()?;
            // pid (comm) state ppid ...
            let (head, rest) = stat.rsplit_once(") ")?;
            let mut fields = rest.split(' ');
            let state = fields.next()?.chars().next()?;
            if fields.next()? != me {
                return None;
            }
            let name = head.split_once(" (")?.1.to_owned();
            let status = std::fs::read_to_string(entry.path().join("status")).unwrap_or_default();
            let field = |key: &str| {
                let line = status.lines().find_map(|line| line.strip_prefix(key));
                line.unwrap_or_default().trim().to_owned()
            };
            let (seccomp, filters) = (field("Seccomp:"), field("Seccomp_filters:"));
            Some(Child { pid, name, state, seccomp, filters })
        })
        .collect()
}

/// Fork servers alive.
fn fork_servers() -> Vec<Child> {
    children()
        .into_iter()
        .filter(|child| child.name == "ordo-zygote" && child.state != 'Z')
        .collect()
}

/// Workers alive (not zombies), the fork server aside.
fn workers() -> Vec<Child> {
    children()
        .into_iter()
        .filter(|child| child.name == "ordo-js-worker" && child.state != 'Z')
        .collect()
}

/// Waits until no worker but the fork server is left, and no zombie.
async fn settled() {
    for _ in 0..200 {
        if children().iter().all(|child| child.name == "ordo-zygote") {
            return;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("workers left: {:?}", children());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn r_rt_3_a_forked_worker_is_touched_by_no_earlier_script() {
    let _alone = ONE_AT_A_TIME.lock().await;
    let runtime = Runtime::new(RuntimeConfig { warm_workers: 2, ..config(WORKER) });
    let first = run(
        &runtime,
        "globalThis.leak = 'secret'; Object.prototype.polluted = 1; \
         Array.prototype.push = () => -1; JSON.stringify = () => 'forged'; return Math.random()",
    )
    .await
    .unwrap();
    let mut randoms = HashSet::from([first.result.to_string()]);
    for _ in 0..4 {
        let next = run(
            &runtime,
            "const a = []; a.push(7); \
             return { leak: typeof leak, polluted: 'polluted' in {}, pushed: a.length, \
                      random: Math.random() }",
        )
        .await
        .unwrap();
        assert_eq!(next.result["leak"], "undefined", "{}", next.result);
        assert_eq!(next.result["polluted"], false, "{}", next.result);
        assert_eq!(next.result["pushed"], 1, "{}", next.result);
        // Each worker seeds its own generator: nothing random was drawn before the fork.
        assert!(randoms.insert(next.result["random"].to_string()), "{randoms:?}");
    }
    gone(runtime).await;
}

/// Drops `runtime`, and waits until its fork server and workers are gone too.
async fn gone(runtime: Runtime) {
    drop(runtime);
    for _ in 0..200 {
        if children().iter().all(|child| child.state == 'Z') {
            return;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("left after the runtime was dropped: {:?}", children());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn r_rt_3_each_run_is_a_new_child_of_the_host_under_the_filter_and_limits() {
    let _alone = ONE_AT_A_TIME.lock().await;
    let mut config = config(WORKER);
    config.limits.cpu_time = Duration::from_secs(7);
    let runtime = Runtime::new(config);
    let mut seen = HashSet::new();
    let mut servers = HashSet::new();
    for _ in 0..3 {
        let census = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let mut host = HostFunctions::new();
        let taken = std::sync::Arc::clone(&census);
        host.insert("census", move |_| {
            // Read while the worker runs (it is gone once the run is over).
            let alive = workers();
            let limits = alive.iter().map(|worker| {
                std::fs::read_to_string(format!("/proc/{}/limits", worker.pid)).unwrap_or_default()
            });
            *taken.lock().unwrap() = alive.iter().cloned().zip(limits).collect();
            async { Ok(Value::Null) }
        });
        let script = Script::javascript("await census(); return 1");
        let output = runtime.run(&script, &host, &CancellationToken::new()).await.unwrap();
        assert_eq!(output.result, json!(1));
        let during = census.lock().unwrap().clone();
        // No spares (warm_workers 0) and the last run's worker reaped: the one alive is this
        // run's.
        let [(worker, limits)] = during.as_slice() else {
            panic!("one worker expected: {during:?}")
        };
        assert!(seen.insert(worker.pid), "worker {} served two runs", worker.pid);
        // The fork server's filter, and its own that narrows it to a worker's.
        assert_eq!(worker.seccomp, "2", "the worker runs under seccomp filters");
        assert_eq!(worker.filters, "2", "{worker:?}");
        let cpu = limits.lines().find(|line| line.starts_with("Max cpu time")).unwrap_or_default();
        assert!(cpu.split_whitespace().any(|field| field == "7"), "{cpu}");
        let address =
            limits.lines().find(|line| line.starts_with("Max address space")).unwrap_or_default();
        assert!(address.contains(&(256u64 << 20).to_string()), "{address}");
        let [server] = fork_servers().try_into().unwrap();
        assert_eq!((server.seccomp.as_str(), server.filters.as_str()), ("2", "1"), "{server:?}");
        servers.insert(server.pid);
        settled().await;
    }
    assert_eq!(servers.len(), 1, "one fork server served every run");
    gone(runtime).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn r_rt_3_limits_end_forked_runs_as_they_end_spawned_ones() {
    let _alone = ONE_AT_A_TIME.lock().await;
    let mut limited = config(WORKER);
    limited.limits.cpu_time = Duration::from_secs(1);
    limited.limits.deadline = Duration::from_secs(20);
    let runtime = Runtime::new(limited);
    let cases = [
        ("function f() { return f() + 1 } f()", ErrorKind::Limit(LimitKind::Memory)),
        (
            "let o = {}; for (let i = 0; i < 200000; i++) o = { o }; JSON.stringify(o)",
            ErrorKind::Limit(LimitKind::Stack),
        ),
        ("while (true) {}", ErrorKind::Limit(LimitKind::Cpu)),
        ("return 'x'.repeat(5e6)", ErrorKind::Limit(LimitKind::Output)),
    ];
    for (code, kind) in cases {
        let error = run(&runtime, code).await.unwrap_err();
        assert_eq!(error.kind, kind, "{code}: {error}");
        assert_eq!(run(&runtime, "return 40 + 2").await.unwrap().result, json!(42));
        settled().await;
    }
    let deadline = Script::javascript("while (true) {}").with_deadline(Duration::from_millis(300));
    let host = HostFunctions::new();
    let error = runtime.run(&deadline, &host, &CancellationToken::new()).await.unwrap_err();
    assert_eq!(error.kind, ErrorKind::Timeout, "{error}");
    let cancel = CancellationToken::new();
    let canceller = cancel.clone();
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(200)).await;
        canceller.cancel();
    });
    let busy = Script::javascript("while (true) {}");
    let error = runtime.run(&busy, &host, &cancel).await.unwrap_err();
    assert_eq!(error.kind, ErrorKind::Cancelled, "{error}");
    settled().await;
    gone(runtime).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn r_rt_3_a_fork_server_that_died_is_started_again() {
    let _alone = ONE_AT_A_TIME.lock().await;
    let runtime = Runtime::new(config(WORKER));
    assert_eq!(run(&runtime, "return 1").await.unwrap().result, json!(1));
    let [first] = fork_servers().try_into().unwrap();
    // SAFETY: kill sends a signal to a process of this test.
    #[allow(unsafe_code)]
    let killed = unsafe { libc::kill(first.pid as libc::pid_t, libc::SIGKILL) };
    assert_eq!(killed, 0);
    assert_eq!(run(&runtime, "return 2").await.unwrap().result, json!(2));
    let [second] = fork_servers().try_into().unwrap();
    assert_ne!(first.pid, second.pid);
    gone(runtime).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn r_rt_3_a_program_that_is_not_a_fork_server_gets_its_workers_spawned() {
    let _alone = ONE_AT_A_TIME.lock().await;
    // A wrapper that hides the request to be a fork server: the worker starts as a plain one
    // and says `Ready` where the fork server's hello was expected.
    let dir = tempfile::tempdir().unwrap();
    let starts = dir.path().join("starts");
    let wrapper = dir.path().join("plain-worker.sh");
    std::fs::write(
        &wrapper,
        format!(
            "#!/bin/sh\necho started >> '{}'\nexec env -u ORDO_WORKER_ZYGOTE '{WORKER}' \"$@\"\n",
            starts.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).unwrap();
    let runtime = Runtime::new(config(wrapper));
    for n in 1..=3 {
        assert_eq!(run(&runtime, &format!("return {n}")).await.unwrap().result, json!(n));
    }
    let started = std::fs::read_to_string(&starts).unwrap().lines().count();
    assert_eq!(started, 4, "the fork server asked once, then one worker per run");
    assert!(fork_servers().is_empty());
    gone(runtime).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn r_rt_3_max_workers_counts_forked_workers_and_not_the_fork_server() {
    let _alone = ONE_AT_A_TIME.lock().await;
    let runtime = std::sync::Arc::new(Runtime::new(RuntimeConfig {
        warm_workers: 2,
        max_workers: Some(2),
        ..config(WORKER)
    }));
    let most = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let mut host = HostFunctions::new();
    let seen = std::sync::Arc::clone(&most);
    host.insert("pause", move |_| {
        seen.fetch_max(workers().len(), std::sync::atomic::Ordering::SeqCst);
        async {
            tokio::time::sleep(Duration::from_millis(50)).await;
            Ok(Value::Null)
        }
    });
    let runs: Vec<_> = (0..6)
        .map(|n| {
            let (runtime, host) = (std::sync::Arc::clone(&runtime), host.clone());
            tokio::spawn(async move {
                let script = Script::javascript(format!("await pause(); return {n}"));
                runtime.run(&script, &host, &CancellationToken::new()).await
            })
        })
        .collect();
    for (n, run) in runs.into_iter().enumerate() {
        assert_eq!(run.await.unwrap().unwrap().result, json!(n));
    }
    let most = most.load(std::sync::atomic::Ordering::SeqCst);
    assert!((1..=2).contains(&most), "{most} workers alive at once under a cap of 2");
    // Once the spares are ready (a worker just forked has the fork server's name for a moment).
    runtime.warm_up().await.unwrap();
    assert_eq!(fork_servers().len(), 1);
    let Ok(runtime) = std::sync::Arc::try_unwrap(runtime) else { panic!("runs still hold it") };
    gone(runtime).await;
}
