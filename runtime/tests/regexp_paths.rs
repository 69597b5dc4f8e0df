//! ordo's `RegExp.prototype.exec` and `[Symbol.split]` (`engine/regexp`) take shortcuts where no
//! script can see them: a sticky `exec` asks an anchored matcher first, and `split` searches once
//! per piece instead of trying each position. Each shortcut is held here to the longer way round
//! on the same inputs, including the places where the shortcut must step aside (sources Boa's
//! `source` cannot give back, `\N` escapes, surrogate pairs under `u`, large inputs kept in
//! UTF-16):
//!
//! - `split` against the specification's loop, which a subclass of `RegExp` takes (its species
//!   is not `%RegExp%`), with and without a limit;
//! - a sticky `exec` at every `lastIndex` against a global search from there that must start
//!   exactly there.
#![allow(clippy::unwrap_used)] // test helpers outside #[test] fns unwrap too

use ordo_runtime::{HostFunctions, Runtime, RuntimeConfig, Script, WorkerCommand};
use serde_json::Value;
use tokio_util::sync::CancellationToken;

const SCRIPT: &str = r#"
const patterns = [
  [/\s*,\s*/, ""], [/(,)/, ""], [/(?:)/, ""], [/x*/, ""], [/(?<=a)b/, ""], [/\b/, ""],
  [/^/, "m"], [/$/, "m"], [/(a)|(b)/, ""], [/\uD83D\uDE00/, "u"], [/(?:)/, "u"], [/./, "u"],
  [/(?<w>\w)\k<w>/, ""], [/A/, "i"], [/\//, ""], [/[\/]/, ""], [/./, "s"], [/(a)\2/, ""],
  [/\\n/, ""], [/\n/, ""], [new RegExp("\\\n"), ""], [/a|ab/, ""], [/(?:)/, "v"], [/\p{L}+/, "u"],
  [/(?=b)/, ""], [/(x)?y/, ""], [/\d+/, "d"], [/ab/, "y"], [/[^]/, ""],
];
const texts = [
  "a,b , c,,d", "abab ab ba", "line1\nline2\n", "😀a😀\uD83D x", "a\\nb\\n", "x/y/z", "",
  "aab bba xy y", "é and ü, then ä", "99 bottles, 12 cans",
];
// Each text also 40 times over: past 256 units, a Latin-1 input is searched in a kept copy.
const inputs = texts.flatMap((text) => [text, text.repeat(40)]);
class Subclass extends RegExp {}
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
  }
}
return { mismatches: mismatches.slice(0, 20), count: mismatches.length };
"#;

#[tokio::test]
async fn r_rt_2_regexp_shortcuts_answer_as_the_specifications_loops_do() {
    let worker = WorkerCommand::program(env!("CARGO_BIN_EXE_ordo-js-worker"));
    let out = Runtime::new(RuntimeConfig { warm_workers: 0, ..RuntimeConfig::new(worker) })
        .run(&Script::javascript(SCRIPT), &HostFunctions::new(), &CancellationToken::new())
        .await
        .unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(out.result["count"], Value::from(0), "{:#}", out.result["mismatches"]);
}
