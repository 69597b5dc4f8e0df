//! The CLI path end to end: the built `ordo` binary as a user runs it, beside Node.js measured in
//! the same run, each figure printed with its ratio.
//!
//! - Start-up: the wall time of `ordo run` of `return 0`, beside `node -e 1`. Goal: a tenth.
//!   Beside it, `ordo --version`: one start of the binary with nothing else, the floor that
//!   each of the two processes of a run (ordo and its worker) pays.
//! - A nested call: a script that awaits `tools.read_file` on a 6-byte file 2,000 times in
//!   sequence, beside a Node.js script that awaits `fs.promises.readFile` on the same file as
//!   often; each times its own loop. Goal: half of Node's.
//! - Context switches per nested call, counted by `perf stat -e context-switches` over the whole
//!   process tree (`ordo`, its worker): (a run of 2,000 calls − a run of none) / 2,000. Goal: 2.
//!
//! `cargo bench --bench cli_path` (the `dist` build, what is installed; `--profile release`
//! measures the lighter build that `cargo run --release` makes). Node.js and `perf` are optional: without one,
//! its figures are skipped with a message. Rounds alternate between the two sides, so a change in
//! the machine's load reaches both.

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Nested calls in the loop.
const CALLS: usize = 2_000;
/// Runs of each start-up, after `WARMUP` untimed ones (the binaries in the page cache).
const STARTS: usize = 30;
const WARMUP: usize = 3;
/// Rounds of each loop.
const LOOPS: usize = 5;

fn main() {
    let ordo = Path::new(env!("CARGO_BIN_EXE_ordo"));
    let scratch = tempfile::tempdir().expect("a scratch folder");
    let dir = scratch.path();
    let write = |name: &str, text: &str| std::fs::write(dir.join(name), text).expect("a file");
    write("six.txt", "hello\n");
    write("trivial.js", "return 0");
    write("loop.js", &ordo_loop(CALLS));
    write("empty_loop.js", &ordo_loop(0));
    write("loop.cjs", &node_loop(CALLS));
    let node = node_version();

    println!("ordo's CLI path, end to end ({} CPUs)", cpus());
    println!("  ordo: {}", ordo.display());
    match &node {
        Some(version) => println!("  node: {version}"),
        None => println!("  *** node not found: its figures are skipped"),
    }

    start_up(ordo, dir, node.is_some());
    nested_reads(ordo, dir, node.is_some());
    context_switches(ordo, dir, node.is_some());
}

/// A script that reads `six.txt` `calls` times and returns the loop's milliseconds.
fn ordo_loop(calls: usize) -> String {
    format!(
        "await tools.read_file({{ path: \"six.txt\" }});\n\
         const start = Date.now();\n\
         for (let i = 0; i < {calls}; i++) await tools.read_file({{ path: \"six.txt\" }});\n\
         return Date.now() - start;\n"
    )
}

/// The same loop in Node.js, printing its milliseconds.
fn node_loop(calls: usize) -> String {
    format!(
        "const fs = require(\"fs/promises\");\n\
         (async () => {{\n\
           await fs.readFile(\"six.txt\", \"utf8\");\n\
           const start = performance.now();\n\
           for (let i = 0; i < {calls}; i++) await fs.readFile(\"six.txt\", \"utf8\");\n\
           console.log(performance.now() - start);\n\
         }})();\n"
    )
}

fn start_up(ordo: &Path, dir: &Path, with_node: bool) {
    let mut ordo_times = Vec::with_capacity(STARTS);
    let mut bare_times = Vec::with_capacity(STARTS);
    let mut node_times = Vec::with_capacity(STARTS);
    for round in 0..WARMUP + STARTS {
        let ordo_time = timed(|| run(ordo, dir, &["run", "trivial.js"]));
        let bare_time = timed(|| run(ordo, dir, &["--version"]));
        let node_time = with_node.then(|| timed(|| run(Path::new("node"), dir, &["-e", "1"])));
        if round >= WARMUP {
            ordo_times.push(ordo_time);
            bare_times.push(bare_time);
            node_times.extend(node_time);
        }
    }
    println!("\nstart-up, wall time, median of {STARTS} (min):");
    let ordo_median = median(&mut ordo_times);
    println!("  ordo run (return 0)   {:7.2} ms ({:.2})", ms(ordo_median), ms(ordo_times[0]));
    let bare_median = median(&mut bare_times);
    println!("  ordo --version        {:7.2} ms ({:.2})", ms(bare_median), ms(bare_times[0]));
    if with_node {
        let node_median = median(&mut node_times);
        println!("  node -e 1             {:7.2} ms ({:.2})", ms(node_median), ms(node_times[0]));
        println!("  ratio ordo / node: {:.3} (goal ≤ 0.1)", ratio(ordo_median, node_median));
    }
}

