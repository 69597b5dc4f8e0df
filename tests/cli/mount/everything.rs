//! What mounted tools give scripts: declarations, values, errors, images, approvals.

use serde_json::json;

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
/// an error result is a TOOL_ERROR with the server's message; images stay images.
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
const image = await tools.everything["get-tiny-image"]({});
return { echo, weather: Object.keys(weather).sort(), file: file.content, denied,
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
