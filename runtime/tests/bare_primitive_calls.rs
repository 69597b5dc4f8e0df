//! The string and number methods that run bare on primitives (vendor/README.md, patch 116;
//! `BareArguments::Primitives`): every one of them on strings and numbers at their edges with
//! arguments of every primitive kind, many times from one place; `parseInt`, `parseFloat`,
//! `isNaN`, `isFinite`, `Number.isInteger` and its kin, `String.fromCharCode`; and each case
//! that must take the full call: a `String` object as `this`, an object argument (converted
//! once), a symbol, the wrong kind of `this`, a method made a getter (its `this` converted),
//! an error that keeps its frames. The expected lines are what Node 20 prints for the same
//! script.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    const show = (value) => JSON.stringify(value, (k, v) => (v === undefined ? "<undefined>" : typeof v === "number" && !Number.isFinite(v) ? String(v) : typeof v === "bigint" ? `${v}n` : v));
    const attempt = (run) => { try { return run(); } catch (e) { return e.constructor.name; } };
    // Every method that runs bare, on primitives at their edges, many times from one place.
    const texts = ["", "a", "Hello, World", "  padded\t\n", "é€😀x", "\ud800lone", "a,b,,c", "ÄÖÜ ß"];
    const args = [undefined, null, true, false, 0, -0, 1, -1, 2.7, 100, NaN, Infinity, -Infinity, "", "1", "l", ",", "é", 10n];
    const methods = ["at", "charAt", "charCodeAt", "codePointAt", "concat", "endsWith", "includes", "indexOf", "isWellFormed", "lastIndexOf", "localeCompare", "normalize", "padEnd", "padStart", "repeat", "slice", "startsWith", "substr", "substring", "toLowerCase", "toString", "toUpperCase", "toWellFormed", "trim", "trimEnd", "trimStart", "valueOf"];
    const results = [];
    for (const name of methods) {
      for (const text of texts) {
        for (const a of args) {
          for (const b of [undefined, 2, "x"]) {
            results.push(attempt(() => { const r = text[name](a, b); return typeof r === "string" ? r.length + ":" + r.slice(0, 6) : r; }));
          }
        }
      }
    }
    let hash = 2166136261;
    const joined = show(results);
    for (let i = 0; i < joined.length; i++) hash = Math.imul(hash ^ joined.charCodeAt(i), 16777619) >>> 0;
    out.push(`${results.length} ${hash.toString(16)} ${show(results.slice(0, 12))}`);
    const numbers = [0, -0, 1.005, -2.5, 123456.789, 1e21, 1e-7, NaN, Infinity, 2 ** 53, 255];
    const numberResults = [];
    for (const n of numbers) {
      for (const a of [undefined, 0, 2, 5, 16, 36, 101, -1, "3"]) {
        numberResults.push(attempt(() => n.toFixed(a)), attempt(() => n.toPrecision(a)), attempt(() => n.toExponential(a)), attempt(() => n.toString(a)));
      }
      numberResults.push(n.valueOf(), Number.isInteger(n), Number.isSafeInteger(n), Number.isFinite(n), Number.isNaN(n), isNaN(n), isFinite(n));
    }
    out.push(show(numberResults.slice(0, 40)) + " " + numberResults.length + " " + show(numberResults.filter((r) => typeof r === "string" && r.length < 12).length));
    const parsed = ["08", "0x1F", " 42px", "-0", "1e3", "3.14abc", "", "Infinity", "z", "  \n7"].map((s) => [parseInt(s), parseInt(s, 16), parseFloat(s), isNaN(s), isFinite(s), Number.isNaN(s), Number.isInteger(s)]);
    out.push(show(parsed));
    out.push(show([String.fromCharCode(72, 105), String.fromCharCode(0x1f600), String.fromCharCode(-1, 65.9), String.fromCodePoint(0x1f600, 65), attempt(() => String.fromCodePoint(-1)), attempt(() => String.fromCodePoint(1.5))]));
    // Where the call is not bare: a String object as `this`, an object argument (its
    // conversion is called once), a symbol (thrown), a method on the wrong kind of `this`, a
    // method made a getter.
    const log = [];
    const convert = { toString() { log.push("toString"); return "l"; }, valueOf() { log.push("valueOf"); return 1; } };
    const boxed = new String("hello");
    out.push(show([boxed.indexOf("l"), boxed.at(-1), "hello".indexOf(convert), "hello".slice(convert), "hello".padStart(convert), "hello".localeCompare(convert), log.splice(0)]));
    out.push(show([attempt(() => "a".indexOf(Symbol("s"))), attempt(() => "a".concat(Symbol("s"))), attempt(() => Number.prototype.toFixed.call("5", 2)), attempt(() => String.prototype.trim.call(null)), attempt(() => "x".repeat(-1)), attempt(() => (1).toFixed(101)), attempt(() => "x".normalize("bad"))]));
    const host = { toString() { log.push("host toString"); return "  host  "; } };
    Object.defineProperty(host, "trimmed", { get: String.prototype.trim });
    Object.defineProperty(host, "upper", { get: String.prototype.toUpperCase });
    out.push(show([host.trimmed, host.upper, log.splice(0), Object.defineProperty({}, "t", { get: String.prototype.trim }).t]));
    // An error from a call that ran bare first keeps its frames.
    function thrower() { return "x".repeat(-1); }
    let stack = "";
    try { thrower(); } catch (e) { stack = String(e.stack); }
    out.push(show([stack.includes("thrower"), "ab".localeCompare("ab", "de"), "a".localeCompare("B"), ["b", "a", "C", "á"].sort((x, y) => x.localeCompare(y))]));
    const settled = Promise.resolve();
