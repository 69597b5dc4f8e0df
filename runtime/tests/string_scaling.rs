//! The string built-ins ordo installs (`engine/strings`) cost time linear in their input, as the
//! specification's algorithms do (R-RT-2): each operation runs at 1×, 2×, 4× and 8× an input
//! size, inside the worker, timed by the script itself (best of three), and no doubling may
//! cost more than 2.5× (a step under the noise floor passes). Boa 0.22's own `split`,
//! `indexOf` from a position and `replaceAll` are quadratic: 8× the input cost them 40–64×.
//!
//! This is a test of growth, not of speed: the figures for speed are in the benchmarks.
#![allow(clippy::unwrap_used)] // test helpers outside #[test] fns unwrap too

use ordo_runtime::{HostFunctions, Runtime, RuntimeConfig, Script, WorkerCommand};
use tokio_util::sync::CancellationToken;

/// A step whose slower time is under this many milliseconds is noise, not growth.
const FLOOR_MS: f64 = 40.0;
/// How much one doubling of the input may cost.
const GROWTH: f64 = 2.5;

/// Each operation: a name, and the code that times it on `text` (`n` lines of 40 characters,
/// built before the clock starts) and returns the best of three in milliseconds.
const OPERATIONS: [(&str, &str); 8] = [
    ("split on a string", "text.split(\"\\n\").length"),
    ("split on a string, limited", "text.split(\"\\n\", n / 2).length"),
    (
        "indexOf from each match",
        "(() => { let at = -1, count = 0; while ((at = text.indexOf(\"\\n\", at + 1)) !== -1) count++; return count; })()",
    ),
    (
        "lastIndexOf from each match",
        "(() => { let at = text.length, count = 0; while (at > 0 && (at = text.lastIndexOf(\"\\n\", at - 1)) !== -1) count++; return count; })()",
    ),
    (
        "includes from a position",
        "(() => { let found = 0; for (let k = 0; k < 300; k++) if (text.includes(\"#\", (k * 7919) % text.length)) found++; return found; })()",
    ),
    ("replaceAll with a string", "text.replaceAll(\"\\n\", \" | \").length"),
    ("replaceAll with a function", "text.replaceAll(\"line\", (m, at) => at % 10).length"),
    ("replaceAll with $ patterns", "text.replaceAll(\"line\", \"[$&]\").length"),
];

fn script(operation: &str, lines: usize) -> String {
    format!(
        "const n = {lines};
         const text = Array.from({{ length: n }}, (_, i) => `line ${{String(i).padStart(8, '0')}} of the input text`).join('\\n') + (n % 2 ? '#' : '');
         let best = Infinity;
         for (let round = 0; round < 3; round++) {{
           const start = Date.now();
           void ({operation});
           best = Math.min(best, Date.now() - start);
         }}
         return best;"
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn r_rt_2_string_built_ins_grow_linearly_with_their_input() {
    let worker = WorkerCommand::program(env!("CARGO_BIN_EXE_ordo-js-worker"));
    let runtime = Runtime::new(RuntimeConfig { warm_workers: 1, ..RuntimeConfig::new(worker) });
    let mut failures = Vec::new();
    for (name, operation) in OPERATIONS {
        let mut times = Vec::new();
        for lines in [6_000, 12_000, 24_000, 48_000] {
            let out = runtime
                .run(
                    &Script::javascript(script(operation, lines)),
                    &HostFunctions::new(),
                    &CancellationToken::new(),
                )
                .await
                .unwrap_or_else(|error| panic!("{name} at {lines} lines: {error}"));
            times.push(out.result.as_f64().unwrap());
        }
        eprintln!("{name}: {times:?} ms at 1×, 2×, 4×, 8×");
        for pair in times.windows(2) {
            if pair[1] >= FLOOR_MS && pair[1] > GROWTH * pair[0].max(FLOOR_MS / GROWTH) {
                failures.push(format!("{name}: {times:?} ms at 1×, 2×, 4×, 8×"));
                break;
            }
        }
    }
    assert!(failures.is_empty(), "super-linear:\n{}", failures.join("\n"));
}
