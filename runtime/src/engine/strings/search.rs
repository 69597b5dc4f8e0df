//! Finding a string in a string, on Boa's two representations as they are (Latin-1 bytes or
//! UTF-16 units), in time linear in what is searched: memchr's `memmem` for bytes, and for
//! units a scan for the needle's first unit followed by a comparison. Boa 0.22's `index_of`
//! walks `windows(..).skip(from)` one window at a time, so a search from position `from` costs
//! `from` before it starts, and a split or a `replaceAll` that searches from each match on is
//! quadratic.

use boa_engine::string::{JsStr, JsStrVariant};
use memchr::memmem;

/// The needle in the haystack's representation, when it can be written in it at all.
enum Needle {
    Bytes(Vec<u8>),
    Units(Vec<u16>),
    /// Has a unit past Latin-1 while the haystack is Latin-1: found nowhere.
    Absent,
}

fn needle_for(haystack: JsStr<'_>, needle: JsStr<'_>) -> Needle {
    match (haystack.variant(), needle.variant()) {
        (JsStrVariant::Latin1(_), JsStrVariant::Latin1(bytes)) => Needle::Bytes(bytes.to_vec()),
        (JsStrVariant::Latin1(_), JsStrVariant::Utf16(units)) => units
            .iter()
            .map(|&unit| u8::try_from(unit).ok())
            .collect::<Option<Vec<u8>>>()
            .map_or(Needle::Absent, Needle::Bytes),
        (JsStrVariant::Utf16(_), JsStrVariant::Latin1(bytes)) => {
            Needle::Units(bytes.iter().map(|&byte| u16::from(byte)).collect())
        }
        (JsStrVariant::Utf16(_), JsStrVariant::Utf16(units)) => Needle::Units(units.to_vec()),
    }
}

/// `StringIndexOf`: the first index at or after `from` where `needle` starts.
pub(super) fn find(haystack: JsStr<'_>, needle: JsStr<'_>, from: usize) -> Option<usize> {
    Finder::new(haystack, needle).find(from)
}

/// The last index at or before `from` where `needle` starts.
pub(super) fn rfind(haystack: JsStr<'_>, needle: JsStr<'_>, from: usize) -> Option<usize> {
    let length = haystack.len();
    if needle.len() > length {
        return None;
    }
    // Where the needle can start and still end inside the haystack.
    let last_start = (length - needle.len()).min(from);
    let end = last_start + needle.len();
    match (haystack.variant(), needle_for(haystack, needle)) {
        (_, Needle::Absent) => None,
        (JsStrVariant::Latin1(bytes), Needle::Bytes(needle)) => {
            memmem::rfind(&bytes[..end], &needle)
        }
        (JsStrVariant::Utf16(units), Needle::Units(needle)) => {
            (0..=last_start).rev().find(|&at| units[at..at + needle.len()] == needle[..])
        }
        _ => None,
    }
}

/// A needle prepared once for many searches of one haystack (a split, a `replaceAll`).
pub(super) struct Finder<'a> {
    haystack: JsStr<'a>,
    needle: Needle,
    bytes: Option<memmem::Finder<'static>>,
}

impl<'a> Finder<'a> {
    pub(super) fn new(haystack: JsStr<'a>, needle: JsStr<'_>) -> Self {
        let needle = needle_for(haystack, needle);
        let bytes = match &needle {
            Needle::Bytes(bytes) => Some(memmem::Finder::new(bytes).into_owned()),
            _ => None,
        };
        Self { haystack, needle, bytes }
    }

    /// The first index at or after `from` where the needle starts.
    pub(super) fn find(&self, from: usize) -> Option<usize> {
        let length = self.haystack.len();
        if from > length {
            return None;
        }
        match (self.haystack.variant(), &self.needle, &self.bytes) {
            (_, Needle::Absent, _) => None,
            (JsStrVariant::Latin1(bytes), _, Some(finder)) => {
                finder.find(&bytes[from..]).map(|at| at + from)
            }
            (JsStrVariant::Utf16(units), Needle::Units(needle), _) => {
                find_units(units, needle, from)
            }
            _ => None,
        }
    }
}

fn find_units(units: &[u16], needle: &[u16], from: usize) -> Option<usize> {
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