"#;

const EXPECTED: [&str; 8] = [
    r#"12312 10a652e0 ["<undefined>","<undefined>","<undefined>","<undefined>","<undefined>","<undefined>","<undefined>","<undefined>","<undefined>","<undefined>","<undefined>","<undefined>"]"#,
    r#"["0","0","0e+0","0","0","RangeError","0e+0","RangeError","0.00","0.0","0.00e+0","0","0.00000","0.0000","0.00000e+0","0","0.0000000000000000","0.000000000000000","0.0000000000000000e+0","0","0.000000000000000000000000000000000000","0.00000000000000000000000000000000000","0.000000000000000000000000000000000000e+0","0","RangeError","RangeError","RangeError","RangeError","RangeError","RangeError","RangeError","RangeError","0.000","0.00","0.000e+0","0",0,true,true,true] 473 308"#,
    r#"[[8,8,8,false,true,false,false],[31,31,0,false,true,false,false],[42,66,42,true,false,false,false],[0,0,0,false,true,false,false],[1,483,1000,false,true,false,false],[3,3,3.14,true,false,false,false],["NaN","NaN","NaN",false,true,false,false],["NaN","NaN","Infinity",false,false,false,false],["NaN","NaN","NaN",true,false,false,false],[7,7,7,false,true,false,false]]"#,
    r#"["Hi","","￿A","😀A","RangeError","RangeError"]"#,
    r#"[2,"o",2,"ello","hello",-1,["toString","valueOf","valueOf","toString"]]"#,
    r#"["TypeError","TypeError","TypeError","TypeError","RangeError","RangeError","RangeError"]"#,
    r#"["host","  HOST  ",["host toString","host toString"],"[object Object]"]"#,
    r#"[true,0,-1,["a","á","b","C"]]"#,
];

/// Plain Boa has no `substr` of Node's (ordo's is its own, `engine/strings/legacy.rs`): its
/// first line, without `substr`.
const PLAIN_BOA_FIRST: &str = r#"11856 96b00539 ["<undefined>","<undefined>","<undefined>","<undefined>","<undefined>","<undefined>","<undefined>","<undefined>","<undefined>","<undefined>","<undefined>","<undefined>"]"#;

#[test]
fn primitive_methods_run_bare_as_in_node_in_plain_boa() {
    let body = BODY.replace("\"substr\", ", "");
    let mut expected = EXPECTED;
    expected[0] = PLAIN_BOA_FIRST;
    node_lines::assert_in_plain_boa(&body, &expected);
}

#[tokio::test]
async fn primitive_methods_run_bare_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(&format!("{BODY}\nawait settled;"), &EXPECTED).await;
}
