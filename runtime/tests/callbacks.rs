//! ordo's patch 17 to Boa (vendor/README.md): a built-in that calls one function many times
//! (`sort`'s comparator, the callback of `map`, `filter`, `forEach`, `reduce`, `some`, `every`,
//! the `find` family, `flatMap`, `Array.from`) keeps one call frame for an ordinary function and
//! reuses it, and calls anything else as before. What a script sees must not change: `this` in
//! sloppy, strict and arrow callbacks; each method's arguments and order; callbacks that are named,
//! use `arguments`, are bound, native, proxies, classes, generators or async; a callback that
//! throws and is used again, that nests the same method (the same function at several depths at
//! once), that leaves blocks, loops and `finally` early; an error's message from inside; and a
//! chain over 100,000 records. The expected lines are what Node 20 prints for the same script;
//! it runs in plain Boa and in the worker.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    const show = (v) => JSON.stringify(v);
    const attempt = (f) => { try { return f(); } catch (e) { return `${e.constructor.name}: ${e.message}`; } };
    // `this` in a callback: the global object or a boxed value in sloppy code, the value as given
    // in strict code, the enclosing one for an arrow.
    const sloppyThis = [1].map(function () { return this === globalThis; })[0];
    const boxedThis = [1].map(function () { return typeof this; }, 5)[0];
    const strictThis = [1].map(function () { "use strict"; return [typeof this, this]; }, 5)[0];
    const strictUndefined = [1].map(function () { "use strict"; return this; })[0];
    const arrowThis = function () { return [1].map(() => this.tag)[0]; }.call({ tag: "outer" });
    out.push(show([sloppyThis, boxedThis, strictThis, strictUndefined === undefined, arrowThis]));
    // Every method that calls back, with its arguments.
    const seen = [];
    const record = (name) => function (...args) { seen.push(`${name}:${args.length}:${args[0]}`); return args[0]; };
    const values = [3, 1, 2];
    values.forEach(record("forEach"));
    values.map(record("map"));
    values.filter(record("filter"));
    values.some(function (x, i, a) { seen.push(`some:${i}:${a.length}`); return false; });
    values.every(function (x) { seen.push(`every:${x}`); return true; });
    values.find(record("find"));
    values.findIndex(record("findIndex"));
    values.findLast(record("findLast"));
    values.findLastIndex(record("findLastIndex"));
    values.flatMap(record("flatMap"));
    values.reduce(function (acc, x, i, a) { seen.push(`reduce:${acc}:${x}:${i}`); return acc + x; });
    values.reduceRight(function (acc, x) { seen.push(`reduceRight:${acc}:${x}`); return acc + x; }, 0);
    Array.from(values, record("from"));
    Array.from(new Set(values), record("fromSet"));
    out.push(show(seen));
    // Callbacks that are not plain functions: named, using arguments, bound, native, a proxy, a
    // class, a generator, an async function.
    const named = [1, 2].map(function twice(x) { return typeof twice === "function" ? x * 2 : 0; });
    const withArguments = [1, 2].map(function () { return arguments.length; });
    const bound = [1, 2].map(function (x) { return x + this.add; }.bind({ add: 10 }));
    const natives = [["1", "2", "3"].map(parseInt), ["1", "2"].map(Number), [[1, 2], [3]].map(Math.max.apply.bind(Math.max, null))];
    const proxied = [1, 2].map(new Proxy((x) => x * 3, {}));
    class Shape {}
    const classCall = attempt(() => [1].map(Shape));
    const generated = [1].map(function* (x) { yield x; })[0].next();
    const promised = [1].map(async (x) => x)[0] instanceof Promise;
    out.push(show([named, withArguments, bound, natives, proxied, classCall.split(":")[0], generated, promised]));
    // A callback that throws stops the method; the same callback works again afterwards, and one
    // that calls the method again (with itself) nests.
    let calls = 0;
    const flaky = (x) => { calls++; if (x === 2) throw new RangeError(`bad ${x}`); return x; };
    const thrown = attempt(() => [1, 2, 3].map(flaky));
    const again = [1, 3].map(flaky);
    const nested = function walk(node) { return node.children ? node.children.map(walk).reduce((a, b) => a + b, node.value) : node.value; };
    const tree = { value: 1, children: [{ value: 2, children: [{ value: 3 }, { value: 4 }] }, { value: 5 }] };
    const depth = (list) => list.map((x) => (Array.isArray(x) ? depth(x) : x * 10));
    out.push(show([thrown, calls, again, nested(tree), depth([1, [2, [3, [4]]]])]));
    // The same function object at several depths at once, each depth with its own frame; an
    // error thrown and caught a level down; defaults and an array-like receiver.
    const doubleAll = (x) => (Array.isArray(x) ? x.map(doubleAll) : x * 2);
    let sorts = 0;
    const byValue = (a, b) => { if (sorts++ < 3) [9, 7, 8].sort(byValue); return a - b; };
    const sortedTwice = [3, 1, 2].sort(byValue);
    const recovered = [1, 2, 3].map((x) => { try { [0].map(() => { throw new Error("inner"); }); } catch (e) { return `${x}:${e.message}`; } return x; });
    const defaulted = [1, 2].map(function (x, i, all, extra = 10) { return x + i + extra; });
    const arrayLike = Array.prototype.map.call({ length: 2, 0: "a", 1: "b" }, (v, i) => v + i);
    out.push(show([doubleAll([1, [2, [3, [4]]]]), sortedTwice, sorts > 3, recovered, defaulted, arrayLike]));
    // Callbacks whose body holds blocks with captured bindings, loops, try/finally, early returns.
    const closures = [1, 2, 3].map((x) => { { let y = x * 2; const get = () => y; if (x === 2) return get(); } return -x; });
    const looped = [[1, 2, 3], [4, 5]].map((row) => { for (const v of row) if (v > 1) return v; return 0; });
    const finallies = [];
    const guarded = [1, 2].map((x) => { try { if (x === 1) return "early"; return "late"; } finally { finallies.push(x); } });
    const errorInside = attempt(() => [1].map(() => { const value = null; return value.field; }));
    const targets = [1].map(function () { return new.target === undefined; });
    out.push(show([closures, looped, guarded, finallies, errorInside, targets]));
    // At a data script's size.
    const rows = Array.from({ length: 100000 }, (_, i) => ({ id: i, group: i % 13, amount: (i * 37) % 1000 }));
    const big = rows.filter((r) => r.amount > 500).map((r) => r.amount * 2 + r.group);
    const total = big.reduce((a, b) => a + b, 0);
    const byGroup = {};
    rows.forEach((r) => { byGroup[r.group] = (byGroup[r.group] || 0) + r.amount; });
    const firstLarge = rows.find((r) => r.amount === 999);
    out.push(show([big.length, total, byGroup[0], byGroup[12], firstLarge.id, rows.some((r) => r.id === 99999), rows.every((r) => r.amount < 1000), rows.flatMap((r) => (r.id < 3 ? [r.id, -r.id] : [])).join()]));
