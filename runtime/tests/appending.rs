//! Appending to a string in place (ordo's patch to boa_string, `vendor/README.md`): a string
//! being built gets spare room, and the next concatenation that starts with it writes into that
//! room. No string may ever change: every view keeps its content however the strings it came
//! from are appended to, by whichever part, in Latin-1 or UTF-16, from one builder or many.
//!
//! Held two ways: generated sequences of concatenations on `JsString` itself against plain
//! vectors of code units, and a script doing what scripts do (`+=`, templates, appending to an
//! older copy, more builders at once than are followed) against the same text made with `join`.
#![allow(clippy::unwrap_used)] // test helpers outside #[test] fns unwrap too

use boa_engine::JsString;
use boa_engine::string::JsStr;
use ordo_runtime::{HostFunctions, Runtime, RuntimeConfig, Script, WorkerCommand};
use proptest::prelude::*;
use serde_json::json;
use tokio_util::sync::CancellationToken;

/// A string and what it must hold.
#[derive(Clone)]
struct Held {
    string: JsString,
    units: Vec<u16>,
}

impl Held {
    fn new(text: &str) -> Self {
        Self { string: JsString::from(text), units: text.encode_utf16().collect() }
    }
}

#[derive(Debug, Clone)]
enum Step {
    /// `strings[to] = strings[from] + piece`.
    Append { from: usize, to: usize, piece: String },
    /// `strings[to] = strings[from] + strings[other]`.
    Join { from: usize, other: usize, to: usize },
    /// `strings[to] = piece + strings[from]`.
    Prepend { from: usize, to: usize, piece: String },
    /// `strings[to] = strings[from] + a + b` (three parts at once, as a template does).
    Template { from: usize, to: usize, a: String, b: String },
    /// `strings[to] = strings[from].slice(start..)`.
    Slice { from: usize, to: usize, start: usize },
}

const SLOTS: usize = 12;

fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => "[a-z ]{0,700}",
        1 => "[a-zé☃😀]{0,40}",
        1 => Just(String::new()),
    ]
}

fn step() -> impl Strategy<Value = Step> {
    let slot = 0..SLOTS;
    prop_oneof![
        8 => (slot.clone(), slot.clone(), piece()).prop_map(|(from, to, piece)| Step::Append { from, to, piece }),
        2 => (slot.clone(), slot.clone(), slot.clone()).prop_map(|(from, other, to)| Step::Join { from, other, to }),
        1 => (slot.clone(), slot.clone(), piece()).prop_map(|(from, to, piece)| Step::Prepend { from, to, piece }),
        2 => (slot.clone(), slot.clone(), piece(), piece()).prop_map(|(from, to, a, b)| Step::Template { from, to, a, b }),
        1 => (slot.clone(), slot, 0..3000usize).prop_map(|(from, to, start)| Step::Slice { from, to, start }),
    ]
}

fn concat(parts: &[&Held]) -> Held {
    let strs: Vec<JsStr<'_>> = parts.iter().map(|held| held.string.as_str()).collect();
    let string = if strs.len() == 2 {
        JsString::concat(strs[0], strs[1])
    } else {
        JsString::concat_array(&strs)
    };
    Held { string, units: parts.iter().flat_map(|held| held.units.iter().copied()).collect() }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn r_rt_2_no_string_changes_whatever_is_appended_to_what(steps in prop::collection::vec(step(), 1..400)) {
        // Start some slots long, so that appending to them is done in place from the first step.
        let mut slots: Vec<Held> = (0..SLOTS)
            .map(|slot| Held::new(&"x".repeat(if slot % 2 == 0 { 1500 } else { 3 })))
            .collect();
        for step in steps {
            let (to, held) = match step {
                Step::Append { from, to, piece } => (to, concat(&[&slots[from], &Held::new(&piece)])),
                // Joining a slot to itself again and again doubles it: kept under 200,000 units.
                Step::Join { from, other, to }
                    if slots[from].units.len() + slots[other].units.len() < 200_000 =>
                {
                    (to, concat(&[&slots[from], &slots[other]]))
                }
                Step::Join { from, to, .. } => (to, slots[from].clone()),
                Step::Prepend { from, to, piece } => (to, concat(&[&Held::new(&piece), &slots[from]])),
                // `${s}${a}${b}` starts with an empty string; `${s}${a}b` does not.
                Step::Template { from, to, a, b } if b.len() % 2 == 0 => {
                    (to, concat(&[&Held::new(""), &slots[from], &Held::new(&a), &Held::new(&b)]))
                }
                Step::Template { from, to, a, b } => {
                    (to, concat(&[&slots[from], &Held::new(&a), &Held::new(&b)]))
                }
                Step::Slice { from, to, start } => {
                    let source = &slots[from];
                    let start = start.min(source.units.len());
                    let string = source.string.slice(start, source.units.len());
                    (to, Held { string, units: source.units[start..].to_vec() })
                }
            };
            slots[to] = held;
            for (slot, held) in slots.iter().enumerate() {
                let actual: Vec<u16> = held.string.as_str().iter().collect();
                prop_assert!(actual == held.units, "slot {} changed", slot);
            }
        }
    }
}

