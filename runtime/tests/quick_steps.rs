//! Arithmetic, comparisons, jumps and element reads and writes, which run in the run loop's
//! quick loop (vendor/README.md, patch 107) in the cases it can and through their handlers in
//! the rest: every binary operator over values at the edges of int32 and of numbers and over
//! values that convert (an object's `valueOf` called once per operation), counting loops across
//! the ends of int32, `++` on what is not a number (`old = s++` of the string "5" is 5, not
//! "5": patch 108), errors thrown where an operator converts, elements of dense and holey
//! Arrays, getters, frozen Arrays, proxies, strings and typed arrays of every kind, and loops
//! inside a generator and an async function. The expected lines are what Node 20 prints for
//! the same script.

#[path = "support/node_lines.rs"]
mod node_lines;

use boa_engine::Context;
use node_lines::plain_boa;

/// Pushes its lines to `out`; `settled` settles after the async function's line.
const BODY: &str = r#"
    const out = [];
    const num = (v) => (Object.is(v, -0) ? "-0" : typeof v === "bigint" ? `${v}n` : String(v));
    // A running hash of strings, the same in every engine: one line per operator stays short
    // and still names the operator that differs.
    const hash = (text) => { let h = 2166136261; for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0; return h.toString(16); };
    // Every binary operator over pairs of values at the edges of int32 and of numbers, and
    // values that convert (strings, booleans, null, undefined, an object's valueOf), each
    // operator in a loop of locals.
    const calls = [];
    const counted = { valueOf() { calls.push("valueOf"); return 3; } };
    const values = [0, -0, 1, -1, 7, 2147483647, -2147483648, 2147483648, 4294967295, 0.5, -2.5, 1e308, NaN, Infinity, -Infinity, "7", "", "x", true, null, undefined, counted];
    const operators = {
      "+": (x, y) => x + y, "-": (x, y) => x - y, "*": (x, y) => x * y, "/": (x, y) => x / y, "%": (x, y) => x % y, "**": (x, y) => x ** y,
      "&": (x, y) => x & y, "|": (x, y) => x | y, "^": (x, y) => x ^ y, "<<": (x, y) => x << y, ">>": (x, y) => x >> y, ">>>": (x, y) => x >>> y,
      "<": (x, y) => x < y, "<=": (x, y) => x <= y, ">": (x, y) => x > y, ">=": (x, y) => x >= y,
      "==": (x, y) => x == y, "!=": (x, y) => x != y, "===": (x, y) => x === y, "!==": (x, y) => x !== y,
    };
    for (const [name, operator] of Object.entries(operators)) {
      const results = [];
      for (let i = 0; i < values.length; i++) for (let j = 0; j < values.length; j++) results.push(num(operator(values[i], values[j])));
      out.push(`${name} ${results.length} ${hash(results.join(","))}`);
    }
    out.push(`valueOf ${calls.length}`);
    // The same operators written out in one function, so that each is its own instruction
    // (not a call to an arrow) between locals.
    function spelled(x, y) {
      let r = 0;
      const a = [x + y, x - y, x * y, x / y, x % y, x & y, x | y, x ^ y, x << y, x >> y, x >>> y];
      const b = [x < y, x <= y, x > y, x >= y, x == y, x != y, x === y, x !== y, !x, !y];
      if (x < y) r += 1; if (x <= y) r += 2; if (x > y) r += 4; if (x >= y) r += 8; if (x == y) r += 16; if (x != y) r += 32;
      if (x) r += 64; if (!y) r += 128; if (x ?? y) r += 256; if (x?.length) r += 512;
      return a.map(num).join(",") + "|" + b.join(",") + "|" + r;
    }
    const lines = [];
    for (let round = 0; round < 2; round++) for (const x of values) for (const y of values) lines.push(spelled(x, y));
    out.push(`spelled ${lines.length} ${hash(lines.slice(0, lines.length / 2).join(";"))} ${hash(lines.slice(lines.length / 2).join(";"))}`);
    out.push(`valueOf ${calls.length}`);
    // Each operator first in a loop's pass, where the loop's quick instructions run it (its
    // operands read by index, a case it cannot run given to its handler).
    const xs = [], ys = [];
    for (const x of values) for (const y of values) { xs.push(x); ys.push(y); }
    function looped(n) {
      const results = [];
      { const r = []; for (let i = 0; i < n; i++) { const v = xs[i] + ys[i]; r.push(v); } results.push(r); }
      { const r = []; for (let i = 0; i < n; i++) { const v = xs[i] - ys[i]; r.push(v); } results.push(r); }
      { const r = []; for (let i = 0; i < n; i++) { const v = xs[i] * ys[i]; r.push(v); } results.push(r); }
      { const r = []; for (let i = 0; i < n; i++) { const v = xs[i] / ys[i]; r.push(v); } results.push(r); }
      { const r = []; for (let i = 0; i < n; i++) { const v = xs[i] % ys[i]; r.push(v); } results.push(r); }
      { const r = []; for (let i = 0; i < n; i++) { const v = xs[i] ** ys[i]; r.push(v); } results.push(r); }
      { const r = []; for (let i = 0; i < n; i++) { const v = xs[i] & ys[i]; r.push(v); } results.push(r); }
      { const r = []; for (let i = 0; i < n; i++) { const v = xs[i] | ys[i]; r.push(v); } results.push(r); }
      { const r = []; for (let i = 0; i < n; i++) { const v = xs[i] ^ ys[i]; r.push(v); } results.push(r); }
      { const r = []; for (let i = 0; i < n; i++) { const v = xs[i] << ys[i]; r.push(v); } results.push(r); }
      { const r = []; for (let i = 0; i < n; i++) { const v = xs[i] >> ys[i]; r.push(v); } results.push(r); }
      { const r = []; for (let i = 0; i < n; i++) { const v = xs[i] >>> ys[i]; r.push(v); } results.push(r); }
      { const r = []; for (let i = 0; i < n; i++) { const v = xs[i] < ys[i]; r.push(v); } results.push(r); }
      { const r = []; for (let i = 0; i < n; i++) { const v = xs[i] <= ys[i]; r.push(v); } results.push(r); }
      { const r = []; for (let i = 0; i < n; i++) { const v = xs[i] > ys[i]; r.push(v); } results.push(r); }
      { const r = []; for (let i = 0; i < n; i++) { const v = xs[i] >= ys[i]; r.push(v); } results.push(r); }
      { const r = []; for (let i = 0; i < n; i++) { const v = xs[i] == ys[i]; r.push(v); } results.push(r); }
      { const r = []; for (let i = 0; i < n; i++) { const v = xs[i] != ys[i]; r.push(v); } results.push(r); }
      { const r = []; for (let i = 0; i < n; i++) { const v = xs[i] === ys[i]; r.push(v); } results.push(r); }
      { const r = []; for (let i = 0; i < n; i++) { const v = xs[i] !== ys[i]; r.push(v); } results.push(r); }
      { const r = []; for (let i = 0; i < n; i++) { let v = xs[i]; v++; r.push(v); } results.push(r); }
      { const r = []; for (let i = 0; i < n; i++) { let v = ys[i]; v--; r.push(v); } results.push(r); }
      { const r = []; for (let i = 0; i < n; i++) { const v = xs[i] ? 1 : xs[i] ?? 2; r.push(v); } results.push(r); }
      { const r = []; for (let i = 0; i < n; i++) { const v = !ys[i]; r.push(v); } results.push(r); }
      return results.map((r) => hash(r.map(num).join(","))).join(" ");
    }
    out.push(`looped ${looped(xs.length)}`);
    out.push(`valueOf ${calls.length}`);
    // Counting loops across the ends of int32, up and down, and ++/-- on what is not a number.
    function counting() {
      let up = 0, down = 0, steps = 0;
      for (let i = 2147483640; i < 2147483655; i++) { up += i; steps++; }
      for (let i = -2147483640; i > -2147483655; i--) { down += i; steps++; }
      let f = 0.5; for (let k = 0; k < 5; k++) f++;
      let s = "5"; s++; let t = "x"; t--; let u; u++; let n = null; n++; let b = 10n; b++; b--; b--;
      let o = { valueOf() { return 41; } }; const old = o++; let p = "5"; const oldP = p++; let q = "9"; const oldQ = q--;
      let m = 2147483647; const before = m++; let l = -2147483648; l--;
      return [up, down, steps, f, s, t, u, n, b, o, old, p, oldP, typeof oldP, q, oldQ, typeof oldQ, m, before, l].map(num).join(" ");
    }
    out.push(counting());
    // Errors thrown where an operator converts, caught in the loop that makes them.
    function throwing() {
      const bad = { valueOf() { throw new Error("no number"); } };
      const seen = [];
      for (let i = 0; i < 4; i++) {
        try { seen.push(num(i % 2 ? i * 2 : bad * 2)); } catch (error) { seen.push(error.message); }
        try { seen.push(num(1n + i)); } catch (error) { seen.push(error.constructor.name); }
        try { let x = i < 2 ? bad : 3; x++; seen.push(num(x)); } catch (error) { seen.push("inc:" + error.message); }
        try { seen.push(String(Symbol("s") < i)); } catch (error) { seen.push(error.constructor.name); }
      }
      return seen.join(" ");
    }
    out.push(throwing());
    // A numeric kernel: a running hash past int32 modulo primes, integer division by shifts,
    // and a sum of fractions, as a checksum loop writes them.
    function kernel() {
      let a = 1, b = 0, h = 0, q = 0, sum = 0;
      for (let i = 0; i < 100000; i++) {
        b = (b + a * i) % 1000003; a = (a * 31 + 7) % 65521;
        h = (h * 33) ^ i; h = h >>> 0; q = (q + (i >> 3) - (i << 1)) | 0;
        sum += i / 7;
      }
      return [a, b, h, q, sum].map(num).join(" ");
    }
    out.push(kernel());
    // Element reads and writes in loops: dense, holes with a prototype's element, a getter, a
    // frozen array, an index past the end, a proxy, strings, typed arrays of every kind.
    function elements() {
      const seen = [];
      const dense = [10, 20, 30, 40];
      let total = 0;
      for (let i = 0; i < 6; i++) total += dense[i] ?? 1000;
      for (let i = 0; i < 4; i++) dense[i] = dense[i] * 2 + i;
      seen.push(total, dense.join("-"));
      Array.prototype[3] = "proto";
      const holes = [1, , 3, , 5];
      const read = [];
      for (let i = 0; i < holes.length; i++) read.push(holes[i]);
      delete Array.prototype[3];
      seen.push(read.join("-"));
      const getters = [1, 2, 3];
      let gets = 0;
      Object.defineProperty(getters, 1, { get() { gets++; return 20; }, set(v) { gets += v; } });
      let g = 0;
      for (let i = 0; i < 3; i++) { g += getters[i]; getters[i] = 100; }
      seen.push(g, gets, getters.join("-"));
      const frozen = Object.freeze([1, 2, 3]);
      for (let i = 0; i < 3; i++) frozen[i] = 9;
      seen.push(frozen.join("-"));
      const strictWrite = (function () { "use strict"; try { for (let i = 0; i < 3; i++) frozen[i] = 9; return "wrote"; } catch (e) { return e.constructor.name; } })();
      seen.push(strictWrite);
      const trapped = [];
      const proxy = new Proxy([1, 2, 3], { get(t, k) { trapped.push("get " + String(k)); return t[k]; }, set(t, k, v) { trapped.push("set " + k); t[k] = v; return true; } });
      for (let i = 0; i < 2; i++) proxy[i] = proxy[i] + 1;
      seen.push(trapped.join(","));
      const text = "héllo";
      let chars = "";
      for (let i = 0; i < 6; i++) chars += text[i] ?? "_";
      seen.push(chars);
      const sparse = [];
      for (let i = 0; i < 5; i += 2) sparse[i] = i;
      seen.push(sparse.length, JSON.stringify(sparse));
      const inputs = [300, -1, 1.5, -1.5, 2.5, 255.5, NaN, Infinity, -0, 65537, 2 ** 32 + 5, "12", true];
      for (const Kind of [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array]) {
        const array = new Kind(inputs.length);
        for (let i = 0; i < inputs.length + 2; i++) array[i] = inputs[i % inputs.length];
        let line = "";
        for (let i = 0; i < inputs.length + 2; i++) line += num(array[i]) + " ";
        seen.push(Kind.name + ": " + line.trim());
      }
      const big = new BigInt64Array(3);
      for (let i = 0; i < 3; i++) big[i] = BigInt(i) * -5n;
      try { big[0] = 1; } catch (error) { seen.push(error.constructor.name); }
      seen.push(Array.from(big, num).join(" "));
      return seen.join(" | ");
    }
    out.push(elements());
    // A generator and an async function whose loops are quick instructions between yields
    // and awaits.
    function* evens(limit) { for (let i = 0; i < limit; i++) if (i % 2 === 0) yield i * i; }
    let fromGenerator = 0;
    for (const value of evens(1000)) fromGenerator = (fromGenerator + value) % 65521;
    out.push(`generator ${fromGenerator}`);
    async function sums() { let s = 0; for (let i = 0; i < 50; i++) { s += i; if (i % 10 === 0) await null; s = s * 3 % 1009; } return s; }
    const settled = sums().then((s) => out.push(`async ${s}`));"#;

