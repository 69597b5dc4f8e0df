//! Media a script returns (issue 33): the MCP content blocks a mounted tool gave it (an image,
//! audio, an embedded resource, a resource link) that its result holds, anywhere inside it,
//! reach the client as those blocks, not as base64 inside JSON text.
//!
//! `extract` takes each block out of the result, within a budget of base64 bytes, into the
//! run's `media` list (`{ path, block }`), and leaves a reference in its place: `{ type,
//! mimeType, media: N }`, N the block's place in the list (from 1). A block past the budget
//! stays out, its reference saying so, and a note too. `run_code`'s render shows the blocks
//! after its text; an MCP client's `structuredContent` then refers to the content block
//! instead of carrying the data again (`ordo::mcp`).

use serde_json::{Map, Value, json};

use crate::kept::size;
use crate::value::Media;

/// The base64 bytes of media a result passes on by default: 5 MiB.
pub const DEFAULT_MEDIA_BUDGET: usize = 5 << 20;

/// What [`extract`] took out of a result.
#[derive(Debug, Default, PartialEq)]
pub(crate) struct Extracted {
    /// Each block passed on, in the order met.
    pub(crate) media: Vec<Media>,
    /// What the model should know of blocks left out.
    pub(crate) notes: Vec<String>,
}

/// Takes the MCP content blocks out of `result` (see the module's documentation), passing on
/// at most `budget` bytes of base64.
pub(crate) fn extract(result: &mut Value, budget: usize) -> Extracted {
    let mut extracted = Extracted::default();
    let mut left = budget;
    walk(result, "result", &mut |value, path| {
        let Some(kind) = media_kind(value) else { return false };
        let bytes = base64_len(value);
        let mut reference = Map::new();
        reference.insert("type".to_owned(), json!(kind));
        if let Some(mime) = mime_type(value) {
            reference.insert("mimeType".to_owned(), json!(mime));
        }
        if bytes <= left {
            left -= bytes;
            let block = std::mem::take(value);
            extracted.media.push(Media { path: path.to_owned(), block });
            reference.insert("media".to_owned(), json!(extracted.media.len()));
        } else {
            let why = format!(
                "left out: {} of base64, past what is left of the {} media budget",
                size(bytes),
                size(budget)
            );
            extracted.notes.push(format!("{path} was {} {kind}; {why}", article(kind)));
            reference.insert("dropped".to_owned(), json!(why));
        }
        *value = Value::Object(reference);
        true
    });
    extracted
}

/// Calls `visit` on every value under `value` (depth first, in order), with its path; does not
/// go inside a value `visit` took (returned `true` for).
fn walk(value: &mut Value, path: &str, visit: &mut impl FnMut(&mut Value, &str) -> bool) {
    if visit(value, path) {
        return;
    }
    match value {
        Value::Array(items) => {
            for (index, item) in items.iter_mut().enumerate() {
                walk(item, &format!("{path}[{index}]"), visit);
            }
        }
        Value::Object(object) => {
            for (key, item) in object.iter_mut() {
                let path = if is_identifier(key) {
                    format!("{path}.{key}")
                } else {
                    format!("{path}[{}]", Value::from(key.as_str()))
                };
                walk(item, &path, visit);
            }
        }
        _ => {}
    }
}

/// The kind of MCP content block `value` is, if it is one that is not text.
fn media_kind(value: &Value) -> Option<&'static str> {
    let object = value.as_object()?;
    let text = |field: &str| object.get(field).and_then(Value::as_str);
    match text("type")? {
        "image" if text("data").is_some() && text("mimeType").is_some() => Some("image"),
        "audio" if text("data").is_some() && text("mimeType").is_some() => Some("audio"),
        "resource" if object.get("resource").and_then(|r| r.get("uri")).is_some() => {
            Some("resource")
        }
        "resource_link" if text("uri").is_some() && text("name").is_some() => Some("resource_link"),
        _ => None,
    }
}

