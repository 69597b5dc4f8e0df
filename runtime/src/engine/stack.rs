//! Error stacks in the script's own lines.
//!
//! Boa writes an error's `stack` as frames like `at fail (script:4:11)`, in the lines of the
//! wrapped text (the script runs as the body of a function one line down), with the wrapper's own
//! call as its last frame and the engine's frames (`at  (native)`) among them. What a script's
//! reader should see is `at fail (line 3, column 11)`: the frames in the script, in the source as
//! written ([`ScriptText`]).

use boa_engine::object::FunctionObjectBuilder;
use boa_engine::object::builtins::JsFunction;
use boa_engine::property::PropertyDescriptor;
use boa_engine::{Context, JsObject, JsResult, JsString, JsValue, NativeFunction, js_string};

use super::originals::Originals;
use super::script_text::ScriptText;

/// One frame of a stack that lies in the script text, where Boa puts it.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Frame<'a> {
    /// The function's name; `<main>` for the script's body.
    pub(crate) name: &'a str,
    /// The line in the wrapped text.
    pub(crate) line: u32,
    pub(crate) column: u32,
}

/// The frames of `stack` in the script's text, innermost first, without the wrapper's call
/// (the last of them).
pub(crate) fn script_frames(stack: &str) -> Vec<Frame<'_>> {
    let mut frames: Vec<Frame<'_>> = stack.lines().filter_map(script_frame).collect();
    frames.pop();
    frames
}

/// The frame a line of a stack is, if it lies in the script text.
fn script_frame(line: &str) -> Option<Frame<'_>> {
    let frame = line.trim().strip_prefix("at ")?.strip_suffix(')')?;
    let open = frame.rfind(" (script:")?;
    let (line, column) = frame[open + " (script:".len()..].split_once(':')?;
    Some(Frame { name: &frame[..open], line: line.parse().ok()?, column: column.parse().ok()? })
}

/// `stack` as the script reads it (`e.stack`): its frames in the script at their lines and
/// columns as written (TypeScript included), `at f (script)` where a frame has none there,
/// without the wrapper's call (the last frame in the script text, a second `<main>`) and Boa's
/// nameless native frames. The lines before the frames (the error's headline) are kept.
pub(crate) fn as_written(stack: &str, text: Option<&ScriptText>) -> String {
    let lines: Vec<&str> = stack.lines().collect();
    let wrapper = lines.iter().rposition(|line| script_frame(line).is_some());
    let mut out: Vec<String> = Vec::with_capacity(lines.len());
    for (index, line) in lines.iter().enumerate() {
        if Some(index) == wrapper || line.trim() == "at  (native)" {
            continue;
        }
        let Some(frame) = script_frame(line) else {
            out.push((*line).to_owned());
            continue;
        };
        out.push(match text.and_then(|text| text.original(frame.line, frame.column)) {
            Some(at) => format!("    at {} (script:{}:{})", frame.name, at.line, at.column),
            None => format!("    at {} (script)", frame.name),
        });
    }
    out.join("\n")
}

/// Where in the wrapped text the engine made an error: its innermost frame in the script text,
/// the wrapper's call not set aside (a promise's job has no frame below its callback's).
pub(crate) fn made_at(stack: &str) -> Option<(u32, u32)> {
    stack.lines().find_map(script_frame).map(|frame| (frame.line, frame.column))
}

/// Where in the wrapped text an error was thrown: its innermost frame in the script past the
/// frames of `constructors` (an error class's own constructor, whose `super(...)` made the error,
/// is not where it was thrown: V8 leaves those frames out too).
pub(crate) fn thrown_at(stack: &str, constructors: &[String]) -> Option<(u32, u32)> {
    script_frames(stack)
        .into_iter()
        .find(|frame| !constructors.iter().any(|name| name == frame.name))
        .map(|frame| (frame.line, frame.column))
}

/// The names of the classes a script wrote in `error`'s prototype chain (`class NotFound
/// extends Error`), innermost first, up to the first built-in error constructor. Read with the
/// `Object.getOwnPropertyDescriptor` captured before any script ran: no getter runs.
pub(crate) fn error_classes(
    error: &JsObject,
    originals: &Originals,
    context: &mut Context,
) -> Vec<String> {
    let constructors = context.intrinsics().constructors();
    let built_in: Vec<JsObject> = [
        constructors.error(),
        constructors.type_error(),
        constructors.range_error(),
        constructors.reference_error(),
        constructors.syntax_error(),
        constructors.eval_error(),
        constructors.uri_error(),
        constructors.aggregate_error(),
    ]
    .iter()
    .map(|constructor| constructor.constructor())
    .collect();
    let mut names = Vec::new();
    let mut prototype = error.prototype();
    // A chain a script made can be long: a class is a few links, not hundreds.
    for _ in 0..16 {
        let Some(link) = prototype else { break };
        let Some(constructor) =
            own_value(&link, "constructor", originals, context).and_then(|value| value.as_object())
        else {
            break;
        };
        if built_in.iter().any(|built_in| JsObject::equals(built_in, &constructor)) {
            break;
        }
        if let Some(name) = own_value(&constructor, "name", originals, context)
            .and_then(|value| value.as_string().map(|name| name.to_std_string_lossy()))
        {
            names.push(name);
        }
        prototype = link.prototype();
    }
    names
}

