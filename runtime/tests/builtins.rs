//! The web built-ins models reach for (R-RT-2): `atob`/`btoa`, `TextEncoder`/`TextDecoder`,
//! `structuredClone`, `Array.fromAsync`, each behaving as browsers and Node define it.
#![allow(clippy::unwrap_used)] // test helpers outside #[test] fns unwrap too

use ordo_runtime::{HostFunctions, Runtime, RuntimeConfig, Script, WorkerCommand};
use serde_json::{Value, json};
use tokio_util::sync::CancellationToken;

async fn result(code: &str) -> Value {
    let worker = WorkerCommand::program(env!("CARGO_BIN_EXE_ordo-js-worker"));
    Runtime::new(RuntimeConfig { warm_workers: 0, ..RuntimeConfig::new(worker) })
        .run(&Script::javascript(code), &HostFunctions::new(), &CancellationToken::new())
        .await
        .unwrap_or_else(|error| panic!("{code:?}: {error}"))
        .result
}

#[tokio::test]
async fn r_rt_2_text_encoder_and_decoder_round_trip_utf8_and_replace_or_refuse_bad_bytes() {
    let value = result(
        r#"const bytes = new TextEncoder().encode("héllo €𝄞");
           let fatal; try { new TextDecoder("utf-8", { fatal: true }).decode(new Uint8Array([0xc3])) }
           catch (e) { fatal = e.name }
           let label; try { new TextDecoder("latin1") } catch (e) { label = e.name }
           return { bytes: Array.from(bytes), back: new TextDecoder().decode(bytes),
                    replaced: new TextDecoder().decode(new Uint8Array([0xff, 0x41, 0xe2, 0x82])),
                    bom: new TextDecoder().decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x41])),
                    fatal, label }"#,
    )
    .await;
    assert_eq!(
        value["bytes"],
        json!([104, 195, 169, 108, 108, 111, 32, 226, 130, 172, 240, 157, 132, 158])
    );
    assert_eq!(value["back"], "héllo €𝄞");
    // As Node and the Encoding standard: one U+FFFD for the truncated `e2 82` at the end.
    assert_eq!(value["replaced"], "\u{fffd}A\u{fffd}");
    assert_eq!(value["bom"], "A");
    assert_eq!(value["fatal"], "TypeError");
    assert_eq!(value["label"], "RangeError");
}

/// `TextDecoder.decode` reads what the Encoding standard lets it be given: a buffer (shared or
/// not), the bytes a view of any kind sees (offset and length), nothing; anything else is a
/// `TypeError`. As Node 20 prints it for the same script; the last line decodes 55,000 views of
/// one 550 KB buffer, cut through multi-byte characters.
#[tokio::test]
async fn r_rt_2_text_decoder_reads_buffers_and_every_kind_of_view() {
    let value = result(
        r#"const d = new TextDecoder();
           const bytes = new TextEncoder().encode("abc héllo €𝄞 xyz");
           const buffer = bytes.buffer;
           const out = [];
           out.push(d.decode(buffer));
           out.push(d.decode(bytes.subarray(4, 10)));
           out.push(d.decode(new DataView(buffer, 4, 6)));
           out.push(d.decode(new Uint16Array(new TextEncoder().encode("abcd").buffer, 2, 1)));
           const shared = new SharedArrayBuffer(3);
           new Uint8Array(shared).set([0x61, 0x62, 0x63]);
           out.push(d.decode(new Uint8Array(shared, 1)), d.decode(shared));
           out.push(JSON.stringify([d.decode(), d.decode(undefined), d.decode(new Uint8Array(0))]));
           for (const bad of ["text", 7, {}, [1, 2], null]) {
               try { d.decode(bad); out.push("decoded " + typeof bad); } catch (e) { out.push(e.name); }
           }
           const big = new TextEncoder().encode("línea ✓\n".repeat(50000));
           let chars = 0;
           for (let at = 0; at < big.length; at += 10) chars += d.decode(big.subarray(at, at + 10)).length;
           out.push(big.length + " " + chars);
           return out;"#,
    )
    .await;
    assert_eq!(
        value,
        json!([
            "abc héllo €𝄞 xyz",
            "héllo",
            "héllo",
            "cd",
            "bc",
            "abc",
            r#"["","",""]"#,
            "TypeError",
            "TypeError",
            "TypeError",
            "TypeError",
            "TypeError",
            "550000 420000"
        ])
    );
}

#[tokio::test]
async fn r_rt_2_atob_and_btoa_follow_the_browser() {
    let value = result(
        r#"let wide; try { btoa("€") } catch (e) { wide = e.name }
           let bad; try { atob("a") } catch (e) { bad = e.name }
           return [btoa(""), btoa("f"), btoa("fo"), btoa("foo"), atob("Zm9v"), atob(" Zm8= "), atob("Zg"), wide, bad]"#,
    )
    .await;
    assert_eq!(
        value,
        json!([
            "",
            "Zg==",
            "Zm8=",
            "Zm9v",
            "foo",
            "fo",
            "f",
            "InvalidCharacterError",
            "InvalidCharacterError"
        ])
    );
}

