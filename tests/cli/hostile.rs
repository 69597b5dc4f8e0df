//! Hostile scripts against the host (R-RT-6, R-LOG-6), each reproduction as an attacker wrote
//! it, each bound measured from outside the `ordo` process: its peak resident memory (the
//! kernel's high-water mark, read while it runs), its wall time, the size of its session log.
//! The script workers are other processes; what is measured here is what a script can make the
//! host itself hold.

use std::process::Output;
use std::time::{Duration, Instant};

use crate::common::{Scratch, stderr};

/// The host's budget for what a run makes it hold (Limits::host_memory_bytes), in KiB: the
/// host's whole peak must stay under it.
const BUDGET_KIB: u64 = 256 << 10;

/// What one run of `ordo` cost the host.
struct Measured {
    output: Output,
    peak_kib: u64,
    elapsed: Duration,
}

/// Runs `ordo ARGS` in `scratch`, sampling its peak resident memory until it exits.
fn measure(scratch: &Scratch, args: &[&str]) -> Measured {
    let started = Instant::now();
    let child = scratch.spawn(args);
    let status = format!("/proc/{}/status", child.id());
    let sampling = std::thread::spawn(move || {
        let mut peak = 0;
        while let Ok(text) = std::fs::read_to_string(&status) {
            let hwm = text
                .lines()
                .find_map(|line| line.strip_prefix("VmHWM:"))
                .and_then(|value| value.trim().trim_end_matches("kB").trim().parse::<u64>().ok());
            // A zombie has no memory left to report; the last live reading stands.
            match hwm {
                Some(kib) => peak = peak.max(kib),
                None => break,
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        peak
    });
    let output = child.wait_with_output().unwrap();
    let elapsed = started.elapsed();
    let peak_kib = sampling.join().unwrap();
    Measured { output, peak_kib, elapsed }
}

/// Route 1: empty console lines were charged nothing; in 8 s a script made the host keep 6.5
/// million entries (9.4 GB).
#[test]
fn r_rt_6_empty_console_lines_for_eight_seconds_keep_the_host_small() {
    let scratch = Scratch::new();
    scratch.write(
        "flood.js",
        "const e = Date.now() + 8000; while (Date.now() < e) console.log(); return 1",
    );
    let run = measure(&scratch, &["run", "flood.js", "--timeout", "30000"]);
    assert_eq!(run.output.status.code(), Some(0), "{}", stderr(&run.output));
    assert!(run.peak_kib < BUDGET_KIB, "host peak {} KiB", run.peak_kib);
    let lines = run.output.stderr.iter().filter(|byte| **byte == b'\n').count();
    assert!(lines <= 4_200, "{lines} console lines reached stderr");
    eprintln!("route 1: host peak {} KiB, {lines} lines, {:?}", run.peak_kib, run.elapsed);
}

/// Route 2: thousands of reads of a 256 KiB file, never awaited, then a spin: the host buffered
/// every answer for a worker that was not reading (4.65 GB for 3,000 calls).
#[test]
fn r_rt_6_thousands_of_unread_answers_keep_the_host_small() {
    let scratch = Scratch::new();
    scratch.write("big.txt", &format!("{}\n", "x".repeat(250 << 10)));
    scratch.write(
        "unread.js",
        "for (let i = 0; i < 3000; i++) tools.read_file({ path: 'big.txt' });\n\
         const e = Date.now() + 3000; while (Date.now() < e) {}\n\
         return 'spun'",
    );
    let run =
        measure(&scratch, &["run", "unread.js", "--timeout", "30000", "--session", "s.jsonl"]);
    assert_eq!(run.output.status.code(), Some(0), "{}", stderr(&run.output));
    assert!(run.peak_kib < BUDGET_KIB, "host peak {} KiB", run.peak_kib);
    let log = std::fs::metadata(scratch.path().join("s.jsonl")).unwrap().len();
    assert!(log < 16 << 20, "the session log holds {log} bytes");
    eprintln!("route 2: host peak {} KiB, log {log} bytes, {:?}", run.peak_kib, run.elapsed);
}

/// Route 6: a thousand reads of a 256 KiB file logged 1.57 GB; each result is now a preview.
#[test]
fn r_log_6_repeated_large_reads_leave_a_small_log() {
    let scratch = Scratch::new();
    scratch.write("big.txt", &format!("{}\n", "y".repeat(250 << 10)));
    scratch.write(
        "reads.js",
        "for (let i = 0; i < 200; i++) await tools.read_file({ path: 'big.txt' }); return 'read'",
    );
    let run = measure(&scratch, &["run", "reads.js", "--timeout", "60000", "--session", "s.jsonl"]);
    assert_eq!(run.output.status.code(), Some(0), "{}", stderr(&run.output));
    let log = std::fs::metadata(scratch.path().join("s.jsonl")).unwrap().len();
    assert!(log < 1 << 20, "200 reads of 250 KiB logged {log} bytes");
    eprintln!("route 6: log {log} bytes, host peak {} KiB, {:?}", run.peak_kib, run.elapsed);
}

/// Route 7: a path of four million `sub/../` cost the host 11 s of CPU and 766 MB, past
/// `--timeout 2000`; a glob of 100,000 `*` panicked in the glob library, printing a backtrace.
/// (Two million here: four million no longer fits a frame, and the script gets a RangeError.)
#[test]
fn r_rt_6_huge_paths_and_globs_end_within_the_deadline_without_a_panic() {
    let scratch = Scratch::new();
    scratch.write("sub/a.txt", "a");
    scratch.write(
        "huge.js",
        "const out = [];\n\
         try { await tools.read_file({ path: 'sub/../'.repeat(2e6) + 'a.txt' }) } catch (e) { out.push(e.code) }\n\
         try { await tools.read_file({ path: 'sub/../'.repeat(4e6) }) } catch (e) { out.push(e.name) }\n\
         try { await tools.search_files({ pattern: 'a', glob: '*'.repeat(1e5) }) } catch (e) { out.push(e.code) }\n\
         return out",
    );
    let run = measure(&scratch, &["run", "huge.js", "--timeout", "2000"]);
    // Either the calls are refused in time, or the deadline ends the run as TIMEOUT (a debug
    // build moves the 28 MB argument slowly): never more than the deadline and a margin.
    assert!(run.elapsed < Duration::from_millis(2000 + 2000), "took {:?}", run.elapsed);
    assert!(run.peak_kib < BUDGET_KIB, "host peak {} KiB", run.peak_kib);
    assert!(run.output.stderr.len() < 4096, "no backtrace: {}", stderr(&run.output));
    match run.output.status.code() {
        Some(0) => {
            let codes: serde_json::Value = serde_json::from_slice(&run.output.stdout).unwrap();
            assert_eq!(codes, serde_json::json!(["DENIED", "RangeError", "INVALID_ARGUMENTS"]));
        }
        Some(1) => assert!(stderr(&run.output).starts_with("TIMEOUT: "), "{}", stderr(&run.output)),
        other => panic!("exit {other:?}: {}", stderr(&run.output)),
    }
    eprintln!("route 7: host peak {} KiB, {:?}", run.peak_kib, run.elapsed);
}

/// Route 8: a script that starts many small reads without awaiting them, then awaits them all,
/// stalled until its deadline past about 7,800 calls. The host stops answering while the worker
/// leaves 1 MiB of answers unread; once the worker read them, no frame came (it was waiting
/// for the rest), and the host never looked at the drained pipe again. Each run here ends in
/// its result or a limit, well before its deadline of 60 s.
fn unawaited_reads(count: u32, size: usize) -> Output {
    let scratch = Scratch::new();
    scratch.write("small.txt", &"s".repeat(size));
    scratch.write(
        "many.js",
        &format!(
            "const reads = [];\n\
             for (let i = 0; i < {count}; i++) reads.push(tools.read_file({{ path: 'small.txt' }}));\n\
             const done = await Promise.all(reads);\n\
             return done.filter((read) => read.content.length === {size}).length"
        ),
    );
    let run = measure(&scratch, &["run", "many.js", "--timeout", "60000"]);
    eprintln!("route 8, {count} reads of {size} bytes: {:?}", run.elapsed);
    assert!(!stderr(&run.output).contains("TIMEOUT"), "{}", stderr(&run.output));
    run.output
}

#[test]
fn r_rt_6_ten_thousand_unawaited_small_reads_complete() {
    let output = unawaited_reads(10_000, 6);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(String::from_utf8_lossy(&output.stdout).trim(), "10000");
}

#[test]
fn r_rt_6_three_thousand_unawaited_reads_of_a_kilobyte_complete() {
    let output = unawaited_reads(3_000, 1024);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(String::from_utf8_lossy(&output.stdout).trim(), "3000");
}

#[test]
fn r_rt_6_fifty_thousand_unawaited_small_reads_end_at_the_host_call_limit() {
    let output = unawaited_reads(50_000, 6);
    assert_eq!(output.status.code(), Some(1));
    let said = stderr(&output);
    assert!(said.contains("limit(host_calls)"), "{said}");
}
