//! Values across the boundary: host-call arguments as plain JSON, the result as `JSON.stringify`
//! writes it, console text, and errors as messages with positions.
//!
//! Everything here uses built-ins captured before any script ran ([`Originals`]), so a script
//! that replaces `JSON.stringify` or `Object.getOwnPropertyDescriptor` changes nothing here.

use boa_engine::object::builtins::JsFunction;
use boa_engine::{Context, JsError, JsObject, JsResult, JsString, JsValue, js_string};
use serde_json::{Map, Number, Value};

use crate::outcome::Position;

/// Objects nested deeper than this cannot be host-call arguments.
const MAX_ARGUMENT_DEPTH: usize = 64;

/// Array elements beyond this cannot be host-call arguments.
const MAX_ARGUMENT_ELEMENTS: u64 = 1 << 20;

/// Built-ins captured while the context was still pristine.
#[derive(Clone)]
pub(crate) struct Originals {
    stringify: JsFunction,
    own_property_descriptor: JsFunction,
    object_prototype: JsObject,
    array_prototype: JsObject,
    error_stack: Option<JsFunction>,
    /// `values.js`: the result as JSON, with notes.
    faithful: JsFunction,
    /// `values.js`: console arguments as text.
    format: JsFunction,
}

impl Originals {
    pub(crate) fn capture(context: &mut Context) -> JsResult<Self> {
        let (object, object_prototype, array_prototype, error_prototype) = {
            let constructors = context.intrinsics().constructors();
            (
                constructors.object().constructor(),
                constructors.object().prototype(),
                constructors.array().prototype(),
                constructors.error().prototype(),
            )
        };
        let json = context.intrinsics().objects().json();
        let own_property_descriptor =
            function(object.get(js_string!("getOwnPropertyDescriptor"), context)?)?;
        let stringify = function(json.get(js_string!("stringify"), context)?)?;
        let descriptor = own_property_descriptor.call(
            &JsValue::undefined(),
            &[error_prototype.into(), js_string!("stack").into()],
            context,
        )?;
        let getter = match descriptor.as_object() {
            Some(descriptor) => Some(descriptor.get(js_string!("get"), context)?),
            None => None,
        };
        let error_stack = getter.and_then(|getter| function(getter).ok());
        let source =
            boa_engine::Source::from_bytes(VALUES).with_path(std::path::Path::new("values.js"));
        let pair = context.eval(source)?;
        let pair = pair.as_object().ok_or_else(|| {
            boa_engine::JsNativeError::typ().with_message("values.js gave no functions")
        })?;
        let faithful = function(pair.get(0, context)?)?;
        let format = function(pair.get(1, context)?)?;
        Ok(Self {
            faithful,
            format,
            stringify,
            own_property_descriptor,
            object_prototype,
            array_prototype,
            error_stack,
        })
    }
}

fn function(value: JsValue) -> JsResult<JsFunction> {
    value
        .as_object()
        .and_then(JsFunction::from_object)
        .ok_or_else(|| boa_engine::JsNativeError::typ().with_message("not a function").into())
}

/// The result converter and the console formatter, evaluated in the pristine context (see the
/// file for what they do).
const VALUES: &str = include_str!("values.js");

/// The script's result as JSON text (`null` for no value), carried faithfully where JSON can
/// hold it, and notes on what it could not (see `values.js`).
pub(crate) fn faithful(
    value: &JsValue,
    originals: &Originals,
    context: &mut Context,
) -> JsResult<(JsString, Vec<String>)> {
    let answer =
        originals.faithful.call(&JsValue::undefined(), std::slice::from_ref(value), context)?;
    let broken = || boa_engine::JsNativeError::typ().with_message("the result converter broke");
    let answer = answer.as_object().ok_or_else(broken)?;
    let text = answer.get(0, context)?.as_string().ok_or_else(broken)?;
    let notes = answer.get(1, context)?;
    let notes = notes.as_object().ok_or_else(broken)?;
    let count = notes.get(js_string!("length"), context)?.as_number().unwrap_or(0.0);
    let mut kept = Vec::new();
    for index in 0..(count as u32).min(64) {
        if let Some(note) = notes.get(index, context)?.as_string() {
            kept.push(note.to_std_string_lossy());
        }
    }
    Ok((text, kept))
}

/// `JSON.stringify(value)`, as the specification defines it (`toJSON`, getters and all: the
/// result is the script's own value). `None` when JSON has no text for it (`undefined`).
pub(crate) fn stringify(value: &JsValue, context: &mut Context) -> JsResult<Option<String>> {
    Ok(stringify_js(value, context)?.map(|text| text.to_std_string_lossy()))
}

