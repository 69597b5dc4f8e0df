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
    Context, JsNativeError, JsObject, JsResult, JsValue,
    builtins::function::{OrdinaryFunction, bind_this},
    vm::{CallFrame, CallFrameFlags},
};

/// A callable that a built-in calls repeatedly.
#[derive(Debug)]
pub(crate) struct RepeatedCall {
    function: JsObject,
    /// The frame every call reuses; `None` for a callable that [`JsObject::call`] runs, and
    /// while a call is running.
    frame: Option<CallFrame>,
    /// The number of environments the function closes over (where its frame starts).
    env_fp: u32,
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
                CallFrame::new(
                    ordinary.code.clone(),
                    ordinary.script_or_module.clone(),
                    ordinary.environments.clone(),
                    ordinary.realm().clone(),
                )
            });
        let env_fp = frame
            .as_ref()
            .map_or(0, |frame| frame.environments.len() as u32);
        Self {
            function,
            frame: frame.map(|frame| frame.with_env_fp(env_fp)),
            env_fp,
        }
    }

    /// `Call(function, this, args)`.
    pub(crate) fn call(
        &mut self,
        this: &JsValue,
        args: &[JsValue],
        context: &mut Context,
    ) -> JsResult<JsValue> {
        if self.frame.is_none() {
            return self.function.call(this, args, context);
        }
        context.check_runtime_limits()?;
        let Some(mut frame) = self.frame.take() else {
            return Err(JsNativeError::error()
                .with_message("a repeated call lost its frame")
                .into());
        };
        // What a finished run may have left behind; a frame as `CallFrame::new` makes it.
        frame.pc = 0;
        frame.loop_iteration_count = 0;
        frame.argument_count = args.len() as u32;
        frame.flags = CallFrameFlags::EXIT_EARLY;
        frame.iterators.clear();
        frame.binding_stack.clear();
        frame.environments.truncate(self.env_fp as usize);

        context.vm.stack.push(this.clone());
        context.vm.stack.push(self.function.clone());
        context.vm.stack.calling_convention_push_arguments(args);
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
