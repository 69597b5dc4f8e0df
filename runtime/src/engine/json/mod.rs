//! `JSON.parse` of ordo's own, installed over Boa's when an engine is built (before any script).
//!
//! Boa 0.22 parses JSON text as JavaScript: it copies the text into a Rust string, checks it
//! with serde_json, wraps it in parentheses, parses that as a script, compiles it to bytecode
//! and runs it. Parsing 5 MB of records held several times the text in memory and cost an order
//! of magnitude more than reading it; and serde_json refused text that `JSON.parse` takes (a
//! `\u` escape of a lone surrogate). Here the text is read once, over its own code units
//! ([`parse`]), into objects and arrays made directly.
//!
//! With a reviver, Boa's own `JSON.parse` is called: it also hands the reviver each primitive's
//! source text, and a reviver walks every value in JavaScript anyway.

mod parse;

use boa_engine::string::JsStrVariant;
use boa_engine::{Context, JsNativeError, JsObject, JsResult, JsValue, js_string};

use super::native;

/// Boa's own `JSON.parse` (for a reviver), in the context's data.
struct BuiltinParse(JsObject);

/// Puts `parse` on `JSON`, as the built-in it replaces is: writable, configurable, not
/// enumerable.
pub(crate) fn install(context: &mut Context) -> JsResult<()> {
    let json = context.intrinsics().objects().json();
    let builtin = native::builtin(&json, js_string!("parse"), context)?;
    context.insert_data(BuiltinParse(builtin));
    let function = native::function(context, js_string!("parse"), 2, json_parse);
    native::define_method(&json, js_string!("parse"), function, context)
}

/// `JSON.parse(text, reviver)`.
fn json_parse(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let text = args.first().cloned().unwrap_or_default().to_string(context)?;
    if args.get(1).is_some_and(JsValue::is_callable) {
        let builtin = context.get_data::<BuiltinParse>().map(|builtin| builtin.0.clone());
        let builtin = builtin
            .ok_or_else(|| JsNativeError::typ().with_message("JSON.parse is not installed"))?;
        return builtin.call(this, args, context);
    }
    match text.as_str().variant() {
        JsStrVariant::Latin1(units) => parse::parse(units, context),
        JsStrVariant::Utf16(units) => parse::parse(units, context),
    }
}
