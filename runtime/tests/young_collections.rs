//! ordo's patch to boa_gc (vendor/README.md, patch 103): a collection of the boxes made since
//! the last collection alone, where the whole heap is not yet due. A young box is live where
//! something besides young boxes holds it (its reference count exceeds the references counted
//! from young boxes) or a live young box does; old boxes stay marked between collections, so
//! the young collection neither traces nor sweeps them. What it must not get wrong: a young
//! object hung on an old one (a record given a field, an old array or Map given an entry), a
//! WeakMap whose keys die young while the map is old, a WeakRef, closures and generator
//! results kept by old arrays, promise chains settled after the loop that made them. Checked
//! against Node with a heap of old records large enough that young collections run (the
//! plain-Boa test asserts that they did), in plain Boa and in the worker.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`; the last one when `settled` settles.
const BODY: &str = r#"
    const out = [];
    const show = (v) => JSON.stringify(v);
    // Records that survive collections, then young objects hung on them between the garbage.
    const records = Array.from({ length: 30000 }, (_, i) => ({ id: i, tags: [] }));
    let churn = 0;
    for (let i = 0; i < 200000; i++) { const t = { i, pair: [i, -i] }; churn += t.pair[0] + t.pair[1] + 1; }
    for (let i = 0; i < records.length; i++) {
        records[i].extra = { square: i * i, label: `r${i}` };
        if (i % 3 === 0) records[i].tags.push({ t: i % 5 });
        for (let k = 0; k < 5; k++) churn += [k, i, { k }].length;
    }
    let sum = 0;
    for (const r of records) sum += (r.extra.square % 1000) + r.extra.label.length + r.tags.length;
    out.push(show([churn, sum, records[29999].extra.label, records[12].tags]));
    // A WeakMap with old keys, keys that die young and keys kept; a WeakRef to a kept object.
    const weak = new WeakMap();
    const oldKeys = records.slice(0, 100);
    for (const k of oldKeys) weak.set(k, { seen: k.id });
    const keptKeys = [];
    for (let i = 0; i < 50000; i++) {
        const key = { i };
        weak.set(key, { v: i, ref: [i] });
        if (i % 1000 === 0) keptKeys.push(key);
    }
    const ref = new WeakRef(keptKeys[7]);
    for (let i = 0; i < 100000; i++) churn += [i].length;
    let weakSum = 0;
    for (const k of keptKeys) weakSum += weak.get(k).v + weak.get(k).ref[0];
    for (const k of oldKeys) weakSum += weak.get(k).seen;
    out.push(show([weakSum, weak.has(keptKeys[3]), weak.has({ i: 3 }), ref.deref().i, churn]));
    // An old Map given young entries, closures over young boxes, generator results.
    const index = new Map();
    for (const r of records) index.set(r.id, r);
    for (let i = 0; i < 40000; i++) index.set(`k${i}`, { i, nested: { deep: [i] } });
    let mapSum = 0;
    for (const [k, v] of index) if (typeof k === "string") mapSum += v.nested.deep[0]; else mapSum += v.extra.square % 7;
    const fns = [];
    for (let i = 0; i < 20000; i++) { const box = { n: i }; fns.push(() => box.n * 2); }
    let fnSum = 0;
    for (const f of fns) fnSum += f();
    function* numbered(n) { for (let i = 0; i < n; i++) yield { i, s: `${i}` }; }
    let genSum = 0;
    for (const v of numbered(50000)) genSum += v.i + v.s.length;
    out.push(show([mapSum, index.size, fnSum, genSum]));
    // Promise chains made in a loop and settled after it.
    let promiseSum = 0;
    const chains = [];
    for (let i = 0; i < 20000; i++) {
        chains.push(Promise.resolve({ i }).then((v) => { promiseSum += v.i; return [v.i, { half: v.i / 2 }]; }));
    }
    const settled = Promise.all(chains).then((all) => { out.push(show([promiseSum, all.length, all[19999], all.reduce((a, [i, h]) => a + h.half - i / 2, 0)])); });
"#;

const EXPECTED: [&str; 4] = [
    r#"[650000,14023890,"r29999",[{"t":2}]]"#,
    r#"[2454950,true,false,7000,750000]"#,
    r#"[800039999,70000,399980000,1250213890]"#,
    r#"[199990000,20000,[19999,{"half":9999.5}],0]"#,
];

#[test]
fn young_objects_hung_on_old_ones_are_as_in_node_in_plain_boa() {
    let before = boa_engine::gc::young_collections();
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
    let ran = boa_engine::gc::young_collections() - before;
    assert!(ran >= 10, "only {ran} young collections ran: the test did not test them");
}

#[tokio::test]
async fn young_objects_hung_on_old_ones_are_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(&format!("{BODY}\nawait settled;"), &EXPECTED).await;
}
