//! ordo's patch 99 to Boa (vendor/README.md): `indexOf` and `includes` search an Array's
//! dense storage directly, comparing numbers as the storage keeps them. Models remove
//! duplicates with `a.indexOf(v) === i` and test membership with `includes` in loops. Checked
//! at that size and where the comparison has cases: `-0` and `0`, `NaN` (which `includes`
//! finds and `indexOf` does not), numbers written as strings, a start that is negative, past
//! the end or shortens the array, holes and an element a prototype holds. The expected lines
//! are what Node 20 prints for the same script; it runs in plain Boa and in the worker.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    const show = (v) => JSON.stringify(v);
    // At the size data has: duplicates removed by `indexOf`, membership by `includes`.
    const ints = Array.from({ length: 6000 }, (_, i) => (i * 7919) % 1500);
    const unique = ints.filter((v, i, a) => a.indexOf(v) === i);
    const floats = ints.map((v) => v / 4);
    const seen = [];
    for (const v of floats) if (!seen.includes(v)) seen.push(v);
    const words = ints.map((v) => `w${v % 300}`);
    const firstWords = words.filter((w, i) => words.indexOf(w) === i).length;
    out.push(show([unique.length, unique.slice(0, 5), seen.length, seen.slice(-3), firstWords]));
    // Numbers as each storage keeps them: -0, NaN, a float in an int array, strings of digits.
    const i32 = [1, 2, 0, 3];
    const f64 = [1.5, NaN, -0, 2];
    const mixed = [1, "1", NaN, null, undefined, { a: 1 }, -0];
    out.push(show([i32.indexOf(-0), i32.includes(-0), i32.indexOf(2.5), i32.indexOf("2"), i32.indexOf(3e9), i32.includes(NaN), f64.indexOf(NaN), f64.includes(NaN), f64.indexOf(0), f64.includes(0), f64.indexOf("1.5"), mixed.indexOf("1"), mixed.indexOf(1), mixed.indexOf(NaN), mixed.includes(NaN), mixed.indexOf(null), mixed.indexOf(undefined), mixed.indexOf({ a: 1 }), mixed.indexOf(0), mixed.includes(mixed[5])]));
    // From where: negative, past the end, fractional, a fromIndex that shortens the array.
    const from = [5, 6, 7, 5, 6, 7];
    const shrinking = [1, 2, 3, 4, 5];
    const shrunk = shrinking.indexOf(4, { valueOf() { shrinking.length = 2; return 0; } });
    const shrinking2 = [1, 2, 3, 4, 5];
    const shrunkIncludes = shrinking2.includes(undefined, { valueOf() { shrinking2.length = 2; return 0; } });
    out.push(show([from.indexOf(5, 1), from.indexOf(5, -3), from.indexOf(7, -100), from.indexOf(5, 99), from.includes(6, 5), from.includes(6, -1), from.indexOf(6, 1.9), shrunk, shrunkIncludes]));
    // Holes: `indexOf` skips them, `includes` reads them as undefined, or as a prototype's element.
    const holey = [1, , 3];
    const longer = [1, 2];
    longer.length = 5;
    Object.prototype[4] = "from Object.prototype";
    const inherited = [longer.includes("from Object.prototype"), longer.indexOf("from Object.prototype"), longer.includes(undefined)];
    delete Object.prototype[4];
    out.push(show([holey.indexOf(undefined), holey.includes(undefined), longer.includes(undefined), longer.indexOf(undefined), inherited, new Array(3).includes(undefined), [].includes(undefined), Array.prototype.indexOf.call({ length: 2, 0: "a", 1: "b" }, "b"), Array.prototype.includes.call("abc", "c")]));
"#;

const EXPECTED: [&str; 4] = [
    r#"[1500,[0,419,838,1257,176],1500,[60.75,165.5,270.25],300]"#,
    r#"[2,true,-1,-1,-1,false,-1,true,2,true,-1,1,0,-1,true,3,4,-1,6,true]"#,
    r#"[3,3,2,-1,false,false,1,-1,true]"#,
    r#"[-1,true,true,-1,[true,4,true],true,false,1,true]"#,
];

#[test]
fn array_searches_are_as_in_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn array_searches_are_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(BODY, &EXPECTED).await;
}
