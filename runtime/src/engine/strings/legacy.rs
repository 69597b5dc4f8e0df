//! `String.prototype.substr` and the `trimLeft`/`trimRight` names of `trimStart`/`trimEnd`:
//! ECMAScript's Annex B, which every browser and Node have and Boa leaves out unless built with
//! its `annex-b` feature (which would also change how sloppy code parses). Models write
//! `line.substr(0, 10)` and `text.trimLeft()` from older code; both failed with "not a callable
//! function".

use boa_engine::value::IntegerOrInfinity;
use boa_engine::{Context, JsResult, JsValue};

use super::super::native::arg;
use super::methods::this_string;

/// `String.prototype.substr(start, length)` (Annex B.2.2.1).
pub(super) fn substr(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    // 1-3. Let S be ? ToString(? RequireObjectCoercible(this value)); let size be its length.
    let string = this_string(this, "substr", context)?;
    let size = string.len();
    // 4-7. intStart: -∞ is 0, a negative one counts from the end (not before 0), past the end
    // is the end.
    let start = match arg(args, 0).to_integer_or_infinity(context)? {
        IntegerOrInfinity::NegativeInfinity => 0,
        IntegerOrInfinity::Integer(start) if start < 0 => {
            size.saturating_sub(usize::try_from(start.unsigned_abs()).unwrap_or(usize::MAX))
        }
        IntegerOrInfinity::Integer(start) => usize::try_from(start).unwrap_or(usize::MAX).min(size),
        IntegerOrInfinity::PositiveInfinity => size,
    };
    // 8-9. intLength: the rest of the string when `length` is undefined, else clamped to
    // 0..=size.
    let length = arg(args, 1);
    let length = if length.is_undefined() {
        size
    } else {
        match length.to_integer_or_infinity(context)? {
            IntegerOrInfinity::Integer(length) => {
                usize::try_from(length.max(0)).unwrap_or(usize::MAX).min(size)
            }
            IntegerOrInfinity::PositiveInfinity => size,
            IntegerOrInfinity::NegativeInfinity => 0,
        }
    };
    // 10-11. The substring from intStart to min(intStart + intLength, size).
    let end = start.saturating_add(length).min(size);
    Ok(string.slice(start, end).into())
}
