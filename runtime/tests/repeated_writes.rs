//! A property write repeated from one line, as a loop makes it: the inline cache of
//! `object.name = value` repeats a write as a store into the property's slot, which is right
//! only where the write is one. An Array's `length` is not (its write converts the value,
//! throws a `RangeError` for an invalid length and deletes the elements past a smaller one):
//! a loop that emptied a buffer with `buffer.length = 0` emptied it on the first pass only
//! (ordo's fix in `vendor/boa_engine/src/vm/opcode/set/property.rs`, `stored_as_it_is`). The
//! expected lines are what Node 20 prints for the same script.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    const show = (v) => JSON.stringify(v);
    // A buffer flushed when full, emptied with `length = 0` from the same line every time.
    const buffer = [], flushed = [];
    for (let i = 0; i < 2500; i++) { buffer.push(i); if (buffer.length >= 100) { flushed.push(buffer.reduce((a, b) => a + b, 0)); buffer.length = 0; } }
    out.push(show([flushed.length, flushed[0], flushed[24], buffer.length, buffer[0]]));
    // Truncated to two elements, then grown with holes, from one line each, many times.
    const kept = [1, 2, 3, 4], grown = [];
    for (let i = 0; i < 50; i++) { kept.length = 2; kept.push(i, i * 2); }
    for (let i = 0; i < 5; i++) { grown.length = grown.length + 2; grown.push(i); }
    out.push(show([kept, grown.length, 0 in grown, 2 in grown, grown[2], Object.keys(grown)]));
    // A length that is not one: a RangeError every time; a numeric string converted.
    const checked = [1, 2, 3], errors = [];
    for (const length of [3, 2, -1, 1.5, 2 ** 32, "1", "x", 0]) { try { checked.length = length; errors.push(typeof checked.length + ":" + checked.length); } catch (e) { errors.push(e.constructor.name); } }
    out.push(show([errors, checked]));
    // A frozen array's length, ignored in sloppy code and a TypeError in strict code each time;
    // a length made read-only after writes from the same line.
    const frozen = Object.freeze([1, 2, 3]), refused = [];
    for (let i = 0; i < 3; i++) { frozen.length = 0; refused.push((() => { "use strict"; try { frozen.length = 0; return "written"; } catch (e) { return e.constructor.name; } })()); }
    const locked = [1, 2, 3, 4], seen = [];
    for (let i = 0; i < 4; i++) { locked.length = 3 - i; seen.push(locked.length); if (i === 1) Object.defineProperty(locked, "length", { writable: false }); }
    out.push(show([frozen.length, refused, seen, locked]));
    // Other keys of an Array, a typed array's, a String object's and an `arguments` object's
    // named properties, written from one line many times.
    const tagged = [1, 2], typed = new Uint8Array(4), boxed = new String("ab");
    for (let i = 0; i < 20; i++) { tagged.total = i; typed.tag = i; boxed.extra = i; }
    function args() { for (let i = 0; i < 3; i++) arguments.length = i; return [arguments.length, arguments[0], Array.from(arguments)]; }
    out.push(show([tagged.total, tagged.length, typed.tag, typed.length, boxed.extra, boxed.length, args(7, 8, 9)]));"#;

const EXPECTED: [&str; 5] = [
    r#"[25,4950,244950,0,null]"#,
    r#"[[1,2,49,98],15,false,true,0,["2","5","8","11","14"]]"#,
    r#"[["number:3","number:2","RangeError","RangeError","RangeError","number:1","RangeError","number:0"],[]]"#,
    r#"[3,["TypeError","TypeError","TypeError"],[3,2,2,2],[1,2]]"#,
    r#"[19,2,19,4,19,2,[2,7,[7,8]]]"#,
];

#[test]
fn repeated_writes_are_as_in_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn repeated_writes_are_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(BODY, &EXPECTED).await;
}
