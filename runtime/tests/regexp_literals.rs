//! ordo's patch 12 to Boa (vendor/README.md) and ordo's `exec`: a regular expression literal in a
//! loop finds its compiled matcher by an FxHash of its pattern, `exec` matches with the
//! expression's own matcher, and its result array is made on one shape with `index`, `input` and
//! `groups` in place. What a script sees must not change: each evaluation of a literal is a new
//! object, the result's keys, order, descriptors and named groups, a result changed afterwards, `g`
//! and `y` moving `lastIndex`, `u` and `d`. The expected lines are what Node 20 prints for the same
//! script; it runs in plain Boa (Boa's `exec`) and in the worker (ordo's).

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    const show = (v) => JSON.stringify(v);
    // Regular expression literals in a loop: each evaluation a new object of its own, results
    // with index, input and groups, the same keys and descriptors as a fresh exec.
    const lines = Array.from({ length: 2000 }, (_, i) => `2024-03-${String(1 + (i % 28)).padStart(2, "0")}T${String(i % 24).padStart(2, "0")}:00 ${["INFO", "WARN", "ERROR"][i % 3]} user=${i * 7}`);
    const byHour = {};
    let firstObjects = [];
    for (const line of lines) {
        const rx = /T(\d\d):\d\d (\w+) user=(?<user>\d+)/;
        firstObjects.push(rx);
        const m = rx.exec(line);
        const i = /i/i.exec(line);
        const slot = (byHour[m[1]] ??= { count: 0, errors: 0, users: 0 });
        slot.count++;
        if (m[2] === "ERROR") slot.errors++;
        slot.users += Number(m.groups.user) + (i ? i.index : 0);
    }
    const m = /(a)(b)?(?<c>c)?/.exec("xxac");
    m.index = "changed";
    const described = Object.entries(Object.getOwnPropertyDescriptors(/(\d)/.exec("a1b"))).map(([k, d]) => `${k}:${d.writable}${d.enumerable}${d.configurable}`);
    out.push(show([Object.keys(byHour).length, byHour["07"], firstObjects[0] === firstObjects[1], firstObjects[5].lastIndex, Object.keys(m), m.index, m.input, m.length, m.groups, Array.isArray(m), described]));
    const g = /o(.)/g;
    const all = [];
    let found;
    while ((found = g.exec("foo boa bob")) !== null) all.push([found[0], found[1], found.index, g.lastIndex]);
    const y = /b./y;
    y.lastIndex = 4;
    out.push(show([all, y.exec("foo boa bob"), y.lastIndex, /\u{1F600}(.)/u.exec("x\u{1F600}yz"), /a/d.exec("ba").indices[0]]));
"#;

const EXPECTED: [&str; 2] = [
    r#"[24,{"count":84,"errors":0,"users":589764},false,0,["0","1","2","3","index","input","groups"],"changed","xxac",4,{"c":"c"},true,["0:truetruetrue","1:truetruetrue","length:truefalsefalse","index:truetruetrue","input:truetruetrue","groups:truetruetrue"]]"#,
    r#"[[["oo","o",1,3],["oa","a",5,7],["ob","b",9,11]],["bo"],6,["😀y","y"],[1,2]]"#,
];

#[test]
fn regexp_literals_and_exec_results_behave_as_in_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn regexp_literals_and_exec_results_behave_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(BODY, &EXPECTED).await;
}
