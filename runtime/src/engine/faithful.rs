//! The script's result as JSON (R-RT-4), carried faithfully where JSON can hold it:
//!
//! - a Map is an object (string keys) or an array of `[key, value]` entries (any other keys),
//! - a Set is an array,
//! - an Error is `{ name, message, code?, tool?, stack?, …its own enumerable properties }`,
//! - a BigInt is its decimal string;
//!
//! and notes that say, by path (`result.counts`, `result.items[2]`), what became of what JSON
//! cannot hold: a Map or a Set (converted), NaN, ±Infinity and -0 (null, null, 0), a Promise
//! (null: a forgotten `await`), a function or a symbol (left out), `undefined` (null in an
//! array, left out of an object), and no value at all (a forgotten `return` or `await`).
//!
//! The walk is `JSON.stringify`'s own (captured before any script ran), so getters and `toJSON`
//! run as they always do; a native replacer sees each value on its way and converts or notes it.
//! Maps and Sets are read through their internal slots, not their iterators, so a script that
//! replaces `Map.prototype.entries` changes nothing.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;

use boa_engine::object::builtins::{JsArray, JsMap, JsPromise, JsSet};
use boa_engine::{
    Context, JsNativeError, JsObject, JsResult, JsString, JsValue, NativeFunction, js_string,
};

use super::originals::Originals;
use super::script_text::ScriptText;
use super::stack;

/// Notes past this many are counted, not kept.
const MAX_NOTES: usize = 10;

const NO_VALUE: &str = "no value returned: did you forget `return` or `await`?";

/// The result as JSON text (`null` for no value) and the notes on what JSON could not hold.
pub(crate) fn faithful(
    value: &JsValue,
    originals: &Originals,
    context: &mut Context,
) -> JsResult<(JsString, Vec<String>)> {
    if value.is_undefined() {
        return Ok((js_string!("null"), vec![NO_VALUE.to_owned()]));
    }
    let conversion = Conversion { originals: Some(originals.clone()), ..Conversion::default() };
    let (text, conversion) = convert(value, conversion, context);
    let text = text?.as_string().unwrap_or(js_string!("null"));
    let mut notes = Vec::new();
    if let Some(conversion) = conversion {
        notes = conversion.notes.into_inner();
        let dropped = conversion.dropped.get();
        if dropped > 0 {
            let s = if dropped == 1 { "" } else { "s" };
            notes.push(format!("… and {dropped} more note{s}"));
        }
    }
    Ok((text, notes))
}

/// A value to keep (`store(key, value)`) as JSON text, converted as a result is, but refusing
/// what JSON cannot hold instead of noting it: a function, a symbol or a Promise is an error
/// naming where it is (`value.items[2] is a function`), as is a cycle. `undefined` has no text.
pub(crate) fn storable(
    value: &JsValue,
    root: &str,
    originals: &Originals,
    context: &mut Context,
) -> Result<Option<String>, String> {
    let conversion = Conversion {
        originals: Some(originals.clone()),
        refuse: Some(root.to_owned()),
        ..Conversion::default()
    };
    let (text, _) = convert(value, conversion, context);
    match text {
        Ok(text) => Ok(text.as_string().map(|text| text.to_std_string_lossy())),
        Err(error) => {
            let message = error
                .as_native()
                .map(|native| native.message().to_string())
                .unwrap_or_else(|| error.to_string());
            if message.contains("cyclic") || message.contains("circular") {
                Err(format!("{root} is circular: it contains itself"))
            } else {
                Err(message)
            }
        }
    }
}

/// `JSON.stringify(value, replacer)` under `conversion`, and what the conversion kept.
fn convert(
    value: &JsValue,
    conversion: Conversion,
    context: &mut Context,
) -> (JsResult<JsValue>, Option<Box<Conversion>>) {
    let stringify = conversion.originals.as_ref().map(|originals| originals.stringify.clone());
    context.insert_data(conversion);
    let replacer = NativeFunction::from_fn_ptr(replace).to_js_function(context.realm());
    let text = match stringify {
        Some(stringify) => {
            stringify.call(&JsValue::undefined(), &[value.clone(), replacer.into()], context)
        }
        None => Err(broken()),
    };
    (text, context.remove_data::<Conversion>())
}

/// What one conversion keeps between calls of its replacer (in the context's data).
#[derive(Default)]
struct Conversion {
    originals: Option<Originals>,
    /// Refuse what JSON cannot hold, naming the value `root` in the error; `None`: convert and
    /// note it, naming the value `result`.
    refuse: Option<String>,
    /// The path of every object the walk will enter, by identity.
    paths: RefCell<HashMap<JsObject, String>>,
    notes: RefCell<Vec<String>>,
    dropped: Cell<usize>,
}

impl Conversion {
    fn note(&self, path: &str, text: &str) {
        let mut notes = self.notes.borrow_mut();
        if notes.len() < MAX_NOTES {
            notes.push(format!("{path} {text}"));
        } else {
            self.dropped.set(self.dropped.get() + 1);
        }
    }

