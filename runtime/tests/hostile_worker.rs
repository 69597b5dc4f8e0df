//! A worker that lies (issue 17; R-RT-3, R-RT-4, R-RT-6): the script took the worker over, so
//! its frames are the attacker's. For each way of lying, and for a seeded random mix, the run
//! ends in a typed outcome within its deadline, every host call the worker made ends exactly
//! once (answered, or cancelled and dropped) before the run returns, the pool's replacement
//! worker answers the next run normally, and the lying process is gone.
//!
//! `harness = false`: started with the worker flag, this binary is the lying worker
//! (`tests/support/lying_worker.rs`); otherwise it runs every case (a name given as argument
//! runs the cases containing it). `ORDO_HOSTILE_MIX=N` sets the number of random mixes (24).

#[path = "../../tests/support/lying_worker.rs"]
mod lying_worker;

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use lying_worker::{Plan, Step, done, host_call, run_if_lying_worker};
use ordo_runtime::{
    ErrorKind, HostError, HostFunctions, LimitKind, Limits, RunOutcome, Runtime, RuntimeConfig,
    Script, WorkerCommand,
};
use serde_json::{Value, json};
use tokio_util::sync::CancellationToken;

/// The deadline of every hostile run.
const DEADLINE: Duration = Duration::from_secs(3);
/// Time allowed past it: killing and reaping, and the 2 s the host calls get to end.
const MARGIN: Duration = Duration::from_millis(3_500);

