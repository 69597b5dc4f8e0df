//! ordo's patch 26 to Boa (vendor/README.md): a template literal of up to 16 parts joins them
//! with its parts and their views on the stack (Boa allocated two lists per evaluation), and a
//! part that is a string is taken as it is. Every kind of part (strings of both storages,
//! numbers, BigInt, `null`, `undefined`, arrays, objects whose `toString` a template asks
//! first), parts converted left to right and an error stopping at its part, 16 and 21 parts,
//! 30,000 report rows and a string grown by a template 3,000 times, and a tagged template. The
//! expected lines are what Node 20 prints for the same script; it runs in plain Boa and in the
//! worker.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    const show = (v) => JSON.stringify(v);
    // Every kind of part: strings of both storages, numbers, -0, NaN, BigInt, booleans,
    // null, undefined, arrays, objects with toString and valueOf (a template asks toString).
    const values = ["a", "", "\u00e9", "\u0100", "\uD83D\uDE00", 0, -0, 1.5, NaN, -Infinity, 10n, true, null, undefined, [1, [2, 3]], { toString: () => "T", valueOf: () => "V" }, new String("w"), new Date(0).getTime()];
    out.push(show(values.map((v) => `<${v}>`)));
    out.push(`${values[0]}${values[2]}${values[3]}${values[4]}|${values.slice(5, 14).join("/")}`);
    // Parts converted left to right, once each; an error stops at its part.
    const log = [];
    const part = (name) => ({ toString() { log.push(name); return name; } });
    out.push(show([`${part("a")}-${part("b")}-${part("c")}`, log.join("")]));
    const attempt = (f) => { try { return f(); } catch (e) { return `${e.constructor.name}`; } };
    log.length = 0;
    out.push(show([attempt(() => `${part("x")}${Symbol("s")}${part("y")}`), attempt(() => `${{ toString: null, valueOf: () => { throw new RangeError("no"); } }}`), log.join("")]));
    // More parts than fit on the stack (16), and exactly that many.
    const n = Array.from({ length: 40 }, (_, i) => i);
    out.push(`${n[0]}${n[1]}${n[2]}${n[3]}${n[4]}${n[5]}${n[6]}${n[7]}${n[8]}${n[9]}${n[10]}${n[11]}${n[12]}${n[13]}${n[14]}${n[15]}`);
    out.push(`${n[0]},${n[1]},${n[2]},${n[3]},${n[4]},${n[5]},${n[6]},${n[7]},${n[8]},${n[9]},${n[10]},${n[11]},${n[12]},${n[13]},${n[14]},${n[15]},${n[16]},${n[17]},${n[18]},${n[19]},${n[20]}`);
    // In a loop, as a report builds its lines: 30,000 rows, and a string grown by templates.
    const words = ["alpha", "beta", "\u00e9t\u00e9", "\u0100bc"];
    const rows = Array.from({ length: 30000 }, (_, i) => `| ${words[i % 4].padEnd(6)} | ${String(i % 997).padStart(4)} | ${i % 3 === 0 ? "yes" : "no"} |`);
    let text = "";
    for (let i = 0; i < 3000; i++) text = `${text}${i},`;
    let hash = 0;
    for (const row of rows) for (let i = 0; i < row.length; i += 7) hash = (hash * 31 + row.charCodeAt(i)) % 1000000007;
    out.push(show([rows.length, rows[2], rows[29999], hash, text.length, text.slice(-12)]));
    // Tagged templates still see their strings and values.
    const tag = (strings, ...vals) => show([strings.raw, vals]);
    out.push(tag`a${1}b${"\u0100"}c\n`);
"#;

const EXPECTED: [&str; 8] = [
    r#"["<a>","<>","<é>","<Ā>","<😀>","<0>","<0>","<1.5>","<NaN>","<-Infinity>","<10>","<true>","<null>","<undefined>","<1,2,3>","<T>","<w>","<0>"]"#,
    r#"aéĀ😀|0/0/1.5/NaN/-Infinity/10/true//"#,
    r#"["a-b-c","abc"]"#,
    r#"["TypeError","RangeError","x"]"#,
    r#"0123456789101112131415"#,
    r#"0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20"#,
    r#"[30000,"| été    |    2 | no |","| Ābc    |   89 | no |",814387208,13890,"7,2998,2999,"]"#,
    r#"[["a","b","c\\n"],[1,"Ā"]]"#,
];

#[test]
fn template_literals_join_as_in_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn template_literals_join_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(BODY, &EXPECTED).await;
}
