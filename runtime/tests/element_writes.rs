//! ordo's patch 57 to Boa (vendor/README.md): `object[n]` on an object with the ordinary
//! methods reads and overwrites an element its map keeps as a value alone (dense or sparse)
//! in place, as it did for Arrays' dense elements only. What a script sees must not change:
//! counting by number on a plain object; frozen, sealed and read-only elements, accessor
//! elements, an `arguments` object whose elements are its parameters, `super[i] = v` (the
//! receiver is `this`), a primitive's element, a proxy, a setter on the prototype for an element
//! the object lacks; an Array with holes. The expected lines are what Node 20 prints for the
//! same script.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    const show = (v) => JSON.stringify(v);
    // Counting by number on a plain object (sparse elements, then overwritten), and on one whose
    // elements are dense, read back and written many times, as a data script does.
    const lengths = {}, dense = {};
    for (let i = 0; i < 5000; i++) { const n = (i * 7919) % 97; lengths[n] = (lengths[n] || 0) + 1; dense[i % 10] = (dense[i % 10] || 0) + i; }
    out.push(show([Object.keys(lengths).length, lengths[0], lengths[96], lengths[50], dense, Object.keys(dense)]));
    // Where a write is more than a value in a slot: a frozen object (ignored in sloppy code, a
    // TypeError in strict code), a sealed one (overwritten), a read-only element, an accessor
    // element, an `arguments` object (its elements are its parameters), `super[i] = v` (the
    // receiver is `this`), a primitive's element, a proxy, a setter on the prototype for an
    // element the object lacks.
    const frozen = Object.freeze({ 1: "a" }); frozen[1] = "b";
    const strictWrite = (() => { "use strict"; try { frozen[1] = "c"; return "no error"; } catch (e) { return e.constructor.name; } })();
    const sealed = Object.seal({ 1: "a", 2: "b" }); sealed[1] = "changed"; sealed[3] = "added";
    const readOnly = { 0: "x", 1: "y" }; Object.defineProperty(readOnly, 1, { writable: false }); readOnly[0] = "x2"; readOnly[1] = "y2";
    let setterCalls = 0; const accessor = { 0: 1 }; Object.defineProperty(accessor, 1, { get() { return "got"; }, set(v) { setterCalls += v; }, enumerable: true, configurable: true }); accessor[1] = 5; accessor[0] = 2;
    function mapped(a, b) { arguments[0] = "via arguments"; arguments[1] = "second"; return [a, b]; }
    const base = { 0: "base" };
    const derived = { __proto__: base, write() { super[0] = "from super"; return [this[0], base[0], Object.keys(this)]; } };
    const primitive = (() => { const n = 5; n[0] = 1; return n[0]; })();
    const seen = []; const proxy = new Proxy({ 0: "t" }, { set(t, k, v) { seen.push(k); t[k] = v; return true; } }); proxy[0] = "p"; proxy[0] = "q";
    const proto = {}; let protoSets = 0; Object.defineProperty(proto, 4, { set(v) { protoSets += v; }, configurable: true });
    const child = Object.create(proto); child[4] = 1; child[4] = 2; const own = Object.create(proto); Object.defineProperty(own, 4, { value: 0, writable: true, enumerable: true, configurable: true }); own[4] = 9;
    out.push(show([frozen[1], strictWrite, sealed, readOnly, accessor[0], accessor[1], setterCalls, mapped(1, 2), derived.write(), primitive, seen, proxy[0], protoSets, child[4], own[4]]));
    // An Array with holes (sparse), written and read by index.
    const holes = []; holes[100] = 1; holes[5] = 2; for (let i = 0; i < 50; i++) { holes[100] += i; holes[5] = holes[5] * 2 % 1000; }
    out.push(show([holes.length, holes[100], holes[5], holes[6], Object.keys(holes)]));"#;

const EXPECTED: [&str; 3] = [
    r#"[97,52,51,51,{"0":1247500,"1":1248000,"2":1248500,"3":1249000,"4":1249500,"5":1250000,"6":1250500,"7":1251000,"8":1251500,"9":1252000},["0","1","2","3","4","5","6","7","8","9"]]"#,
    r#"["a","TypeError",{"1":"changed","2":"b"},{"0":"x2","1":"y"},2,"got",5,["via arguments","second"],["from super","base",["0","write"]],null,["0","0"],"q",3,null,9]"#,
    r#"[101,1226,248,null,["5","100"]]"#,
];

#[test]
fn elements_are_read_and_written_as_in_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn elements_are_read_and_written_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(BODY, &EXPECTED).await;
}
