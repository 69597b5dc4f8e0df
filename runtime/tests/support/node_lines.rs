//! Scripts that push their lines to `out`, run in plain Boa (`plain_boa.rs`) and in ordo's
//! worker (`run_script.rs`) and compared with the lines Node 20 prints for the same script: the
//! tests of ordo's patches to the engine. A test file includes this alone.

#[path = "plain_boa.rs"]
pub(crate) mod plain_boa;

#[path = "run_script.rs"]
mod run_script;

use boa_engine::Context;
use serde_json::Value;

/// Runs `body` in plain Boa and asserts the lines it pushed are `expected`.
#[track_caller]
pub(crate) fn assert_in_plain_boa(body: &str, expected: &[&str]) {
    let seen = plain_boa::eval(&mut Context::default(), &format!("{body}\nout.join(\"\\n\")"));
    assert_eq!(seen, expected.join("\n"));
}

/// Runs `body` in a worker and asserts the lines it pushed are `expected`.
pub(crate) async fn assert_in_worker(body: &str, expected: &[&str]) {
    let out = run_script::run(&format!("{body}\nreturn out.join(\"\\n\");")).await;
    assert_eq!(out, Value::from(expected.join("\n")));
}
