//! ordo's patch 15 to Boa (vendor/README.md): `sort` and `toSorted`, on arrays and typed arrays,
//! sort with V8's Timsort (patch 82). A comparator is script code, and models shuffle with
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

/// The comparator's questions, V8's: for comparators that are an order and for those that are
/// not (`(a, b) => (a.k > b.k ? 1 : -1)`, which models write and which reverses ties in Node; a
/// boolean; answers drawn from a sequence), each sort's number of calls, a hash of the operands
/// of every call in order and of the result, over lengths around Timsort's run boundaries.
/// Equal lines mean the same calls, in the same order, and the same result as Node's.
const V8_CALLS_BODY: &str = r#"
const out = [];
let seed = 1;
const next = () => (seed = (seed * 48271) % 2147483647);
const sizes = [0, 2, 3, 5, 13, 32, 33, 64, 65, 129, 257, 1000, 2049];
const hashOf = (h, v) => (Math.imul(h ^ v, 16777619) >>> 0);
for (const n of sizes) {
  const base = Array.from({ length: n }, (_, i) => ({ id: i, k: next() % 5, v: next() % 1000 }));
  const comparators = {
    random: () => (next() % 3) - 1,
    greaterOrLess: (a, b) => (a.k > b.k ? 1 : -1),
    lessOrGreater: (a, b) => (a.k < b.k ? -1 : 1),
    boolean: (a, b) => a.v > b.v,
    one: () => 1,
    minusOne: () => -1,
    byKey: (a, b) => a.k - b.k,
    byValueDesc: (a, b) => b.v - a.v,
    runs: (a, b) => ((a.id >> 4) % 2 ? b.id - a.id : a.id - b.id),
  };
  for (const [name, compare] of Object.entries(comparators)) {
    let calls = 0, hash = 2166136261;
    seed = n + 7;
    const sorted = [...base].sort((a, b) => { calls++; hash = hashOf(hashOf(hash, a.id), b.id); return compare(a, b); });
    let ids = 2166136261;
    for (const r of sorted) ids = hashOf(ids, r.id);
    out.push(`${n} ${name} ${calls} ${hash} ${ids} ${sorted.slice(0, 8).map((r) => r.id).join(",")}`);
  }
  // Holes and undefined: set aside, never given to the comparator.
  const sparse = base.map((r, i) => (i % 7 === 3 ? undefined : r.v));
  delete sparse[1];
  let calls = 0;
  const s = sparse.sort((a, b) => { calls++; if (a === undefined || b === undefined) throw new Error("undefined compared"); return a - b; });
  out.push(`${n} sparse ${calls} ${s.length} ${s.filter((x) => x === undefined).length} ${Object.keys(s).length}`);
}
"#;

