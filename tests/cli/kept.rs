//! `ordo run --state NAME` (issue 33): what one run `store`s, a later run given the same name
//! `load`s, from the state folder; without a name nothing is kept and `store` says how.

use serde_json::json;

use crate::common::{Scratch, json, stderr};

const COUNT: &str = "const runs = (load('runs') ?? 0) + 1; store('runs', runs); \
                     store('words', new Set(['a', 'b'])); return { runs, words: load('words') }";

#[test]
fn a_named_state_carries_values_from_run_to_run() {
    let scratch = Scratch::new();
    scratch.write("count.js", COUNT);
    let run = |name: &str| {
        let output = scratch
            .ordo(&["run", "count.js", "--state", name, "--state-dir", "state"])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        json(&output)
    };
    assert_eq!(run("tally"), json!({ "runs": 1, "words": ["a", "b"] }));
    assert_eq!(run("tally"), json!({ "runs": 2, "words": ["a", "b"] }));
    assert_eq!(run("other"), json!({ "runs": 1, "words": ["a", "b"] }), "names are apart");
}

#[test]
fn without_a_name_store_says_how_to_keep_and_a_full_state_refuses() {
    let scratch = Scratch::new();
    scratch.write("count.js", COUNT);
    let output = scratch.ordo(&["run", "count.js"]).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("run with --state NAME to keep values"),
        "{}",
        stderr(&output)
    );

    scratch.write(
        "big.js",
        "try { store('big', 'x'.repeat(100)) } catch (e) { return [e.name, e.message] }",
    );
    let output = scratch
        .ordo(&["run", "big.js", "--state", "s", "--state-dir", "state", "--state-quota", "50"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(
        json(&output),
        json!([
            "RangeError",
            "store(\"big\"): the value is 102 bytes of JSON and the state holds 0 bytes of its \
             50-byte quota; forget keys you no longer need with store(key, undefined)"
        ])
    );
}
