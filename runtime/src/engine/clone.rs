//! `structuredClone`'s copy of plain data (records and lists), in Rust: the engine's
//! `JsObject::clone_plain_data`, a patch of ordo's to Boa (vendor/README.md). `builtins.js`
//! asks it first and takes its own general path, which knows every kind the web platform
//! clones, where it answers `undefined`.

use boa_engine::{Context, JsResult, JsValue};

/// `clonePlainData(value)`: the copy of an object of plain data, or `undefined` where the
/// value is not one (a primitive, a `Date`, a `Map`, a getter or a symbol anywhere in it...).
pub(super) fn clone_plain_data(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let copy = args
        .first()
        .and_then(JsValue::as_object)
        .and_then(|object| object.clone_plain_data(context));
    Ok(copy.map_or_else(JsValue::undefined, JsValue::from))
}
