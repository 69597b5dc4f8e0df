//! End-to-end tests of the `ordo` binary.

use assert_cmd::Command;
use serde_json::Value;

fn ordo() -> Command {
    Command::cargo_bin("ordo").expect("the ordo binary is built for tests")
}

#[test]
fn tools_prints_the_schema_list_as_json() {
    for format in ["json", "openai", "openai-responses", "anthropic"] {
        let output = ordo().args(["tools", "--format", format]).output().unwrap();
        assert!(output.status.success(), "{format}: {output:?}");
        let listed: Value = serde_json::from_slice(&output.stdout).unwrap();
        assert!(listed.is_array(), "{format}: {listed}");
    }
}

#[test]
fn r_cli_4_a_bad_flag_is_a_usage_error() {
    let output = ordo().args(["tools", "--format", "yaml"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("invalid value 'yaml'"));
}
