//! ordo's patch 32 to Boa (vendor/README.md): a typed array's [[Set]] asks whether its receiver
//! is the typed array itself by comparing the two objects, not through a clone and the generic
//! `SameValue`. What must not change: elements written by `Uint8Array.from` with a mapper, by
//! index and with clamping, and [[Set]] with another receiver (a plain object, another typed
//! array, an object whose prototype is the typed array, a frozen object), which writes to the
//! receiver or refuses, and leaves the typed array as it was. The expected lines are what Node
//! 20 prints for the same script.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    const show = (v) => JSON.stringify(v);
    // Elements written by `Uint8Array.from` with a mapper, by index in loops, and by `set`.
    const text = "héllo ✓ wörld ".repeat(500);
    const codes = Uint8Array.from(text, (c) => c.charCodeAt(0));
    const doubled = new Float64Array(1000);
    for (let i = 0; i < doubled.length; i++) doubled[i] = i * 1.5;
    const clamped = Uint8ClampedArray.from([-5, 0.5, 1.5, 300, NaN]);
    out.push(show([codes.length, Array.from(codes.slice(0, 16)), doubled[999], Array.from(clamped)]));
    // [[Set]] on a typed array with another receiver: the receiver gets the property (or the
    // write is refused), the typed array keeps its elements.
    const ta = new Int16Array(4);
    const plain = {};
    const other = new Int16Array(4);
    const results = [
        Reflect.set(ta, 0, 7, plain), Reflect.set(ta, 1, 8, other), Reflect.set(ta, 9, 9, plain),
        Reflect.set(ta, "1.5", 3, plain), Reflect.set(ta, 2, 11), Reflect.set(ta, "-0", 4, plain),
    ];
    const child = Object.create(ta);
    child[3] = 12;
    child[8] = 13;
    const frozen = Object.freeze({});
    const refused = Reflect.set(ta, 0, 1, frozen);
    out.push(show([results, Array.from(ta), plain, Array.from(other), Object.keys(child), child[3], refused, Object.keys(frozen)]));
"#;

const EXPECTED: [&str; 2] = [
    r#"[7000,[104,233,108,108,111,32,19,32,119,246,114,108,100,32,104,233],1498.5,[0,0,2,255,0]]"#,
    r#"[[true,true,true,true,true,true],[0,0,11,0],{"0":7},[0,8,0,0],["3"],12,false,[]]"#,
];

#[test]
fn typed_array_writes_match_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn typed_array_writes_match_node_in_the_worker() {
    node_lines::assert_in_worker(BODY, &EXPECTED).await;
}
