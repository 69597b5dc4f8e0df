//! ordo's patch 101 to Boa (vendor/README.md): a property deleted from an object takes the object
//! to a shape of its own where more than a few properties came after it, and that shape's
//! removal moves its entries in one pass. Models count into an object and delete the keys that
//! reach zero, or delete a field from every record; the first replayed every later property as
//! a new shared shape at each delete. Checked against Node for the order of keys after deletes
//! and re-additions (`Object.keys`, `for-in`, `JSON.stringify`), records read back from one
//! place after deletes before few and many fields, and accessors, symbols, indices and
//! non-enumerable properties among the deleted. It runs in plain Boa and in the worker.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    const show = (v) => JSON.stringify(v);
    // An object used as a dictionary: thousands of keys added and deleted, re-added at the end.
    const counts = {};
    for (let i = 0; i < 20000; i++) {
        const k = `u${(i * 7919) % 3000}`;
        counts[k] = (counts[k] || 0) + 1;
        if (i % 3 === 0) delete counts[`u${(i * 104729) % 3000}`];
    }
    const keys = Object.keys(counts);
    let total = 0;
    for (const k in counts) total += counts[k];
    out.push(show([keys.length, keys.slice(0, 5), keys.slice(-3), total, JSON.stringify(counts).length, Object.values(counts).slice(0, 5)]));
    // Records: a field deleted from each (few or many fields after it), read back from one place.
    const records = Array.from({ length: 2000 }, (_, i) => ({ id: i, password: "x", name: `n${i}`, a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7, h: 8, j: 9, k: 10 }));
    for (const r of records) { delete r.password; if (r.id % 2) delete r.a; }
    let sum = 0;
    for (const r of records) sum += r.id + (r.a ?? 100) + r.k + r.name.length;
    const small = records.map((r) => ({ ...r }));
    for (const r of small) delete r.k;
    out.push(show([sum, Object.keys(records[0]), Object.keys(records[1]), records[3].k, Object.keys(small[5]).join(), small[7].j]));
    // Accessors, symbols and indices among deleted keys; a re-added key goes last.
    const sym = Symbol("s");
    const mixed = { first: 1, get second() { return 2; }, 3: "three", [sym]: "sym", fourth: 4 };
    for (let i = 0; i < 20; i++) mixed[`extra${i}`] = i;
    delete mixed.second; delete mixed.first; delete mixed[3];
    mixed.first = "again";
    Object.defineProperty(mixed, "hidden", { value: 1, enumerable: false });
    delete mixed.extra5;
    out.push(show([Object.keys(mixed).slice(0, 4), Object.keys(mixed).slice(-2), mixed.second, mixed[sym], Object.getOwnPropertySymbols(mixed).length, "hidden" in mixed, mixed.extra19, Object.getOwnPropertyNames(mixed).length]));
"#;

const EXPECTED: [&str; 3] = [
    r#"[2495,["u1919","u838","u1676","u595","u1433"],["u648","u405","u162"],13828,24031,[7,7,7,7,7]]"#,
    r#"[2128890,["id","name","a","b","c","d","e","f","g","h","j","k"],["id","name","b","c","d","e","f","g","h","j","k"],10,"id,name,b,c,d,e,f,g,h,j",9]"#,
    r#"[["fourth","extra0","extra1","extra2"],["extra19","first"],null,"sym",1,true,19,22]"#,
];

#[test]
fn deletes_from_dictionaries_and_records_are_as_in_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn deletes_from_dictionaries_and_records_are_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(BODY, &EXPECTED).await;
}
