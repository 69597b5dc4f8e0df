//! A replacement template (`"<$1>"`, `"$&!"`, `"$<year>"`) read once, then filled for every
//! match: the specification's `GetSubstitution`, split into pieces ahead of the matches.
//! `String.prototype.replaceAll` with a string pattern (no captures) and
//! `RegExp.prototype[Symbol.replace]` on a plain expression use it.

use std::ops::Range;

use boa_engine::{JsString, js_string};

/// A piece of a template.
#[derive(Debug, PartialEq)]
pub(crate) enum Piece {
    /// Written as it is (`$$` is a `$`; a reference to no capture is kept as written).
    Text(JsString),
    /// `$&`.
    Matched,
    /// `` $` ``: the string before the match.
    Before,
    /// `$'`: the string after the match.
    After,
    /// `$n` or `$nn`: the capture with that number (from 1), empty where it took no part.
    Capture(usize),
    /// `$<name>`: the named capture, empty where there is none of that name or it took no
    /// part.
    Named(JsString),
}

/// The pieces of `template` for matches with `captures` numbered captures, and with named ones
/// or not (without, `$<` is written as it is).
pub(crate) fn pieces(template: &JsString, captures: usize, named: bool) -> Vec<Piece> {
    const DOLLAR: u16 = b'$' as u16;
    if !template.as_str().iter().any(|unit| unit == DOLLAR) {
        // No reference: the template is written as it is (`"&amp;"`).
        return if template.is_empty() { Vec::new() } else { vec![Piece::Text(template.clone())] };
    }
    let units: Vec<u16> = template.as_str().iter().collect();
    let digit =
        |at: usize| units.get(at).and_then(|&unit| char::from_u32(u32::from(unit))?.to_digit(10));
    let mut pieces = Vec::new();
    let mut literal_start = 0;
    let mut at = 0;
    while at + 1 < units.len() {
        if units[at] != DOLLAR {
            at += 1;
            continue;
        }
        let (piece, length) = match units[at + 1] {
            0x24 => (Piece::Text(js_string!("$")), 2),
            0x26 => (Piece::Matched, 2),
            0x60 => (Piece::Before, 2),
            0x27 => (Piece::After, 2),
            0x3C if named => match units[at + 2..].iter().position(|&unit| unit == 0x3E) {
                Some(close) => {
                    let name = template.slice(at + 2, at + 2 + close);
                    (Piece::Named(name), close + 3)
                }
                None => {
                    at += 2;
                    continue;
                }
            },
            _ => match reference(digit(at + 1), digit(at + 2), captures) {
                Some((index, length)) => (Piece::Capture(index), length),
                None => {
                    at += 1;
                    continue;
                }
            },
        };
        if literal_start < at {
            pieces.push(Piece::Text(template.slice(literal_start, at)));
        }
        pieces.push(piece);
        at += length;
        literal_start = at;
    }
    if literal_start < units.len() {
        pieces.push(Piece::Text(template.slice(literal_start, units.len())));
    }
    pieces
}

/// The capture a `$` followed by `first` and `second` digits refers to, and the length of the
/// reference: two digits where they name a capture, else one; none for `$0`, `$00` or a number
/// past the captures (the reference is then written as it is).
fn reference(first: Option<u32>, second: Option<u32>, captures: usize) -> Option<(usize, usize)> {
    let first = first? as usize;
    if let Some(second) = second {
        let index = first * 10 + second as usize;
        if (1..=captures).contains(&index) {
            return Some((index, 3));
        }
    }
    (1..=captures).contains(&first).then_some((first, 2))
}

/// What a match gives the pieces.
pub(crate) struct Match<'a> {
    /// The string searched.
    pub(crate) string: &'a JsString,
    /// Where the match is in it.
    pub(crate) range: Range<usize>,
    /// The numbered captures, from 1.
    pub(crate) captures: &'a [Option<Range<usize>>],
    /// The named capture of a name.
    pub(crate) named: &'a dyn Fn(&JsString) -> Option<Range<usize>>,
}

/// Appends what `pieces` make for `found` to `out`.
pub(crate) fn fill(pieces: &[Piece], found: &Match<'_>, out: &mut Vec<JsString>) {
    let string = found.string;
    let slice = |range: &Range<usize>| string.slice(range.start, range.end);
    out.extend(pieces.iter().map(|piece| {
        match piece {
            Piece::Text(text) => text.clone(),
            Piece::Matched => slice(&found.range),
            Piece::Before => string.slice(0, found.range.start),
            Piece::After => string.slice(found.range.end.min(string.len()), string.len()),
            Piece::Capture(index) => found
                .captures
                .get(index - 1)
                .cloned()
                .flatten()
                .map_or_else(JsString::default, |range| slice(&range)),
            Piece::Named(name) => {
                (found.named)(name).map_or_else(JsString::default, |range| slice(&range))
            }
        }
    }));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(value: &str) -> Piece {
        Piece::Text(JsString::from(value))
    }

    #[test]
    fn references_are_read_as_the_specification_reads_them() {
        let read =
            |template: &str, captures, named| pieces(&JsString::from(template), captures, named);
        assert_eq!(
            read("a$$b$&c", 0, false),
            [text("a"), text("$"), text("b"), Piece::Matched, text("c")]
        );
        assert_eq!(read("$`$'", 0, false), [Piece::Before, Piece::After]);
        // Without captures `$1` is text; `$0` and `$00` always are.
        assert_eq!(read("$1$0$00", 0, false), [text("$1$0$00")]);
        assert_eq!(read("$1$01", 1, false), [Piece::Capture(1), Piece::Capture(1)]);
        // Two digits past the captures: one digit, then a literal one.
        assert_eq!(read("$10", 1, false), [Piece::Capture(1), text("0")]);
        assert_eq!(read("$10", 10, false), [Piece::Capture(10)]);
        assert_eq!(read("$2", 1, false), [text("$2")]);
        // `$<` is text without named captures, and without its `>`.
        assert_eq!(read("$<y>", 1, false), [text("$<y>")]);
        assert_eq!(read("$<y>-", 1, true), [Piece::Named(JsString::from("y")), text("-")]);
        assert_eq!(read("$<y", 1, true), [text("$<y")]);
        assert_eq!(read("$", 1, true), [text("$")]);
        assert_eq!(read("x$", 1, true), [text("x$")]);
    }
}
