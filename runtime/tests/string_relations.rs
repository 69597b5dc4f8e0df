//! ordo's patch 24 to Boa (vendor/README.md): `<`, `<=`, `>` and `>=` of two strings compare
//! their code units in place, in the operators' fast paths (a comparator's `a.name < b.name`
//! copied both strings and took the general comparison). Every pair of strings of both storages
//! (Latin-1 and UTF-16, literals, slices, concatenations, 6,000-character ones), in the value
//! form and in the form fused with a jump; a string against every other kind of value, which
//! must still convert as the specification says, left side first; and 20,000 neighbours compared
//! in a loop. The expected lines are what Node 20 prints for the same script; it runs in plain
//! Boa and in the worker.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    const show = (v) => JSON.stringify(v);
    // Strings of every storage: Latin-1 and UTF-16, literals, slices, built by concatenation.
    const long = "abc".repeat(2000);
    const pieces = "b,a,ab,,B,\u00e9,\u0100,a\u0100,\uD83D\uDE00,\uFFFF,10,9,1e3".split(",");
    const strings = [...pieces, "", "a", "ab", "abc", long + "d", long + "c", long, "a".concat("b"), `${"\u0100"}x`, "\u00e9".toUpperCase()];
    const table = [];
    for (const x of strings) {
        const row = [];
        for (const y of strings) {
            // Value form (LessThan and the others) and the form fused with a jump (a condition).
            const value = [x < y, x <= y, x > y, x >= y].map(Number).join("");
            let jump = "";
            if (x < y) jump += "1"; else jump += "0";
            if (x <= y) jump += "1"; else jump += "0";
            jump += x > y ? "1" : "0";
            jump += x >= y ? "1" : "0";
            row.push(value === jump ? value : `${value}!=${jump}`);
        }
        table.push(row.join(" "));
    }
    out.push(...table);
    // A string and anything else compares as the specification says, not by code units.
    const other = [["10", 9], [9, "10"], ["a", 1], ["2", "10"], ["abc", undefined], [null, "0"], ["b", { toString: () => "a" }], [new String("a"), "b"], ["1", 1n], [2n, "10"], ["x", NaN], [true, "1"]];
    out.push(show(other.map(([x, y]) => [x < y, x <= y, x > y, x >= y].map(Number).join(""))));
    // Left first: each side converted once, in order.
    const log = [];
    const side = (name, value) => ({ valueOf() { log.push(name); return value; }, toString() { log.push(name + "s"); return value; } });
    out.push(show([side("a", "x") < side("b", "y"), side("c", "y") >= side("d", "x"), log]));
    // In a loop, as a comparator does it: 20,000 keys compared with their neighbours.
    const words = "alpha beta gamma delta epsilon zeta eta theta iota kappa \u00e9t\u00e9 \u0100bc".split(" ");
    const keys = Array.from({ length: 20000 }, (_, i) => words[(i * 7919) % words.length] + (i % 13));
    let less = 0, lessOrEqual = 0, greater = 0, greaterOrEqual = 0;
    for (let i = 1; i < keys.length; i++) {
        const a = keys[i - 1], b = keys[i];
        if (a < b) less++;
        if (a <= b) lessOrEqual++;
        if (a > b) greater++;
        if (a >= b) greaterOrEqual++;
    }
    out.push(show([less, lessOrEqual, greater, greaterOrEqual]));
"#;

