//! ordo's patch 14 to Boa (vendor/README.md): `CreateDataProperty` of an element of a plain Array
//! (on the realm's array shape, with dense storage) within its elements or just past them, what
//! `map`, `filter`, `Array.from` and the rest do per element, writes the storage directly, and
//! `Array.prototype.push` does the same where no prototype can see the write (each reads and writes
//! as an ordinary object does and holds no element). What a script sees must not change: `push`'s
//! result with any number of arguments, onto holes at the end; a setter on `Array.prototype`, an
//! element on `Object.prototype` and a proxy as prototype seen by `push` and not by `map`, `filter`
//! and `Array.from`; frozen, sealed and non-extensible arrays, a length that is not writable
//! (`push` with no arguments too), the length limit of 2^32 - 1; array-likes, subclasses, an array
//! with a named property; holes kept by `map`. The expected lines are what Node 20 prints for the
//! same script; it runs in plain Boa and in the worker.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    const show = (v) => JSON.stringify(v);
    const attempt = (f) => { try { return f(); } catch (e) { return e.constructor.name; } };
    // push: returns the length, any number of arguments, onto holes at the end.
    const a = [1, 2];
    const pushed = [a.push(), a.push(3), a.push(4, 5, 6), a.length];
    const holed = [1]; holed.length = 4; holed.push("x");
    out.push(show([pushed, a, holed.length, Object.keys(holed), holed[4]]));
    // What a prototype can see: a setter on Array.prototype, an element on Object.prototype, a proxy.
    const seen = [];
    Object.defineProperty(Array.prototype, 2, { set(v) { seen.push(`setter ${v}`); }, get() { return "proto"; }, configurable: true });
    const viaSetter = [0, 1]; viaSetter.push("a", "b");
    delete Array.prototype[2];
    Object.prototype[1] = "object proto";
    const viaObject = [0]; viaObject.push("own");
    delete Object.prototype[1];
    const trapped = [];
    Object.setPrototypeOf(trapped, new Proxy([], { set(t, k, v, r) { seen.push(`trap ${String(k)}=${v}`); return Reflect.set(t, k, v, r); } }));
    trapped.push("p");
    out.push(show([seen, viaSetter.length, Object.hasOwn(viaSetter, 2), viaSetter[3], Object.hasOwn(viaObject, 1), viaObject[1], trapped.length]));
    // Arrays that must refuse: frozen, sealed, non-extensible, a length that is not writable, past 2^32 - 1.
    const frozen = Object.freeze([1]);
    const sealed = Object.seal([1]);
    const closed = Object.preventExtensions([1]);
    const fixed = [1, 2]; Object.defineProperty(fixed, "length", { writable: false });
    const huge = []; huge.length = 2 ** 32 - 2;
    const hugeFirst = attempt(() => huge.push("last"));
    const hugeSecond = attempt(() => huge.push("over"));
    out.push(show([attempt(() => frozen.push(2)), attempt(() => sealed.push(2)), attempt(() => closed.push(2)), attempt(() => fixed.push(3)), fixed, closed, hugeFirst, hugeSecond, huge.length, huge[2 ** 32 - 2], huge[2 ** 32 - 1]]));
    // With nothing to push, length is still set: a frozen array and a fixed length refuse it.
    out.push(show([attempt(() => frozen.push()), attempt(() => fixed.push()), attempt(() => closed.push()), [].push(), Object.freeze([]).length]));
    // push on an array-like, a subclass, an array with a named property.
    const like = { length: 1, 0: "a" };
    Array.prototype.push.call(like, "b");
    class Stack extends Array {}
    const stack = new Stack(); stack.push(1, 2);
    const named = [1]; named.tag = "t"; named.push(2);
    out.push(show([like, stack.length, stack instanceof Stack, named, named.tag, Object.keys(named)]));
    // Arrays made element by element: map (holes kept), filter, Array.from, Array.of, flatMap, spread.
    const sparse = [1, , 3];
    const mapped = sparse.map((x) => x * 2);
    const mixed = [1, 2.5, "s", null, { o: 1 }, [2]].map((x) => x);
    const filtered = Array.from({ length: 20 }, (_, i) => i).filter((x) => x % 3 === 0);
    const fromSet = Array.from(new Set(["b", "a", "b"]));
    const fromLike = Array.from({ length: 3, 0: "x", 2: "z" });
    out.push(show([mapped, 1 in mapped, mapped.length, mixed, filtered, fromSet, fromLike, Array.of(7, 8), [[1], [2, 3]].flatMap((x) => x), [..."héllo"]]));
    // A setter on Array.prototype is not called by map, filter or Array.from, which define their elements.
    const defined = [];
    Object.defineProperty(Array.prototype, 0, { set(v) { defined.push(v); }, configurable: true });
    const made = [[5].map((x) => x + 1)[0], [5].filter(() => true)[0], Array.from([9])[0]];
    delete Array.prototype[0];
    out.push(show([made, defined]));
    // In a loop, the size a data script reaches.
    const rows = [];
    for (let i = 0; i < 20000; i++) rows.push({ id: i, even: i % 2 === 0 });
    const ids = rows.filter((r) => r.even).map((r) => r.id);
    let sum = 0;
    for (const id of ids) sum += id;
    const grid = Array.from({ length: 100 }, (_, i) => Array.from({ length: 100 }, (_, j) => i * j));
    out.push(`${rows.length} ${ids.length} ${sum} ${grid[99][99]} ${grid.flat().length}`);
"#;

const EXPECTED: [&str; 8] = [
    r#"[[2,3,6,6],[1,2,3,4,5,6],5,["0","4"],"x"]"#,
    r#"[["setter a","trap 0=p"],4,false,"b",true,"own",1]"#,
    r#"["TypeError","TypeError","TypeError","TypeError",[1,2],[1],4294967295,"RangeError",4294967295,"last","over"]"#,
    r#"["TypeError","TypeError",1,0,0]"#,
    r#"[{"0":"a","1":"b","length":2},2,true,[1,2],"t",["0","1","tag"]]"#,
    r#"[[2,null,6],false,3,[1,2.5,"s",null,{"o":1},[2]],[0,3,6,9,12,15,18],["b","a"],["x",null,"z"],[7,8],[1,2,3],["h","é","l","l","o"]]"#,
    r#"[[6,5,9],[]]"#,
    r#"20000 10000 99990000 9801 10000"#,
];

#[test]
fn arrays_built_element_by_element_behave_as_in_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn arrays_built_element_by_element_behave_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(BODY, &EXPECTED).await;
}
