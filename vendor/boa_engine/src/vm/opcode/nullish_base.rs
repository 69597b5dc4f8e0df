//! ordo's patch: a property read or write on `undefined` or `null` fails in V8's words, naming
//! the value and the property (`Cannot read properties of undefined (reading 'foo')`), where Boa
//! said `cannot convert 'null' or 'undefined' to object` for every such failure. Scripts are
//! written by models that learned V8's messages, and a script that catches the error reads this
//! one; the value and the key are known only here, in the opcode that failed.

use crate::{Context, JsError, JsNativeError, JsResult, JsValue, property::PropertyKey};

/// What the failed access did.
#[derive(Clone, Copy)]
pub(crate) enum Access {
    Read,
    Set,
}

/// Fails when `base` is `undefined` or `null`, naming the property `key` gives.
#[inline(always)]
pub(crate) fn require_base(
    base: &JsValue,
    access: Access,
    key: impl FnOnce(&mut Context) -> Option<PropertyKey>,
    context: &mut Context,
) -> JsResult<()> {
    if base.is_null_or_undefined() {
        return Err(failure(base, access, key(context)));
    }
    Ok(())
}

/// The key a by-value access names, where naming it runs no script code (an object key is
/// converted by its own methods, which the failed access never calls).
pub(crate) fn primitive_key(key: &JsValue, context: &mut Context) -> Option<PropertyKey> {
    if key.is_object() {
        return None;
    }
    key.to_property_key(context).ok()
}

#[cold]
fn failure(base: &JsValue, access: Access, key: Option<PropertyKey>) -> JsError {
    let value = if base.is_null() { "null" } else { "undefined" };
    let (verb, noun) = match access {
        Access::Read => ("read", "reading"),
        Access::Set => ("set", "setting"),
    };
    let message = match key {
        Some(key) => format!("Cannot {verb} properties of {value} ({noun} '{key}')"),
        None => format!("Cannot {verb} properties of {value}"),
    };
    JsNativeError::typ().with_message(message).into()
}
