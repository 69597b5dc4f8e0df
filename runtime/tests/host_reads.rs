//! ordo's patch 106 to Boa (vendor/README.md): the engine's own reads of a script's objects
//! (`JsObject::get`: `toJSON`, `length`, options, `constructor` and `Symbol.species`,
//! `Symbol.isConcatSpreadable`, an iterator's `next` and `return`, a resolution's `then`) read
//! a data property from the shapes along ordinary objects, and take the general steps for an
//! accessor, an index or an exotic object. Checked against Node: properties own, inherited as
//! data, inherited as getters, on null-prototype objects and behind a proxy (whose trap must
//! see every read), in plain Boa and in the worker.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    const show = (v) => JSON.stringify(v);
    // `toJSON` own, inherited as data, inherited as a getter; a null-prototype object.
    const viaGetter = Object.create({ get toJSON() { return () => "from getter"; } });
    const inherited = Object.create({ toJSON() { return "inherited"; } });
    const bare = Object.create(null); bare.x = 1;
    out.push(show([viaGetter, inherited, bare, { toJSON() { return 5; } }, Object.create(inherited)]));
    // A proxy sees every read the engine makes.
    const seen = [];
    const proxy = new Proxy([1, 2, 3], { get(target, key, receiver) { seen.push(String(key)); return Reflect.get(target, key, receiver); } });
    out.push(show([Array.prototype.join.call(proxy, "-"), JSON.stringify({ p: proxy }), seen]));
    // Options read from an inherited bag; an array-like whose length is inherited or a getter.
    const options = Object.create({ maximumFractionDigits: 1, minimumFractionDigits: 1 });
    const likeInherited = Object.create({ length: 2 }); likeInherited[0] = "a"; likeInherited[1] = "b";
    const likeGetter = { get length() { return 1; }, 0: "g" };
    out.push(show([new Intl.NumberFormat("en-US", options).format(3.14159), Array.from(likeInherited), Array.from(likeGetter), Array.prototype.slice.call(likeInherited, 1)]));
    // Species: a constructor getter, a subclass, an inherited Symbol.isConcatSpreadable.
    const arr = [1, 2];
    let speciesReads = 0;
    arr.constructor = { get [Symbol.species]() { speciesReads++; return undefined; } };
    class Tagged extends Array {}
    const spreadable = Object.create({ [Symbol.isConcatSpreadable]: true, length: 2 }); spreadable[0] = "x"; spreadable[1] = "y";
    out.push(show([arr.map((x) => x * 2), speciesReads, Tagged.from([1, 2]).map((x) => x) instanceof Tagged, [0].concat(spreadable)]));
    // Iterators: an inherited `next`, a `Symbol.iterator` on the prototype, `return` read on exit.
    const counter = { from: 1, to: 3 };
    Object.setPrototypeOf(counter, { [Symbol.iterator]() { let i = this.from, to = this.to; return Object.create({ next() { return i <= to ? { value: i++, done: false } : { value: undefined, done: true }; }, return() { out.push("return read"); return {}; } }); } });
    const firstTwo = [];
    for (const v of counter) { firstTwo.push(v); if (v === 2) break; }
    out.push(show([[...counter], firstTwo]));
"#;

const EXPECTED: [&str; 6] = [
    r#"["from getter","inherited",{"x":1},5,"inherited"]"#,
    r#"["1-2-3","{\"p\":[1,2,3]}",["length","0","1","2","toJSON","length","0","1","2"]]"#,
    r#"["3.1",["a","b"],["g"],["b"]]"#,
    r#"[[2,4],1,true,[0,"x","y"]]"#,
    "return read",
    r#"[[1,2,3],[1,2]]"#,
];

#[test]
fn the_engines_reads_are_as_in_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn the_engines_reads_are_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(BODY, &EXPECTED).await;
}
