//! Hostile input for the generated-input tests of every crate (issue 17; DESIGN.md "Generated
//! inputs"): raw bytes, valid inputs damaged the way crashes, editors and attackers damage them
//! (cut, bytes flipped, pieces spliced, lines doubled or dropped, deep nesting, huge numbers,
//! unicode, NULs), and JSON shaped like what a parser expects but with every field wrong.
//!
//! Each crate includes this file with `#[path]`, so there is one copy. The number of cases is
//! proptest's (256 unless `PROPTEST_CASES` says otherwise): a longer run is
//! `PROPTEST_CASES=100000 cargo test --release --test generated_inputs` in the crate.
#![allow(dead_code)] // each crate uses the part it needs

use std::time::{Duration, Instant};

use proptest::prelude::*;
use proptest::sample::Index;
use serde_json::{Map, Value};

/// What a parser may take on one generated input, on a loaded CI machine in a debug build.
pub(crate) const TIME_BOUND: Duration = Duration::from_secs(2);

/// Pieces inserted into inputs: structure, escapes, line ends, NUL, invalid UTF-8, characters
/// that are more than one byte or one UTF-16 unit, numbers past every integer type.
const PIECES: &[&[u8]] = &[
    b"\0",
    b"\n",
    b"\r\n",
    b"\r",
    b"\"",
    b"\\",
    b"{",
    b"}",
    b"[",
    b"]",
    b",",
    b":",
    b"=",
    b"#",
    b"'",
    b"`",
    b"/*",
    b"//",
    b"${",
    b"<",
    b">",
    b"\xff",
    b"\xc3",
    "\u{2028}".as_bytes(),
    "é".as_bytes(),
    "😀".as_bytes(),
    "\u{202e}".as_bytes(),
    "\u{feff}".as_bytes(),
    b"1e999999",
    b"-0",
    b"18446744073709551616",
    b"-9223372036854775809",
    b"0.000000000000000000000000000000000000000001",
    b"null",
    b"true",
    b"\"\\ud800\"",
    b"\\u0000",
    b"[[]]",
    b"{}",
];

/// One way of damaging an input; positions are taken modulo the input's length when applied.
#[derive(Clone, Debug)]
pub(crate) enum Mutation {
    /// Cut the input at a byte (a torn write).
    Truncate(Index),
    /// Flip bits of a byte.
    Flip(Index, u8),
    /// Insert one of [`PIECES`].
    Insert(Index, Index),
    /// Copy a piece of the input elsewhere in it.
    Splice { from: Index, len: usize, to: Index },
    /// Remove a range of bytes.
    Remove(Index, usize),
    /// Repeat a line.
    DuplicateLine(Index),
    /// Drop a line.
    DropLine(Index),
    /// Insert an opener many times: nesting far past what anyone writes.
    Nest(Index, Index, usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        1 => any::<Index>().prop_map(Mutation::Truncate),
        1 => (any::<Index>(), 1..=255u8).prop_map(|(at, bits)| Mutation::Flip(at, bits)),
        3 => (any::<Index>(), any::<Index>()).prop_map(|(at, piece)| Mutation::Insert(at, piece)),
        1 => (any::<Index>(), 1..64usize, any::<Index>())
            .prop_map(|(from, len, to)| Mutation::Splice { from, len, to }),
        1 => (any::<Index>(), 1..32usize).prop_map(|(at, len)| Mutation::Remove(at, len)),
        1 => any::<Index>().prop_map(Mutation::DuplicateLine),
        1 => any::<Index>().prop_map(Mutation::DropLine),
        1 => (any::<Index>(), any::<Index>(), prop_oneof![1..64usize, 100..20_000usize])
            .prop_map(|(at, opener, depth)| Mutation::Nest(at, opener, depth)),
    ]
}