/// What scripts do, checked against `join`.
const SCRIPT: &str = r#"
const piece = (i) => `line ${i} of the log` + (i % 97 === 0 ? " é" : "") + (i % 331 === 0 ? " ☃" : "") + "\n";
const failures = [];
const check = (name, got, wanted) => { if (got !== wanted) failures.push(`${name}: ${got.length} units, wanted ${wanted.length}`); };
let s = "";
const parts = [];
const snapshots = [];
for (let i = 0; i < 6000; i++) {
  s += piece(i);
  parts.push(piece(i));
  if (i % 700 === 0) snapshots.push([i, s]);
}
check("+= in a loop", s, parts.join(""));
for (const [i, snapshot] of snapshots) check(`copy after ${i}`, snapshot, parts.slice(0, i + 1).join(""));
// Appending to an older copy leaves the newer one alone, and the other way round.
const older = snapshots[4][1];
const branch = older + "BRANCH";
s += "END";
check("older copy appended to", branch, parts.slice(0, snapshots[4][0] + 1).join("") + "BRANCH");
check("newer after the branch", s, parts.join("") + "END");
check("older copy", older, parts.slice(0, snapshots[4][0] + 1).join(""));
// Templates and several parts at once.
let t = "";
for (let i = 0; i < 3000; i++) t = `${t}[${i}]${piece(i)}`;
check("template in a loop", t, Array.from({ length: 3000 }, (_, i) => `[${i}]${piece(i)}`).join(""));
// More builders at once than are followed.
const builders = Array.from({ length: 12 }, () => "");
for (let i = 0; i < 12 * 400; i++) builders[i % 12] += piece(i);
builders.forEach((b, k) => check(`builder ${k}`, b, Array.from({ length: 400 }, (_, j) => piece(j * 12 + k)).join("")));
// Doubling, and appending a string to itself.
let d = "ab".repeat(600);
for (let i = 0; i < 6; i++) d = d + d;
check("doubling", d, "ab".repeat(600 * 64));
// Keys built by appending find their values.
const map = new Map();
let key = "k".repeat(1100);
for (let i = 0; i < 50; i++) { key += i; map.set(key, i); }
let k2 = "k".repeat(1100);
let found = 0;
for (let i = 0; i < 50; i++) { k2 += i; if (map.get(k2) === i) found++; }
if (found !== 50) failures.push(`map keys: ${found} of 50`);
return { failures, length: s.length };
"#;

#[tokio::test]
async fn r_rt_2_scripts_that_append_get_what_join_gives() {
    let worker = WorkerCommand::program(env!("CARGO_BIN_EXE_ordo-js-worker"));
    let out = Runtime::new(RuntimeConfig { warm_workers: 0, ..RuntimeConfig::new(worker) })
        .run(&Script::javascript(SCRIPT), &HostFunctions::new(), &CancellationToken::new())
        .await
        .unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(out.result["failures"], json!([]), "{}", out.result);
    assert!(out.result["length"].as_u64().unwrap_or(0) > 100_000, "{}", out.result);
}
