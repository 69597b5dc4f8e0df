//! The cost of a run and of a host call, through worker processes and in process (R-RT
//! benchmark). Everything is measured in one run, so the figures compare as ratios.
//!
//! Every run is driven from a task of its own (`tokio::spawn`) on a multi-thread tokio runtime
//! with a worker thread per core, as ordo's scheduler runs a tool call; the script calls one
//! host function, `echo`, which answers with its argument.
//!
//! - `process/warm_trivial_run`: `return 1` through a worker process taken from a warm pool
//!   (`warm_workers` = 2). Before each timed run the pool is refilled, untimed. The run includes
//!   everything `Runtime::run` waits for: taking the worker, sending the script, the worker
//!   parsing and running it, `Done`. What the runtime keeps off that path is off it here too:
//!   the worker's seccomp filter and engine warm-up (done before it says `Ready`), starting its
//!   replacement (when the run is over: on a small machine a refill competes with the run for
//!   the CPU), reaping the finished worker (in the background).
//! - `process/host_call_sequential_100`: 100 `await echo(i)` one after another, warm as above;
//!   (this − `warm_trivial_run`) / 100 is the round trip of one host call. Both sides poll
//!   briefly for the other's answer rather than sleep (`POLL_FOR` in `host/run.rs`): on a
//!   machine whose idle CPUs sleep, as a small VM's do, each wake-up would cost tens of µs.
//! - `process/host_call_sequential_1000`: the same with 1,000 calls. (this − `…_100`) / 900 is
//!   the marginal round trip, free of what a run costs once whatever its calls: starting the
//!   script, the first call (the driver is not polling for it yet), the end of the run (where
//!   the pool starts the run's replacement, which on a small machine competes with the caller
//!   for the CPU: see `Pool::take`).
//! - `process/host_call_promise_all_100`: `await Promise.all` of 100 echo calls, warm as above.
//! - `process/host_call_sequential_100_driver_not_spawned`: the sequential calls driven on the
//!   thread that blocks on the benchmark (criterion's `block_on`) instead of a tokio worker
//!   thread: what the thread hand-offs of a host call cost when the driver is alone on its
//!   thread.
//! - `process/warm_trivial_run_back_to_back`: warm runs one after another without waiting for
//!   the pool: what a caller that keeps the runtime busy sees once the refills fall behind.
//! - `process/cold_run`: `return 1` with `warm_workers` = 0, so every run spawns its worker.
//! - `in_process/*`: the same runs with `RuntimeConfig::in_process()`: an engine thread and a
//!   fresh Boa context per run, messages over channels instead of pipes. The warm runs take
//!   their engine thread from the pool (`warm_workers` = 1, refilled untimed before each run);
//!   `in_process/cold_run` starts its thread and builds its context in the run.
//!
//! A run that returns another result than expected panics; a run that fails is counted, timed
//! with the others, and reported on stderr after its benchmark (`… runs FAILED …`).
//!
//! Not a timing: first, the resident memory of idle warm workers (started as the runtime starts
//! them and alive together, read from `/proc/<pid>/status` and `smaps_rollup` once they said
//! `Ready`) and their time from spawn to `Ready` are printed on stderr. This runs whatever
//! benchmark filter is given.
//!
//! Run with `cargo bench -p ordo-runtime --bench runtime`. Cargo builds the package's binaries
//! for its benchmarks (as for its integration tests), so this also builds `ordo-js-worker`, with
//! the bench profile, into `target/release/`, and passes its path to the benchmark in
//! `CARGO_BIN_EXE_ordo-js-worker`. The benchmark stops with a message saying how to build it if
//! the binary is missing there (e.g. the benchmark executable was copied elsewhere).

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_main};
use ordo_runtime::sandbox::{ProcessLimits, WORKER_LIMITS_VARIABLE, worker_limits};
use ordo_runtime::worker::WORKER_FLAG;
use ordo_runtime::{HostFunctions, Runtime, RuntimeConfig, Script, WorkerCommand};
use serde_json::{Value, json};
use tokio_util::sync::CancellationToken;

/// How many idle workers the memory report keeps started at once, as a warm pool does.
const MEMORY_SAMPLES: usize = 4;

const TRIVIAL: &str = "return 1";
const SEQUENTIAL_100: &str =
    "let sum = 0; for (let i = 0; i < 100; i++) sum += await echo(i); return sum";
