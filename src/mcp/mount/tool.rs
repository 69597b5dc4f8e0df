//! A mounted server's tool as an ordo tool (R-MCPM-2, R-MCPM-3, R-MCPM-4).
//!
//! - Name: `<server>__<tool>` in the registry (made a valid provider name), which code mode shows
//!   scripts as `tools.<server>.<tool>`.
//! - Schemas: the tool's `inputSchema` is its parameters, under ordo's schema rules (a tool whose
//!   schema ordo refuses is skipped, with a warning); its `outputSchema`, when it has one, the
//!   output schema.
//! - Value: the `structuredContent` when present, else the text parsed as JSON when it parses,
//!   else the content blocks as they came. `isError` is a `TOOL_ERROR` with the server's text,
//!   named where the server named it (`failure.rs`).
//! - Policy: `readOnlyHint` is believed only from a trusted server, or when a person set it
//!   (`tools = { name = { read_only = true } }`); then calls are concurrent, else exclusive. It
//!   is also what `approval = "unless-read-only"` looks at; nothing skips a guard.

use std::sync::Arc;

use ordo_tools::{
    CallContext, Concurrency, ContentBlock, ToolAnnotations, ToolDefinition, ToolFailure,
    ToolOutput,
};
use rmcp::model::{CallToolResult, ContentBlock as McpBlock, Tool as McpTool};
use serde_json::{Value, json};

use super::config::{Approval, Overrides};
use super::server::MountedServer;

/// The longest name every provider accepts.
const MAX_NAME: usize = 64;

/// The registry name of `tool` on `server`: `<server>__<tool>`, each part made of letters,
/// digits, `_` and `-` (anything else becomes `_`; `__` only as the separator), cut with a hash
/// when too long.
pub(crate) fn registry_name(server: &str, tool: &str) -> String {
    let name = format!("{}__{}", part(server), part(tool));
    if name.len() <= MAX_NAME {
        return name;
    }
    let hash = name.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("{}_{:08x}", &name[..MAX_NAME - 9], hash as u32)
}

/// One part of a name: valid characters only, no `__` inside.
fn part(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        let c = if c.is_ascii_alphanumeric() || c == '-' { c } else { '_' };
        if !(c == '_' && out.ends_with('_')) {
            out.push(c);
        }
    }
    if out.is_empty() { "_".to_owned() } else { out }
}

/// The tool's annotations as the server declares them (MCP's defaults where it declares none):
/// what ordo shows its own clients. Whether ordo acts on them is [`concurrency`]'s and
/// [`definition`]'s business (the server's `approval` may ask for the tools not read-only).
/// Annotations set by hand (`overrides`) replace the server's.
pub(crate) fn annotations(tool: &McpTool, overrides: Option<&Overrides>) -> ToolAnnotations {
    let hints = tool.annotations.clone().unwrap_or_default();
    let set = overrides.copied().unwrap_or_default();
    ToolAnnotations {
        read_only: set.read_only.or(hints.read_only_hint).unwrap_or(false),
        destructive: set.destructive.or(hints.destructive_hint).unwrap_or(true),
        idempotent: set.idempotent.or(hints.idempotent_hint).unwrap_or(false),
        open_world: set.open_world.or(hints.open_world_hint).unwrap_or(true),
    }
}

/// Whether calls of `tool` on `server` may run beside others, and why: only a read-only tool's
/// may, by a person's override or by the hint of a trusted server.
pub(crate) fn concurrency(
    tool: &McpTool,
    server: &str,
    trusted: bool,
    overrides: Option<&Overrides>,
) -> (Concurrency, String) {
    let hinted = tool.annotations.as_ref().and_then(|hints| hints.read_only_hint) == Some(true);
    match overrides.and_then(|set| set.read_only) {
        Some(true) => (Concurrency::Concurrent, "its configuration sets read_only = true".into()),
        Some(false) => (Concurrency::Alone, "its configuration sets read_only = false".into()),
        None if hinted && trusted => (
            Concurrency::Concurrent,
            format!("server \"{server}\" is trusted and marks it read-only"),
        ),
        None if hinted => (
            Concurrency::Alone,
            format!(
                "server \"{server}\" is not trusted, so its read-only hint is not believed \
                 (`--trust {server}` trusts it)"
            ),
        ),
        None => (Concurrency::Alone, format!("server \"{server}\" does not mark it read-only")),
    }
}