fn nested_reads(ordo: &Path, dir: &Path, with_node: bool) {
    let mut ordo_times = Vec::with_capacity(LOOPS);
    let mut node_times = Vec::with_capacity(LOOPS);
    for _ in 0..LOOPS {
        let output = run(ordo, dir, &["run", "loop.js", "--timeout", "600000"]);
        ordo_times.push(per_call(&output));
        if with_node {
            node_times.push(per_call(&run(Path::new("node"), dir, &["loop.cjs"])));
        }
    }
    println!(
        "\n{CALLS} reads of a 6-byte file in sequence, each loop timed by itself, median of {LOOPS}:"
    );
    let ordo_median = median(&mut ordo_times);
    println!("  ordo tools.read_file (nested)   {:6.1} µs per call", us(ordo_median));
    if with_node {
        let node_median = median(&mut node_times);
        println!("  node fs.promises.readFile       {:6.1} µs per call", us(node_median));
        println!("  ratio ordo / node: {:.2} (goal ≤ 0.5)", ratio(ordo_median, node_median));
    }
}

fn context_switches(ordo: &Path, dir: &Path, with_node: bool) {
    let perf = |program: &Path, args: &[&str]| -> Option<f64> {
        let mut command = Command::new("perf");
        command.args(["stat", "-x", ",", "-e", "context-switches", "--"]).arg(program).args(args);
        let output = command.current_dir(dir).stdout(Stdio::null()).output().ok()?;
        let stderr = String::from_utf8_lossy(&output.stderr);
        let line = stderr.lines().find(|line| line.contains("context-switches"))?;
        line.split(',').next()?.trim().parse().ok()
    };
    let Some(empty) = perf(ordo, &["run", "empty_loop.js"]) else {
        println!("\n*** perf stat -e context-switches did not count: context switches skipped");
        return;
    };
    let mut per_call = Vec::with_capacity(LOOPS);
    for _ in 0..LOOPS {
        let full = perf(ordo, &["run", "loop.js", "--timeout", "600000"]).unwrap_or(f64::NAN);
        per_call.push((full - empty) / CALLS as f64);
    }
    per_call.sort_by(f64::total_cmp);
    println!("\ncontext switches per nested call (perf stat; {CALLS} calls − none, over {CALLS}):");
    println!(
        "  ordo tools.read_file        {:5.2} (median of {LOOPS}; goal ≤ 2)",
        per_call[LOOPS / 2]
    );
    if with_node
        && let (Some(full), Some(none)) = (
            perf(Path::new("node"), &["loop.cjs"]),
            perf(Path::new("node"), &["-e", "require(\"fs/promises\")"]),
        )
    {
        println!("  node fs.promises.readFile   {:5.2}", (full - none) / CALLS as f64);
    }
}

/// Runs `program` in `dir` to its end; panics with its stderr if it fails.
fn run(program: &Path, dir: &Path, args: &[&str]) -> Output {
    let output =
        Command::new(program).args(args).current_dir(dir).output().expect("the program starts");
    assert!(
        output.status.success(),
        "{} {args:?} failed: {}",
        program.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

fn timed(work: impl FnOnce() -> Output) -> Duration {
    let start = Instant::now();
    work();
    start.elapsed()
}

/// The loop's time per call, from the milliseconds the script printed.
fn per_call(output: &Output) -> Duration {
    let text = String::from_utf8_lossy(&output.stdout);
    let ms: f64 = text.trim().parse().unwrap_or_else(|_| panic!("milliseconds, not {text:?}"));
    Duration::from_secs_f64(ms / 1000.0 / CALLS as f64)
}

fn node_version() -> Option<String> {
    let output = Command::new("node").arg("--version").output().ok()?;
    output.status.success().then(|| String::from_utf8_lossy(&output.stdout).trim().to_owned())
}

fn cpus() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// Sorts `times` and gives the middle one.
fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn ratio(a: Duration, b: Duration) -> f64 {
    a.as_secs_f64() / b.as_secs_f64()
}

fn ms(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1e3
}

fn us(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1e6
}
