//! ordo's patch: `Math.floor(x)`, `Math.max(a, b)` and the like called with Numbers alone, and a
//! cached read of a getter such as a `Map`'s `size` or a typed array's `length`, run bare: the
//! Rust function is handed `this` and the arguments, and its result goes where the call's or
//! the read's goes, with nothing else of a native call's steps.
//!
//! A native call pops its arguments into a list, checks the recursion limits, pushes a
//! shadow-stack entry for backtraces, swaps the realm where it differs, marks the function
//! active and the frames it may leave, and undoes all of it after; a getter's read first
//! pushes `this` and the function on the stack to make that call. A function marked `bare`
//! (`NativeFunctionObject`) needs none of it: with Number arguments (a getter: none) it runs no
//! script code (`ToNumber` of a Number is itself), changes nothing, and reads neither its realm
//! nor the frames. Where it throws (a getter given a `this` it does not take), the call is made
//! again with the native call's steps, so the error has its frames.

use crate::{
    Context, JsObject, JsResult, JsValue,
    native_function::{NativeFunctionObject, NativeFunctionPointer},
};

/// The most arguments a bare call takes; a call with more takes the native call's steps.
const MOST_ARGUMENTS: usize = 3;

/// Runs the call of `function` with the `argument_count` arguments on the stack if `function`
/// runs bare and they are Numbers: the arguments, the function and `this` are popped and the
/// result pushed, as `native_function_call` does. `false`, with nothing done, otherwise.
#[inline(always)]
pub(super) fn call_bare(function: &JsObject, argument_count: usize, context: &mut Context) -> bool {
    if argument_count > MOST_ARGUMENTS {
        return false;
    }
    let Some(bare) = bare_function(function) else {
        return false;
    };
    let stack = &context.vm.stack.stack;
    // The calling convention: `this`, the function, then the arguments.
    let first = stack.len() - argument_count;
    let mut arguments = [const { JsValue::undefined() }; MOST_ARGUMENTS];
    for (argument, value) in arguments.iter_mut().zip(&stack[first..]) {
        if !value.is_number() {
            return false;
        }
        // A Number holds no pointer: the copy costs no count.
        *argument = value.clone();
    }
    // `this` is taken off the stack for the call (no count moves) and put back if it throws.
    let this = std::mem::take(&mut context.vm.stack.stack[first - 2]);
    match bare(&this, &arguments[..argument_count], context) {
        Ok(result) => {
            context.vm.stack.stack.truncate(first - 2);
            context.vm.stack.push(result);
            true
        }
        Err(_) => {
            context.vm.stack.stack[first - 2] = this;
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
        && let Some(bare) = bare_function(&object)
        && let Ok(value) = bare(receiver, &[], context)
    {
        return Ok(value);
    }
    getter.call(receiver, &[], context)
}

/// The Rust function of `function`, if it is a native function marked `bare`.
#[inline(always)]
fn bare_function(function: &JsObject) -> Option<NativeFunctionPointer> {
    function.downcast_ref::<NativeFunctionObject>()?.bare
}
