//! Values across the boundary: host-call arguments as plain JSON, and errors as messages with
//! positions.
//!
//! Everything here uses built-ins captured before any script ran ([`Originals`]), so a script
//! that replaces `JSON.stringify` or `Object.getOwnPropertyDescriptor` changes nothing here.

use boa_engine::{Context, JsError, JsObject, JsResult, JsString, JsValue, js_string};
use serde_json::{Map, Number, Value};

use super::originals::Originals;
use super::script_text::{Culprit, ScriptText};
use super::stack::{error_classes, stack_of, thrown_at};
use crate::outcome::Position;

/// Objects nested deeper than this cannot be host-call arguments.
const MAX_ARGUMENT_DEPTH: usize = 64;

/// Array elements beyond this cannot be host-call arguments.
const MAX_ARGUMENT_ELEMENTS: u64 = 1 << 20;

/// `JSON.stringify(value)`, as the specification defines it (`toJSON`, getters and all: the
/// result is the script's own value). `None` when JSON has no text for it (`undefined`).
fn stringify(value: &JsValue, context: &mut Context) -> JsResult<Option<String>> {
    let stringify = match context.get_data::<super::globals::HostState>() {
        Some(state) => state.originals().stringify.clone(),
        None => Originals::capture(context)?.stringify,
    };
    let text = stringify.call(&JsValue::undefined(), std::slice::from_ref(value), context)?;
    Ok(text.as_string().map(|text| text.to_std_string_lossy()))
}

/// A host-call argument as plain JSON: only arrays and plain objects, only their own enumerable
/// data properties; no getter, function, symbol, BigInt, cycle, or inherited property can become
/// an argument. Non-finite numbers become `null` and `undefined` properties are left out, as in
/// JSON.
pub(crate) fn plain_json(
    value: &JsValue,
    originals: &Originals,
    context: &mut Context,
) -> Result<Value, String> {
    let mut path = Vec::new();
    to_plain(value, originals, context, &mut path, "argument")
}

fn to_plain(
    value: &JsValue,
    originals: &Originals,
    context: &mut Context,
    stack: &mut Vec<JsObject>,
    at: &str,
) -> Result<Value, String> {
    if value.is_null() || value.is_undefined() {
        return Ok(Value::Null);
    }
    if let Some(flag) = value.as_boolean() {
        return Ok(Value::Bool(flag));
    }
    if let Some(number) = value.as_number() {
        return Ok(json_number(number));
    }
    if let Some(text) = value.as_string() {
        return Ok(Value::String(text.to_std_string_lossy()));
    }
    if value.is_symbol() || value.is_bigint() {
        return Err(format!("{at} is a {}, which JSON cannot carry", value.type_of()));
    }
    let Some(object) = value.as_object() else {
        return Err(format!("{at} cannot be carried as JSON"));
    };
    if object.is_callable() {
        return Err(format!("{at} is a function; only plain data can be passed"));
    }
    if stack.iter().any(|seen| JsObject::equals(seen, &object)) {
        return Err(format!("{at} is circular"));
    }
    if stack.len() >= MAX_ARGUMENT_DEPTH {
        return Err(format!("{at} is nested deeper than {MAX_ARGUMENT_DEPTH} levels"));
    }
    let prototype = object.prototype();
    let is_array = object.is_array()
        && prototype
            .as_ref()
            .is_some_and(|prototype| JsObject::equals(prototype, &originals.array_prototype));
    let is_plain = prototype
        .as_ref()
        .is_none_or(|prototype| JsObject::equals(prototype, &originals.object_prototype));
    if !is_array && !is_plain {
        return Err(format!("{at} is not a plain object or array"));
    }
    stack.push(object.clone());
    let converted = if is_array {
        array_to_plain(&object, originals, context, stack, at)
    } else {
        object_to_plain(&object, originals, context, stack, at)
    };
    stack.pop();
    converted
}

