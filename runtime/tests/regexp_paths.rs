//! ordo's `RegExp.prototype.exec` and `[Symbol.split]` (`engine/regexp`) take shortcuts where no
//! script can see them: a sticky `exec` asks an anchored matcher first, and `split` (making no
//! splitter where the species is `%RegExp%` and nothing it reads was changed) searches once
//! per piece instead of trying each position. Each shortcut is held here to the longer way round
//! on the same inputs, including the places where the shortcut must step aside (sources Boa's
//! `source` cannot give back, `\N` escapes, surrogate pairs under `u`, large inputs kept in
//! UTF-16):
//!
//! - `split` against the specification's loop, which a subclass of `RegExp` takes (its species
//!   is not `%RegExp%`), with and without a limit;
//! - a sticky `exec` at every `lastIndex` against a global search from there that must start
//!   exactly there;
//! - `replace` (templates of every reference, a function) against the specification's steps
//!   written in the script;
//! - `match` and `test` (at every `lastIndex`), with `g`, `y`, both and neither, against the same
//!   expression made by a subclass, which takes Boa's methods and `exec` once per match;
//! - each thing a script can change that the shortcut would skip (an own or inherited `exec`,
//!   `flags` or a flag's getter, a `lastIndex` that is an object or not writable) against Node.
#![allow(clippy::unwrap_used)] // test helpers outside #[test] fns unwrap too

use ordo_runtime::{HostFunctions, Runtime, RuntimeConfig, Script, WorkerCommand};
use std::time::Duration;

use serde_json::Value;
use tokio_util::sync::CancellationToken;