/// Plain objects and arrays in `structuredClone`'s general path (in JavaScript: the `Date` and
/// the class instance in the graph keep it from the copy in Rust), where they skip the checks
/// for the other kinds: what Node 20 makes of them (a null prototype, an array's holes and extra
/// properties, a shared reference cloned once, a class instance as a plain object, 20,000
/// records). The same plain cases through the copy in Rust are the next test's.
#[tokio::test]
async fn r_rt_2_structured_clone_copies_records_and_lists_as_node_does() {
    let value = result(
        r#"const shared = { s: 1 };
           const nullProto = Object.assign(Object.create(null), { a: 1, nested: { b: [1, 2] } });
           const list = [1, { x: 2 }, [3, [4]], shared, shared]; list.extra = "kept";
           const holes = [1, , 3];
           class Point { constructor() { this.x = 1; } get twice() { return 2; } }
           const records = Array.from({ length: 20000 }, (_, i) => ({ id: i, tags: ["t" + (i % 7)], meta: { a: i, b: [i, i + 1] } }));
           const copy = structuredClone({ nullProto, list, holes, point: new Point(), records, when: new Date(5) });
           copy.records[0].meta.b.push(9);
           return {
             nullProto: [Object.getPrototypeOf(copy.nullProto) === Object.prototype, copy.nullProto.nested.b],
             list: [copy.list.length, copy.list.extra, copy.list[3] === copy.list[4], copy.list[3] !== shared, JSON.stringify(copy.list)],
             holes: [copy.holes.length, 1 in copy.holes, JSON.stringify(copy.holes)],
             point: [Object.getPrototypeOf(copy.point) === Object.prototype, copy.point.x, "twice" in copy.point],
             records: [copy.records.length, copy.records[19999].meta.b, records[0].meta.b.length, copy.records[0].meta.b.length, copy.when.getTime()],
           };"#,
    )
    .await;
    assert_eq!(
        value,
        json!({
            "nullProto": [true, [1, 2]],
            "list": [5, "kept", true, true, "[1,{\"x\":2},[3,[4]],{\"s\":1},{\"s\":1}]"],
            "holes": [3, false, "[1,null,3]"],
            "point": [true, 1, false],
            "records": [20000, [19999, 20000], 2, 3, 5]
        })
    );
}

/// Records and lists alone, which `structuredClone` copies in Rust (`engine/clone.rs`); what
/// Node 20 gives for the same script. Then a value with a getter, a `Map` or a symbol somewhere,
/// which takes the general path from the start.
#[tokio::test]
async fn r_rt_2_structured_clone_copies_plain_data_in_rust_as_node_does() {
    let value = result(
        r#"const shared = { s: 1 };
           const nullProto = Object.assign(Object.create(null), { a: 1, nested: { b: [1, 2] } });
           const list = [1, { x: 2 }, [3, [4]], shared, shared]; list.extra = "kept";
           const holes = [1, , 3]; holes.length = 5;
           const cyclic = { name: "c" }; cyclic.self = cyclic; cyclic.list = [cyclic];
           const keyed = { b: 1, 2: "two", a: 2, 0: "zero", [Symbol("k")]: "skipped" };
           Object.defineProperty(keyed, "hidden", { value: 1, enumerable: false });
           const parsed = JSON.parse('{"__proto__": {"x": 1}, "y": 2}');
           const frozen = Object.freeze({ f: [1] });
           const records = Array.from({ length: 20000 }, (_, i) => ({ id: i, tags: ["t" + (i % 7)], meta: { a: i, b: [i, i + 1], ok: i % 2 === 0, none: null, nothing: undefined, big: 10n ** 20n, neg: -0 } }));
           const copy = structuredClone({ nullProto, list, holes, cyclic, keyed, parsed, frozen, records });
           copy.records[0].meta.b.push(9);
           copy.frozen.f.push(2);
           const refusals = [];
           for (const bad of [{ s: Symbol("v") }, [1, () => 1], { get g() { return 1; }, m: new Map() }]) { try { structuredClone(bad); refusals.push("copied"); } catch (e) { refusals.push(e.name); } }
           const getter = structuredClone({ get g() { return "read"; } });
           return {
             nullProto: [Object.getPrototypeOf(copy.nullProto) === Object.prototype, copy.nullProto.nested.b],
             list: [copy.list.length, copy.list.extra, copy.list[3] === copy.list[4], copy.list[3] !== shared, JSON.stringify(copy.list)],
             holes: [copy.holes.length, 1 in copy.holes, 4 in copy.holes, JSON.stringify(copy.holes)],
             cyclic: [copy.cyclic.self === copy.cyclic, copy.cyclic.list[0] === copy.cyclic, copy.cyclic !== cyclic],
             keyed: [Reflect.ownKeys(copy.keyed), "hidden" in copy.keyed],
             parsed: [Object.getPrototypeOf(copy.parsed) === Object.prototype, Object.keys(copy.parsed), copy.parsed.x === undefined],
             frozen: [Object.isFrozen(copy.frozen), copy.frozen.f, frozen.f],
             records: [copy.records.length, copy.records[19999].meta.b, records[0].meta.b.length, copy.records[0].meta.b.length, String(copy.records[5].meta.big), Object.is(copy.records[5].meta.neg, -0), "nothing" in copy.records[5].meta, Object.keys(copy.records[5].meta)],
             refusals, getter: Object.getOwnPropertyDescriptor(getter, "g"),
           };"#,
    )
    .await;
    let expected: Value = serde_json::from_str(
        r#"{"nullProto":[true,[1,2]],"list":[5,"kept",true,true,"[1,{\"x\":2},[3,[4]],{\"s\":1},{\"s\":1}]"],"holes":[5,false,false,"[1,null,3,null,null]"],"cyclic":[true,true,true],"keyed":[["0","2","b","a"],false],"parsed":[true,["__proto__","y"],true],"frozen":[false,[1,2],[1]],"records":[20000,[19999,20000],2,3,"100000000000000000000",true,true,["a","b","ok","none","nothing","big","neg"]],"refusals":["DataCloneError","DataCloneError","copied"],"getter":{"value":"read","writable":true,"enumerable":true,"configurable":true}}"#,
    )
    .unwrap();
    assert_eq!(value, expected);
}

