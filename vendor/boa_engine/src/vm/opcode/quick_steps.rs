//! ordo's patch: a loop's arithmetic, comparisons, jumps and plain reads run in a loop of their
//! own, which keeps the frame's instructions, its registers and `pc` in locals.
//!
//! Through the handler table each instruction pays ~40 machine instructions beside its work:
//! the call through the table, the handler's prologue and epilogue, the frame found again
//! (`frames.last()`) to read the operands and again to read each register, and a
//! `ControlFlow<CompletionRecord>` written and read through memory. A loop over numbers
//! (`for (let i = 0; i < n; i++) s = (s + a * i) % m`) is made of nothing else.
//!
//! Only what cannot throw, call out or change the frames runs here. An instruction in a case
//! that could (an operand that is not a number, a getter, a cache miss) ends the loop at that
//! instruction, and the run loop gives it to its handler, whose full steps then run it; the
//! cases run here are computed by the same functions the handlers call first (`add_fast`,
//! `lt_fast`, `small_index_get`, ...), so every result is the handler's.

use super::{
    Address, Argument, IndexOperand, Opcode, RegisterOperand,
    get::property::{cached_data_property_in, length_at_once},
    set::property::{SmallIndexStore, small_index_store},
};
use crate::{
    Context, JsValue, builtins::typed_array::typed_array_store_number,
    object::internal_methods::small_index_get, vm::CallFrame,
};

/// A frame's registers, indexed by the operands the compiler gave its instructions.
struct Registers<'a>(&'a mut [JsValue]);

impl Registers<'_> {
    #[inline(always)]
    fn get(&self, register: RegisterOperand) -> &JsValue {
        let index = usize::from(register);
        debug_assert!(index < self.0.len(), "register {index} out of bounds");
        // SAFETY: register operands are below the frame's register count, as the compiler
        // allocated them, and the frame's registers are on the stack (as `Vm::get_register`).
        unsafe { self.0.get_unchecked(index) }
    }

    #[inline(always)]
    fn set(&mut self, register: RegisterOperand, value: JsValue) {
        let index = usize::from(register);
        debug_assert!(index < self.0.len(), "register {index} out of bounds");
        // SAFETY: as in `get`.
        unsafe {
            *self.0.get_unchecked_mut(index) = value;
        }
    }
}

