use boa_string::StaticJsStrings;

use crate::{
    Context, JsObject, JsResult, JsValue, js_string,
    object::internal_methods::{
        InternalMethodPropertyContext, dense_array_element, small_index_get,
    },
    property::PropertyKey,
    vm::{
        inline_cache::{InlineCache, slot_value},
        opcode::{
            IndexOperand, Operation, RegisterOperand,
            bare::call_getter,
            nullish_base::{Access, primitive_key, require_base},
        },
    },
};

/// Boa's fast path for `GetLengthProperty`, as a function of its own (ordo's patch, so that the
/// quick loop, `quick_steps.rs`, reads `length` the same way): an Array keeps its `length` in
/// its first slot; a string primitive's is its own (the string exotic object's, which the
/// prototype that `base_class()` gives would not see). `None` for anything else.
#[inline(always)]
pub(crate) fn length_at_once(value: &JsValue) -> Option<JsValue> {
    if let Some(object) = value.as_object()
        && object.is_array()
    {
        return Some(object.borrow().properties().storage[0].clone());
    }
    value.with_string(|string| JsValue::from(string.len() as u32))
}

fn get_by_name<const LENGTH: bool>(
    (dst, object, receiver, index): (RegisterOperand, &JsValue, &JsValue, IndexOperand),
    context: &mut Context,
) -> JsResult<()> {
    if LENGTH && let Some(length) = length_at_once(object) {
        context.vm.set_register(dst.into(), length);
        return Ok(());
    }

    // OPTIMIZATION:
    //    Instead of calling `to_object()`, which creates a temporary wrapper object for primitive
    //    values (e.g., numbers, strings, booleans) just to query their prototype chain.
    //
    //    To prevent the creation of a temporary JsObject, we directly retrieve the prototype that
    //    `to_object()` would produce, such as `Number.prototype`, `String.prototype`, etc.
    // ordo's patch: the error names the value and the property (`nullish_base.rs`).
    require_base(
        object,
        Access::Read,
        |context| Some(context.vm.frame().code_block().ic[usize::from(index)].name.clone().into()),
        context,
    )?;
    let object = object.base_class(context)?;

    let ic = &context.vm.frame().code_block().ic[usize::from(index)];
    let object_borrowed = object.borrow();
    // ordo's patch: the cache gives the slot alone; the prototype is the object's own
    // shape's.
    if let Some(slot) = ic.get(object_borrowed.shape()) {
        let mut result =
            slot_value(&object_borrowed, slot).expect("prototype should have value");

        drop(object_borrowed);
        if slot.attributes.has_get() && result.is_object() {
            // ordo's patch: a getter marked `bare` (`map.size`, a typed array's `length`) runs
            // without a native call's steps (`call/bare.rs`).
            result = call_getter(&result, receiver, context)?;
        }
        context.vm.set_register(dst.into(), result);
        return Ok(());
    }

    drop(object_borrowed);

    let key: PropertyKey = ic.name.clone().into();

    let context = &mut InternalMethodPropertyContext::new(context);
    let result = object.__get__(&key, receiver.clone(), context)?;

    // Cache the property.
    let slot = *context.slot();
    if slot.is_cacheable() {
        let ic = &context.vm.frame().code_block.ic[usize::from(index)];
        let object_borrowed = object.borrow();
        let shape = object_borrowed.shape();
        ic.set(shape, slot);
    }

    context.vm.set_register(dst.into(), result);
    Ok(())
}

