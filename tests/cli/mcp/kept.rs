//! Values kept between `run_code` calls over MCP (issue 33), with the Python SDK's client: a
//! session's calls share its scope; a client without sessions (2026-07-28) gets a `state`
//! handle in the first result that keeps, and passes it back.

use serde_json::{Value, json};

use super::client::stdio;
use crate::common::Scratch;

/// What each call of `codes`, run in order by one client, returned: `(structuredContent,
/// text)`, or the error.
fn chain(scratch: &Scratch, codes: &[&str], modern: bool) -> Option<Vec<Value>> {
    let codes = json!(codes).to_string();
    let elicit = modern.then_some("modern");
    let seen = stdio(scratch, &["--state-dir", "state"], "chain", &[&codes], elicit)?;
    Some(seen["calls"].as_array().unwrap().iter().map(|call| call["result"].clone()).collect())
}

const STORE: &str = "const records = Array.from({ length: 20000 }, (_, i) => ({ line: i + 1, level: i % 7 ? 'info' : 'error' })); \
                     store('records', records); store('seen', new Map([['runs', 1]])); return records.length";
const LOAD: &str = "const records = load('records'); \
                    return { count: records.length, errors: records.filter(r => r.level === 'error').length, \
                             seen: load('seen'), missing: load('nope') === undefined }";

fn loaded() -> Value {
    json!({ "count": 20000, "errors": 2858, "seen": { "runs": 1 }, "missing": true })
}

#[test]
fn a_session_keeps_values_between_its_calls_and_only_its_own() {
    let scratch = Scratch::new();
    let Some(calls) = chain(&scratch, &[STORE, LOAD], false) else { return };
    assert_eq!(calls[0]["structuredContent"]["result"], 20000, "{:#}", calls[0]);
    assert_eq!(calls[1]["structuredContent"]["result"], loaded(), "{:#}", calls[1]);
    assert!(calls[0]["structuredContent"].get("state").is_none(), "a session needs no handle");
    // Another session (another process, here) has its own scope.
    let Some(other) = chain(&scratch, &["return load('records') === undefined"], false) else {
        return;
    };
    assert_eq!(other[0]["structuredContent"]["result"], true, "{:#}", other[0]);
}

#[test]
fn a_client_without_sessions_keeps_under_the_handle_it_is_given() {
    let scratch = Scratch::new();
    let Some(calls) = chain(&scratch, &[STORE, LOAD], true) else { return };
    let handle = calls[0]["structuredContent"]["state"].as_str().unwrap_or_else(|| {
        panic!("the first call that keeps returns a handle: {:#}", calls[0]);
    });
    assert!(handle.starts_with("st_") && handle.len() == 35, "{handle}");
    let text = calls[0]["content"][0]["text"].as_str().unwrap();
    assert!(
        text.contains(&format!("pass `\"state\": \"{handle}\"`")),
        "the model reads it: {text}"
    );
    assert_eq!(calls[1]["structuredContent"]["result"], loaded(), "{:#}", calls[1]);
    assert_eq!(calls[1]["structuredContent"]["state"], handle, "the same handle goes on");

    // The declarations say how; a handle ordo did not mint is refused; an unknown one holds
    // nothing.
    let Some(listed) = stdio(&scratch, &[], "list", &[], Some("modern")) else { return };
    let run_code = &listed["tools"][0];
    let description = run_code["description"].as_str().unwrap();
    assert!(description.contains("declare function store(key: string, value: unknown): void;"));
    assert!(description.contains("64 MiB in all"), "{description}");
    assert!(run_code["inputSchema"]["properties"]["state"].is_object(), "{run_code:#}");
    let arguments = json!({ "code": "return 1", "state": "default" }).to_string();
    let Some(refused) = stdio(&scratch, &[], "call", &["run_code", &arguments], Some("modern"))
    else {
        return;
    };
    let text = refused.to_string();
    assert!(text.contains("INVALID_ARGUMENTS") && text.contains("state"), "{refused:#}");
    let unknown = format!("st_{}", "0".repeat(32));
    let arguments = json!({ "code": "return load('records') === undefined", "state": unknown });
    let Some(empty) =
        stdio(&scratch, &[], "call", &["run_code", &arguments.to_string()], Some("modern"))
    else {
        return;
    };
    assert_eq!(empty["result"]["structuredContent"]["result"], true, "{empty:#}");
}
