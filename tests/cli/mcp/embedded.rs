//! ordo's tools served over MCP from an embedder's own `main` (`examples/serve_mcp.rs`, built
//! by `cargo test` with the other examples), driven by the Python SDK's client: the tool set the
//! library assembles (`ordo::toolset`) is the one `ordo mcp` serves, approvals included.

use std::ffi::OsString;
use std::path::PathBuf;

use serde_json::json;

use super::client::stdio_server;
use crate::common::{Scratch, bin};

const TOOLS: &str = r#"
[[tool]]
name = "shout"
description = "Says its text loudly."
parameters = { type = "object", properties = { text = { type = "string" } } }
command = ["sh", "-c", "tr a-z A-Z | sed 's/.*\"TEXT\":\\(\"[^\"]*\"\\).*/\\1/'"]

[[tool]]
name = "guarded"
description = "Runs once a person allows it."
parameters = { type = "object" }
command = ["sh", "-c", "touch guarded.ran; echo '\"yes\"'"]
approval = "ask"
"#;

/// The example's binary, beside the `ordo` the tests run.
fn serve_mcp() -> PathBuf {
    let path = bin().parent().expect("the binary's folder").join("examples/serve_mcp");
    assert!(
        path.exists(),
        "{} is not built: run the tests with `cargo test`, which builds the examples (a run \
         filtered with --test builds none)",
        path.display()
    );
    path
}

#[test]
fn r_mcps_1_an_embedders_main_serves_the_assembled_tool_set_through_the_same_pipeline() {
    let scratch = Scratch::new();
    scratch.write("a.txt", "alpha\n");
    scratch.write("tools.toml", TOOLS);
    let server = [OsString::from(serve_mcp()), OsString::from("tools.toml")];

    let Some(listed) = stdio_server(&scratch, &server, "list", &[], None) else { return };
    let tools = listed["tools"].as_array().unwrap();
    assert_eq!(tools.len(), 1, "run_code alone, as ordo mcp lists it: {tools:#?}");
    let description = tools[0]["description"].as_str().unwrap();
    for declared in ["read_file(args: ReadFileArgs", "shout(", "guarded("] {
        assert!(description.contains(declared), "{declared} missing from {description}");
    }

    let code = "const file = await tools.read_file({ path: 'a.txt' });\n\
                const loud = await tools.shout({ text: file.content.trim() });\n\
                let guarded;\n\
                try { await tools.guarded({}); } catch (error) { guarded = error.code; }\n\
                return { loud, guarded };";
    let arguments = json!({ "code": code }).to_string();
    let seen = stdio_server(&scratch, &server, "call", &["run_code", &arguments], None).unwrap();
    let result = &seen["result"];
    assert_eq!(result["isError"], false, "{result:#}");
    assert_eq!(
        result["structuredContent"]["result"],
        json!({ "loud": "ALPHA", "guarded": "APPROVAL_UNAVAILABLE" }),
        "the file tools under their root, the manifest's command, its approval asked (no one to ask)"
    );
    assert!(!scratch.path().join("guarded.ran").exists(), "the guarded command never ran");
}
