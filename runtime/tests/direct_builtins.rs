//! ordo's patch 7 to Boa (vendor/README.md): built-ins that called other built-ins through the VM
//! now do their work directly where no script can tell. `ArraySpeciesCreate` makes the array itself
//! when the species is `%Array%` (map, filter, slice, splice, concat, flat, flatMap); `GetIterator`
//! makes an Array Iterator without calling `%Array.prototype.values%`; `Object.fromEntries` adds
//! each entry without a function object and a call; an Array's element in its dense storage is read
//! without a property descriptor. What a script sees must not change: a subclass's species,
//! `constructor` and `Symbol.species` read as before (getters included), other constructors, a
//! non-constructor, `null`, the RangeError past 2^32 - 1, an own or replaced `Symbol.iterator`, a
//! replaced `values`, `values` on an object that is no array and on a primitive, `next` read once,
//! `fromEntries`' key conversions, order, duplicates and errors (the iterator closed), `Map` still
//! calling its `set`, holes that show the prototype's element, an element turned accessor or
//! written while read, frozen arrays, array-likes and mapped arguments. The expected lines are what
//! Node 20 prints for the same script.

#[path = "support/plain_boa.rs"]
mod plain_boa;

use boa_engine::Context;

const SCRIPT: &str = r#"
        const out = [];
        const show = (v) => JSON.stringify(v);
        const kind = (a) => `${a.constructor.name}:${Array.isArray(a)}:${show([...a])}`;
        // A subclass's species is what map, filter, slice, splice, concat and flatMap make.
        class Tagged extends Array {}
        const tagged = Tagged.from([1, 2, 3]);
        out.push([tagged.map((x) => x * 2), tagged.filter((x) => x > 1), tagged.slice(1),
            tagged.concat([4]), tagged.flatMap((x) => [x, x]), tagged.flat()].map(kind).join(" "));
        // `constructor` and `Symbol.species` are read, once per call, in that order.
        const reads = [];
        const watched = [5, 6];
        Object.defineProperty(watched, "constructor", { get() { reads.push("constructor"); return Array; } });
        watched.map((x) => x);
        watched.slice(0, 1);
        out.push(reads.join(","));
        // Array's own species replaced: its getter is called and what it gives is constructed.
        const speciesReads = [];
        const original = Object.getOwnPropertyDescriptor(Array, Symbol.species);
        Object.defineProperty(Array, Symbol.species, { configurable: true, get() { speciesReads.push("species"); return Tagged; } });
        out.push(kind([1, 2].map((x) => x + 1)), speciesReads.join(","));
        Object.defineProperty(Array, Symbol.species, { configurable: true, get() { return undefined; } });
        out.push(kind([1, 2].filter(() => true)));
        Object.defineProperty(Array, Symbol.species, original);
        // A constructor of another kind, a non-constructor, null.
        const odd = [1, 2];
        odd.constructor = { [Symbol.species]: function Maker(n) { this.made = n; } };
        const made = odd.map((x) => x);
        out.push(show([made.made, made[0], made[1], Array.isArray(made)]));
        odd.constructor = { [Symbol.species]: 42 };
        try { odd.map((x) => x); } catch (e) { out.push(`${e.constructor.name}`); }
        odd.constructor = null;
        try { odd.map((x) => x); } catch (e) { out.push(`${e.constructor.name} for null`); }
        odd.constructor = undefined;
        out.push(kind(odd.map((x) => x)));
        // The array made for %Array% itself: a fresh Array, its length set, never shared.
        const plain = [1, 2, 3];
        const first = plain.map((x) => x);
        const second = plain.map((x) => x);
        out.push(show([first === second, Object.getPrototypeOf(first) === Array.prototype, first.length, plain.slice(5).length, plain.splice(1, 1)]));
        // The length past 2^32 - 1 fails as the constructor would: a RangeError.
        const huge = new Proxy([1], { get(target, key) { return key === "length" ? 2 ** 32 + 1 : target[key]; } });
        try { Array.prototype.slice.call(huge, 0, 2 ** 32 + 1); out.push("no error"); } catch (e) { out.push(e.constructor.name); }
        // GetIterator: an array's own Symbol.iterator, Array.prototype's replaced, `values` replaced alone.
        const own = [1, 2];
        own[Symbol.iterator] = function* () { yield "own"; };
        out.push(show([...own]));
        const values = Array.prototype[Symbol.iterator];
        let iteratorCalls = 0;
        Array.prototype[Symbol.iterator] = function () { iteratorCalls++; return values.call(this); };
        const [a0, a1] = [7, 8];
        out.push(show([[...[1, 2]], a0, a1, Object.fromEntries([["k", 1]]), iteratorCalls]));
        Array.prototype[Symbol.iterator] = values;
        const originalValues = Array.prototype.values;
        Array.prototype.values = function () { return ["replaced"][Symbol.iterator](); };
        out.push(show([...[3, 4]]));
        Array.prototype.values = originalValues;
        // %Array.prototype.values% on an object that is no array, and on a primitive.
        const arrayLikeIterable = { length: 2, 0: "x", 1: "y", [Symbol.iterator]: values };
        out.push(show([...arrayLikeIterable]));
        Number.prototype[Symbol.iterator] = values;
        try { out.push(show([...5])); } catch (e) { out.push(e.constructor.name); }
        delete Number.prototype[Symbol.iterator];
        // The iterator's `next` is read once, after the iterator is made.
        const iteratorProto = Object.getPrototypeOf([][Symbol.iterator]());
        const next = iteratorProto.next;
        let nextReads = 0;
        Object.defineProperty(iteratorProto, "next", { configurable: true, get() { nextReads++; return next; } });
        const [n0, n1, n2] = [1, 2, 3];
        Object.defineProperty(iteratorProto, "next", { configurable: true, writable: true, value: next });
        out.push(show([n0 + n1 + n2, nextReads]));
        // Object.fromEntries: keys as property keys, in order, duplicates, __proto__, symbols,
        // numbers, a key whose conversion throws (the iterator is closed), a primitive entry.
        const sym = Symbol("s");
        const entries = Object.fromEntries([["b", 1], ["a", 2], ["b", 3], [1, "one"], ["__proto__", "p"], [sym, "sym"], [{ toString() { return "obj"; } }, "o"]]);
        out.push(show([Object.keys(entries), entries.b, entries[1], Object.getPrototypeOf(entries) === Object.prototype, Object.getOwnPropertyDescriptor(entries, "__proto__").value, entries[sym], entries.obj]));
        out.push(show(Object.getOwnPropertyDescriptor(entries, "a")));
        let closed = 0;
        const closing = { [Symbol.iterator]() { let i = 0; return { next() { i++; return i > 3 ? { done: true } : { done: false, value: i === 2 ? [{ toString() { throw new Error("key " + i); } }, 0] : ["k" + i, i] }; }, return() { closed++; return {}; } }; } };
        try { Object.fromEntries(closing); } catch (e) { out.push(`${e.message} closed ${closed}`); }
        try { Object.fromEntries([["ok", 1], 5]); } catch (e) { out.push(e.constructor.name); }
        try { Object.fromEntries(null); } catch (e) { out.push(e.constructor.name); }
        Object.defineProperty(Object.prototype, "setterKey", { configurable: true, set(v) { out.push("setter called"); } });
        out.push(show(Object.fromEntries([["setterKey", 1]])));
        delete Object.prototype.setterKey;
        // Map and WeakMap still call their `set`.
        const setCalls = [];
        const mapSet = Map.prototype.set;
        Map.prototype.set = function (k, v) { setCalls.push(k); return mapSet.call(this, k, v); };
        new Map([["m1", 1], ["m2", 2]]);
        Map.prototype.set = mapSet;
        out.push(setCalls.join(","));
        // Elements read by map, forEach, reduce, join and Get: holes that show the prototype's
        // element, an element turned accessor during the loop, elements written and removed
        // while read, a frozen array, a subclass, an array-like and mapped arguments.
        Array.prototype[1] = "from proto";
        const holey = [0, , 2];
        out.push(show([holey.map((x) => x), holey.join("-"), holey[1]]));
        delete Array.prototype[1];
        const changing = [1, 2, 3, 4];
        const visited = [];
        changing.forEach((x, i) => {
            visited.push(x);
            if (i === 0) Object.defineProperty(changing, 1, { get() { return "getter"; } });
            if (i === 1) changing[2] = "written";
            if (i === 2) changing.length = 3;
        });
        out.push(show(visited));
        const frozen = Object.freeze([1, 2, 3]);
        out.push(show([frozen.map((x) => x * 2), frozen.reduce((a, b) => a + b)]));
        out.push(show([tagged.reduce((a, b) => a + b), Array.prototype.map.call({ length: 2, 0: "a", 1: "b" }, (x) => x + x)]));
        function mapped(a, b) { a = "changed"; return Array.prototype.map.call(arguments, (x) => x); }
        out.push(show(mapped("a", "b")));
        const doubles = [1.5, 2.5];
        const ints = [1, 2];
        out.push(show([doubles.map((x) => x), ints.map((x) => x), Object.fromEntries([ints, doubles])]));
        out.join("\n")
