//! The work of `atob`, `btoa`, `TextEncoder.encode` and `TextDecoder.decode`, in Rust: over
//! many items these ran a JavaScript loop per character. `builtins.js` keeps what the web
//! platform defines around them (the classes, their options, labels, errors), and receives these
//! functions in an object no script can reach ([`natives`]).

use base64::Engine as _;
use base64::engine::{DecodePaddingMode, GeneralPurpose, GeneralPurposeConfig};
use boa_engine::object::builtins::{
    AlignedVec, JsArrayBuffer, JsDataView, JsSharedArrayBuffer, JsTypedArray, JsUint8Array,
};
use boa_engine::string::{JsStr, JsStrVariant};
use boa_engine::{
    Context, JsError, JsNativeError, JsObject, JsResult, JsString, JsValue, js_string,
};

use super::native;

/// The functions `builtins.js` is given: `atob` and `btoa` as they are installed, the two
/// halves of UTF-8 for its classes, and `structuredClone`'s copy of plain data and its transfer
/// of buffers (`clone.rs`).
pub(super) fn natives(context: &mut Context) -> JsObject {
    let functions: [(&str, usize, native::Native); 6] = [
        ("atob", 1, atob),
        ("btoa", 1, btoa),
        ("encodeUtf8", 1, encode_utf8),
        ("decodeUtf8", 3, decode_utf8),
        ("clonePlainData", 1, super::clone::clone_plain_data),
        ("detachBuffer", 1, super::clone::detach_buffer),
    ];
    native::natives(context, &functions)
}

/// The argument at `index` as a string.
fn text(args: &[JsValue], index: usize, context: &mut Context) -> JsResult<JsString> {
    args.get(index).cloned().unwrap_or_default().to_string(context)
}

/// An `Error` named as the web platform's `DOMException` names it.
fn dom_error(name: &str, message: &str, context: &mut Context) -> JsError {
    let error = JsNativeError::error().with_message(message.to_owned()).into_opaque(context);
    // A fresh error object: defining a property on it cannot fail.
    let _ = error.set(js_string!("name"), JsString::from(name), false, context);
    JsError::from_opaque(error.into())
}

/// Base64 as the web platform writes it (with padding), and reads it once the input is made
/// canonical ([`forgiving`]).
const BASE64: GeneralPurpose = GeneralPurpose::new(
    &base64::alphabet::STANDARD,
    GeneralPurposeConfig::new()
        .with_decode_padding_mode(DecodePaddingMode::RequireNone)
        .with_decode_allow_trailing_bits(true),
);

/// `btoa(data)`: Latin-1 text to base64.
fn btoa(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let data = text(args, 0, context)?;
    let bytes: Vec<u8> = match data.as_str().variant() {
        JsStrVariant::Latin1(bytes) => bytes.to_vec(),
        JsStrVariant::Utf16(units) => {
            match units.iter().map(|&unit| u8::try_from(unit)).collect() {
                Ok(bytes) => bytes,
                Err(_) => {
                    return Err(dom_error(
                        "InvalidCharacterError",
                        "btoa: the string holds characters outside Latin-1; encode it first: \
                     btoa(String.fromCharCode(...new TextEncoder().encode(text)))",
                        context,
                    ));
                }
            }
        }
    };
    Ok(JsString::from(BASE64.encode(bytes).as_str()).into())
}

/// `atob(data)`: base64 to Latin-1 text, by the web platform's forgiving-base64 decode.
fn atob(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let data = text(args, 0, context)?;
    let invalid = |context: &mut Context| {
        dom_error("InvalidCharacterError", "atob: the string is not valid base64", context)
    };
    let Some(canonical) = forgiving(data.as_str()) else { return Err(invalid(context)) };
    match BASE64.decode(canonical) {
        Ok(bytes) => Ok(JsString::from(JsStr::latin1(&bytes)).into()),
        Err(_) => Err(invalid(context)),
    }
}

/// The forgiving-base64 input rules: ASCII whitespace removed; if the length is then a multiple
/// of four, one or two final `=` removed; a length of one more than a multiple of four, or any
/// character outside the alphabet, is refused.
fn forgiving(data: JsStr<'_>) -> Option<Vec<u8>> {
    let mut kept: Vec<u8> = Vec::with_capacity(data.len());
    for unit in data.iter() {
        match u8::try_from(unit) {
            Ok(b'\t' | b'\n' | b'\x0C' | b'\r' | b' ') => {}
            Ok(byte) => kept.push(byte),
            Err(_) => return None,
        }
    }
    if kept.len().is_multiple_of(4) {
        for _ in 0..2 {
            if kept.last() == Some(&b'=') {
                kept.pop();
            }
        }
    }
    let alphabet = |byte: &u8| byte.is_ascii_alphanumeric() || *byte == b'+' || *byte == b'/';
    (kept.len() % 4 != 1 && kept.iter().all(alphabet)).then_some(kept)
}

