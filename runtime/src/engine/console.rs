//! The text of one console line (R-RT-1), as Node's `console.log` writes it.
//!
//! Primitives (what most lines print: `console.log("read", n, "files")`) are written here; a line
//! with an object among its arguments goes to `format.js`, Node's `util.inspect` in JavaScript,
//! which is compiled the first time a run needs it: compiling it costs milliseconds that a run
//! printing only text should not pay, and an engine serves one run.

use std::path::Path;

use boa_engine::object::builtins::{JsArray, JsFunction};
use boa_engine::{Context, JsResult, JsValue, Source};

use super::convert::display;
use super::globals::HostState;
use super::originals::function;

/// The console formatter (see the file), a function of the captured built-ins.
const FORMAT: &str = include_str!("format.js");

/// The compiled formatter of this context, once a line needed it.
struct Formatter(JsFunction);

/// One console line's arguments as text; each argument as [`display`] shows it if the formatter
/// fails.
pub(crate) fn console_text(args: &[JsValue], context: &mut Context) -> String {
    if let Some(parts) = args.iter().map(primitive_text).collect::<Option<Vec<String>>>() {
        return parts.join(" ");
    }
    let array = JsArray::from_iter(args.iter().cloned(), context);
    let formatted = formatter(context)
        .and_then(|format| format.call(&JsValue::undefined(), &[array.into()], context))
        .ok()
        .and_then(|text| text.as_string().map(|text| text.to_std_string_lossy()));
    formatted.unwrap_or_else(|| {
        let parts: Vec<String> = args.iter().map(|value| display(value, context)).collect();
        parts.join(" ")
    })
}

/// A console argument that is no object, as `util.inspect` shows it at the top of a line (a
/// string as itself); `None` for an object.
fn primitive_text(value: &JsValue) -> Option<String> {
    if let Some(text) = value.as_string() {
        return Some(text.to_std_string_lossy());
    }
    if let Some(number) = value.as_number() {
        // `util.inspect` tells -0 from 0; `String(-0)` does not.
        if number == 0.0 && number.is_sign_negative() {
            return Some("-0".to_owned());
        }
        return Some(value.display().to_string());
    }
    if let Some(big) = value.as_bigint() {
        return Some(format!("{big}n"));
    }
    if let Some(symbol) = value.as_symbol() {
        return Some(symbol.descriptive_string().to_std_string_lossy());
    }
    if value.is_undefined() || value.is_null() || value.is_boolean() {
        return Some(value.display().to_string());
    }
    None
}

/// The formatter, compiled at its first use in this context.
fn formatter(context: &mut Context) -> JsResult<JsFunction> {
    if let Some(Formatter(format)) = context.get_data::<Formatter>() {
        return Ok(format.clone());
    }
    let captured =
        context.get_data::<HostState>().map(|state| state.originals().for_format.clone());
    let captured = captured.ok_or_else(|| {
        boa_engine::JsNativeError::error().with_message("the console is not connected")
    })?;
    let source = Source::from_bytes(FORMAT).with_path(Path::new("format.js"));
    let make = function(context.eval(source)?)?;
    let format = function(make.call(&JsValue::undefined(), &[captured.into()], context)?)?;
    context.insert_data(Formatter(format.clone()));
    Ok(format)
}
