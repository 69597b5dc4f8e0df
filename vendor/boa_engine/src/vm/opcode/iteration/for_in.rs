use crate::{
    Context, JsResult, JsValue,
    vm::{
        active_iterator::ActiveIterator,
        opcode::{Operation, RegisterOperand},
    },
};

/// `CreateForInIterator` implements the Opcode Operation for `Opcode::CreateForInIterator`
///
/// Operation:
///  - Creates a new `ForInIterator` for the provided object.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CreateForInIterator;

impl CreateForInIterator {
    #[inline(always)]
    pub(crate) fn operation(value: RegisterOperand, context: &mut Context) -> JsResult<()> {
        let object = context.vm.get_register(value.into()).clone();
        let object = object.to_object(context)?;
        // ordo's patch: no `next` function and no object: the frame keeps the iterator's state
        // (`vm/active_iterator.rs`).
        context
            .vm
            .frame_mut()
            .iterators
            .push(ActiveIterator::for_in(JsValue::new(object)));

        Ok(())
    }
}

impl Operation for CreateForInIterator {
    const NAME: &'static str = "CreateForInIterator";
    const INSTRUCTION: &'static str = "INST - CreateForInIterator";
    const COST: u8 = 4;
}
