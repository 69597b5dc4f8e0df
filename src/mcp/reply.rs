//! A tool result as an MCP `CallToolResult` (R-MCPS-3): `structuredContent` is the tool's value
//! (`{ result, logs }` for `run_code`), `content` its rendered text; an error result has
//! `isError` and the error envelope `{ name, code, message }` as its structured content.
//! Rendered text past the server's cap is cut, and the cut announced on the first line.

use ordo_tools::{ContentBlock, ToolResult};
use rmcp::model::{CallToolResult, ContentBlock as Content};
use serde_json::{Value, json};

use super::listing;

/// The default cap on a result's text: Claude Code refuses tool results over 25,000 tokens,
/// and JSON-heavy text runs at about three characters a token.
pub const DEFAULT_MAX_OUTPUT_CHARS: usize = 60_000;

/// The MCP result of `result`, for a tool whose output schema is `output_schema`.
pub(crate) fn reply(
    result: &ToolResult,
    output_schema: &Value,
    max_chars: usize,
) -> CallToolResult {
    let content = cut(&result.record.content, max_chars);
    match (result.error(), &result.value) {
        (None, Some(value)) => {
            let mut structured = if listing::is_object_schema(output_schema) {
                (**value).clone()
            } else {
                json!({ "value": &**value })
            };
            without_carried_media(&mut structured, &result.record.content);
            let mut reply = CallToolResult::success(content);
            reply.structured_content = Some(structured);
            reply
        }
        (error, _) => {
            let envelope = error.map_or_else(
                || json!({ "name": "Error", "code": "TOOL_ERROR", "message": "no value" }),
                |error| json!({ "name": error.name, "code": error.code, "message": error.message }),
            );
            let mut reply = CallToolResult::error(content);
            reply.structured_content = Some(envelope);
            reply
        }
    }
}

/// The content blocks as MCP content, their text cut to `max_chars` characters in all. The
/// first block then starts with a line saying how much was dropped.
fn cut(blocks: &[ContentBlock], max_chars: usize) -> Vec<Content> {
    let total: usize = blocks.iter().map(text_chars).sum();
    let mut left = max_chars;
    let mut content: Vec<Content> = Vec::with_capacity(blocks.len() + 1);
    for block in blocks {
        match block {
            ContentBlock::Image { media_type, data } => {
                content.push(Content::image(data.clone(), media_type.clone()));
            }
            ContentBlock::Audio { media_type, data } => {
                content.push(Content::audio(data.clone(), media_type.clone()));
            }
            ContentBlock::Resource { value } => match serde_json::from_value(value.clone()) {
                Ok(resource) => content.push(resource),
                Err(error) => content.push(Content::text(format!(
                    "[a resource that is not an MCP content block ({error}) was left out]"
                ))),
            },
            _ => {
                let text = block_text(block);
                let kept: String = text.chars().take(left).collect();
                left -= kept.chars().count();
                if !kept.is_empty() {
                    content.push(Content::text(kept));
                }
            }
        }
    }
    if total > max_chars {
        let notice = format!(
            "[output cut: {} of {total} characters dropped (the server's --max-output-chars is \
             {max_chars}); return less, or a summary]",
            total - max_chars
        );
        content.insert(0, Content::text(notice));
    }
    content
}

fn text_chars(block: &ContentBlock) -> usize {
    block_text(block).chars().count()
}

fn block_text(block: &ContentBlock) -> String {
    block.as_text().map(std::borrow::Cow::into_owned).unwrap_or_default()
}

/// `structured` with the base64 of every media block that `content` carries replaced by which
/// content block holds it (`"content": 2`): the data travels once, as the block a client shows.
fn without_carried_media(structured: &mut Value, content: &[ContentBlock]) {
    let carried: Vec<&str> = content.iter().filter_map(ContentBlock::base64).collect();
    if carried.is_empty() {
        return;
    }
    let mut stack = vec![structured];
    while let Some(value) = stack.pop() {
        match value {
            Value::Array(items) => stack.extend(items.iter_mut()),
            Value::Object(object) => {
                for field in ["data", "blob"] {
                    let index = object
                        .get(field)
                        .and_then(Value::as_str)
                        .and_then(|data| content.iter().position(|b| b.base64() == Some(data)));
                    if let Some(index) = index {
                        object.remove(field);
                        object.insert("content".to_owned(), json!(index));
                    }
                }
                stack.extend(object.values_mut());
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(content: &[Content]) -> Vec<String> {
        content.iter().filter_map(|c| c.as_text().map(|t| t.text.clone())).collect()
    }

    #[test]
    fn r_mcps_3_a_result_over_the_cap_is_cut_and_the_cut_announced_first() {
        let blocks = vec![ContentBlock::Text { text: "a".repeat(100) }];
        let content = texts(&cut(&blocks, 30));
        assert_eq!(content.len(), 2);
        assert!(content[0].contains("70 of 100 characters dropped"), "{}", content[0]);
        assert_eq!(content[1], "a".repeat(30));
        let whole = texts(&cut(&blocks, 100));
        assert_eq!(whole, vec!["a".repeat(100)]);
    }
}