const SCRIPT: &str = r#"
const patterns = [
  [/\s*,\s*/, ""], [/(,)/, ""], [/(?:)/, ""], [/x*/, ""], [/(?<=a)b/, ""], [/\b/, ""],
  [/^/, "m"], [/$/, "m"], [/(a)|(b)/, ""], [/\uD83D\uDE00/, "u"], [/(?:)/, "u"], [/./, "u"],
  [/(?<w>\w)\k<w>/, ""], [/A/, "i"], [/\//, ""], [/[\/]/, ""], [/./, "s"], [/(a)\2/, ""],
  [/\\n/, ""], [/\n/, ""], [new RegExp("\\\n"), ""], [/a|ab/, ""], [/(?:)/, "v"], [/\p{L}+/, "u"],
  [/(?=b)/, ""], [/(x)?y/, ""], [/\d+/, "d"], [/ab/, "y"], [/[^]/, ""],
  // Patterns that are strings, found without regress (`engine/regexp/literal.rs`).
  [/&/, ""], [/, /, ""], [/\./, ""], [/a\tb/, ""], [/é/, ""], [/a/, "u"], [/\$\(/, ""],
];
const texts = [
  "a,b , c,,d", "abab ab ba", "line1\nline2\n", "😀a😀\uD83D x", "a\\nb\\n", "x/y/z", "",
  "aab bba xy y", "é and ü, then ä", "99 bottles, 12 cans", "1.5 & <b>a&b</b>\ta\tb $($(",
];
// Each text also 40 times over: past 256 units, a Latin-1 input is searched in a kept copy.
const inputs = texts.flatMap((text) => [text, text.repeat(40)]);
class Subclass extends RegExp {}
// `RegExp.prototype[Symbol.replace]` and `GetSubstitution` as the specification writes them,
// over the built-in `exec`. (Boa's own `[Symbol.replace]` is not the reference: it advances past
// an empty match by one code unit under `v`, splitting a surrogate pair, as only `u` should not.)
function specReplace(rx, S, replaceValue) {
  const functional = typeof replaceValue === "function";
  if (!functional) replaceValue = String(replaceValue);
  const flags = rx.flags;
  const global = flags.includes("g");
  const fullUnicode = flags.includes("u") || flags.includes("v");
  if (global) rx.lastIndex = 0;
  const results = [];
const frozenLater = () => Object.defineProperty(/\d/g, "lastIndex", { writable: false });
  for (;;) {
    const result = RegExp.prototype.exec.call(rx, S);
    if (result === null) break;
    results.push(result);
    if (!global) break;
    if (String(result[0]) === "") rx.lastIndex = advance(S, rx.lastIndex, fullUnicode);
  }
  let accumulated = "", next = 0;
  for (const result of results) {
    const matched = String(result[0]);
    const position = Math.max(Math.min(result.index, S.length), 0);
    const captures = [];
    for (let i = 1; i < result.length; i++) captures.push(result[i] === undefined ? undefined : String(result[i]));
    const groups = result.groups;
    let replacement;
    if (functional) {
      const args = [matched, ...captures, position, S];
      if (groups !== undefined) args.push(groups);
      replacement = String(replaceValue(...args));
    } else {
      replacement = substitution(matched, S, position, captures, groups, replaceValue);
    }
    if (position >= next) {
      accumulated += S.slice(next, position) + replacement;
      next = position + matched.length;
    }
  }
  return next >= S.length ? accumulated : accumulated + S.slice(next);
}
function advance(S, index, unicode) {
  if (!unicode || index + 1 >= S.length) return index + 1;
  return index + (S.codePointAt(index) > 0xffff ? 2 : 1);
}
function substitution(matched, str, position, captures, groups, template) {
  let result = "", i = 0;
  const isDigit = (c) => c >= "0" && c <= "9";
  while (i < template.length) {
    const c = template[i], d = template[i + 1];
    if (c !== "$" || d === undefined) { result += c; i += 1; }
    else if (d === "$") { result += "$"; i += 2; }
    else if (d === "`") { result += str.slice(0, position); i += 2; }
    else if (d === "&") { result += matched; i += 2; }
    else if (d === "'") { result += str.slice(Math.min(position + matched.length, str.length)); i += 2; }
    else if (isDigit(d)) {
      let digits = isDigit(template[i + 2]) ? 2 : 1;
      let index = Number(template.slice(i + 1, i + 1 + digits));
      if (index > captures.length && digits === 2) { digits = 1; index = Number(d); }
      if (index >= 1 && index <= captures.length) result += captures[index - 1] ?? "";
      else result += template.slice(i, i + 1 + digits);
      i += 1 + digits;
    } else if (d === "<") {
      const close = template.indexOf(">", i);
      if (close === -1 || groups === undefined) { result += "$<"; i += 2; continue; }
      const capture = groups[template.slice(i + 2, close)];
      if (capture !== undefined) result += String(capture);
      i = close + 1;
    } else { result += "$"; i += 1; }
  }
  return result;
}
// Templates with every kind of reference, and a function that shows what it was given (and
// what `lastIndex` is while it runs).
const replacements = [
  "$10", "$01", "$0", "$<", "$", "[$&]", "$$", "$`|$'", "<$<w>>", "$1-$2",
  function (...args) { return "(" + show([...args.slice(0, -2), typeof args.at(-1) === "object" ? { ...args.at(-1) } : args.at(-1), this === undefined, typeof args.at(-2)]) + ")"; },
];
const mismatches = [];
const show = (value) => JSON.stringify(value, (k, v) => (v === undefined ? "<undefined>" : v));
for (const [source, extra] of patterns) {
  const flags = [...new Set(source.flags + extra)].join("");
  for (const input of inputs) {
    for (const limit of [undefined, 3]) {
      const shortcut = input.split(new RegExp(source, flags), limit);
      const spec = input.split(new Subclass(source, flags), limit);
      if (show(shortcut) !== show(spec)) mismatches.push(["split", String(source), flags, input.slice(0, 30), show(shortcut), show(spec)]);
    }
    const sticky = new RegExp(source, flags.replace("y", "") + "y");
    const global = new RegExp(source, flags.replace("y", "").replace("g", "") + "g");
    const step = input.length > 400 ? 37 : 1;
    for (let at = 0; at <= input.length + 1; at += step) {
      sticky.lastIndex = at;
      const got = sticky.exec(input);
      const after = sticky.lastIndex;
      global.lastIndex = at;
      const found = global.exec(input);
      const wanted = found && found.index === at ? found : null;
      const wantedAfter = wanted ? global.lastIndex : 0;
      if (show(got) !== show(wanted) || after !== wantedAfter)
        mismatches.push(["sticky exec", String(source), flags, input.slice(0, 30), at, show(got), after, show(wanted), wantedAfter]);
    }
    const base = flags.replace("y", "").replace("g", "");
    for (const variant of ["g", "gy", "", "y"]) {
      const fast = new RegExp(source, base + variant);
      const slow = new Subclass(source, base + variant);
      fast.lastIndex = slow.lastIndex = 3;
      const matched = [show(input.match(fast)), fast.lastIndex];
      const wanted = [show(input.match(slow)), slow.lastIndex];
      if (show(matched) !== show(wanted)) mismatches.push(["match", String(source), base + variant, input.slice(0, 30), show(matched), show(wanted)]);
      // A long input (searched in a kept copy) once, with `g` and a function: the reference
      // calls `exec` once per match, which is every position for some patterns.
      const long = input.length > 400;
      for (const replacement of long ? (variant === "g" ? replacements.slice(-1) : []) : replacements) {
        fast.lastIndex = slow.lastIndex = 3;
        const replaced = [show(input.replace(fast, replacement)), fast.lastIndex];
        const reference = new RegExp(source, base + variant);
        reference.lastIndex = 3;
        const wanted = [show(specReplace(reference, input, replacement)), reference.lastIndex];
        if (show(replaced) !== show(wanted)) mismatches.push(["replace", String(source), base + variant, String(replacement), input.slice(0, 30), show(replaced), show(wanted)]);
      }
      const step = input.length > 400 ? 37 : 1;
      for (let at = 0; at <= input.length + 1; at += step) {
        fast.lastIndex = slow.lastIndex = at;
        const got = [fast.test(input), fast.lastIndex, fast.test(input), fast.lastIndex];
        const want = [slow.test(input), slow.lastIndex, slow.test(input), slow.lastIndex];
        if (show(got) !== show(want)) mismatches.push(["test", String(source), base + variant, input.slice(0, 30), at, show(got), show(want)]);
      }
    }
  }
}
return { mismatches: mismatches.slice(0, 20), count: mismatches.length };
"#;

/// What a script can change that `test`, `match`, `replace` and `split` read, each read
/// counted. The expected value is the specification's, which Boa follows: `[Symbol.match]`
/// reads `flags` (whose getter reads each flag), and so do `[Symbol.replace]` and
/// `[Symbol.split]`, which also reads the constructor, its species and (making its splitter)
/// `[Symbol.match]`. Node 20 gives the same but for six entries: V8 still reads `global` and
/// `unicode` themselves in `match` and `replace`, as ES2021 did, so it calls no replaced
/// `flags`, `hasIndices` or `sticky` getter there.
const OBSERVED: &str = r##"
const log = [];
const counted = (name, get) => ({ get() { log.push(name); return get.call(this); }, configurable: true });
const proto = RegExp.prototype;
const original = (name) => Object.getOwnPropertyDescriptor(proto, name);
const results = [];
const frozenLater = () => Object.defineProperty(/\d/g, "lastIndex", { writable: false });
const attempt = (label, run) => { try { results.push([label, run(), log.splice(0)]); } catch (e) { results.push([label, e.constructor.name, log.splice(0)]); } };
for (const name of ["flags", "global", "unicode", "hasIndices", "sticky"]) {
  const saved = original(name);
  Object.defineProperty(proto, name, counted(name, saved.get));
  attempt("match " + name, () => "a1b2".match(/\d/g));
  attempt("test " + name, () => /\d/g.test("a1"));
  attempt("replace " + name, () => "a1b2".replace(/\d/g, "#"));
  attempt("split " + name, () => "a1b2".split(/\d/));
  Object.defineProperty(proto, name, saved);
}
const savedExec = proto.exec;
proto.exec = function (s) { log.push("proto exec"); return savedExec.call(this, s); };
attempt("inherited exec", () => ["a1b2".match(/\d/g), /\d/.test("x"), "a1".replace(/\d/g, "#")]);
proto.exec = savedExec;
const own = /\d/g;
own.exec = function (s) { log.push("own exec"); return savedExec.call(this, s); };
attempt("own exec", () => "a1b2".match(own));
const moved = /\d/g;
attempt("replacer moves lastIndex", () => ["a1b2c3".replace(moved, (m) => { log.push(moved.lastIndex); moved.lastIndex = 100; return "#"; }), moved.lastIndex]);
attempt("replace frozen", () => "a1".replace(frozenLater(), "#"));
const byObject = /\d/g;
byObject.lastIndex = { valueOf() { log.push("valueOf"); return 2; } };
attempt("lastIndex object", () => [byObject.test("1a2"), byObject.lastIndex]);
const frozen = /\d/g;
Object.defineProperty(frozen, "lastIndex", { writable: false });
attempt("match frozen", () => "a1".match(frozen));
attempt("test frozen", () => frozen.test("a1"));
const frozenSticky = /\d/y;
Object.defineProperty(frozenSticky, "lastIndex", { writable: false, value: 0 });
attempt("test frozen sticky miss", () => frozenSticky.test("a1"));
const shadowed = /\d/g;
Object.setPrototypeOf(shadowed, Object.create(proto, { global: { get() { log.push("shadow global"); return true; } } }));
attempt("other prototype", () => "a1b2".match(shadowed));
// A pattern that is a string takes the same shortcut, and steps aside the same way.
const ownReplace = /1/g;
ownReplace[Symbol.replace] = function (s, r) { log.push("own replace"); return "own"; };
attempt("own [Symbol.replace]", () => "a1".replace(ownReplace, "#"));
const savedReplace = proto[Symbol.replace];
proto[Symbol.replace] = function (s, r) { log.push("proto replace"); return savedReplace.call(this, s, r); };
attempt("inherited [Symbol.replace]", () => "a1b1".replace(/1/g, "#"));
proto[Symbol.replace] = savedReplace;
attempt("literal frozen", () => "a1".replace(frozenLater(), "#"));
const negativeZero = /1/g;
negativeZero.lastIndex = -0;
attempt("lastIndex -0", () => ["a1".replace(negativeZero, "#"), Object.is(negativeZero.lastIndex, -0)]);
attempt("replace on undefined", () => String.prototype.replace.call(undefined, /1/g, "#"));
attempt("this to convert", () => String.prototype.replace.call({ toString() { log.push("toString"); return "a1"; } }, /1/g, "#"));
// What `[Symbol.split]` reads before it makes its splitter: the constructor, its species,
// `IsRegExp`'s `[Symbol.match]`; and an `exec` replaced while the limit converts.
const savedConstructor = Object.getOwnPropertyDescriptor(proto, "constructor");
Object.defineProperty(proto, "constructor", { get() { log.push("constructor"); return RegExp; }, configurable: true });
attempt("split constructor", () => "a1b2".split(/\d/));
Object.defineProperty(proto, "constructor", savedConstructor);
const savedSpecies = Object.getOwnPropertyDescriptor(RegExp, Symbol.species);
Object.defineProperty(RegExp, Symbol.species, { get() { log.push("species"); return RegExp; }, configurable: true });
attempt("split species", () => "a1b2".split(/\d/));
Object.defineProperty(RegExp, Symbol.species, savedSpecies);
const savedMatch = Object.getOwnPropertyDescriptor(proto, Symbol.match);
Object.defineProperty(proto, Symbol.match, { get() { log.push("@@match"); return savedMatch.value; }, configurable: true });
attempt("split IsRegExp", () => "a1b2".split(/\d/));
Object.defineProperty(proto, Symbol.match, savedMatch);
const limitReplacesExec = { valueOf() { log.push("limit"); proto.exec = function (s) { log.push("exec"); return savedExec.call(this, s); }; return 5; } };
attempt("split limit replaces exec", () => "a1b2".split(/\d/, limitReplacesExec));
proto.exec = savedExec;
attempt("split limits", () => ["a1b2c3".split(/\d/, 2), "a1b2".split(/\d/, 0), "a1b2".split(/\d/, -1), "a1b2".split(/\d/, 2.9), "".split(/x*/), "".split(/x/), "a,b".split(/(,)/, NaN)]);
attempt("string to convert", () => /\d/g.test({ toString() { log.push("toString"); return "7"; } }));
attempt("not an object", () => proto.test.call("x", "x"));
return results;
"##;

const OBSERVED_AS_SPECIFIED: &str = r##"[["match flags",["1","2"],["flags"]],["test flags",true,[]],["replace flags","a#b#",["flags"]],["split flags",["a","b",""],["flags"]],["match global",["1","2"],["global"]],["test global",true,[]],["replace global","a#b#",["global"]],["split global",["a","b",""],["global"]],["match unicode",["1","2"],["unicode"]],["test unicode",true,[]],["replace unicode","a#b#",["unicode"]],["split unicode",["a","b",""],["unicode"]],["match hasIndices",["1","2"],["hasIndices"]],["test hasIndices",true,[]],["replace hasIndices","a#b#",["hasIndices"]],["split hasIndices",["a","b",""],["hasIndices"]],["match sticky",["1","2"],["sticky"]],["test sticky",true,[]],["replace sticky","a#b#",["sticky"]],["split sticky",["a","b",""],["sticky"]],["inherited exec",[["1","2"],false,"a#"],["proto exec","proto exec","proto exec","proto exec","proto exec","proto exec"]],["own exec",["1","2"],["own exec","own exec","own exec"]],["replacer moves lastIndex",["a#b#c#",100],[0,100,100]],["replace frozen","TypeError",[]],["lastIndex object",[true,3],["valueOf"]],["match frozen","TypeError",[]],["test frozen","TypeError",[]],["test frozen sticky miss","TypeError",[]],["other prototype",["1","2"],["shadow global"]],["own [Symbol.replace]","own",["own replace"]],["inherited [Symbol.replace]","a#b#",["proto replace"]],["literal frozen","TypeError",[]],["lastIndex -0",["a#",false],[]],["replace on undefined","TypeError",[]],["this to convert","a#",["toString"]],["split constructor",["a","b",""],["constructor"]],["split species",["a","b",""],["species"]],["split IsRegExp",["a","b",""],["@@match"]],["split limit replaces exec",["a","b",""],["limit","exec","exec","exec","exec"]],["split limits",[["a","b"],[],["a","b",""],["a","b"],[],[""],[]],[]],["string to convert",true,["toString"]],["not an object","TypeError",[]]]"##;

#[tokio::test]
async fn r_rt_2_regexp_shortcuts_answer_as_the_specifications_loops_do() {
    let worker = WorkerCommand::program(env!("CARGO_BIN_EXE_ordo-js-worker"));
    let mut config = RuntimeConfig { warm_workers: 0, ..RuntimeConfig::new(worker) };
    // Thousands of matches compared one by one: a test build beside the suite's other tests
    // takes longer than a model's 30 s budget, and on a slow machine more than the default
    // minute of CPU time.
    config.limits.cpu_time = Duration::from_secs(180);
    let out = Runtime::new(config)
        .run(
            &Script::javascript(SCRIPT).with_deadline(Duration::from_secs(180)),
            &HostFunctions::new(),
            &CancellationToken::new(),
        )
        .await
        .unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(out.result["count"], Value::from(0), "{:#}", out.result["mismatches"]);
}

#[tokio::test]
async fn r_rt_2_what_a_script_changes_turns_the_shortcuts_off() {
    let worker = WorkerCommand::program(env!("CARGO_BIN_EXE_ordo-js-worker"));
    let out = Runtime::new(RuntimeConfig { warm_workers: 0, ..RuntimeConfig::new(worker) })
        .run(&Script::javascript(OBSERVED), &HostFunctions::new(), &CancellationToken::new())
        .await
        .unwrap_or_else(|error| panic!("{error}"));
    let expected: Value = serde_json::from_str(OBSERVED_AS_SPECIFIED).unwrap();
    assert_eq!(out.result, expected);
}
