//! Calls that run bare (vendor/README.md, patch 109: no native frame, argument list or realm
//! swap): `Math`'s functions where every argument is a Number, and the getters of a `Map`'s and a
//! `Set`'s `size` and a typed array's `length`, `byteLength` and `byteOffset`. Every function of
//! `Math` over Numbers at the edges of int32 and of doubles gives what it gives through `apply` (a
//! native call), and the exact ones what Node gives; arguments that convert (strings, objects
//! whose `valueOf` is counted) and arguments that throw; a function taken out of `Math`, made a
//! method or replaced; calls from loops; getters read in loops, given a `this` they do not take
//! (the error is thrown with a native call's steps), and shadowed by a class's or an instance's
//! own. The expected lines are what Node 20 prints for the same script.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    const num = (v) => (Object.is(v, -0) ? "-0" : typeof v === "bigint" ? `${v}n` : String(v));
    const hash = (text) => { let h = 2166136261; for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0; return h.toString(16); };
    const values = [0, -0, 1, -1, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 7, 2147483647, -2147483648, 2147483648, 4294967295, 1e308, -1e-308, 5e-324, NaN, Infinity, -Infinity, Math.PI, 123.456];
    // Every function of Math over Numbers, called as `Math.f(x)` (bare) and through `apply`
    // (a native call's steps): the same result each time.
    const unary = ["abs", "acos", "acosh", "asin", "asinh", "atan", "atanh", "cbrt", "ceil", "clz32", "cos", "cosh", "exp", "expm1", "floor", "fround", "log", "log1p", "log10", "log2", "round", "sign", "sin", "sinh", "sqrt", "tan", "tanh", "trunc"];
    const binary = ["atan2", "hypot", "imul", "max", "min", "pow"];
    let differ = [];
    for (let round = 0; round < 2; round++) {
      for (const name of unary) for (const x of values) {
        if (!Object.is(Math[name](x), Math[name].apply(null, [x]))) differ.push(`${name}(${num(x)})`);
      }
      for (const name of binary) for (const x of values) for (const y of values) {
        if (!Object.is(Math[name](x, y), Math[name].apply(null, [x, y]))) differ.push(`${name}(${num(x)}, ${num(y)})`);
      }
    }
    out.push(`bare and native differ: ${differ.length} ${differ.slice(0, 5).join(" ")}`);
    // The functions whose results are exact, against Node's.
    for (const name of ["abs", "ceil", "clz32", "floor", "fround", "round", "sign", "sqrt", "trunc"]) out.push(`${name} ${hash(values.map((x) => num(Math[name](x))).join(","))}`);
    for (const name of ["imul", "max", "min"]) {
      const results = [];
      for (const x of values) for (const y of values) results.push(num(Math[name](x, y)));
      out.push(`${name} ${hash(results.join(","))}`);
    }
    out.push([Math.max(), Math.min(), Math.max(3), Math.max(1, 9, 4), Math.max(1, 2, 3, 4), Math.min(4, 3, 2, 1, 0.5), Math.hypot(3, 4, 12), Math.max(1, NaN, 3), Math.min(-0, 0), Math.max(-0, 0)].map(num).join(" "));
    // Arguments that are not Numbers convert, in order, once each, as a native call does.
    const calls = [];
    const counted = (v) => ({ valueOf() { calls.push(v); return v; } });
    out.push([Math.max("3", 2), Math.floor("2.7"), Math.min(true, 2), Math.abs(null), Math.sign(undefined), Math.max(counted(4), counted(9)), Math.floor(counted(2.5)), Math.max(1, counted(5), 2)].map(num).join(" ") + ` ${calls.join(",")}`);
    const thrown = [];
    for (const call of [() => Math.floor(1n), () => Math.max(1, 2n), () => Math.max(1, { valueOf() { throw new RangeError("inner"); } }), () => Math.sqrt(Symbol("s"))]) {
      try { call(); thrown.push("none"); } catch (error) { thrown.push(`${error.name}:${error.message === "inner" ? "inner" : "converted"}`); }
    }
    out.push(thrown.join(" "));
    // A Math function taken out of Math, made a method, or replaced.
    const { floor, max } = Math;
    const holder = { pick: Math.min, floor };
    out.push([floor(2.5), max(1, 7), holder.pick(4, 2), holder.floor(-1.5), Math.max.call("this", 1, 8), Reflect.apply(Math.min, null, [5, 6])].map(num).join(" "));
    const saved = Math.floor;
    Math.floor = (x) => `mine ${x}`;
    const replaced = [];
    for (let i = 0; i < 3; i++) replaced.push(Math.floor(i + 0.5));
    Math.floor = saved;
    replaced.push(Math.floor(2.5));
    out.push(replaced.join(" "));
    out.push([typeof Math.random(), Math.random() >= 0 && Math.random() < 1].join(" "));
    // In loops: the call path of an LCS table and of a running sum.
    function lcs(a, b) {
      const table = [];
      for (let i = 0; i <= a.length; i++) table.push(new Array(b.length + 1).fill(0));
      for (let i = 1; i <= a.length; i++) for (let j = 1; j <= b.length; j++)
        table[i][j] = a[i - 1] === b[j - 1] ? table[i - 1][j - 1] + 1 : Math.max(table[i - 1][j], table[i][j - 1]);
      return table[a.length][b.length];
    }
    let sum = 0;
    for (let i = 0; i < 20000; i++) sum += Math.floor(i / 3) + Math.round(i * 0.37) - Math.trunc(-i / 7) + Math.abs(i % 5 - 2) + Math.min(i, 100);
    out.push(`${lcs("the quick brown fox jumps over the lazy dog", "pack my box with five dozen liquor jugs")} ${lcs("a".repeat(40), "ab".repeat(30))} ${sum} ${hash([1, 2, 3].map(Math.sqrt).map(num).join(","))}`);
    // An error's stack from inside a conversion still names the frames.
    let stack = "";
    try { Math.max(1, { valueOf() { throw new Error("deep"); } }); } catch (error) { stack = typeof error.stack; }
    out.push(stack);
    // Getters that run bare (a Map's and a Set's size, a typed array's length, byteLength and
    // byteOffset), read in loops, from a prototype, and given a `this` they do not take.
    const map = new Map(), set = new Set();
    const sizes = [];
    for (let i = 0; i < 300; i++) { map.set(i % 50, i); set.add(i % 70); if (i % 60 === 0) sizes.push(`${map.size}/${set.size}`); }
    map.delete(3); set.clear();
    sizes.push(`${map.size}/${set.size}`);
    out.push(sizes.join(" "));
    const buffer = new ArrayBuffer(64);
    const views = [new Float64Array(5), new Int16Array(buffer, 8, 12), new Uint8ClampedArray(buffer, 3), new BigInt64Array(2), new Float32Array([1, 2, 3])];
    const lengths = [];
    for (const view of views) { let sum = 0; for (let i = 0; i < view.length; i++) sum += Number(view[i]) + 1; lengths.push(`${view.constructor.name}:${view.length},${view.byteLength},${view.byteOffset},${sum}`); }
    out.push(lengths.join(" "));
    const errors = [];
    const getter = (proto, name) => Object.getOwnPropertyDescriptor(proto, name).get;
    const typedLength = getter(Object.getPrototypeOf(Int8Array.prototype), "length");
    for (const [get, receiver] of [[getter(Map.prototype, "size"), set], [getter(Set.prototype, "size"), map], [typedLength, [1, 2]], [typedLength, {}], [getter(Map.prototype, "size"), undefined]]) {
      try { errors.push(String(get.call(receiver))); } catch (error) { errors.push(`${error.constructor.name}`); }
    }
    out.push(errors.join(" "));
    // An object whose prototype is a Map's: its `size` getter throws, each time, in a loop.
    const fake = Object.create(Map.prototype);
    let fakeThrown = 0;
    for (let i = 0; i < 3; i++) { try { fake.size; } catch (error) { if (error instanceof TypeError) fakeThrown++; } }
    out.push(`fake ${fakeThrown}`);
    // A getter replaced, and one defined on an instance, win over the built-in one.
    class Sized extends Map { get size() { return "mine"; } }
    const own = new Map([[1, 2]]);
    Object.defineProperty(own, "size", { get() { return "own"; } });
    const typed = new Uint8Array(4);
    Object.defineProperty(typed, "length", { value: 99 });
    out.push([new Sized([[1, 1]]).size, own.size, typed.length, new Map([[1, 1], [2, 2]]).size].join(" "));
    const settled = Promise.resolve();