"#;

#[test]
fn built_ins_made_directly_give_what_node_gives() {
    let seen = plain_boa::eval(&mut Context::default(), SCRIPT);
    let expected = [
        r#"Tagged:true:[2,4,6] Tagged:true:[2,3] Tagged:true:[2,3] Tagged:true:[1,2,3,4] Tagged:true:[1,1,2,2,3,3] Tagged:true:[1,2,3]"#,
        r#"constructor,constructor"#,
        r#"Tagged:true:[2,3]"#,
        r#"species"#,
        r#"Array:true:[1,2]"#,
        r#"[2,1,2,false]"#,
        r#"TypeError"#,
        r#"TypeError for null"#,
        r#"Array:true:[1,2]"#,
        r#"[false,true,3,0,[2]]"#,
        r#"RangeError"#,
        r#"["own"]"#,
        r#"[[1,2],7,8,{"k":1},3]"#,
        r#"[3,4]"#,
        r#"["x","y"]"#,
        r#"[]"#,
        r#"[6,1]"#,
        r#"[["1","b","a","__proto__","obj"],3,"one",true,"p","sym","o"]"#,
        r#"{"value":2,"writable":true,"enumerable":true,"configurable":true}"#,
        r#"key 2 closed 1"#,
        r#"TypeError"#,
        r#"TypeError"#,
        r#"{"setterKey":1}"#,
        r#"m1,m2"#,
        r#"[[0,"from proto",2],"0-from proto-2","from proto"]"#,
        r#"[1,"getter","written"]"#,
        r#"[[2,4,6],6]"#,
        r#"[6,["aa","bb"]]"#,
        r#"["changed","b"]"#,
        r#"[[1.5,2.5],[1,2],{"1":2,"1.5":2.5}]"#,
    ];
    assert_eq!(seen, expected.join("\n"));
}
