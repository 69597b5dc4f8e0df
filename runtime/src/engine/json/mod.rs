//! `JSON.parse` of ordo's own, installed over Boa's when an engine is built (before any script).
//!
//! Boa 0.22 parses JSON text as JavaScript: it copies the text into a Rust string, checks it
//! with serde_json, wraps it in parentheses, parses that as a script, compiles it to bytecode
//! and runs it. Parsing 5 MB of records held several times the text in memory and cost an order
//! of magnitude more than reading it; and serde_json refused text that `JSON.parse` takes (a
//! `\u` escape of a lone surrogate). Here the text is read once, over its own code units
//! ([`parse`]), into objects and arrays made directly.
//!
//! A reviver is given the parsed value by the engine's InternalizeJSONProperty
//! (`boa_engine::builtins::json::revive`, a patch of ordo's): Boa's own `JSON.parse`, which the
//! reviver went through before, refused JSON that V8 takes (`1e999`, a `\u` escape of half a
//! surrogate pair) and said Boa's words for text that is not JSON (`syntax_error.rs` has V8's).

mod parse;
mod syntax_error;

use boa_engine::string::JsStrVariant;
use boa_engine::{Context, JsResult, JsValue, js_string};

use super::native;

/// Puts `parse` on `JSON`, as the built-in it replaces is: writable, configurable, not
/// enumerable.
pub(crate) fn install(context: &mut Context) -> JsResult<()> {
    let json = context.intrinsics().objects().json();
    let function = native::function(context, js_string!("parse"), 2, json_parse);
    native::define_method(&json, js_string!("parse"), function, context)
}

/// `JSON.parse(text, reviver)`.
fn json_parse(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let text = args.first().cloned().unwrap_or_default().to_string(context)?;
    let value = match text.as_str().variant() {
        JsStrVariant::Latin1(units) => parse::parse(units, context),
        JsStrVariant::Utf16(units) => parse::parse(units, context),
    }?;
    match args.get(1).and_then(JsValue::as_callable) {
        Some(reviver) => boa_engine::builtins::json::revive(value, &reviver, context),
        None => Ok(value),
    }
}