/// `encodeUtf8(text)`: a `Uint8Array` of the text's UTF-8, a lone surrogate written as U+FFFD.
fn encode_utf8(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let data = text(args, 0, context)?;
    let utf8: String = match data.as_str().variant() {
        JsStrVariant::Latin1(bytes) => bytes.iter().map(|&byte| char::from(byte)).collect(),
        JsStrVariant::Utf16(units) => char::decode_utf16(units.iter().copied())
            .map(|unit| unit.unwrap_or(char::REPLACEMENT_CHARACTER))
            .collect(),
    };
    let block = AlignedVec::from_slice(0, utf8.as_bytes());
    let buffer = JsArrayBuffer::from_byte_block(block, context)?;
    Ok(JsUint8Array::from_array_buffer(buffer, context)?.into())
}

/// `decodeUtf8(input, fatal, ignoreBOM)`: the bytes of `input` ([`bytes_of`]) as text; a byte
/// order mark is dropped unless `ignoreBOM`; bytes that are not UTF-8 are U+FFFD, one per maximal
/// subpart as the Encoding standard says, or a `TypeError` if `fatal`.
fn decode_utf8(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let bytes = bytes_of(args.first().unwrap_or(&JsValue::undefined()), context)?;
    let fatal = args.get(1).is_some_and(JsValue::to_boolean);
    let ignore_bom = args.get(2).is_some_and(JsValue::to_boolean);
    let bytes = match bytes.strip_prefix(b"\xEF\xBB\xBF") {
        Some(rest) if !ignore_bom => rest,
        _ => &bytes[..],
    };
    let text = if fatal {
        std::str::from_utf8(bytes)
            .map_err(|_| {
                JsNativeError::typ().with_message("TextDecoder: the data is not valid UTF-8")
            })?
            .into()
    } else {
        String::from_utf8_lossy(bytes)
    };
    Ok(JsString::from(&*text).into())
}

/// The bytes `TextDecoder.decode` reads: none for `undefined`, an `ArrayBuffer`'s or a
/// `SharedArrayBuffer`'s, or those a typed array or a `DataView` views (none once detached),
/// copied.
fn bytes_of(input: &JsValue, context: &mut Context) -> JsResult<Vec<u8>> {
    let refused = || {
        JsNativeError::typ()
            .with_message("TextDecoder.decode takes an ArrayBuffer, a typed array or a DataView")
    };
    if input.is_undefined() {
        return Ok(Vec::new());
    }
    let Some(object) = input.as_object() else { return Err(refused().into()) };
    let (buffer, offset, length) = if let Ok(view) = JsTypedArray::from_object(object.clone()) {
        (view.buffer(context)?, view.byte_offset(context)?, view.byte_length(context)?)
    } else if let Ok(view) = JsDataView::from_object(object.clone()) {
        let offset = usize::try_from(view.byte_offset(context)?).unwrap_or(usize::MAX);
        let length = usize::try_from(view.byte_length(context)?).unwrap_or(usize::MAX);
        (view.buffer(context)?, offset, length)
    } else {
        (input.clone(), 0, usize::MAX)
    };
    let Some(buffer) = buffer.as_object() else { return Err(refused().into()) };
    let viewed = |whole: &[u8]| {
        let end = offset.saturating_add(length).min(whole.len());
        whole.get(offset..end).map(<[u8]>::to_vec).unwrap_or_default()
    };
    if let Ok(buffer) = JsArrayBuffer::from_object(buffer.clone()) {
        return Ok(buffer.data().map(|whole| viewed(&whole)).unwrap_or_default());
    }
    // A shared buffer is copied whole (its bytes are atomics), then cut.
    let Ok(buffer) = JsSharedArrayBuffer::from_object(buffer.clone()) else {
        return Err(refused().into());
    };
    Ok(viewed(&buffer.to_vec()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canonical(text: &str) -> Option<String> {
        let units: Vec<u16> = text.encode_utf16().collect();
        forgiving(JsStr::utf16(&units)).map(|bytes| String::from_utf8(bytes).unwrap_or_default())
    }

    #[test]
    fn base64_input_is_made_canonical_as_the_web_platform_says() {
        assert_eq!(canonical(" YW J j\n"), Some("YWJj".to_owned()));
        assert_eq!(canonical("YQ=="), Some("YQ".to_owned()));
        assert_eq!(canonical("YQ="), None); // `=` kept where the length is not a multiple of 4
        assert_eq!(canonical("YWJjZ"), None); // one past a multiple of four
        assert_eq!(canonical("YW-j"), None);
        assert_eq!(canonical("é"), None);
    }
}
