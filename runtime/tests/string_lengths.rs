//! A string longer than the longest an engine makes (V8's `2^29 - 24` units) is a `RangeError:
//! Invalid string length`, as Node throws, not a crash: `join` of an array-like whose `length`
//! asks for `2^31 - 1` parts (Boa reserved room for every part at once, 34 GB, and the failed
//! allocation aborted the worker; vendor/README.md patch 72), `join` of long strings,
//! `repeat` (ordo's, under the same limit), `padStart` and `padEnd`. The expected lines are what Node 20 prints for the same script.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    const show = (v) => JSON.stringify(v);
    const error = (f) => { try { const v = f(); return typeof v === "string" ? "length " + v.length : v; } catch (e) { return e.name + ": " + e.message; } };
    // A string longer than an engine makes (V8's 2^29 - 24 units) is a RangeError: a join of
    // an array-like whose length asks for 2^31 - 1 parts (Boa reserved room for all of them
    // at once: 34 GB, and the process aborted), a join of long strings, padStart and padEnd.
    const mb = "x".repeat(2 ** 20);
    const endless = new Proxy({ length: 2 ** 31 - 1 }, { get: (target, key) => (key === "length" ? target.length : mb) });
    const results = [];
    for (let round = 0; round < 2; round++) {
      results.push(error(() => Array.prototype.join.call(endless, "")));
      results.push(error(() => new Array(600).fill(mb).join()));
      results.push(error(() => "ab".repeat(2 ** 28)), error(() => "abc".padStart(2 ** 31 - 1)), error(() => "abc".padEnd(2 ** 29, "xy")), error(() => "abc".padEnd(2 ** 29 - 24, "")));
      results.push(error(() => Array.prototype.join.call({ length: 3, 0: "a", 2: "c" }, "+")));
    }
    out.push(show(results));"#;

const EXPECTED: [&str; 1] = [
    r#"["RangeError: Invalid string length","RangeError: Invalid string length","RangeError: Invalid string length","RangeError: Invalid string length","RangeError: Invalid string length","length 3","length 4","RangeError: Invalid string length","RangeError: Invalid string length","RangeError: Invalid string length","RangeError: Invalid string length","RangeError: Invalid string length","length 3","length 4"]"#,
];

#[test]
fn string_lengths_are_as_in_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn string_lengths_are_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(BODY, &EXPECTED).await;
}
