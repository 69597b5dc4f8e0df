//! UI cards: pure projections of a call and of its result (R-DEF-2, R-LOG-3).
//!
//! Cards are never stored. A live UI computes them while calls run; replay computes them again
//! from the log's arguments and result records, so they must depend on nothing else.

use std::fmt;

use serde::Serialize;
use serde_json::Value;

use crate::result::ResultRecord;

/// Longest a default card's title gets before it is cut with `…`.
const DEFAULT_TITLE_CHARS: usize = 96;

/// What a UI shows for a call or a result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Card {
    /// One line.
    pub title: String,
    /// More, for UIs that can expand a card (a script, a diff).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
}

impl Card {
    /// A card with a title only.
    pub fn new(title: impl Into<String>) -> Self {
        Self { title: title.into(), detail: None }
    }

    /// Adds the expandable part.
    pub fn with_detail(mut self, detail: impl Into<String>) -> Self {
        self.detail = Some(detail.into());
        self
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.title)?;
        if let Some(detail) = &self.detail {
            write!(f, "\n{detail}")?;
        }
        Ok(())
    }
}

/// The card of a call whose tool has no `present_call`: its name and compact arguments.
pub fn default_call_card(name: &str, arguments: &Value) -> Card {
    let arguments = match arguments {
        Value::String(raw) => raw.clone(),
        other => other.to_string(),
    };
    Card::new(truncate(&format!("{name} {arguments}"), DEFAULT_TITLE_CHARS))
}

/// The card of a result whose tool has no `present_result`: the error, or the first line of
/// the content.
pub fn default_result_card(result: &ResultRecord) -> Card {
    if let Some(error) = &result.error {
        return Card::new(truncate(&error.to_string(), DEFAULT_TITLE_CHARS));
    }
    let first_line = result
        .content
        .iter()
        .find_map(|block| block.as_text().map(|text| text.lines().next().unwrap_or("").to_owned()))
        .unwrap_or_default();
    Card::new(truncate(&first_line, DEFAULT_TITLE_CHARS))
}

/// Cuts `text` to at most `max_chars` characters, marking the cut with `…`: for card titles,
/// previews, and messages that must not echo a long value whole.
pub fn truncate(text: &str, max_chars: usize) -> String {
    match text.char_indices().nth(max_chars.saturating_sub(1)) {
        Some((cut, _)) if text[cut..].chars().nth(1).is_some() => format!("{}…", &text[..cut]),
        _ => text.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::ContentBlock;
    use crate::result::{ErrorCode, ErrorInfo};
    use serde_json::json;

    #[test]
    fn default_cards_show_the_call_and_the_outcome() {
        assert_eq!(
            default_call_card("read_file", &json!({"path": "a"})).title,
            r#"read_file {"path":"a"}"#
        );
        assert_eq!(default_call_card("t", &Value::String("{oops".into())).title, "t {oops");
        let ok = ResultRecord::success(vec![ContentBlock::text("first\nsecond")], None);
        assert_eq!(default_result_card(&ok).title, "first");
        let failed = ResultRecord::failure(ErrorInfo::new(ErrorCode::Denied, "outside the roots"));
        assert_eq!(default_result_card(&failed).title, "DENIED: outside the roots");
    }

    #[test]
    fn truncate_marks_the_cut_and_respects_characters() {
        assert_eq!(truncate("abcdef", 4), "abc…");
        assert_eq!(truncate("abcd", 4), "abcd");
        assert_eq!(truncate("ééééé", 3), "éé…");
        assert_eq!(truncate("", 3), "");
    }
}