const SEQUENTIAL_1000: &str =
    "let sum = 0; for (let i = 0; i < 1000; i++) sum += await echo(i); return sum";
const PROMISE_ALL_100: &str = "const all = await Promise.all(Array.from({ length: 100 }, (_, i) => echo(i))); return all.length";

/// The worker binary cargo built for this benchmark, or `ORDO_BENCH_WORKER`: one built from
/// another commit, so that two engines are compared in one run (the in-process figures are
/// always this build's).
fn worker_binary() -> PathBuf {
    let path = std::env::var_os("ORDO_BENCH_WORKER")
        .map_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_ordo-js-worker")), PathBuf::from);
    assert!(
        path.is_file(),
        "the worker binary {} is missing: build it with \
         `cargo build --release -p ordo-runtime --bin ordo-js-worker`, or run the benchmark \
         through `cargo bench -p ordo-runtime --bench runtime`, which builds it",
        path.display()
    );
    path
}

/// A script, the runtime it runs on, the result it must give, and the runs that failed.
///
/// A run that gives another result panics; a run that fails is counted, timed with the others,
/// and reported on stderr when its benchmark is done (a failing runtime is a finding, and
/// should not hide the figures of the other benchmarks).
struct Case {
    runtime: Runtime,
    script: Script,
    host: HostFunctions,
    expected: Value,
    runs: AtomicU64,
    failures: Mutex<(u64, Option<String>)>,
}

impl Case {
    fn new(runtime: &Runtime, code: &str, expected: Value) -> Arc<Self> {
        let mut host = HostFunctions::new();
        host.insert("echo", |call| async move { Ok(call.args) });
        let (runtime, script) = (runtime.clone(), Script::javascript(code));
        let (runs, failures) = (AtomicU64::new(0), Mutex::new((0, None)));
        Arc::new(Self { runtime, script, host, expected, runs, failures })
    }

    /// One run in a task of its own, as ordo's scheduler runs a tool call: the driver of the
    /// run is on a tokio worker thread, not on the thread blocked on the benchmark.
    async fn run(self: &Arc<Self>) {
        let case = Arc::clone(self);
        tokio::spawn(async move { case.run_here().await }).await.expect("the run does not panic");
    }

    /// One run on the calling task.
    async fn run_here(&self) {
        self.runs.fetch_add(1, Ordering::Relaxed);
        match self.runtime.run(&self.script, &self.host, &CancellationToken::new()).await {
            Ok(output) => assert_eq!(output.result, self.expected, "{:?}", self.script.code),
            Err(error) => {
                let mut failures = self.failures.lock().expect("not poisoned");
                failures.0 += 1;
                failures.1.get_or_insert_with(|| error.to_string());
            }
        }
    }

    /// Says on stderr how many runs of benchmark `id` failed, if any did.
    fn report_failures(&self, id: &str) {
        let (count, first) = &*self.failures.lock().expect("not poisoned");
        if let Some(first) = first {
            let runs = self.runs.load(Ordering::Relaxed);
            eprintln!(
                "{id}: {count} of {runs} runs FAILED (timed with the rest); the first: {first}"
            );
        }
    }
}

/// The scripts every isolation runs: name, code, result.
fn scripts() -> [(&'static str, &'static str, Value); 4] {
    [
        ("trivial", TRIVIAL, json!(1)),
        ("host_call_sequential_100", SEQUENTIAL_100, json!(4950)),
        ("host_call_sequential_1000", SEQUENTIAL_1000, json!(499_500)),
        ("host_call_promise_all_100", PROMISE_ALL_100, json!(100)),
    ]
}

/// Times `case` on a warm pool: before each timed run the pool is refilled, untimed.
async fn timed_on_full_pool(case: &Arc<Case>, iters: u64, spawned: bool) -> Duration {
    let mut total = Duration::ZERO;
    for _ in 0..iters {
        case.runtime.warm_up().await.expect("the warm engines start");
        let started = Instant::now();
        if spawned {
            case.run().await;
        } else {
            case.run_here().await;
        }
        total += started.elapsed();
    }
    total
}

