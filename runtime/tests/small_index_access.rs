//! ordo's patch 10 to Boa (vendor/README.md): `a[i]` and `a[i] = v` with `i` held as a small
//! integer read and write an Array's dense element or a typed array's element straight from the
//! registers, without copying them or making a property key. What a script sees must not change:
//! every kind of typed array and its conversions (clamping, wrapping, NaN, BigInt's TypeError),
//! reads past the end that never reach the prototype, writes past the end that add nothing, the
//! value converted before the index is checked, views with an offset, resizable buffers, a receiver
//! that is not the array, holes that read the prototype's element and its getter and setter,
//! appends, frozen and non-extensible arrays, keys that are not small integers, proxies,
//! `arguments`, and a table filled and read back in a loop. The expected lines are what Node 20
//! prints for the same script. (A detached buffer is out of a script's reach here: the engine has
//! neither `ArrayBuffer.prototype.transfer` nor `structuredClone`.)

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    const show = (v) => JSON.stringify(v, (k, x) => (typeof x === "bigint" ? `${x}n` : Number.isNaN(x) ? "NaN" : Object.is(x, -0) ? "-0" : x));
    // Every kind of typed array: reads in and out of bounds, writes with each conversion.
    const kinds = [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array];
    Object.prototype[6] = "from Object.prototype";
    for (const Kind of kinds) {
        const a = new Kind(6);
        const inputs = [300, -1.5, 2.5, "7", NaN, { valueOf() { return 1e10; } }];
        for (let i = 0; i < inputs.length; i++) a[i] = inputs[i];
        a[6] = 9; a[100] = 9;
        const read = [];
        for (let i = 0; i < 8; i++) read.push(a[i]);
        out.push(`${Kind.name} ${show(read)} ${show(Object.keys(a))} ${a.length} ${Object.hasOwn(a, 6)}`);
    }
    for (const Kind of [BigInt64Array, BigUint64Array]) {
        const a = new Kind(3);
        a[0] = -1n; a[1] = 2n ** 64n + 5n;
        let error = "none";
        try { a[2] = 1; } catch (e) { error = e.constructor.name; }
        out.push(`${Kind.name} ${show([a[0], a[1], a[2], a[3]])} ${error}`);
    }
    delete Object.prototype[6];
    // The value is converted before the index is checked: valueOf runs for an index past the end.
    const order = [];
    const small = new Uint8Array(2);
    small[5] = { valueOf() { order.push("valueOf"); return 1; } };
    small[1] = { valueOf() { order.push("second"); return 2; } };
    out.push(`${show(order)} ${show([...small])}`);
    // A view with an offset, and its buffer seen through another view.
    const buffer = new ArrayBuffer(16);
    const view = new Uint16Array(buffer, 4, 4);
    for (let i = 0; i < 6; i++) view[i] = 0x0102 * (i + 1);
    out.push(`${show([...new Uint8Array(buffer)])} ${view[3]} ${view[4]}`);
    // A resizable buffer: a length-tracking view follows it, reads past the end are undefined.
    if (typeof ArrayBuffer.prototype.resize === "function") {
        const rb = new ArrayBuffer(8, { maxByteLength: 16 });
        const tracking = new Uint8Array(rb);
        for (let i = 0; i < 8; i++) tracking[i] = i + 1;
        rb.resize(4);
        tracking[5] = 99;
        const shrunk = [tracking.length, tracking[3], tracking[4], tracking[5]];
        rb.resize(12);
        tracking[10] = 7;
        out.push(`resizable ${show(shrunk)} ${show([...tracking])}`);
    } else out.push("resizable missing");
    // Another receiver: Reflect.set with a receiver that is not the array, and super.
    const target = new Uint8Array(2);
    const other = {};
    const sets = [Reflect.set(target, 0, 7, other), Reflect.set(target, 9, 7, other), target[0], other[0], Object.hasOwn(other, 9)];
    out.push(show(sets));
    // Arrays: holes read the prototype's element, a getter on the prototype runs, writes past
    // the end append, frozen and non-extensible arrays refuse what they must.
    Array.prototype[1] = "from Array.prototype";
    const holes = [0, , 2];
    const holeReads = [holes[1], holes[3]];
    delete Array.prototype[1];
    let getterCalls = 0;
    Object.defineProperty(Array.prototype, 4, { get() { getterCalls++; return "getter"; }, set(v) { this.seen = v; }, configurable: true });
    const withGetter = [1, 2, 3];
    const viaGetter = withGetter[4];
    withGetter[4] = "assigned";
    const setterSaw = [withGetter.seen, Object.hasOwn(withGetter, 4), withGetter.length];
    delete Array.prototype[4];
    const grow = [1, 2];
    grow[2] = 3; grow[5] = 6;
    const frozen = Object.freeze([1, 2]);
    frozen[0] = 9; frozen[2] = 9;
    const sealedWrite = (() => { "use strict"; try { frozen[0] = 9; return "no error"; } catch (e) { return e.constructor.name; } })();
    const closed = Object.preventExtensions([1, 2]);
    closed[0] = 5; closed[2] = 5;
    const mixed = [1, 2, 3];
    mixed[1] = 1.5; mixed[2] = "s"; mixed[0] = mixed;
    out.push(show([holeReads, viaGetter, getterCalls, setterSaw, grow.length, grow, [...frozen], sealedWrite, [...closed], closed.length, mixed[0] === mixed, mixed[1], mixed[2]]));
    // Keys that are not small integers, strings, proxies, arguments.
    const arr = [10, 20, 30];
    arr[-1] = "minus"; arr["1"] = 21; arr[1.5] = "half"; arr[2 ** 31] = "big";
    const proxied = new Proxy([1, 2], { get(t, k) { return k === "0" ? "trapped" : t[k]; }, set(t, k, v) { t[k] = `set ${v}`; return true; } });
    proxied[1] = 5;
    function args() { arguments[0] = "changed"; return [arguments[0], arguments[1]]; }
    out.push(show([arr[-1], arr[1], arr[1.5], arr[2 ** 31], arr.length, "abc"[1], "abc"[5], proxied[0], proxied[1], args("a", "b")]));
    // A loop of the kind data scripts run: a table of typed rows, filled and read back.
    const n = 300, m = 200;
    const table = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
    for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) table[i][j] = (i * 7 + j * 13) % 5 === 0 ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1]);
    let sum = 0;
    for (let i = 0; i <= n; i++) for (let j = 0; j <= m; j++) sum += table[i][j];
    const floats = new Float64Array(1000);
    for (let i = 0; i < floats.length; i++) floats[i] = i / 7;
    let fsum = 0;
    for (let i = 0; i < floats.length; i++) fsum += floats[i];
    out.push(`${table[0][0]} ${sum} ${fsum.toFixed(6)}`);
