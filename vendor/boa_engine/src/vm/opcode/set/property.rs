use crate::JsExpect;
use crate::JsValue;
use crate::value::JsVariant;
use crate::vm::opcode::nullish_base::{Access, primitive_key, require_base};
use crate::vm::opcode::{IndexOperand, RegisterOperand};
use crate::{
    Context, JsNativeError, JsObject, JsResult, JsString,
    builtins::function::set_function_name,
    builtins::typed_array::{TypedArray, typed_array_set_element},
    object::{
        internal_methods::{
            InternalMethodPropertyContext, ORDINARY_INTERNAL_METHODS, has_ordinary_elements,
        },
        only_adds,
        shape::slot::SlotAttributes,
    },
    property::{PropertyDescriptor, PropertyKey},
    vm::{Start, opcode::Operation},
};
use boa_macros::js_str;
use boa_string::StaticJsStrings;

fn set_by_name(
    value: RegisterOperand,
    value_object: &JsValue,
    receiver: &JsValue,
    index: IndexOperand,
    transition: Option<IndexOperand>,
    context: &mut Context,
) -> JsResult<()> {
    let value = context.vm.get_register(value.into()).clone();

    // ordo's patch: the error names the value and the property (`nullish_base.rs`).
    require_base(
        value_object,
        Access::Set,
        |context| {
            Some(
                context.vm.frame().code_block().ic[usize::from(index)]
                    .name
                    .clone()
                    .into(),
            )
        },
        context,
    )?;
    let object = value_object.to_object(context)?;

    let ic = &context.vm.frame().code_block().ic[usize::from(index)];

    let object_borrowed = object.borrow();
    // ordo's patch: the cache gives the slot alone; the prototype is the object's own
    // shape's.
    if let Some(slot) = ic.get(object_borrowed.shape()) {
        let slot_index = slot.index as usize;

        if slot.attributes.is_accessor_descriptor() {
            let result = if slot.attributes.contains(SlotAttributes::PROTOTYPE) {
                let prototype = object_borrowed
                    .shape()
                    .prototype()
                    .expect("prototype should have value");
                let prototype = prototype.borrow();

                prototype.properties().storage[slot_index + 1].clone()
            } else {
                object_borrowed.properties().storage[slot_index + 1].clone()
            };

            drop(object_borrowed);
            if slot.attributes.has_set() && result.is_object() {
                result.as_object().expect("should contain getter").call(
                    receiver,
                    std::slice::from_ref(&value),
                    context,
                )?;
            }
        } else if slot.attributes.contains(SlotAttributes::PROTOTYPE) {
            let prototype = object_borrowed
                .shape()
                .prototype()
                .expect("prototype should have value");
            let mut prototype = prototype.borrow_mut();

            prototype.properties_mut().storage[slot_index] = value.clone();
        } else {
            drop(object_borrowed);
            let mut object_borrowed = object.borrow_mut();
            object_borrowed.properties_mut().storage[slot_index] = value.clone();
        }
        return Ok(());
    }
    drop(object_borrowed);

    let name: PropertyKey = ic.name.clone().into();

    // ordo's patch: a property added to a plain object takes its site's last transition
    // (`vm/inline_cache/transition.rs`), when nothing on the prototype chain has the key.
    let transition = transition.filter(|_| only_adds(&object, &name));
    if let Some(transition) = transition
        && context.vm.frame().code_block().transitions[usize::from(transition)].add(&object, &value)
    {
        return Ok(());
    }
    let start = transition.and_then(|_| Start::of(&object));

    let context = &mut InternalMethodPropertyContext::new(context);
    let succeeded = object.__set__(name.clone(), value.clone(), receiver.clone(), context)?;
    if let (Some(transition), Some(start)) = (transition, start) {
        context.vm.frame().code_block().transitions[usize::from(transition)]
            .remember(start, &object);
    }
    if !succeeded && context.vm.frame().code_block.strict() {
        return Err(JsNativeError::typ()
            .with_message(format!("cannot set non-writable property: {name}"))
            .into());
    }

    // Cache the property.
    let slot = *context.slot();
    if succeeded && slot.is_cacheable() && stored_as_it_is(&object, &name) {
        let ic = &context.vm.frame().code_block.ic[usize::from(index)];
        let object_borrowed = object.borrow();
        let shape = object_borrowed.shape();
        ic.set(shape, slot);
    }

    Ok(())
}

