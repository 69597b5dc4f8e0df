//! ordo's patch 6 to Boa (vendor/README.md): `IteratorRecord::step_value` steps an Array
//! Iterator whose `next` is the built-in one without making a result object per element; a
//! spread, a destructuring's rest, `Object.fromEntries`, `new Map(array)`, `Array.from` and
//! `Set` take that path. What a script sees must not change: holes, keys and entries, typed
//! arrays, an array that grows or shrinks while it is read, a getter that throws, an iterator
//! already advanced, a replaced `next` (called every time), the built-in `next` on an object
//! that is no Array Iterator, an array's own `[Symbol.iterator]`. The expected lines are what
//! Node 20 prints for the same script (and what Boa gave before the patch).

use boa_engine::{Context, Source};

const SCRIPT: &str = r#"
        const out = [];
        const show = (v) => JSON.stringify(v, (k, x) => (x === undefined ? "undef" : x instanceof Map ? [...x] : x));
        const holes = [1, , 3];
        out.push(show([...holes]));
        const [first, ...rest] = [10, 20, 30];
        out.push(show([first, rest]));
        out.push(show(Object.fromEntries([["a", 1], ["b", 2]])));
        out.push(show(new Map([["k", 1], ["j", 2]])));
        out.push(show([...new Set([3, 3, 4])]));
        out.push(show(Array.from([5, 6])));
        out.push(show([...["x", "y"].keys()]));
        out.push(show([...["x", "y"].entries()]));
        out.push(show([...new Uint8Array([7, 8])]));
        out.push(show(Math.max(...[4, 9, 2])));
        // The array grows while Array.from reads it: the length is read at each step.
        const growing = [["a", 1]];
        const seen = new Map(growing.map((e) => e));
        const grower = [1, 2];
        let steps = 0;
        const spread = Array.from(grower, (v) => { if (steps++ < 2) grower.push(v * 10); return v; });
        out.push(show([[...seen], spread]));
        const getterArray = [1, 2, 3];
        Object.defineProperty(getterArray, 1, { get() { getterArray.length = 2; return "got"; } });
        out.push(show([...getterArray]));
        const thrower = [1, 2];
        Object.defineProperty(thrower, 1, { get() { throw new Error("element 1"); } });
        try { [...thrower]; } catch (e) { out.push("threw " + e.message); }
        const iter = [1, 2][Symbol.iterator]();
        iter.next();
        out.push(show([...iter, ...iter]));
        // A replaced next is the one called, for every kind of consumer.
        const proto = Object.getPrototypeOf([][Symbol.iterator]());
        const original = proto.next;
        let calls = 0;
        proto.next = function () { calls++; return original.call(this); };
        const replaced = [[...[1, 2]], Object.fromEntries([["z", 0]]), [...new Map([[1, 2]]).keys()]];
        proto.next = original;
        out.push(show([replaced, calls]));
        // A plain object whose next is the built-in one: the same TypeError.
        try { [...{ [Symbol.iterator]() { return { next: original }; } }]; } catch (e) { out.push(e.constructor.name); }
        const customIter = [1, 2];
        customIter[Symbol.iterator] = function* () { yield "own"; };
        out.push(show([...customIter]));
        out.join("\n")
"#;

#[test]
fn array_iteration_without_result_objects_gives_what_node_gives() {
    let mut context = Context::default();
    let seen = match context.eval(Source::from_bytes(SCRIPT)) {
        Ok(value) => value.to_string(&mut context).map(|s| s.to_std_string_escaped()),
        Err(error) => Ok(format!("uncaught {error}")),
    };
    let expected = [
        r#"[1,"undef",3]"#,
        r#"[10,[20,30]]"#,
        r#"{"a":1,"b":2}"#,
        r#"[["k",1],["j",2]]"#,
        r#"[3,4]"#,
        r#"[5,6]"#,
        r#"[0,1]"#,
        r#"[[0,"x"],[1,"y"]]"#,
        r#"[7,8]"#,
        r#"9"#,
        r#"[[["a",1]],[1,2,10,20]]"#,
        r#"[1,"got"]"#,
        r#"threw element 1"#,
        r#"[2]"#,
        r#"[[[1,2],{"z":0},[1]],7]"#,
        r#"TypeError"#,
        r#"["own"]"#,
    ];
    assert_eq!(seen.ok(), Some(expected.join("\n")));
}
