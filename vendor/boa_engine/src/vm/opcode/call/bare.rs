//! ordo's patch: `Math.floor(x)`, `Math.max(a, b)` and the like called with Numbers alone, a
//! string's methods called on a string with primitives (`line.indexOf(",", from)`,
//! `a.localeCompare(b)`), and a cached read of a getter such as a `Map`'s `size` or a typed
//! array's `length`, run bare: the Rust function is handed `this` and the arguments, and its
//! result goes where the call's or the read's goes, with nothing else of a native call's steps.
//!
//! A native call pops its arguments into a list, checks the recursion limits, pushes a
//! shadow-stack entry for backtraces, swaps the realm where it differs, marks the function
//! active and the frames it may leave, and undoes all of it after; a getter's read first
//! pushes `this` and the function on the stack to make that call. A function marked `bare`
//! (`NativeFunctionObject`) needs none of it: with the arguments its `BareArguments` names (a
//! getter: none) it runs no script code (`ToNumber` of a Number is itself, `ToString` of a
//! primitive calls nothing), changes nothing, and reads neither its realm nor the frames. Where
//! it throws (a getter given a `this` it does not take), the call is made again with the native
//! call's steps, so the error has its frames.

use crate::{
    Context, JsObject, JsResult, JsValue,
    native_function::{BareArguments, NativeFunctionObject, NativeFunctionPointer},
};

/// The most arguments a bare call takes; a call with more takes the native call's steps.
const MOST_ARGUMENTS: usize = 3;

/// Runs the call of `function` with the `argument_count` arguments on the stack if `function`
/// runs bare with them (and `this`): the arguments, the function and `this` are popped and the
/// result pushed, as `native_function_call` does. `false`, with nothing done, otherwise.
#[inline(always)]
pub(super) fn call_bare(function: &JsObject, argument_count: usize, context: &mut Context) -> bool {
    if argument_count > MOST_ARGUMENTS {
        return false;
    }
    let Some((bare, takes)) = bare_function(function) else {
        return false;
    };
    let stack = &context.vm.stack.stack;
    // The calling convention: `this`, the function, then the arguments.
    let first = stack.len() - argument_count;
    let admits = |value: &JsValue| match takes {
        BareArguments::Numbers => value.is_number(),
        BareArguments::Primitives => !value.is_object(),
    };
    if !stack[first..].iter().all(admits)
        || (takes == BareArguments::Primitives && !admits(&stack[first - 2]))
    {
        return false;
    }
    // `this` and the arguments are taken off the stack for the call (no count moves) and put
    // back if it throws.
    let stack = &mut context.vm.stack.stack;
    let mut arguments = [const { JsValue::undefined() }; MOST_ARGUMENTS];
    for (argument, value) in arguments.iter_mut().zip(&mut stack[first..]) {
        *argument = std::mem::take(value);
    }
    let this = std::mem::take(&mut stack[first - 2]);
    match bare(&this, &arguments[..argument_count], context) {
        Ok(result) => {
            context.vm.stack.stack.truncate(first - 2);
            context.vm.stack.push(result);
            true
        }
        Err(_) => {
            let stack = &mut context.vm.stack.stack;
            stack[first - 2] = this;
            for (value, argument) in stack[first..].iter_mut().zip(arguments) {
                *value = argument;
            }
            false
        }
    }
}

/// `Call(getter, receiver)` of a property's getter: bare where it runs bare and gives a value,
/// else with the native call's steps (or the function's own, for any other function).
#[inline(always)]
pub(crate) fn call_getter(
    getter: &JsValue,
    receiver: &JsValue,
    context: &mut Context,
) -> JsResult<JsValue> {
    if let Some(object) = getter.as_object()
        && let Some((bare, takes)) = bare_function(&object)
        && (takes == BareArguments::Numbers || !receiver.is_object())
        && let Ok(value) = bare(receiver, &[], context)
    {
        return Ok(value);
    }
    getter.call(receiver, &[], context)
}

/// The Rust function of `function` and the calls it runs bare, if it is a native function
/// marked `bare`.
#[inline(always)]
fn bare_function(function: &JsObject) -> Option<(NativeFunctionPointer, BareArguments)> {
    function.downcast_ref::<NativeFunctionObject>()?.bare
}