/// [`stringify`], still as a JavaScript string (so its size can be checked before converting).
pub(crate) fn stringify_js(value: &JsValue, context: &mut Context) -> JsResult<Option<JsString>> {
    let stringify = match context.get_data::<super::globals::HostState>() {
        Some(state) => state.originals().stringify.clone(),
        None => Originals::capture(context)?.stringify,
    };
    let text = stringify.call(&JsValue::undefined(), std::slice::from_ref(value), context)?;
    Ok(text.as_string())
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
        .own_property_descriptor
        .call(&JsValue::undefined(), &[object.clone().into(), key.clone().into()], context)
        .map_err(|error| format!("{at}: {error}"))?;
    let Some(descriptor) = descriptor.as_object() else {
        return Ok(None);
    };
    let own = |name: JsString, context: &mut Context| {
        descriptor.has_own_property(name, context).unwrap_or(false)
    };
    if own(js_string!("get"), context) || own(js_string!("set"), context) {
        return Err(format!("{at} is a getter or setter; only plain data can be passed"));
    }
    let enumerable =
        descriptor.get(js_string!("enumerable"), context).ok().and_then(|flag| flag.as_boolean());
    if enumerable != Some(true) {
        return Ok(None);
    }
    descriptor.get(js_string!("value"), context).map(Some).map_err(|error| format!("{at}: {error}"))
}

fn json_number(number: f64) -> Value {
    const MAX_SAFE: f64 = 9_007_199_254_740_991.0;
    if number.fract() == 0.0 && number.abs() <= MAX_SAFE {
        return Value::Number(Number::from(number as i64));
    }
    Number::from_f64(number).map_or(Value::Null, Value::Number)
}

/// A value as console text: strings as they are, everything else as JSON where it has a form,
/// otherwise as JavaScript would print it.
/// One console line's arguments as text, as Node's `console.log` writes them (see `values.js`);
/// each argument as [`display`] shows it if the formatter fails.
pub(crate) fn console_text(args: &[JsValue], context: &mut Context) -> String {
    let format = context
        .get_data::<super::globals::HostState>()
        .map(|state| state.originals().format.clone());
    let array = boa_engine::object::builtins::JsArray::from_iter(args.iter().cloned(), context);
    let formatted = format
        .and_then(|format| format.call(&JsValue::undefined(), &[array.into()], context).ok())
        .and_then(|text| text.as_string().map(|text| text.to_std_string_lossy()));
    formatted.unwrap_or_else(|| {
        let parts: Vec<String> = args.iter().map(|value| display(value, context)).collect();
        parts.join(" ")
    })
}

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
    let stack = context
        .get_data::<super::globals::HostState>()
        .and_then(|state| state.originals().error_stack.clone())
        .and_then(|getter| getter.call(value, &[], context).ok())
        .and_then(|stack| stack.as_string())
        .map(|stack| stack.to_std_string_lossy());
    let mut text = if message.is_empty() { name } else { format!("{name}: {message}") };
    // Errors from host functions carry where they came from (code mode: the tool and the
    // pipeline's code); name them, so the reader knows what failed.
    let code = text_property(&object, "code", context);
    let tool = text_property(&object, "tool", context);
    match (code, tool) {
        (Some(code), Some(tool)) => text.push_str(&format!(" ({code} from tool {tool})")),
        (Some(code), None) => text.push_str(&format!(" ({code})")),
        _ => {}
    }
    (text, stack.as_deref().and_then(script_position))
}

fn text_property(object: &JsObject, name: &str, context: &mut Context) -> Option<String> {
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
    let position = parse_line_col(&message, "line ", ", col ")
        .and_then(|(line, column)| super::unwrap_line(line).map(|line| Position { line, column }));
    (format!("SyntaxError: {}", strip_position(&message)), position)
}

/// The first frame of a `stack` string that is in the script: `… (script:LINE:COL)`.
fn script_position(stack: &str) -> Option<Position> {
    stack.lines().find_map(|line| {
        let start = line.find("(script:")? + "(script:".len();
        let rest = line[start..].trim_end_matches(')');
        let (line_text, column_text) = rest.split_once(':')?;
        let line = super::unwrap_line(line_text.parse().ok()?)?;
        Some(Position { line, column: column_text.parse().ok()? })
    })
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
    fn positions_are_read_from_stacks_and_parse_errors() {
        let stack = "    at fail (script:4:11)\n    at <anonymous> (script:6:1)\n";
        assert_eq!(script_position(stack), Some(Position { line: 3, column: 11 }));
        assert_eq!(script_position("    at f (native at prelude:1:1)"), None);
        assert_eq!(
            parse_line_col("unexpected token at line 3, col 7", "line ", ", col "),
            Some((3, 7))
        );
        assert_eq!(strip_position("unexpected token at line 3, col 7"), "unexpected token");
    }
}
