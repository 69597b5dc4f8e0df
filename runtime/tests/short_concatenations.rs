//! ordo's patch to boa_string (vendor/README.md): a string made by `+` or a template literal is
//! no longer looked up in Boa's table of static strings unless it is one character long. What
//! must not change: such strings as property keys (`arr["le" + "ngth"]`), as `Map` keys, in
//! comparisons, and a binary string built a character at a time. The expected lines are what
//! Node 20 prints for the same script.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    const show = (v) => JSON.stringify(v);
    // Short strings made by `+` and templates, used as keys, compared, and looked up.
    const parts = ["le", "ngth", "na", "me", "to", "String", "a", ""];
    const made = [];
    for (let i = 0; i < parts.length; i++) for (let j = 0; j < parts.length; j++) made.push(parts[i] + parts[j]);
    const arr = [1, 2, 3];
    const obj = { name: "n", length: 9, toString() { return "obj"; } };
    const reads = [arr["le" + "ngth"], "abcd"[`len${"gth"}`], obj["na" + "me"], obj[parts[2] + parts[3]], `${obj}`, ("to" + "String") in obj];
    const map = new Map();
    for (const key of made) map.set(key, (map.get(key) || 0) + 1);
    let binary = "";
    for (let byte = 0; byte < 256; byte++) binary += String.fromCharCode(byte);
    const one = "x" + "";
    out.push(show([made.length, made.slice(0, 10), reads, map.size, map.get("name"), map.get("a"), binary.length, binary.charCodeAt(200), [...binary].reduce((sum, c, i) => sum + c.charCodeAt(0) * (i % 7), 0), one === "x", made.filter((m) => m === "length").length]));
"#;

const EXPECTED: [&str; 1] = [
    r#"[64,["lele","length","lena","leme","leto","leString","lea","le","ngthle","ngthngth"],[3,4,"n","n","obj",true],57,1,2,256,200,97412,true,1]"#,
];

#[test]
fn short_concatenations_match_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn short_concatenations_match_node_in_the_worker() {
    node_lines::assert_in_worker(BODY, &EXPECTED).await;
}