/// Applies one mutation.
pub(crate) fn apply(input: &mut Vec<u8>, mutation: &Mutation) {
    let at = |index: &Index, input: &Vec<u8>| index.index(input.len() + 1);
    match mutation {
        Mutation::Truncate(cut) => input.truncate(at(cut, input)),
        Mutation::Flip(index, bits) => {
            if !input.is_empty() {
                let index = index.index(input.len());
                input[index] ^= bits;
            }
        }
        Mutation::Insert(index, piece) => {
            let position = at(index, input);
            let piece = PIECES[piece.index(PIECES.len())];
            input.splice(position..position, piece.iter().copied());
        }
        Mutation::Splice { from, len, to } => {
            let start = at(from, input);
            let end = (start + len).min(input.len());
            let piece = input[start..end].to_vec();
            let position = at(to, input);
            input.splice(position..position, piece);
        }
        Mutation::Remove(index, len) => {
            let start = at(index, input);
            let end = (start + len).min(input.len());
            input.drain(start..end);
        }
        Mutation::DuplicateLine(index) | Mutation::DropLine(index) => {
            let lines: Vec<&[u8]> = input.split_inclusive(|&byte| byte == b'\n').collect();
            if lines.is_empty() {
                return;
            }
            let chosen = index.index(lines.len());
            let mut rebuilt = Vec::with_capacity(input.len() * 2);
            for (number, line) in lines.iter().enumerate() {
                let times = match (mutation, number == chosen) {
                    (Mutation::DuplicateLine(_), true) => 2,
                    (Mutation::DropLine(_), true) => 0,
                    _ => 1,
                };
                for _ in 0..times {
                    rebuilt.extend_from_slice(line);
                }
            }
            *input = rebuilt;
        }
        Mutation::Nest(index, opener, depth) => {
            const OPENERS: &[&[u8]] = &[b"[", b"{", b"(", b"{\"a\":", b"a = [", b"${", b"<"];
            let position = at(index, input);
            let opener = OPENERS[opener.index(OPENERS.len())];
            let nest: Vec<u8> = opener.iter().copied().cycle().take(opener.len() * depth).collect();
            input.splice(position..position, nest);
        }
    }
}

/// Any bytes, and sequences of [`PIECES`] (more structure than random bytes ever have).
pub(crate) fn raw_bytes() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        prop::collection::vec(any::<u8>(), 0..256),
        prop::collection::vec(prop::sample::select(PIECES), 0..64)
            .prop_map(|pieces| pieces.concat()),
    ]
}

/// One of `seeds`, damaged by up to four mutations.
pub(crate) fn mutated(seeds: &'static [&'static str]) -> impl Strategy<Value = Vec<u8>> {
    (prop::sample::select(seeds), prop::collection::vec(mutation(), 0..=4)).prop_map(
        |(seed, mutations)| {
            let mut input = seed.as_bytes().to_vec();
            for mutation in &mutations {
                apply(&mut input, mutation);
            }
            input
        },
    )
}

/// Raw bytes now and then, damaged seeds mostly: the seeds reach the deep checks, which
/// random bytes rarely get past the first.
pub(crate) fn hostile(seeds: &'static [&'static str]) -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![1 => raw_bytes(), 4 => mutated(seeds)]
}

/// Bytes as the text a `&str` parser gets (invalid UTF-8 replaced).
pub(crate) fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// JSON values whose object keys come from `keys` (the fields a parser looks for) or are
/// arbitrary, and whose values are anything: right fields, wrong shapes.
pub(crate) fn json_with_keys(keys: &'static [&'static str]) -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        prop::sample::select(keys).prop_map(Value::from),
        ".{0,12}".prop_map(Value::from),
    ];
    let key = prop_oneof![4 => prop::sample::select(keys).prop_map(str::to_owned), 1 => ".{0,8}"];
    leaf.prop_recursive(5, 64, 8, move |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec((key.clone(), inner), 0..6)
                .prop_map(|members| Value::Object(members.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

/// Runs `parse` and checks it returned within [`TIME_BOUND`]; a panic fails the case (proptest
/// catches it and shrinks the input).
pub(crate) fn timed<T>(what: &str, parse: impl FnOnce() -> T) -> T {
    let started = Instant::now();
    let parsed = parse();
    let elapsed = started.elapsed();
    assert!(elapsed < TIME_BOUND, "{what} took {elapsed:?}");
    parsed
}

/// The number of lines a 1-based line counter can name in `bytes`: one more than its newlines
/// (the end of input after a last newline is on a line of its own).
pub(crate) fn line_count(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&byte| byte == b'\n').count() + 1
}