    /// The path of the member `name` of `holder`.
    fn path(&self, holder: Option<&JsObject>, name: &str) -> String {
        let root = self.refuse.as_deref().unwrap_or("result");
        let Some(holder) = holder else { return root.to_owned() };
        let paths = self.paths.borrow();
        let Some(base) = paths.get(holder) else { return root.to_owned() };
        if holder.is_array() {
            format!("{base}[{name}]")
        } else if is_identifier(name) {
            format!("{base}.{name}")
        } else {
            format!("{base}[{}]", serde_json::Value::from(name))
        }
    }
}

/// The replacer: `this` is the holder, the arguments the member's name and value.
fn replace(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let value = args.get(1).cloned().unwrap_or_default();
    let holder = this.as_object();
    let in_array = holder.as_ref().is_some_and(JsObject::is_array);
    let path = |context: &Context| {
        let name = args.first().and_then(JsValue::as_string);
        let name = name.map(|name| name.to_std_string_lossy()).unwrap_or_default();
        conversion(context).map(|conversion| conversion.path(holder.as_ref(), &name))
    };
    let note = |context: &Context, text: &str| -> JsResult<()> {
        let path = path(context)?;
        conversion(context)?.note(&path, text);
        Ok(())
    };
    if let Some(number) = value.as_number() {
        if number.is_nan() {
            note(context, "was NaN, which JSON cannot hold; it became null")?;
        } else if number.is_infinite() {
            let sign = if number < 0.0 { "-" } else { "" };
            note(context, &format!("was {sign}Infinity, which JSON cannot hold; it became null"))?;
        } else if number == 0.0 && number.is_sign_negative() {
            note(context, "was -0; it became 0")?;
        }
        return Ok(value);
    }
    if let Some(big) = value.as_bigint() {
        let digits = big.to_string();
        note(context, &format!("was the BigInt {digits}n; it became the string \"{digits}\""))?;
        return Ok(JsString::from(digits.as_str()).into());
    }
    let object = value.as_object();
    let callable = object.as_ref().is_some_and(JsObject::is_callable);
    let promise =
        object.as_ref().is_some_and(|object| JsPromise::from_object(object.clone()).is_ok());
    if (callable || value.is_symbol() || promise) && conversion(context)?.refuse.is_some() {
        let what = match () {
            () if callable => "a function",
            () if promise => "a Promise (did you forget `await`?)",
            () => "a symbol",
        };
        let message = format!("{} is {what}, which cannot be kept as JSON", path(context)?);
        return Err(JsNativeError::typ().with_message(message).into());
    }
    if callable || value.is_symbol() {
        let what = if callable { "a function" } else { "a symbol" };
        let fate = if in_array { "it became null" } else { "it was left out" };
        note(context, &format!("was {what}, which JSON cannot hold; {fate}"))?;
        return Ok(JsValue::undefined());
    }
    if value.is_undefined() {
        let fate = if in_array { "it became null" } else { "it was left out" };
        note(context, &format!("was undefined; {fate}"))?;
        return Ok(value);
    }
    let Some(object) = object else { return Ok(value) };
    if JsPromise::from_object(object.clone()).is_ok() {
        note(context, "was a Promise (did you forget `await`?); it became null")?;
        return Ok(JsValue::null());
    }
    let path = path(context)?;
    let converted = if let Ok(map) = JsMap::from_object(object.clone()) {
        from_map(&map, &path, context)?
    } else if let Ok(set) = JsSet::from_object(object.clone()) {
        let mut items = Vec::new();
        set.for_each_native(|item| {
            items.push(item);
            Ok(())
        })?;
        let text = format!("was a Set of {}; it became an array", items.len());
        conversion(context)?.note(&path, &text);
        JsArray::from_iter(items, context).into()
    } else if object.is::<boa_engine::builtins::error::Error>() {
        from_error(&object, context)?
    } else {
        object
    };
    conversion(context)?.paths.borrow_mut().insert(converted.clone(), path);
    Ok(converted.into())
}

fn from_map(map: &JsMap, path: &str, context: &mut Context) -> JsResult<JsObject> {
    let mut entries = Vec::new();
    map.for_each_native(|key, value| {
        entries.push((key, value));
        Ok(())
    })?;
    let count = entries.len();
    if !entries.iter().all(|(key, _)| key.is_string()) {
        let text = format!("was a Map of {count}; it became an array of [key, value] entries");
        conversion(context)?.note(path, &text);
        let pairs: Vec<JsValue> = entries
            .into_iter()
            .map(|(key, value)| JsArray::from_iter([key, value], context).into())
            .collect();
        return Ok(JsArray::from_iter(pairs, context).into());
    }
    let object = JsObject::with_object_proto(context.intrinsics());
    for (key, value) in entries {
        if let Some(key) = key.as_string() {
            object.create_data_property_or_throw(key, value, context)?;
        }
    }
    conversion(context)?.note(path, &format!("was a Map of {count}; it became an object"));
    Ok(object)
}