fn get_by_value<const PUSH_KEY: bool>(
    (dst, key, receiver, object): (
        RegisterOperand,
        RegisterOperand,
        RegisterOperand,
        RegisterOperand,
    ),
    context: &mut Context,
) -> JsResult<()> {
    // ordo's patch: `a[i]` with `i` a small integer and `a` an Array or a typed array reads the
    // element from the registers as they are, with no copy of either and no property key.
    let element = context
        .vm
        .get_register(key.into())
        .as_small_index()
        .and_then(|index| {
            context
                .vm
                .get_register(object.into())
                .with_object(|object| small_index_get(object, index))
                .flatten()
        });
    if let Some(element) = element {
        context.vm.set_register(dst.into(), element);
        return Ok(());
    }
    // ordo's patch: a string key that named an own data property of this shape before
    // (`vm/keyed_reads.rs`). The key register is left as it is: the string is its own property
    // key, as the read that remembered it found.
    if let Some(value) = remembered_own_property(key, object, context) {
        context.vm.set_register(dst.into(), value);
        return Ok(());
    }

    let key_value = context.vm.get_register(key.into()).clone();
    let base = context.vm.get_register(object.into()).clone();
    // ordo's patch: the error names the value and the property (`nullish_base.rs`).
    require_base(&base, Access::Read, |context| primitive_key(&key_value, context), context)?;
    let object = base.base_class(context)?;
    let key_value = key_value.to_property_key(context)?;

    // Fast Path
    //
    // NOTE: Since we’re using the prototype returned directly by `base_class()`,
    //       we need to handle string primitives separately due to the
    //       string exotic internal methods.
    match &key_value {
        PropertyKey::Index(index) => {
            // ordo's patch: the dense element read is `dense_array_element`, which [[Get]] of an
            // Array asks too.
            if let Some(element) = dense_array_element(&object, &key_value) {
                if PUSH_KEY {
                    context.vm.set_register(key.into(), key_value.into());
                }

                context.vm.set_register(dst.into(), element);
                return Ok(());
            }
            if let Some(string) = base.as_string() {
                let value = string
                    .code_unit_at(index.get() as usize)
                    .map_or_else(JsValue::undefined, |char| {
                        js_string!([char].as_slice()).into()
                    });

                if PUSH_KEY {
                    context.vm.set_register(key.into(), key_value.into());
                }
                context.vm.set_register(dst.into(), value);
                return Ok(());
            }
        }
        PropertyKey::String(string) if *string == StaticJsStrings::LENGTH => {
            if let Some(string) = base.as_string() {
                let value = string.len().into();

                if PUSH_KEY {
                    context.vm.set_register(key.into(), key_value.into());
                }
                context.vm.set_register(dst.into(), value);
                return Ok(());
            }
        }
        _ => {}
    }

    // ordo's patch: `row[column]` on an ordinary object whose own data property it names,
    // remembered for the next object of its shape when the key was a string.
    let remember = context.vm.get_register(key.into()).is_string();
    if let Some(value) = own_data_property(&object, &key_value, remember, context) {
        if PUSH_KEY {
            context.vm.set_register(key.into(), key_value.into());
        }
        context.vm.set_register(dst.into(), value);
        return Ok(());
    }

    let receiver = context.vm.get_register(receiver.into());

    // Slow path:
    let result = object.__get__(
        &key_value,
        receiver.clone(),
        &mut InternalMethodPropertyContext::new(context),
    )?;

    if PUSH_KEY {
        context.vm.set_register(key.into(), key_value.into());
    }
    context.vm.set_register(dst.into(), result);
    Ok(())
}

#[derive(Debug, Clone, Copy)]
pub(crate) struct GetLengthProperty;

impl GetLengthProperty {
    #[inline(always)]
    pub(crate) fn operation(
        (dst, object, index): (RegisterOperand, RegisterOperand, IndexOperand),
        context: &mut Context,
    ) -> JsResult<()> {
        let object = context.vm.get_register(object.into()).clone();
        get_by_name::<true>((dst, &object, &object, index), context)
    }
}

impl Operation for GetLengthProperty {
    const NAME: &'static str = "GetLengthProperty";
    const INSTRUCTION: &'static str = "INST - GetLengthProperty";
    const COST: u8 = 4;
}