fn array_to_plain(
    array: &JsObject,
    originals: &Originals,
    context: &mut Context,
    stack: &mut Vec<JsObject>,
    at: &str,
) -> Result<Value, String> {
    let length = array
        .get(js_string!("length"), context)
        .ok()
        .and_then(|length| length.as_number())
        .unwrap_or(0.0);
    if length > MAX_ARGUMENT_ELEMENTS as f64 {
        return Err(format!("{at} has more than {MAX_ARGUMENT_ELEMENTS} elements"));
    }
    let mut items = Vec::new();
    for index in 0..length as u64 {
        let key = JsString::from(index.to_string().as_str());
        let element_at = format!("{at}[{index}]");
        let item = match own_data_property(array, &key, originals, context, &element_at)? {
            Some(item) => to_plain(&item, originals, context, stack, &element_at)?,
            None => Value::Null,
        };
        items.push(item);
    }
    Ok(Value::Array(items))
}

fn object_to_plain(
    object: &JsObject,
    originals: &Originals,
    context: &mut Context,
    stack: &mut Vec<JsObject>,
    at: &str,
) -> Result<Value, String> {
    let keys = object.own_property_keys(context).map_err(|error| format!("{at}: {error}"))?;
    let mut map = Map::new();
    for key in keys {
        let boa_engine::property::PropertyKey::String(name) = &key else {
            if let boa_engine::property::PropertyKey::Index(index) = &key {
                let name = JsString::from(index.get().to_string().as_str());
                insert_property(object, &name, originals, context, stack, at, &mut map)?;
            }
            continue;
        };
        insert_property(object, name, originals, context, stack, at, &mut map)?;
    }
    Ok(Value::Object(map))
}

fn insert_property(
    object: &JsObject,
    name: &JsString,
    originals: &Originals,
    context: &mut Context,
    stack: &mut Vec<JsObject>,
    at: &str,
    map: &mut Map<String, Value>,
) -> Result<(), String> {
    let key = name.to_std_string_lossy();
    let property_at = format!("{at}.{key}");
    if let Some(value) = own_data_property(object, name, originals, context, &property_at)?
        && !value.is_undefined()
    {
        map.insert(key, to_plain(&value, originals, context, stack, &property_at)?);
    }
    Ok(())
}

/// An own, enumerable data property's value; `None` when there is none or it is not enumerable;
/// an error for a getter or setter.
fn own_data_property(
    object: &JsObject,
    key: &JsString,
    originals: &Originals,
    context: &mut Context,
    at: &str,
) -> Result<Option<JsValue>, String> {
    let descriptor = originals
        .own_property(object, key.clone(), context)
        .map_err(|error| format!("{at}: {error}"))?;
    let Some(descriptor) = descriptor else {
        return Ok(None);
    };
    if descriptor.is_accessor_descriptor() {
        return Err(format!("{at} is a getter or setter; only plain data can be passed"));
    }
    if descriptor.enumerable() != Some(true) {
        return Ok(None);
    }
    Ok(Some(descriptor.value().cloned().unwrap_or_default()))
}

fn json_number(number: f64) -> Value {
    const MAX_SAFE: f64 = 9_007_199_254_740_991.0;
    if number.fract() == 0.0 && number.abs() <= MAX_SAFE {
        return Value::Number(Number::from(number as i64));
    }
    Number::from_f64(number).map_or(Value::Null, Value::Number)
}

/// A value as plain text: strings as they are, objects as JSON where they have a form.
pub(crate) fn display(value: &JsValue, context: &mut Context) -> String {
    if let Some(text) = value.as_string() {
        return text.to_std_string_lossy();
    }
    if let Some(object) = value.as_object() {
        if object.is_callable() {
            return "[function]".to_owned();
        }
        if let Ok(Some(text)) = stringify(value, context) {
            return text;
        }
        return "[object]".to_owned();
    }
    value.display().to_string()
}

