//! `structuredClone`'s copy of plain data (records and lists), in Rust: the engine's
//! `JsObject::clone_plain_data`, a patch of ordo's to Boa (vendor/README.md). `builtins.js`
//! asks it first and takes its own general path, which knows every kind the web platform
//! clones, where it answers `undefined`. And the end of a transfer: the buffer left detached.

use boa_engine::object::builtins::JsArrayBuffer;
use boa_engine::{Context, JsNativeError, JsResult, JsValue};

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

/// `detachBuffer(buffer)`: leaves an `ArrayBuffer` whose contents a `structuredClone` with
/// `transfer` moved into the clone detached (its length 0, its views empty), as posting it to a
/// worker does. Boa's `ArrayBuffer.prototype.transfer`, which would do it from the script's side,
/// is behind its `experimental` feature.
pub(super) fn detach_buffer(
    _: &JsValue,
    args: &[JsValue],
    _context: &mut Context,
) -> JsResult<JsValue> {
    let buffer = args
        .first()
        .and_then(JsValue::as_object)
        .and_then(|object| JsArrayBuffer::from_object(object).ok())
        .ok_or_else(|| JsNativeError::typ().with_message("Found invalid object in transferList"))?;
    buffer.detach(&JsValue::undefined())?;
    Ok(JsValue::undefined())
}
