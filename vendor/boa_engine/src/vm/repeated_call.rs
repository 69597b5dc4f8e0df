//! ordo's patch: one function called many times by a built-in.
//!
//! A sort calls its comparator `n log n` times, `map` and `filter` their callback once per
//! element. Each call through [`JsObject::call`] went through the object's `[[Call]]` (a
//! `CallValue` made and resolved), read the function's code, environments and realm again,
//! built a call frame and dropped it at the end: about a third of what a small comparator
//! costs. A [`RepeatedCall`] of an ordinary function keeps one frame: each call resets it,
//! pushes it, binds `this` as [`function_call`] does, runs, and takes the frame back. A function
//! whose call needs more than that (a class constructor, a generator or async function, one with
//! a function scope or its own name bound) and any other callable go through [`JsObject::call`].
//!
//! Where it can, the frame stays on the frame stack between calls, parked, with its `this`, the
//! function, the arguments and the registers on the value stack: each call then only writes
//! `this`, the arguments and `undefined` into the registers the last call left, where pushing
//! and popping the frame (its values, the shadow stack's entry, the frame moved in and out)
//! cost as much as a small comparator's body. A frame parks only at the depth where the
//! innermost native call began ([`Vm::park_floor`](crate::vm::Vm)), because that call's end
//! removes it ([`Vm::leave_native`](crate::vm::Vm)): the built-in that made the
//! [`RepeatedCall`] cannot forget to, whichever way it returns. Between two calls the parked
//! frame is the top frame: the built-in's own code runs no bytecode of the frame below, and
//! whatever it calls (a getter, `valueOf`) pushes its frame above and pops it again.
//!
//! Each call also writes the function's parameters itself and starts the frame after the
//! instructions that would have ([`ParameterCopies`]).

use crate::{
    Context, JsObject, JsResult, JsValue,
    builtins::function::{OrdinaryFunction, defer_this},
    vm::{CallFrame, CallFrameFlags, CodeBlock, parameter_copies::ParameterCopies},
};
use boa_gc::Gc;

/// A callable that a built-in calls repeatedly.
#[derive(Debug)]
pub(crate) struct RepeatedCall {
    function: JsObject,
    /// The frame every call reuses, while it is not on the frame stack; `None` for a callable
    /// that [`JsObject::call`] runs, while a call is running and while the frame is parked. Its
    /// `env_fp` is the number of environments the function closes over.
    frame: Option<CallFrame>,
    /// The index of the parked frame on the frame stack.
    parked: Option<usize>,
    /// The frame's code, for its [`ParameterCopies`].
    code: Option<Gc<CodeBlock>>,
}

impl RepeatedCall {
    /// Prepares calls of `function`.
    pub(crate) fn new(function: JsObject) -> Self {
        let frame = function
            .downcast_ref::<OrdinaryFunction>()
            .filter(|ordinary| {
                let code = &ordinary.code;
                !code.is_class_constructor()
                    && code.is_ordinary()
                    && !code.has_function_scope()
                    && !code.has_binding_identifier()
            })
            .map(|ordinary| {
                let env_fp = ordinary.environments.len() as u32;
                CallFrame::new(
                    ordinary.code.clone(),
                    ordinary.script_or_module.clone(),
                    ordinary.environments.clone(),
                    ordinary.realm().clone(),
                )
                .with_env_fp(env_fp)
            });
        let code = frame.as_ref().map(|frame| frame.code_block.clone());
        Self {
            function,
            frame,
            parked: None,
            code,
        }
    }

    /// `Call(function, this, args)`. The arguments are moved onto the stack, not copied: the
    /// built-ins make them for the call (a copy and its drop were two reference counts per
    /// object argument and call).
    pub(crate) fn call<const N: usize>(
        &mut self,
        this: &JsValue,
        args: [JsValue; N],
        context: &mut Context,
    ) -> JsResult<JsValue> {
        if let Some(index) = self.parked {
            if is_parked(index, N, context) {
                return self.call_parked(this, args, context);
            }
            // Not as the last call left it: only the end of the native call around could
            // have taken it, and that ends this `RepeatedCall` too. Never reached; correct
            // anyway.
            self.parked = None;
            return self.function.call(this, &args, context);
        }
        let (Some(mut frame), Some(code)) = (self.frame.take(), self.code.as_ref()) else {
            return self.function.call(this, &args, context);
        };
        let parameters = &code.parameter_copies;
        if let Err(error) = context.check_runtime_limits() {
            self.frame = Some(frame);
            return Err(error);
        }
        let park = context.vm.frames.len() == context.vm.park_floor;
        let flags = if park { PARKED } else { CallFrameFlags::EXIT_EARLY };
        reset(&mut frame, flags, parameters.body());
        frame.argument_count = N as u32;

        let stack = &mut context.vm.stack.stack;
        stack.push(this.clone());
        stack.push(self.function.clone().into());
        let moved = if parameters.moves_arguments() {
            stack.resize_with(stack.len() + N, JsValue::undefined);
            Some(args)
        } else {
            stack.extend(args);
            None
        };
        context.vm.push_frame(frame);
        let vm = &mut context.vm;
        let frame = vm.frames.last().expect("the call's frame was pushed");
        write_parameters(parameters, moved, frame, &mut vm.stack.stack);
        if park {
            self.parked = Some(context.vm.frames.len() - 1);
        }

        let result = run(context);
        if !park || result.is_err() {
            self.take_frame_back(context);
        }
        result
    }

