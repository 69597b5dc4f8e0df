//! Finding a string in a string, on Boa's two representations as they are (Latin-1 bytes or
//! UTF-16 units), in time linear in what is searched: memchr's `memmem` for bytes, and for
//! units a scan for the needle's first unit followed by a comparison. Boa 0.22's `index_of`
//! walks `windows(..).skip(from)` one window at a time, so a search from position `from` costs
//! `from` before it starts, and a split or a `replaceAll` that searches from each match on is
//! quadratic.

use boa_engine::string::{JsStr, JsStrVariant};
use memchr::memmem;

/// A haystack and a needle written in the haystack's representation, prepared once for many
/// searches (a split, a `replaceAll`).
pub(super) enum Finder<'a> {
    /// Boxed: memmem's searcher is some 300 bytes, the other variants two words.
    Bytes(&'a [u8], Box<memmem::Finder<'static>>),
    Units(&'a [u16], Vec<u16>),
    /// The needle has a unit past Latin-1 and the haystack is Latin-1: found nowhere.
    Absent,
}

impl<'a> Finder<'a> {
    pub(super) fn new(haystack: JsStr<'a>, needle: JsStr<'_>) -> Self {
        match (haystack.variant(), needle.variant()) {
            (JsStrVariant::Latin1(haystack), JsStrVariant::Latin1(needle)) => {
                Self::Bytes(haystack, Box::new(memmem::Finder::new(needle).into_owned()))
            }
            (JsStrVariant::Latin1(haystack), JsStrVariant::Utf16(needle)) => needle
                .iter()
                .map(|&unit| u8::try_from(unit).ok())
                .collect::<Option<Vec<u8>>>()
                .map_or(Self::Absent, |needle| {
                    Self::Bytes(haystack, Box::new(memmem::Finder::new(&needle).into_owned()))
                }),
            (JsStrVariant::Utf16(haystack), JsStrVariant::Latin1(needle)) => {
                Self::Units(haystack, needle.iter().map(|&byte| u16::from(byte)).collect())
            }
            (JsStrVariant::Utf16(haystack), JsStrVariant::Utf16(needle)) => {
                Self::Units(haystack, needle.to_vec())
            }
        }
    }

    /// `StringIndexOf`: the first index at or after `from` where the needle starts.
    pub(super) fn find(&self, from: usize) -> Option<usize> {
        match self {
            Self::Bytes(haystack, needle) => needle.find(haystack.get(from..)?).map(|at| at + from),
            Self::Units(haystack, needle) => find_units(haystack, needle, from),
            Self::Absent => None,
        }
    }

    /// The last index at or before `from` where the needle starts.
    pub(super) fn rfind(&self, from: usize) -> Option<usize> {
        // The end of the last place the needle can start and still end inside the haystack.
        let end =
            |length: usize, needle: usize| Some(length.checked_sub(needle)?.min(from) + needle);
        match self {
            Self::Bytes(haystack, needle) => {
                let end = end(haystack.len(), needle.needle().len())?;
                memmem::rfind(&haystack[..end], needle.needle())
            }
            Self::Units(haystack, needle) => {
                let last_start = end(haystack.len(), needle.len())? - needle.len();
                (0..=last_start).rev().find(|&at| haystack[at..at + needle.len()] == needle[..])
            }
            Self::Absent => None,
        }
    }
}

/// `StringIndexOf`: the first index at or after `from` where `needle` starts.
pub(super) fn find(haystack: JsStr<'_>, needle: JsStr<'_>, from: usize) -> Option<usize> {
    Finder::new(haystack, needle).find(from)
}

/// The last index at or before `from` where `needle` starts.
pub(super) fn rfind(haystack: JsStr<'_>, needle: JsStr<'_>, from: usize) -> Option<usize> {
    Finder::new(haystack, needle).rfind(from)
}

/// The first index at or after `from` where `needle` starts in `units`.
pub(crate) fn find_units(units: &[u16], needle: &[u16], from: usize) -> Option<usize> {
    if from > units.len() {
        return None;
    }
    let Some((&first, rest)) = needle.split_first() else { return Some(from) };
    let last_start = units.len().checked_sub(needle.len())?;
    let mut at = from;
    while at <= last_start {
        let offset = units[at..=last_start].iter().position(|&unit| unit == first)?;
        at += offset;
        if units[at + 1..at + needle.len()] == *rest {
            return Some(at);
        }
        at += 1;
    }
    None
}
