//! Functions of ordo's, in Rust, made and put where the built-ins they stand beside are.

use boa_engine::native_function::BareArguments;
use boa_engine::object::{FunctionObjectBuilder, ObjectInitializer};
use boa_engine::property::{Attribute, PropertyDescriptor, PropertyKey};
use boa_engine::{Context, JsNativeError, JsObject, JsResult, JsString, JsValue, NativeFunction};

/// A function as Boa calls a native one.
pub(crate) type Native = fn(&JsValue, &[JsValue], &mut Context) -> JsResult<JsValue>;

/// A function object for `function`, with its `name` and `length`, not a constructor.
pub(crate) fn function(
    context: &mut Context,
    name: JsString,
    length: usize,
    function: Native,
) -> JsObject {
    builder(context, name, length, function).build().into()
}

/// [`function`] for a method that may run bare where `this` and its arguments are primitives
/// (`BareArguments::Primitives`): it then calls no script and reads no property of a
/// primitive, and a call of it needs no native frame (`line.indexOf(",", from)` in a loop).
pub(crate) fn bare_method(
    context: &mut Context,
    name: JsString,
    length: usize,
    function: Native,
) -> JsObject {
    builder(context, name, length, function).bare(BareArguments::Primitives).build().into()
}

fn builder(
    context: &Context,
    name: JsString,
    length: usize,
    function: Native,
) -> FunctionObjectBuilder<'_> {
    FunctionObjectBuilder::new(context.realm(), NativeFunction::from_fn_ptr(function))
        .name(name)
        .length(length)
        .constructor(false)
}

/// An object of `functions` (name, length, function), for a lazily compiled source of ordo's
/// that is a function of it (`lazy.rs`): no script can reach it.
pub(crate) fn natives(context: &mut Context, functions: &[(&str, usize, Native)]) -> JsObject {
    let functions: Vec<(JsString, JsObject)> = functions
        .iter()
        .map(|&(name, length, native)| {
            let name = JsString::from(name);
            (name.clone(), function(context, name, length, native))
        })
        .collect();
    let mut natives = ObjectInitializer::new(context);
    for (name, function) in functions {
        natives.property(name, function, Attribute::empty());
    }
    natives.build()
}

/// Puts `function` on `owner` at `key` as a built-in method is: writable, configurable, not
/// enumerable.
pub(crate) fn define_method(
    owner: &JsObject,
    key: impl Into<PropertyKey>,
    function: JsObject,
    context: &mut Context,
) -> JsResult<()> {
    let property = PropertyDescriptor::builder()
        .value(function)
        .writable(true)
        .enumerable(false)
        .configurable(true);
    owner.define_property_or_throw(key, property, context).map(drop)
}

/// The function a built-in property `key` of `owner` holds (the one ordo's replaces).
pub(crate) fn builtin(
    owner: &JsObject,
    key: impl Into<PropertyKey>,
    context: &mut Context,
) -> JsResult<JsObject> {
    let key = key.into();
    let value = owner.get(key.clone(), context)?;
    value.as_object().filter(JsObject::is_callable).ok_or_else(|| {
        JsNativeError::typ().with_message(format!("the built-in {key} is missing")).into()
    })
}

/// The argument at `index`, `undefined` past the end.
pub(crate) fn arg(args: &[JsValue], index: usize) -> JsValue {
    args.get(index).cloned().unwrap_or_default()
}
