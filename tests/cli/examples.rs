//! The scripts in `examples/` run from the repository root and exit 0, as the README says
//! (R-CLI-1); each returns what its comment promises.

use std::path::Path;

use serde_json::Value;

use crate::common::{bin, stderr};

/// `ordo run ARGS` from the repository root; its stdout, after checking it exited 0.
fn run_example_text(args: &[&str]) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let output = assert_cmd::Command::new(bin())
        .current_dir(root)
        .arg("run")
        .args(args)
        .env_remove("ORDO_LOG")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{args:?}: {}", stderr(&output));
    String::from_utf8(output.stdout).unwrap()
}

fn run_example(args: &[&str]) -> Value {
    serde_json::from_str(&run_example_text(args)).unwrap()
}

#[test]
fn examples_summarize_folder() {
    // It reads the first 20 lines of each file on purpose: nothing to note (issue 33).
    let output = assert_cmd::Command::new(bin())
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["run", "examples/summarize_folder.js", "--", "tools/src"])
        .env_remove("ORDO_LOG")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(!stderr(&output).contains("cut"), "no notes: {}", stderr(&output));
    let value = run_example(&["examples/summarize_folder.js"]);
    assert_eq!(value["folder"], "examples", "{value:#}");
    let files = value["files"].as_array().unwrap();
    let count = files.iter().find(|file| file["file"] == "count_matches.js").unwrap();
    assert!(
        count["about"].as_str().unwrap().starts_with("Count where a regex matches"),
        "{value:#}"
    );
    let value = run_example(&["examples/summarize_folder.js", "--", "tools/src"]);
    let files = value["files"].as_array().unwrap();
    assert!(files.iter().any(|file| file["file"] == "registry.rs"), "{value:#}");
    assert!(files.iter().all(|file| file["lines"].as_u64().unwrap() > 0));
}

#[test]
fn examples_count_matches_with_an_input_file() {
    let report = run_example_text(&[
        "examples/count_matches.js",
        "--input",
        "@examples/query.json",
        "--raw",
    ]);
    let (first, rest) = report.split_once('\n').unwrap();
    assert!(first.contains(r" matches of /await tools\.\w+/ in "), "{report}");
    assert!(first.ends_with(" files in examples (*.{js,ts})"), "{report}");
    assert!(rest.lines().any(|line| line.ends_with("  examples/word_count.js")), "{report}");
}

#[test]
fn examples_public_api() {
    let value = run_example(&["examples/public_api.js"]);
    let crates = value["crates"].as_array().unwrap();
    assert!(crates.iter().any(|entry| entry["crate"] == "tools"), "{value:#}");
}

#[test]
fn examples_largest_files_in_typescript() {
    let value = run_example(&["examples/largest_files.ts"]);
    assert_eq!(value["largest"].as_array().unwrap().len(), 5, "{value:#}");
}

#[test]
fn examples_denied() {
    let value = run_example(&["examples/denied.js"]);
    let outcomes: Vec<&str> =
        value.as_array().unwrap().iter().map(|entry| entry["outcome"].as_str().unwrap()).collect();
    assert_eq!(outcomes, ["denied", "denied", "not offered", "allowed"], "{value:#}");
    let written = run_example(&["examples/denied.js", "--allow-write", "target"]);
    assert_eq!(written[2]["outcome"], "allowed", "{written:#}");
}

#[test]
fn examples_word_count_with_a_manifest() {
    let value = run_example(&["examples/word_count.js", "--tools", "examples/tools.toml"]);
    assert!(value["total_words"].as_u64().unwrap() > 100, "{value:#}");
    assert!(value["system"]["cpus"].as_u64().unwrap() >= 1, "{value:#}");
}
