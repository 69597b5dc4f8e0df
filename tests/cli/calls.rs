//! `ordo calls` (R-CLI-2): the three input formats, the three output formats, results in model
//! order, and exit codes that do not depend on error results.

use serde_json::{Value, json};

use crate::common::{Scratch, json, stderr};

/// One step of three calls: a read, a call to an unknown tool, and arguments that are not JSON.
fn step(format: &str) -> String {
    let calls = [
        ("c1", "read_file", r#"{"path":"a.txt"}"#),
        ("c2", "nope", "{}"),
        ("c3", "read_file", "{oops"),
    ];
    let value: Value = match format {
        "ordo" => calls.iter().map(|(id, name, args)| json!({ "id": id, "name": name, "arguments": args })).collect(),
        "openai" => calls
            .iter()
            .map(|(id, name, args)| json!({ "id": id, "type": "function", "function": { "name": name, "arguments": args } }))
            .collect(),
        "anthropic" => {
            // Anthropic arguments are JSON values, so the third call's broken text cannot be
            // said; it becomes a read of a missing file instead.
            let blocks: Vec<Value> = calls
                .iter()
                .map(|(id, name, args)| {
                    let input = serde_json::from_str(args).unwrap_or(json!({ "path": "missing.txt" }));
                    json!({ "type": "tool_use", "id": id, "name": name, "input": input })
                })
                .collect();
            json!({ "role": "assistant", "content": [{ "type": "text", "text": "Reading." }, blocks[0], blocks[1], blocks[2]] })
        }
        _ => unreachable!(),
    };
    value.to_string()
}

#[test]
fn r_cli_2_the_three_input_formats_give_results_in_model_order() {
    for format in ["ordo", "openai", "anthropic"] {
        let scratch = Scratch::new();
        scratch.write("a.txt", "alpha\n");
        scratch.write("step.json", &step(format));
        let output = scratch.ordo(&["calls", "step.json"]).output().unwrap();
        assert_eq!(
            output.status.code(),
            Some(0),
            "{format}: error results do not change the exit code: {}",
            stderr(&output)
        );
        let results = json(&output);
        let ids: Vec<&str> =
            results.as_array().unwrap().iter().map(|r| r["id"].as_str().unwrap()).collect();
        assert_eq!(ids, ["c1", "c2", "c3"], "{format}");
        assert_eq!(results[0]["is_error"], false, "{format}: {results:#}");
        assert_eq!(results[0]["error"], Value::Null);
        assert!(
            results[0]["content"][0]["text"].as_str().unwrap().contains("alpha"),
            "{format}: {results:#}"
        );
        assert_eq!(results[1]["is_error"], true);
        assert_eq!(results[1]["error"]["code"], "TOOL_NOT_FOUND", "{format}: {results:#}");
        assert_eq!(results[2]["is_error"], true);
        let third = if format == "anthropic" { "TOOL_ERROR" } else { "INVALID_ARGUMENTS" };
        assert_eq!(results[2]["error"]["code"], third, "{format}: {results:#}");
        for result in results.as_array().unwrap() {
            let keys: Vec<&String> = result.as_object().unwrap().keys().collect();
            assert_eq!(keys, ["id", "name", "is_error", "content", "error"]);
        }
    }
}

#[test]
fn r_cli_2_provider_output_formats() {
    let scratch = Scratch::new();
    scratch.write("a.txt", "alpha\n");
    scratch.write("step.json", &step("ordo"));

    let output = scratch.ordo(&["calls", "step.json", "--format", "openai"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let messages = json(&output);
    assert_eq!(messages.as_array().unwrap().len(), 3);
    for (message, id) in messages.as_array().unwrap().iter().zip(["c1", "c2", "c3"]) {
        assert_eq!(message["role"], "tool");
        assert_eq!(message["tool_call_id"], id);
        assert!(message["content"].is_string());
    }

    let output = scratch.ordo(&["calls", "step.json", "--format", "anthropic"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let messages = json(&output);
    assert_eq!(messages.as_array().unwrap().len(), 1, "one user message holds every result");
    assert_eq!(messages[0]["role"], "user");
    let blocks = messages[0]["content"].as_array().unwrap();
    let ids: Vec<&str> =
        blocks.iter().map(|block| block["tool_use_id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["c1", "c2", "c3"]);
    assert_eq!(blocks[1]["is_error"], true);
}

#[test]
fn r_cli_2_calls_read_stdin() {
    let scratch = Scratch::new();
    let output = scratch
        .ordo(&["calls", "-"])
        .write_stdin(r#"[{"id":"x","name":"list_dir","arguments":"{}"}]"#)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(json(&output)[0]["is_error"], false);
}

#[test]
fn r_cli_4_malformed_steps_are_usage_errors_that_say_where() {
    let scratch = Scratch::new();
    for (input, expected) in [
        ("[{", "step.json: not JSON (line 1, column 2)"),
        (r#"[{"id":"a"}]"#, "step.json: call 0: missing `name`"),
        (r#"{"x":1}"#, "step.json: expected an array of calls"),
    ] {
        scratch.write("step.json", input);
        let output = scratch.ordo(&["calls", "step.json"]).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{input}");
        assert!(output.stdout.is_empty());
        assert!(stderr(&output).contains(expected), "{input}: {}", stderr(&output));
    }
    let output = scratch.ordo(&["calls", "absent.json"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn r_cli_6_without_a_terminal_or_a_flag_there_is_no_approval_channel() {
    let scratch = Scratch::new();
    scratch.write(
        "tools.toml",
        r#"
[[tool]]
name = "shout"
description = "Echoes its arguments."
parameters = { type = "object" }
command = ["cat"]
approval = "ask"
"#,
    );
    scratch.write("step.json", r#"[{"id":"a","name":"shout","arguments":"{\"x\":1}"}]"#);
    let run = |extra: &[&str]| {
        let mut args = vec!["calls", "step.json", "--tools", "tools.toml"];
        args.extend_from_slice(extra);
        let output = scratch.ordo(&args).output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        json(&output)[0].clone()
    };
    assert_eq!(run(&[])["error"]["code"], "APPROVAL_UNAVAILABLE");
    assert_eq!(run(&["--approve", "no"])["error"]["code"], "APPROVAL_REJECTED");
    let allowed = run(&["--approve", "yes"]);
    assert_eq!(allowed["is_error"], false, "{allowed:#}");
    assert!(allowed["content"][0]["text"].as_str().unwrap().contains("\"x\""), "{allowed:#}");
}
