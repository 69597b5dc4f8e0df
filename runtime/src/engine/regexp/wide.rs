//! The UTF-16 copy of a Latin-1 string that regular expressions search.
//!
//! Boa keeps a string of Latin-1 characters one byte each, and regress matches UTF-16 only: Boa's
//! `exec` copies a Latin-1 input into a new UTF-16 buffer at every call, so a `g` loop over a
//! large text (`match`, `matchAll`, `replace`, an `exec` loop, a regex `split`) copied the whole
//! text once per match. Here the copy of the last large input is kept while the same string is
//! searched again: one copy per text, not one per match.

use std::borrow::Cow;
use std::cell::RefCell;

use boa_engine::JsString;
use boa_engine::string::JsStrVariant;

/// Inputs shorter than this are copied at each call (the copy costs less than the match).
const KEPT_FROM: usize = 256;

/// The last large Latin-1 input and its copy.
#[derive(Default)]
pub(super) struct WideCopies(RefCell<Option<(JsString, JsString)>>);

impl WideCopies {
    /// The string to search for `input`, equal to it unit by unit: `input` itself if it is held
    /// in UTF-16 or short, its kept copy in UTF-16 if it is large.
    pub(super) fn of(&self, input: &JsString) -> JsString {
        let JsStrVariant::Latin1(bytes) = input.as_str().variant() else { return input.clone() };
        if bytes.len() < KEPT_FROM {
            return input.clone();
        }
        let mut kept = self.0.borrow_mut();
        if let Some((original, copy)) = kept.as_ref()
            && same_bytes(original, bytes)
        {
            return copy.clone();
        }
        let copy = JsString::from(&widened(bytes)[..]);
        if !matches!(copy.as_str().variant(), JsStrVariant::Utf16(_)) {
            // Boa gives back a string it already holds (a short common one) as it is held.
            return input.clone();
        }
        // The original is kept with its copy: while it lives, no other string has its bytes.
        *kept = Some((input.clone(), copy.clone()));
        copy
    }
}

/// The code units of `string`: its own if it is held in UTF-16, copied if in Latin-1.
pub(super) fn units(string: &JsString) -> Cow<'_, [u16]> {
    match string.as_str().variant() {
        JsStrVariant::Utf16(units) => Cow::Borrowed(units),
        JsStrVariant::Latin1(bytes) => Cow::Owned(widened(bytes)),
    }
}

/// Whether a surrogate pair starts at `at` (a high surrogate, then a low one).
pub(super) fn pair_at(units: &[u16], at: usize) -> bool {
    units.get(at).is_some_and(|unit| (0xD800..0xDC00).contains(unit))
        && units.get(at + 1).is_some_and(|unit| (0xDC00..0xE000).contains(unit))
}

/// Whether `string` is the very string whose bytes are `bytes` (same memory, same length).
fn same_bytes(string: &JsString, bytes: &[u8]) -> bool {
    match string.as_str().variant() {
        JsStrVariant::Latin1(held) => std::ptr::eq(held, bytes),
        JsStrVariant::Utf16(_) => false,
    }
}

fn widened(bytes: &[u8]) -> Vec<u16> {
    bytes.iter().map(|&byte| u16::from(byte)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The units of a string held in UTF-16, `None` for one in Latin-1.
    fn held(string: &JsString) -> Option<&[u16]> {
        match string.as_str().variant() {
            JsStrVariant::Utf16(units) => Some(units),
            JsStrVariant::Latin1(_) => None,
        }
    }

    #[test]
    fn a_large_input_is_copied_once_while_it_is_searched() {
        let copies = WideCopies::default();
        let text = JsString::from("é and some text ".repeat(40).as_str());
        let first = copies.of(&text);
        assert_eq!(first, text);
        let again = copies.of(&text.clone());
        assert!(std::ptr::eq(held(&first).unwrap(), held(&again).unwrap()));
        // Another string with the same characters is another string.
        let other = JsString::from("é and some text ".repeat(40).as_str());
        let third = copies.of(&other);
        assert!(!std::ptr::eq(held(&first).unwrap(), held(&third).unwrap()));
    }

    #[test]
    fn a_short_or_wide_input_is_not_kept() {
        let copies = WideCopies::default();
        // "a" is one of the strings Boa holds once, in Latin-1, whatever it is made from.
        for short in ["a", "abc"] {
            let searched = copies.of(&JsString::from(short));
            assert_eq!(*units(&searched), short.encode_utf16().collect::<Vec<_>>());
            assert_eq!(searched, JsString::from(short));
        }
        assert!(copies.0.borrow().is_none());
        let wide = JsString::from("snow ☃ ".repeat(100).as_str());
        assert!(std::ptr::eq(held(&copies.of(&wide)).unwrap(), held(&wide).unwrap()));
    }
}
