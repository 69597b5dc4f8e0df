//! The built-ins the engine itself relies on, captured while the context is still pristine.
//!
//! A script may replace `JSON.stringify`, `Object.getOwnPropertyDescriptor`, `Map.prototype.entries`
//! or the array iterator; what the engine does with its values afterwards (the result, host-call
//! arguments, console text, error positions) uses the functions captured here, before any script
//! ran, and so is not changed by it.
//!
//! Capturing is a handful of property reads done in Rust: nothing is parsed or compiled when an
//! engine is built. The console formatter (`format.js`) is compiled only when a run first prints
//! something other than a string, a number or another primitive, and gets its built-ins from
//! [`Originals::for_format`], never from the global object.

use boa_engine::object::builtins::{JsArray, JsFunction, JsMap, JsSet};
use boa_engine::property::{PropertyDescriptor, PropertyKey};
use boa_engine::{
    Context, JsNativeError, JsObject, JsResult, JsString, JsValue, NativeFunction, js_string,
};

use super::script_text::ScriptText;
use super::stack;

/// Built-ins captured while the context was still pristine.
#[derive(Clone)]
pub(crate) struct Originals {
    pub(crate) stringify: JsFunction,
    pub(crate) own_property_descriptor: JsFunction,
    /// `Object.keys`.
    pub(crate) keys: JsFunction,
    pub(crate) object_prototype: JsObject,
    pub(crate) array_prototype: JsObject,
    /// The getter of `Error.prototype.stack`, where Boa has one.
    pub(crate) error_stack: Option<JsFunction>,
    /// What `format.js` is given: a null-prototype object of captured built-ins.
    pub(crate) for_format: JsObject,
}

/// The members of [`Originals::for_format`] read as `Global.member.member` from the pristine
/// global object; a leading `get ` takes the getter of the last member instead of its value.
const FOR_FORMAT: &[(&str, &str)] = &[
    ("apply", "Reflect.apply"),
    ("ownKeys", "Reflect.ownKeys"),
    ("isArray", "Array.isArray"),
    ("getOwnPropertyDescriptor", "Object.getOwnPropertyDescriptor"),
    ("getPrototypeOf", "Object.getPrototypeOf"),
    ("isPrototypeOf", "Object.prototype.isPrototypeOf"),
    ("hasOwn", "Object.prototype.hasOwnProperty"),
    ("push", "Array.prototype.push"),
    ("join", "Array.prototype.join"),
    ("slice", "String.prototype.slice"),
    ("repeat", "String.prototype.repeat"),
    ("indexOf", "String.prototype.indexOf"),
    ("charCodeAt", "String.prototype.charCodeAt"),
    ("toString", "String"),
    ("numberToString", "Number.prototype.toString"),
    ("bigintToString", "BigInt.prototype.toString"),
    ("symbolToString", "Symbol.prototype.toString"),
    ("dateGetTime", "Date.prototype.getTime"),
    ("dateToISOString", "Date.prototype.toISOString"),
    ("regexpSource", "get RegExp.prototype.source"),
    ("regexpFlags", "get RegExp.prototype.flags"),
    ("mapSize", "get Map.prototype.size"),
    ("mapEntries", "Map.prototype.entries"),
    ("setSize", "get Set.prototype.size"),
    ("setValues", "Set.prototype.values"),
    ("weakMap", "WeakMap"),
    ("weakGet", "WeakMap.prototype.get"),
    ("weakSet", "WeakMap.prototype.set"),
    ("errorPrototype", "Error.prototype"),
    ("errorStack", "get Error.prototype.stack"),
    ("promisePrototype", "Promise.prototype"),
    ("objectPrototype", "Object.prototype"),
];

