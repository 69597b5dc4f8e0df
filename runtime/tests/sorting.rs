//! ordo's patch 15 to Boa (vendor/README.md): `sort` and `toSorted`, on arrays and typed arrays,
//! sort with ordo's merge sort. A comparator is script code, and models shuffle with
//! `() => Math.random() - 0.5`: the standard library's sort that Boa used may panic when the order
//! it is given is not total, which ended the engine thread. Every comparator here must leave a
//! permutation of the input and no error; a consistent one must give Node's order, stable over
//! 30,000 records with ties, in `n - 1` comparisons on a sorted input; an error from the comparator
//! must reach the script with the array untouched; a comparator that empties or grows the array,
//! the default order (UTF-16 code units, `undefined` and holes last; primitives converted once
//! each, patch 40, objects at every comparison), the values written back in
//! place (patch 35) except where `Set` has more to do (a hole, a frozen array, an inherited
//! setter, which a spread `[...a]` must not call), typed arrays' numeric order
//! with `-0` and `NaN`, a typed array's comparator answering zero (upstream took +0 for
//! greater and -0 for less), array-likes and frozen arrays as the specification says. The expected
//! lines are what Node 20 prints for the same script; it runs in plain Boa and in the worker.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    const show = (v) => JSON.stringify(v);
    const attempt = (f) => { try { return f(); } catch (e) { return `${e.constructor.name}: ${e.message}`; } };
    const seeded = (seed) => () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const random = seeded(7);
    const numbers = Array.from({ length: 5000 }, (_, i) => (i * 7919) % 5000);
    const ordered = (values) => [...values].sort((x, y) => x - y).join();
    const sameValues = (a, b) => a.length === b.length && ordered(a) === ordered(b);
    // Comparators that are not a consistent order: the result is a permutation, and nothing throws.
    const inconsistent = [
        () => Math.random() - 0.5,
        () => random() - 0.5,
        () => 1,
        () => -1,
        () => NaN,
        () => "x",
        () => ({ valueOf: () => random() - 0.5 }),
        (a, b) => (a % 3) - (b % 5),
    ];
    out.push(show(inconsistent.map((compare) => {
        const copy = [...numbers];
        for (let round = 0; round < 3; round++) copy.sort(compare);
        return sameValues(copy, numbers) && sameValues(numbers.toSorted(compare), numbers);
    })));
    const typed = Float64Array.from(numbers);
    typed.sort(() => random() - 0.5);
    out.push(show([typed.length, sameValues([...typed], numbers), sameValues([...Int32Array.from(numbers).toSorted(() => random() - 0.5)], numbers)]));
    // A typed array's comparator that answers zero, +0 or -0, keeps the values in their order.
    out.push(show([[...Float64Array.from([5, 1, 4, 2]).sort(() => 0)], [...Int32Array.from([3, 1, 2]).sort(() => -0)], [...Float64Array.from([7, 6, 5, 4, 3, 2, 1, 0]).sort((a, b) => ((a / 4) | 0) - ((b / 4) | 0))]]));
    // Stable: equal keys keep their order, over 30,000 records with many ties.
    const data = seeded(11);
    const records = Array.from({ length: 30000 }, (_, i) => ({ id: i, key: Math.floor(data() * 50), name: `n${Math.floor(data() * 100)}` }));
    const byKey = [...records].sort((a, b) => a.key - b.key);
    const byNameThenKey = records.toSorted((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.key - b.key));
    let stable = true;
    for (let i = 1; i < byKey.length; i++) if (byKey[i - 1].key === byKey[i].key && byKey[i - 1].id > byKey[i].id) stable = false;
    out.push(show([stable, byKey.slice(0, 8).map((r) => r.id), byKey.slice(-4).map((r) => r.id), byNameThenKey.slice(0, 6).map((r) => r.id), byNameThenKey.slice(-3).map((r) => r.id)]));
    // A sorted input costs n - 1 comparisons; the comparator sees each pair in the array's order.
    let calls = 0;
    const ascending = Array.from({ length: 10000 }, (_, i) => i);
    ascending.sort((a, b) => { calls++; return a - b; });
    out.push(show([calls, ascending[0], ascending[9999]]));
    // A comparator that throws: the error reaches the script and the array is left as it was.
    const before = [5, 4, 3, 2, 1, 0];
    let thrown = 0;
    const message = attempt(() => before.sort((a, b) => { if (++thrown === 4) throw new RangeError(`stop at ${a},${b}`); return a - b; }));
    out.push(show([message.split(":")[0], thrown, before, attempt(() => [2, 1].sort(() => { throw 7; }))]));
    // A comparator that empties the array: the values collected first are written back.
    const emptied = [3, 1, 2];
    emptied.sort((a, b) => { emptied.length = 0; return a - b; });
    const grown = [3, 1, 2];
    grown.sort((a, b) => { grown.push(9); return a - b; });
    out.push(show([emptied, grown.slice(0, 3), grown.length > 3]));
    // The default order: strings by UTF-16 code units, undefined last, holes removed to the end.
    const mixed = [10, 9, 1, undefined, "b", "a", , 100, -1, "\uD83D\uDE00", "\uFFFF", null, true];
    const sortedMixed = mixed.sort();
    out.push(show([sortedMixed.map((v) => (v === undefined ? "undef" : typeof v === "string" ? [...v].map((c) => c.codePointAt(0).toString(16)).join("+") : v)), sortedMixed.length, 12 in sortedMixed, 11 in sortedMixed]));
    const floats = new Float64Array([3, -0, 0, NaN, -Infinity, 1.5, -2]);
    floats.sort();
    out.push(show([[...floats].map((v) => (Object.is(v, -0) ? "-0" : String(v))), [...new Int8Array([5, -3, 0, 127, -128]).sort()]]));
    // Not a function, and a sort of an array-like and of a frozen array.
    const like = { length: 3, 0: "c", 1: "a", 2: "b" };
    Array.prototype.sort.call(like);
    out.push(show([attempt(() => [1].sort(1)).split(":")[0], attempt(() => [1].toSorted({})).split(":")[0], like, attempt(() => Object.freeze([2, 1]).sort()).split(":")[0]]));
    // The size a data script reaches: the corpus's sort by a number and by two strings.
    const words = ["alpha", "beta", "gamma", "delta", "eps", "zeta", "eta", "theta"];
    const items = Array.from({ length: 30000 }, (_, i) => ({ id: i, price: Math.floor(data() * 10000) / 100, name: words[Math.floor(data() * 8)], owner: words[Math.floor(data() * 8)] }));
    const byPrice = [...items].sort((a, b) => a.price - b.price || a.id - b.id);
    const byName = [...items].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.owner < b.owner ? -1 : a.owner > b.owner ? 1 : a.id - b.id));
    let digest = 0;
    for (let i = 0; i < items.length; i++) digest = (digest * 31 + byPrice[i].id * 7 + byName[i].id) % 1000000007;
    out.push(show([digest, byPrice[0].id, byName[29999].id, [3, 20, 100, 1].sort().join(), [3, 20, 100, 1].sort((a, b) => b - a).join()]));
    // What the comparisons cost: a reversed input about n, records of five keys merge in blocks
    // (a merge of one value at a time took 12.7 per record), values in random order at most
    // n log2 n - n (an insertion that first compared each value with the one before it: 14.2),
    // and a strided permutation too (a merge that kept galloping: 20.5 per value).
    const counted = (values, compare) => { let calls = 0; values.sort((a, b) => { calls++; return compare(a, b); }); return calls; };
    const n = 30000;
    const reversedCalls = counted(Array.from({ length: n }, (_, i) => n - i), (a, b) => a - b);
    const fewKeys = counted(Array.from({ length: n }, () => ({ key: Math.floor(data() * 5) })), (a, b) => a.key - b.key);
    const shuffled = counted(Array.from({ length: n }, () => data()), (a, b) => a - b);
    const strided = counted(Array.from({ length: 24000 }, (_, i) => ({ i: (i * 7919) % 24000 })), (a, b) => b.i - a.i);
    out.push(show([reversedCalls <= 1.05 * n, fewKeys <= 7 * n, shuffled <= n * Math.log2(n) - n, strided <= 24000 * Math.log2(24000) - 24000]));
    // The sorted values are written back in place, whatever the storage holds; a hole, a
    // frozen array or an index setter on the prototype go through `Set` as the steps say.
    const byKind = (a, b) => (typeof a === typeof b ? (a < b ? -1 : a > b ? 1 : 0) : typeof a < typeof b ? -1 : 1);
    const ints = [5, 3, 9, 1, -4];
    const kinds = [3, "b", 1.5, true, "a", 2];
    const tagged = Object.assign([4, 2, 3], { tag: "t" });
    const holey = [4, , 2, , 1];
    const shrunk = [4, 3, 2, 1];
    const frozenLate = [3, 2, 1];
    out.push(show([ints.sort((a, b) => a - b), ints.sort((a, b) => (a === 1 ? -1 : b === 1 ? 1 : 0.5 * (a - b))), kinds.sort(byKind), tagged.sort(), tagged.tag, holey.sort((a, b) => a - b), holey.length, 3 in holey, shrunk.sort((a, b) => { delete shrunk[1]; return a - b; }), attempt(() => frozenLate.sort((a, b) => { Object.freeze(frozenLate); return a - b; })).split(":")[0], frozenLate]));
    let writes = 0;
    Object.defineProperty(Array.prototype, "1", { get() { return "inherited"; }, set(v) { writes++; }, configurable: true });
    const spread = [...[7, 8, 9]];
    const spreadOfHoles = [...[, 5]];
    const holeInSort = [3, , 1];
    holeInSort.sort();
    const literalWrites = writes;
    delete Array.prototype[1];
    out.push(show([spread, spreadOfHoles, Object.keys(holeInSort), holeInSort[0], holeInSort[2], literalWrites, Math.max(...[4, 1, 6]), ((...rest) => rest.length)(...[1, 2], ...new Set([3]))]));
    // The default order of primitives, each converted to its string once (patch 40): numbers,
    // strings, booleans, null, bigints, -0 and NaN mixed, undefined and holes last; an object's
    // `toString` is still called at each comparison, and a symbol throws only once compared.
    const shown = (v) => (typeof v === "bigint" ? `${v}n` : Object.is(v, -0) ? "-0" : typeof v === "number" && !Number.isFinite(v) ? String(v) : v);
    const primitives = [10, 9, 1, "b", "a", true, null, undefined, 2n, -0, 0, NaN, Infinity, -Infinity, 1e21, "10", false, "", "\u00e9", "\ud83d\ude00", "z"].sort().map(shown);
    let toStrings = 0;
    const stringified = { toString() { toStrings++; return "m"; } };
    const withObjects = ["z", stringified, "a", stringified].sort().map(String);
    const oneSymbol = [Symbol("x")].sort().length;
    const twoSymbols = attempt(() => [Symbol("x"), 1].sort());
    const spreadOut = Array.from({ length: 3000 }, (_, i) => (i * 7919) % 3000).sort();
    out.push(show([primitives, [3, , 1, undefined, , 2].sort(), [3, , 1, undefined].toSorted(), withObjects, toStrings > 4, oneSymbol, twoSymbols.split(":")[0], spreadOut.slice(0, 8), spreadOut[2999]]));
