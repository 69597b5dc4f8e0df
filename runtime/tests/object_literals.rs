//! ordo's patch 28 to Boa (vendor/README.md): each `key: value` of an object literal
//! remembers the shape transition it made last, and a plain object that arrives with the shape
//! that transition started from takes it without `[[DefineOwnProperty]]`. What must not change:
//! keys in definition order (indices first), values, attributes, a key given twice, getters
//! beside values, `__proto__`, spreads that give one site objects of different shapes, objects
//! changed after their literal, a literal wider than a shared shape holds, and class static
//! fields (defined on a function, not a plain object). The expected lines are what Node 20
//! prints for the same script; it runs in plain Boa and in the worker.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    const show = (v) => JSON.stringify(v);
    const described = (o) => Object.entries(Object.getOwnPropertyDescriptors(o)).map(([k, d]) => `${k}:${"value" in d ? show(d.value) : "accessor"}:${d.writable ? "w" : ""}${d.enumerable ? "e" : ""}${d.configurable ? "c" : ""}`).join(",");
    // One site, many objects: keys in order, values, attributes, and reads from warm sites.
    const rows = Array.from({ length: 20000 }, (_, i) => ({ id: i, name: `n${i % 7}`, score: i * 0.5, tags: [i % 3] }));
    let sum = 0;
    for (const row of rows) sum += row.id + row.score + row.tags[0];
    out.push(show([sum, rows[19999], Object.keys(rows[5]), described(rows[3])]));
    // The object a site gets has different shapes: spread first, so each spread's keys differ.
    // Shapes of one storage length alternate: only the shape tells them apart.
    const spreads = [{}, { a: 1 }, { b: 2 }, { b: 2, a: 3 }, { a: 3, b: 2 }, { id: 9 }, { x: 1, y: 2, z: 3 }];
    const spread = [];
    for (let i = 0; i < 28; i++) { const base = spreads[i % 7]; spread.push({ ...base, id: i, last: true }); }
    out.push(show(spread.slice(0, 14)), show(spread.slice(14).map((o) => Object.entries(o).flat().join(""))));
    // A key given twice, a getter then a value, a value then a getter, a method, __proto__.
    const proto = { inherited: "yes" };
    const mixed = [];
    for (let i = 0; i < 6; i++) {
        const twice = { a: i, b: 1, a: i * 10 };
        const getterFirst = { get a() { return "getter"; }, a: i };
        const valueFirst = { a: i, get a() { return "getter"; } };
        const method = { n: i, m() { return this.n * 2; } };
        const withProto = { __proto__: proto, own: i };
        mixed.push([twice, Object.keys(twice), getterFirst.a, described(getterFirst), valueFirst.a, described(valueFirst), method.m(), withProto.inherited, Object.keys(withProto)]);
    }
    out.push(show(mixed));
    // Index-like keys beside names: indices first in key order, names in definition order.
    const indexed = [];
    for (let i = 0; i < 4; i++) indexed.push(Object.keys({ b: i, 1: "one", a: i, "0": "zero", "-1": "minus", "01": "pad" }));
    out.push(show(indexed));
    // Objects changed after the literal: a deleted key, frozen objects, added keys, and new
    // literals from the same site after each change.
    const changed = [];
    for (let i = 0; i < 6; i++) {
        const o = { p: i, q: i + 1, r: i + 2 };
        if (i === 1) delete o.q;
        if (i === 2) Object.freeze(o);
        if (i === 3) o.extra = "x";
        if (i === 4) Object.defineProperty(o, "p", { enumerable: false });
        try { o.q = "set"; } catch (error) { changed.push(error.constructor.name); }
        changed.push(show(o), described(o));
    }
    out.push(show(changed));
    // A literal of more keys than a shared shape holds, built three times at one site.
    const makeWide = () => WIDE_LITERAL;
    const wide = [makeWide(), makeWide(), makeWide()];
    wide[1].k5 = "changed";
    out.push(show(wide.map((o) => [Object.keys(o).length, o.k0, o.k5, o.k1099, Object.keys(o)[1099]])));
    // Class static fields (defined on a function, not a plain object), in a loop.
    const classes = [];
    for (let i = 0; i < 4; i++) { const C = class { static first = i; static second = i * 2; }; classes.push([C.first, C.second, Object.keys(C)]); }
    out.push(show(classes));
    // Shorthand properties and computed keys at one site, in a callback.
    const made = ["x", "y", "x", "z"].map((key, i) => { const value = i; return { key, value, [key]: i, [`${key}2`]: -i }; });
    out.push(show(made));
