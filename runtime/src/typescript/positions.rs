//! Positions in transform mode's re-printed code, mapped back to the source as written.
//!
//! swc's source map counts like swc: 0-based lines that end at `\n`, `\r\n` and `\r` (not at
//! U+2028 or U+2029), and columns in UTF-16 code units, on both sides. Boa counts 1-based lines
//! that also end at U+2028 and U+2029, and columns in code points. So each side of every mapping
//! is turned into a byte offset (swc's counting) and that offset into a line and column (Boa's
//! counting); both conversions sweep the text once over sorted positions, so a long line costs
//! no more than a short one.

use std::ops::Range;

use super::{TypeScriptError, WRAP_PREFIX};

/// Where the tokens of generated JavaScript came from in the TypeScript source as written.
///
/// Returned by [`to_javascript`](super::to_javascript) when code had to be generated. Both sides
/// count the way Boa does: 1-based lines that end at `\n`, `\r\n`, `\r`, U+2028 and U+2029, and
/// 1-based columns in code points.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PositionMap {
    /// Sorted by generated position, one entry per generated position.
    entries: Vec<Mapping>,
}

/// One mapped token: where it is in the generated code and where it was in the source.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Mapping {
    generated: (u32, u32),
    original: (u32, u32),
}

impl PositionMap {
    /// The (line, column) in the source as written of the position (`line`, `column`) of the
    /// generated code.
    ///
    /// The answer is the position of the nearest mapped token at or before `column` on the same
    /// line, so a position inside a token maps to that token's start. `None` when no token on
    /// that line starts at or before `column` (code swc generated with no source position, such as
    /// the line that closes an enum's function): the caller should then say the position is
    /// unknown rather than point somewhere else.
    pub fn original(&self, line: u32, column: u32) -> Option<(u32, u32)> {
        let after = self.entries.partition_point(|entry| entry.generated <= (line, column));
        let nearest = self.entries.get(after.checked_sub(1)?)?;
        (nearest.generated.0 == line).then_some(nearest.original)
    }

    /// Decodes the source map swc wrote for `wrapped_output` (the re-printed wrapped source).
    ///
    /// `body` is the byte range of the script body in `wrapped_output`; generated positions are
    /// counted from its start. `source` is the script as parsed (wrapped in [`WRAP_PREFIX`] on
    /// its first line); mappings into the wrapper on either side are dropped.
    pub(super) fn decode(
        source_map: &str,
        wrapped_output: &str,
        body: Range<usize>,
        source: &str,
    ) -> Result<Self, TypeScriptError> {
        let decoded =
            swc_sourcemap::SourceMap::from_slice(source_map.as_bytes()).map_err(|error| {
                TypeScriptError::at(
                    source,
                    0,
                    format!("internal error in the TypeScript transform: its source map: {error}"),
                )
            })?;
        let prefix_units = u32::try_from(WRAP_PREFIX.encode_utf16().count()).unwrap_or(u32::MAX);
        let (mut generated, mut original) = (Vec::new(), Vec::new());
        for token in decoded.tokens() {
            let (line, column) = token.get_src();
            if !token.has_source() || line == u32::MAX {
                continue;
            }
            // The wrapper's prefix sits on the source's first line.
            let column = match line {
                0 => match column.checked_sub(prefix_units) {
                    Some(column) => column,
                    None => continue,
                },
                _ => column,
            };
            generated.push(token.get_dst());
            original.push((line, column));
        }

        let generated_offsets = swc_offsets(wrapped_output, &generated);
        let original_offsets = swc_offsets(source, &original);
        let body_text = wrapped_output.get(body.clone()).unwrap_or_default();
        let mut pairs = Vec::with_capacity(generated.len());
        for (at_generated, at_original) in generated_offsets.into_iter().zip(original_offsets) {
            let (Some(at_generated), Some(at_original)) = (at_generated, at_original) else {
                continue;
            };
            if body.contains(&at_generated) || at_generated == body.end {
                pairs.push((at_generated - body.start, at_original));
            }
        }
        let generated = boa_positions(body_text, pairs.iter().map(|pair| pair.0));
        let original = boa_positions(source, pairs.iter().map(|pair| pair.1));
        let mut entries: Vec<Mapping> = generated
            .into_iter()
            .zip(original)
            .map(|(generated, original)| Mapping { generated, original })
            .collect();
        // swc maps both ends of a token, so where one token ends and the next starts there are
        // two mappings; the later one is the token that starts there. Reversing before the
        // stable sort puts it first among equals, where `dedup` keeps it.
        entries.reverse();
        entries.sort_by_key(|entry| entry.generated);
        entries.dedup_by_key(|entry| entry.generated);
        Ok(Self { entries })
    }
}

