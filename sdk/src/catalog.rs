//! Large catalogs (R-MCPM-6): when the declarations of every tool a script can call would make
//! `run_code`'s description too long (past [`CodeModeConfig::declarations_budget`]), the
//! description lists the tools by namespace with their counts instead, and the script finds
//! what it needs in the sandbox:
//!
//! - `await tools.$search(query)`: the best matches (name as the script calls it, and the first
//!   line of the description), with how many matched of how many;
//! - `await tools.$describe(name)`: one tool's TypeScript declaration.
//!
//! Both are host functions answered from the registry, not tool calls: they are not logged and
//! cost no call budget. They are there whatever the catalog's size.
//!
//! [`CodeModeConfig::declarations_budget`]: crate::CodeModeConfig::declarations_budget

use std::sync::Arc;

use ordo_runtime::{HostCall, HostError, HostFunctions};
use ordo_tools::Tool;
use serde_json::{Map, Value, json};

use crate::declarations::{SCRIPT_GLOBALS, ToolSignature, namespaced, tool_declarations_for};

/// The members `tools.$search` and `tools.$describe` (not tools: not listed by `Object.keys`).
pub(crate) const SEARCH: &str = "$search";
pub(crate) const DESCRIBE: &str = "$describe";

/// The most matches `$search` returns.
const MAX_MATCHES: usize = 10;

/// The declarations for `run_code`'s description: every tool's when they fit in `budget`
/// characters, else the compact listing.
pub(crate) fn declarations(tools: &[Arc<Tool>], budget: usize) -> String {
    let full = crate::declarations::declarations(tools);
    if full.len() <= budget { full } else { listing(tools) }
}

/// Namespaces and top-level tools with their counts and a few names, and how to find more.
fn listing(tools: &[Arc<Tool>]) -> String {
    let mut spaces: Vec<(&str, Vec<&str>)> = Vec::new();
    let mut top: Vec<&str> = Vec::new();
    for tool in tools {
        match namespaced(tool.name()) {
            Some((space, member)) => match spaces.iter_mut().find(|(name, _)| *name == space) {
                Some((_, members)) => members.push(member),
                None => spaces.push((space, vec![member])),
            },
            None => top.push(tool.name()),
        }
    }
    let mut out = SCRIPT_GLOBALS.to_owned();
    out.push_str(&format!(
        "/** {} tools: too many to declare here. Find what you need with `await tools.$search(\"...\")`, \
         read a tool's declaration with `await tools.$describe(\"name\")`, then call it. */\n",
        tools.len()
    ));
    out.push_str("declare const tools: {\n");
    out.push_str(
        "  /** The tools that best match `query` (words of their names and descriptions). */\n  \
         $search(query: string): Promise<{ matches: { name: string; summary: string }[]; matched: number; total: number }>;\n",
    );
    out.push_str(
        "  /** The TypeScript declaration of one tool, e.g. `$describe(\"server.tool\")`. */\n",
    );
    out.push_str("  $describe(name: string): Promise<string>;\n");
    if !top.is_empty() {
        out.push_str(&format!("  // {} tools of their own: {}\n", top.len(), sample(&top)));
    }
    for (space, members) in &spaces {
        out.push_str(&format!(
            "  // tools.{space}: {} tools: {}\n",
            members.len(),
            sample(members)
        ));
    }
    out.push_str("};\n");
    out
}

/// Up to eight names, then how many more.
fn sample(names: &[&str]) -> String {
    let shown: Vec<&str> = names.iter().copied().take(8).collect();
    let more = names.len() - shown.len();
    if more == 0 { shown.join(", ") } else { format!("{}, and {more} more", shown.join(", ")) }
}

/// The `$search` and `$describe` host functions over `tools`.
pub(crate) fn host_functions(host: &mut HostFunctions, tools: &[Arc<Tool>]) {
    let catalog: Arc<Vec<Arc<Tool>>> = Arc::new(tools.to_vec());
    let searched = Arc::clone(&catalog);
    host.insert(crate::nested::host_function_name(SEARCH), move |call: HostCall| {
        let answer = search(&searched, &call.args);
        async move { answer }
    });
    host.insert(crate::nested::host_function_name(DESCRIBE), move |call: HostCall| {
        let answer = describe(&catalog, &call.args);
        async move { answer }
    });
}

/// The name a script calls a tool by, without `tools.`: `server.tool` or `read_file`.
fn script_name(tool: &str) -> String {
    match namespaced(tool) {
        Some((space, member)) => format!("{space}.{member}"),
        None => tool.to_owned(),
    }
}

fn search(tools: &[Arc<Tool>], args: &Value) -> Result<Value, HostError> {
    let query = argument(args, "query")?.to_lowercase();
    let words: Vec<&str> =
        query.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).collect();
    let mut scored: Vec<(usize, &Arc<Tool>)> = tools
        .iter()
        .map(|tool| {
            let name = tool.name().to_lowercase();
            let description = tool.definition().description().to_lowercase();
            let score = words
                .iter()
                .map(|word| {
                    3 * usize::from(name.contains(word)) + usize::from(description.contains(word))
                })
                .sum();
            (score, tool)
        })
        .filter(|(score, _)| *score > 0)
        .collect();
    scored.sort_by(|(a, one), (b, other)| b.cmp(a).then_with(|| one.name().cmp(other.name())));
    let matches: Vec<Value> = scored
        .iter()
        .take(MAX_MATCHES)
        .map(|(_, tool)| {
            let summary = tool.definition().description().lines().next().unwrap_or_default();
            json!({ "name": script_name(tool.name()), "summary": summary })
        })
        .collect();
    Ok(json!({ "matches": matches, "matched": scored.len(), "total": tools.len() }))
}

fn describe(tools: &[Arc<Tool>], args: &Value) -> Result<Value, HostError> {
    let asked = argument(args, "name")?;
    let wanted = asked.trim_start_matches("tools.").replacen('.', "__", 1);
    let Some(tool) = tools.iter().find(|tool| tool.name() == wanted) else {
        let message = format!(
            "there is no tool {asked:?}; find tools with tools.$search(\"...\") (names look like \
             \"server.tool\" or \"read_file\")"
        );
        return Err(error("TypeError", message));
    };
    Ok(Value::String(tool_declarations_for([ToolSignature::of(tool)])))
}

/// A string argument: the call's only argument, or its field `field`.
fn argument(args: &Value, field: &str) -> Result<String, HostError> {
    match args {
        Value::String(text) => Ok(text.clone()),
        Value::Object(map) => match map.get(field) {
            Some(Value::String(text)) => Ok(text.clone()),
            _ => Err(error("TypeError", format!("expected a string {field}"))),
        },
        _ => Err(error("TypeError", format!("expected a string {field}"))),
    }
}

fn error(name: &str, message: String) -> HostError {
    HostError { name: name.to_owned(), message, data: Map::new() }
}