const V8_CALLS_EXPECTED: [&str; 130] = [
    "0 random 0 2166136261 2166136261 ",
    "0 greaterOrLess 0 2166136261 2166136261 ",
    "0 lessOrGreater 0 2166136261 2166136261 ",
    "0 boolean 0 2166136261 2166136261 ",
    "0 one 0 2166136261 2166136261 ",
    "0 minusOne 0 2166136261 2166136261 ",
    "0 byKey 0 2166136261 2166136261 ",
    "0 byValueDesc 0 2166136261 2166136261 ",
    "0 runs 0 2166136261 2166136261 ",
    "0 sparse 0 0 0 0",
    "2 random 1 3950255460 3950255460 1,0",
    "2 greaterOrLess 1 3950255460 276207162 0,1",
    "2 lessOrGreater 1 3950255460 276207162 0,1",
    "2 boolean 1 3950255460 276207162 0,1",
    "2 one 1 3950255460 276207162 0,1",
    "2 minusOne 1 3950255460 3950255460 1,0",
    "2 byKey 1 3950255460 276207162 0,1",
    "2 byValueDesc 1 3950255460 3950255460 1,0",
    "2 runs 1 3950255460 276207162 0,1",
    "2 sparse 0 2 0 1",
    "3 random 4 726272418 4255908178 0,2,1",
    "3 greaterOrLess 2 1215212649 2726028260 2,1,0",
    "3 lessOrGreater 4 726272418 3346947258 2,0,1",
    "3 boolean 2 1215212649 581859880 0,1,2",
    "3 one 2 1215212649 581859880 0,1,2",
    "3 minusOne 2 1215212649 2726028260 2,1,0",
    "3 byKey 4 726272418 3346947258 2,0,1",
    "3 byValueDesc 4 3508982198 1473198398 1,2,0",
    "3 runs 2 1215212649 581859880 0,1,2",
    "3 sparse 1 3 0 2",
    "5 random 7 832878318 3762345715 1,0,2,4,3",
    "5 greaterOrLess 8 704292702 303585127 3,0,4,2,1",
    "5 lessOrGreater 8 687515083 1928739861 0,3,4,2,1",
    "5 boolean 4 3139976585 3122569199 0,1,2,3,4",
    "5 one 4 3139976585 3122569199 0,1,2,3,4",
    "5 minusOne 4 3139976585 2864633039 4,3,2,1,0",
    "5 byKey 8 687515083 1928739861 0,3,4,2,1",
    "5 byValueDesc 7 2759562164 3716027327 0,4,1,2,3",
    "5 runs 4 3139976585 3122569199 0,1,2,3,4",
    "5 sparse 4 5 1 4",
    "13 random 30 1445260370 1371964503 0,3,11,5,1,12,9,4",
    "13 greaterOrLess 34 2900429856 3201233573 11,9,5,3,2,4,7,6",
    "13 lessOrGreater 32 2296866367 1191804961 2,3,5,9,11,4,0,6",
    "13 boolean 12 562543313 1373724879 0,1,2,3,4,5,6,7",
    "13 one 12 562543313 1373724879 0,1,2,3,4,5,6,7",
    "13 minusOne 12 562543313 1938077823 12,11,10,9,8,7,6,5",
    "13 byKey 32 2296866367 1191804961 2,3,5,9,11,4,0,6",
    "13 byValueDesc 35 3237145557 2705990017 10,6,2,0,4,5,11,3",
    "13 runs 12 562543313 1373724879 0,1,2,3,4,5,6,7",
    "13 sparse 23 13 2 12",
    "32 random 115 316076660 1278408089 2,1,5,0,13,6,3,4",
    "32 greaterOrLess 122 1395458213 4227194357 10,4,3,0,26,20,17,11",
    "32 lessOrGreater 112 3710627817 3826290641 0,3,4,10,1,8,11,17",
    "32 boolean 31 3324226888 152284517 0,1,2,3,4,5,6,7",
    "32 one 31 3324226888 152284517 0,1,2,3,4,5,6,7",
    "32 minusOne 31 3324226888 2116950661 31,30,29,28,27,26,25,24",
    "32 byKey 112 3710627817 3826290641 0,3,4,10,1,8,11,17",
    "32 byValueDesc 118 891193627 3131583339 28,15,26,29,30,27,21,1",
    "32 runs 96 320425781 1242364757 31,30,29,28,27,26,25,24",
    "32 sparse 87 32 5 31",
    "33 random 123 3699501521 4067733365 0,15,30,19,27,10,2,14",
    "33 greaterOrLess 127 2843480333 3840814397 27,23,22,15,14,11,2,31",
    "33 lessOrGreater 119 310604399 2290461549 2,11,14,15,22,23,27,7",
    "33 boolean 32 4279604453 2398733215 0,1,2,3,4,5,6,7",
    "33 one 32 4279604453 2398733215 0,1,2,3,4,5,6,7",
    "33 minusOne 32 4279604453 787946079 32,31,30,29,28,27,26,25",
    "33 byKey 119 310604399 2290461549 2,11,14,15,22,23,27,7",
    "33 byValueDesc 122 545275587 1716192869 3,31,30,29,7,17,20,10",
    "33 runs 101 559745646 124770607 31,30,29,28,27,26,25,24",
    "33 sparse 91 33 5 32",
    "64 random 261 2935414650 2931632515 7,3,30,0,13,2,11,4",
    "64 greaterOrLess 304 1643001425 70240463 62,55,50,49,48,46,35,33",
    "64 lessOrGreater 289 65320169 3655578651 0,3,4,8,11,17,33,35",
    "64 boolean 63 2093805608 1832519941 0,1,2,3,4,5,6,7",
    "64 one 63 2093805608 1832519941 0,1,2,3,4,5,6,7",
    "64 minusOne 63 2093805608 4212687301 63,62,61,60,59,58,57,56",
    "64 byKey 289 65320169 3655578651 0,3,4,8,11,17,33,35",
    "64 byValueDesc 305 9109621 4114978077 48,54,52,31,21,45,36,56",
    "64 runs 219 622814070 2992030181 63,62,61,60,59,58,57,56",
    "64 sparse 241 64 9 63",
    "65 random 286 3074211059 926069777 2,9,33,44,1,27,34,50",
    "65 greaterOrLess 311 2064808802 3182197143 60,55,54,53,44,42,39,37",
    "65 lessOrGreater 302 1268196224 1438786701 2,4,6,8,10,16,17,18",
    "65 boolean 64 4201635205 928815007 0,1,2,3,4,5,6,7",
    "65 one 64 4201635205 928815007 0,1,2,3,4,5,6,7",
    "65 minusOne 64 4201635205 1230487839 64,63,62,61,60,59,58,57",
    "65 byKey 302 1268196224 1438786701 2,4,6,8,10,16,17,18",
    "65 byValueDesc 312 1729369064 1769771625 32,41,25,17,61,30,45,52",
    "65 runs 227 2175450788 1670567615 63,62,61,60,59,58,57,56",
    "65 sparse 245 65 9 64",
    "129 random 604 144287943 431518151 99,0,33,3,21,8,1,9",
    "129 greaterOrLess 691 1742521590 1181287337 125,123,112,110,95,85,64,59",
    "129 lessOrGreater 666 3279751555 2782235795 5,14,16,19,24,31,34,35",
    "129 boolean 128 3437896517 197504543 0,1,2,3,4,5,6,7",
    "129 one 128 3437896517 197504543 0,1,2,3,4,5,6,7",
    "129 minusOne 128 3437896517 1537613599 128,127,126,125,124,123,122,121",
    "129 byKey 666 3279751555 2782235795 5,14,16,19,24,31,34,35",
    "129 byValueDesc 742 222663916 948651163 57,62,120,49,101,118,106,96",
    "129 runs 486 303023302 2019383135 127,126,125,124,123,122,121,120",
    "129 sparse 599 129 18 128",
    "257 random 1442 2368015935 1597381545 33,102,7,199,1,15,9,5",
    "257 greaterOrLess 1455 4038555038 424902587 255,243,233,225,222,220,218,212",
    "257 lessOrGreater 1424 2972825210 3661139143 16,17,18,21,22,25,29,35",
    "257 boolean 256 3524425413 2008633631 0,1,2,3,4,5,6,7",
    "257 one 256 3524425413 2008633631 0,1,2,3,4,5,6,7",
    "257 minusOne 256 3524425413 2326376223 256,255,254,253,252,251,250,249",
    "257 byKey 1424 2972825210 3661139143 16,17,18,21,22,25,29,35",
    "257 byValueDesc 1734 420229788 3635151331 55,109,216,70,138,151,5,234",
    "257 runs 1040 1574060804 3180273055 255,254,253,252,251,250,249,248",
    "257 sparse 1418 257 37 256",
    "1000 random 7088 1385128889 256521409 504,127,445,137,0,27,1,6",
    "1000 greaterOrLess 6053 2720993042 3077830935 997,995,983,980,973,970,969,967",
    "1000 lessOrGreater 5847 4160039354 711189289 7,9,22,37,40,41,47,49",
    "1000 boolean 999 516911920 2691360765 0,1,2,3,4,5,6,7",
    "1000 one 999 516911920 2691360765 0,1,2,3,4,5,6,7",
    "1000 minusOne 999 516911920 2021753045 999,998,997,996,995,994,993,992",
    "1000 byKey 5847 4160039354 711189289 7,9,22,37,40,41,47,49",
    "1000 byValueDesc 8629 20924061 2297408105 379,171,587,83,262,388,26,226",
    "1000 runs 4787 1627870804 2550784397 991,990,989,988,987,986,985,984",
    "1000 sparse 7212 1000 143 999",
    "2049 random 15001 2286394992 3809612719 1586,264,135,34,561,0,955,568",
    "2049 greaterOrLess 12440 864372155 1312559085 2048,2045,2042,2034,2033,2026,2024,2021",
    "2049 lessOrGreater 12029 1487533068 3823379325 11,12,13,27,32,43,45,46",
    "2049 boolean 2048 3050010053 542637343 0,1,2,3,4,5,6,7",
    "2049 one 2048 3050010053 542637343 0,1,2,3,4,5,6,7",
    "2049 minusOne 2048 3050010053 264121631 2048,2047,2046,2045,2044,2043,2042,2041",
    "2049 byKey 12029 1487533068 3823379325 11,12,13,27,32,43,45,46",
    "2049 byValueDesc 19897 2252404003 121406853 551,1981,227,1292,1533,1710,1115,1388",
    "2049 runs 8633 1235518901 2213173535 2047,2046,2045,2044,2043,2042,2041,2040",
    "2049 sparse 16594 2049 293 2048",
];

#[test]
fn the_comparator_is_asked_what_v8_asks_it_in_plain_boa() {
    node_lines::assert_in_plain_boa(V8_CALLS_BODY, &V8_CALLS_EXPECTED);
}