/// The byte offsets in `text` of swc positions (0-based line, 0-based column in UTF-16 units,
/// lines ending at `\n`, `\r\n` and `\r`); `None` for a position past its line's end or inside a
/// character.
fn swc_offsets(text: &str, positions: &[(u32, u32)]) -> Vec<Option<usize>> {
    let mut order: Vec<usize> = (0..positions.len()).collect();
    order.sort_by_key(|&index| positions[index]);
    let mut offsets = vec![None; positions.len()];
    let mut chars = text.char_indices().peekable();
    let (mut here, mut offset) = ((0u32, 0u32), 0usize);
    for index in order {
        let wanted = positions[index];
        while here < wanted {
            let Some((at, character)) = chars.next() else { break };
            offset = at + character.len_utf8();
            here = match character {
                '\r' => {
                    if let Some((at, _)) = chars.next_if(|&(_, next)| next == '\n') {
                        offset = at + 1;
                    }
                    (here.0 + 1, 0)
                }
                '\n' => (here.0 + 1, 0),
                _ => (here.0, here.1 + u32::try_from(character.len_utf16()).unwrap_or(2)),
            };
        }
        if here == wanted {
            offsets[index] = Some(offset);
        }
    }
    offsets
}

/// The 1-based line and column, counted like Boa (see [`super::line_column`]), of each byte
/// offset in `text`; offsets must be character boundaries, as [`swc_offsets`] gives.
fn boa_positions(text: &str, offsets: impl Iterator<Item = usize>) -> Vec<(u32, u32)> {
    let offsets: Vec<usize> = offsets.collect();
    let mut order: Vec<usize> = (0..offsets.len()).collect();
    order.sort_by_key(|&index| offsets[index]);
    let mut positions = vec![(1, 1); offsets.len()];
    let mut chars = text.char_indices().peekable();
    let (mut line, mut column) = (1u32, 1u32);
    for index in order {
        while let Some((_, character)) = chars.next_if(|&(at, _)| at < offsets[index]) {
            match character {
                '\r' => {
                    chars.next_if(|&(_, next)| next == '\n');
                    (line, column) = (line.saturating_add(1), 1);
                }
                '\n' | '\u{2028}' | '\u{2029}' => (line, column) = (line.saturating_add(1), 1),
                _ => column = column.saturating_add(1),
            }
        }
        positions[index] = (line, column);
    }
    positions
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r_rt_1_swc_positions_count_utf16_units_and_three_line_breaks() {
        let text = "a😀b\r\nc\rd\u{2028}e\nf";
        let offsets = swc_offsets(text, &[(0, 3), (0, 2), (1, 0), (2, 0), (2, 2), (3, 0), (3, 9)]);
        // (0, 2) is inside the emoji's surrogate pair; (3, 9) is past the last line's end.
        assert_eq!(offsets, [Some(5), None, Some(8), Some(10), Some(14), Some(16), None]);
    }

    #[test]
    fn r_rt_1_boa_positions_count_code_points_and_five_line_breaks() {
        let text = "a😀b\r\nc\rd\u{2028}e\nf";
        let positions = boa_positions(text, [5, 0, 8, 10, 14, 16, text.len()].into_iter());
        assert_eq!(positions, [(1, 3), (1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (5, 2)]);
    }

    #[test]
    fn r_rt_1_lookup_takes_the_nearest_token_at_or_before_on_the_same_line() {
        let map = PositionMap {
            entries: vec![
                Mapping { generated: (1, 5), original: (3, 1) },
                Mapping { generated: (1, 9), original: (3, 7) },
                Mapping { generated: (2, 3), original: (4, 2) },
            ],
        };
        assert_eq!(map.original(1, 5), Some((3, 1)));
        assert_eq!(map.original(1, 8), Some((3, 1)));
        assert_eq!(map.original(1, 40), Some((3, 7)));
        assert_eq!(map.original(1, 4), None, "nothing before it on line 1");
        assert_eq!(map.original(2, 1), None, "line 1's tokens are not line 2's");
        assert_eq!(map.original(3, 1), None);
        assert_eq!(PositionMap::default().original(1, 1), None);
    }
}