/// `object`'s own data property `name`, without running a getter.
fn own_value(
    object: &JsObject,
    name: &str,
    originals: &Originals,
    context: &mut Context,
) -> Option<JsValue> {
    let descriptor = originals.own_property(object, JsString::from(name), context).ok()??;
    descriptor.value().cloned()
}

/// The frames of `stack` as a reader should see them: `at the script (line 2, column 5)`,
/// `at fail (position unknown)`.
pub(crate) fn readable_frames(stack: &str, text: Option<&ScriptText>) -> Vec<String> {
    script_frames(stack)
        .into_iter()
        .map(|frame| {
            let name = if frame.name == "<main>" { "the script" } else { frame.name };
            match text.and_then(|text| text.original(frame.line, frame.column)) {
                Some(position) => {
                    format!("at {name} (line {}, column {})", position.line, position.column)
                }
                None => format!("at {name} (position unknown)"),
            }
        })
        .collect()
}

/// Puts a getter of `stack` on `Error.prototype` that gives Boa's stack [`as_written`]; the
/// setter stays Boa's. What the engine reads of an error itself goes through the getter captured
/// before (see [`stack_of`]).
pub(crate) fn install(context: &mut Context, originals: &Originals) -> JsResult<()> {
    let Some(getter) = originals.error_stack.clone() else { return Ok(()) };
    let prototype = context.intrinsics().constructors().error().prototype();
    let Some(descriptor) = originals.own_property(&prototype, js_string!("stack"), context)? else {
        return Ok(());
    };
    let get = NativeFunction::from_copy_closure_with_captures(
        |this, _args, getter: &JsFunction, context| {
            let stack = getter.call(this, &[], context)?;
            let Some(text) = stack.as_string() else { return Ok(stack) };
            let written = as_written(&text.to_std_string_lossy(), context.get_data::<ScriptText>());
            // Boa's stack is the frames alone; V8's, which scripts print, starts with the error.
            let headline = match this.as_object() {
                Some(error) => {
                    let name = error.get(js_string!("name"), context)?.to_string(context)?;
                    let message = error.get(js_string!("message"), context)?.to_string(context)?;
                    match (name.is_empty(), message.is_empty()) {
                        (_, true) => name.to_std_string_lossy(),
                        (true, false) => message.to_std_string_lossy(),
                        (false, false) => format!(
                            "{}: {}",
                            name.to_std_string_lossy(),
                            message.to_std_string_lossy()
                        ),
                    }
                }
                None => String::new(),
            };
            let framed =
                written.lines().next().is_none_or(|line| line.trim_start().starts_with("at "));
            let stack = match (framed, written.is_empty()) {
                (false, _) => written,
                (true, true) => headline,
                (true, false) => format!("{headline}\n{written}"),
            };
            Ok(JsString::from(stack.as_str()).into())
        },
        getter,
    );
    let get =
        FunctionObjectBuilder::new(context.realm(), get).name(js_string!("get stack")).build();
    let mut accessor = PropertyDescriptor::builder()
        .get(get)
        .enumerable(descriptor.enumerable().unwrap_or(false))
        .configurable(true);
    if let Some(set) = descriptor.set() {
        accessor = accessor.set(set.clone());
    }
    prototype.define_property_or_throw(js_string!("stack"), accessor, context).map(drop)
}

/// The `stack` of `error`, read with the getter captured before any script ran.
pub(crate) fn stack_of(
    error: &JsValue,
    originals: &Originals,
    context: &mut Context,
) -> Option<String> {
    let getter = originals.error_stack.as_ref()?;
    let stack = getter.call(error, &[], context).ok()?;
    Some(stack.as_string()?.to_std_string_lossy())
}

#[cfg(test)]
mod tests {
    use super::*;

    const STACK: &str = "Error: x\n    at  (native)\n    at fail (script:4:11)\n    \
                         at <main> (script:6:1)\n    at <main> (script:9:3)\n";

    #[test]
    fn frames_in_the_script_are_read_in_its_own_lines() {
        let frames = script_frames(STACK);
        assert_eq!(
            frames,
            [
                Frame { name: "fail", line: 4, column: 11 },
                Frame { name: "<main>", line: 6, column: 1 }
            ]
        );
        let text = ScriptText::new(String::new(), None);
        assert_eq!(
            readable_frames(STACK, Some(&text)),
            ["at fail (line 3, column 11)", "at the script (line 5, column 1)"]
        );
        assert!(script_frames("    at f (native at prelude:1:1)").is_empty());
        assert_eq!(
            as_written(STACK, Some(&text)),
            "Error: x\n    at fail (script:3:11)\n    at <main> (script:5:1)"
        );
    }
}
