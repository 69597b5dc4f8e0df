//! Globals read from inside loops (`undefined`, `NaN`, `Math`, a script's own global), where
//! ordo's quick loop reads a global the inline cache knows (vendor/README.md, patch 113) while
//! the loop changes it: a new value, a getter, a deletion, a `with` object that names it for
//! one pass, a function's own binding of the same name, `Math` replaced and put back. The
//! expected lines are what Node 20 prints for the same script.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    // Globals read inside loops (where the quick loop reads a cached global), while the loop
    // changes them: a new value, a getter, a deletion, a shadowing `with`.
    globalThis.tally = 1;
    const seen = [];
    for (let i = 0; i < 8; i++) {
      let value;
      try { value = tally; } catch (e) { value = e.constructor.name; }
      seen.push(value);
      if (i === 1) globalThis.tally = 10;
      if (i === 3) Object.defineProperty(globalThis, "tally", { get() { return "getter " + i; }, configurable: true });
      if (i === 5) delete globalThis.tally;
      if (i === 6) globalThis.tally = undefined;
    }
    out.push(JSON.stringify(seen, (k, v) => (v === undefined ? "<undefined>" : v)));
    // `undefined`, `NaN` and `Math` read in a loop of numbers, and a `with` object that names
    // them for one pass.
    let defined = 0, nans = 0, top = 0;
    const values = [1, undefined, 2, NaN, 3];
    for (let i = 0; i < 3000; i++) {
      const v = values[i % 5];
      if (v !== undefined) defined++;
      if (Number.isNaN(v) && v !== NaN) nans++;
      top = Math.max(top, v === undefined ? 0 : v || 0);
    }
    const shadow = { undefined: "shadowed", Math: { max: () => "mine" } };
    const passes = [];
    for (let i = 0; i < 3; i++) {
      if (i === 1) { with (shadow) { passes.push(undefined, Math.max(1, 2)); } }
      else passes.push(undefined, Math.max(1, 2));
    }
    with (shadow) { for (let i = 0; i < 3; i++) passes.push(undefined); }
    out.push(JSON.stringify([defined, nans, top, passes], (k, v) => (v === undefined ? "<undefined>" : v)));
    // A function's own `undefined` and `Math` are its bindings, not the globals.
    function local() { var undefined = 5; const Math = { max: () => -1 }; let n = 0; for (let i = 0; i < 10; i++) n += undefined + Math.max(i, 3); return n; }
    // A global replaced while a loop reads it, and a global declared later in the loop.
    const saved = Math;
    let sum = 0;
    for (let i = 0; i < 6; i++) {
      sum += Math.max(i, 2);
      if (i === 2) globalThis.Math = { max: () => 100 };
      if (i === 4) globalThis.Math = saved;
    }
    out.push(`${local()} ${sum} ${Math === saved}`);
    const settled = Promise.resolve();
"#;

const EXPECTED: [&str; 3] = [
    r#"[1,1,10,10,"getter 3","getter 3","ReferenceError","<undefined>"]"#,
    r#"[2400,600,3,["<undefined>",2,"shadowed","mine","<undefined>",2,"shadowed","shadowed","shadowed"]]"#,
    r#"40 211 true"#,
];

#[test]
fn globals_read_in_loops_are_as_in_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn globals_read_in_loops_are_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(&format!("{BODY}\nawait settled;"), &EXPECTED).await;
}