/// Runs the current frame's instructions from its `pc` while they are quick ones in a case this
/// loop runs, and leaves `pc` at the first that is not (or at the end of the instructions), for
/// the run loop to give its handler.
///
/// Called by `IncrementLoopIteration`'s handler, at the head of every pass of a loop: a loop is
/// where quick instructions come many at a time. Entering costs about two instructions'
/// overhead (a call, the state found), which code outside loops, where quick instructions come
/// one or two between calls and property accesses, would pay for nothing. The loop's next
/// pass comes back through the handler, so the loop limit and a budgeted run's count see
/// every pass.
#[inline(never)]
pub(crate) fn run(context: &mut Context) {
    let vm = &mut context.vm;
    // SAFETY: `frames` always holds at least the dummy frame.
    let frame = unsafe { vm.frames.last_mut().unwrap_unchecked() };
    let CallFrame { code_block, pc: frame_pc, rp, environments, realm, .. } = frame;
    let bytecode = &code_block.bytecode;
    let bytes = &*bytecode.bytes;
    let mut registers = Registers(&mut vm.stack.stack[*rp as usize..]);
    let mut pc = *frame_pc as usize;

    // The operands of the instruction at `pc` and the `pc` after it.
    macro_rules! operands {
        ($($ty:ty),+) => {{
            // SAFETY: `opcode_at` found an instruction at `pc`, so its operands are within the
            // padded bytes (as for the handlers).
            #[allow(unused_parens)]
            let decoded = unsafe { <($($ty),+)>::decode_padded(bytes, pc + 1) };
            decoded
        }};
    }
    // `dst = lhs op rhs` where the handler's fast path answers.
    macro_rules! binary {
        ($fast:ident) => {{
            let ((dst, lhs, rhs), next) = operands!(RegisterOperand, RegisterOperand, RegisterOperand);
            let Some(value) = registers.get(lhs).$fast(registers.get(rhs)) else {
                break;
            };
            registers.set(dst, JsValue::from(value));
            pc = next;
        }};
    }
    macro_rules! store {
        ($value:expr) => {{
            let (dst, next) = operands!(RegisterOperand);
            registers.set(dst, JsValue::from($value));
            pc = next;
        }};
    }
    macro_rules! store_operand {
        ($ty:ty, $convert:expr) => {{
            let ((dst, value), next) = operands!(RegisterOperand, $ty);
            registers.set(dst, JsValue::from($convert(value)));
            pc = next;
        }};
    }
    // Jumps to `address` where `jump(value)` says so.
    macro_rules! jump_if {
        ($jump:expr) => {{
            let ((address, value), next) = operands!(Address, RegisterOperand);
            pc = if $jump(registers.get(value)) { u32::from(address) as usize } else { next };
        }};
    }
    // Jumps to `address` unless the handler's fast comparison holds.
    macro_rules! jump_unless {
        ($fast:ident) => {{
            let ((address, lhs, rhs), next) = operands!(Address, RegisterOperand, RegisterOperand);
            let Some(holds) = registers.get(lhs).$fast(registers.get(rhs)) else {
                break;
            };
            pc = if holds { next } else { u32::from(address) as usize };
        }};
    }
    // `dst = src ± 1` for a number, as `Inc`/`Dec` compute it; `src` keeps its number.
    macro_rules! step {
        ($int:ident, $float:expr) => {{
            let ((dst, src), next) = operands!(RegisterOperand, RegisterOperand);
            let source = registers.get(src);
            let value = if let Some(int) = source.as_i32().and_then(|int| int.$int(1)) {
                JsValue::from(int)
            } else if let Some(float) = source.as_number() {
                JsValue::from($float(float))
            } else {
                break;
            };
            registers.set(dst, value);
            pc = next;
        }};
    }

    // The instructions' bounds in locals: read through `bytecode` they were loaded again after
    // every register write, which the compiler could not tell apart from them.
    let instructions_len = bytecode.len;
    while pc < instructions_len {
        // SAFETY: `pc < len <= bytes.len()`, as `Bytecode::opcode_at` reads it.
        let opcode = Opcode::decode(unsafe { *bytes.get_unchecked(pc) });
        match opcode {
            Opcode::Move => {
                let ((dst, src), next) = operands!(RegisterOperand, RegisterOperand);
                let value = registers.get(src).clone();
                registers.set(dst, value);
                pc = next;
            }
            Opcode::StoreZero => store!(0),
            Opcode::StoreOne => store!(1),
            Opcode::StoreInt8 => store_operand!(i8, i32::from),
            Opcode::StoreInt16 => store_operand!(i16, i32::from),
            Opcode::StoreInt32 => store_operand!(i32, std::convert::identity),
            Opcode::StoreFloat => store_operand!(f32, std::convert::identity),
            Opcode::StoreDouble => store_operand!(f64, std::convert::identity),
            Opcode::StoreNan => store!(JsValue::nan()),
            Opcode::StorePositiveInfinity => store!(JsValue::positive_infinity()),
            Opcode::StoreNegativeInfinity => store!(JsValue::negative_infinity()),
            Opcode::StoreNull => store!(JsValue::null()),
            Opcode::StoreTrue => store!(true),
            Opcode::StoreFalse => store!(false),
            Opcode::StoreUndefined => store!(JsValue::undefined()),
            Opcode::Add => binary!(add_fast),
            Opcode::Sub => binary!(sub_fast),
            Opcode::Mul => binary!(mul_fast),
            Opcode::Div => binary!(div_fast),
            Opcode::Mod => binary!(rem_fast),
            Opcode::Pow => binary!(pow_fast),
            Opcode::BitAnd => binary!(bitand_fast),
            Opcode::BitOr => binary!(bitor_fast),
            Opcode::BitXor => binary!(bitxor_fast),
            Opcode::ShiftLeft => binary!(shl_fast),
            Opcode::ShiftRight => binary!(shr_fast),
            Opcode::UnsignedShiftRight => binary!(ushr_fast),
            Opcode::Eq => binary!(equals_fast),
            Opcode::NotEq => binary!(not_equals_fast),
            Opcode::GreaterThan => binary!(gt_fast),
            Opcode::GreaterThanOrEq => binary!(ge_fast),
            Opcode::LessThan => binary!(lt_fast),
            Opcode::LessThanOrEq => binary!(le_fast),
            Opcode::StrictEq | Opcode::StrictNotEq => {
                let ((dst, lhs, rhs), next) =
                    operands!(RegisterOperand, RegisterOperand, RegisterOperand);
                let equal = registers.get(lhs).strict_equals(registers.get(rhs));
                registers.set(dst, JsValue::from(equal == (opcode == Opcode::StrictEq)));
                pc = next;
            }
            Opcode::Inc => step!(checked_add, |float: f64| float + 1.0),
            Opcode::Dec => step!(checked_sub, |float: f64| float - 1.0),
            Opcode::LogicalNot => {
                let (value, next) = operands!(RegisterOperand);
                let not = !registers.get(value).to_boolean();
                registers.set(value, JsValue::from(not));
                pc = next;
            }
            Opcode::Jump => {
                let (address, _) = operands!(Address);
                pc = u32::from(address) as usize;
            }
            Opcode::JumpIfTrue => jump_if!(JsValue::to_boolean),
            Opcode::JumpIfFalse => jump_if!(|value: &JsValue| !value.to_boolean()),
            Opcode::JumpIfNotUndefined => jump_if!(|value: &JsValue| !value.is_undefined()),
            Opcode::JumpIfNullOrUndefined => jump_if!(JsValue::is_null_or_undefined),
            Opcode::JumpIfNotLessThan => jump_unless!(lt_fast),
            Opcode::JumpIfNotLessThanOrEqual => jump_unless!(le_fast),
            Opcode::JumpIfNotGreaterThan => jump_unless!(gt_fast),
            Opcode::JumpIfNotGreaterThanOrEqual => jump_unless!(ge_fast),
            Opcode::JumpIfNotEqual => {
                let ((address, lhs, rhs), next) =
                    operands!(Address, RegisterOperand, RegisterOperand);
                let differ = registers.get(lhs) != registers.get(rhs);
                pc = if differ { u32::from(address) as usize } else { next };
            }
            // `a[i]` where the handler's first path answers: an Array's dense element or a
            // typed array's, for a small integer `i`.
            Opcode::GetPropertyByValue => {
                let ((dst, key, _receiver, object), next) = operands!(
                    RegisterOperand,
                    RegisterOperand,
                    RegisterOperand,
                    RegisterOperand
                );
                let Some(element) = registers.get(key).as_small_index().and_then(|index| {
                    registers
                        .get(object)
                        .with_object(|object| small_index_get(object, index))
                        .flatten()
                }) else {
                    break;
                };
                registers.set(dst, element);
                pc = next;
            }
            // `a[i] = v`, `a` its own receiver: over an element kept as a value alone (the
            // handler's first path), or a Number into a typed array whose conversion of it runs
            // no script code.
            Opcode::SetPropertyByValue => {
                let ((value, key, receiver, object), next) = operands!(
                    RegisterOperand,
                    RegisterOperand,
                    RegisterOperand,
                    RegisterOperand
                );
                let written = registers.get(key).as_small_index().is_some_and(|index| {
                    let value = registers.get(value);
                    match small_index_store(
                        registers.get(object),
                        registers.get(receiver),
                        index,
                        value,
                    ) {
                        SmallIndexStore::Done => true,
                        // A Number alone: another value converts, which may run script code.
                        SmallIndexStore::TypedArray(array) => {
                            typed_array_store_number(&array, index, value)
                        }
                        SmallIndexStore::General => false,
                    }
                });
                if !written {
                    break;
                }
                pc = next;
            }
            // `o.name` where the inline cache knows a data property of `o`'s shape (the
            // handler's first path; a string's methods and getters take the handler).
            Opcode::GetPropertyByName => {
                let ((dst, object, index), next) =
                    operands!(RegisterOperand, RegisterOperand, IndexOperand);
                let ic = &code_block.ic[usize::from(index)];
                let Some(value) = registers
                    .get(object)
                    .with_object(|object| cached_data_property_in(object, ic))
                    .flatten()
                else {
                    break;
                };
                registers.set(dst, value);
                pc = next;
            }
            // A global's data property the inline cache knows (`undefined`, `Math`), where the
            // name resolves where the compiler put it (the handler's first path). No
            // instruction run here adds an environment or declares a name.
            Opcode::GetNameGlobal => {
                let ((dst, index, ic_index), next) =
                    operands!(RegisterOperand, IndexOperand, IndexOperand);
                if !code_block.bindings[usize::from(index)].is_global()
                    || !environments.resolve_as_compiled(realm.environment())
                {
                    break;
                }
                let ic = &code_block.ic[usize::from(ic_index)];
                let Some(value) = cached_data_property_in(realm.global_object(), ic) else {
                    break;
                };
                registers.set(dst, value);
                pc = next;
            }
            // `a.length` of an Array (its first storage slot) or of a string.
            Opcode::GetLengthProperty => {
                let ((dst, object, _index), next) =
                    operands!(RegisterOperand, RegisterOperand, IndexOperand);
                let Some(length) = length_at_once(registers.get(object)) else {
                    break;
                };
                registers.set(dst, length);
                pc = next;
            }
            _ => break,
        }
    }

    *frame_pc = pc as u32;
}
