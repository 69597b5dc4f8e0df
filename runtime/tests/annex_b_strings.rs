//! `String.prototype.substr`, `trimLeft` and `trimRight` (ECMAScript's Annex B, in every browser
//! and in Node; Boa leaves them out, and ordo adds them in `engine/strings/legacy.rs`): the
//! clamping of `substr`'s start and length, its conversions in order, a call from one line in a
//! loop, and the two other names being the same functions. The expected lines are what Node 20
//! prints for the same script. In the worker only: plain Boa has none of the three.

#[path = "support/node_lines.rs"]
#[allow(dead_code, reason = "plain Boa has none of the three: the body runs in the worker only")]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    const show = (v) => JSON.stringify(v);
    // substr(start, length): negative starts count from the end, lengths clamp, undefined
    // means the rest; values that convert; from one line in a loop, as a parser calls it.
    const s = "2024-03-07T10:15:00Z";
    const cases = [[0, 4], [5, 2], [-9], [-100, 3], [11], [3, -1], [3, 0], [Infinity, 2], [-Infinity, 2], [2, Infinity], [NaN, NaN], ["2", "3"], [1.9, 2.9], [undefined, 3], [2 ** 53, 1], [-(2 ** 31), 2 ** 31 - 1]];
    out.push(show(cases.map((args) => s.substr(...args))));
    const parts = []; for (let i = 0; i < 3; i++) for (const line of ["a=1", "bb=22", "ccc=333"]) parts.push(line.substr(line.indexOf("=") + 1));
    out.push(show([parts, "☃€😀x".substr(1, 2), String.prototype.substr.call(12345, 1, 3), String.prototype.substr.length, String.prototype.substr.name]));
    let thrown; try { String.prototype.substr.call(null, 0); } catch (e) { thrown = e.constructor.name; }
    const order = []; "abc".substr({ valueOf() { order.push("start"); return 1; } }, { valueOf() { order.push("length"); return 1; } });
    // trimLeft and trimRight are trimStart and trimEnd under other names.
    const P = String.prototype;
    out.push(show([thrown, order, " \t x \n".trimLeft(), " x \u00a0".trimRight(), P.trimLeft === P.trimStart, P.trimRight === P.trimEnd, P.trimLeft.name, Object.getOwnPropertyDescriptor(P, "substr").enumerable, Object.keys(P).length]));"#;

const EXPECTED: [&str; 3] = [
    r#"["2024","03","10:15:00Z","202","10:15:00Z","","","","20","24-03-07T10:15:00Z","","24-","02","202","","2024-03-07T10:15:00Z"]"#,
    r#"[["1","22","333","1","22","333","1","22","333"],"€\ud83d","234",2,"substr"]"#,
    r#"["TypeError",["start","length"],"x \n"," x",true,true,"trimStart",false,0]"#,
];

#[tokio::test]
async fn annex_b_string_methods_are_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(BODY, &EXPECTED).await;
}
