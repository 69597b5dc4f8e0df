//! ordo's patch: a constructor call reads `newTarget.prototype` through an inline cache.

use crate::{
    Context, JsObject, JsResult, JsValue,
    object::{PROTOTYPE, internal_methods::InternalMethodPropertyContext},
    property::PropertyKey,
    vm::{CodeBlock, inline_cache::slot_value},
};

/// `GetPrototypeFromConstructor(newTarget, %Object.prototype%)` for a `new` of the ordinary
/// function whose code is `code`: the prototype of the object it makes. Boa read
/// `newTarget.prototype` as any property is read by key, a lookup in the constructor's
/// property table (about 700 instructions of every `new Vec(x, y)`); the code block's cache
/// remembers where it found the property for each shape of `newTarget`, as a property read
/// remembers it for its site. A getter, a proxy or a primitive `prototype` takes the general
/// steps, and a getter is called once.
pub(super) fn prototype_for_construct(
    code: &CodeBlock,
    new_target: &JsValue,
    context: &mut Context,
) -> JsResult<JsObject> {
    let Some(constructor) = new_target.as_object() else {
        return Ok(context.intrinsics().constructors().object().prototype());
    };
    let cache = &code.construct_prototype;
    {
        let borrowed = constructor.borrow();
        if let Some(slot) = cache.get(borrowed.shape())
            && !slot.attributes.is_accessor_descriptor()
            && let Some(prototype) = slot_value(&borrowed, slot)
            && let Some(prototype) = prototype.as_object()
        {
            return Ok(prototype.clone());
        }
    }
    let key = PropertyKey::from(PROTOTYPE);
    let context = &mut InternalMethodPropertyContext::new(context);
    let prototype = constructor.__get__(&key, new_target.clone(), context)?;
    let slot = *context.slot();
    if slot.is_cacheable() {
        cache.set(constructor.borrow().shape(), slot);
    }
    if let Some(prototype) = prototype.as_object() {
        return Ok(prototype.clone());
    }
    // 3. If proto is not an Object, the realm's %Object.prototype%.
    let realm = constructor.get_function_realm(context)?;
    Ok(realm.intrinsics().constructors().object().prototype())
}