impl Originals {
    /// Captures the built-ins. Call it before any script runs in `context`.
    pub(crate) fn capture(context: &mut Context) -> JsResult<Self> {
        let own_property_descriptor = function(read(context, "Object.getOwnPropertyDescriptor")?)?;
        let for_format = JsObject::with_null_proto();
        for (name, path) in FOR_FORMAT {
            let value = match path.strip_prefix("get ") {
                Some(path) => getter(context, &own_property_descriptor, path)?,
                None => read(context, path)?,
            };
            for_format.create_data_property_or_throw(JsString::from(*name), value, context)?;
        }
        // The `next` of Map and Set iterators, which no global names.
        let map_entries = JsMap::new(context).entries(context)?;
        let map_next =
            JsObject::from(map_entries).prototype().map(JsValue::from).unwrap_or_default();
        let set_values = JsSet::new(context).values(context)?;
        let set_next =
            JsObject::from(set_values).prototype().map(JsValue::from).unwrap_or_default();
        for (name, prototype) in [("mapNext", map_next), ("setNext", set_next)] {
            let next = match prototype.as_object() {
                Some(prototype) => prototype.get(js_string!("next"), context)?,
                None => JsValue::undefined(),
            };
            for_format.create_data_property_or_throw(JsString::from(name), next, context)?;
        }
        let builtins = global_functions(context)?;
        for_format.create_data_property_or_throw(js_string!("builtins"), builtins, context)?;
        let frames = NativeFunction::from_fn_ptr(readable_frames).to_js_function(context.realm());
        for_format.create_data_property_or_throw(js_string!("readableFrames"), frames, context)?;
        let error_stack = getter(context, &own_property_descriptor, "Error.prototype.stack")?;
        let constructors = context.intrinsics().constructors();
        let (object_prototype, array_prototype) =
            (constructors.object().prototype(), constructors.array().prototype());
        Ok(Self {
            stringify: function(read(context, "JSON.stringify")?)?,
            keys: function(read(context, "Object.keys")?)?,
            own_property_descriptor,
            object_prototype,
            array_prototype,
            error_stack: function(error_stack).ok(),
            for_format,
        })
    }
}

impl Originals {
    /// `owner`'s own property `key`, read with `Object.getOwnPropertyDescriptor` as it was before
    /// any script: no getter runs, and a script's replacement of it changes nothing.
    pub(crate) fn own_property(
        &self,
        owner: &JsObject,
        key: impl Into<PropertyKey>,
        context: &mut Context,
    ) -> JsResult<Option<PropertyDescriptor>> {
        let key: JsValue = match key.into() {
            PropertyKey::String(name) => name.into(),
            PropertyKey::Symbol(symbol) => symbol.into(),
            PropertyKey::Index(index) => index.get().into(),
        };
        let found = self.own_property_descriptor.call(
            &JsValue::undefined(),
            &[owner.clone().into(), key],
            context,
        )?;
        match found.as_object() {
            Some(descriptor) => Ok(Some(descriptor.to_property_descriptor(context)?)),
            None => Ok(None),
        }
    }
}

/// `Global.member.member…` read from the global object.
pub(crate) fn read(context: &mut Context, path: &str) -> JsResult<JsValue> {
    let mut value: JsValue = context.global_object().into();
    for member in path.split('.') {
        let object = value.as_object().ok_or_else(|| missing(path))?;
        value = object.get(JsString::from(member), context)?;
    }
    Ok(value)
}

/// The getter of the property `path` names (undefined when it has none).
fn getter(
    context: &mut Context,
    own_property_descriptor: &JsFunction,
    path: &str,
) -> JsResult<JsValue> {
    let (owner, member) = path.rsplit_once('.').ok_or_else(|| missing(path))?;
    let owner = read(context, owner)?;
    let descriptor = own_property_descriptor.call(
        &JsValue::undefined(),
        &[owner, JsString::from(member).into()],
        context,
    )?;
    match descriptor.as_object() {
        Some(descriptor) => descriptor.get(js_string!("get"), context),
        None => Ok(JsValue::undefined()),
    }
}

/// The functions the global object holds before any script: the built-in constructors, which
/// the formatter must not show as classes of the script's.
fn global_functions(context: &mut Context) -> JsResult<JsValue> {
    let global = context.global_object();
    let mut functions = Vec::new();
    for key in global.own_property_keys(context)? {
        if !matches!(key, PropertyKey::String(_)) {
            continue;
        }
        let value = global.get(key, context)?;
        if value.as_object().is_some_and(|object| object.is_callable()) {
            functions.push(value);
        }
    }
    Ok(JsArray::from_iter(functions, context).into())
}

/// `readableFrames(stack)`: [`stack::readable_frames`] for `format.js`.
fn readable_frames(_this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let stack = args.first().and_then(JsValue::as_string).map(|stack| stack.to_std_string_lossy());
    let text = context.get_data::<ScriptText>();
    let frames = stack.map(|stack| stack::readable_frames(&stack, text)).unwrap_or_default();
    let frames = frames.into_iter().map(|frame| JsString::from(frame.as_str()).into());
    Ok(JsArray::from_iter(frames, context).into())
}

pub(crate) fn function(value: JsValue) -> JsResult<JsFunction> {
    value
        .as_object()
        .and_then(JsFunction::from_object)
        .ok_or_else(|| JsNativeError::typ().with_message("not a function").into())
}

fn missing(path: &str) -> boa_engine::JsError {
    JsNativeError::typ().with_message(format!("the built-in {path} is missing")).into()
}
