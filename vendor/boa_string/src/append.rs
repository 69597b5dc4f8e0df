//! Appending to a string in place: ordo's patch to boa_string 0.22 (see `vendor/README.md`).
//!
//! Boa has no rope: `a + b` and a template literal copy every part into a new string, so a loop
//! that appends to a growing string (`s += line + "\n"`) copies all of `s` at every step, and
//! building 2 MB that way copies tens of gigabytes. Here a large string made by concatenation is
//! followed (a few per thread), and the next concatenation that starts with exactly that string
//! writes the other parts after it, in spare room of its allocation, instead of copying it:
//!
//! - the allocation (a sequence string `capacity` long) is never handed out itself, only views
//!   of its first `used` units, so the units past `used` are seen by no one and can be written;
//! - a part is appended only to the view that ends at `used` (the same start, the same length):
//!   appending to an older, shorter view copies as before, and leaves the newer one alone;
//! - when the room runs out, the parts are copied into an allocation half as large again as
//!   they need, so appending `n` units costs `O(n)` in all.
//!
//! A followed string that nothing but this list holds any more is let go.

use std::cell::RefCell;
use std::ptr::{self, NonNull};

use crate::r#type::{InternalStringType, Latin1, Utf16};
use crate::vtable::SequenceString;
use crate::{JsStr, JsStrVariant, JsString, JsStringKind};

/// A string this long or longer gets room to grow when it is appended to.
const GROWABLE_FROM: usize = 1024;
/// How many strings are followed at once, per thread.
const FOLLOWED: usize = 8;

/// A string being built: `owner`'s first `used` units are its content, the rest is room.
struct Tail {
    owner: JsString,
    used: usize,
}

impl Tail {
    /// Whether `first` is the view of this string's whole content.
    fn ends_with_all_of(&self, first: JsStr<'_>) -> bool {
        first.len() == self.used
            && match (first.variant(), self.owner.as_str().variant()) {
                (JsStrVariant::Latin1(first), JsStrVariant::Latin1(owner)) => {
                    ptr::eq(first.as_ptr(), owner.as_ptr())
                }
                (JsStrVariant::Utf16(first), JsStrVariant::Utf16(owner)) => {
                    ptr::eq(first.as_ptr(), owner.as_ptr())
                }
                _ => false,
            }
    }
}

thread_local! {
    static TAILS: RefCell<Vec<Tail>> = const { RefCell::new(Vec::new()) };
}

