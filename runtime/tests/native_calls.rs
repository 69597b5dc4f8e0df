//! ordo's patch 11 to Boa (vendor/README.md): a call of a built-in pops its arguments into a list
//! kept from an earlier call instead of a new one, clones only what the call needs from the
//! function object, and swaps the realm only when the function's differs. What a script sees must
//! not change: built-ins called from callbacks of built-ins, `apply` with 200 arguments, errors
//! thrown and caught in a loop, a callback throwing through a built-in, bound built-ins and
//! built-ins as callbacks. Patch 13: `padStart` and `padEnd` with Latin-1 and UTF-16 strings and
//! fillers, fillers cut, and nothing to add. The expected lines are what Node 20 prints for the
//! same script.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    const show = (v) => JSON.stringify(v);
    // Built-ins called from built-ins called from scripts: each call's arguments are its own.
    const nested = [1, 2, 3].map((x) => Math.max(x, ...[4, 5].map((y) => Math.min(y, x * 2))));
    const applied = Math.max.apply(null, Array.from({ length: 200 }, (_, i) => (i * 37) % 199));
    const joined = ["a", "b"].map((s, i, all) => [s, i, all.length].concat([s.padStart(i + 2, "-")]).join("|"));
    const viaCall = Array.prototype.map.call("xyz", (c, i) => String.fromCharCode(c.charCodeAt(0) + i));
    const reentrant = [3, 1, 2].sort((a, b) => [a, b].reduce((p, q) => Math.max(p, q)) === a ? 1 : -1);
    out.push(show([nested, applied, joined, viaCall, reentrant]));
    // Thrown from a built-in inside a loop, caught each time: every later call still sees its own arguments.
    const caught = [];
    for (let i = 0; i < 50; i++) {
        try { JSON.parse(i % 2 ? "{" : `[${i}]`); caught.push(Math.min(i, 100, i * 2)); } catch (e) { caught.push(e.constructor.name.length + Math.max(i, 0)); }
    }
    out.push(show(caught.slice(0, 6).concat(caught.slice(-4))));
    // A built-in's own arguments while a callback it calls throws through it, and after.
    let through = "none";
    try { [1, 2].map((x) => { if (x === 2) throw new TypeError(`at ${x}`); return Math.max(x, 0); }); } catch (e) { through = e.message; }
    out.push(`${through} ${Math.max(1, 2, 3)} ${[1, 2].map((x) => x * 2)}`);
    // Bound natives, natives as callbacks, this of a native.
    const boundMax = Math.max.bind(null, 10);
    const trims = ["  a ", " b"].map(Function.prototype.call, String.prototype.trim);
    out.push(show([boundMax(3, 20), boundMax(), trims, [1, 2, 3].map(Math.sqrt).map((v) => v.toFixed(3)), Reflect.apply(Math.pow, undefined, [2, 10])]));
    // padStart and padEnd (patch 13): Latin-1 and UTF-16 strings and fillers, fillers cut, nothing to add.
    const pads = [];
    for (const s of ["ab", "é", "日本", ""]) for (const fill of [undefined, "xyz", "ü", "😀", ""]) pads.push(s.padStart(7, fill) + "|" + s.padEnd(6, fill) + "|" + s.padEnd(1, fill));
    const wide = "x".padEnd(100000, "ab");
    out.push(`${show(pads)} ${wide.length} ${wide.slice(-5)} ${"5".padStart(5, 0)} ${"a".padEnd(3, { toString() { return "-"; } })}`);
"#;

const EXPECTED: [&str; 5] = [
    r#"[[2,4,5],198,["a|0|2|-a","b|1|2|--b"],["x","z","|"],[1,2,3]]"#,
    r#"[0,12,2,14,4,16,46,58,48,60]"#,
    r#"at 2 3 2,4"#,
    r#"[20,10,["a","b"],["1.000","1.414","1.732"],1024]"#,
    r#"["     ab|ab    |ab","xyzxyab|abxyzx|ab","üüüüüab|abüüüü|ab","😀😀\ud83dab|ab😀😀|ab","ab|ab|ab","      é|é     |é","xyzxyzé|éxyzxy|é","üüüüüüé|éüüüüü|é","😀😀😀é|é😀😀\ud83d|é","é|é|é","     日本|日本    |日本","xyzxy日本|日本xyzx|日本","üüüüü日本|日本üüüü|日本","😀😀\ud83d日本|日本😀😀|日本","日本|日本|日本","       |      | ","xyzxyzx|xyzxyz|x","üüüüüüü|üüüüüü|ü","😀😀😀\ud83d|😀😀😀|\ud83d","||"] 100000 ababa 00005 a--"#,
];

#[test]
fn calls_of_built_ins_behave_as_in_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn calls_of_built_ins_behave_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(BODY, &EXPECTED).await;
}
