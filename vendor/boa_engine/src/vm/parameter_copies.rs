//! ordo's patch: the copies of arguments into parameters that a function's code starts with.
//!
//! A function's code starts by copying each plain parameter from its argument slot into its
//! register, one `GetArgument` instruction per parameter. A call made by a built-in's
//! [`RepeatedCall`](super::repeated_call::RepeatedCall) writes the parameters itself, as it
//! writes the arguments, and starts the frame after those instructions: for a comparator as
//! small as `(a, b) => a.price - b.price` the two instructions were a tenth of each call. Where
//! nothing after them reads the argument slots (no `arguments` object, rest parameter or further
//! `GetArgument`), the call moves each argument straight into its register and leaves the slots
//! `undefined`: a copy of an object is a reference count up, and another down when the slot is
//! next overwritten. A script's own call of an ordinary function moves its arguments from their
//! slots into the registers in the same way ([`ParameterCopies::move_from_slots`]).

use std::ops::Range;

use crate::{
    Context, JsValue,
    vm::{Instruction, InstructionIterator, Opcode, opcode::Bytecode},
};

/// What the `GetArgument`s a function's code starts with do, found when it is compiled; none
/// for a generator or an async function, whose call leaves them to its code.
#[derive(Debug, Clone, Default)]
pub(crate) struct ParameterCopies {
    /// Each instruction's argument index and register, in order.
    copies: Box<[(u32, u32)]>,
    /// Where the instructions after them start.
    body: u32,
    /// Whether no instruction after them reads the argument slots, and each copies an argument
    /// after the last one's: a call may then move the arguments into the registers. (The
    /// compiler makes an `arguments` object before the copies, and copies each argument once,
    /// so what it emits today never reads a moved slot again; a function with a default or a
    /// destructured parameter after the first reads later slots, and its arguments are copied.
    /// The check keeps the move right whatever order code comes in.)
    moves_arguments: bool,
}

impl ParameterCopies {
    /// The leading `GetArgument`s of `bytecode`.
    pub(crate) fn of(bytecode: &Bytecode) -> Self {
        let mut copies: Vec<(u32, u32)> = Vec::new();
        let mut instructions = InstructionIterator::new(bytecode);
        let mut body = 0;
        let mut out_of_order = false;
        let mut read_later = false;
        while let Some((_, opcode, instruction)) = instructions.next() {
            let Instruction::GetArgument { index, dst } = instruction else {
                // Without copies there is nothing to move, and no need to scan the rest.
                read_later = copies.is_empty()
                    || reads_arguments(opcode)
                    || instructions.any(|(_, opcode, _)| reads_arguments(opcode));
                break;
            };
            let index = u32::from(index);
            out_of_order |= copies.last().is_some_and(|&(last, _)| last >= index);
            copies.push((index, u32::from(dst)));
            body = instructions.pc();
        }
        Self {
            copies: copies.into_boxed_slice(),
            body: body as u32,
            moves_arguments: !out_of_order && !read_later,
        }
    }

    /// Where a call that wrote the parameters itself starts its frame.
    #[inline]
    pub(crate) fn body(&self) -> u32 {
        self.body
    }

    /// Whether a call may move the arguments into the registers ([`Self::move_into`]) and leave
    /// the argument slots `undefined`.
    #[inline]
    pub(crate) fn moves_arguments(&self) -> bool {
        self.moves_arguments
    }

    /// Moves each copied argument into its register (`undefined` past the last argument);
    /// `registers` are the frame's, `undefined`.
    #[inline(always)]
    pub(crate) fn move_into<const N: usize>(
        &self,
        arguments: [JsValue; N],
        registers: &mut [JsValue],
    ) {
        // The copies' argument indices increase (`moves_arguments`): one pass over both.
        let mut copies = self.copies.iter();
        let mut next = copies.next();
        for (index, argument) in arguments.into_iter().enumerate() {
            match next {
                Some(&(copied, register)) if copied as usize == index => {
                    registers[register as usize] = argument;
                    next = copies.next();
                }
                _ => drop(argument),
            }
        }
        // A parameter past the last argument is `undefined`, written again where it shares its
        // register with an earlier one (`function f(x, a, x)` called with one argument).
        while let Some(&(_, register)) = next {
            registers[register as usize] = JsValue::undefined();
            next = copies.next();
        }
    }

    /// For a call whose arguments are in their slots, `arguments` of `stack`: moves each copied
    /// argument into its register (`registers` start at `rp`, `undefined`), if the arguments may
    /// be moved, and returns where the frame then starts.
    #[inline]
    pub(crate) fn move_from_slots(
        &self,
        arguments: Range<usize>,
        rp: usize,
        stack: &mut [JsValue],
    ) -> Option<u32> {
        if !self.moves_arguments || self.copies.is_empty() {
            return None;
        }
        for &(index, register) in &self.copies {
            let index = index as usize;
            // Past the last argument: `undefined`, as in `move_into`.
            let argument = if index < arguments.len() {
                std::mem::take(&mut stack[arguments.start + index])
            } else {
                JsValue::undefined()
            };
            stack[rp + register as usize] = argument;
        }
        Some(self.body)
    }

    /// Copies each copied argument from its slot into its register; `registers` are the frame's,
    /// `undefined`.
    #[inline]
    pub(crate) fn copy_into(&self, arguments: &[JsValue], registers: &mut [JsValue]) {
        for &(index, register) in &self.copies {
            // Past the last argument: `undefined`, as in `move_into`.
            let argument = arguments.get(index as usize).cloned().unwrap_or_default();
            registers[register as usize] = argument;
        }
    }
}

/// The frame just pushed for a call of a function starts after the `GetArgument`s its code
/// starts with, its arguments moved into their registers, where nothing later reads the slots
/// ([`ParameterCopies::move_from_slots`]).
#[inline]
pub(crate) fn move_parameters(context: &mut Context) {
    let vm = &mut context.vm;
    let Some(frame) = vm.frames.last_mut() else {
        return;
    };
    let arguments = frame.arguments_range();
    let rp = frame.rp as usize;
    if let Some(body) = frame
        .code_block
        .parameter_copies
        .move_from_slots(arguments, rp, &mut vm.stack.stack)
    {
        frame.pc = body;
    }
}

/// Whether an instruction with `opcode` reads the argument slots.
fn reads_arguments(opcode: Opcode) -> bool {
    matches!(
        opcode,
        Opcode::GetArgument
            | Opcode::RestParameterInit
            | Opcode::CreateMappedArgumentsObject
            | Opcode::CreateUnmappedArgumentsObject
            | Opcode::SuperCallDerived
    )
}
