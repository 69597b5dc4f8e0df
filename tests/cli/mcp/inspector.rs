//! `ordo mcp` checked without a model by a second client no one here wrote: the MCP Inspector's
//! CLI mode (npm `@modelcontextprotocol/inspector`, pinned in tests/mcp/inspector-setup.sh with
//! the Node.js it needs, installed into the same cache as the Python SDK). Each test runs one
//! inspector command and asserts on the JSON it prints (`--format json`); the commands are
//!
//! ```text
//! inspector --cli --format json --method tools/list --strict -- ORDO mcp [--direct]
//! inspector --cli --format json --method tools/call --tool-name run_code \
//!     --tool-arg 'code=return ...' --protocol-era legacy|modern -- ORDO mcp
//! inspector --cli --format json --method tools/call ... --transport http --server-url URL \
//!     --header 'Authorization: Bearer TOKEN' [--stored-auth-only]
//! ```
//!
//! The inspector speaks either protocol revision: `legacy` initializes a session (2025-11-25),
//! `modern` is the stateless revision (2026-07-28: `server/discover`, no initialize).

use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

use serde_json::{Value, json};

use super::http::Server;
use crate::common::{Scratch, bin};

/// The runner of the cached, pinned inspector (it takes the inspector's arguments); `None`
/// (after a loud message) only where the npm registry cannot be reached.
pub(crate) fn inspector() -> Option<PathBuf> {
    static INSPECTOR: OnceLock<Option<PathBuf>> = OnceLock::new();
    INSPECTOR
        .get_or_init(|| {
            let setup = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/mcp/inspector-setup.sh");
            let output =
                Command::new("bash").arg(setup).output().expect("cannot run inspector-setup.sh");
            if output.status.success() {
                let path = String::from_utf8_lossy(&output.stdout).trim().to_owned();
                return Some(PathBuf::from(path));
            }
            let why = String::from_utf8_lossy(&output.stderr);
            // How npm reports a registry it cannot reach (its FetchError's system codes).
            let offline = [
                "ENOTFOUND",
                "EAI_AGAIN",
                "ECONNREFUSED",
                "ECONNRESET",
                "ETIMEDOUT",
                "ENETUNREACH",
                "EHOSTUNREACH",
                "npm error network",
            ]
            .iter()
            .any(|sign| why.contains(sign));
            assert!(offline, "the MCP Inspector could not be set up:\n{why}");
            eprintln!(
                "\n*** SKIPPED: the MCP Inspector could not be installed (the npm registry is \
                 unreachable); `ordo mcp` is NOT tested against the inspector in this run ***\n{why}"
            );
            None
        })
        .clone()
}

/// What one inspector command left: its exit code, what it printed on stdout as JSON (`null`
/// if nothing), and its stderr.
struct Seen {
    code: Option<i32>,
    json: Value,
    stderr: String,
}

/// Runs the inspector with `args` in the scratch folder (so a stdio server starts there), with
/// a home of its own: the inspector keeps a catalog and secrets under `~/.mcp-inspector`.
fn inspect(scratch: &Scratch, args: &[&str]) -> Option<Seen> {
    let inspector = inspector()?;
    let home = tempfile::tempdir().unwrap();
    let output = Command::new(inspector)
        .current_dir(scratch.path())
        .env("HOME", home.path())
        .env_remove("ORDO_LOG")
        // A loaded machine can be slow to start a debug build (the default is 15 s).
        .args(["--cli", "--format", "json", "--connect-timeout", "60000"])
        .args(args)
        .output()
        .expect("cannot run the MCP Inspector");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let json = if stdout.trim().is_empty() {
        Value::Null
    } else {
        serde_json::from_str(&stdout)
            .unwrap_or_else(|error| panic!("the inspector printed no JSON ({error}): {stdout}"))
    };
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    Some(Seen { code: output.status.code(), json, stderr })
}

/// As [`inspect`], failing the test unless the inspector succeeded; returns its `result`.
fn result(scratch: &Scratch, args: &[&str]) -> Option<Value> {
    let seen = inspect(scratch, args)?;
    assert_eq!(seen.code, Some(0), "the inspector failed: {}\n{}", seen.json, seen.stderr);
    Some(seen.json["result"].clone())
}

/// `inspector ... -- ORDO mcp ORDO_ARGS`: the inspector starts ordo over stdio.
fn stdio(scratch: &Scratch, args: &[&str], ordo_args: &[&str]) -> Option<Value> {
    let ordo = bin();
    let ordo = ordo.to_str().unwrap();
    let mut all = args.to_vec();
    all.extend(["--", ordo, "mcp"]);
    all.extend(ordo_args);
    result(scratch, &all)
}

/// The arguments that call `run_code` with `code` (as a `key=value` pair, the inspector's way).
fn call_run_code(code: &str) -> Vec<String> {
    ["--method", "tools/call", "--tool-name", "run_code", "--tool-arg", &format!("code={code}")]
        .map(str::to_owned)
        .to_vec()
}

/// The script every call test runs: it reads a.txt through the runtime's own file tool.
const READ_A: &str = r#"return (await tools.read_file({path: "a.txt"})).content"#;

/// Checks a `run_code` result that returned `expected`: the structured content, and the text
/// content (for clients that read text only: a string as itself, any other value as JSON).
fn assert_returned(result: &Value, expected: &Value) {
    assert_eq!(result["isError"], false, "{result}");
    assert_eq!(result["structuredContent"]["result"], *expected, "{result}");
    assert_eq!(result["structuredContent"]["logs"], json!([]), "{result}");
    let text = result["content"][0]["text"].as_str().unwrap_or_else(|| panic!("{result}"));
    if let Value::String(expected) = expected {
        assert_eq!(text, expected, "a string is shown as itself: {result}");
        return;
    }
    let parsed: Value = serde_json::from_str(text).unwrap_or_else(|error| {
        panic!("the text content is not the value as JSON ({error}): {text}")
    });
    assert_eq!(parsed, *expected, "{result}");
}