    /// A call of the parked frame: the last call's `this`, arguments and registers replaced.
    fn call_parked<const N: usize>(
        &mut self,
        this: &JsValue,
        args: [JsValue; N],
        context: &mut Context,
    ) -> JsResult<JsValue> {
        context.check_runtime_limits()?;
        let parameters = &self
            .code
            .as_ref()
            .expect("a parked frame has its code")
            .parameter_copies;
        let vm = &mut context.vm;
        let frame = vm.frames.last_mut().expect("the parked frame is on top");
        reset(frame, PARKED, parameters.body());
        let frame = &*frame;
        let stack = &mut vm.stack.stack;
        stack[frame.this_index()] = this.clone();
        let moved = if parameters.moves_arguments() {
            Some(args)
        } else {
            for (slot, arg) in stack[frame.arguments_range()].iter_mut().zip(args) {
                *slot = arg;
            }
            None
        };
        for register in &mut stack[frame.rp as usize..frame.stack_end()] {
            *register = JsValue::undefined();
        }
        write_parameters(parameters, moved, frame, stack);
        vm.return_value = JsValue::undefined();

        let result = run(context);
        if result.is_err() {
            self.take_frame_back(context);
        }
        result
    }

    /// Takes the frame off the frame stack, its values off the value stack.
    fn take_frame_back(&mut self, context: &mut Context) {
        if let Some(frame) = context.vm.frames.last() {
            context.vm.stack.truncate_to_frame(frame);
        }
        self.frame = context.vm.pop_frame();
        self.parked = None;
    }
}

/// The flags of a parked frame.
const PARKED: CallFrameFlags = CallFrameFlags::EXIT_EARLY.union(CallFrameFlags::KEEPS_STACK);

/// What a finished run may have left in `frame` undone, as `CallFrame::new` makes it, with
/// `flags`, to start at `pc`.
#[inline(always)]
fn reset(frame: &mut CallFrame, flags: CallFrameFlags, pc: u32) {
    frame.pc = pc;
    frame.loop_iteration_count = 0;
    frame.flags = flags;
    if !frame.iterators.is_empty() {
        frame.iterators.clear();
    }
    if !frame.binding_stack.is_empty() {
        frame.binding_stack.clear();
    }
    frame.environments.truncate(frame.env_fp as usize);
}

/// Writes the parameters of `frame`, whose registers are `undefined`: the `moved` arguments, or
/// copies of those in the argument slots.
#[inline(always)]
fn write_parameters<const N: usize>(
    parameters: &ParameterCopies,
    moved: Option<[JsValue; N]>,
    frame: &CallFrame,
    stack: &mut [JsValue],
) {
    let (slots, registers) = stack.split_at_mut(frame.rp as usize);
    match moved {
        Some(arguments) => parameters.move_into(arguments, registers),
        None => parameters.copy_into(&slots[frame.arguments_range()], registers),
    }
}

/// Whether the frame at `index` is still parked as the last call left it: the top frame,
/// called with `arguments` arguments, its values on the stack.
fn is_parked(index: usize, arguments: usize, context: &Context) -> bool {
    let vm = &context.vm;
    index + 1 == vm.frames.len()
        && vm.frames.get(index).is_some_and(|frame| {
            frame.keeps_stack()
                && frame.argument_count as usize == arguments
                && vm.stack.stack.len() == frame.stack_end()
        })
}

/// Runs the frame on top, pushed for a call: binds `this` (the function has no function scope:
/// `defer_this`), runs to its return.
fn run(context: &mut Context) -> JsResult<JsValue> {
    defer_this(context);
    context.vm.host_call_depth += 1;
    let result = context.run().consume();
    context.vm.host_call_depth = context.vm.host_call_depth.saturating_sub(1);
    result
}
