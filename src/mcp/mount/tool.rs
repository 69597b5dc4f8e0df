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
    CallContext, Concurrency, ContentBlock, ToolAnnotations, ToolDefinition, ToolFailure, ToolName,
    ToolOutput,
};
use rmcp::model::{CallToolResult, ContentBlock as McpBlock, Tool as McpTool};
use serde_json::{Value, json};

use super::config::{Approval, Overrides};
use super::server::MountedServer;

/// The longest flat name every provider accepts.
const MAX_NAME: usize = 64;

/// The longest namespace kept whole; a longer server name is cut with a hash.
const MAX_NAMESPACE: usize = 32;

/// The registry name of `tool` on `server`: the member `tool` of the namespace `server`
/// (`<server>__<tool>` on the wire), each part made of letters, digits, `_` and `-` (anything
/// else becomes `_`; no `__` inside, no `_` at either end, so the separator stays where it
/// is), cut with a hash when too long: the server's part first if it alone is long, then the
/// tool's, so a server's tools keep one namespace.
pub(crate) fn registry_name(server: &str, tool: &str) -> ToolName {
    let namespace = cut(part(server), MAX_NAMESPACE);
    let room = MAX_NAME - namespace.len() - ordo_tools::name::SEPARATOR.len();
    ToolName::namespaced(&namespace, &cut(part(tool), room))
}

/// `text` if it fits in `max` bytes; else its start and a hash of the whole, which keeps
/// names cut from different texts apart.
fn cut(text: String, max: usize) -> String {
    if text.len() <= max {
        return text;
    }
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    });
    // The part is ASCII; a `_` left at the cut would make `__` with the one before the hash.
    let start = text[..max - 9].trim_end_matches('_');
    format!("{start}_{:08x}", hash as u32)
}

/// One part of a name: valid characters only, no `__` inside, no `_` at either end.
fn part(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        let c = if c.is_ascii_alphanumeric() || c == '-' { c } else { '_' };
        if !(c == '_' && (out.is_empty() || out.ends_with('_'))) {
            out.push(c);
        }
    }
    let out = out.trim_end_matches('_');
    if out.is_empty() { "x".to_owned() } else { out.to_owned() }
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
    name: &ToolName,
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
        name.clone(),
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
        let flat = |server: &str, tool: &str| registry_name(server, tool).as_str().to_owned();
        assert_eq!(flat("everything", "echo"), "everything__echo");
        assert_eq!(flat("my server", "get.item"), "my_server__get_item");
        assert_eq!(flat("a__b", "c"), "a_b__c", "`__` only as the separator");
        assert_eq!(flat("srv_", "_tool"), "srv__tool", "no `_` beside the separator");
        assert_eq!(flat("??", "!"), "x__x");
        let long = registry_name("server", &"x".repeat(100));
        assert_eq!((long.as_str().len(), long.namespace()), (64, Some("server")));
        assert_ne!(long, registry_name("server", &"x".repeat(101)), "cut names stay apart");
        let both = registry_name(&"s".repeat(50), &format!("{}_y", "t".repeat(60)));
        assert_eq!(both.as_str().len(), 64);
        assert_eq!(both.namespace().map(str::len), Some(MAX_NAMESPACE));
        for (server, tool) in [
            ("a", "b"),
            ("my server", "get.item"),
            ("s".repeat(70).as_str(), "t_".repeat(40).as_str()),
        ] {
            let name = registry_name(server, tool);
            let registry = ordo_tools::ToolRegistry::new();
            let definition = ToolDefinition::new(
                name.clone(),
                "d",
                json!({ "type": "object" }),
                ToolOutput::new(json!({}), render),
                |_: Arc<Value>, _: CallContext| async { Ok(Value::Null) },
            );
            assert_eq!(registry.register(definition).err(), None, "{name}");
            assert_eq!(ToolName::parse(name.as_str()), name, "reads back as itself");
        }
    }
}
