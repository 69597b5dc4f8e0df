//! Matchers of ordo's own for a regular expression, compiled with regress (the engine Boa's
//! `RegExp` runs on) from the expression's source and flags, as Boa compiles them: a plain one
//! that finds the next match from a position (for `[Symbol.split]`), and an anchored one that
//! tells whether the expression matches exactly at a position (for `y`).
//!
//! Boa does not expose a `RegExp`'s matcher; the patched engine (`vendor/boa_engine`) exposes
//! its `[[OriginalSource]]` and `[[OriginalFlags]]`, which is what Boa compiles. (`source` would
//! not do: it is `EscapeRegExpPattern` of the source, which two sources that match differently
//! can share, `\` + line feed and `\\` + `n`.)

use hashbrown::HashMap;
use std::cell::RefCell;
use std::rc::Rc;

use boa_engine::JsObject;
use boa_engine::builtins::regexp::RegExp;
use regress::{Flags, Regex};

/// How many sources the cache keeps before it starts over.
const CACHE_CAPACITY: usize = 256;

/// What a matcher is compiled from: the source's code units and the flags that change matching.
#[derive(Clone, PartialEq, Eq, Hash)]
pub(super) struct Pattern {
    source: Vec<u16>,
    ignore_case: bool,
    multiline: bool,
    dot_all: bool,
    unicode: bool,
    unicode_sets: bool,
}

impl Pattern {
    /// The pattern of `regexp`: its `[[OriginalSource]]` and the flags that change matching,
    /// read from its internal slots (no script can see these reads).
    pub(super) fn of(regexp: &RegExp) -> Self {
        let flags = FlagSet::of(regexp);
        Self {
            source: regexp.original_source().iter().collect(),
            ignore_case: flags.has(b'i'),
            multiline: flags.has(b'm'),
            dot_all: flags.has(b's'),
            unicode: flags.has(b'u'),
            unicode_sets: flags.has(b'v'),
        }
    }

    /// The pattern of `object`, `None` where it is not a `RegExp`.
    pub(super) fn of_object(object: &JsObject) -> Option<Self> {
        object.downcast_ref::<RegExp>().map(|regexp| Self::of(&regexp))
    }

    /// `u` or `v`: the input is read as code points.
    pub(super) fn full_unicode(&self) -> bool {
        self.unicode || self.unicode_sets
    }

    fn flags(&self) -> Flags {
        Flags {
            icase: self.ignore_case,
            multiline: self.multiline,
            dot_all: self.dot_all,
            unicode: self.unicode,
            unicode_sets: self.unicode_sets,
            ..Flags::default()
        }
    }

    /// Compiles `units` as Boa compiles a source: code points under `u` or `v`, code units
    /// otherwise.
    fn compile(&self, units: &[u16]) -> Option<Regex> {
        let compiled = if self.full_unicode() {
            let points = char::decode_utf16(units.iter().copied()).map(|point| {
                point.map_or_else(|lone| u32::from(lone.unpaired_surrogate()), u32::from)
            });
            Regex::from_unicode(points, self.flags())
        } else {
            Regex::from_unicode(units.iter().map(|&unit| u32::from(unit)), self.flags())
        };
        compiled.ok()
    }

    /// `(?:source)|()`: at a position where the source does not match, the empty group does, so
    /// the first match found from a position is at that position, and the last group tells
    /// which side matched. Not made where adding a group changes what the source means: outside
    /// `u` and `v`, `\N` past the number of groups is an escape, not a reference.
    fn anchored(&self) -> Option<Regex> {
        if !self.full_unicode()
            && self.source.windows(2).any(|pair| pair[0] == u16::from(b'\\') && is_digit(pair[1]))
        {
            return None;
        }
        let units: Vec<u16> = "(?:"
            .encode_utf16()
            .chain(self.source.iter().copied())
            .chain(")|()".encode_utf16())
            .collect();
        self.compile(&units)
    }
}

/// The flags in a `RegExp`'s `[[OriginalFlags]]`, read once: a bit per letter.
#[derive(Clone, Copy)]
pub(super) struct FlagSet(u32);

impl FlagSet {
    pub(super) fn of(regexp: &RegExp) -> Self {
        Self(regexp.original_flags().iter().fold(0, |set, unit| set | Self::bit(unit)))
    }

    /// Whether the flags hold `flag` (a lowercase letter).
    pub(super) fn has(self, flag: u8) -> bool {
        self.0 & Self::bit(u16::from(flag)) != 0
    }

