//! Large catalogs (R-MCPM-6): when the declarations of every tool a script can call would make
//! `run_code`'s description too long (past [`CodeModeConfig::declarations_budget`]), the
//! description lists the tools by namespace with their counts instead, and the script finds
//! what it needs in the sandbox:
//!
//! - `await tools.$search(query, { limit })`: the best matches (name as the script calls it,
//!   and the first line of the description), with how many matched, how many of those were left
//!   out (`more`), and how many tools there are;
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

use crate::declarations::{ToolSignature, declarations_with, tool_declarations_for};

/// The members `tools.$search` and `tools.$describe` (not tools: not listed by `Object.keys`).
pub(crate) const SEARCH: &str = "$search";
pub(crate) const DESCRIBE: &str = "$describe";

/// The matches `$search` returns unless the script asks for more.
const DEFAULT_MATCHES: usize = 10;

/// The most matches `$search` returns.
const MAX_MATCHES: usize = 50;

/// The declarations for `run_code`'s description: every tool's when they fit in `budget`
/// characters; else the tools of their own (ordo's file tools, a manifest's: what a script
/// calls first) in full with the mounted servers' listed by namespace; else all listed. Each
/// form declares `ToolError`, `CallOptions` and the script's globals.
pub(crate) fn declarations(tools: &[Arc<Tool>], budget: usize) -> String {
    let full = crate::declarations::declarations(tools);
    if full.len() <= budget {
        return full;
    }
    let (own, mounted): (Vec<&Arc<Tool>>, Vec<&Arc<Tool>>) =
        tools.iter().partition(|tool| tool.tool_name().namespace().is_none());
    let own_in_full = declarations_with(
        own.iter().map(|tool| ToolSignature::of(tool)),
        &listing(&[], &mounted, tools.len()),
    );
    if own_in_full.len() <= budget {
        return own_in_full;
    }
    declarations_with([], &listing(&own, &mounted, tools.len()))
}

/// The members of `tools` past its declared methods: `$search` and `$describe`, then the tools
/// of their own in `top` and the namespaces of `mounted` with their counts and a few names.
fn listing(top: &[&Arc<Tool>], mounted: &[&Arc<Tool>], total: usize) -> String {
    let mut spaces: Vec<(&str, Vec<&str>)> = Vec::new();
    for tool in mounted {
        let name = tool.tool_name();
        if let Some(space) = name.namespace() {
            let member = name.member();
            match spaces.iter_mut().find(|(name, _)| *name == space) {
                Some((_, members)) => members.push(member),
                None => spaces.push((space, vec![member])),
            }
        }
    }
    let mut out = format!(
        "  /* {total} tools: too many to declare each here. Find what you need with \
         `await tools.$search(\"...\")`, read a tool's declaration with \
         `await tools.$describe(\"name\")`, then call it. */\n"
    );
    out.push_str(
        "  /** The tools that best match `query` (words of their names and descriptions): at \
         most `limit` (default 10, at most 50); `matched` counts them all and `more` is how many \
         were left out. */\n  \
         $search(query: string, options?: { limit?: number }): Promise<{ matches: { name: string; summary: string }[]; matched: number; more: number; total: number }>;\n",
    );
    out.push_str(
        "  /** The TypeScript declaration of one tool, e.g. `$describe(\"server.tool\")`. */\n",
    );
    out.push_str("  $describe(name: string): Promise<string>;\n");
    if !top.is_empty() {
        let names: Vec<&str> = top.iter().map(|tool| tool.name()).collect();
        out.push_str(&format!("  // {} tools of their own: {}\n", top.len(), sample(&names)));
    }
    for (space, members) in &spaces {
        out.push_str(&format!(
            "  // tools.{space}: {} tools: {}\n",
            members.len(),
            sample(members)
        ));
    }
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
        let answer = search(&searched, &call.args, call.options.as_ref());
        async move { answer }
    });
    host.insert(crate::nested::host_function_name(DESCRIBE), move |call: HostCall| {
        let answer = describe(&catalog, &call.args);
        async move { answer }
    });
}

fn search(tools: &[Arc<Tool>], args: &Value, options: Option<&Value>) -> Result<Value, HostError> {
    let query = argument(args, "query")?.to_lowercase();
    let limit = match options.map(|options| &options["limit"]) {
        None | Some(Value::Null) => DEFAULT_MATCHES,
        Some(limit) => match limit.as_u64() {
            Some(limit @ 1..) => usize::try_from(limit).unwrap_or(MAX_MATCHES).min(MAX_MATCHES),
            _ => {
                let message = format!(
                    "$search's limit must be a whole number from 1 to {MAX_MATCHES}, not {limit}"
                );
                return Err(error("RangeError", message));
            }
        },
    };
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
        .take(limit)
        .map(|(_, tool)| {
            let summary = tool.definition().description().lines().next().unwrap_or_default();
            json!({ "name": tool.tool_name().script_path(), "summary": summary })
        })
        .collect();
    let more = scored.len() - matches.len();
    Ok(json!({ "matches": matches, "matched": scored.len(), "more": more, "total": tools.len() }))
}

fn describe(tools: &[Arc<Tool>], args: &Value) -> Result<Value, HostError> {
    let asked = argument(args, "name")?;
    let wanted = asked.trim_start_matches("tools.");
    let named =
        |tool: &&Arc<Tool>| tool.name() == wanted || tool.tool_name().script_path() == wanted;
    let Some(tool) = tools.iter().find(named) else {
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
