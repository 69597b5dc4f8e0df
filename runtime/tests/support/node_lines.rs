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
/// are `expected`.
#[track_caller]
pub(crate) fn assert_in_plain_boa(body: &str, expected: &[&str]) {
    let mut context = Context::default();
    assert_eq!(plain_boa::eval(&mut context, &format!("{body}\n'ran'")), "ran");
    if let Err(error) = context.run_jobs() {
        panic!("a promise job failed: {error}");
    }
    let seen = plain_boa::eval(&mut context, "out.join(\"\\n\")");
    assert_eq!(seen, expected.join("\n"));
}

/// Runs `body` in a worker and asserts the lines it pushed are `expected`.
pub(crate) async fn assert_in_worker(body: &str, expected: &[&str]) {
    let out = run_script::run(&format!("{body}\nreturn out.join(\"\\n\");")).await;
    assert_eq!(out, Value::from(expected.join("\n")));
}
