//! A catalog too large to declare (R-MCPM-6): 300 tools on a fixture server. `run_code`'s
//! description stays under the budget, and a script finds and calls a tool with `$search` and
//! `$describe`.

use serde_json::json;

use super::config;
use crate::common::{Scratch, json, stderr};
use crate::mcp::client::python;

#[test]
fn r_mcpm_6_a_large_catalog_is_listed_and_searched_not_declared() {
    let Some(python) = python() else { return };
    let scratch = Scratch::new();
    let fixture = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/mcp/fixture_server.py");
    config(
        &scratch,
        json!({ "big": {
            "command": python.to_str().unwrap(),
            "args": [fixture, "--catalog", "300"],
            "approval": "never"
        } }),
    );
    let output = scratch.ordo(&["tools", "--mcp-config", "mcp.json"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let tools = json(&output);
    let run_code =
        tools.as_array().unwrap().iter().find(|tool| tool["name"] == "run_code").unwrap();
    let description = run_code["description"].as_str().unwrap();
    assert!(description.len() < 10_000, "under the budget: {} characters", description.len());
    // 300 generated, and the fixture's seven (pid, trace, crash, hang, cancellations, slow_read,
    // progress).
    assert!(description.contains("tools.big: 307 tools"), "{description}");
    assert!(description.contains("$search(query: string"), "{description}");
    // Issue 33: what a first call needs is declared whatever the catalog's size.
    for declared in
        ["interface ToolError", "read_file(args: ReadFileArgs", "interface SearchFilesArgs"]
    {
        assert!(description.contains(declared), "{declared} in {description}");
    }

    scratch.write(
        "find.js",
        r#"const found = await tools.$search("convert celsius to fahrenheit");
           const declaration = await tools.$describe(found.matches[0].name);
           const [space, member] = found.matches[0].name.split(".");
           let missing; try { await tools.$describe("big.nope") } catch (e) { missing = e.name }
           const some = await tools.$search("squares", { limit: 3 });
           const told = [some.matches.length, some.more === some.matched - 3, some.matched > 3];
           return { first: found.matches[0], total: found.total, told, declares: declaration.includes("celsius: number"),
                    value: await tools[space][member]({ celsius: 100 }), missing }"#,
    );
    let output = scratch.ordo(&["run", "find.js", "--mcp-config", "mcp.json"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let value = json(&output);
    assert_eq!(value["first"]["name"], "big.celsius_to_fahrenheit", "{value}");
    assert_eq!(value["total"], 310, "the fixture's 307, read_file, list_dir and search_files");
    assert_eq!(value["declares"], true, "{value}");
    assert_eq!(value["told"], json!([3, true, true]), "{value}");
    assert_eq!(value["value"]["result"], 212.0);
    assert_eq!(value["missing"], "TypeError");
}

/// A small catalog keeps its full declarations.
#[test]
fn r_mcpm_6_a_small_catalog_is_declared_in_full() {
    let scratch = Scratch::new();
    let output = scratch.ordo(&["tools"]).output().unwrap();
    let tools = json(&output);
    let run_code =
        tools.as_array().unwrap().iter().find(|tool| tool["name"] == "run_code").unwrap();
    let description = run_code["description"].as_str().unwrap();
    assert!(
        description.contains("read_file(args: ReadFileArgs, options?: CallOptions)"),
        "{description}"
    );
    assert!(!description.contains("$search"), "{description}");
}
