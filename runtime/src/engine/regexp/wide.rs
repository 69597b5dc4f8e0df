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
    /// `input` with its code units at hand, and the string to search that is equal to it unit by
    /// unit: `input` itself if it is held in UTF-16, its kept copy if it is large.
    pub(super) fn of(&self, input: &JsString) -> Utf16 {
        let JsStrVariant::Latin1(bytes) = input.as_str().variant() else {
            return Utf16::Held(input.clone());
        };
        if bytes.len() < KEPT_FROM {
            return Utf16::Short(input.clone());
        }
        let mut kept = self.0.borrow_mut();
        if let Some((original, copy)) = kept.as_ref()
            && same_bytes(original, bytes)
        {
            return Utf16::Held(copy.clone());
        }
        let units = widened(bytes);
        let copy = JsString::from(&units[..]);
        if !matches!(copy.as_str().variant(), JsStrVariant::Utf16(_)) {
            // Boa gives back a string it already holds (a short common one) as it is held.
            return Utf16::Short(input.clone());
        }
        // The original is kept with its copy: while it lives, no other string has its bytes.
        *kept = Some((input.clone(), copy.clone()));
        Utf16::Held(copy)
    }
}

/// A string to search, and its code units.
pub(super) enum Utf16 {
    /// A string held in UTF-16: its units are its own.
    Held(JsString),
    /// A short string in Latin-1: its units are copied when asked for.
    Short(JsString),
}

impl Utf16 {
    pub(super) fn units(&self) -> Cow<'_, [u16]> {
        let string = match self {
            Self::Held(string) | Self::Short(string) => string,
        };
        match string.as_str().variant() {
            JsStrVariant::Utf16(units) => Cow::Borrowed(units),
            JsStrVariant::Latin1(bytes) => Cow::Owned(widened(bytes)),
        }
    }

    /// The string to search: held in UTF-16 where the input is large.
    pub(super) fn string(&self) -> &JsString {
        match self {
            Self::Held(string) | Self::Short(string) => string,
        }
    }
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

    fn units(string: &Utf16) -> Option<&[u16]> {
        match string {
            Utf16::Held(string) => match string.as_str().variant() {
                JsStrVariant::Utf16(units) => Some(units),
                JsStrVariant::Latin1(_) => None,
            },
            Utf16::Short(_) => None,
        }
    }

    #[test]
    fn a_large_input_is_copied_once_while_it_is_searched() {
        let copies = WideCopies::default();
        let text = JsString::from("é and some text ".repeat(40).as_str());
        let first = copies.of(&text);
        assert_eq!(*first.string(), text);
        let again = copies.of(&text.clone());
        assert!(std::ptr::eq(units(&first).unwrap(), units(&again).unwrap()));
        // Another string with the same characters is another string.
        let other = JsString::from("é and some text ".repeat(40).as_str());
        let third = copies.of(&other);
        assert!(!std::ptr::eq(units(&first).unwrap(), units(&third).unwrap()));
    }

    #[test]
    fn a_short_or_wide_input_is_not_kept() {
        let copies = WideCopies::default();
        // "a" is one of the strings Boa holds once, in Latin-1, whatever it is made from.
        for short in ["a", "abc"] {
            let copied = copies.of(&JsString::from(short));
            assert_eq!(*copied.units(), short.encode_utf16().collect::<Vec<_>>());
            assert_eq!(*copied.string(), JsString::from(short));
        }
        assert!(copies.0.borrow().is_none());
        let wide = JsString::from("snow ☃ ".repeat(100).as_str());
        assert!(std::ptr::eq(
            units(&copies.of(&wide)).unwrap(),
            units(&Utf16::Held(wide)).unwrap()
        ));
    }
}
