//! ordo's second and third patches to boa_string (vendor/README.md): `Number::toString` of an
//! integral number of at most 2^53 in magnitude goes through an integer formatter instead of the
//! float one, and `StringToNumber` reads a Latin-1 string of ASCII where it is instead of copying
//! it into a `String`. What a script sees must not change: `String`, templates, `+ ""`, `toString`,
//! `join` and `JSON.stringify` of zero and minus zero, the edges of 2^31, 2^32 and 2^53 (and past
//! 2^53, where the float formatter still answers), exponents from 1e21 up and below 1e-6, NaN and
//! the infinities, and the same values reached as floats (`Math.floor`, a division); numbers as
//! property keys; strings to numbers with whitespace (the no-break space too), prefixes, signs,
//! exponents, `Infinity` spelled every way, separators, non-ASCII digits, in Latin-1 and in UTF-16,
//! and the fields of a CSV summed. The expected lines are what Node 20 prints for the same script;
//! it runs in plain Boa and in the worker.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    const values = [0, -0, 1, -1, 7.0, 1.5, -2.5, 0.1 + 0.2, 1e15, 1e16, 123456789012345, 2 ** 31, -(2 ** 31), 2 ** 32 + 0.5, 2 ** 53 - 1, 2 ** 53, -(2 ** 53), 2 ** 53 + 2, 2 ** 60, 1e21, 1e20, 123e18, -1e21, 5e-7, 1e-7, NaN, Infinity, -Infinity, Number.MAX_SAFE_INTEGER, Number.MAX_VALUE, Number.MIN_VALUE, Math.floor(2 ** 40 * 1.5), 4294967295, 1 / 3];
    // The same value reached as a float: Math.floor, a division, a product.
    const floats = values.map((v) => (Number.isFinite(v) ? Math.floor(v * 4) / 4 : v));
    for (const list of [values, floats]) {
        out.push(list.map((v) => String(v)).join(" "));
        out.push(list.map((v) => `${v}`).join(" "));
        out.push(list.map((v) => v + "").join(" "));
        out.push(JSON.stringify(list.map((v) => [v.toString(), [v].join()])));
    }
    // What a data script does with them: keys, joins, JSON.
    const counts = {};
    for (let i = 0; i < 2000; i++) counts[Math.floor((i * 7919) % 97) * 1.0] = (counts[Math.floor((i * 7919) % 97)] ?? 0) + 1;
    const keys = Object.keys(counts);
    out.push(`${keys.length} ${keys.slice(0, 5)} ${JSON.stringify({ a: Math.floor(10.7), b: -0, c: 2 ** 53, d: [1.0, 2.5, -3] })} ${[Math.round(2.5), Math.trunc(-4.7)].join("|")}`);
    // Strings to numbers: Latin-1 of ASCII (read in place), Latin-1 beyond ASCII and UTF-16.
    const texts = [" 42 ", "0x1F", "0X1f", "1e3", "-0", "", " ", "\u00a012\u00a0", "12abc", "Infinity", "-Infinity", "+Infinity", "infinity", "1_000", ".5", "5.", "+7", "-.5e-3", "0b101", "0o17", "0b", "1e400", "00012", "\t\n 3 \r", "\u0661\u0662", "12\u00e9", "9007199254740993", "0.1", "1,5", "--1", "0x", "1e", "NaN"];
    const wideTexts = texts.map((t) => ("\u{1F600}" + t).slice(2));
    out.push(JSON.stringify(texts.map((t) => [Number(t), +t, t * 1].map(String))));
    out.push(JSON.stringify(wideTexts.map((t) => String(Number(t)))));
    const fields = Array.from({ length: 3000 }, (_, i) => `${i * 3}.${i % 100}`);
    let total = 0;
    for (const f of fields) total += Number(f);
    out.push(`${total.toFixed(2)} ${fields.map(Number).filter(Number.isInteger).length}`);
"#;

