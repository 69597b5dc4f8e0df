//! ordo's patch to boa_engine (vendor/README.md): a value is cloned and dropped after one mask
//! says whether it holds a pointer (an object, a string, a symbol or a `BigInt`), and the
//! instructions a script runs most are inlined into the run loop. What must not change: every
//! kind of value copied through arrays, closures, maps and registers and dropped again, many
//! times over, including NaNs whose bits look like a pointer kind's tag (a script can write any
//! bits into a `Float64Array` or a `DataView`). The expected lines are what Node 20 prints for
//! the same script.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    const show = (v) => JSON.stringify(v);
    // NaNs whose bits look like each pointer kind's tag (object 0x7FFC, string 0x7FFD, symbol
    // 0x7FFE, BigInt 0x7FFF, and with the sign bit), read from memory a script wrote.
    const words = new Uint32Array(2);
    const view = new DataView(words.buffer);
    const nans = [];
    for (const high of [0x7ffc, 0x7ffd, 0x7ffe, 0x7fff, 0xfffc, 0xfffd, 0xfffe, 0xffff, 0x7ff8, 0xfff8]) {
        words[0] = 0xdeadbeef;
        words[1] = high * 0x10000 + 0x1234;
        nans.push(new Float64Array(words.buffer)[0], view.getFloat64(0, true));
    }
    const kinds = [0, -0, 1.5, -2.25, 2 ** 31, -(2 ** 31), 2 ** 53, Infinity, -Infinity, NaN, 7, true, false, null, undefined, "", "text", "é€", Symbol.iterator, 10n, -(2n ** 70n), { k: 1 }, [1, [2]], () => 3, ...nans];
    const describe = (v) => (typeof v === "symbol" ? v.toString() : typeof v === "bigint" ? `${v}n` : typeof v === "function" ? "fn" : typeof v === "number" ? (Object.is(v, -0) ? "-0" : String(v)) : JSON.stringify(v));
    // Copied into arrays, closures, maps and registers, dropped, and copied again, many times.
    let kept = [];
    for (let round = 0; round < 2000; round++) {
        const copy = kinds.map((v) => v);
        const held = copy.map((v) => () => v);
        const map = new Map(copy.map((v, i) => [i, v]));
        kept = [...copy].reverse().reverse();
        for (let i = 0; i < held.length; i++) if (!Object.is(held[i](), map.get(i))) throw new Error(`lost ${i} in round ${round}`);
    }
    out.push(show(kept.map(describe)));
    out.push(show([nans.every(Number.isNaN), new Set(kept).size, kept.filter((v) => v !== v).length, kept.indexOf(NaN), kept.includes(NaN)]));
    const sorted = kept.filter((v) => typeof v === "number").sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    out.push(show(sorted.map(describe)));
    // `===` between every pair, each value and its copy: one object, one string, one small
    // integer are equal to themselves; a NaN of any bits is not, and 0 is -0.
    const pairs = [];
    let equal = 0;
    kept.forEach((a, i) => kinds.forEach((b, j) => { if (a === b) { equal++; if (i !== j) pairs.push([i, j]); } if ((a === b) === (a !== b)) pairs.push("both"); }));
    out.push(show([equal, pairs]));"#;

const EXPECTED: [&str; 4] = [
    r#"["0","-0","1.5","-2.25","2147483648","-2147483648","9007199254740992","Infinity","-Infinity","NaN","7","true","false","null",null,"\"\"","\"text\"","\"é€\"","Symbol(Symbol.iterator)","10n","-1180591620717411303424n","{\"k\":1}","[1,[2]]","fn","NaN","NaN","NaN","NaN","NaN","NaN","NaN","NaN","NaN","NaN","NaN","NaN","NaN","NaN","NaN","NaN","NaN","NaN","NaN","NaN"]"#,
    r#"[true,23,21,-1,true]"#,
    r#"["-Infinity","-2147483648","-2.25","0","-0","1.5","7","2147483648","9007199254740992","Infinity","NaN","NaN","NaN","NaN","NaN","NaN","NaN","NaN","NaN","NaN","NaN","NaN","NaN","NaN","NaN","NaN","NaN","NaN","NaN","NaN","NaN"]"#,
    r#"[25,[[0,1],[1,0]]]"#,
];

#[test]
fn value_kinds_match_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn value_kinds_match_node_in_the_worker() {
    node_lines::assert_in_worker(BODY, &EXPECTED).await;
}
