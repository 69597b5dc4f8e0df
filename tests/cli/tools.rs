//! `ordo tools` (R-CLI-3) and the binary as its own script worker (R-RT-3).

use std::io::Read;

use ordo_runtime::sandbox::ProcessLimits;
use serde_json::{Value, json};

use crate::common::{Scratch, bin, json, stderr};

#[test]
fn r_cli_3_tools_prints_every_tool_in_each_format() {
    let scratch = Scratch::new();
    for format in ["json", "openai", "openai-responses", "anthropic"] {
        let output =
            scratch.ordo(&["tools", "--format", format, "--allow-write", "out"]).output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{format}: {}", stderr(&output));
        let listed = json(&output);
        let text = listed.to_string();
        for name in ["read_file", "write_file", "list_dir", "search_files", "run_code"] {
            assert!(text.contains(&format!("\"{name}\"")), "{format} lists {name}: {listed:#}");
        }
    }
    let output = scratch.ordo(&["tools"]).output().unwrap();
    let first = &json(&output)[0];
    let keys: Vec<&String> = first.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["name", "description", "parameters"], "exactly what a model sees");
}

#[test]
fn r_cli_3_tools_prints_the_typescript_declarations_scripts_use() {
    let scratch = Scratch::new();
    let output = scratch.ordo(&["tools", "--format", "ts"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("read_file("), "{text}");
    assert!(!text.contains("run_code("), "scripts cannot call run_code: {text}");
}

#[test]
fn r_cli_5_tools_lists_a_manifests_tools() {
    let scratch = Scratch::new();
    scratch.write(
        "tools.toml",
        r#"
[[tool]]
name = "word_count"
description = "Counts words."
parameters = { type = "object", properties = { text = { type = "string" } }, required = ["text"] }
command = ["wc", "-w"]
"#,
    );
    let output = scratch.ordo(&["tools", "--tools", "tools.toml"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let listed = json(&output);
    let tool = listed.as_array().unwrap().iter().find(|tool| tool["name"] == "word_count").unwrap();
    assert_eq!(tool["parameters"]["required"], json!(["text"]));
}

#[test]
fn r_cli_4_a_bad_format_is_a_usage_error() {
    let scratch = Scratch::new();
    let output = scratch.ordo(&["tools", "--format", "yaml"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("invalid value 'yaml'"));
}

#[test]
fn r_rt_3_the_ordo_binary_serves_as_its_own_script_worker() {
    // A worker takes its limits from its host, here this test.
    let limits = ordo_runtime::sandbox::worker_limits(&ProcessLimits::default());
    let mut worker = std::process::Command::new(bin())
        .arg(ordo_runtime::worker::WORKER_FLAG)
        .env(ordo_runtime::sandbox::WORKER_LIMITS_VARIABLE, limits)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut length = [0u8; 4];
    worker.stdout.as_mut().unwrap().read_exact(&mut length).unwrap();
    let mut frame = vec![0u8; u32::from_le_bytes(length) as usize];
    worker.stdout.as_mut().unwrap().read_exact(&mut frame).unwrap();
    assert_eq!(serde_json::from_slice::<Value>(&frame).unwrap(), json!({ "type": "ready" }));
    drop(worker.stdin.take());
    assert!(worker.wait().unwrap().success(), "a worker let go before any run exits cleanly");
}
