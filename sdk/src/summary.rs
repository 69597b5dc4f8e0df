//! What `run_code`'s result card says of the value a script returned: its kind and its size,
//! never the value itself (`array of 16`, `object {folder, total_lines, modules}`, `string
//! "…"`, `number 42`, `null`, `true`).
//!
//! Replay draws the card again from the log alone (R-LOG-3), and the log never holds the value,
//! only what the model read of it, which may be cut. So a run records the value's [`Shape`] as its
//! presentation meta, a few hundred bytes whatever the value, and the card is worded from that.

use std::fmt;

use ordo_tools::presentation::truncate;
use serde::{Deserialize, Serialize};
use serde_json::{Number, Value};

/// Characters of a string kept for its preview.
const PREVIEW_CHARS: usize = 40;

/// Keys of an object kept, each cut to [`KEY_CHARS`]: enough to fill [`KEYS_WIDTH`].
const KEYS_KEPT: usize = 16;
const KEY_CHARS: usize = 32;

/// Most characters the keys take on a card, separators included, before `…` stands for the
/// rest.
const KEYS_WIDTH: usize = 48;

/// The kind and size of a JSON value, with a short preview of a scalar: what a card needs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub(crate) enum Shape {
    /// `null`, which is also what a script that returned nothing gives.
    Null,
    /// `true` or `false`.
    Boolean {
        /// The value.
        value: bool,
    },
    /// A number, as JSON wrote it.
    Number {
        /// The value.
        value: Number,
    },
    /// A string: its length and its start.
    String {
        /// Its length in characters.
        chars: usize,
        /// Its first characters (all of it when it is short).
        preview: String,
    },
    /// An array: its length.
    Array {
        /// How many items it has.
        length: usize,
    },
    /// An object: its first keys, in order, and how many it has.
    Object {
        /// Its first keys, each cut to a few dozen characters.
        keys: Vec<String>,
        /// How many keys it has.
        count: usize,
    },
}

impl Shape {
    /// The shape of `value`.
    pub(crate) fn of(value: &Value) -> Self {
        match value {
            Value::Null => Self::Null,
            Value::Bool(value) => Self::Boolean { value: *value },
            Value::Number(value) => Self::Number { value: value.clone() },
            Value::String(text) => Self::String {
                chars: text.chars().count(),
                preview: text.chars().take(PREVIEW_CHARS).collect(),
            },
            Value::Array(items) => Self::Array { length: items.len() },
            Value::Object(map) => Self::Object {
                keys: map.keys().take(KEYS_KEPT).map(|key| truncate(key, KEY_CHARS)).collect(),
                count: map.len(),
            },
        }
    }
}

/// The summary a card shows: one line, whatever the value.
impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Null => f.write_str("null"),
            Self::Boolean { value } => write!(f, "{value}"),
            Self::Number { value } => write!(f, "number {value}"),
            Self::String { chars, preview } => {
                // Quoted and escaped as JSON: a newline shows as `\n`, never breaks the line.
                let quoted = Value::String(preview.clone()).to_string();
                let shown = preview.chars().count();
                if *chars > shown {
                    let open = &quoted[..quoted.len() - 1];
                    write!(f, "string {open}…\" ({chars} chars)")
                } else {
                    write!(f, "string {quoted}")
                }
            }
            Self::Array { length: 0 } => f.write_str("empty array"),
            Self::Array { length } => write!(f, "array of {length}"),
            Self::Object { count: 0, .. } => f.write_str("empty object"),
            Self::Object { keys, count } => {
                let mut shown = String::new();
                let mut listed = 0;
                for key in keys {
                    let separator = if listed == 0 { "" } else { ", " };
                    if shown.chars().count() + separator.len() + key.chars().count() > KEYS_WIDTH
                        && listed > 0
                    {
                        break;
                    }
                    shown.push_str(separator);
                    shown.push_str(key);
                    listed += 1;
                }
                if listed < *count {
                    write!(f, "object {{{shown}, …}} ({count} keys)")
                } else {
                    write!(f, "object {{{shown}}}")
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    /// The summary of `value`, after its shape went through the log as JSON (R-DEF-2: the card is
    /// drawn from what the log keeps).
    fn summary(value: Value) -> String {
        let meta = serde_json::to_value(Shape::of(&value)).unwrap();
        serde_json::from_value::<Shape>(meta).unwrap().to_string()
    }

    #[test]
    fn r_def_2_scalars_say_their_kind_and_value() {
        assert_eq!(summary(json!(null)), "null");
        assert_eq!(summary(json!(true)), "true");
        assert_eq!(summary(json!(false)), "false");
        assert_eq!(summary(json!(42)), "number 42");
        assert_eq!(summary(json!(-0.5)), "number -0.5");
        assert_eq!(summary(json!("done")), r#"string "done""#);
        assert_eq!(summary(json!("")), r#"string """#);
    }

    #[test]
    fn r_def_2_a_string_with_newlines_stays_on_one_line_and_a_long_one_is_cut() {
        assert_eq!(summary(json!("one\ntwo \"2\"")), r#"string "one\ntwo \"2\"""#);
        let long = format!("{}\n{}", "é".repeat(30), "x".repeat(100));
        let shown = summary(json!(long));
        assert_eq!(
            shown,
            format!(r#"string "{}\n{}…" (131 chars)"#, "é".repeat(30), "x".repeat(9))
        );
        assert!(!shown.contains('\n'), "{shown}");
    }

    #[test]
    fn r_def_2_arrays_say_their_length() {
        assert_eq!(summary(json!([])), "empty array");
        assert_eq!(summary(json!([1])), "array of 1");
        assert_eq!(summary(json!((0..16).collect::<Vec<_>>())), "array of 16");
        assert_eq!(summary(json!([[1, 2], { "a": 1 }])), "array of 2", "the top level only");
    }

    #[test]
    fn r_def_2_objects_list_their_keys_cut_to_a_width() {
        assert_eq!(summary(json!({})), "empty object");
        let object = json!({ "folder": "src", "total_lines": 1200, "modules": [] });
        assert_eq!(summary(object), "object {folder, total_lines, modules}");
        let many: serde_json::Map<String, Value> =
            (0..40).map(|i| (format!("key_{i:02}"), json!(i))).collect();
        assert_eq!(
            summary(Value::Object(many)),
            "object {key_00, key_01, key_02, key_03, key_04, key_05, …} (40 keys)"
        );
        let meta = serde_json::to_string(&Shape::of(&json!({ "k".repeat(10_000): 1 }))).unwrap();
        assert!(meta.len() < 100, "the meta stays small whatever the keys: {meta}");
        assert_eq!(
            summary(json!({ "k".repeat(100): 1 })),
            format!("object {{{}…}}", "k".repeat(31))
        );
    }

    /// A caught error a script returns is an object like any other (R-CODE-10); what it holds is
    /// not looked into.
    #[test]
    fn r_def_2_nested_values_and_returned_errors_are_summed_up_at_the_top() {
        let error = json!({ "name": "NotFound", "message": "`a` does not exist", "code": "TOOL_ERROR", "tool": "read_file" });
        assert_eq!(summary(error), "object {name, message, code, tool}");
        let nested = json!({ "errors": [{ "message": "x" }], "ok": { "deep": { "deeper": 1 } } });
        assert_eq!(summary(nested), "object {errors, ok}");
    }
}
