//! UI cards: pure projections of a call and of its result (R-DEF-2, R-LOG-3).
//!
//! Cards are never stored. A live UI computes them while calls run; replay computes them again
//! from the log's arguments and result records, so they must depend on nothing else.
//!
//! A tool's card says what the call does (`Read two.js`); which tool it is, every UI says the
//! same way, with [`headline`]: `read_file · Read two.js`.

use std::fmt;

use serde::Serialize;
use serde_json::Value;

use crate::name::ToolName;
use crate::registry::Tool;
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

/// The card of a call of `name`: its tool's `present_call`, or the default card when no tool of
/// that name is registered (a log replayed without its tools, a misspelt name).
pub fn call_card(tool: Option<&Tool>, name: &str, arguments: &Value) -> Card {
    tool.map_or_else(|| default_call_card(name, arguments), |tool| tool.present_call(arguments))
}

/// The card of a call's result: its tool's `present_result`, or the default card when no tool
/// of that name is registered.
pub fn result_card(tool: Option<&Tool>, arguments: &Value, record: &ResultRecord) -> Card {
    tool.map_or_else(|| default_result_card(record), |tool| tool.present_result(arguments, record))
}

/// A call card's title headed by its tool's name, as every UI shows a call: `read_file · Read
/// two.js`. A tool named `<space>__<member>` (a mounted server's) is named as scripts call it,
/// `space.member`. A title that already starts with the name (a default card: the name, then
/// the arguments) names it once: `deploy · {"target":"staging"}`.
pub fn headline(name: &str, card: &Card) -> String {
    let shown = ToolName::parse(name).script_path();
    let title = match card.title.strip_prefix(name) {
        Some(rest) if rest.is_empty() || rest.starts_with(' ') => rest.trim_start(),
        _ => card.title.as_str(),
    };
    if title.is_empty() { shown } else { format!("{shown} · {title}") }
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

    /// R-DEF-2: every card is headed by its tool's name, once, mounted tools as scripts call
    /// them.
    #[test]
    fn r_def_2_a_headline_names_the_tool_once() {
        let card = |title: &str| Card::new(title);
        assert_eq!(headline("read_file", &card("Read two.js")), "read_file · Read two.js");
        let default = default_call_card("deploy", &json!({"target": "staging"}));
        assert_eq!(headline("deploy", &default), r#"deploy · {"target":"staging"}"#);
        let mounted = default_call_card("everything__echo", &json!({"message": "hi"}));
        assert_eq!(headline("everything__echo", &mounted), r#"everything.echo · {"message":"hi"}"#);
        assert_eq!(
            headline("github__create_issue", &card("Open #3")),
            "github.create_issue · Open #3"
        );
        assert_eq!(
            headline("read", &card("read_file x")),
            "read · read_file x",
            "a word, not a prefix"
        );
        assert_eq!(headline("__odd", &card("x")), "__odd · x", "no space, no namespace");
        assert_eq!(headline("ping", &card("")), "ping");
        assert_eq!(headline("ping", &card("ping")), "ping");
    }

    #[test]
    fn truncate_marks_the_cut_and_respects_characters() {
        assert_eq!(truncate("abcdef", 4), "abc…");
        assert_eq!(truncate("abcd", 4), "abcd");
        assert_eq!(truncate("ééééé", 3), "éé…");
        assert_eq!(truncate("", 3), "");
    }
}