fn process(c: &mut Criterion) {
    // A multi-thread runtime with a worker thread per core, as ordo's.
    let tokio = tokio::runtime::Runtime::new().expect("a tokio runtime");
    let worker = WorkerCommand::program(worker_binary());
    let warm =
        Runtime::new(RuntimeConfig { warm_workers: 2, ..RuntimeConfig::new(worker.clone()) });
    let cold = Runtime::new(RuntimeConfig { warm_workers: 0, ..RuntimeConfig::new(worker) });
    tokio.block_on(warm.warm_up()).expect("the warm workers start");

    let mut group = c.benchmark_group("process");
    // The untimed refill before each warm run takes longer than the run: a short warm-up keeps
    // the benchmark's wall time reasonable.
    group
        .sample_size(50)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    for (name, code, expected) in scripts() {
        let name = if name == "trivial" { "warm_trivial_run" } else { name };
        let case = Case::new(&warm, code, expected);
        group.bench_function(name, |b| {
            b.to_async(&tokio).iter_custom(|iters| timed_on_full_pool(&case, iters, true));
        });
        case.report_failures(&format!("process/{name}"));
    }
    // The same sequential calls with the driver on the thread that blocks on the benchmark
    // (criterion's `block_on`) instead of in a spawned task: how much thread hand-offs cost.
    let sequential = Case::new(&warm, SEQUENTIAL_100, json!(4950));
    group.bench_function("host_call_sequential_100_driver_not_spawned", |b| {
        b.to_async(&tokio).iter_custom(|iters| timed_on_full_pool(&sequential, iters, false));
    });
    sequential.report_failures("process/host_call_sequential_100_driver_not_spawned");
    let back_to_back = Case::new(&warm, TRIVIAL, json!(1));
    group.bench_function("warm_trivial_run_back_to_back", |b| {
        b.to_async(&tokio).iter(|| back_to_back.run());
    });
    back_to_back.report_failures("process/warm_trivial_run_back_to_back");
    let cold = Case::new(&cold, TRIVIAL, json!(1));
    group.bench_function("cold_run", |b| b.to_async(&tokio).iter(|| cold.run()));
    cold.report_failures("process/cold_run");
    group.finish();
}

fn in_process(c: &mut Criterion) {
    let tokio = tokio::runtime::Runtime::new().expect("a tokio runtime");
    let warm = Runtime::new(RuntimeConfig::in_process());
    let cold = Runtime::new(RuntimeConfig { warm_workers: 0, ..RuntimeConfig::in_process() });
    let mut group = c.benchmark_group("in_process");
    group.sample_size(50).measurement_time(Duration::from_secs(5));
    for (name, code, expected) in scripts() {
        let name = if name == "trivial" { "warm_trivial_run" } else { name };
        let case = Case::new(&warm, code, expected);
        group.bench_function(name, |b| {
            b.to_async(&tokio).iter_custom(|iters| timed_on_full_pool(&case, iters, true));
        });
        case.report_failures(&format!("in_process/{name}"));
    }
    let cold = Case::new(&cold, TRIVIAL, json!(1));
    group.bench_function("cold_run", |b| b.to_async(&tokio).iter(|| cold.run()));
    cold.report_failures("in_process/cold_run");
    group.finish();
}

/// Prints the resident memory of idle warm workers and their time to `Ready` (not a timing
/// benchmark: it registers none). The workers are alive together, as in a warm pool, so the
/// pages they share (the binary's code, the C library) are counted once in their `Pss`;
/// `Private_Dirty` is what each further worker costs on its own.
fn idle_worker_memory(_c: &mut Criterion) {
    let worker = worker_binary();
    let mut started: Vec<(Child, Duration, Duration)> =
        (0..MEMORY_SAMPLES).map(|_| start_idle_worker(&worker)).collect();
    // Idle for a moment, as a warm worker is, before looking.
    std::thread::sleep(Duration::from_millis(100));
    let mut samples: Vec<IdleWorker> = started
        .iter()
        .map(|(child, spawn, ready)| IdleWorker::read(child.id(), *spawn, *ready))
        .collect();
    for (child, _, _) in &mut started {
        child.kill().expect("the worker is killed");
        child.wait().expect("the worker is reaped");
    }
    samples.sort_by_key(|sample| sample.rss_kib);
    let median = &samples[samples.len() / 2];
    let mib = |kib: u64| kib as f64 / 1024.0;
    eprintln!(
        "idle_worker_memory: median of {MEMORY_SAMPLES} idle workers alive together: \
         VmRSS {:.1} MiB (RssAnon {:.1} MiB, RssFile {:.1} MiB), Pss {:.1} MiB, \
         Private_Dirty {:.1} MiB, VmSize {:.1} MiB, {} threads",
        mib(median.rss_kib),
        mib(median.anon_kib),
        mib(median.file_kib),
        mib(median.pss_kib),
        mib(median.private_dirty_kib),
        mib(median.size_kib),
        median.threads,
    );
    let each = |value: &dyn Fn(&IdleWorker) -> String| {
        samples.iter().map(value).collect::<Vec<_>>().join(", ")
    };
    eprintln!(
        "idle_worker_memory: VmRSS of each, MiB: {}; `spawn()` blocked the caller, ms: {}; \
         spawn to Ready, ms: {}",
        each(&|sample| format!("{:.1}", mib(sample.rss_kib))),
        each(&|sample| format!("{:.2}", sample.spawn.as_secs_f64() * 1e3)),
        each(&|sample| format!("{:.2}", sample.ready.as_secs_f64() * 1e3)),
    );
}

