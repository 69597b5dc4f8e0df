//! Scripts that push their lines to `out`, run in plain Boa (`plain_boa.rs`) and in ordo's
//! worker (`run_script.rs`) and compared with the lines Node 20 prints for the same script: the
//! tests of ordo's patches to the engine. A test file includes this alone.

#[path = "plain_boa.rs"]
pub(crate) mod plain_boa;

#[path = "run_script.rs"]
mod run_script;

use boa_engine::Context;
use serde_json::Value;

/// Runs `body` in plain Boa, then the promise jobs it left, and asserts the lines it pushed
/// are `expected`; then the same again with the body repeated (`assert_when_repeated`).
#[track_caller]
pub(crate) fn assert_in_plain_boa(body: &str, expected: &[&str]) {
    assert_in_plain_boa_once(body, expected);
    assert_when_repeated(body, expected);
}

/// `assert_in_plain_boa` without the repeated runs, for a body that changes the built-ins for
/// good (freezes one of their prototypes), so that a second run cannot see what the first did.
#[track_caller]
pub(crate) fn assert_in_plain_boa_once(body: &str, expected: &[&str]) {
    let mut context = Context::default();
    assert_eq!(plain_boa::eval(&mut context, &format!("{body}\n'ran'")), "ran");
    if let Err(error) = context.run_jobs() {
        panic!("a promise job failed: {error}");
    }
    let seen = plain_boa::eval(&mut context, "out.join(\"\\n\")");
    assert_eq!(seen, expected.join("\n"));
}

/// How many times a body is run from the same code: the first run fills the caches, the
/// second hits them.
const REPEATS: usize = 2;

/// Runs `body` as a function's body `REPEATS` times in one fresh context, then the promise
/// jobs they left, and asserts that every run pushed `expected`: the second and later runs go
/// through code whose inline caches, remembered transitions and parked frames the first run
/// filled, as a loop's later passes do, where a once-run test cannot look.
#[track_caller]
fn assert_when_repeated(body: &str, expected: &[&str]) {
    let mut context = Context::default();
    let code = format!(
        "const repeatedOuts = [];\n\
         function repeated() {{\n{body}\nreturn out;\n}}\n\
         for (let run = 0; run < {REPEATS}; run++) repeatedOuts.push(repeated());\n'ran'"
    );
    assert_eq!(plain_boa::eval(&mut context, &code), "ran");
    if let Err(error) = context.run_jobs() {
        panic!("a promise job of a repeated run failed: {error}");
    }
    for run in 0..REPEATS {
        let seen = plain_boa::eval(&mut context, &format!("repeatedOuts[{run}].join(\"\\n\")"));
        assert_eq!(seen, expected.join("\n"), "run {} of the same code", run + 1);
    }
}

/// Runs `body` in a worker and asserts the lines it pushed are `expected`; then, unless the
/// body awaits at its top level, runs it `REPEATS` times as a function's body in one worker
/// and asserts every run pushed them (ordo's built-ins are the worker's, not plain Boa's).
pub(crate) async fn assert_in_worker(body: &str, expected: &[&str]) {
    assert_in_worker_once(body, expected).await;
    if body.contains("await ") {
        return;
    }
    let outs = run_script::run(&format!(
        "function repeated() {{\n{body}\nreturn out.join(\"\\n\");\n}}\n\
         return Array.from({{ length: {REPEATS} }}, repeated);"
    ))
    .await;
    let expected = Value::from(expected.join("\n"));
    assert_eq!(outs, Value::from(vec![expected; REPEATS]), "runs of the same code");
}

/// `assert_in_worker` without the repeated runs (see `assert_in_plain_boa_once`).
pub(crate) async fn assert_in_worker_once(body: &str, expected: &[&str]) {
    let out = run_script::run(&format!("{body}\nreturn out.join(\"\\n\");")).await;
    assert_eq!(out, Value::from(expected.join("\n")));
}