/// Checks that a listed tool takes an object that must have `required`.
fn assert_requires(tool: &Value, required: &str) {
    let schema = &tool["inputSchema"];
    assert_eq!(schema["type"], "object", "{tool}");
    assert!(schema["required"].as_array().unwrap().contains(&json!(required)), "{schema}");
    assert_eq!(schema["properties"][required]["type"], "string", "{schema}");
}

fn names(listed: &Value) -> Vec<&str> {
    let tools = listed["tools"].as_array().unwrap_or_else(|| panic!("no tools: {listed}"));
    tools.iter().map(|tool| tool["name"].as_str().unwrap()).collect()
}

#[test]
fn r_mcps_2_the_inspector_lists_run_code_alone_with_a_schema_that_requires_code() {
    let scratch = Scratch::new();
    // --strict: the inspector's schema portability check fails the run on any error.
    let Some(listed) = stdio(&scratch, &["--method", "tools/list", "--strict"], &[]) else {
        return;
    };
    assert_eq!(names(&listed), ["run_code"], "{listed}");
    let run_code = &listed["tools"][0];
    assert_requires(run_code, "code");
    let description = run_code["description"].as_str().unwrap();
    assert!(description.contains("declare const tools"), "{description}");
    assert_eq!(run_code["outputSchema"]["required"], json!(["result", "logs"]), "{run_code}");
}

#[test]
fn r_mcps_2_the_inspector_lists_the_file_tools_with_direct() {
    let scratch = Scratch::new();
    let ordo_args = ["--direct", "--allow-write", "out"];
    let Some(listed) = stdio(&scratch, &["--method", "tools/list", "--strict"], &ordo_args) else {
        return;
    };
    assert_eq!(
        names(&listed),
        ["run_code", "read_file", "write_file", "list_dir", "search_files"],
        "{listed}"
    );
    let tools = listed["tools"].as_array().unwrap();
    assert_requires(&tools[0], "code");
    assert_requires(&tools[1], "path");
    assert_requires(&tools[2], "path");
    assert_requires(&tools[2], "content");
    for tool in &tools[3..] {
        assert_eq!(tool["inputSchema"]["type"], "object", "{tool}");
    }
}

#[test]
fn r_mcps_3_the_inspector_calls_run_code_over_stdio_in_both_protocol_revisions() {
    let scratch = Scratch::new();
    scratch.write("a.txt", "alpha\n");
    for era in ["legacy", "modern"] {
        let mut args = call_run_code(READ_A);
        args.extend(["--protocol-era".to_owned(), era.to_owned()]);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let Some(result) = stdio(&scratch, &args, &[]) else { return };
        assert_returned(&result, &json!("alpha\n"));
    }
}

/// Over HTTP with the token ordo printed: a legacy client gets a session (its log is named
/// after the inspector), a modern one goes to the shared stateless log.
#[test]
fn r_mcps_1_the_inspector_calls_run_code_over_http_with_the_printed_token() {
    let scratch = Scratch::new();
    scratch.write("a.txt", "alpha\n");
    let server = Server::start(&scratch, &["--session-dir", "logs"]);
    let bearer = format!("Authorization: {}", server.bearer());
    for (era, log) in [("legacy", "-inspector-cli-"), ("modern", "-stateless-")] {
        let mut args = call_run_code(READ_A);
        args.extend(
            ["--protocol-era", era, "--transport", "http", "--server-url", &server.url]
                .map(str::to_owned),
        );
        args.extend(["--header".to_owned(), bearer.clone()]);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let Some(result) = result(&scratch, &args) else { return };
        assert_returned(&result, &json!("alpha\n"));
        let logs: Vec<String> = std::fs::read_dir(scratch.path().join("logs"))
            .unwrap()
            .map(|entry| entry.unwrap().file_name().into_string().unwrap())
            .collect();
        assert!(logs.iter().any(|name| name.contains(log)), "{era}: no {log} log in {logs:?}");
    }
}

/// Without the token the inspector is refused, and says why: ordo's 401 text reaches it.
/// (`--stored-auth-only` keeps it from starting an interactive OAuth login instead.)
#[test]
fn r_mcps_6_the_inspector_without_the_token_is_refused() {
    let scratch = Scratch::new();
    let server = Server::start(&scratch, &["--session-dir", "logs"]);
    let Some(seen) = inspect(
        &scratch,
        &[
            "--method",
            "tools/call",
            "--tool-name",
            "run_code",
            "--tool-arg",
            "code=return 1",
            "--transport",
            "http",
            "--server-url",
            &server.url,
            "--stored-auth-only",
        ],
    ) else {
        return;
    };
    assert_ne!(seen.code, Some(0), "called without a token: {}", seen.json);
    assert!(seen.json.is_null(), "no result without a token: {}", seen.json);
    let error: Value = seen
        .stderr
        .lines()
        .find_map(|line| {
            serde_json::from_str(line).ok().filter(|line: &Value| line["error"].is_object())
        })
        .unwrap_or_else(|| panic!("no JSON error on stderr: {}", seen.stderr));
    assert_eq!(error["error"]["code"], "auth_required", "{error}");
    let message = error["error"]["message"].as_str().unwrap();
    assert!(message.contains("a bearer token is required"), "{message}");
    let logged = std::fs::read_dir(scratch.path().join("logs")).map_or(0, Iterator::count);
    assert_eq!(logged, 0, "a session was logged without a token");
}
