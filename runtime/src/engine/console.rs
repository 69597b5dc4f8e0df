//! The script's `console` (R-RT-1): the methods a model trained on Node writes, each writing
//! what Node 20 writes, at the level of the stream Node writes it to (stdout: info, `debug`'s
//! own; stderr: warn and error). Any other method would be a TypeError that ends the script, for
//! a line meant for the reader.
//!
//! The text of a line is made by [`text`] (Node's `util.format` and `util.inspect`); what the
//! console remembers between calls (groups, counters, timers) is in [`tallies`]; the line goes
//! out through the log budget in `globals.rs`. Every method is a native function with no state
//! of its own on the object: a script that keeps `const { log } = console` or calls a method a
//! thousand times from one place gets the same answer each time.

mod tallies;
mod text;

use boa_engine::object::FunctionObjectBuilder;
use boa_engine::property::PropertyDescriptor;
use boa_engine::{
    Context, JsNativeError, JsObject, JsResult, JsString, JsSymbol, JsValue, NativeFunction,
    js_string,
};

use self::tallies::{Tallies, Timed};
use super::globals::{HostState, log_room, send_line};
use super::script_text::ScriptText;
use crate::outcome::LogLevel;

pub(crate) use self::text::console_text;

/// How many levels of `console.group` indent a line: past that, deeper groups are still counted
/// (each `groupEnd` closes one) but indent no further, so that a script that opens groups in a
/// loop cannot make every line it prints megabytes of spaces.
const MAX_GROUP_INDENT: u32 = 32;

/// The label `count`, `time` and their kin use when given none (or `undefined`).
const DEFAULT_LABEL: &str = "default";

/// A native method of the console.
type Method = fn(&JsValue, &[JsValue], &mut Context) -> JsResult<JsValue>;

/// The methods, their names and `length`s, in the order of Node's (`Object.keys(console)`).
const METHODS: &[(&str, Method, usize)] = &[
    ("log", log, 0),
    ("warn", warn, 0),
    ("dir", dir, 0),
    ("time", time, 0),
    ("timeEnd", time_end, 0),
    ("timeLog", time_log, 0),
    ("trace", trace, 0),
    ("assert", assert, 0),
    // Node's, which does nothing where the output is no terminal.
    ("clear", nothing, 0),
    ("count", count, 0),
    ("countReset", count_reset, 0),
    ("group", group, 0),
    ("groupEnd", group_end, 0),
    ("table", table, 1),
    ("debug", debug, 0),
    ("info", log, 0),
    ("dirxml", log, 0),
    ("error", error, 0),
    ("groupCollapsed", group, 0),
    // Node's, which do nothing with no inspector attached.
    ("profile", nothing, 0),
    ("profileEnd", nothing, 0),
    ("timeStamp", nothing, 0),
];

/// Builds the `console` object, and captures what its formatter needs beyond the engine's
/// captured built-ins. Done while the context is pristine (`globals::prepare`).
pub(crate) fn build(context: &mut Context) -> JsResult<JsObject> {
    text::capture(context)?;
    context.insert_data(Tallies::default());
    let console = JsObject::with_object_proto(context.intrinsics());
    for (name, method, length) in METHODS {
        let name = JsString::from(*name);
        let function =
            FunctionObjectBuilder::new(context.realm(), NativeFunction::from_fn_ptr(*method))
                .name(name.clone())
                .length(*length)
                .build();
        // Enumerable, as Node's are (`Object.keys(console)` lists them).
        console.define_property_or_throw(
            name,
            PropertyDescriptor::builder()
                .value(function)
                .writable(true)
                .enumerable(true)
                .configurable(true),
            context,
        )?;
    }
    let tag = PropertyDescriptor::builder()
        .value(js_string!("console"))
        .writable(false)
        .enumerable(false)
        .configurable(true);
    console.define_property_or_throw(JsSymbol::to_string_tag(), tag, context)?;
    Ok(console)
}

/// Sends `text` at `level`, indented by the open groups as Node indents it: every line of it.
fn write(level: LogLevel, text: String, context: &mut Context) -> JsResult<JsValue> {
    let depth = context.get_data::<Tallies>().map_or(0, Tallies::group_depth);
    let text = if depth == 0 {
        text
    } else {
        let indent = " ".repeat(2 * depth.min(MAX_GROUP_INDENT) as usize);
        format!("{indent}{}", text.replace('\n', &format!("\n{indent}")))
    };
    send_line(level, text, context)
}

