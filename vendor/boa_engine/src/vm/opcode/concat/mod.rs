use super::RegisterOperand;
use crate::{Context, JsResult, JsString, string::JsStr, vm::opcode::Operation};
use arrayvec::ArrayVec;
use thin_vec::ThinVec;

/// ordo's patch: the most parts a template keeps on the stack while it is joined.
const PARTS_ON_STACK: usize = 16;

/// `ConcatToString` implements the Opcode Operation for `Opcode::ConcatToString`
///
/// Operation:
///  - Concat multiple stack objects into a string.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ConcatToString;

impl ConcatToString {
    #[inline(always)]
    pub(super) fn operation(
        (string, values): (RegisterOperand, ThinVec<RegisterOperand>),

        context: &mut Context,
    ) -> JsResult<()> {
        // ordo's patch: a template of up to `PARTS_ON_STACK` parts (every one a model writes)
        // keeps its parts and their views on the stack: Boa allocated two lists per evaluation.
        let parts = values.iter().map(|value| part(*value, context));
        let s = if values.len() <= PARTS_ON_STACK {
            let strings: ArrayVec<JsString, PARTS_ON_STACK> = parts.collect::<JsResult<_>>()?;
            let views: ArrayVec<JsStr<'_>, PARTS_ON_STACK> =
                strings.iter().map(JsString::as_str).collect();
            JsString::concat_array(&views)
        } else {
            let strings: Vec<JsString> = parts.collect::<JsResult<_>>()?;
            JsString::concat_array(&strings.iter().map(JsString::as_str).collect::<Vec<_>>())
        };
        context.vm.set_register(string.into(), s.into());
        Ok(())
    }
}

/// ordo's patch: one part of a template, as a string: a string register as it is (one count
/// up), anything else through `ToString`.
#[inline(always)]
fn part(value: RegisterOperand, context: &mut Context) -> JsResult<JsString> {
    let register = context.vm.get_register(value.into());
    if let Some(string) = register.as_string() {
        return Ok(string);
    }
    register.clone().to_string(context)
}

impl Operation for ConcatToString {
    const NAME: &'static str = "ConcatToString";
    const INSTRUCTION: &'static str = "INST - ConcatToString";
    const COST: u8 = 6;
}