"#;

const EXPECTED: [&str; 9] = [
    r#"[300004999,{"id":19999,"name":"n0","score":9999.5,"tags":[1]},["id","name","score","tags"],"id:3:wec,name:\"n3\":wec,score:1.5:wec,tags:[0]:wec"]"#,
    r#"[{"id":0,"last":true},{"a":1,"id":1,"last":true},{"b":2,"id":2,"last":true},{"b":2,"a":3,"id":3,"last":true},{"a":3,"b":2,"id":4,"last":true},{"id":5,"last":true},{"x":1,"y":2,"z":3,"id":6,"last":true},{"id":7,"last":true},{"a":1,"id":8,"last":true},{"b":2,"id":9,"last":true},{"b":2,"a":3,"id":10,"last":true},{"a":3,"b":2,"id":11,"last":true},{"id":12,"last":true},{"x":1,"y":2,"z":3,"id":13,"last":true}]"#,
    r#"["id14lasttrue","a1id15lasttrue","b2id16lasttrue","b2a3id17lasttrue","a3b2id18lasttrue","id19lasttrue","x1y2z3id20lasttrue","id21lasttrue","a1id22lasttrue","b2id23lasttrue","b2a3id24lasttrue","a3b2id25lasttrue","id26lasttrue","x1y2z3id27lasttrue"]"#,
    r#"[[{"a":0,"b":1},["a","b"],0,"a:0:wec","getter","a:accessor:ec",0,"yes",["own"]],[{"a":10,"b":1},["a","b"],1,"a:1:wec","getter","a:accessor:ec",2,"yes",["own"]],[{"a":20,"b":1},["a","b"],2,"a:2:wec","getter","a:accessor:ec",4,"yes",["own"]],[{"a":30,"b":1},["a","b"],3,"a:3:wec","getter","a:accessor:ec",6,"yes",["own"]],[{"a":40,"b":1},["a","b"],4,"a:4:wec","getter","a:accessor:ec",8,"yes",["own"]],[{"a":50,"b":1},["a","b"],5,"a:5:wec","getter","a:accessor:ec",10,"yes",["own"]]]"#,
    r#"[["0","1","b","a","-1","01"],["0","1","b","a","-1","01"],["0","1","b","a","-1","01"],["0","1","b","a","-1","01"]]"#,
    r#"["{\"p\":0,\"q\":\"set\",\"r\":2}","p:0:wec,q:\"set\":wec,r:2:wec","{\"p\":1,\"r\":3,\"q\":\"set\"}","p:1:wec,r:3:wec,q:\"set\":wec","{\"p\":2,\"q\":3,\"r\":4}","p:2:e,q:3:e,r:4:e","{\"p\":3,\"q\":\"set\",\"r\":5,\"extra\":\"x\"}","p:3:wec,q:\"set\":wec,r:5:wec,extra:\"x\":wec","{\"q\":\"set\",\"r\":6}","p:4:wc,q:\"set\":wec,r:6:wec","{\"p\":5,\"q\":\"set\",\"r\":7}","p:5:wec,q:\"set\":wec,r:7:wec"]"#,
    r#"[[1100,0,5,1099,"k1099"],[1100,0,"changed",1099,"k1099"],[1100,0,5,1099,"k1099"]]"#,
    r#"[[0,0,["first","second"]],[1,2,["first","second"]],[2,4,["first","second"]],[3,6,["first","second"]]]"#,
    r#"[{"key":"x","value":0,"x":0,"x2":0},{"key":"y","value":1,"y":1,"y2":-1},{"key":"x","value":2,"x":2,"x2":-2},{"key":"z","value":3,"z":3,"z2":-3}]"#,
];

/// `BODY` with its literal of 1,100 keys written out (a script in the worker cannot compile one
/// from a string): `{ k0: 0, k1: 1, … }`.
fn body() -> String {
    let keys: Vec<String> = (0..1100).map(|i| format!("k{i}: {i}")).collect();
    BODY.replace("WIDE_LITERAL", &format!("({{ {} }})", keys.join(", ")))
}

#[test]
fn object_literals_match_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(&body(), &EXPECTED);
}

#[tokio::test]
async fn object_literals_match_node_in_the_worker() {
    node_lines::assert_in_worker(&body(), &EXPECTED).await;
}