"#;

const EXPECTED: [&str; 15] = [
    r#"[true,true,true,true,true,true,true,true]"#,
    r#"[5000,true,true]"#,
    r#"[[5,1,4,2],[3,1,2],[3,2,1,0,7,6,5,4]]"#,
    r#"[true,[8,16,19,58,139,177,214,244],[29891,29892,29933,29942],[1639,1793,2134,6091,11324,16557],[17522,22755,27988]]"#,
    r#"[9999,0,9999]"#,
    r#"["RangeError",4,[5,4,3,2,1,0],"Number: undefined"]"#,
    r#"[[1,2,3],[1,2,3],true]"#,
    r#"[[-1,1,10,100,9,"61","62",null,true,"1f600","ffff","undef",null],13,false,true]"#,
    r#"[["-Infinity","-2","-0","0","1.5","3","NaN"],[-128,-3,0,5,127]]"#,
    r#"["TypeError","TypeError",{"0":"a","1":"b","2":"c","length":3},"TypeError"]"#,
    r#"[943552707,7910,29971,"1,100,20,3","100,20,3,1"]"#,
    r#"[true,true,true,true]"#,
    r#"[[1,-4,3,5,9],[1,-4,3,5,9],[true,1.5,2,3,"a","b"],[2,3,4],"t",[1,2,4,null,null],5,false,[1,2,3,4],"TypeError",[3,2,1]]"#,
    r#"[[7,8,9],[null,5],["0","2"],1,"inherited",1,6,3]"#,
    r#"[["","-Infinity","-0",0,1,10,"10",1e+21,"2n",9,"Infinity","NaN","a","b",false,null,true,"z","é","😀",null],[1,2,3,null,null,null],[1,3,null,null],["a","m","m","z"],true,1,"TypeError",[0,1,10,100,1000,1001,1002,1003],999]"#,
];

#[test]
fn sorting_behaves_as_in_node_whatever_the_comparator_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn sorting_behaves_as_in_node_whatever_the_comparator_in_the_worker() {
    node_lines::assert_in_worker(BODY, &EXPECTED).await;
}