const EXPECTED: [&str; 26] = [
    r#"0101 0011 0011 0011 0011 1100 1100 0011 1100 1100 0011 0011 0011 0011 0011 0011 0011 0011 0011 0011 0011 1100 1100"#,
    r#"1100 0101 1100 0011 0011 1100 1100 1100 1100 1100 0011 0011 0011 0011 0101 1100 1100 1100 1100 1100 1100 1100 1100"#,
    r#"1100 0011 0101 0011 0011 1100 1100 1100 1100 1100 0011 0011 0011 0011 0011 0101 1100 1100 1100 1100 0101 1100 1100"#,
    r#"1100 1100 1100 0101 1100 1100 1100 1100 1100 1100 1100 1100 1100 0101 1100 1100 1100 1100 1100 1100 1100 1100 1100"#,
    r#"1100 1100 1100 0011 0101 1100 1100 1100 1100 1100 0011 0011 0011 0011 1100 1100 1100 1100 1100 1100 1100 1100 1100"#,
    r#"0011 0011 0011 0011 0011 0101 1100 0011 1100 1100 0011 0011 0011 0011 0011 0011 0011 0011 0011 0011 0011 1100 0011"#,
    r#"0011 0011 0011 0011 0011 0011 0101 0011 1100 1100 0011 0011 0011 0011 0011 0011 0011 0011 0011 0011 0011 1100 0011"#,
    r#"1100 0011 0011 0011 0011 1100 1100 0101 1100 1100 0011 0011 0011 0011 0011 0011 0011 0011 0011 0011 0011 1100 1100"#,
    r#"0011 0011 0011 0011 0011 0011 0011 0011 0101 1100 0011 0011 0011 0011 0011 0011 0011 0011 0011 0011 0011 0011 0011"#,
    r#"0011 0011 0011 0011 0011 0011 0011 0011 0011 0101 0011 0011 0011 0011 0011 0011 0011 0011 0011 0011 0011 0011 0011"#,
    r#"1100 1100 1100 0011 1100 1100 1100 1100 1100 1100 0101 1100 1100 0011 1100 1100 1100 1100 1100 1100 1100 1100 1100"#,
    r#"1100 1100 1100 0011 1100 1100 1100 1100 1100 1100 0011 0101 0011 0011 1100 1100 1100 1100 1100 1100 1100 1100 1100"#,
    r#"1100 1100 1100 0011 1100 1100 1100 1100 1100 1100 0011 1100 0101 0011 1100 1100 1100 1100 1100 1100 1100 1100 1100"#,
    r#"1100 1100 1100 0101 1100 1100 1100 1100 1100 1100 1100 1100 1100 0101 1100 1100 1100 1100 1100 1100 1100 1100 1100"#,
    r#"1100 0101 1100 0011 0011 1100 1100 1100 1100 1100 0011 0011 0011 0011 0101 1100 1100 1100 1100 1100 1100 1100 1100"#,
    r#"1100 0011 0101 0011 0011 1100 1100 1100 1100 1100 0011 0011 0011 0011 0011 0101 1100 1100 1100 1100 0101 1100 1100"#,
    r#"1100 0011 0011 0011 0011 1100 1100 1100 1100 1100 0011 0011 0011 0011 0011 0011 0101 1100 1100 1100 0011 1100 1100"#,
    r#"1100 0011 0011 0011 0011 1100 1100 1100 1100 1100 0011 0011 0011 0011 0011 0011 0011 0101 0011 0011 0011 1100 1100"#,
    r#"1100 0011 0011 0011 0011 1100 1100 1100 1100 1100 0011 0011 0011 0011 0011 0011 0011 1100 0101 0011 0011 1100 1100"#,
    r#"1100 0011 0011 0011 0011 1100 1100 1100 1100 1100 0011 0011 0011 0011 0011 0011 0011 1100 1100 0101 0011 1100 1100"#,
    r#"1100 0011 0101 0011 0011 1100 1100 1100 1100 1100 0011 0011 0011 0011 0011 0101 1100 1100 1100 1100 0101 1100 1100"#,
    r#"0011 0011 0011 0011 0011 0011 0011 0011 1100 1100 0011 0011 0011 0011 0011 0011 0011 0011 0011 0011 0011 0101 0011"#,
    r#"0011 0011 0011 0011 0011 1100 1100 0011 1100 1100 0011 0011 0011 0011 0011 0011 0011 0011 0011 0011 0011 1100 0101"#,
    r#"["0011","1100","0000","0011","0000","0101","0011","1100","0101","1100","0000","0101"]"#,
    r#"[true,true,["a","b","c","d"]]"#,
    r#"[6667,6667,13332,13332]"#,
];

#[test]
fn string_relations_compare_code_units_as_in_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn string_relations_compare_code_units_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(BODY, &EXPECTED).await;
}