/// ordo's fix: whether writing `key` on `object` is storing the value in the property's slot,
/// which is what the cache repeats on a hit: so where `object`'s [[DefineOwnProperty]] is the
/// ordinary one, and for an Array's keys but `length`, whose write converts the value, throws a
/// `RangeError` for an invalid length and deletes the elements past a smaller one (a loop that
/// empties a buffer with `buffer.length = 0` did so only on its first pass).
fn stored_as_it_is(object: &JsObject, key: &PropertyKey) -> bool {
    if object.is_array() {
        return !matches!(key, PropertyKey::String(name) if *name == StaticJsStrings::LENGTH);
    }
    std::ptr::fn_addr_eq(
        object.vtable().__define_own_property__,
        ORDINARY_INTERNAL_METHODS.__define_own_property__,
    )
}

/// `SetPropertyByName` implements the Opcode Operation for `Opcode::SetPropertyByName`
///
/// Operation:
///  - Sets a property by name of an object.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SetPropertyByName;

impl SetPropertyByName {
    #[inline(always)]
    pub(crate) fn operation(
        (value, object, index, transition): (
            RegisterOperand,
            RegisterOperand,
            IndexOperand,
            IndexOperand,
        ),
        context: &mut Context,
    ) -> JsResult<()> {
        let object = context.vm.get_register(object.into()).clone();
        set_by_name(value, &object, &object, index, Some(transition), context)
    }
}

impl Operation for SetPropertyByNameWithThis {
    const NAME: &'static str = "SetPropertyByNameWithThis";
    const INSTRUCTION: &'static str = "INST - SetPropertyByNameWithThis";
    const COST: u8 = 4;
}

/// `SetPropertyByNameWithThis` implements the Opcode Operation for `Opcode::SetPropertyByNameWithThis`
///
/// Operation:
///  - Sets a property by name of an object.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SetPropertyByNameWithThis;

impl SetPropertyByNameWithThis {
    #[inline(always)]
    pub(crate) fn operation(
        (value, receiver, object, index): (
            RegisterOperand,
            RegisterOperand,
            RegisterOperand,
            IndexOperand,
        ),
        context: &mut Context,
    ) -> JsResult<()> {
        let value_object = context.vm.get_register(object.into()).clone();
        let receiver = context.vm.get_register(receiver.into()).clone();
        set_by_name(value, &value_object, &receiver, index, None, context)
    }
}

impl Operation for SetPropertyByName {
    const NAME: &'static str = "SetPropertyByName";
    const INSTRUCTION: &'static str = "INST - SetPropertyByName";
    const COST: u8 = 4;
}

/// `SetPropertyByValue` implements the Opcode Operation for `Opcode::SetPropertyByValue`
///
/// Operation:
///  - Sets a property by value of an object.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SetPropertyByValue;