/// `strings` concatenated by writing the others after the first, where the first is a string
/// being built; `None` where it is not (the caller copies them all as before).
pub(crate) fn appended(strings: &[JsStr<'_>]) -> Option<JsString> {
    // A template literal that starts with a substitution starts with an empty string.
    let start = strings.iter().position(|part| !part.is_empty())?;
    let strings = &strings[start..];
    let (&first, rest) = strings.split_first()?;
    if first.len() < GROWABLE_FROM || rest.is_empty() {
        return None;
    }
    TAILS.with(|tails| {
        let mut tails = tails.try_borrow_mut().ok()?;
        tails.retain(|tail| tail.owner.refcount() != Some(1));
        let index = tails.iter().position(|tail| tail.ends_with_all_of(first))?;
        let added = rest.iter().try_fold(0usize, |sum, part| sum.checked_add(part.len()))?;
        let needed = first.len().checked_add(added)?;
        let latin1 = rest.iter().all(JsStr::is_latin1) && first.is_latin1();
        let tail = tails.remove(index);
        let owner = if latin1 == first.is_latin1() && needed <= tail.owner.len() {
            // SAFETY: `owner` is a sequence string of `first`'s encoding (it was followed as
            // one, and `first` views it), `used..needed` is inside it, and no view reaches past
            // `used`.
            unsafe { write_after(&tail.owner, tail.used, rest, latin1) };
            tail.owner
        } else {
            let capacity = needed.checked_add(needed / 2)?;
            grown(strings, capacity, latin1)
        };
        let view = owner.slice(0, needed);
        tails.push(Tail { owner, used: needed });
        Some(view)
    })
}

/// Follows `string`, the result of a concatenation, so that appending to it next gives it room.
pub(crate) fn follow(string: &JsString) {
    if string.len() < GROWABLE_FROM
        || !matches!(string.kind(), JsStringKind::Latin1Sequence | JsStringKind::Utf16Sequence)
    {
        return;
    }
    TAILS.with(|tails| {
        let Ok(mut tails) = tails.try_borrow_mut() else { return };
        tails.retain(|tail| tail.owner.refcount() != Some(1));
        if tails.len() >= FOLLOWED {
            tails.remove(0);
        }
        tails.push(Tail { owner: string.clone(), used: string.len() });
    });
}

/// Writes `parts` into `owner` from `at`.
///
/// # Safety
/// `owner` is a sequence string in Latin-1 if `latin1`, in UTF-16 otherwise; `at` plus the
/// parts' length is at most its length; no reference to its units from `at` on is alive.
unsafe fn write_after(owner: &JsString, at: usize, parts: &[JsStr<'_>], latin1: bool) {
    // SAFETY: per this function's contract.
    unsafe {
        if latin1 {
            let data = data_of::<Latin1>(owner.ptr.cast()).cast::<u8>().add(at);
            write_parts(data, parts, true);
        } else {
            let data = data_of::<Utf16>(owner.ptr.cast()).cast::<u16>().add(at);
            write_parts(data.cast(), parts, false);
        }
    }
}

/// The first unit of a sequence string's data.
///
/// # Safety
/// `string` points to a live `SequenceString<T>`.
unsafe fn data_of<T: InternalStringType>(string: NonNull<SequenceString<T>>) -> *mut u8 {
    // SAFETY: per this function's contract.
    unsafe { (&raw mut (*string.as_ptr()).data).cast::<u8>() }
}

/// Copies `parts` one after another to `data`, as bytes if `latin1`, as UTF-16 units otherwise
/// (Latin-1 parts widened).
///
/// # Safety
/// `data` has room for all the parts in that encoding; every part is Latin-1 if `latin1`.
unsafe fn write_parts(mut data: *mut u8, parts: &[JsStr<'_>], latin1: bool) {
    for part in parts {
        // SAFETY: per this function's contract.
        unsafe {
            match (latin1, part.variant()) {
                (true, JsStrVariant::Latin1(bytes)) => {
                    ptr::copy_nonoverlapping(bytes.as_ptr(), data, bytes.len());
                    data = data.add(bytes.len());
                }
                (false, JsStrVariant::Latin1(bytes)) => {
                    let units = data.cast::<u16>();
                    for (index, &byte) in bytes.iter().enumerate() {
                        units.add(index).write(u16::from(byte));
                    }
                    data = units.add(bytes.len()).cast();
                }
                (false, JsStrVariant::Utf16(units)) => {
                    ptr::copy_nonoverlapping(units.as_ptr(), data.cast::<u16>(), units.len());
                    data = data.cast::<u16>().add(units.len()).cast();
                }
                (true, JsStrVariant::Utf16(_)) => unreachable!("a UTF-16 part in Latin-1"),
            }
        }
    }
}

/// A new sequence string `capacity` long holding `parts` and then zeroes.
fn grown(parts: &[JsStr<'_>], capacity: usize, latin1: bool) -> JsString {
    let length: usize = parts.iter().map(JsStr::len).sum();
    debug_assert!(length <= capacity);
    // SAFETY: the allocation is `capacity` units of the chosen encoding; the parts fill its
    // first `length` units and zeroes the rest, so every unit is written before it is read.
    unsafe {
        if latin1 {
            let string = SequenceString::<Latin1>::allocate(capacity);
            let data = data_of(string);
            write_parts(data, parts, true);
            ptr::write_bytes(data.add(length), 0, capacity - length);
            JsString { ptr: string.cast() }
        } else {
            let string = SequenceString::<Utf16>::allocate(capacity);
            let data = data_of(string).cast::<u16>();
            write_parts(data.cast(), parts, false);
            ptr::write_bytes(data.add(length), 0, capacity - length);
            JsString { ptr: string.cast() }
        }
    }
}
