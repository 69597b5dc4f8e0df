//! The text of a console line (R-RT-1), as Node's `console` writes it.
//!
//! Primitives (what most lines print: `console.log("read", n, "files")`) are written here; a line
//! with an object among its arguments, or a first string with a `%` placeholder, goes to
//! `format.js`, Node's `util.format` and `util.inspect` in JavaScript, which is compiled the first
//! time a run needs it: compiling it costs milliseconds that a run printing only text should not
//! pay, and an engine serves one run. `console.table` draws with `console/table.js`, compiled at
//! its first table.

use std::path::Path;

use boa_engine::object::builtins::{JsArray, JsFunction};
use boa_engine::{Context, JsError, JsNativeError, JsObject, JsResult, JsString, JsValue, Source};
use boa_engine::{js_string, property::PropertyKey};

use super::super::convert::display;
use super::super::globals::HostState;
use super::super::originals::{function, read};

/// The console formatter (see the file), a function of the captured built-ins.
const FORMAT: &str = include_str!("../format.js");
/// `console.table`'s drawing (see the file), a function of the built-ins and the formatter.
const TABLE: &str = include_str!("table.js");

/// The built-ins the formatter uses beyond `Originals::for_format`, as (its name for it, the
/// path from the global object): what `%d`, `%i`, `%f`, `%j` and `%s` call, and `Object.keys`.
const EXTRA: &[(&str, &str)] = &[
    ("toNumber", "Number"),
    ("parseInteger", "parseInt"),
    ("parseDecimal", "parseFloat"),
    ("stringify", "JSON.stringify"),
    ("toPrimitive", "Symbol.toPrimitive"),
    ("keys", "Object.keys"),
];

/// The extra built-ins, captured while the context was pristine.
struct Extra(JsObject);

/// The compiled formatter of this context, once a line needed it: its entry points and the
/// helpers `table.js` shares.
struct Formatter {
    api: JsObject,
    format: JsFunction,
    inspect: JsFunction,
}

/// The compiled table drawing, once a run drew a table.
struct Table(JsFunction);

/// Captures [`EXTRA`]. Called before any script runs.
pub(super) fn capture(context: &mut Context) -> JsResult<()> {
    let extra = JsObject::with_null_proto();
    for (name, path) in EXTRA {
        let value = read(context, path)?;
        extra.create_data_property_or_throw(JsString::from(*name), value, context)?;
    }
    context.insert_data(Extra(extra));
    Ok(())
}

/// One console line's arguments as text, as Node's `util.format` makes it. An error thrown by
/// the script's own code that the format calls (`%s` of an object with a `toString`, `%d` of one
/// with a `valueOf`, `%j` of one with a `toJSON`) is thrown, as in Node; if the formatter itself
/// fails, each argument is shown as [`display`] shows it.
pub(crate) fn console_text(args: &[JsValue], context: &mut Context) -> JsResult<String> {
    let placeholders = args.len() > 1
        && args
            .first()
            .and_then(JsValue::as_string)
            .is_some_and(|first| first.iter().any(|unit| unit == u16::from(b'%')));
    if !placeholders
        && let Some(parts) = args.iter().map(primitive_text).collect::<Option<Vec<String>>>()
    {
        return Ok(parts.join(" "));
    }
    let array = JsArray::from_iter(args.iter().cloned(), context);
    let format = formatter_or_throw(context).map(|formatter| formatter.format);
    match call(&format, &[array.into()], context) {
        Answer::Text(text) => Ok(text),
        Answer::Thrown(error) => Err(error),
        Answer::Failed => {
            let parts: Vec<String> = args.iter().map(|value| display(value, context)).collect();
            Ok(parts.join(" "))
        }
    }
}

/// `value` as `util.inspect` shows it (a string quoted), with the options `console.dir` honours.
/// Reading an option runs the script's getter, and what it throws is thrown.
pub(super) fn inspect(
    value: &JsValue,
    options: Option<&JsObject>,
    context: &mut Context,
) -> JsResult<String> {
    let settings = JsObject::with_null_proto();
    if let Some(options) = options {
        // Node's names, and the formatter's: `null` is no limit, as is Infinity.
        let named = [
            ("depth", "depth"),
            ("maxArrayLength", "maxItems"),
            ("breakLength", "breakLength"),
            ("showHidden", "hidden"),
        ];
        for (node, ours) in named {
            let given = options.get(JsString::from(node), context)?;
            let setting = match (node, &given) {
                ("showHidden", given) if !given.is_undefined() => given.to_boolean().into(),
                (_, given) if given.is_null() => f64::INFINITY.into(),
                (_, given) if given.as_number().is_some_and(|number| !number.is_nan()) => {
                    given.clone()
                }
                _ => continue,
            };
            settings.create_data_property_or_throw(JsString::from(ours), setting, context)?;
        }
    }
    let inspect = formatter_or_throw(context).map(|formatter| formatter.inspect);
    match call(&inspect, &[value.clone(), settings.into()], context) {
        Answer::Text(text) => Ok(text),
        Answer::Thrown(error) => Err(error),
        Answer::Failed => Ok(display(value, context)),
    }
}