/// ordo's patch: the value of an ordinary object's own data property named by `key`, read from
/// its storage through its shape; `None` for an index, an accessor, a property it inherits or
/// lacks, and any other kind of object. A key computed at run time (`row[column]`,
/// `a[key] - b[key]` in a comparator) has no inline cache, and `[[Get]]` made a property
/// descriptor (the value cloned into it, its attributes built) through two virtual calls to
/// read it.
///
/// With `remember`, the slot found is remembered for `key` and the object's shape
/// ([`KeyedReads`](crate::vm::keyed_reads::KeyedReads)).
#[inline]
fn own_data_property(
    object: &JsObject,
    key: &PropertyKey,
    remember: bool,
    context: &mut Context,
) -> Option<JsValue> {
    if matches!(key, PropertyKey::Index(_)) || !object.is_ordinary() {
        return None;
    }
    let object = object.borrow();
    let properties = object.properties();
    let slot = properties.shape.lookup(key)?;
    if slot.attributes.is_accessor_descriptor() {
        return None;
    }
    let value = properties.storage.get(slot.index as usize).cloned()?;
    if remember && let PropertyKey::String(key) = key {
        context.vm.keyed_reads.insert(&properties.shape, key, slot);
    }
    Some(value)
}

/// ordo's patch: the own data property of the ordinary object in register `object` that the
/// string in register `key` named at an earlier read from an object of the same shape.
#[inline(always)]
fn remembered_own_property(
    key: RegisterOperand,
    object: RegisterOperand,
    context: &Context,
) -> Option<JsValue> {
    let vm = &context.vm;
    vm.get_register(key.into())
        .with_string(|key| {
            vm.get_register(object.into())
                .with_object(|object| {
                    if !object.is_ordinary() {
                        return None;
                    }
                    let object = object.borrow();
                    let slot = vm.keyed_reads.get(object.shape(), key)?;
                    object.properties().storage.get(slot.index as usize).cloned()
                })
                .flatten()
        })
        .flatten()
}

/// `GetPropertyByName` implements the Opcode Operation for `Opcode::GetPropertyByName`
///
/// Operation:
///  - Get a property by name from an object.
#[derive(Debug, Clone, Copy)]
pub(crate) struct GetPropertyByName;

impl GetPropertyByName {
    #[inline(always)]
    pub(crate) fn operation(
        (dst, object, index): (RegisterOperand, RegisterOperand, IndexOperand),
        context: &mut Context,
    ) -> JsResult<()> {
        // ordo's patch: a data property the inline cache knows is read straight from the object
        // in the register, with no copy of the register and no temporary base object.
        let register = context.vm.get_register(object.into());
        let cached = if register.is_string() {
            cached_string_prototype_property(index, context)
        } else {
            register
                .with_object(|object| cached_data_property(object, index, context))
                .flatten()
        };
        if let Some(value) = cached {
            context.vm.set_register(dst.into(), value);
            return Ok(());
        }
        get_uncached_property_by_name(dst, object, index, context)
    }
}

/// ordo's patch: `GetPropertyByName` where the inline cache has no data property to give, out
/// of the handler's line: inlined, its registers and stack were saved and restored by every
/// cached read too.
#[inline(never)]
fn get_uncached_property_by_name(
    dst: RegisterOperand,
    object: RegisterOperand,
    index: IndexOperand,
    context: &mut Context,
) -> JsResult<()> {
    let object = context.vm.get_register(object.into()).clone();
    get_by_name::<false>((dst, &object, &object, index), context)
}

/// ordo's patch: a data property of `String.prototype` read from a string primitive
/// (`line.split`, `name.padEnd`), if the inline cache knows where it is. `get_by_name` reads
/// it from the same prototype and fills the same cache, but first checks the base, clones the
/// prototype and drops it again. An accessor (its getter takes the string as `this`) and a
/// miss go to `get_by_name`.
#[inline]
fn cached_string_prototype_property(index: IndexOperand, context: &Context) -> Option<JsValue> {
    let prototype = context.intrinsics().constructors().string().prototype_ref();
    cached_data_property(prototype, index, context)
}

