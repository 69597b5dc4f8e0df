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

#[test]
fn r_rt_3_the_ordo_binary_serves_as_its_own_script_worker() {
    use std::io::Read;
    let mut worker = std::process::Command::new(assert_cmd::cargo::cargo_bin("ordo"))
        .arg(ordo_runtime::worker::WORKER_FLAG)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut length = [0u8; 4];
    worker.stdout.as_mut().unwrap().read_exact(&mut length).unwrap();
    let mut frame = vec![0u8; u32::from_le_bytes(length) as usize];
    worker.stdout.as_mut().unwrap().read_exact(&mut frame).unwrap();
    assert_eq!(
        serde_json::from_slice::<Value>(&frame).unwrap(),
        serde_json::json!({ "type": "ready" })
    );
    drop(worker.stdin.take());
    assert!(worker.wait().unwrap().success(), "a worker let go before any run exits cleanly");
}
