//! A typed array made from another (`new Int32Array(float64s)`) converts each element as a Number
//! written into the new kind is converted: `ToInt8` ... `ToUint32` keep the low bits and
//! `ToUint8Clamp` rounds half to even (vendor/README.md, patch 111; Boa clamped and rounded half
//! up). Every kind made from every kind over values at the edges of each, the same as indexed
//! writes and `set` give; Numbers past 2^63 written by every path (`ToInt8` ... `ToUint16` took
//! Boa's saturating `as i64`: `new Int8Array([1e20])[0]` was -1); BigInt kinds, and the
//! TypeError between Number and BigInt kinds. The expected lines are what Node 20 prints for
//! the same script.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    // One typed array made from another: each element converted as a Number written into the
    // new kind is (ToInt8 ... ToUint8Clamp), the same as `set` and indexed writes give.
    const show = (v) => (typeof v === "bigint" ? `${v}n` : Object.is(v, -0) ? "-0" : String(v));
    const kinds = [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array];
    const values = [0, -0, 1, -1, 0.5, 1.5, 2.5, 3.5, -0.5, -2.5, 127, 128, 255, 256, 300.7, -129, 32767, 32768, 65535, 65536, 2147483647, 2147483648, 3e9, 4294967295, 4294967296, -2147483649, 1e20, -1e20, NaN, Infinity, -Infinity, 1.17549435e-38, 3.4028235e38];
    const source = new Float64Array(values);
    let differ = 0;
    for (const From of kinds) {
      const from = new From(source);
      for (const To of kinds) {
        const copied = new To(from);
        const written = new To(from.length);
        for (let i = 0; i < from.length; i++) written[i] = from[i];
        const viaSet = new To(from.length); viaSet.set(from);
        for (let i = 0; i < from.length; i++) if (!Object.is(copied[i], written[i]) || !Object.is(viaSet[i], written[i])) differ++;
      }
      out.push(`${From.name} ${Array.from(from, show).join(",")}`);
    }
    out.push(`copies differ from writes ${differ}`);
    out.push([new Int32Array(new Float64Array([2 ** 31, 3e9])), new Uint8Array(new Float64Array([256, -1, 300.7])), new Int8Array(new Uint8Array([255, 128, 1])), new Uint8ClampedArray(new Float64Array([2.5, 3.5, 0.5, -0.5, 254.5]))].map((a) => Array.from(a).join(",")).join(" "));
    out.push([new BigInt64Array(new BigUint64Array([2n ** 64n - 1n, 5n])), new BigUint64Array(new BigInt64Array([-1n, -(2n ** 63n)]))].map((a) => Array.from(a, show).join(",")).join(" "));
    // Numbers past 2^63 written by every path: ToInt8 ... ToUint16 keep ToInt32's low bits.
    const huge = [1e20, -1e20, 2 ** 63, -(2 ** 64) - 2 ** 12, 3e19, 1.5e300];
    const byPath = [];
    for (const Kind of [Int8Array, Uint8Array, Int16Array, Uint16Array, Int32Array, Uint32Array]) {
      const one = new Kind(1);
      const written = huge.map((x) => { one[0] = x; return one[0]; });
      byPath.push(`${Kind.name}:${Array.from(new Kind(huge)).join(",")}|${Array.from(Kind.of(...huge)).join(",")}|${written.join(",")}|${Array.from(new Kind(huge.length).fill(1e20)).join(",")}`);
    }
    out.push(byPath.join(" "));
    try { new Int8Array(new BigInt64Array(1)); out.push("no error"); } catch (error) { out.push(error.constructor.name); }
    const settled = Promise.resolve();
"#;

const EXPECTED: [&str; 14] = [
    r#"Int8Array 0,0,1,-1,0,1,2,3,0,-2,127,-128,-1,0,44,127,-1,0,-1,0,-1,0,0,-1,0,-1,0,0,0,0,0,0,0"#,
    r#"Uint8Array 0,0,1,255,0,1,2,3,0,254,127,128,255,0,44,127,255,0,255,0,255,0,0,255,0,255,0,0,0,0,0,0,0"#,
    r#"Uint8ClampedArray 0,0,1,0,0,2,2,4,0,0,127,128,255,255,255,0,255,255,255,255,255,255,255,255,255,0,255,0,0,255,0,0,255"#,
    r#"Int16Array 0,0,1,-1,0,1,2,3,0,-2,127,128,255,256,300,-129,32767,-32768,-1,0,-1,0,24064,-1,0,-1,0,0,0,0,0,0,0"#,
    r#"Uint16Array 0,0,1,65535,0,1,2,3,0,65534,127,128,255,256,300,65407,32767,32768,65535,0,65535,0,24064,65535,0,65535,0,0,0,0,0,0,0"#,
    r#"Int32Array 0,0,1,-1,0,1,2,3,0,-2,127,128,255,256,300,-129,32767,32768,65535,65536,2147483647,-2147483648,-1294967296,-1,0,2147483647,1661992960,-1661992960,0,0,0,0,0"#,
    r#"Uint32Array 0,0,1,4294967295,0,1,2,3,0,4294967294,127,128,255,256,300,4294967167,32767,32768,65535,65536,2147483647,2147483648,3000000000,4294967295,0,2147483647,1661992960,2632974336,0,0,0,0,0"#,
    r#"Float32Array 0,-0,1,-1,0.5,1.5,2.5,3.5,-0.5,-2.5,127,128,255,256,300.70001220703125,-129,32767,32768,65535,65536,2147483648,2147483648,3000000000,4294967296,4294967296,-2147483648,100000002004087730000,-100000002004087730000,NaN,Infinity,-Infinity,1.1754943508222875e-38,3.4028234663852886e+38"#,
    r#"Float64Array 0,-0,1,-1,0.5,1.5,2.5,3.5,-0.5,-2.5,127,128,255,256,300.7,-129,32767,32768,65535,65536,2147483647,2147483648,3000000000,4294967295,4294967296,-2147483649,100000000000000000000,-100000000000000000000,NaN,Infinity,-Infinity,1.17549435e-38,3.4028235e+38"#,
    r#"copies differ from writes 0"#,
    r#"-2147483648,-1294967296 0,255,44 -1,-128,1 2,4,0,0,254"#,
    r#"-1n,5n 18446744073709551615n,9223372036854775808n"#,
    r#"Int8Array:0,0,0,0,0,0|0,0,0,0,0,0|0,0,0,0,0,0|0,0,0,0,0,0 Uint8Array:0,0,0,0,0,0|0,0,0,0,0,0|0,0,0,0,0,0|0,0,0,0,0,0 Int16Array:0,0,0,-4096,0,0|0,0,0,-4096,0,0|0,0,0,-4096,0,0|0,0,0,0,0,0 Uint16Array:0,0,0,61440,0,0|0,0,0,61440,0,0|0,0,0,61440,0,0|0,0,0,0,0,0 Int32Array:1661992960,-1661992960,0,-4096,-1648885760,0|1661992960,-1661992960,0,-4096,-1648885760,0|1661992960,-1661992960,0,-4096,-1648885760,0|1661992960,1661992960,1661992960,1661992960,1661992960,1661992960 Uint32Array:1661992960,2632974336,0,4294963200,2646081536,0|1661992960,2632974336,0,4294963200,2646081536,0|1661992960,2632974336,0,4294963200,2646081536,0|1661992960,1661992960,1661992960,1661992960,1661992960,1661992960"#,
    r#"TypeError"#,
];

#[test]
fn typed_array_copies_are_as_in_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn typed_array_copies_are_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(&format!("{BODY}\nawait settled;"), &EXPECTED).await;
}