impl SetPropertyByValue {
    #[inline(always)]
    pub(crate) fn operation(
        (value, key, receiver, object): (
            RegisterOperand,
            RegisterOperand,
            RegisterOperand,
            RegisterOperand,
        ),
        context: &mut Context,
    ) -> JsResult<()> {
        // ordo's patch: `a[i] = v` with `i` a small integer, `a` its own receiver, and `a` an
        // Array whose dense storage holds index `i` or a typed array: written from the registers
        // as they are, with no copies and no property key.
        if let Some(index) = context.vm.get_register(key.into()).as_small_index() {
            let vm = &context.vm;
            let store = small_index_store(
                vm.get_register(object.into()),
                vm.get_register(receiver.into()),
                index,
                vm.get_register(value.into()),
            );
            match store {
                SmallIndexStore::Done => return Ok(()),
                SmallIndexStore::TypedArray(array) => {
                    let value = context.vm.get_register(value.into()).clone();
                    typed_array_set_element(&array, f64::from(index), &value, &mut context.into())?;
                    return Ok(());
                }
                SmallIndexStore::General => {}
            }
        }

        // ordo's patch: `counts[word] = n` where the string `word` named a writable own data
        // property of an object of this shape before (`vm/keyed_reads.rs`).
        if store_remembered(value, key, receiver, object, context) {
            return Ok(());
        }

        let value = context.vm.get_register(value.into()).clone();
        let key = context.vm.get_register(key.into()).clone();
        let receiver = context.vm.get_register(receiver.into()).clone();
        let object = context.vm.get_register(object.into()).clone();
        // ordo's patch: the error names the value and the property (`nullish_base.rs`).
        require_base(
            &object,
            Access::Set,
            |context| primitive_key(&key, context),
            context,
        )?;
        let object = object.to_object(context)?;

        let key = key.to_property_key(context)?;

        // Fast Path:
        // ordo's patch: the write is `overwrite_element`, which the small-index path above
        // makes too, and only where the object is its own receiver (not `super[i] = v`, nor a
        // primitive's wrapper).
        if let PropertyKey::Index(index) = &key
            && receiver
                .with_object(|receiver| JsObject::equals(receiver, &object))
                .unwrap_or(false)
            && overwrite_element(&object, index.get(), &value)
        {
            return Ok(());
        }

        // Slow path:
        let succeeded = object.__set__(
            key.clone(),
            value.clone(),
            receiver.clone(),
            &mut context.into(),
        )?;
        if !succeeded && context.vm.frame().code_block.strict() {
            return Err(JsNativeError::typ()
                .with_message(format!("cannot set non-writable property: {key}"))
                .into());
        }

        Ok(())
    }
}

/// ordo's patch: `[[Set]]` of the property that the string in register `key` names on the
/// ordinary object in register `object`, its own receiver, when that string named a writable own
/// data property of an object of the same shape before: the value is written into the storage,
/// as `OrdinarySet` and `OrdinaryDefineOwnProperty` would. `false`, with nothing written,
/// otherwise.
#[inline(always)]
fn store_remembered(
    value: RegisterOperand,
    key: RegisterOperand,
    receiver: RegisterOperand,
    object: RegisterOperand,
    context: &Context,
) -> bool {
    let vm = &context.vm;
    let receiver = vm.get_register(receiver.into());
    let store = |key: &JsString, object: &JsObject| {
        if !object.is_ordinary()
            || !receiver
                .with_object(|receiver| JsObject::equals(receiver, object))
                .unwrap_or(false)
        {
            return false;
        }
        let mut object = object.borrow_mut();
        let Some(slot) = vm.keyed_reads.get(object.shape(), key) else {
            return false;
        };
        if !slot.attributes.contains(SlotAttributes::WRITABLE) {
            return false;
        }
        let Some(stored) = object.properties_mut().storage.get_mut(slot.index as usize) else {
            return false;
        };
        *stored = vm.get_register(value.into()).clone();
        true
    };
    vm.get_register(key.into())
        .with_string(|key| {
            vm.get_register(object.into())
                .with_object(|object| store(key, object))
        })
        .flatten()
        .unwrap_or(false)
}

/// ordo's patch: what `SetPropertyByValue` does with a small integer key.
pub(crate) enum SmallIndexStore {
    /// Written into an Array's dense storage.
    Done,
    /// A typed array: `TypedArraySetElement`, which converts the value (script code may run).
    TypedArray(JsObject),
    /// Anything else: the general `[[Set]]`.
    General,
}

/// Boa's fast path for `[[Set]]` of an Array's element, as a function of its own (ordo's patch,
/// so that the small-index path makes the same write): an extensible Array's element within
/// its dense storage is overwritten. `false`, with nothing changed, anywhere else.
///
/// ordo's patch: also an element kept as a value alone in sparse storage, and the elements of
/// an extensible object with the ordinary methods (`has_ordinary_elements`: `counts[n] += 1`
/// on a plain object took the general `[[Set]]`, a descriptor built and validated per write).
fn overwrite_element(object: &JsObject, index: u32, value: &JsValue) -> bool {
    if !object.is_array() && !has_ordinary_elements(object) {
        return false;
    }
    let mut borrowed = object.borrow_mut();
    // Cannot modify if not extensible.
    borrowed.extensible && borrowed.properties_mut().overwrite_element(index, value)
}