"#;

const EXPECTED: [&str; 7] = [
    r#"[true,"object",["number",5],true,"outer"]"#,
    r#"["forEach:3:3","forEach:3:1","forEach:3:2","map:3:3","map:3:1","map:3:2","filter:3:3","filter:3:1","filter:3:2","some:0:3","some:1:3","some:2:3","every:3","every:1","every:2","find:3:3","findIndex:3:3","findLast:3:2","findLastIndex:3:2","flatMap:3:3","flatMap:3:1","flatMap:3:2","reduce:3:1:1","reduce:4:2:2","reduceRight:0:2","reduceRight:2:1","reduceRight:3:3","from:2:3","from:2:1","from:2:2","fromSet:2:3","fromSet:2:1","fromSet:2:2"]"#,
    r#"[[2,4],[3,3],[11,12],[[1,null,null],[1,2],[2,3]],[3,6],"TypeError",{"value":1,"done":false},true]"#,
    r#"["RangeError: bad 2",4,[1,3],15,[10,[20,[30,[40]]]]]"#,
    r#"[[2,[4,[6,[8]]]],[1,2,3],true,["1:inner","2:inner","3:inner"],[11,13],["a0","b1"]]"#,
    r#"[[-1,4,-3],[2,4],["early","late"],[1,2],"TypeError: Cannot read properties of null (reading 'field')",[true]]"#,
    r#"[49900,75149410,3844718,3844114,27,true,true,"0,0,1,-1,2,-2"]"#,
];

#[test]
fn callbacks_behave_as_in_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn callbacks_behave_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(BODY, &EXPECTED).await;
}