fn mime_type(block: &Value) -> Option<&str> {
    block["mimeType"].as_str().or_else(|| block["resource"]["mimeType"].as_str())
}

/// The bytes of base64 (or of embedded text) a block carries.
fn base64_len(block: &Value) -> usize {
    ["data"]
        .iter()
        .filter_map(|field| block[field].as_str())
        .chain(["blob", "text"].iter().filter_map(|field| block["resource"][field].as_str()))
        .map(str::len)
        .sum()
}

fn article(kind: &str) -> &'static str {
    if kind.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" }
}

fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_alphabetic() || c == '_' || c == '$')
        && chars.all(|c| c.is_alphanumeric() || c == '_' || c == '$')
}

/// `#1 result.picture: image (image/png, 4 KiB)`: one line per block passed on, for the text
/// the model reads.
pub fn lines(media: &[Media]) -> Vec<String> {
    media
        .iter()
        .enumerate()
        .map(|(index, entry)| {
            let block = &entry.block;
            let kind = block["type"].as_str().unwrap_or("block");
            let what = match (mime_type(block), base64_len(block)) {
                (Some(mime), 0) => format!(" ({mime})"),
                (Some(mime), bytes) => format!(" ({mime}, {})", size(bytes)),
                (None, _) => block["uri"]
                    .as_str()
                    .or_else(|| block["resource"]["uri"].as_str())
                    .map(|uri| format!(" ({uri})"))
                    .unwrap_or_default(),
            };
            let path = &entry.path;
            format!("#{} {path}: {kind}{what}", index + 1)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn image(data: &str) -> Value {
        json!({ "type": "image", "data": data, "mimeType": "image/png" })
    }

    #[test]
    fn blocks_anywhere_in_a_result_are_taken_out_and_referred_to() {
        let link = json!({ "type": "resource_link", "uri": "file:///a.txt", "name": "a.txt" });
        let mut result = json!({
            "picture": image("AAAA"),
            "pages": [{ "shot": image("BBBBBB") }, link.clone()],
            "text": { "type": "text", "text": "stays" },
            "lookalike": { "type": "image", "data": "no mimeType: not a block" }
        });
        let extracted = extract(&mut result, 1000);
        assert_eq!(
            result,
            json!({
                "picture": { "type": "image", "mimeType": "image/png", "media": 1 },
                "pages": [
                    { "shot": { "type": "image", "mimeType": "image/png", "media": 2 } },
                    { "type": "resource_link", "media": 3 }
                ],
                "text": { "type": "text", "text": "stays" },
                "lookalike": { "type": "image", "data": "no mimeType: not a block" }
            })
        );
        let paths: Vec<&str> = extracted.media.iter().map(|m| m.path.as_str()).collect();
        assert_eq!(paths, ["result.picture", "result.pages[0].shot", "result.pages[1]"]);
        assert_eq!(extracted.media[2].block, link);
        assert_eq!(
            lines(&extracted.media),
            [
                "#1 result.picture: image (image/png, 4 bytes)",
                "#2 result.pages[0].shot: image (image/png, 6 bytes)",
                "#3 result.pages[1]: resource_link (file:///a.txt)",
            ]
        );
        assert!(extracted.notes.is_empty());
    }

    #[test]
    fn a_block_past_the_budget_stays_out_and_says_so() {
        let mut result = json!([image("AAAA"), image("BBBBBBBB"), image("CC")]);
        let extracted = extract(&mut result, 7);
        assert_eq!(extracted.media.len(), 2, "the first and the last fit");
        assert_eq!(result[0]["media"], 1);
        assert_eq!(result[2]["media"], 2);
        assert!(result[1].get("media").is_none() && result[1]["dropped"].is_string(), "{result}");
        assert_eq!(
            extracted.notes,
            ["result[1] was an image; left out: 8 bytes of base64, past what is left of the 7 \
              bytes media budget"]
        );
        let mut whole = image("AAAA");
        assert_eq!(extract(&mut whole, 10).media[0].path, "result", "the result itself");
    }
}