    /// `u` or `v`: the input is read as code points.
    pub(super) fn full_unicode(self) -> bool {
        self.has(b'u') || self.has(b'v')
    }

    fn bit(unit: u16) -> u32 {
        match unit.checked_sub(u16::from(b'a')) {
            Some(letter) if letter < 26 => 1 << letter,
            _ => 0,
        }
    }
}

fn is_digit(unit: u16) -> bool {
    (u16::from(b'1')..=u16::from(b'9')).contains(&unit)
}

/// Both matchers of a pattern, each compiled at its first use.
#[derive(Default)]
struct Compiled {
    plain: Option<Option<Rc<Regex>>>,
    anchored: Option<Option<Rc<Regex>>>,
}

/// The matchers compiled in one engine, by pattern.
#[derive(Default)]
pub(super) struct Matchers(RefCell<HashMap<Pattern, Compiled>>);

impl Matchers {
    /// The matcher that finds the next match from a position.
    pub(super) fn plain(&self, pattern: &Pattern) -> Option<Rc<Regex>> {
        self.get(
            pattern,
            |compiled| &mut compiled.plain,
            |pattern| pattern.compile(&pattern.source),
        )
    }

    /// The matcher that tells whether the pattern matches at a position (see
    /// [`Pattern::anchored`]).
    pub(super) fn anchored(&self, pattern: &Pattern) -> Option<Rc<Regex>> {
        self.get(pattern, |compiled| &mut compiled.anchored, Pattern::anchored)
    }

    fn get(
        &self,
        pattern: &Pattern,
        slot: impl Fn(&mut Compiled) -> &mut Option<Option<Rc<Regex>>>,
        compile: impl Fn(&Pattern) -> Option<Regex>,
    ) -> Option<Rc<Regex>> {
        let mut cache = self.0.borrow_mut();
        if let Some(Some(found)) = cache.get_mut(pattern).map(&slot) {
            return found.clone();
        }
        if cache.len() >= CACHE_CAPACITY && !cache.contains_key(pattern) {
            cache.clear();
        }
        let compiled = cache.entry(pattern.clone()).or_default();
        slot(compiled).get_or_insert_with(|| compile(pattern).map(Rc::new)).clone()
    }
}

/// The first match of `matcher` at or after `at`, reading `units` as code points under `u` or
/// `v` (`full_unicode`) and as code units otherwise, as Boa compiles the source.
pub(super) fn find_from(
    matcher: &Regex,
    units: &[u16],
    at: usize,
    full_unicode: bool,
) -> Option<regress::Match> {
    if full_unicode {
        matcher.find_from_utf16(units, at).next()
    } else {
        matcher.find_from_ucs2(units, at).next()
    }
}

/// Whether `matcher` (from [`Matchers::anchored`]) matches `units` at `at`: the first match from
/// `at` is always there, and it is the source's unless the added last group took part.
pub(super) fn matches_at(matcher: &Regex, units: &[u16], at: usize, full_unicode: bool) -> bool {
    find_from(matcher, units, at, full_unicode).is_some_and(|found| {
        found.start() == at && found.captures.last().is_some_and(Option::is_none)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn units(text: &str) -> Vec<u16> {
        text.encode_utf16().collect()
    }

    fn pattern(source: &str, unicode: bool) -> Pattern {
        Pattern {
            source: units(source),
            ignore_case: false,
            multiline: false,
            dot_all: false,
            unicode,
            unicode_sets: false,
        }
    }

    #[test]
    fn the_anchored_matcher_answers_for_its_position_only() {
        let matcher = pattern("b+|(c)", false).anchored().unwrap();
        let text = units("abbc");
        assert!(!matches_at(&matcher, &text, 0, false));
        assert!(matches_at(&matcher, &text, 1, false));
        assert!(matches_at(&matcher, &text, 3, false));
        // An empty match at the position is the source's, not the added group's.
        let single = pattern("a", false).anchored().unwrap();
        assert!(matches_at(&single, &units("a"), 0, false));
        let empty = pattern("x*", false).anchored().unwrap();
        assert!(matches_at(&empty, &text, 2, false));
    }

    #[test]
    fn no_anchored_matcher_where_a_group_would_change_an_escape() {
        assert!(pattern(r"(a)\2", false).anchored().is_none());
        assert!(pattern(r"(a)\1", true).anchored().is_some());
    }
}