const EXPECTED: [&str; 12] = [
    r#"0 0 1 -1 7 1.5 -2.5 0.30000000000000004 1000000000000000 10000000000000000 123456789012345 2147483648 -2147483648 4294967296.5 9007199254740991 9007199254740992 -9007199254740992 9007199254740994 1152921504606847000 1e+21 100000000000000000000 123000000000000000000 -1e+21 5e-7 1e-7 NaN Infinity -Infinity 9007199254740991 1.7976931348623157e+308 5e-324 1649267441664 4294967295 0.3333333333333333"#,
    r#"0 0 1 -1 7 1.5 -2.5 0.30000000000000004 1000000000000000 10000000000000000 123456789012345 2147483648 -2147483648 4294967296.5 9007199254740991 9007199254740992 -9007199254740992 9007199254740994 1152921504606847000 1e+21 100000000000000000000 123000000000000000000 -1e+21 5e-7 1e-7 NaN Infinity -Infinity 9007199254740991 1.7976931348623157e+308 5e-324 1649267441664 4294967295 0.3333333333333333"#,
    r#"0 0 1 -1 7 1.5 -2.5 0.30000000000000004 1000000000000000 10000000000000000 123456789012345 2147483648 -2147483648 4294967296.5 9007199254740991 9007199254740992 -9007199254740992 9007199254740994 1152921504606847000 1e+21 100000000000000000000 123000000000000000000 -1e+21 5e-7 1e-7 NaN Infinity -Infinity 9007199254740991 1.7976931348623157e+308 5e-324 1649267441664 4294967295 0.3333333333333333"#,
    r#"[["0","0"],["0","0"],["1","1"],["-1","-1"],["7","7"],["1.5","1.5"],["-2.5","-2.5"],["0.30000000000000004","0.30000000000000004"],["1000000000000000","1000000000000000"],["10000000000000000","10000000000000000"],["123456789012345","123456789012345"],["2147483648","2147483648"],["-2147483648","-2147483648"],["4294967296.5","4294967296.5"],["9007199254740991","9007199254740991"],["9007199254740992","9007199254740992"],["-9007199254740992","-9007199254740992"],["9007199254740994","9007199254740994"],["1152921504606847000","1152921504606847000"],["1e+21","1e+21"],["100000000000000000000","100000000000000000000"],["123000000000000000000","123000000000000000000"],["-1e+21","-1e+21"],["5e-7","5e-7"],["1e-7","1e-7"],["NaN","NaN"],["Infinity","Infinity"],["-Infinity","-Infinity"],["9007199254740991","9007199254740991"],["1.7976931348623157e+308","1.7976931348623157e+308"],["5e-324","5e-324"],["1649267441664","1649267441664"],["4294967295","4294967295"],["0.3333333333333333","0.3333333333333333"]]"#,
    r#"0 0 1 -1 7 1.5 -2.5 0.25 1000000000000000 10000000000000000 123456789012345 2147483648 -2147483648 4294967296.5 9007199254740991 9007199254740992 -9007199254740992 9007199254740994 1152921504606847000 1e+21 100000000000000000000 123000000000000000000 -1e+21 0 0 NaN Infinity -Infinity 9007199254740991 Infinity 0 1649267441664 4294967295 0.25"#,
    r#"0 0 1 -1 7 1.5 -2.5 0.25 1000000000000000 10000000000000000 123456789012345 2147483648 -2147483648 4294967296.5 9007199254740991 9007199254740992 -9007199254740992 9007199254740994 1152921504606847000 1e+21 100000000000000000000 123000000000000000000 -1e+21 0 0 NaN Infinity -Infinity 9007199254740991 Infinity 0 1649267441664 4294967295 0.25"#,
    r#"0 0 1 -1 7 1.5 -2.5 0.25 1000000000000000 10000000000000000 123456789012345 2147483648 -2147483648 4294967296.5 9007199254740991 9007199254740992 -9007199254740992 9007199254740994 1152921504606847000 1e+21 100000000000000000000 123000000000000000000 -1e+21 0 0 NaN Infinity -Infinity 9007199254740991 Infinity 0 1649267441664 4294967295 0.25"#,
    r#"[["0","0"],["0","0"],["1","1"],["-1","-1"],["7","7"],["1.5","1.5"],["-2.5","-2.5"],["0.25","0.25"],["1000000000000000","1000000000000000"],["10000000000000000","10000000000000000"],["123456789012345","123456789012345"],["2147483648","2147483648"],["-2147483648","-2147483648"],["4294967296.5","4294967296.5"],["9007199254740991","9007199254740991"],["9007199254740992","9007199254740992"],["-9007199254740992","-9007199254740992"],["9007199254740994","9007199254740994"],["1152921504606847000","1152921504606847000"],["1e+21","1e+21"],["100000000000000000000","100000000000000000000"],["123000000000000000000","123000000000000000000"],["-1e+21","-1e+21"],["0","0"],["0","0"],["NaN","NaN"],["Infinity","Infinity"],["-Infinity","-Infinity"],["9007199254740991","9007199254740991"],["Infinity","Infinity"],["0","0"],["1649267441664","1649267441664"],["4294967295","4294967295"],["0.25","0.25"]]"#,
    r#"97 0,1,2,3,4 {"a":10,"b":0,"c":9007199254740992,"d":[1,2.5,-3]} 3|-4"#,
    r#"[["42","42","42"],["31","31","31"],["31","31","31"],["1000","1000","1000"],["0","0","0"],["0","0","0"],["0","0","0"],["12","12","12"],["NaN","NaN","NaN"],["Infinity","Infinity","Infinity"],["-Infinity","-Infinity","-Infinity"],["Infinity","Infinity","Infinity"],["NaN","NaN","NaN"],["NaN","NaN","NaN"],["0.5","0.5","0.5"],["5","5","5"],["7","7","7"],["-0.0005","-0.0005","-0.0005"],["5","5","5"],["15","15","15"],["NaN","NaN","NaN"],["Infinity","Infinity","Infinity"],["12","12","12"],["3","3","3"],["NaN","NaN","NaN"],["NaN","NaN","NaN"],["9007199254740992","9007199254740992","9007199254740992"],["0.1","0.1","0.1"],["NaN","NaN","NaN"],["NaN","NaN","NaN"],["NaN","NaN","NaN"],["NaN","NaN","NaN"],["NaN","NaN","NaN"]]"#,
    r#"["42","31","31","1000","0","0","0","12","NaN","Infinity","-Infinity","Infinity","NaN","NaN","0.5","5","7","-0.0005","5","15","NaN","Infinity","12","3","NaN","NaN","9007199254740992","0.1","NaN","NaN","NaN","NaN","NaN"]"#,
    r#"13497106.50 30"#,
];

#[test]
fn numbers_become_strings_as_in_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn numbers_become_strings_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(BODY, &EXPECTED).await;
}