/// How each host call the worker made ended, by id: exactly one entry each is the invariant.
#[derive(Clone, Default)]
struct Ledger(Arc<Mutex<BTreeMap<u64, Vec<&'static str>>>>);

impl Ledger {
    fn note(&self, id: u64, what: &'static str) {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).entry(id).or_default().push(what);
    }

    /// Each call made has one ending; says how many were answered and how many dropped.
    fn check(&self) -> Result<String, String> {
        let calls = self.0.lock().unwrap_or_else(PoisonError::into_inner).clone();
        let mut answered = 0;
        for (id, events) in &calls {
            match events.as_slice() {
                ["made", "answered"] => answered += 1,
                ["made", "dropped"] => {}
                _ => return Err(format!("call {id} ended as {events:?}")),
            }
        }
        Ok(format!("{} host calls, each ended once ({answered} answered)", calls.len()))
    }
}

/// Notes how a call ended when dropped: answered if it got that far, else dropped.
struct Ending(Ledger, u64, &'static str);

impl Drop for Ending {
    fn drop(&mut self) {
        self.0.note(self.1, self.2);
    }
}

/// `echo` answers at once; `wait` waits for its signal; `stubborn` ignores it for 30 s.
fn host_functions(ledger: &Ledger) -> HostFunctions {
    let mut host = HostFunctions::new();
    for name in ["echo", "wait", "stubborn"] {
        let ledger = ledger.clone();
        host.insert(name, move |call: ordo_runtime::HostCall| {
            ledger.note(call.id, "made");
            let ending = Ending(ledger.clone(), call.id, "dropped");
            async move {
                // The whole guard moves in (not only the field set below), so it notes the
                // ending when the future ends or is dropped.
                let mut ending = ending;
                let answer = match name {
                    "echo" => Ok(call.args),
                    "wait" => {
                        call.signal.cancelled().await;
                        Err(HostError::new("stopped"))
                    }
                    _ => {
                        tokio::time::sleep(Duration::from_secs(30)).await;
                        Ok(Value::Null)
                    }
                };
                ending.2 = "answered";
                answer
            }
        });
    }
    host
}

/// What a case must end in.
#[derive(Clone, Debug)]
enum Expect {
    Returns(Value),
    Fails(ErrorKind, &'static str),
    /// Any typed outcome (the random mix).
    Ends,
}

struct Case {
    name: String,
    steps: Vec<Step>,
    expect: Expect,
    limits: fn(&mut Limits),
}

fn case(name: &str, steps: Vec<Step>, expect: Expect) -> Case {
    Case { name: name.to_owned(), steps, expect, limits: |_| {} }
}

fn crashed(message: &'static str) -> Expect {
    Expect::Fails(ErrorKind::Crashed, message)
}

fn frame_bytes(length: u32, body: &[u8]) -> Step {
    Step::Bytes([&length.to_le_bytes()[..], body].concat())
}

fn calls(name: &str, first: u64, count: u64) -> Step {
    Step::Calls { name: name.to_owned(), args: json!({ "n": 1 }), first, count }
}

fn cases() -> Vec<Case> {
    let hang = Step::SleepMs(60_000);
    let mut cases = vec![
        case(
            "a 4 GiB length prefix",
            vec![frame_bytes(u32::MAX, b""), hang.clone()],
            crashed("a frame of 4294967295 bytes is too large"),
        ),
        case(
            "invalid JSON",
            vec![frame_bytes(2, b"{x"), hang.clone()],
            crashed("broke the protocol"),
        ),
        case(
            "a frame cut in half, then the end",
            vec![frame_bytes(100, b"{\"type\":")],
            crashed("the stream ended inside a frame"),
        ),
        case(
            "a frame cut in half, then silence",
            vec![frame_bytes(100, b"{\"type\":"), hang.clone()],
            Expect::Fails(ErrorKind::Timeout, "deadline"),
        ),
        case(
            "silence after Ready",
            vec![hang.clone()],
            Expect::Fails(ErrorKind::Timeout, "deadline"),
        ),
        case(
            "Ready twice",
            vec![Step::Frame(json!({ "type": "ready" })), hang.clone()],
            crashed("said Ready twice"),
        ),
        case(
            "Done twice",
            vec![Step::Frame(done("1")), Step::Frame(done("2"))],
            Expect::Returns(json!(1)),
        ),
        case(
            "an answer to a call never made",
            vec![
                Step::Frame(json!({ "type": "host_reply", "id": 1, "result": { "Ok": 1 } })),
                hang.clone(),
            ],
            crashed("unknown variant `host_reply`"),
        ),
        case(
            "a call to a function that does not exist",
            vec![
                Step::Frame(host_call(1, "nope", json!({}))),
                Step::Read(1),
                Step::DoneWithLastRead,
            ],
            Expect::Returns(json!({ "type": "host_reply", "id": 1,
                "result": { "Err": { "name": "Error", "message": "there is no host function named \"nope\"", "data": {} } } })),
        ),
        case(
            "a call id used twice",
            vec![
                Step::Frame(host_call(7, "wait", json!({}))),
                Step::Frame(host_call(7, "echo", json!({}))),
                hang.clone(),
            ],
            crashed("used the call id 7 twice"),
        ),
        case(
            "calls left running when the worker says Done",
            vec![calls("wait", 1, 3), calls("stubborn", 4, 1), Step::Frame(done("true"))],
            Expect::Returns(json!(true)),
        ),
        case(
            "an exit with calls in flight",
            vec![calls("wait", 1, 5), Step::Exit(3)],
            crashed("exited with status 3"),
        ),
        case(
            "ten thousand calls as fast as it can",
            vec![calls("echo", 0, 10_000), Step::Read(10_000), Step::Frame(done("10000"))],
            Expect::Returns(json!(10_000)),
        ),
        case(
            "one call more than the limit",
            vec![calls("echo", 0, 10_001), hang.clone()],
            Expect::Fails(ErrorKind::Limit(LimitKind::HostCalls), "more than 10000 host calls"),
        ),
        case(
            "console output past its budget",
            vec![
                Step::Frame(
                    json!({ "type": "log", "level": "info", "text": "x".repeat(300 << 10) }),
                ),
                hang.clone(),
            ],
            crashed("more console output than its budget"),
        ),
        case(
            "a result past the output limit",
            vec![Step::Frame(done(&format!("\"{}\"", "x".repeat(5 << 20))))],
            crashed("a result of 5242882 bytes"),
        ),
        Case {
            name: "huge arguments held in flight".to_owned(),
            steps: vec![
                Step::Calls {
                    name: "wait".to_owned(),
                    // Three calls past the budget together, each well within a frame; small
                    // enough that a debug build under load parses them long before the deadline.
                    args: json!("x".repeat(3 << 20)),
                    first: 1,
                    count: 3,
                },
                hang,
            ],
            expect: Expect::Fails(ErrorKind::Limit(LimitKind::HostMemory), "past its budget"),
            limits: |limits| limits.host_memory_bytes = 8 << 20,
        },
        Case {
            name: "a frame of eight million tiny values".to_owned(),
            steps: vec![
                Step::Zeros { id: 1, name: "echo".to_owned(), count: 8_000_000 },
                Step::SleepMs(60_000),
            ],
            expect: crashed("a frame of 8000009 JSON values is too many"),
            limits: |limits| limits.host_memory_bytes = 64 << 20,
        },
    ];
    let mixes = std::env::var("ORDO_HOSTILE_MIX").ok().and_then(|n| n.parse().ok()).unwrap_or(24);
    cases.extend(
        (0..mixes).map(|seed| case(&format!("random mix {seed}"), mix(seed), Expect::Ends)),
    );
    cases
}

/// A seeded random mix of everything above, small enough to end by the deadline.
fn mix(seed: u64) -> Vec<Step> {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move |below: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % below
    };
    let names = ["echo", "wait", "stubborn", "nope"];
    (0..1 + next(12))
        .map(|_| match next(10) {
            0 => {
                Step::Frame(host_call(next(8), names[next(4) as usize], json!({ "k": next(100) })))
            }
            1 => Step::Calls {
                name: names[next(4) as usize].to_owned(),
                args: json!([]),
                first: next(50),
                count: next(200),
            },
            2 => Step::Read(next(3) as usize),
            3 => Step::SleepMs(next(200)),
            4 => Step::Frame(done(&next(1000).to_string())),
            5 => Step::Bytes((0..next(40)).map(|_| next(256) as u8).collect()),
            6 => frame_bytes([next(64), next(u64::from(u32::MAX))][next(2) as usize] as u32, b"{"),
            7 => Step::Frame(
                json!({ "type": "log", "level": "warn", "text": "x".repeat(next(5_000) as usize) }),
            ),
            8 => {
                let kind = ["ready", "done", "host_call", "bogus"][next(4) as usize];
                Step::Frame(json!({ "type": kind }))
            }
            _ => Step::Exit(next(4) as i32),
        })
        .collect()
}

/// Runs one case: the lying run, the next run on the same runtime, and what is left.
async fn run_case(case: &Case) -> Result<String, String> {
    let dir = tempfile::tempdir().map_err(|error| error.to_string())?;
    let pid_file = dir.path().join("pid");
    let honest = std::path::PathBuf::from(env!("CARGO_BIN_EXE_ordo-js-worker"));
    let mut plan = Plan::after_run(case.steps.clone());
    plan.pid_file = Some(pid_file.clone());
    plan.once = Some((dir.path().join("lied"), honest));
    let worker = WorkerCommand::current_exe().map_err(|error| error.to_string())?;
    let plan_file = dir.path().join("plan.json");
    plan.write_to(&plan_file).map_err(|error| error.to_string())?;
    let mut config = RuntimeConfig::new(worker.with_args([plan_file]));
    config.limits.deadline = DEADLINE;
    config.warm_workers = 1;
    (case.limits)(&mut config.limits);
    let runtime = Runtime::new(config);
    runtime.warm_up().await.map_err(|error| format!("warm-up: {error}"))?;

    let ledger = Ledger::default();
    let host = host_functions(&ledger);
    let started = Instant::now();
    let outcome =
        runtime.run(&Script::javascript("return 1"), &host, &CancellationToken::new()).await;
    let elapsed = started.elapsed();
    if elapsed > DEADLINE + MARGIN {
        return Err(format!("took {elapsed:?}"));
    }
    let made = ledger.check()?;
    let peak = peak_rss_mib();
    let shown = check_outcome(&outcome, &case.expect)?;

    let next =
        runtime.run(&Script::javascript("return 40 + 2"), &host, &CancellationToken::new()).await;
    if next.as_ref().map(|output| &output.result) != Ok(&json!(42)) {
        return Err(format!("the next run did not answer normally: {next:?}"));
    }
    gone(&pid_file).await?;
    Ok(format!("{shown}; {made}; {elapsed:.0?}; host peak {peak} MiB"))
}

fn check_outcome(outcome: &RunOutcome, expect: &Expect) -> Result<String, String> {
    let shown = match outcome {
        Ok(output) => format!("returned {}", output.result),
        Err(error) => {
            format!("{}: {}", error.kind, error.message.chars().take(90).collect::<String>())
        }
    };
    let matches = match (expect, outcome) {
        (Expect::Returns(value), Ok(output)) => &output.result == value,
        (Expect::Fails(kind, text), Err(error)) => {
            error.kind == *kind && error.message.contains(text)
        }
        (Expect::Ends, _) => true,
        _ => false,
    };
    if matches { Ok(shown) } else { Err(format!("expected {expect:?}, got {shown}")) }
}

/// This process's peak resident memory (`VmHWM`), in MiB.
fn peak_rss_mib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let line = status.lines().find(|line| line.starts_with("VmHWM:")).unwrap_or_default();
    line.split_whitespace().nth(1).and_then(|kib| kib.parse::<u64>().ok()).unwrap_or(0) / 1024
}

/// The lying worker is no longer running, nor waiting to be reaped.
async fn gone(pid_file: &std::path::Path) -> Result<(), String> {
    let pid = std::fs::read_to_string(pid_file).map_err(|error| format!("no pid: {error}"))?;
    let proc = std::path::PathBuf::from(format!("/proc/{}", pid.trim()));
    for _ in 0..60 {
        if !proc.exists() {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    Err(format!("the lying worker {} is still there", pid.trim()))
}

fn main() {
    run_if_lying_worker();
    let filter: Vec<String> =
        std::env::args().skip(1).filter(|arg| !arg.starts_with('-')).collect();
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build();
    let Ok(runtime) = runtime else { std::process::exit(2) };
    let mut failed = 0;
    let cases = cases();
    let chosen: Vec<&Case> = cases
        .iter()
        .filter(|case| {
            filter.is_empty() || filter.iter().any(|name| case.name.contains(name.as_str()))
        })
        .collect();
    println!("running {} hostile-worker cases", chosen.len());
    for case in chosen {
        match runtime.block_on(run_case(case)) {
            Ok(report) => println!("case {} ... ok ({report})", case.name),
            Err(problem) => {
                failed += 1;
                println!("case {} ... FAILED: {problem}", case.name);
            }
        }
    }
    println!("hostile worker: {failed} failed");
    std::process::exit(i32::from(failed > 0));
}