/// Formats the arguments as one line and sends it; nothing is formatted once the log budget is
/// spent (the line would be dropped).
fn line(level: LogLevel, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    if log_room(context).is_none() {
        return Ok(JsValue::undefined());
    }
    let text = console_text(args, context)?;
    write(level, text, context)
}

/// A warning Node sends through `process.emitWarning`, which goes to stderr as
/// `(node:PID) Warning: …`, not indented by groups: here without the process id, which means
/// nothing to the script's reader.
fn warning(message: String, context: &mut Context) -> JsResult<JsValue> {
    send_line(LogLevel::Warn, format!("Warning: {message}"), context)
}

fn nothing(_this: &JsValue, _args: &[JsValue], _context: &mut Context) -> JsResult<JsValue> {
    Ok(JsValue::undefined())
}

fn log(_this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    line(LogLevel::Info, args, context)
}

fn debug(_this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    line(LogLevel::Debug, args, context)
}

fn warn(_this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    line(LogLevel::Warn, args, context)
}

fn error(_this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    line(LogLevel::Error, args, context)
}

/// `console.dir(value, options)`: the value inspected, a string quoted too, with the options'
/// `depth` (`null` for no limit), `showHidden`, `maxArrayLength` and `breakLength`.
fn dir(_this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    if log_room(context).is_none() {
        return Ok(JsValue::undefined());
    }
    let value = args.first().cloned().unwrap_or_default();
    let options = args.get(1).and_then(JsValue::as_object);
    let text = text::inspect(&value, options.as_ref(), context)?;
    write(LogLevel::Info, text, context)
}

/// `console.table(data, columns)`: Node's box of rows (`console/table.js`); data that is no
/// object is printed as `console.log` prints it.
fn table(_this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let data = args.first().cloned().unwrap_or_default();
    let columns = args.get(1).cloned().unwrap_or_default();
    // Node checks the columns before anything else, and throws whatever the data.
    if !columns.is_undefined() && !columns.as_object().is_some_and(|object| object.is_array()) {
        return Err(text::invalid_columns(&columns, context));
    }
    let Some(room) = log_room(context) else { return Ok(JsValue::undefined()) };
    let tabular = data.as_object().filter(|object| !object.is_callable());
    let text = match tabular {
        Some(data) => text::table(&data, &columns, room, context)?,
        None => console_text(&[data], context)?,
    };
    write(LogLevel::Info, text, context)
}

/// `console.trace(...message)`: `Trace: message` and the frames of the script that led to the
/// call, as an error's stack prints, on stderr.
fn trace(_this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    if log_room(context).is_none() {
        return Ok(JsValue::undefined());
    }
    let message = console_text(args, context)?;
    let mut text =
        if message.is_empty() { "Trace".to_owned() } else { format!("Trace: {message}") };
    for frame in frames(context) {
        text.push_str("\n    ");
        text.push_str(&frame);
    }
    write(LogLevel::Error, text, context)
}

/// The script's frames at this call, innermost first, as an error made here shows them.
fn frames(context: &mut Context) -> Vec<String> {
    let getter =
        context.get_data::<HostState>().and_then(|state| state.originals().error_stack.clone());
    let Some(getter) = getter else { return Vec::new() };
    let constructor = context.intrinsics().constructors().error().constructor();
    let Ok(made) = constructor.construct(&[], None, context) else { return Vec::new() };
    let stack = getter.call(&made.into(), &[], context).ok();
    let stack = stack.and_then(|stack| stack.as_string().map(|text| text.to_std_string_lossy()));
    let text = context.get_data::<ScriptText>();
    stack.map(|stack| super::stack::readable_frames(&stack, text)).unwrap_or_default()
}

/// `console.assert(condition, ...message)`: nothing when the condition holds; else `Assertion
/// failed`, or `Assertion failed: ` before the message (its first part made a string as a
/// template literal makes it, so a symbol throws as in Node; the rest formatted as a line). Node
/// writes it with `console.warn`; ordo gives it the error level, as a failed check is.
fn assert(_this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    if args.first().is_some_and(JsValue::to_boolean) {
        return Ok(JsValue::undefined());
    }
    let mut message: Vec<JsValue> = args.iter().skip(1).cloned().collect();
    match message.first_mut() {
        None => message.push(js_string!("Assertion failed").into()),
        Some(first) => {
            let text = first.to_string(context)?.to_std_string_lossy();
            *first = JsString::from(format!("Assertion failed: {text}")).into();
        }
    }
    line(LogLevel::Error, &message, context)
}

