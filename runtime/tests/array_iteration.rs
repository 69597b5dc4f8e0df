//! ordo's patch 6 to Boa (vendor/README.md): an Array Iterator whose `next` is the built-in
//! one is stepped without a result object per element, by `for-of`, array destructuring, a
//! spread, `Object.fromEntries`, `new Map(array)`, `Array.from` and `Set`. What a script sees
//! must not change: holes, keys and entries, typed arrays, an array that grows or shrinks while
//! it is read, a getter that throws, an iterator already advanced, `break`, defaults in a
//! destructuring, `yield*` over an array and the result objects a generator hands out, a
//! replaced `next` (called every time), the built-in `next` on an object that is no Array
//! Iterator, an array's own `[Symbol.iterator]`. The expected lines are what Node 20 prints for
//! the same script (and what Boa gave before the patch).

#[path = "support/plain_boa.rs"]
mod plain_boa;

use boa_engine::Context;

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
        // for-of and array destructuring step the same way.
        const looped = [];
        for (const v of [1, , 3]) looped.push(v);
        const growingLoop = [1, 2];
        for (const v of growingLoop) { if (growingLoop.length < 4) growingLoop.push(v + 10); looped.push(v); }
        for (const [i, v] of ["p", "q"].entries()) looped.push(i + v);
        for (const v of [7, 8, 9]) { if (v === 8) break; looped.push(v); }
        const [d1, , d3 = "dflt", d4 = "dflt"] = [1, 2, undefined];
        looped.push(d1, d3, d4);
        function* delegating() { yield* ["y1", "y2"]; return "end"; }
        looped.push(...delegating());
        const genResults = [];
        const gen = delegating();
        for (let r = gen.next(); ; r = gen.next()) { genResults.push(JSON.stringify(r)); if (r.done) break; }
        looped.push(genResults.join(" "));
        out.push(show(looped));
        proto.next = function () { calls++; return original.call(this); };
        calls = 0;
        for (const v of [1, 2]) {}
        const [p1] = [5, 6];
        proto.next = original;
        out.push(show(calls));
        out.join("\n")
"#;

#[test]
fn array_iteration_without_result_objects_gives_what_node_gives() {
    let seen = plain_boa::eval(&mut Context::default(), SCRIPT);
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
        r#"[1,"undef",3,1,2,11,12,"0p","1q",7,1,"dflt","dflt","y1","y2","{\"value\":\"y1\",\"done\":false} {\"value\":\"y2\",\"done\":false} {\"value\":\"end\",\"done\":true}"]"#,
        r#"4"#,
    ];
    assert_eq!(seen, expected.join("\n"));
}
