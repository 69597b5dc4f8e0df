use super::RegisterOperand;
use crate::{
    Context, JsExpect, JsResult, JsValue,
    builtins::{
        Promise,
        generator::GeneratorContext,
        promise::{Awaiting, reject_promise, resolve_promise},
    },
    error::PanicError,
    vm::{CompletionRecord, opcode::Operation},
};
use std::ops::ControlFlow;

/// `Await` implements the Opcode Operation for `Opcode::Await`
///
/// Operation:
///  - Stops the current Async function and schedules it to resume later.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Await;

impl Await {
    #[inline(always)]
    pub(super) fn operation(
        value: RegisterOperand,
        context: &mut Context,
    ) -> ControlFlow<CompletionRecord> {
        let value = context.vm.get_register(value.into());

        // 2. Let promise be ? PromiseResolve(%Promise%, value).
        let promise = match Promise::promise_resolve(
            &context.intrinsics().constructors().promise().constructor(),
            value.clone(),
            context,
        ) {
            Ok(promise) => match promise.downcast::<Promise>().ok() {
                Some(v) => v,
                None => {
                    return context.handle_error(
                        PanicError::new("%Promise% constructor must return a `Promise` object")
                            .into(),
                    );
                }
            },
            Err(err) => return context.handle_error(err),
        };

        let return_value = context.vm.async_function_promise();

        let r#gen = GeneratorContext::from_current(context, None);

        // ordo's patch: the promise's reactions resume the suspended function themselves,
        // without the two built-in functions that would (`builtins/promise/awaiting.rs`).
        let awaiting = Awaiting::new(r#gen, context.realm().clone());
        Promise::perform_await_then(&promise, awaiting, context);

        context.vm.set_return_value(return_value);
        context.handle_yield()
    }
}

impl Operation for Await {
    const NAME: &'static str = "Await";
    const INSTRUCTION: &'static str = "INST - Await";
    const COST: u8 = 5;
}

/// `CreatePromiseCapability` implements the Opcode Operation for `Opcode::CreatePromiseCapability`
///
/// Operation:
///  - Create a promise capacity for an async function.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CreatePromiseCapability;

impl CreatePromiseCapability {
    /// ordo's patch: the promise alone. `NewPromiseCapability(%Promise%)` makes a pending
    /// promise of %Promise.prototype% and its two resolving functions, which no script can
    /// reach here: the function's completion settles the promise itself
    /// (`SettleAsyncFunction`), as the functions would have.
    #[inline(always)]
    pub(super) fn operation((): (), context: &mut Context) -> JsResult<()> {
        let promise = Promise::pending(context);
        context.vm.set_async_function_promise(promise.upcast());
        Ok(())
    }
}

impl Operation for CreatePromiseCapability {
    const NAME: &'static str = "CreatePromiseCapability";
    const INSTRUCTION: &'static str = "INST - CreatePromiseCapability";
    const COST: u8 = 8;
}

/// `SettleAsyncFunction` implements the Opcode Operation for `Opcode::SettleAsyncFunction`
///
/// Operation:
///  - ordo's patch: settles an async function's promise as the function completes
///    (`AsyncBlockStart`'s last steps: reject with the exception, or resolve with the result).
#[derive(Debug, Clone, Copy)]
pub(crate) struct SettleAsyncFunction;

impl SettleAsyncFunction {
    #[inline(always)]
    pub(super) fn operation(
        (has_exception, exception): (RegisterOperand, RegisterOperand),
        context: &mut Context,
    ) -> JsResult<()> {
        let rejects = context.vm.get_register(has_exception.into()).to_boolean();
        let value = if rejects {
            context.vm.take_register(exception.into())
        } else {
            context.vm.get_return_value()
        };
        let promise = context.vm.async_function_promise();
        let settler = context.vm.async_function_settler(rejects);
        if let Some(settler) = settler.as_callable() {
            settler.call(&JsValue::undefined(), &[value], context)?;
        } else {
            let promise = promise
                .as_object()
                .and_then(|promise| promise.downcast::<Promise>().ok())
                .js_expect("an async function's frame holds its promise")?;
            if rejects {
                reject_promise(&promise, value, context);
            } else {
                resolve_promise(&promise, &value, context)?;
            }
        }
        context.vm.set_return_value(promise);
        Ok(())
    }
}

impl Operation for SettleAsyncFunction {
    const NAME: &'static str = "SettleAsyncFunction";
    const INSTRUCTION: &'static str = "INST - SettleAsyncFunction";
    const COST: u8 = 8;
}
