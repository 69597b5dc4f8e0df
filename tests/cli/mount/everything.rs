//! What mounted tools give scripts: declarations, values, errors, images, approvals.

use serde_json::{Value, json};

use super::{config, reference};
use crate::common::{Scratch, json, stderr};

fn scratch() -> Option<Scratch> {
    let scratch = Scratch::new();
    scratch.write("a.txt", "alpha\n");
    let servers = reference(&scratch)?;
    config(&scratch, servers);
    Some(scratch)
}

/// R-MCPM-2: every tool of server-everything is declared under `tools.everything`, and listed
/// as `everything__<tool>` in every provider format.
#[test]
fn r_mcpm_2_every_tool_of_a_mounted_server_is_declared_and_listed() {
    let Some(scratch) = scratch() else { return };
    let output = scratch.ordo(&["tools", "--mcp-config", "mcp.json"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let names: Vec<String> = json(&output)
        .as_array()
        .unwrap()
        .iter()
        .map(|tool| tool["name"].as_str().unwrap().to_owned())
        .collect();
    let everything: Vec<&String> =
        names.iter().filter(|name| name.starts_with("everything__")).collect();
    assert!(everything.len() >= 10, "{names:?}");
    assert!(names.contains(&"fs__read_text_file".to_owned()), "{names:?}");
    let output =
        scratch.ordo(&["tools", "--format", "ts", "--mcp-config", "mcp.json"]).output().unwrap();
    let ts = String::from_utf8_lossy(&output.stdout);
    assert!(ts.contains("  everything: {\n"), "{ts}");
    for name in &everything {
        let member = name.trim_start_matches("everything__");
        let method =
            if member.contains('-') { format!("\"{member}\"(") } else { format!("{member}(") };
        assert!(ts.contains(&method), "{member} is not declared:\n{ts}");
    }
    for format in ["openai", "anthropic", "openai-responses"] {
        let output = scratch
            .ordo(&["tools", "--format", format, "--mcp-config", "mcp.json"])
            .output()
            .unwrap();
        assert!(String::from_utf8_lossy(&output.stdout).contains("everything__echo"), "{format}");
    }
}

/// R-MCPM-3: values are the structured content, else the text (parsed when it is JSON);
/// an error result is a TOOL_ERROR with the server's message, named where the server said what
/// failed; images stay images.
#[test]
fn r_mcpm_3_scripts_get_structured_values_errors_and_images() {
    let Some(scratch) = scratch() else { return };
    scratch.write(
        "mounted.js",
        r#"
const echo = await tools.everything.echo({ message: "hi" });
const weather = await tools.everything["get-structured-content"]({ location: "New York" });
const file = await tools.fs.read_text_file({ path: "a.txt" });
let denied;
try { await tools.fs.read_text_file({ path: "/etc/passwd" }) } catch (e) { denied = e.code }
let missing;
try { await tools.fs.read_text_file({ path: "missing.txt" }) } catch (e) { missing = [e.code, e.name, e.tool] }
let invalid;
try { await tools.fs.read_text_file({ pth: "a.txt" }) } catch (e) { invalid = [e.code, e.message] }
const image = await tools.everything["get-tiny-image"]({});
return { echo, weather: Object.keys(weather).sort(), file: file.content, denied, missing, invalid,
         image: image.map(block => block.type) };
"#,
    );
    let output = scratch.ordo(&["run", "mounted.js", "--mcp-config", "mcp.json"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let value = json(&output);
    assert_eq!(value["echo"], "Echo: hi");
    assert_eq!(value["weather"], json!(["conditions", "humidity", "temperature"]));
    assert_eq!(value["file"], "alpha\n");
    assert_eq!(value["denied"], "TOOL_ERROR");
    // Issue 37: the server's ENOENT arrives named as the file tools name it, and errors name the
    // tool as the script called it.
    assert_eq!(value["missing"], json!(["TOOL_ERROR", "NotFound", "fs.read_text_file"]), "{value}");
    assert_eq!(value["invalid"][0], "INVALID_ARGUMENTS", "{value}");
    let message = value["invalid"][1].as_str().unwrap();
    assert!(message.contains("tools.fs.read_text_file") && !message.contains("fs__"), "{message}");
    assert!(value["image"].as_array().unwrap().contains(&json!("image")), "{value}");
}

/// R-MCPM-4: an untrusted server's tools that are not read-only ask first; the read-only ones
/// do not.
#[test]
fn r_mcpm_4_writes_of_an_untrusted_server_ask_first() {
    let Some(scratch) = scratch() else { return };
    scratch.write(
        "write.js",
        r#"try { await tools.fs.write_file({ path: "out.txt", content: "x" }); return "written" }
           catch (e) { return e.code }"#,
    );
    for (approve, expected) in [("no", json!("APPROVAL_REJECTED")), ("yes", json!("written"))] {
        let output = scratch
            .ordo(&["run", "write.js", "--mcp-config", "mcp.json", "--approve", approve])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        assert_eq!(json(&output), expected, "--approve {approve}");
    }
    assert_eq!(std::fs::read_to_string(scratch.path().join("out.txt")).unwrap(), "x");
}

/// One script calling every tool of server-everything, each with arguments of its declared
/// types: name → call.
const EVERY_TOOL: &str = r#"
const e = tools.everything;
const calls = {
  "echo": () => e.echo({ message: "tides" }),
  "get-annotated-message": () => e["get-annotated-message"]({ messageType: "error", includeImage: true }),
  "get-env": () => e["get-env"]({}),
  "get-resource-links": () => e["get-resource-links"]({ count: 2 }),
  "get-resource-reference": () => e["get-resource-reference"]({ resourceType: "Text", resourceId: 2 }),
  "get-structured-content": () => e["get-structured-content"]({ location: "Chicago" }),
  "get-sum": () => e["get-sum"]({ a: 2, b: 3 }),
  "get-tiny-image": () => e["get-tiny-image"]({}),
  "gzip-file-as-resource": () => e["gzip-file-as-resource"]({
    name: "hi.gz", data: "data:text/plain;base64,aGVsbG8=", outputType: "resource" }),
  "toggle-simulated-logging": () => e["toggle-simulated-logging"]({}),
  "toggle-subscriber-updates": () => e["toggle-subscriber-updates"]({}),
  "trigger-long-running-operation": () => e["trigger-long-running-operation"]({ duration: 0.3, steps: 3 }),
  "simulate-research-query": () => e["simulate-research-query"]({ topic: "tides" }),
};
const values = {};
for (const [name, call] of Object.entries(calls)) {
  try { values[name] = await call() } catch (error) { values[name] = { failed: [error.code, error.message] } }
}
// As text: the values exactly as the script got them (a result's media blocks would be passed on
// as blocks, which a_returned_image_* checks).
return JSON.stringify(values);
"#;

/// The blocks of `value` (a list of MCP content blocks) of type `kind`.
fn blocks<'a>(value: &'a Value, kind: &str) -> Vec<&'a Value> {
    let list = value.as_array().unwrap_or_else(|| panic!("not a list of blocks: {value}"));
    list.iter().filter(|block| block["type"] == kind).collect()
}

/// R-MCPM-3: every tool server-everything lists is callable from a script with its declared
/// types, and answers rightly; `simulate-research-query`, which requires a task (MCP
/// 2025-11-25), included. The script covers exactly the tools listed: a tool added in the
/// pinned version fails this test until it is called here too.
#[test]
fn r_mcpm_3_every_tool_of_server_everything_is_callable_with_its_declared_types() {
    let scratch = Scratch::new();
    let Some(mut servers) = reference(&scratch) else { return };
    servers["everything"]["env"] = json!({ "ORDO_TEST_MARK": "tides" });
    config(&scratch, servers);
    let output = scratch.ordo(&["tools", "--mcp-config", "mcp.json"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let mut listed: Vec<String> = json(&output)
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|tool| tool["name"].as_str()?.strip_prefix("everything__").map(str::to_owned))
        .collect();
    listed.sort();
    scratch.write("every.js", EVERY_TOOL);
    let output = scratch
        .ordo(&["run", "every.js", "--mcp-config", "mcp.json", "--approve", "yes"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let values: Value = serde_json::from_str(json(&output).as_str().unwrap()).unwrap();
    let mut called: Vec<String> = values.as_object().unwrap().keys().cloned().collect();
    called.sort();
    assert_eq!(called, listed, "the script must call exactly the tools server-everything lists");
    for (name, value) in values.as_object().unwrap() {
        assert!(value.get("failed").is_none(), "{name} failed: {value}");
    }
    let value = |name: &str| &values[name];
    let text =
        |name: &str| value(name).as_str().unwrap_or_else(|| panic!("{name}: {}", value(name)));

    assert_eq!(text("echo"), "Echo: tides");
    let annotated = value("get-annotated-message");
    assert_eq!(blocks(annotated, "text")[0]["text"], "Error: Operation failed", "{annotated}");
    assert_eq!(blocks(annotated, "text")[0]["annotations"]["priority"], 1.0);
    assert_eq!(blocks(annotated, "image").len(), 1, "{annotated}");
    assert_eq!(value("get-env")["ORDO_TEST_MARK"], "tides", "the server's env from mcp.json");
    assert_eq!(blocks(value("get-resource-links"), "resource_link").len(), 2);
    let reference = blocks(value("get-resource-reference"), "resource");
    assert_eq!(reference[0]["resource"]["uri"], "demo://resource/dynamic/text/2");
    assert_eq!(
        value("get-structured-content"),
        &json!({ "temperature": 36, "conditions": "Light rain / drizzle", "humidity": 82 })
    );
    assert_eq!(text("get-sum"), "The sum of 2 and 3 is 5.");
    let image = blocks(value("get-tiny-image"), "image");
    assert_eq!(image[0]["mimeType"], "image/png");
    assert!(image[0]["data"].as_str().unwrap().starts_with("iVBORw0KGgo"), "a PNG");
    let gzip = &blocks(value("gzip-file-as-resource"), "resource")[0]["resource"];
    assert_eq!(gzip["uri"], "demo://resource/session/hi.gz");
    assert_eq!(gzip["mimeType"], "application/gzip");
    let blob = gzip["blob"].as_str().unwrap();
    assert!(blob.starts_with("H4sI") && blob.ends_with("BQAAAA=="), "gzip of 5 bytes: {blob}");
    assert!(
        text("toggle-simulated-logging").starts_with("Started simulated, random-leveled logging")
    );
    assert!(text("toggle-subscriber-updates").starts_with("Started simulated resource updated"));
    assert_eq!(
        text("trigger-long-running-operation"),
        "Long running operation completed. Duration: 0.3 seconds, Steps: 3."
    );
    let report = text("simulate-research-query");
    assert!(report.starts_with("# Research Report: tides\n"), "{report}");
    assert!(report.contains("Stage 4: Generating report ✓"), "the task ran to its end: {report}");
}

/// R-MCPM-3: a call of a tool that requires a task, timed out, cancels its task with
/// `tasks/cancel`: the server answers that the task is cancelled (ordo logs its answer), and
/// the server stays usable.
#[test]
fn r_mcpm_3_a_timed_out_task_is_cancelled_at_the_server() {
    let scratch = Scratch::new();
    let Some(mut servers) = reference(&scratch) else { return };
    // The research takes four seconds; the call may take one.
    servers["everything"]["timeout_ms"] = json!(1000);
    config(&scratch, servers);
    scratch.write(
        "cancel.js",
        r#"let code; try { await tools.everything["simulate-research-query"]({ topic: "tides" }) }
           catch (e) { code = e.code }
           const after = await tools.everything.echo({ message: "after" });
           await tools.everything["trigger-long-running-operation"]({ duration: 0.5, steps: 1 });
           return { code, after }"#,
    );
    let output = scratch
        .ordo(&["run", "cancel.js", "--mcp-config", "mcp.json", "--approve", "yes"])
        .env("ORDO_LOG", "ordo::mcp::mount::task=debug")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(json(&output), json!({ "code": "TIMEOUT", "after": "Echo: after" }));
    let log = stderr(&output);
    let cancelled = log.lines().find(|line| line.contains("cancelled a task of an MCP server"));
    let cancelled = cancelled.unwrap_or_else(|| panic!("no tasks/cancel was answered:\n{log}"));
    assert!(cancelled.contains("server=\"everything\""), "{cancelled}");
    assert!(cancelled.contains("status=\"cancelled\""), "the server cancelled it: {cancelled}");
}

/// Issue 33: an image a mounted tool returned, returned by the script (anywhere in its value),
/// is an image, not base64 in JSON: `ordo run` refers to it by number and `--save-media`
/// writes it out as a file.
#[test]
fn a_returned_image_is_media_that_ordo_run_saves() {
    let Some(scratch) = scratch() else { return };
    scratch.write(
        "picture.js",
        r#"const blocks = await tools.everything["get-tiny-image"]({});
           return { caption: "tiny", picture: blocks.find(block => block.type === "image") }"#,
    );
    let output = scratch
        .ordo(&["run", "picture.js", "--mcp-config", "mcp.json", "--save-media", "media"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let value = json(&output);
    assert_eq!(
        value,
        json!({ "caption": "tiny", "picture": { "type": "image", "mimeType": "image/png", "media": 1 } })
    );
    let saved = std::fs::read(scratch.path().join("media/1.png")).unwrap();
    assert!(saved.starts_with(b"\x89PNG"), "a PNG file");
    assert!(
        stderr(&output).contains("saved #1 result.picture: image (image/png"),
        "{}",
        stderr(&output)
    );

    let output = scratch.ordo(&["run", "picture.js", "--mcp-config", "mcp.json"]).output().unwrap();
    assert!(stderr(&output).contains("--save-media DIR writes them out"), "{}", stderr(&output));
}

/// Issue 33: through `ordo mcp`, the image reaches the client as an image block after the
/// text, which says where it was; `structuredContent` refers to the block instead of carrying
/// its base64 again.
#[test]
fn a_returned_image_reaches_an_mcp_client_as_an_image_block() {
    let Some(scratch) = scratch() else { return };
    let code = r#"const blocks = await tools.everything["get-tiny-image"]({});
                  return { pictures: blocks.filter(block => block.type === "image") }"#;
    let arguments = json!({ "code": code }).to_string();
    let Some(seen) = crate::mcp::client::stdio(
        &scratch,
        &["--mcp-config", "mcp.json"],
        "call",
        &["run_code", &arguments],
        None,
    ) else {
        return;
    };
    let result = &seen["result"];
    let content = result["content"].as_array().unwrap();
    assert_eq!(content.len(), 2, "{result:#}");
    let text = content[0]["text"].as_str().unwrap();
    assert!(text.contains("#1 result.pictures[0]: image (image/png"), "{text}");
    assert_eq!(content[1]["type"], "image");
    assert_eq!(content[1]["mimeType"], "image/png");
    let data = content[1]["data"].as_str().unwrap();
    let structured = result["structuredContent"].to_string();
    assert!(!structured.contains(data), "the base64 travels once: {structured}");
    assert_eq!(result["structuredContent"]["result"]["pictures"][0]["media"], 1);
    assert_eq!(result["structuredContent"]["media"][0]["block"]["content"], 1, "{structured}");
}