/// A thrown value as a message, with its position in the code as written when known.
///
/// Errors (anything with a string `message`) read as `Name: message`, positioned by their
/// `stack`; any other value as `Uncaught <value>`.
pub(crate) fn describe_thrown(
    value: &JsValue,
    context: &mut Context,
) -> (String, Option<Position>) {
    let Some(object) = value.as_object() else {
        return (format!("Uncaught {}", display(value, context)), None);
    };
    let Some(message) = text_property(&object, "message", context) else {
        return (format!("Uncaught {}", display(value, context)), None);
    };
    let name = text_property(&object, "name", context).unwrap_or_else(|| "Error".to_owned());
    let originals =
        context.get_data::<super::globals::HostState>().map(|state| state.originals().clone());
    let (stack, classes) = match originals {
        Some(originals) => {
            (stack_of(value, &originals, context), error_classes(&object, &originals, context))
        }
        None => (None, Vec::new()),
    };
    let thrown = stack.as_deref().and_then(|stack| thrown_at(stack, &classes));
    // An engine's error was said in V8's words as it became an object (`explain::reword`).
    let mut text = if message.is_empty() { name } else { format!("{name}: {message}") };
    let position = match super::globals::HostState::call_place_of(context, &object) {
        Some((line, column)) => {
            context.get_data::<ScriptText>().and_then(|script| script.original(line, column))
        }
        None => place(&text, thrown, context),
    };
    // Errors from host functions carry where they came from (code mode: the tool and the
    // pipeline's code); name them, so the reader knows what failed.
    let code = text_property(&object, "code", context);
    let tool = text_property(&object, "tool", context);
    match (code, tool) {
        (Some(code), Some(tool)) => text.push_str(&format!(" ({code} from tools.{tool})")),
        (Some(code), None) => text.push_str(&format!(" ({code})")),
        _ => {}
    }
    (text, position)
}

/// Where an error happened, in the source as written: at its innermost frame in the script
/// (`innermost`, past its own class's constructor), or,
/// for an error Boa does not place (see `script_text`), at the culprit its message names. `None`
/// when neither is known.
fn place(headline: &str, innermost: Option<(u32, u32)>, context: &mut Context) -> Option<Position> {
    let text = context.remove_data::<ScriptText>()?;
    let found = match Culprit::of(headline) {
        Some(culprit) => text.locate(&culprit, innermost, context),
        None => innermost,
    };
    let position = found.and_then(|(line, column)| text.original(line, column));
    context.insert_data(*text);
    position
}

pub(crate) fn text_property(
    object: &JsObject,
    name: &str,
    context: &mut Context,
) -> Option<String> {
    object
        .get(JsString::from(name), context)
        .ok()?
        .as_string()
        .map(|text| text.to_std_string_lossy())
}

/// An engine error (not a thrown value) as a message and position.
pub(crate) fn describe_error(error: &JsError, context: &mut Context) -> (String, Option<Position>) {
    match error.clone().into_opaque(context) {
        Ok(value) => describe_thrown(&value, context),
        Err(error) => (error.to_string(), None),
    }
}

/// A parse error as a message and a position in the code as written.
pub(crate) fn syntax_error(error: &JsError, context: &mut Context) -> (String, Option<Position>) {
    let message = match error.try_native(context) {
        Ok(native) => native.message().to_owned(),
        Err(_) => error.to_string(),
    };
    let text = context.get_data::<ScriptText>();
    let position = parse_line_col(&message, "line ", ", col ")
        .and_then(|(line, column)| text.and_then(|text| text.original(line, column)));
    (format!("SyntaxError: {}", strip_position(&message)), position)
}

fn parse_line_col(message: &str, line_marker: &str, column_marker: &str) -> Option<(u32, u32)> {
    let start = message.rfind(line_marker)? + line_marker.len();
    let rest = &message[start..];
    let (line_text, rest) = rest.split_once(column_marker)?;
    let column_text: String = rest.chars().take_while(char::is_ascii_digit).collect();
    Some((line_text.trim().parse().ok()?, column_text.parse().ok()?))
}

/// The message without Boa's trailing ` at line N, col M`, which refers to the wrapped text.
fn strip_position(message: &str) -> &str {
    message.rfind(" at line ").map_or(message, |index| &message[..index])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_read_from_parse_errors() {
        assert_eq!(
            parse_line_col("unexpected token at line 3, col 7", "line ", ", col "),
            Some((3, 7))
        );
        assert_eq!(strip_position("unexpected token at line 3, col 7"), "unexpected token");
    }
}