"#;

const EXPECTED: [&str; 26] = [
    r#"bare and native differ: 0 "#,
    r#"abs ab26c777"#,
    r#"ceil 9e15d805"#,
    r#"clz32 a3055486"#,
    r#"floor db74b1fb"#,
    r#"fround 44b47dba"#,
    r#"round da55c76c"#,
    r#"sign 2785e18a"#,
    r#"sqrt 1e82c75e"#,
    r#"trunc da3e1209"#,
    r#"imul d726d7eb"#,
    r#"max e54234ed"#,
    r#"min d8872561"#,
    r#"-Infinity Infinity 3 9 4 0.5 13 NaN -0 0"#,
    r#"3 2 1 0 NaN 9 2 5 4,9,2.5,5"#,
    r#"TypeError:converted TypeError:converted RangeError:inner TypeError:converted"#,
    r#"2 7 2 -2 8 5"#,
    r#"mine 0.5 mine 1.5 mine 2.5 2"#,
    r#"number true"#,
    r#"16 30 171233446 40d582a3"#,
    r#"string"#,
    r#"1/1 50/61 50/70 50/70 50/70 49/0"#,
    r#"Float64Array:5,40,0,5 Int16Array:12,24,8,12 Uint8ClampedArray:61,61,3,61 BigInt64Array:2,16,0,2 Float32Array:3,12,0,9"#,
    r#"TypeError TypeError TypeError TypeError TypeError"#,
    r#"fake 3"#,
    r#"mine own 99 2"#,
];

#[test]
fn bare_calls_are_as_in_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn bare_calls_are_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(&format!("{BODY}\nawait settled;"), &EXPECTED).await;
}
