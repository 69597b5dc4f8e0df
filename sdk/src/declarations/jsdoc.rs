//! JSDoc from a schema's annotations.

use serde_json::{Map, Value};

use super::INDENT;
use super::ty::json_text;

/// Longer `default` values are left out of JSDoc rather than flood the prompt.
const MAX_DEFAULT_CHARS: usize = 80;

/// Keywords written into JSDoc as `@keyword value`, in this order.
const TAGGED_KEYWORDS: &[&str] = &[
    "format",
    "minimum",
    "exclusiveMinimum",
    "maximum",
    "exclusiveMaximum",
    "multipleOf",
    "minLength",
    "maxLength",
    "pattern",
    "minItems",
    "maxItems",
];

/// The JSDoc lines of a schema: its description, its documented literals, then tags.
///
/// `title` is left out: generators write it as a copy of the property or type name (pydantic
/// puts `"title": "Path"` on every property), which would only repeat the name in every comment.
pub(super) fn doc_lines(schema: &Value) -> Vec<String> {
    let Value::Object(object) = schema else { return Vec::new() };
    let text = object.get("description").and_then(Value::as_str);
    let mut lines = text.map(text_lines).unwrap_or_default();
    documented_literals(object, &mut lines);
    let mut tag = |line: String| lines.extend(text_lines(&line));
    if object.get("deprecated") == Some(&Value::Bool(true)) {
        tag("@deprecated".to_owned());
    }
    if let Some(default) = object.get("default").map(json_text)
        && default.chars().count() <= MAX_DEFAULT_CHARS
    {
        tag(format!("@default {default}"));
    }
    for keyword in TAGGED_KEYWORDS {
        match object.get(*keyword) {
            Some(Value::String(text)) => tag(format!("@{keyword} {text}")),
            Some(Value::Number(number)) => tag(format!("@{keyword} {number}")),
            _ => {}
        }
    }
    lines
}

/// Adds `- "value": description` for each alternative of a union that is one documented literal:
/// schemars writes documented enum variants so, and the type alone would lose their meaning.
fn documented_literals(object: &Map<String, Value>, lines: &mut Vec<String>) {
    for keyword in ["oneOf", "anyOf"] {
        let Some(Value::Array(alternatives)) = object.get(keyword) else { continue };
        for alternative in alternatives {
            let literal = alternative.get("const").or_else(|| match alternative.get("enum") {
                Some(Value::Array(values)) if values.len() == 1 => values.first(),
                _ => None,
            });
            let description = alternative.get("description").and_then(Value::as_str);
            if let (Some(literal), Some(description)) = (literal, description) {
                lines.extend(text_lines(&format!(
                    "- {}: {}",
                    json_text(literal),
                    description.trim()
                )));
            }
        }
    }
}

/// Text as JSDoc lines: trimmed, split at every line terminator, `*/` defused.
pub(super) fn text_lines(text: &str) -> Vec<String> {
    let text = text.trim();
    if text.is_empty() {
        return Vec::new();
    }
    text.split("\r\n")
        .flat_map(|line| line.split(['\n', '\r', '\u{2028}', '\u{2029}']))
        .map(|line| line.trim_end().replace("*/", "*\\/"))
        .collect()
}

/// Writes a JSDoc block at an indentation level: one line if it fits on one.
pub(super) fn write_doc(out: &mut String, lines: &[String], indent: usize) {
    let pad = INDENT.repeat(indent);
    match lines {
        [] => {}
        [line] => out.push_str(&format!("{pad}/** {line} */\n")),
        _ => {
            out.push_str(&format!("{pad}/**\n"));
            for line in lines {
                let gap = if line.is_empty() { "" } else { " " };
                out.push_str(&format!("{pad} *{gap}{line}\n"));
            }
            out.push_str(&format!("{pad} */\n"));
        }
    }
}