/// ordo's patch: `[[Set]]` for a small integer index where no script code runs and nothing but
/// the element changes: an element kept as a value alone (`overwrite_element`); a typed array is
/// handed back, to be written with its conversion. Only where the receiver is the object
/// itself, as in `a[i] = v`. The quick loop (`quick_steps.rs`) makes the same test.
#[inline(always)]
pub(crate) fn small_index_store(
    object: &JsValue,
    receiver: &JsValue,
    index: u32,
    value: &JsValue,
) -> SmallIndexStore {
    object
        .with_object(|object| {
            let own_receiver = receiver
                .with_object(|receiver| JsObject::equals(receiver, object))
                .unwrap_or(false);
            if !own_receiver {
                return SmallIndexStore::General;
            }
            if overwrite_element(object, index, value) {
                return SmallIndexStore::Done;
            }
            if object.is::<TypedArray>() {
                return SmallIndexStore::TypedArray(object.clone());
            }
            SmallIndexStore::General
        })
        .unwrap_or(SmallIndexStore::General)
}

impl Operation for SetPropertyByValue {
    const NAME: &'static str = "SetPropertyByValue";
    const INSTRUCTION: &'static str = "INST - SetPropertyByValue";
    const COST: u8 = 4;
}

/// `SetPropertyGetterByName` implements the Opcode Operation for `Opcode::SetPropertyGetterByName`
///
/// Operation:
///  - Sets a getter property by name of an object.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SetPropertyGetterByName;

impl SetPropertyGetterByName {
    #[inline(always)]
    pub(crate) fn operation(
        (object, value, index): (RegisterOperand, RegisterOperand, IndexOperand),
        context: &mut Context,
    ) -> JsResult<()> {
        let object = context.vm.get_register(object.into()).clone();
        let value = context.vm.get_register(value.into()).clone();
        let name = context
            .vm
            .frame()
            .code_block()
            .constant_string(index.into())
            .into();

        let object = object.to_object(context)?;
        let set = object
            .__get_own_property__(&name, &mut InternalMethodPropertyContext::new(context))?
            .as_ref()
            .and_then(PropertyDescriptor::set)
            .cloned();
        object.__define_own_property__(
            &name,
            PropertyDescriptor::builder()
                .maybe_get(Some(value.clone()))
                .maybe_set(set)
                .enumerable(true)
                .configurable(true)
                .build(),
            &mut InternalMethodPropertyContext::new(context),
        )?;
        Ok(())
    }
}

impl Operation for SetPropertyGetterByName {
    const NAME: &'static str = "SetPropertyGetterByName";
    const INSTRUCTION: &'static str = "INST - SetPropertyGetterByName";
    const COST: u8 = 4;
}

/// `SetPropertyGetterByValue` implements the Opcode Operation for `Opcode::SetPropertyGetterByValue`
///
/// Operation:
///  - Sets a getter property by value of an object.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SetPropertyGetterByValue;

impl SetPropertyGetterByValue {
    #[inline(always)]
    pub(crate) fn operation(
        (value, key, object): (RegisterOperand, RegisterOperand, RegisterOperand),
        context: &mut Context,
    ) -> JsResult<()> {
        let value = context.vm.get_register(value.into()).clone();
        let key = context.vm.get_register(key.into()).clone();
        let object = context.vm.get_register(object.into()).clone();
        let object = object.to_object(context)?;
        let name = key.to_property_key(context)?;

        let set = object
            .__get_own_property__(&name, &mut InternalMethodPropertyContext::new(context))?
            .as_ref()
            .and_then(PropertyDescriptor::set)
            .cloned();
        object.__define_own_property__(
            &name,
            PropertyDescriptor::builder()
                .maybe_get(Some(value.clone()))
                .maybe_set(set)
                .enumerable(true)
                .configurable(true)
                .build(),
            &mut InternalMethodPropertyContext::new(context),
        )?;
        Ok(())
    }
}

impl Operation for SetPropertyGetterByValue {
    const NAME: &'static str = "SetPropertyGetterByValue";
    const INSTRUCTION: &'static str = "INST - SetPropertyGetterByValue";
    const COST: u8 = 4;
}