/// `console.table(data, columns)` drawn by `table.js`; rows past `room` bytes are not drawn.
/// Whatever goes wrong is thrown: reading the rows runs the script's code.
pub(super) fn table(
    data: &JsObject,
    columns: &JsValue,
    room: usize,
    context: &mut Context,
) -> JsResult<String> {
    let draw = match context.get_data::<Table>() {
        Some(Table(draw)) => draw.clone(),
        None => {
            let Formatter { api, .. } = formatter_or_throw(context)?;
            let extra = extra(context)?;
            let captured = captured(context)?;
            let source = Source::from_bytes(TABLE).with_path(Path::new("table.js"));
            let make = function(context.eval(source)?)?;
            let draw = function(make.call(
                &JsValue::undefined(),
                &[captured.into(), extra.into(), api.into()],
                context,
            )?)?;
            context.insert_data(Table(draw.clone()));
            draw
        }
    };
    let room = JsValue::from(u32::try_from(room).unwrap_or(u32::MAX));
    match call(&Ok(draw), &[data.clone().into(), columns.clone(), room], context) {
        Answer::Text(text) => Ok(text),
        Answer::Thrown(error) => Err(error),
        Answer::Failed => Err(JsNativeError::error()
            .with_message("console.table could not draw the table")
            .into()),
    }
}

/// Node's `TypeError` for `console.table`'s columns when they are no array.
pub(super) fn invalid_columns(columns: &JsValue, context: &mut Context) -> JsError {
    let received = if columns.is_null() {
        "Received null".to_owned()
    } else if let Some(object) = columns.as_object() {
        let name = constructor_name(&object, context);
        if object.is_callable() {
            format!("Received function {}", name.unwrap_or_default())
        } else {
            match name {
                Some(name) => format!("Received an instance of {name}"),
                None => "Received [Object: null prototype]".to_owned(),
            }
        }
    } else {
        // Node shows the value inspected, cut to 25 characters.
        let mut shown = inspect(columns, None, context).unwrap_or_default();
        if shown.chars().count() > 28 {
            shown = format!("{}...", shown.chars().take(25).collect::<String>());
        }
        format!("Received type {} ({shown})", columns.type_of())
    };
    super::invalid_argument(
        format!("The \"properties\" argument must be an instance of Array. {received}"),
        context,
    )
}

/// A function's own name, or an object's constructor's, read without running a getter.
fn constructor_name(object: &JsObject, context: &mut Context) -> Option<String> {
    let originals = context.get_data::<HostState>()?.originals().clone();
    let holder = if object.is_callable() {
        object.clone()
    } else {
        let prototype = object.prototype()?;
        let constructor = originals.own_property(&prototype, js_string!("constructor"), context);
        constructor.ok()??.value()?.as_object()?
    };
    let name = originals.own_property(&holder, PropertyKey::from(js_string!("name")), context);
    Some(name.ok()??.value()?.as_string()?.to_std_string_lossy())
}

/// What an entry point of the formatter answered.
enum Answer {
    Text(String),
    /// The script's code threw this while the formatter called it.
    Thrown(JsError),
    /// The formatter failed, or is not there.
    Failed,
}

/// Calls an entry point: `[text]`, or `[undefined, error]` for the script's error (`format.js`).
fn call(entry: &JsResult<JsFunction>, args: &[JsValue], context: &mut Context) -> Answer {
    let Ok(entry) = entry else { return Answer::Failed };
    let Ok(answer) = entry.call(&JsValue::undefined(), args, context) else {
        return Answer::Failed;
    };
    let Some(answer) = answer.as_object() else { return Answer::Failed };
    let Ok(text) = answer.get(0, context) else { return Answer::Failed };
    if let Some(text) = text.as_string() {
        return Answer::Text(text.to_std_string_lossy());
    }
    match answer.get(1, context) {
        Ok(error) => Answer::Thrown(JsError::from_opaque(error)),
        Err(_) => Answer::Failed,
    }
}

/// The formatter, compiled at its first use in this context.
fn formatter_or_throw(context: &mut Context) -> JsResult<Formatter> {
    if let Some(Formatter { api, format, inspect }) = context.get_data::<Formatter>() {
        return Ok(Formatter {
            api: api.clone(),
            format: format.clone(),
            inspect: inspect.clone(),
        });
    }
    let captured = captured(context)?;
    let extra = extra(context)?;
    let source = Source::from_bytes(FORMAT).with_path(Path::new("format.js"));
    let make = function(context.eval(source)?)?;
    let api = make.call(&JsValue::undefined(), &[captured.into(), extra.into()], context)?;
    let api = api.as_object().ok_or_else(not_connected)?;
    let format = function(api.get(js_string!("format"), context)?)?;
    let inspect = function(api.get(js_string!("inspect"), context)?)?;
    context.insert_data(Formatter {
        api: api.clone(),
        format: format.clone(),
        inspect: inspect.clone(),
    });
    Ok(Formatter { api, format, inspect })
}

fn captured(context: &Context) -> JsResult<JsObject> {
    context
        .get_data::<HostState>()
        .map(|state| state.originals().for_format.clone())
        .ok_or_else(not_connected)
}

fn extra(context: &Context) -> JsResult<JsObject> {
    context.get_data::<Extra>().map(|Extra(extra)| extra.clone()).ok_or_else(not_connected)
}

fn not_connected() -> JsError {
    JsNativeError::error().with_message("the console is not connected").into()
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