"#;

const EXPECTED: [&str; 18] = [
    r#"Int8Array [44,-1,2,7,0,0,null,null] ["0","1","2","3","4","5"] 6 false"#,
    r#"Uint8Array [44,255,2,7,0,0,null,null] ["0","1","2","3","4","5"] 6 false"#,
    r#"Uint8ClampedArray [255,0,2,7,0,255,null,null] ["0","1","2","3","4","5"] 6 false"#,
    r#"Int16Array [300,-1,2,7,0,-7168,null,null] ["0","1","2","3","4","5"] 6 false"#,
    r#"Uint16Array [300,65535,2,7,0,58368,null,null] ["0","1","2","3","4","5"] 6 false"#,
    r#"Int32Array [300,-1,2,7,0,1410065408,null,null] ["0","1","2","3","4","5"] 6 false"#,
    r#"Uint32Array [300,4294967295,2,7,0,1410065408,null,null] ["0","1","2","3","4","5"] 6 false"#,
    r#"Float32Array [300,-1.5,2.5,7,"NaN",10000000000,null,null] ["0","1","2","3","4","5"] 6 false"#,
    r#"Float64Array [300,-1.5,2.5,7,"NaN",10000000000,null,null] ["0","1","2","3","4","5"] 6 false"#,
    r#"BigInt64Array ["-1n","5n","0n",null] TypeError"#,
    r#"BigUint64Array ["18446744073709551615n","5n","0n",null] TypeError"#,
    r#"["valueOf","second"] [0,2]"#,
    r#"[0,0,0,0,2,1,4,2,6,3,8,4,0,0,0,0] 1032 undefined"#,
    r#"resizable [4,4,null,null] [1,2,3,4,0,0,0,0,0,0,7,0]"#,
    r#"[true,true,0,7,false]"#,
    r#"[["from Array.prototype",null],"getter",1,["assigned",false,3],6,[1,2,3,null,null,6],[1,2],"TypeError",[5,2],2,true,1.5,"s"]"#,
    r#"["minus",21,"half","big",2147483649,"b",null,"trapped","set 5",["changed","b"]]"#,
    r#"200 4696700 71357.142857"#,
];

#[test]
fn small_index_reads_and_writes_behave_as_in_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn small_index_reads_and_writes_behave_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(BODY, &EXPECTED).await;
}
