//! ordo's patch 30 to Boa (vendor/README.md): a name that resolves where the compiler put it
//! (a `const` or `let` a callback closes over, a script's top-level binding, a global such as
//! `Math`) is read and written in place, without a copy of its locator or a search of the
//! environments. What must not change: bindings read and written before they are initialized
//! (from a site that has run before), globals that become getters, are deleted or replaced
//! while a site is warm, names that a `with` object or a direct `eval` puts in front of the
//! binding (plain Boa only: the worker has neither). The expected lines are what Node 20
//! prints for the same script.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    const show = (v) => JSON.stringify(v);
    // A const and a let that callbacks close over, read and written many times.
    const width = { name: 3, owner: 4 };
    let total = 0;
    let calls = 0;
    const rows = Array.from({ length: 5000 }, (_, i) => i);
    rows.forEach((i) => { total += width.name + (i % 7); calls++; });
    const lengths = rows.map((i) => `${i}`.padEnd(width.owner).length + width.name);
    const nested = () => () => { calls += 2; return calls; };
    let last = 0;
    for (let i = 0; i < 1000; i++) last = nested()();
    out.push(show([total, calls, lengths.slice(-3), last]));
    // Bindings read and written before they are initialized, from a warm site.
    const early = [];
    const readLater = () => later;
    const writeLater = (v) => { later = v; };
    for (let i = 0; i < 3; i++) {
        try { early.push(readLater()); } catch (error) { early.push(`${error.constructor.name} read`); }
        try { writeLater(i); early.push("written"); } catch (error) { early.push(`${error.constructor.name} write`); }
    }
    let later = "ready";
    for (let i = 0; i < 3; i++) { early.push(readLater()); writeLater(`set ${i}`); }
    early.push(later);
    out.push(show(early));
    // Globals read from a warm site while the global object changes under it.
    const seen = [];
    const readMath = () => Math.max(1, 2);
    const readGlobal = () => typeof globalThis.flag === "undefined" ? "absent" : flag;
    for (let i = 0; i < 8; i++) {
        if (i === 2) globalThis.flag = "plain";
        if (i === 4) Object.defineProperty(globalThis, "flag", { get() { return "from getter"; }, configurable: true });
        if (i === 6) delete globalThis.flag;
        if (i === 5) { const max = Math.max; Math.max = () => "patched"; seen.push(readMath()); Math.max = max; }
        seen.push(readMath(), readGlobal());
    }
    const savedMath = Math;
    const swapped = [];
    for (let i = 0; i < 4; i++) {
        if (i === 2) globalThis.Math = { max: () => "other Math" };
        swapped.push(readMath());
    }
    globalThis.Math = savedMath;
    const missing = [];
    const readMissing = () => notDeclaredAnywhere;
    for (let i = 0; i < 3; i++) {
        if (i === 1) globalThis.notDeclaredAnywhere = "declared now";
        if (i === 2) delete globalThis.notDeclaredAnywhere;
        try { missing.push(readMissing()); } catch (error) { missing.push(error.constructor.name); }
    }
    out.push(show([seen, swapped, missing]));
"#;

/// Sloppy code that the worker refuses (`with`, `eval`), after `BODY`.
const SLOPPY: &str = r#"
    // `with` puts an object's properties between a callback and the bindings it closes over.
    const scoped = [];
    let x = "outer x";
    const bag = {};
    with (bag) {
        for (let i = 0; i < 6; i++) {
            if (i === 2) bag.x = "bag x";
            if (i === 4) delete bag.x;
            [0].forEach(() => { scoped.push(x); x = `${x}!`; });
        }
    }
    scoped.push(x, bag.x);
    // A direct eval declares a `var` that shadows a binding closures read.
    const shade = "outer shade";
    const shadowed = [];
    function poisoned(declare) {
        const read = () => shade;
        for (let i = 0; i < 3; i++) shadowed.push(read());
        if (declare) eval("var shade = 'from eval'");
        for (let i = 0; i < 3; i++) shadowed.push(read());
        return read;
    }
    poisoned(false);
    poisoned(true);
    shadowed.push(shade);
    out.push(JSON.stringify([scoped, shadowed]));
"#;

const EXPECTED: [&str; 3] = [
    r#"[29995,7000,[7,7,7],7000]"#,
    r#"["ReferenceError read","ReferenceError write","ReferenceError read","ReferenceError write","ReferenceError read","ReferenceError write","ready","set 0","set 1","set 2"]"#,
    r#"[[2,"absent",2,"absent",2,"plain",2,"plain",2,"from getter","patched",2,"from getter",2,"absent",2,"absent"],[2,2,"other Math","other Math"],["ReferenceError","declared now","ReferenceError"]]"#,
];

const EXPECTED_SLOPPY: &str = r#"[["outer x","outer x!","bag x","bag x!","outer x!!","outer x!!!","outer x!!!!",null],["outer shade","outer shade","outer shade","outer shade","outer shade","outer shade","outer shade","outer shade","outer shade","from eval","from eval","from eval","outer shade"]]"#;

#[test]
fn bindings_match_node_in_plain_boa() {
    let mut expected = EXPECTED.to_vec();
    expected.push(EXPECTED_SLOPPY);
    node_lines::assert_in_plain_boa(&format!("{BODY}{SLOPPY}"), &expected);
}

#[tokio::test]
async fn bindings_match_node_in_the_worker() {
    node_lines::assert_in_worker(BODY, &EXPECTED).await;
}
