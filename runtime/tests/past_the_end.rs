//! `a[i]` past an Array's end, at a hole or in a sparse Array, where no prototype holds an element
//! at `i` (vendor/README.md, patch 110: `undefined` with no property key made and looked up on
//! each prototype) and where one does: an element of `Array.prototype` or `Object.prototype`, a
//! getter there (called once per read), a proxy, a typed array, a `String` object or an
//! `arguments` object as the prototype, a null prototype, a grid read with `?.[]` past its edges,
//! and a loop of quick instructions. The expected lines are what Node 20 prints for the same
//! script.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    // Reads of small indices past an Array's end, of holes and of sparse Arrays, where no
    // prototype holds an element (undefined) and where one does (its value, its getter).
    const show = (v) => (v === undefined ? "u" : typeof v === "object" ? JSON.stringify(v) : String(v));
    function reads(a, from, to) { const seen = []; for (let i = from; i < to; i++) seen.push(show(a[i])); return seen.join(","); }
    const grid = [[1, 2, 3], [4, 5, 6]];
    let neighbours = 0;
    for (let y = -1; y <= 2; y++) for (let x = -1; x <= 3; x++) neighbours += (grid[y]?.[x] ?? 0) + (grid[y + 1]?.[x + 1] ?? 0);
    out.push(`grid ${neighbours}`);
    const dense = [1, 2, 3], holey = [1, , 3], sparse = []; sparse[50] = "s";
    out.push(`plain ${reads(dense, 0, 6)} ${reads(holey, 0, 5)} ${reads(sparse, 48, 53)} ${reads([], 0, 2)}`);
    Array.prototype[4] = "from Array.prototype";
    out.push(`array-proto ${reads(dense, 3, 6)} ${reads(holey, 0, 5)}`);
    delete Array.prototype[4];
    Object.prototype[5] = "from Object.prototype";
    out.push(`object-proto ${reads(dense, 3, 7)} ${reads(holey, 1, 2)}`);
    delete Object.prototype[5];
    let got = 0;
    Object.defineProperty(Object.prototype, 7, { get() { got++; return "getter"; }, configurable: true });
    out.push(`getter ${reads(dense, 6, 9)} ${got}`);
    delete Object.prototype[7];
    out.push(`after ${reads(dense, 5, 9)}`);
    // A prototype that is a proxy, a typed array, a string object, an `arguments` object.
    const trapped = [];
    const proxied = Object.setPrototypeOf([1], new Proxy({}, { get(target, key, receiver) { trapped.push(String(key)); return `trap ${String(key)}`; } }));
    out.push(`proxy ${reads(proxied, 0, 3)} ${trapped.join(",")}`);
    out.push(`typed ${reads(new Int8Array([5, 6]), 1, 4)} ${reads(Object.setPrototypeOf([0], new Int8Array([7, 8, 9])), 0, 4)}`);
    out.push(`string-proto ${reads(Object.setPrototypeOf([], new String("abc")), 0, 4)}`);
    (function () { out.push(`arguments-proto ${reads(Object.setPrototypeOf([], arguments), 0, 3)}`); })("x", "y");
    const nullProto = Object.setPrototypeOf([1, 2], null);
    out.push(`null-proto ${reads(nullProto, 1, 4)}`);
    // In a loop of quick instructions: a sum that reads past the end on every other step.
    const values = [3, 1, 4, 1, 5];
    let sum = 0, missing = 0;
    for (let i = 0; i < 10; i++) { const v = values[i * 2]; if (v === undefined) missing++; else sum += v; }
    out.push(`loop ${sum} ${missing}`);
    const settled = Promise.resolve();
"#;

const EXPECTED: [&str; 12] = [
    r#"grid 42"#,
    r#"plain 1,2,3,u,u,u 1,u,3,u,u u,u,s,u,u u,u"#,
    r#"array-proto u,from Array.prototype,u 1,u,3,u,from Array.prototype"#,
    r#"object-proto u,u,from Object.prototype,u u"#,
    r#"getter u,getter,u 1"#,
    r#"after u,u,u,u"#,
    r#"proxy 1,trap 1,trap 2 1,2"#,
    r#"typed 6,u,u 0,8,9,u"#,
    r#"string-proto a,b,c,u"#,
    r#"arguments-proto x,y,u"#,
    r#"null-proto 2,u,u"#,
    r#"loop 12 7"#,
];

#[test]
fn reads_past_the_end_are_as_in_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn reads_past_the_end_are_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(&format!("{BODY}\nawait settled;"), &EXPECTED).await;
}
