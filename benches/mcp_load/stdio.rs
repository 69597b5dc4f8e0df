//! The warm round trip of `ordo mcp` over stdio, beside `ordo run` of the same script: back
//! to back (the run's fixed cost, issue 30.5: the worker that replaces a used one is made
//! while the next call runs), and with a pause before each call (the call alone).

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::json;

use super::exited_within;
use super::jsonrpc::{StdioServer, percentile};

/// Calls made before the timed ones, for the pool and the caches to settle.
const STDIO_WARMUP: usize = 20;
const STDIO_CALLS: usize = 200;
/// Calls made after the back-to-back ones, each after [`PAUSE`].
const SPACED_CALLS: usize = 50;
const PAUSE: Duration = Duration::from_millis(5);
/// What issue 30.5 asks of the back-to-back median.
const GOAL: Duration = Duration::from_micros(1500);
/// `ordo run`s made before the timed ones (the binary in the page cache).
const RUN_WARMUP: usize = 3;
const RUNS: usize = 30;

/// The stdio round trip and `ordo run`, in percentiles.
pub(crate) struct StdioReport {
    p50: Duration,
    p99: Duration,
    /// The median of the calls made after a pause.
    spaced_p50: Duration,
    /// CPU time of the server and everything it started (its workers, its fork server), per
    /// call, from its start to its exit.
    cpu_per_call: Duration,
    run_p50: Duration,
}

impl StdioReport {
    pub(crate) fn summary(&self) -> String {
        let goal = if self.p50 <= GOAL { "met" } else { "NOT met" };
        format!(
            "stdio round trip (warm): p50 {:.2} ms, p99 {:.2} ms over {STDIO_CALLS} calls back \
             to back (goal p50 <= {:.1} ms: {goal}); {SPACED_CALLS} calls {} ms apart: p50 \
             {:.2} ms; CPU per call (server, workers, fork server) {:.2} ms; ordo run: p50 \
             {:.2} ms over {RUNS} runs; ratio {:.1}x",
            ms(self.p50),
            ms(self.p99),
            ms(GOAL),
            PAUSE.as_millis(),
            ms(self.spaced_p50),
            ms(self.cpu_per_call),
            ms(self.run_p50),
            self.run_p50.as_secs_f64() / self.p50.as_secs_f64()
        )
    }
}

fn ms(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}

pub(crate) fn stdio_round_trip(
    ordo: &Path,
    scratch: &Path,
    problems: &mut Vec<String>,
) -> StdioReport {
    let cpu_before = children_cpu();
    let mut server = StdioServer::start(ordo, scratch, &[]);
    let mut times = Vec::with_capacity(STDIO_CALLS);
    let mut spaced = Vec::with_capacity(SPACED_CALLS);
    for n in 0..STDIO_WARMUP + STDIO_CALLS + SPACED_CALLS {
        if n >= STDIO_WARMUP + STDIO_CALLS {
            std::thread::sleep(PAUSE);
        }
        let start = Instant::now();
        let reply = server.run_code("return 0");
        let elapsed = start.elapsed();
        if reply["result"]["isError"] != json!(false) {
            problems.push(format!("a stdio call of `return 0` failed: {reply}"));
            break;
        }
        if n >= STDIO_WARMUP + STDIO_CALLS {
            spaced.push(elapsed);
        } else if n >= STDIO_WARMUP {
            times.push(elapsed);
        }
    }
    // The end of its input ends the server.
    let mut server = server.close();
    if !exited_within(&mut server, Duration::from_secs(5)) {
        problems
            .push("ordo mcp (stdio) did not exit within 5 s of the end of its input".to_owned());
    }
    let calls = (STDIO_WARMUP + STDIO_CALLS + SPACED_CALLS) as u32;
    let cpu_per_call = children_cpu().saturating_sub(cpu_before) / calls;
    times.sort();
    spaced.sort();

    let mut runs = Vec::with_capacity(RUNS);
    for n in 0..RUN_WARMUP + RUNS {
        let start = Instant::now();
        let output = Command::new(ordo)
            .current_dir(scratch)
            .args(["run", "zero.js"])
            .env_remove("ORDO_LOG")
            .stdin(Stdio::null())
            .output()
            .expect("cannot start ordo run");
        let elapsed = start.elapsed();
        if !output.status.success() {
            problems.push(format!(
                "ordo run zero.js failed ({}): {}",
                output.status,
                String::from_utf8_lossy(&output.stderr)
            ));
            break;
        }
        if n >= RUN_WARMUP {
            runs.push(elapsed);
        }
    }
    runs.sort();
    StdioReport {
        p50: percentile(&times, 0.5),
        p99: percentile(&times, 0.99),
        spaced_p50: percentile(&spaced, 0.5),
        cpu_per_call,
        run_p50: percentile(&runs, 0.5),
    }
}

/// The CPU time (user and system) of this process's children that have exited and been waited
/// for, and of theirs: a server's, once it is reaped, holds its workers' and its fork server's.
#[allow(unsafe_code)]
fn children_cpu() -> Duration {
    // SAFETY: an all-zero rusage is valid; getrusage fills it.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: getrusage writes only the rusage it is given.
    if unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) } != 0 {
        return Duration::ZERO;
    }
    let time = |value: libc::timeval| {
        Duration::from_secs(value.tv_sec.unsigned_abs())
            + Duration::from_micros(value.tv_usec.unsigned_abs())
    };
    time(usage.ru_utime) + time(usage.ru_stime)
}
