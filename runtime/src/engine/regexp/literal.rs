//! A pattern that is a string and nothing more (`/&/g`, `/\r\n/g`, `/\./`, `/ - /`): its
//! matches are found by searching for its code units, not by regress.
//!
//! An HTML escape is four `replace` calls with such patterns per string, and regress, at every
//! search from a position, builds an executor and its backtracking state before it looks at a
//! unit: on short strings that was most of the call. What a literal pattern matches does not
//! depend on the engine: the first place at or after a position where its units stand in a row.
//! Under `i` it would (case folding), so a pattern with `i` is never literal.

use std::sync::LazyLock;

use boa_engine::builtins::regexp::RegExp;
use regress::{Match, Regex};

use super::matcher::FlagSet;
use crate::engine::strings::find_units;

/// A pattern's code units, where every one of them stands for itself.
pub(super) struct Literal(Box<[u16]>);

impl Literal {
    /// `regexp`'s pattern as a literal: `None` where it holds anything but characters that stand
    /// for themselves and escapes of one character (`\.`, `\n`), or is empty, or has `i`, or
    /// under `u`/`v` holds a surrogate (which would match or not by the pairs around it).
    pub(super) fn of(regexp: &RegExp, flags: FlagSet) -> Option<Self> {
        if flags.has(b'i') {
            return None;
        }
        let full_unicode = flags.full_unicode();
        let source = regexp.original_source();
        let mut units = Vec::with_capacity(source.len());
        let mut source = source.iter();
        while let Some(unit) = source.next() {
            let unit = match unit {
                BACKSLASH => escaped(source.next()?)?,
                unit if is_syntax(unit) => return None,
                unit => unit,
            };
            if full_unicode && (0xD800..0xE000).contains(&unit) {
                return None;
            }
            units.push(unit);
        }
        (!units.is_empty()).then(|| Self(units.into_boxed_slice()))
    }

    /// The first match at or after `at`.
    pub(super) fn find(&self, units: &[u16], at: usize) -> Option<Match> {
        let start = find_units(units, &self.0, at)?;
        matched(start, start + self.0.len())
    }

    /// The match at `at`, if the pattern stands there.
    pub(super) fn find_at(&self, units: &[u16], at: usize) -> Option<Match> {
        let end = at.checked_add(self.0.len())?;
        if units.get(at..end)? != &*self.0 {
            return None;
        }
        matched(at, end)
    }
}

const BACKSLASH: u16 = b'\\' as u16;

/// The characters that mean something in a pattern outside a class (`/` too, which stands for
/// itself but is never written bare in a literal, so is kept for the escaped form only).
fn is_syntax(unit: u16) -> bool {
    u8::try_from(unit).is_ok_and(|byte| b"^$\\.*+?()[]{}|/".contains(&byte))
}

/// What the escape `\` + `unit` stands for, where it is one character in every mode: a syntax
/// character or `/` itself, or a control escape.
fn escaped(unit: u16) -> Option<u16> {
    if is_syntax(unit) {
        return Some(unit);
    }
    let control = match u8::try_from(unit).ok()? {
        b'n' => b'\n',
        b'r' => b'\r',
        b't' => b'\t',
        b'f' => 0x0C,
        b'v' => 0x0B,
        _ => return None,
    };
    Some(u16::from(control))
}

/// A match of no groups over `start..end`. regress makes its `Match` only by matching, so every
/// one here is a copy of one it made.
fn matched(start: usize, end: usize) -> Option<Match> {
    static NO_GROUPS: LazyLock<Option<Match>> = LazyLock::new(|| Regex::new("").ok()?.find(""));
    let mut found = NO_GROUPS.clone()?;
    found.range = start..end;
    Some(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn units(text: &str) -> Vec<u16> {
        text.encode_utf16().collect()
    }

    #[test]
    fn escapes_of_one_character_are_that_character() {
        for (escape, unit) in [(b'.', b'.'), (b'/', b'/'), (b'n', b'\n'), (b't', b'\t')] {
            assert_eq!(escaped(u16::from(escape)), Some(u16::from(unit)));
        }
        // A class escape or a back reference is not one character.
        for escape in [b'd', b'w', b's', b'b', b'1', b'u', b'x', b'c'] {
            assert_eq!(escaped(u16::from(escape)), None, "\\{}", escape as char);
        }
    }

    #[test]
    fn a_literal_is_found_from_a_position_and_at_one() {
        let literal = Literal(units("&a").into_boxed_slice());
        let text = units("x&a&a");
        assert_eq!(literal.find(&text, 0).map(|found| found.range), Some(1..3));
        assert_eq!(literal.find(&text, 2).map(|found| found.range), Some(3..5));
        assert!(literal.find(&text, 4).is_none());
        assert!(literal.find_at(&text, 0).is_none());
        assert_eq!(literal.find_at(&text, 3).map(|found| found.range), Some(3..5));
        assert!(literal.find_at(&text, 4).is_none());
        assert!(literal.find(&text, 0).is_some_and(|found| found.captures.is_empty()));
    }
}