/// ordo's patch: the value of `object`'s data property named at `index`, if the inline cache
/// there knows where it is; `None` for an accessor (its getter is called by `get_by_name`, or
/// for a global by `GetNameGlobal`) or a miss.
#[inline(always)]
pub(super) fn cached_data_property(
    object: &JsObject,
    index: IndexOperand,
    context: &Context,
) -> Option<JsValue> {
    cached_data_property_in(object, &context.vm.frame().code_block().ic[usize::from(index)])
}

/// [`cached_data_property`] with the read's inline cache given (the quick loop has the code
/// block at hand, not the frame).
#[inline(always)]
pub(crate) fn cached_data_property_in(
    object: &JsObject,
    ic: &InlineCache,
) -> Option<JsValue> {
    let object = object.borrow();
    let slot = ic.get(object.shape())?;
    if slot.attributes.is_accessor_descriptor() {
        return None;
    }
    slot_value(&object, slot)
}

impl Operation for GetPropertyByName {
    const NAME: &'static str = "GetPropertyByName";
    const INSTRUCTION: &'static str = "INST - GetPropertyByName";
    const COST: u8 = 4;
}

/// `GetPropertyByNameWithThis` implements the Opcode Operation for `Opcode::GetPropertyByNameWithThis`
///
/// Operation:
///  - Get a property by name from an object with this.
#[derive(Debug, Clone, Copy)]
pub(crate) struct GetPropertyByNameWithThis;

impl GetPropertyByNameWithThis {
    #[inline(always)]
    pub(crate) fn operation(
        (dst, receiver, value, index): (
            RegisterOperand,
            RegisterOperand,
            RegisterOperand,
            IndexOperand,
        ),
        context: &mut Context,
    ) -> JsResult<()> {
        let receiver = context.vm.get_register(receiver.into()).clone();
        let object = context.vm.get_register(value.into()).clone();
        get_by_name::<false>((dst, &object, &receiver, index), context)
    }
}

impl Operation for GetPropertyByNameWithThis {
    const NAME: &'static str = "GetPropertyByNameWithThis";
    const INSTRUCTION: &'static str = "INST - GetPropertyByNameWithThis";
    const COST: u8 = 4;
}

/// `GetPropertyByValue` implements the Opcode Operation for `Opcode::GetPropertyByValue`
///
/// Operation:
///  - Get a property by value from an object and store it in dst.
#[derive(Debug, Clone, Copy)]
pub(crate) struct GetPropertyByValue;

impl GetPropertyByValue {
    #[inline(always)]
    pub(crate) fn operation(
        args: (
            RegisterOperand,
            RegisterOperand,
            RegisterOperand,
            RegisterOperand,
        ),
        context: &mut Context,
    ) -> JsResult<()> {
        get_by_value::<false>(args, context)
    }
}

impl Operation for GetPropertyByValue {
    const NAME: &'static str = "GetPropertyByValue";
    const INSTRUCTION: &'static str = "INST - GetPropertyByValue";
    const COST: u8 = 4;
}

/// `GetPropertyByValuePush` implements the Opcode Operation for `Opcode::GetPropertyByValuePush`
///
/// Operation:
///  - Get a property by value from an object and store the key and value in registers.
#[derive(Debug, Clone, Copy)]
pub(crate) struct GetPropertyByValuePush;

impl GetPropertyByValuePush {
    #[inline(always)]
    pub(crate) fn operation(
        args: (
            RegisterOperand,
            RegisterOperand,
            RegisterOperand,
            RegisterOperand,
        ),
        context: &mut Context,
    ) -> JsResult<()> {
        get_by_value::<true>(args, context)
    }
}

impl Operation for GetPropertyByValuePush {
    const NAME: &'static str = "GetPropertyByValuePush";
    const INSTRUCTION: &'static str = "INST - GetPropertyByValuePush";
    const COST: u8 = 4;
}
