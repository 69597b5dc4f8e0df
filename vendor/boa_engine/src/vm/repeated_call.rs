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

use crate::{
    Context, JsObject, JsResult, JsValue,
    builtins::function::{OrdinaryFunction, bind_this},
    vm::{CallFrame, CallFrameFlags},
};

/// A callable that a built-in calls repeatedly.
#[derive(Debug)]
pub(crate) struct RepeatedCall {
    function: JsObject,
    /// The frame every call reuses; `None` for a callable that [`JsObject::call`] runs, and
    /// while a call is running. Its `env_fp` is the number of environments the function closes
    /// over.
    frame: Option<CallFrame>,
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
        Self { function, frame }
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
        let Some(mut frame) = self.frame.take() else {
            return self.function.call(this, &args, context);
        };
        if let Err(error) = context.check_runtime_limits() {
            self.frame = Some(frame);
            return Err(error);
        }
        // What a finished run may have left behind; a frame as `CallFrame::new` makes it.
        frame.pc = 0;
        frame.loop_iteration_count = 0;
        frame.argument_count = N as u32;
        frame.flags = CallFrameFlags::EXIT_EARLY;
        frame.iterators.clear();
        frame.binding_stack.clear();
        frame.environments.truncate(frame.env_fp as usize);

        context.vm.stack.push(this.clone());
        context.vm.stack.push(self.function.clone());
        context.vm.stack.stack.extend(args);
        context.vm.push_frame(frame);

        let result = match bind_this(context) {
            Ok(_) => {
                context.vm.host_call_depth += 1;
                let result = context.run().consume();
                context.vm.host_call_depth = context.vm.host_call_depth.saturating_sub(1);
                result
            }
            Err(error) => {
                let frame = context.vm.frames.last().map(CallFrame::frame_pointer);
                if let Some(frame_pointer) = frame {
                    context.vm.stack.stack.truncate(frame_pointer);
                }
                Err(error)
            }
        };
        self.frame = context.vm.pop_frame();
        result
    }
}
