//! ordo's patch 9 to Boa (vendor/README.md): `JSON.stringify` writes its text into one buffer
//! instead of making a string at every level and copying it into its parent's. What it writes
//! must not change: every kind of value and where it is dropped or written `null`, escapes
//! (control characters, quotes, lone surrogates, pairs, U+2028), `toJSON` with its key,
//! a replacer function and a property list, gaps given as a number and as a string (and cut
//! at 10), boxed primitives, getters, symbols, integer keys first, cycles and BigInt refused,
//! an error thrown from a getter, a shared (not cyclic) object, proxies, 2,000 records round
//! trip, Latin-1 and wider text. The expected text is what Node 20 prints for the same script.

#[path = "support/run_script.rs"]
mod run_script;

use serde_json::Value;

const SCRIPT: &str = r#"
    const out = [];
    const cases = [
      [{a: 1, b: [1, 2, {c: "x\ny\u0001\"\\"}], d: undefined, e: () => 1, f: null, g: true, h: -0, i: 1.5e300, j: NaN, k: Infinity}],
      [[undefined, function () {}, Symbol("s"), 1, "é", "\ud800", "\udc00x", "😀", "\u2028"]],
      [{ toJSON(key) { return "key:" + key; } }],
      [{ x: { toJSON(key) { return ["k", key]; } }, y: [ { toJSON(k) { return k; } } ] }],
      [{ a: 1, b: { c: 2, d: [3, { e: 4 }] }, f: [] , g: {} }, null, 2],
      [{ a: 1, b: { c: 2, d: [3, { e: 4 }] }, f: [], g: {} }, null, "--"],
      [{ a: 1, b: 2, c: { a: 3, z: 4 } }, ["a", "c", 0]],
      [{ a: 1, b: "two", c: [3] }, (k, v) => (typeof v === "number" ? v * 10 : v)],
      [{ 2: "two", 1: "one", b: "b", a: "a" }],
      [new Number(3), null, new String("\t")],
      [[new String("s"), new Boolean(false), new Number(-1.5), Object(1n) === 1 ? 0 : "big"]],
      [{ get g() { return "getter"; }, [Symbol("hidden")]: 1, visible: [undefined] }],
      ["plain string"], [42], [undefined], [() => 0], [null], [{ a: undefined }, null, 4], [[undefined], null, 4],
      [{ nested: { deeper: { deepest: [1, [2, [3, {}]]] } } }, null, 20],
      [Object.create({ inherited: 1 }, { own: { value: 2, enumerable: true }, hidden: { value: 3, enumerable: false } })],
    ];
    for (const args of cases) out.push(String(JSON.stringify(...args)));
    try { const a = []; a.push(a); JSON.stringify(a); } catch (e) { out.push(e.constructor.name); }
    try { const o = {}; o.self = { o }; JSON.stringify(o); } catch (e) { out.push(e.constructor.name); }
    try { JSON.stringify({ big: 1n }); } catch (e) { out.push(e.constructor.name); }
    try { JSON.stringify({ get bad() { throw new RangeError("from getter"); } }); } catch (e) { out.push(e.constructor.name + " " + e.message); }
    const again = { shared: [1] }; out.push(JSON.stringify({ x: again, y: again }));
    const proxy = new Proxy({ b: 1, a: 2 }, { ownKeys: () => ["a", "b"], get: (t, k) => (typeof k === "string" ? k.toUpperCase() : undefined) });
    out.push(JSON.stringify(proxy), JSON.stringify(new Proxy([1, 2], {})));
    const big = Array.from({ length: 2000 }, (_, i) => ({ id: i, name: `n${i}`, tags: ["a", "é"], ok: i % 2 === 0, v: i / 3 }));
    const text = JSON.stringify(big);
    out.push(text.length, JSON.stringify(JSON.parse(text)) === text, JSON.stringify(big, null, 2).length);
    out.push(JSON.stringify({ wide: "\u4e2d" }), JSON.stringify("\u00ff\u0100").length);
    return out.join("\n");
"#;

const EXPECTED: &str = r#"{"a":1,"b":[1,2,{"c":"x\ny\u0001\"\\"}],"f":null,"g":true,"h":0,"i":1.5e+300,"j":null,"k":null}
[null,null,null,1,"é","\ud800","\udc00x","😀"," "]
"key:"
{"x":["k","x"],"y":["0"]}
{
  "a": 1,
  "b": {
    "c": 2,
    "d": [
      3,
      {
        "e": 4
      }
    ]
  },
  "f": [],
  "g": {}
}
{
--"a": 1,
--"b": {
----"c": 2,
----"d": [
------3,
------{
--------"e": 4
------}
----]
--},
--"f": [],
--"g": {}
}
{"a":1,"c":{"a":3}}
{"a":10,"b":"two","c":[30]}
{"1":"one","2":"two","b":"b","a":"a"}
3
["s",false,-1.5,"big"]
{"g":"getter","visible":[null]}
"plain string"
42
undefined
undefined
null
{}
[
    null
]
{
          "nested": {
                    "deeper": {
                              "deepest": [
                                        1,
                                        [
                                                  2,
                                                  [
                                                            3,
                                                            {}
                                                  ]
                                        ]
                              ]
                    }
          }
}
{"own":2}
TypeError
TypeError
TypeError
RangeError from getter
{"x":{"shared":[1]},"y":{"shared":[1]}}
{"a":"A","b":"B"}
[1,2]
141761
true
251762
{"wide":"中"}
4"#;

#[tokio::test]
async fn json_stringify_writes_what_node_writes() {
    assert_eq!(run_script::run(SCRIPT).await, Value::from(EXPECTED));
}
