use crate::{
    Context, JsObject,
    vm::opcode::{Operation, RegisterOperand},
};

/// `StoreEmptyObject` implements the Opcode Operation for `Opcode::StoreEmptyObject`
///
/// Operation:
///  - Store empty object `{}` in dst.
#[derive(Debug, Clone, Copy)]
pub(crate) struct StoreEmptyObject;

impl StoreEmptyObject {
    #[inline(always)]
    pub(crate) fn operation(dst: RegisterOperand, context: &mut Context) {
        // ordo's patch: `with_object_proto` makes its object from this same template now.
        let o = JsObject::with_object_proto(context.intrinsics());
        context.vm.set_register(dst.into(), o.into());
    }
}

impl Operation for StoreEmptyObject {
    const NAME: &'static str = "StoreEmptyObject";
    const INSTRUCTION: &'static str = "INST - StoreEmptyObject";
    const COST: u8 = 1;
}
