//! ordo's patch 8 to Boa (vendor/README.md): `JsObject::with_object_proto`, what
//! `Object.fromEntries`, `new Object()`, `Object()` and ordo's `JSON.parse` make their objects
//! with, starts them on the realm's shared root shape (as `{}` does) instead of a shape of
//! their own, so records with the same keys share shapes and one read site hits its inline
//! cache for all of them. No script may tell: records read at one place with their keys in
//! either order, one record changed (a key added, deleted, turned accessor, frozen, given
//! another prototype, written) with its siblings unchanged, refused writes on the frozen one,
//! 1,500 keys in one object (past the 1,024 transitions after which a shape becomes unique),
//! integer keys and `__proto__`. The expected lines are what Node 20 prints for the same
//! script; it runs in plain Boa (Boa's `JSON.parse`) and in ordo's worker (ordo's).

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    const show = (v) => JSON.stringify(v);
    const make = (kind, entries) => {
        if (kind === "fromEntries") return Object.fromEntries(entries);
        if (kind === "parse") return JSON.parse(show(Object.fromEntries(entries)));
        const o = kind === "new" ? new Object() : Object();
        for (const [k, v] of entries) o[k] = v;
        return o;
    };
    for (const kind of ["fromEntries", "new", "call", "parse"]) {
        const rows = [];
        for (let i = 0; i < 40; i++) rows.push(make(kind, i % 3 === 2 ? [["b", i], ["a", -i]] : [["a", i], ["b", i * 2]]));
        // One read site over records with the same keys, some in the other order.
        let sum = 0;
        for (const r of rows) sum += r.a * 1000 + r.b;
        // Changing one record changes no other.
        rows[0].c = "added";
        delete rows[1].a;
        Object.defineProperty(rows[3], "a", { get() { return "getter"; }, enumerable: true, configurable: true });
        Object.freeze(rows[4]);
        Object.setPrototypeOf(rows[5], { inherited: "yes" });
        rows[6].a = "written";
        const after = rows.slice(0, 8).map((r) => [Object.keys(r).join(""), r.a, r.b, r.c, r.inherited, Object.isFrozen(r)]);
        let again = 0;
        for (const r of rows.slice(8)) again += typeof r.a === "number" ? r.a : 0;
        const refused = [Reflect.set(rows[4], "a", 99), Reflect.set(rows[4], "z", 1), rows[4].a, rows[4].z];
        out.push(`${kind} ${sum} ${again} ${show(after)} ${show([...refused, Object.getPrototypeOf(rows[0]) === Object.prototype])}`);
    }
    // Many keys in one object: past the point where shared shapes stop, every key still there.
    for (const kind of ["fromEntries", "new", "parse"]) {
        const entries = Array.from({ length: 1500 }, (_, i) => [`k${i}`, i]);
        const big = make(kind, entries);
        let total = 0;
        for (const key of Object.keys(big)) total += big[key];
        delete big.k10;
        big.k1499 = "last";
        out.push(`${kind} ${Object.keys(big).length} ${total} ${big.k0} ${big.k10} ${big.k1499} ${Object.keys(big).slice(0, 3)} ${Object.keys(big).at(-1)}`);
    }
    // Integer keys and __proto__ as keys keep their JavaScript order and meaning.
    out.push(show([Object.keys(Object.fromEntries([["b", 1], ["2", 2], ["a", 3], ["1", 4]])), Object.keys(JSON.parse('{"b":1,"2":2,"a":3,"1":4,"__proto__":5}')), Object.getPrototypeOf(JSON.parse('{"__proto__":null}')) === Object.prototype]));
"#;

const EXPECTED: [&str; 8] = [
    r#"fromEntries 261300 246 [["abc",0,0,"added",null,false],["b",null,2,null,null,false],["ba",-2,2,null,null,false],["ab","getter",6,null,null,false],["ab",4,8,null,null,true],["ba",-5,5,null,"yes",false],["ab","written",12,null,null,false],["ab",7,14,null,null,false]] [false,false,4,null,true]"#,
    r#"new 261300 246 [["abc",0,0,"added",null,false],["b",null,2,null,null,false],["ba",-2,2,null,null,false],["ab","getter",6,null,null,false],["ab",4,8,null,null,true],["ba",-5,5,null,"yes",false],["ab","written",12,null,null,false],["ab",7,14,null,null,false]] [false,false,4,null,true]"#,
    r#"call 261300 246 [["abc",0,0,"added",null,false],["b",null,2,null,null,false],["ba",-2,2,null,null,false],["ab","getter",6,null,null,false],["ab",4,8,null,null,true],["ba",-5,5,null,"yes",false],["ab","written",12,null,null,false],["ab",7,14,null,null,false]] [false,false,4,null,true]"#,
    r#"parse 261300 246 [["abc",0,0,"added",null,false],["b",null,2,null,null,false],["ba",-2,2,null,null,false],["ab","getter",6,null,null,false],["ab",4,8,null,null,true],["ba",-5,5,null,"yes",false],["ab","written",12,null,null,false],["ab",7,14,null,null,false]] [false,false,4,null,true]"#,
    r#"fromEntries 1499 1124250 0 undefined last k0,k1,k2 k1499"#,
    r#"new 1499 1124250 0 undefined last k0,k1,k2 k1499"#,
    r#"parse 1499 1124250 0 undefined last k0,k1,k2 k1499"#,
    r#"[["1","2","b","a"],["1","2","b","a","__proto__"],true]"#,
];

#[test]
fn objects_on_shared_shapes_behave_as_in_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn objects_on_shared_shapes_behave_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(BODY, &EXPECTED).await;
}