const EXPECTED: [&str; 31] = [
    r#"+ 484 7e9543ad"#,
    r#"- 484 8247bb5e"#,
    r#"* 484 333c4acd"#,
    r#"/ 484 62f74a2b"#,
    r#"% 484 becf8ee9"#,
    r#"** 484 e82c7cd0"#,
    r#"& 484 b10dba5b"#,
    r#"| 484 ad1de3ad"#,
    r#"^ 484 c0aac9f1"#,
    r#"<< 484 c589d9fe"#,
    r#">> 484 7ad22a66"#,
    r#">>> 484 aca045e7"#,
    r#"< 484 63de5536"#,
    r#"<= 484 ae43bfaa"#,
    r#"> 484 b3b82c1e"#,
    r#">= 484 7e123966"#,
    r#"== 484 70aaf384"#,
    r#"!= 484 4fd27ba"#,
    r#"=== 484 4131ce68"#,
    r#"!== 484 31fd9d0a"#,
    r#"valueOf 780"#,
    r#"spelled 968 661e8b60 661e8b60"#,
    r#"valueOf 2756"#,
    r#"looped 7e9543ad 8247bb5e 333c4acd 62f74a2b becf8ee9 e82c7cd0 b10dba5b ad1de3ad c0aac9f1 c589d9fe 7ad22a66 aca045e7 63de5536 ae43bfaa b3b82c1e 7e123966 70aaf384 4fd27ba 4131ce68 31fd9d0a 94cb3acf 9a6a990b da885275 361fd61f"#,
    r#"valueOf 3580"#,
    r#"32212254705 -32212254705 30 5.5 6 NaN NaN 1 9n 42 41 6 5 number 8 9 number 2147483648 2147483647 -2147483649"#,
    r#"no number TypeError inc:no number TypeError 2 TypeError inc:no number TypeError no number TypeError 4 TypeError 6 TypeError 4 TypeError"#,
    r#"31133 430908 1240503296 -785015408 714278571.4285715"#,
    r#"2100 | 20-41-62-83 | 1--3-proto-5 | 24 | 101 | 100-20-100 | 1-2-3 | TypeError | get 0,set 0,get 1,set 1 | héllo_ | 5 | [0,null,2,null,4] | Int8Array: 44 -1 1 -1 2 -1 0 0 0 1 5 12 1 undefined undefined | Uint8Array: 44 255 1 255 2 255 0 0 0 1 5 12 1 undefined undefined | Uint8ClampedArray: 255 0 2 0 2 255 0 255 0 255 255 12 1 undefined undefined | Int16Array: 300 -1 1 -1 2 255 0 0 0 1 5 12 1 undefined undefined | Uint16Array: 300 65535 1 65535 2 255 0 0 0 1 5 12 1 undefined undefined | Int32Array: 300 -1 1 -1 2 255 0 0 0 65537 5 12 1 undefined undefined | Uint32Array: 300 4294967295 1 4294967295 2 255 0 0 0 65537 5 12 1 undefined undefined | Float32Array: 300 -1 1.5 -1.5 2.5 255.5 NaN Infinity -0 65537 4294967296 12 1 undefined undefined | Float64Array: 300 -1 1.5 -1.5 2.5 255.5 NaN Infinity -0 65537 4294967301 12 1 undefined undefined | TypeError | 0n -5n -10n"#,
    r#"generator 5744"#,
    r#"async 173"#,
];

