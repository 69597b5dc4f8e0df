//! Annex B's `escape` and `unescape`, Boa's own in Rust (vendor/README.md, patch 112; ordo had
//! them in JavaScript at about a microsecond a character): every code unit below 0x300, surrogate
//! pairs and lone surrogates, malformed `%` sequences left as they are, values that convert, the
//! `unescape(encodeURIComponent(...))` idiom, a 54 KB text, and the globals' attributes. The
//! expected lines are what Node 20 prints for the same script.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    const hash = (text) => { let h = 2166136261; for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0; return h.toString(16); };
    let every = "";
    for (let code = 0; code < 0x300; code++) every += String.fromCharCode(code);
    every += "\ud83d\ude00\ud800x\udfff\uffff";
    const escaped = escape(every);
    out.push(`${escaped.length} ${hash(escaped)} ${escaped.slice(0, 60)} ${escape("a b+c/é€😀")}`);
    out.push(`${unescape(escaped) === every} ${unescape("%41%4a%u00e9%u20AC%zz%u12%4%%u123g%")} ${unescape("")} ${escape(123)} ${escape()} ${unescape(null)}`);
    out.push(`${unescape(encodeURIComponent("héllo €"))} ${decodeURIComponent(escape(unescape(encodeURIComponent("ü"))))}`);
    const big = "line with spaces & ünïcödé\n".repeat(2000);
    out.push(`${escape(big).length} ${unescape(escape(big)) === big} ${typeof escape} ${escape.length} ${escape.name} ${Object.getOwnPropertyDescriptor(globalThis, "unescape").enumerable}`);
    const settled = Promise.resolve();
"#;

const EXPECTED: [&str; 4] = [
    r#"3733 59af4d1d %00%01%02%03%04%05%06%07%08%09%0A%0B%0C%0D%0E%0F%10%11%12%13 a%20b+c/%E9%u20AC%uD83D%uDE00"#,
    r#"true AJé€%zz%u12%4%%u123g%  123 undefined null"#,
    r#"hÃ©llo â¬ ü"#,
    r#"94000 true function 1 escape false"#,
];

#[test]
fn escape_and_unescape_are_as_in_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn escape_and_unescape_are_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(&format!("{BODY}\nawait settled;"), &EXPECTED).await;
}