/// `{ name, message, code?, tool?, …own enumerable properties, stack? }`.
fn from_error(error: &JsObject, context: &mut Context) -> JsResult<JsObject> {
    let originals = conversion(context)?.originals.clone().ok_or_else(broken)?;
    let object = JsObject::with_object_proto(context.intrinsics());
    for name in ["name", "message"] {
        let value = error.get(JsString::from(name), context)?;
        let text = match value.as_symbol() {
            Some(symbol) => symbol.descriptive_string(),
            None => value.to_string(context)?,
        };
        object.create_data_property_or_throw(JsString::from(name), text, context)?;
    }
    for name in ["code", "tool"] {
        let value = error.get(JsString::from(name), context)?;
        if !value.is_undefined() {
            object.create_data_property_or_throw(JsString::from(name), value, context)?;
        }
    }
    let names = originals.keys.call(&JsValue::undefined(), &[error.clone().into()], context)?;
    if let Some(names) = names.as_object() {
        let names = JsArray::from_object(names.clone())?;
        for index in 0..names.length(context)? {
            let name = names.get(index, context)?;
            let Some(name) = name.as_string() else { continue };
            if name != js_string!("stack") {
                let value = error.get(name.clone(), context)?;
                object.create_data_property_or_throw(name, value, context)?;
            }
        }
    }
    let stack = stack::stack_of(&error.clone().into(), &originals, context);
    let text = context.get_data::<ScriptText>();
    let frames = stack.map(|stack| stack::readable_frames(&stack, text)).unwrap_or_default();
    if !frames.is_empty() {
        let frames = JsString::from(frames.join("\n").as_str());
        object.create_data_property_or_throw(js_string!("stack"), frames, context)?;
    }
    Ok(object)
}

fn conversion(context: &Context) -> JsResult<&Conversion> {
    context.get_data::<Conversion>().ok_or_else(broken)
}

fn broken() -> boa_engine::JsError {
    JsNativeError::typ().with_message("the result converter broke").into()
}

/// Whether `name` can follow a `.` in a path (ASCII letters, digits, `$` and `_`).
pub(crate) fn is_identifier(name: &str) -> bool {
    let mut characters = name.chars();
    characters
        .next()
        .is_some_and(|first| first.is_ascii_alphabetic() || first == '$' || first == '_')
        && characters.all(|c| c.is_ascii_alphanumeric() || c == '$' || c == '_')
}

/// JSON text whose strings hold no unpaired surrogate, and how many there were.
/// `JSON.stringify` writes half a surrogate pair (an emoji cut by `slice`, `split("")`) as an
/// escape, `"\ud83d"`: valid JSON text, but no Unicode string can hold it, so the host could
/// not read the result back. Each becomes U+FFFD, as a decoder of UTF-16 would write it.
pub(crate) fn without_lone_surrogates(json: &str) -> (std::borrow::Cow<'_, str>, usize) {
    let bytes = json.as_bytes();
    // The code unit of a `\uXXXX` escape at `at`, if there is one.
    let unit = |at: usize| -> Option<u16> {
        let digits = bytes.get(at..at + 6)?;
        if &digits[..2] != b"\\u" {
            return None;
        }
        u16::from_str_radix(std::str::from_utf8(&digits[2..]).ok()?, 16).ok()
    };
    let mut out: Option<String> = None;
    let mut replaced = 0;
    let (mut at, mut copied) = (0, 0);
    while at < bytes.len() {
        if bytes[at] != b'\\' {
            at += 1;
            continue;
        }
        let lone = match unit(at) {
            Some(0xD800..=0xDBFF) if matches!(unit(at + 6), Some(0xDC00..=0xDFFF)) => {
                at += 12;
                continue;
            }
            Some(0xD800..=0xDFFF) => true,
            Some(_) => false,
            // `\\`, `\"`, `\n`…: two bytes, never the start of an escape.
            None => {
                at += 2;
                continue;
            }
        };
        if lone {
            let text = out.get_or_insert_with(|| String::with_capacity(json.len()));
            text.push_str(&json[copied..at]);
            text.push_str("\\ufffd");
            replaced += 1;
            copied = at + 6;
        }
        at += 6;
    }
    match out {
        Some(mut text) => {
            text.push_str(&json[copied..]);
            (std::borrow::Cow::Owned(text), replaced)
        }
        None => (std::borrow::Cow::Borrowed(json), 0),
    }
}

#[cfg(test)]
mod tests {
    use super::without_lone_surrogates;

    #[test]
    fn lone_surrogates_become_the_replacement_character_and_pairs_stay() {
        let (text, replaced) =
            without_lone_surrogates(r#"["\ud83d","\ude00","\ud83d\ude00","a\\ud83d","\ud83dx"]"#);
        assert_eq!(text, r#"["\ufffd","\ufffd","\ud83d\ude00","a\\ud83d","\ufffdx"]"#);
        assert_eq!(replaced, 3);
        let (text, replaced) = without_lone_surrogates(r#"{"é":"\u00e9\n"}"#);
        assert!(matches!(text, std::borrow::Cow::Borrowed(_)));
        assert_eq!(replaced, 0);
    }
}