/// Errors keep their class (by name, as the HTML standard says), message, stack and cause;
/// boxed primitives stay boxed; `transfer` moves a buffer and detaches the original; a refusal
/// says what V8 says. The lines are what Node 20 prints for the same body; each case runs twice
/// from the same code.
#[tokio::test]
async fn r_rt_2_structured_clone_keeps_errors_boxed_primitives_and_transfers_as_node_does() {
    let body = r#"const out = [];
class MyErr extends Error { constructor(m) { super(m); this.name = "MyErr"; this.code = 7; } }
const errors = [new TypeError("t"), new RangeError("r", { cause: { a: [1] } }), new MyErr("m"), Object.assign(new Error("x"), { extra: 1 }), new Error()];
const renamed = new Error("n"); renamed.name = "SyntaxError"; errors.push(renamed);
for (let round = 0; round < 2; round++) {
  for (const e of errors) {
    const c = structuredClone(e);
    out.push([c instanceof Error, c.constructor.name, c.name, c.message, Object.keys(c).join(","), "cause" in c ? JSON.stringify(c.cause) : "-", c.stack === e.stack, Object.getOwnPropertyNames(c).sort().join(","), c !== e].join(" "));
  }
  for (const v of [new String("ab"), new Number(5), new Boolean(false), Object(3n)]) {
    const c = structuredClone({ v }).v;
    out.push([typeof c, Object.prototype.toString.call(c), String(c.valueOf()), Object.keys(c).join(","), c !== v].join(" "));
  }
  for (const bad of [() => 1, { f() {} }, Symbol("s"), Promise.resolve(1), new WeakMap()]) {
    try { structuredClone(bad); out.push("cloned"); } catch (e) { out.push(e.name + ": " + e.message); }
  }
  const bytes = new Uint8Array([1, 2, 3]);
  const moved = structuredClone({ bytes, same: bytes }, { transfer: [bytes.buffer] });
  out.push([bytes.length, bytes.buffer.byteLength, moved.bytes.length, moved.bytes === moved.same, [...moved.bytes].join()].join(" "));
  const buffer = new ArrayBuffer(2);
  for (const transfer of [[1], [buffer, buffer]]) {
    try { structuredClone(1, { transfer }); out.push("cloned"); } catch (e) { out.push(e.name + ": " + e.message); }
  }
}
return out;"#;
    // One round's lines; the body runs two rounds from the same code.
    let round = [
        "true TypeError TypeError t  - true message,stack true",
        "true RangeError RangeError r  {\"a\":[1]} true cause,message,stack true",
        "true Error Error m  - true message,stack true",
        "true Error Error x  - true message,stack true",
        "true Error Error   - true stack true",
        "true SyntaxError SyntaxError n  - true message,stack true",
        "object [object String] ab 0,1 true",
        "object [object Number] 5  true",
        "object [object Boolean] false  true",
        "object [object BigInt] 3  true",
        "DataCloneError: () => 1 could not be cloned.",
        "DataCloneError: f() {} could not be cloned.",
        "DataCloneError: Symbol(s) could not be cloned.",
        "DataCloneError: #<Promise> could not be cloned.",
        "DataCloneError: #<WeakMap> could not be cloned.",
        "0 0 3 true 1,2,3",
        "TypeError: Found invalid object in transferList",
        "DataCloneError: Transfer list contains duplicate ArrayBuffer",
    ];
    assert_eq!(result(body).await, json!([round, round].concat()));
}

