//! `String.prototype.repeat(count)`, built by doubling copies into one buffer of the final size.
//!
//! Boa 0.22 collected `count` references to the string (24 bytes each) and joined them: 35 MB of
//! references to make a 3 MB string, past the allocator's largest reused size, so each call
//! faulted it all in again and the step from 1.4 to 2.9 million repetitions cost three times
//! the one before. The errors are V8's (`Invalid count value: -1`, `Invalid string length`).

use boa_engine::string::{JsStr, JsStrVariant, MAX_STRING_LENGTH};
use boa_engine::value::IntegerOrInfinity;
use boa_engine::{Context, JsNativeError, JsResult, JsString, JsValue, js_string};

use super::super::native::arg;
use super::methods::this_string;

/// `String.prototype.repeat(count)`.
pub(super) fn repeat(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let string = this_string(this, "repeat", context)?;
    let count = match arg(args, 0).to_integer_or_infinity(context)? {
        IntegerOrInfinity::Integer(count) if count >= 0 => count,
        IntegerOrInfinity::Integer(count) => return Err(invalid_count(&count.to_string())),
        IntegerOrInfinity::PositiveInfinity => return Err(invalid_count("Infinity")),
        IntegerOrInfinity::NegativeInfinity => return Err(invalid_count("-Infinity")),
    };
    if count == 0 || string.is_empty() {
        return Ok(js_string!().into());
    }
    let count = usize::try_from(count).unwrap_or(usize::MAX);
    if string.len().checked_mul(count).is_none_or(|length| length > MAX_STRING_LENGTH) {
        return Err(JsNativeError::range().with_message("Invalid string length").into());
    }
    let repeated = match string.as_str().variant() {
        JsStrVariant::Latin1(units) => JsString::from(JsStr::latin1(&copies(units, count))),
        JsStrVariant::Utf16(units) => JsString::from(&copies(units, count)[..]),
    };
    Ok(repeated.into())
}

/// `units` `count` times: the first copy, then the buffer doubled onto itself.
fn copies<T: Copy>(units: &[T], count: usize) -> Vec<T> {
    let total = units.len() * count;
    let mut out = Vec::with_capacity(total);
    out.extend_from_slice(units);
    while out.len() < total {
        let more = out.len().min(total - out.len());
        out.extend_from_within(..more);
    }
    out
}

fn invalid_count(count: &str) -> boa_engine::JsError {
    JsNativeError::range().with_message(format!("Invalid count value: {count}")).into()
}

#[cfg(test)]
mod tests {
    use super::copies;

    #[test]
    fn copies_are_the_units_count_times() {
        for count in 1..40 {
            let expected: Vec<u8> = b"abc".iter().copied().cycle().take(3 * count).collect();
            assert_eq!(copies(b"abc", count), expected);
        }
        assert_eq!(copies(&[7_u16], 5), vec![7; 5]);
    }
}
