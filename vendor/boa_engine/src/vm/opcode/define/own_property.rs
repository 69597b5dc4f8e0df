use crate::{
    Context, JsNativeError, JsObject, JsResult, JsValue,
    builtins::OrdinaryObject,
    object::{internal_methods::InternalMethodPropertyContext, shape::Shape},
    property::PropertyDescriptor,
    vm::{
        TransitionCache,
        opcode::{IndexOperand, Operation, RegisterOperand},
    },
};

/// `DefineOwnPropertyByName` implements the Opcode Operation for `Opcode::DefineOwnPropertyByName`
///
/// Operation:
///  - Defines a own property of an object by name.
#[derive(Debug, Clone, Copy)]
pub(crate) struct DefineOwnPropertyByName;

impl DefineOwnPropertyByName {
    #[inline(always)]
    pub(crate) fn operation(
        (object, value, name_index, transition_index): (
            RegisterOperand,
            RegisterOperand,
            IndexOperand,
            IndexOperand,
        ),
        context: &mut Context,
    ) -> JsResult<()> {
        // ordo's patch: a plain object whose shape this site has seen takes the same transition
        // (`vm/inline_cache/transition.rs`).
        let vm = &context.vm;
        let code_block = vm.frame().code_block();
        let cache = &code_block.transitions[usize::from(transition_index)];
        let value_ref = vm.get_register(value.into());
        if vm.get_register(object.into()).with_object(|object| {
            object.is::<OrdinaryObject>() && define_by_transition(object, value_ref, cache)
        }) == Some(true)
        {
            return Ok(());
        }
        let name = code_block.constant_string(name_index.into());
        let object = context.vm.get_register(object.into()).clone();
        let value = context.vm.get_register(value.into()).clone();
        let object = object.to_object(context)?;
        let before = shape_before_define(&object);
        object.__define_own_property__(
            &name.into(),
            PropertyDescriptor::builder()
                .value(value)
                .writable(true)
                .enumerable(true)
                .configurable(true)
                .build(),
            &mut InternalMethodPropertyContext::new(context),
        )?;
        if let Some((from, slot)) = before {
            let borrowed = object.borrow();
            let properties = borrowed.properties();
            // One more stored value: the key was new and went to the end of the storage.
            if properties.storage.len() == slot + 1 {
                let code_block = context.vm.frame().code_block();
                code_block.transitions[usize::from(transition_index)].remember(
                    &from,
                    &properties.shape,
                    slot,
                );
            }
        }
        Ok(())
    }
}

/// ordo's patch: defines the site's key on `object` by the transition the site made last, if
/// `object` (a plain object) is extensible and has the shape that transition started from.
#[inline(always)]
fn define_by_transition(object: &JsObject, value: &JsValue, cache: &TransitionCache) -> bool {
    let mut object = object.borrow_mut();
    if !object.extensible {
        return false;
    }
    let properties = object.properties_mut();
    let Some(next) = cache.next_shape(&properties.shape, properties.storage.len()) else {
        return false;
    };
    properties.shape = next;
    properties.storage.push(value.clone());
    true
}

/// ordo's patch: the shape and storage length of a plain, extensible `object` before a define,
/// for the site to remember the transition the define makes.
fn shape_before_define(object: &JsObject) -> Option<(Shape, usize)> {
    if !object.is::<OrdinaryObject>() {
        return None;
    }
    let object = object.borrow();
    object.extensible.then(|| {
        let properties = object.properties();
        (properties.shape.clone(), properties.storage.len())
    })
}

impl Operation for DefineOwnPropertyByName {
    const NAME: &'static str = "DefineOwnPropertyByName";
    const INSTRUCTION: &'static str = "INST - DefineOwnPropertyByName";
    const COST: u8 = 4;
}

/// `DefineOwnPropertyByValue` implements the Opcode Operation for `Opcode::DefineOwnPropertyByValue`
///
/// Operation:
///  - Defines a own property of an object by value.
#[derive(Debug, Clone, Copy)]
pub(crate) struct DefineOwnPropertyByValue;

impl DefineOwnPropertyByValue {
    #[inline(always)]
    pub(crate) fn operation(
        (value, key, object): (RegisterOperand, RegisterOperand, RegisterOperand),
        context: &mut Context,
    ) -> JsResult<()> {
        let value = context.vm.get_register(value.into()).clone();
        let key = context.vm.get_register(key.into()).clone();
        let object = context.vm.get_register(object.into()).clone();
        let object = object.to_object(context)?;
        let key = key.to_property_key(context)?;
        let success = object.__define_own_property__(
            &key,
            PropertyDescriptor::builder()
                .value(value.clone())
                .writable(true)
                .enumerable(true)
                .configurable(true)
                .build(),
            &mut InternalMethodPropertyContext::new(context),
        )?;
        if !success {
            return Err(JsNativeError::typ()
                .with_message("failed to defined own property")
                .into());
        }
        Ok(())
    }
}

impl Operation for DefineOwnPropertyByValue {
    const NAME: &'static str = "DefineOwnPropertyByValue";
    const INSTRUCTION: &'static str = "INST - DefineOwnPropertyByValue";
    const COST: u8 = 4;
}
