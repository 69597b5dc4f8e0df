//! ordo's patch 25 to Boa (vendor/README.md): a property of `String.prototype` read from a
//! string primitive (`line.split`, `name.padEnd`) comes straight from the inline cache, without
//! cloning the prototype or checking the base. The same site read 60,000 times; a method
//! replaced, deleted and restored between reads from one site; getters on `String.prototype`
//! (the string as `this` in strict code, its wrapper otherwise); a property inherited from
//! `Object.prototype`, then shadowed on `String.prototype`; one site that sees strings and
//! objects in turn. The expected lines are what Node 20 prints for the same script; it runs in
//! plain Boa and in the worker.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    const show = (v) => JSON.stringify(v);
    // The same read site, called again and again, as a loop over lines does.
    const lines = Array.from({ length: 20000 }, (_, i) => `line ${i}, level=${["INFO", "WARN"][i % 2]}`);
    let total = 0;
    for (const line of lines) total += line.split(",").length + line.padEnd(30, ".").length + line.slice(5).length;
    out.push(show(total));
    // A method replaced, deleted and restored between reads from one site.
    const read = (s) => s.trim;
    const original = String.prototype.trim;
    const seen = [];
    for (let round = 0; round < 6; round++) {
        if (round === 2) String.prototype.trim = function () { return `mine:${this}`; };
        if (round === 3) delete String.prototype.trim;
        if (round === 4) String.prototype.trim = original;
        const method = read("  x  ");
        seen.push(typeof method === "function" ? method.call("  x  ") : String(method));
    }
    out.push(show(seen));
    // An accessor on String.prototype: its getter gets the string (strict) or its wrapper.
    Object.defineProperty(String.prototype, "shout", { get() { "use strict"; return typeof this + ":" + this.toUpperCase(); }, configurable: true });
    Object.defineProperty(String.prototype, "kind", { get() { return typeof this; }, configurable: true });
    const getters = [];
    for (let i = 0; i < 3; i++) getters.push("ab".shout, "cd".kind);
    delete String.prototype.shout;
    delete String.prototype.kind;
    getters.push(String("ab".shout));
    out.push(show(getters));
    // Inherited from Object.prototype through String.prototype, then shadowed on String.prototype.
    Object.prototype.where = "object";
    const where = [];
    for (let i = 0; i < 4; i++) {
        if (i === 2) String.prototype.where = "string";
        where.push("s".where);
    }
    delete Object.prototype.where;
    delete String.prototype.where;
    where.push(String("s".where));
    out.push(show(where));
    // One site that sees strings and objects in turn, and an own property of a String object.
    const values = ["abc", { at: () => "object's" }, new String("xyz"), Object.assign(new String("q"), { at: () => "own" })];
    out.push(show(values.map((v) => v.at(0))));
    // Reads that are not methods: the constructor, a symbol-keyed iterator, a missing name.
    out.push(show(["a".constructor === String, typeof "a"[Symbol.iterator], "a".nothing, "ab".length]));
"#;

const EXPECTED: [&str; 6] = [
    r#"968890"#,
    r#"["x","x","mine:  x  ","undefined","x","x"]"#,
    r#"["string:AB","object","string:AB","object","string:AB","object","undefined"]"#,
    r#"["object","object","string","string","undefined"]"#,
    r#"["a","object's","x","own"]"#,
    r#"[true,"function",null,2]"#,
];

#[test]
fn string_prototype_reads_behave_as_in_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn string_prototype_reads_behave_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(BODY, &EXPECTED).await;
}