#[test]
fn quick_instructions_are_as_in_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn quick_instructions_are_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(&format!("{BODY}\nawait settled;"), &EXPECTED).await;
}

/// The loop limit holds where the loop's instructions are all quick ones: a loop within it
/// runs, one past it stops with the limit's error, which `catch` does not see.
#[test]
fn the_loop_limit_stops_a_loop_of_quick_instructions() {
    let mut context = Context::default();
    context.runtime_limits_mut().set_loop_iteration_limit(1_000);
    let within = "(function () { let s = 0; for (let i = 0; i < 900; i++) s = (s + i * 7) % 97; return s; })()";
    assert_eq!(
        plain_boa::eval(&mut context, within),
        ((0..900).fold(0, |s, i| (s + i * 7) % 97)).to_string()
    );
    for past in [
        "(function () { let s = 0; for (;;) s = (s + 1) % 7; })()",
        "(function () { let i = 0; try { while (i >= 0) i++; } catch { return 'caught'; } })()",
        "(function () { const a = [1, 2]; let s = 0; do { s += a[s & 1]; } while (true); })()",
    ] {
        let ended = plain_boa::eval(&mut context, past);
        let limit = "uncaught RuntimeLimitError: reached the maximum number of iteration loops";
        assert!(ended.starts_with(limit), "{past}: {ended}");
    }
}
