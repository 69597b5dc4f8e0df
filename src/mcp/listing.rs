//! What an MCP client lists (R-MCPS-2): `run_code`, with the declarations of every tool a
//! script can call in its description, and with `--direct` every other tool too. Each with its
//! input and output schemas and its annotations, which come from the tool's metadata and are
//! never part of what the model reads as text.

use std::sync::Arc;

use ordo_tools::{RUN_CODE, Tool, ToolAnnotations, ToolRegistry};
use rmcp::model::{JsonObject, Tool as McpTool, ToolAnnotations as McpAnnotations};
use serde_json::{Value, json};

/// Which tools a server lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Listed {
    /// `run_code` alone: the client's model calls the other tools from scripts.
    RunCodeOnly,
    /// `run_code` and every other tool, as direct tools.
    Direct,
}

impl Listed {
    /// Whether a client may call `name` directly.
    pub(crate) fn includes(self, name: &str) -> bool {
        name == RUN_CODE || self == Self::Direct
    }
}

/// The tools of `registry` as `listed` says, in registration order with `run_code` first.
pub(crate) fn tools(registry: &ToolRegistry, listed: Listed) -> Vec<McpTool> {
    let all = registry.tools();
    let callable: Vec<&Arc<Tool>> = all.iter().filter(|tool| tool.name() != RUN_CODE).collect();
    let mut tools = Vec::with_capacity(all.len());
    if let Some(run_code) = registry.get(RUN_CODE) {
        // A script may call any of the others: it may do whatever any of them may.
        let reach = ToolAnnotations::union(
            callable.iter().map(|tool| tool.definition().annotations()).collect::<Vec<_>>().iter(),
        );
        tools.push(describe(&run_code, reach));
    }
    if listed == Listed::Direct {
        tools.extend(callable.iter().map(|tool| describe(tool, tool.definition().annotations())));
    }
    tools
}

/// One tool as MCP lists it.
fn describe(tool: &Tool, annotations: ToolAnnotations) -> McpTool {
    let definition = tool.definition();
    let input = object(definition.parameters().clone());
    McpTool::new(tool.name().to_owned(), definition.description().to_owned(), Arc::new(input))
        .with_raw_output_schema(Arc::new(output_schema(definition.output().schema())))
        .with_annotations(
            McpAnnotations::new()
                .read_only(annotations.read_only)
                .destructive(annotations.destructive)
                .idempotent(annotations.idempotent)
                .open_world(annotations.open_world),
        )
}

/// The output schema MCP carries: the tool's own when it describes an object; any other
/// value is carried as `{ "value": … }`, since MCP's structured content is always an object.
pub(crate) fn output_schema(schema: &Value) -> JsonObject {
    if is_object_schema(schema) {
        object(schema.clone())
    } else {
        object(json!({
            "type": "object",
            "properties": { "value": schema },
            "required": ["value"],
        }))
    }
}

/// Whether a value of `schema` is always carried as it is (see [`output_schema`]).
pub(crate) fn is_object_schema(schema: &Value) -> bool {
    schema.get("type").and_then(Value::as_str) == Some("object")
}

fn object(value: Value) -> JsonObject {
    match value {
        Value::Object(map) => map,
        // A boolean schema (`true`): anything goes.
        _ => JsonObject::new(),
    }
}
