//! Content blocks: what the model sees of a result.
//!
//! A tool body never produces these directly; its `render` projects the canonical value into
//! blocks (R-DEF-1). Blocks are what the session log stores and what provider messages carry.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One block of model-visible content.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ContentBlock {
    /// Plain text.
    Text {
        /// The text itself.
        text: String,
    },
    /// An image, base64-encoded.
    Image {
        /// The IANA media type, e.g. `image/png`.
        media_type: String,
        /// The base64-encoded bytes.
        data: String,
    },
    /// Audio, base64-encoded.
    Audio {
        /// The IANA media type, e.g. `audio/wav`.
        media_type: String,
        /// The base64-encoded bytes.
        data: String,
    },
    /// A resource as MCP carries it: an embedded resource (`{"type": "resource", "resource":
    /// {...}}`) or a resource link (`{"type": "resource_link", "uri": ...}`), its JSON as MCP
    /// writes it. Exported to providers that only take text as a line naming its URI.
    Resource {
        /// The MCP content block.
        value: Value,
    },
    /// A JSON document, for providers and UIs that accept structured content. Exported to
    /// providers that only take text as its compact serialization.
    Json {
        /// The document.
        value: Value,
    },
}

impl ContentBlock {
    /// A text block.
    pub fn text(text: impl Into<String>) -> Self {
        Self::Text { text: text.into() }
    }

    /// A JSON block.
    pub fn json(value: Value) -> Self {
        Self::Json { value }
    }

    /// The block as text, if it has a textual form (`Text` and `Json`).
    pub fn as_text(&self) -> Option<std::borrow::Cow<'_, str>> {
        match self {
            Self::Text { text } => Some(text.as_str().into()),
            Self::Json { value } => Some(value.to_string().into()),
            Self::Image { .. } | Self::Audio { .. } | Self::Resource { .. } => None,
        }
    }

    /// What a reader that takes only text is told of a block that is not text: `[image:
    /// image/png]`, `[audio: audio/wav]`, `[resource: file:///a.txt]`; `None` for text.
    pub fn placeholder(&self) -> Option<String> {
        match self {
            Self::Image { media_type, .. } => Some(format!("[image: {media_type}]")),
            Self::Audio { media_type, .. } => Some(format!("[audio: {media_type}]")),
            Self::Resource { value } => {
                let uri = value["uri"].as_str().or_else(|| value["resource"]["uri"].as_str());
                Some(format!("[resource: {}]", uri.unwrap_or("without a URI")))
            }
            Self::Text { .. } | Self::Json { .. } => None,
        }
    }

    /// The base64 data a block carries (an image's, audio's, or an embedded resource's blob).
    pub fn base64(&self) -> Option<&str> {
        match self {
            Self::Image { data, .. } | Self::Audio { data, .. } => Some(data),
            Self::Resource { value } => value["resource"]["blob"].as_str(),
            Self::Text { .. } | Self::Json { .. } => None,
        }
    }
}

impl From<String> for ContentBlock {
    fn from(text: String) -> Self {
        Self::text(text)
    }
}

impl From<&str> for ContentBlock {
    fn from(text: &str) -> Self {
        Self::text(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn blocks_serialize_with_a_type_tag() {
        let blocks = vec![
            ContentBlock::text("hi"),
            ContentBlock::Image { media_type: "image/png".into(), data: "AAAA".into() },
            ContentBlock::json(json!({"a": 1})),
        ];
        let encoded = serde_json::to_value(&blocks).unwrap();
        assert_eq!(
            encoded,
            json!([
                {"type": "text", "text": "hi"},
                {"type": "image", "media_type": "image/png", "data": "AAAA"},
                {"type": "json", "value": {"a": 1}},
            ])
        );
        let decoded: Vec<ContentBlock> = serde_json::from_value(encoded).unwrap();
        assert_eq!(decoded, blocks);
    }
}