/// Starts a worker as the runtime does (same flag, environment and rlimits) and waits for its
/// `Ready` frame; returns it, how long `spawn` blocked (until `exec`), and how long until
/// `Ready`.
fn start_idle_worker(worker: &Path) -> (Child, Duration, Duration) {
    let limits = RuntimeConfig::in_process().limits;
    let limits = ProcessLimits {
        address_space: Some(limits.memory_bytes),
        cpu_time: Some(limits.cpu_time),
        ..ProcessLimits::default()
    };
    let mut command = Command::new(worker);
    command
        .arg(WORKER_FLAG)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .env_clear()
        .env("TZ", "UTC")
        .env("MALLOC_ARENA_MAX", "1")
        // As the host hands them over: the worker sets its own limits first thing, and refuses
        // to run without them.
        .env(WORKER_LIMITS_VARIABLE, worker_limits(&limits));
    let started = Instant::now();
    let mut child = command.spawn().expect("the worker starts");
    let spawn = started.elapsed();
    let stdout = child.stdout.as_mut().expect("a piped stdout");
    let mut length = [0u8; 4];
    stdout.read_exact(&mut length).expect("the worker writes a frame");
    let mut body = vec![0u8; u32::from_le_bytes(length) as usize];
    stdout.read_exact(&mut body).expect("the worker writes a whole frame");
    let ready = started.elapsed();
    let frame: Value = serde_json::from_slice(&body).expect("the frame is JSON");
    assert_eq!(frame, json!({ "type": "ready" }), "the worker's first frame");
    (child, spawn, ready)
}

/// What one idle worker holds, from `/proc/<pid>/status` and `/proc/<pid>/smaps_rollup`.
struct IdleWorker {
    rss_kib: u64,
    anon_kib: u64,
    file_kib: u64,
    size_kib: u64,
    pss_kib: u64,
    private_dirty_kib: u64,
    threads: u64,
    spawn: Duration,
    ready: Duration,
}

impl IdleWorker {
    fn read(pid: u32, spawn: Duration, ready: Duration) -> Self {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("its status");
        let rollup =
            std::fs::read_to_string(format!("/proc/{pid}/smaps_rollup")).expect("its smaps_rollup");
        Self {
            rss_kib: field(&status, "VmRSS:"),
            anon_kib: field(&status, "RssAnon:"),
            file_kib: field(&status, "RssFile:"),
            size_kib: field(&status, "VmSize:"),
            pss_kib: field(&rollup, "Pss:"),
            private_dirty_kib: field(&rollup, "Private_Dirty:"),
            threads: field(&status, "Threads:"),
            spawn,
            ready,
        }
    }
}

/// The number after `key` on its line of a `/proc` file (kB for sizes); 0 if absent.
fn field(text: &str, key: &str) -> u64 {
    text.lines()
        .find_map(|line| line.strip_prefix(key))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|number| number.parse().ok())
        .unwrap_or(0)
}

/// criterion's macro makes an undocumented public function.
#[allow(missing_docs)]
mod harness {
    criterion::criterion_group!(
        benches,
        super::idle_worker_memory,
        super::process,
        super::in_process
    );
}

criterion_main!(harness::benches);