/// `SetPropertySetterByName` implements the Opcode Operation for `Opcode::SetPropertySetterByName`
///
/// Operation:
///  - Sets a setter property by name of an object.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SetPropertySetterByName;

impl SetPropertySetterByName {
    #[inline(always)]
    pub(crate) fn operation(
        (object, value, index): (RegisterOperand, RegisterOperand, IndexOperand),
        context: &mut Context,
    ) -> JsResult<()> {
        let object = context.vm.get_register(object.into()).clone();
        let value = context.vm.get_register(value.into()).clone();
        let name = context
            .vm
            .frame()
            .code_block()
            .constant_string(index.into())
            .into();

        let object = object.to_object(context)?;

        let get = object
            .__get_own_property__(&name, &mut InternalMethodPropertyContext::new(context))?
            .as_ref()
            .and_then(PropertyDescriptor::get)
            .cloned();
        object.__define_own_property__(
            &name,
            PropertyDescriptor::builder()
                .maybe_set(Some(value.clone()))
                .maybe_get(get)
                .enumerable(true)
                .configurable(true)
                .build(),
            &mut InternalMethodPropertyContext::new(context),
        )?;
        Ok(())
    }
}

impl Operation for SetPropertySetterByName {
    const NAME: &'static str = "SetPropertySetterByName";
    const INSTRUCTION: &'static str = "INST - SetPropertySetterByName";
    const COST: u8 = 4;
}

/// `SetPropertySetterByValue` implements the Opcode Operation for `Opcode::SetPropertySetterByValue`
///
/// Operation:
///  - Sets a setter property by value of an object.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SetPropertySetterByValue;

impl SetPropertySetterByValue {
    #[inline(always)]
    pub(crate) fn operation(
        (value, key, object): (RegisterOperand, RegisterOperand, RegisterOperand),
        context: &mut Context,
    ) -> JsResult<()> {
        let value = context.vm.get_register(value.into()).clone();
        let key = context.vm.get_register(key.into()).clone();
        let object = context.vm.get_register(object.into()).clone();

        let object = object.to_object(context)?;
        let name = key.to_property_key(context)?;

        let get = object
            .__get_own_property__(&name, &mut InternalMethodPropertyContext::new(context))?
            .as_ref()
            .and_then(PropertyDescriptor::get)
            .cloned();
        object.__define_own_property__(
            &name,
            PropertyDescriptor::builder()
                .maybe_set(Some(value.clone()))
                .maybe_get(get)
                .enumerable(true)
                .configurable(true)
                .build(),
            &mut InternalMethodPropertyContext::new(context),
        )?;
        Ok(())
    }
}

impl Operation for SetPropertySetterByValue {
    const NAME: &'static str = "SetPropertySetterByValue";
    const INSTRUCTION: &'static str = "INST - SetPropertySetterByValue";
    const COST: u8 = 4;
}

/// `SetFunctionName` implements the Opcode Operation for `Opcode::SetFunctionName`
///
/// Operation:
///  - Sets the name of a function object.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SetFunctionName;

impl SetFunctionName {
    #[inline(always)]
    pub(crate) fn operation(
        (function, name, prefix): (RegisterOperand, RegisterOperand, IndexOperand),
        context: &mut Context,
    ) -> JsResult<()> {
        let function = context.vm.get_register(function.into()).clone();
        let name = context.vm.get_register(name.into()).clone();
        let name = match name.variant() {
            JsVariant::String(name) => PropertyKey::from(name.clone()),
            JsVariant::Symbol(name) => PropertyKey::from(name.clone()),
            _ => unreachable!(),
        };

        let prefix = match u32::from(prefix) {
            1 => Some(js_str!("get")),
            2 => Some(js_str!("set")),
            _ => None,
        };

        set_function_name(
            &function
                .as_object()
                .js_expect("function is not an object")?,
            &name,
            prefix,
            context,
        )?;
        Ok(())
    }
}

impl Operation for SetFunctionName {
    const NAME: &'static str = "SetFunctionName";
    const INSTRUCTION: &'static str = "INST - SetFunctionName";
    const COST: u8 = 4;
}