/// `console.group(...label)` and `groupCollapsed`: the label as a line, if given, then every
/// line after is indented two more spaces until `groupEnd`.
fn group(_this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    if !args.is_empty() {
        line(LogLevel::Info, args, context)?;
    }
    if let Some(tallies) = context.get_data::<Tallies>() {
        tallies.open_group();
    }
    Ok(JsValue::undefined())
}

fn group_end(_this: &JsValue, _args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    if let Some(tallies) = context.get_data::<Tallies>() {
        tallies.close_group();
    }
    Ok(JsValue::undefined())
}

/// The label of `count` or `time`: `default` for none, else the argument as a template literal
/// makes it a string (a `toString` that throws throws here, as in Node).
fn label(args: &[JsValue], context: &mut Context) -> JsResult<String> {
    match args.first() {
        None => Ok(DEFAULT_LABEL.to_owned()),
        Some(value) if value.is_undefined() => Ok(DEFAULT_LABEL.to_owned()),
        Some(value) => Ok(value.to_string(context)?.to_std_string_lossy()),
    }
}

/// `console.count(label)`: `label: n`, n the times it was counted.
fn count(_this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let label = label(args, context)?;
    let Some(tallies) = context.get_data::<Tallies>() else { return Ok(JsValue::undefined()) };
    let counted = tallies.count(&label);
    write(LogLevel::Info, format!("{label}: {counted}"), context)
}

fn count_reset(_this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let label = label(args, context)?;
    let Some(tallies) = context.get_data::<Tallies>() else { return Ok(JsValue::undefined()) };
    if tallies.reset_count(&label) {
        return Ok(JsValue::undefined());
    }
    warning(format!("Count for '{label}' does not exist"), context)
}

/// `console.time(label)`: starts a timer on the engine's monotonic clock.
fn time(_this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let label = label(args, context)?;
    let now = context.clock().now();
    let Some(tallies) = context.get_data::<Tallies>() else { return Ok(JsValue::undefined()) };
    if tallies.start_timer(&label, now) {
        return Ok(JsValue::undefined());
    }
    warning(format!("Label '{label}' already exists for console.time()"), context)
}

/// `console.timeLog(label, ...data)`: `label: 1.234ms` and the data, the timer left running.
fn time_log(_this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let label = label(args, context)?;
    timed(&label, "timeLog", false, args.get(1..).unwrap_or_default(), context)
}

/// `console.timeEnd(label)`: `label: 1.234ms`, and the timer is gone.
fn time_end(_this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let label = label(args, context)?;
    timed(&label, "timeEnd", true, &[], context)
}

/// A timer's reading as Node's `timeLogImpl` prints it: `console.log('%s: %s', label, time,
/// ...data)`; Node's warning when there is no such timer.
fn timed(
    label: &str,
    method: &str,
    end: bool,
    data: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let now = context.clock().now();
    let Some(tallies) = context.get_data::<Tallies>() else { return Ok(JsValue::undefined()) };
    let Timed::Elapsed(elapsed) = tallies.read_timer(label, now, end) else {
        return warning(format!("No such label '{label}' for console.{method}()"), context);
    };
    let duration = tallies::duration_text(elapsed);
    if data.is_empty() {
        return write(LogLevel::Info, format!("{label}: {duration}"), context);
    }
    // As Node's, so that a `%` in the label is no placeholder for the data.
    let mut args: Vec<JsValue> = vec![
        js_string!("%s: %s").into(),
        JsString::from(label).into(),
        JsString::from(duration).into(),
    ];
    args.extend(data.iter().cloned());
    line(LogLevel::Info, &args, context)
}

/// Node's `TypeError` for an argument of the wrong type, with its `code`.
fn invalid_argument(message: String, context: &mut Context) -> boa_engine::JsError {
    let error = JsNativeError::typ().with_message(message).into_opaque(context);
    let _ = error.set(js_string!("code"), js_string!("ERR_INVALID_ARG_TYPE"), false, context);
    boa_engine::JsError::from_opaque(error.into())
}