#[tokio::test]
async fn r_rt_2_structured_clone_copies_deeply_keeps_cycles_and_refuses_functions() {
    let value = result(
        r#"const original = { when: new Date(0), tags: new Set(["a"]), counts: new Map([["x", [1]]]) };
           original.self = original;
           const copy = structuredClone(original);
           copy.counts.get("x").push(2);
           let refused; try { structuredClone({ f() {} }) } catch (e) { refused = e.name }
           return { cycle: copy.self === copy, distinct: copy !== original,
                    date: copy.when instanceof Date && copy.when.getTime() === 0,
                    tags: [...copy.tags], untouched: original.counts.get("x").length, refused }"#,
    )
    .await;
    assert_eq!(
        value,
        json!({ "cycle": true, "distinct": true, "date": true, "tags": ["a"], "untouched": 1,
                "refused": "DataCloneError" })
    );
}

#[tokio::test]
async fn r_rt_2_queue_microtask_runs_after_the_current_job_and_before_what_awaits_it() {
    let value = result(
        r#"const order = [];
           queueMicrotask(() => order.push("first"));
           Promise.resolve().then(() => order.push("reaction"));
           queueMicrotask(function () { "use strict"; order.push(this === undefined ? "no this" : "a this") });
           order.push("now");
           await null; await null;
           Promise = null;
           queueMicrotask(() => order.push("after Promise is gone"));
           await undefined;
           let refused; try { queueMicrotask("code") } catch (e) { refused = e.name }
           return [order, refused]"#,
    )
    .await;
    assert_eq!(
        value,
        json!([["now", "first", "reaction", "no this", "after Promise is gone"], "TypeError"])
    );
}

#[tokio::test]
async fn r_rt_2_array_from_async_awaits_iterables_async_iterables_and_the_map() {
    let value = result(
        r#"async function* numbers() { yield 1; yield 2; }
           return [await Array.fromAsync(numbers()),
                   await Array.fromAsync([Promise.resolve(3), 4], async (x, i) => x * 10 + i),
                   await Array.fromAsync({ length: 2, 0: "a", 1: Promise.resolve("b") })]"#,
    )
    .await;
    assert_eq!(value, json!([[1, 2], [30, 41], ["a", "b"]]));
}

/// What models write first: a built-in called again from the same place (a loop, a callback, a
/// helper). Each of these failed at its second call while the built-ins were compiled at their
/// first touch behind accessors that Boa's inline cache kept calling (see `engine/lazy.rs`);
/// `repeated_calls.rs` covers every built-in in every shape against Node.
#[tokio::test]
async fn r_rt_2_a_built_in_called_again_from_the_same_place_answers_as_node_does() {
    let scripts = [
        (
            "const r = []; for (let i = 0; i < 3; i++) r.push(structuredClone(i)); return r;",
            json!([0, 1, 2]),
        ),
        (
            r#"return [1234.5, 99].map(v => v.toLocaleString("en-US", { style: "currency", currency: "USD" }));"#,
            json!(["$1,234.50", "$99.00"]),
        ),
        (
            r#"const out = []; for (let i = 0; i < 3; i++) out.push(btoa("ab" + i)); return out;"#,
            json!(["YWIw", "YWIx", "YWIy"]),
        ),
        (
            r#"function n(s) { return new TextEncoder().encode(s).length } return [n("a"), n("b")];"#,
            json!([1, 1]),
        ),
        (
            // A name spelled with escapes is the same name.
            r#"const out = []; for (let i = 0; i < 3; i++) out.push(\u0061tob("YWI" + "wxy"[i])); return out;"#,
            json!(["ab0", "ab1", "ab2"]),
        ),
        (
            // Reached by computed key (the accessor runs) between calls of Boa's own methods
            // on the objects the lazy built-ins live on.
            r#"const out = []; const d = new Date(0); const key = ["toLocale", "DateString"].join("");
               for (let i = 0; i < 3; i++) { out.push(d.toISOString(), (5).toFixed(i)); void Date.prototype[key]; }
               return out;"#,
            json!([
                "1970-01-01T00:00:00.000Z",
                "5",
                "1970-01-01T00:00:00.000Z",
                "5.0",
                "1970-01-01T00:00:00.000Z",
                "5.00"
            ]),
        ),
    ];
    for (code, expected) in scripts {
        assert_eq!(result(code).await, expected, "{code}");
    }
}