/// The ordo definition of `tool` on `server`, registered as `name`.
pub(crate) fn definition(
    server: &Arc<MountedServer>,
    tool: &McpTool,
    name: &str,
    approval: Approval,
) -> ToolDefinition {
    let parameters = Value::Object((*tool.input_schema).clone());
    let output_schema = tool
        .output_schema
        .as_ref()
        .map_or_else(|| json!({}), |schema| Value::Object((**schema).clone()));
    // What the server says of its tool reaches a model and a person (in run_code's
    // declarations, `ordo tools`, the clients ordo serves): no byte of it may act on a terminal
    // or reorder the text around it.
    let description = crate::visible::lines(tool.description.as_deref().unwrap_or_default());
    let description = description.into_owned();
    let (body_server, remote) = (Arc::clone(server), tool.name.to_string());
    let body = move |arguments: Arc<Value>, context: CallContext| {
        let (server, remote) = (Arc::clone(&body_server), remote.clone());
        async move {
            let arguments = match &*arguments {
                Value::Object(map) => map.clone(),
                _ => serde_json::Map::new(),
            };
            let result = server.call(&remote, arguments, &context).await?;
            value(result)
        }
    };
    let annotations = annotations(tool, server.overrides(&tool.name));
    let mut definition = ToolDefinition::new(
        name,
        description,
        parameters,
        ToolOutput::new(output_schema, render),
        body,
    )
    .with_annotations(annotations)
    .with_timeout(server.call_backstop());
    let asks = match approval {
        Approval::Never => false,
        Approval::Always => true,
        Approval::UnlessReadOnly => !annotations.read_only,
    };
    if asks {
        definition = definition.with_approval(format!(
            "tool {:?} of MCP server {:?}",
            tool.name,
            server.name()
        ));
    }
    let (mode, reason) =
        concurrency(tool, server.name(), server.trusted(), server.overrides(&tool.name));
    let definition = match mode {
        Concurrency::Concurrent => definition.with_concurrent_calls(),
        _ => definition,
    };
    definition.with_concurrency_reason(reason)
}

/// The value of a result (see the module's documentation).
fn value(result: CallToolResult) -> Result<Value, ToolFailure> {
    let text = || -> String {
        result
            .content
            .iter()
            .filter_map(|block| block.as_text().map(|text| text.text.as_str()))
            .collect::<Vec<_>>()
            .join("\n")
    };
    if result.is_error == Some(true) {
        return Err(super::failure::failure(text(), result.structured_content.as_ref()));
    }
    if let Some(structured) = result.structured_content.clone() {
        return Ok(structured);
    }
    let all_text = result.content.iter().all(|block| block.as_text().is_some());
    if all_text && !result.content.is_empty() {
        let text = text();
        if let Ok(value) = serde_json::from_str::<Value>(&text) {
            return Ok(value);
        }
        if result.content.len() == 1 {
            return Ok(Value::String(text));
        }
    }
    serde_json::to_value(&result.content).map_err(|error| ToolFailure::new(error.to_string()))
}

/// What the model reads of a value: text as it is, MCP content blocks as blocks (images stay
/// images), anything else as pretty JSON.
fn render(_arguments: &Value, value: &Value) -> Vec<ContentBlock> {
    if let Value::String(text) = value {
        return vec![ContentBlock::text(text.clone())];
    }
    if let Ok(blocks) = serde_json::from_value::<Vec<McpBlock>>(value.clone())
        && !blocks.is_empty()
    {
        return blocks.iter().map(block).collect();
    }
    vec![ContentBlock::text(serde_json::to_string_pretty(value).unwrap_or_default())]
}

fn block(content: &McpBlock) -> ContentBlock {
    match content {
        McpBlock::Text(text) => ContentBlock::text(text.text.clone()),
        McpBlock::Image(image) => {
            ContentBlock::Image { media_type: image.mime_type.clone(), data: image.data.clone() }
        }
        McpBlock::Audio(audio) => {
            ContentBlock::Audio { media_type: audio.mime_type.clone(), data: audio.data.clone() }
        }
        McpBlock::Resource(_) | McpBlock::ResourceLink(_) => {
            ContentBlock::Resource { value: serde_json::to_value(content).unwrap_or_default() }
        }
        other => ContentBlock::Json { value: serde_json::to_value(other).unwrap_or_default() },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r_mcpm_2_registry_names_are_valid_provider_names() {
        assert_eq!(registry_name("everything", "echo"), "everything__echo");
        assert_eq!(registry_name("my server", "get.item"), "my_server__get_item");
        assert_eq!(registry_name("a__b", "c"), "a_b__c", "`__` only as the separator");
        let long = registry_name("server", &"x".repeat(100));
        assert_eq!(long.len(), 64);
        assert_ne!(long, registry_name("server", &"x".repeat(101)), "cut names stay apart");
    }
}
