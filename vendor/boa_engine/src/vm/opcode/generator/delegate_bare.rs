//! ordo's patch: a `yield*` over a generator, in a generator stepped for its values alone.
//!
//! A for-of over a generator that delegates with `yield*` to another generator (a recursive
//! walk of a tree) made, at every level of the delegation, a native call of the inner
//! generator's `next`, read the `{ value, done }` object its `yield` made and passed it on to
//! the level above, where the same happened again. When the outer generator was resumed by
//! `Generator::step` (its consumer wants the value alone) and the inner iterator is a
//! generator with the built-in `next`, the inner one is resumed the same way: its value comes
//! alone, up through every level, and no level makes or reads a result object, which no
//! script could have seen (each is fresh, made by the innermost `yield` and read only by the
//! delegations and the loop). An inner Array, String, Set or Map Iterator with its built-in
//! `next` (`*[Symbol.iterator]() { yield* this.items.values(); }`) is stepped the same way.

use crate::{
    Context, JsObject, JsResult, JsValue,
    builtins::{
        generator::{Generator, GeneratorStep},
        iterable::{create_iter_result_object, step_builtin_iterator},
    },
    native_function::NativeFunctionObject,
    vm::opcode::{Address, Operation, RegisterOperand},
};

/// `GeneratorDelegateNextBare` implements the Opcode Operation for
/// `Opcode::GeneratorDelegateNextBare`.
///
/// Operation:
///  - A `yield*`'s call of `next` with the inner generator resumed for its value alone, when
///    it can be; then jumps past the general call.
#[derive(Debug, Clone, Copy)]
pub(crate) struct GeneratorDelegateNextBare;

impl GeneratorDelegateNextBare {
    #[inline(always)]
    pub(crate) fn operation(
        (address, value, iterator, next): (
            Address,
            RegisterOperand,
            RegisterOperand,
            RegisterOperand,
        ),
        context: &mut Context,
    ) -> JsResult<()> {
        if !context.vm.frame().yields_bare() {
            return Ok(());
        }
        let Some(inner) = context.vm.get_register(iterator.into()).as_object() else {
            return Ok(());
        };
        if !inner.is::<Generator>() {
            // A built-in iterator's `next` ignores the value sent and makes a fresh result.
            let next_method = context.vm.get_register(next.into()).clone();
            let Some(step) = step_builtin_iterator(&inner, &next_method, context) else {
                return Ok(());
            };
            let result = match step? {
                Some(value) => {
                    context.vm.frame_mut().set_delegated_bare(true);
                    value
                }
                None => create_iter_result_object(JsValue::undefined(), true, context),
            };
            context.vm.set_register(value.into(), result);
            context.vm.frame_mut().pc = u32::from(address);
            return Ok(());
        }
        if !NativeFunctionObject::is_native(context.vm.get_register(next.into()), Generator::next)
        {
            return Ok(());
        }
        let received = context.vm.take_register(value.into());
        // ordo's patch: the step `Generator::resume` already took of this generator for the one
        // running this `yield*` (it returned or threw), in the place of a step of its own.
        let taken = context
            .vm
            .taken_delegate_step
            .take_if(|(taken, _)| JsObject::equals(taken, &inner))
            .map(|(_, step)| step);
        let step = match taken {
            Some(step) => step,
            None => Generator::step(&inner, received, context),
        };
        let result = match step? {
            GeneratorStep::YieldedBare(yielded) => {
                context.vm.frame_mut().set_delegated_bare(true);
                context.vm.last_bare_delegate = Some(inner);
                yielded
            }
            GeneratorStep::Yielded(result) => result,
            // Read back by the delegation's general steps: once per `yield*`.
            GeneratorStep::Returned(returned) => create_iter_result_object(returned, true, context),
        };
        context.vm.set_register(value.into(), result);
        context.vm.frame_mut().pc = u32::from(address);
        Ok(())
    }
}

impl Operation for GeneratorDelegateNextBare {
    const NAME: &'static str = "GeneratorDelegateNextBare";
    const INSTRUCTION: &'static str = "INST - GeneratorDelegateNextBare";
    const COST: u8 = 6;
}
