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
//! next overwritten.

use crate::{
    JsValue,
    vm::{Instruction, InstructionIterator, Opcode, opcode::Bytecode},
};

/// What the `GetArgument`s a function's code starts with do, found when it is compiled.
#[derive(Debug, Clone, Default)]
pub(crate) struct ParameterCopies {
    /// Each instruction's argument index and register, in order.
    copies: Box<[(u32, u32)]>,
    /// Where the instructions after them start.
    body: u32,
    /// Whether no instruction after them reads the argument slots, and each copies an argument
    /// after the last one's: a call may then move the arguments into the registers.
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
                // Without copies there is nothing to move: the rest is not read again.
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

    /// Moves each copied argument into its register; `registers` are the frame's, `undefined`.
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
                    registers[register as usize].overwrite(argument);
                    next = copies.next();
                }
                _ => drop(argument),
            }
        }
    }

    /// Copies each copied argument from its slot into its register; `registers` are the frame's,
    /// `undefined`.
    #[inline]
    pub(crate) fn copy_into(&self, arguments: &[JsValue], registers: &mut [JsValue]) {
        for &(index, register) in &self.copies {
            if let Some(argument) = arguments.get(index as usize) {
                registers[register as usize].overwrite(argument.clone());
            }
        }
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
