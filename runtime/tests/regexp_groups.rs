//! A match's `groups` and a sticky tokenizer's `exec`, as scripts use them: thousands of
//! matches read from one place, the objects changed afterwards, the same names in another order
//! from another expression, `matchAll`, a replacer function's last argument and `$<name>`, and
//! the writes of `lastIndex` that a sticky search makes (or, made read-only, throws at). ordo
//! makes every match's `groups` on one shape (`engine/regexp/plain.rs`, `RecordTemplate`) and
//! writes `lastIndex` to its slot; the expected lines are what Node 20 prints for the same
//! script.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    const show = (value) => JSON.stringify(value, (k, v) => (v === undefined ? "<undefined>" : v));
    const re = /(?<y>\d{4})-(?<m>\d{2})(?:-(?<d>\d{2}))?/;
    const lines = [];
    for (let i = 0; i < 3000; i++) lines.push(`2024-${String((i % 12) + 1).padStart(2, "0")}${i % 3 ? "-" + String((i % 28) + 1).padStart(2, "0") : ""}`);
    let sum = 0, missing = 0;
    for (const line of lines) {
      const g = re.exec(line).groups;
      sum += Number(g.y) + Number(g.m);
      if (g.d === undefined) missing++;
      else sum += Number(g.d);
    }
    out.push(`${sum} ${missing}`);
    const g1 = re.exec("2024-05").groups, g2 = re.exec("1999-12-31").groups;
    out.push(show([Object.getPrototypeOf(g1), Object.keys(g1), g1, g2, "d" in g1, Object.getOwnPropertyDescriptor(g2, "y"), Object.isExtensible(g1)]));
    g1.extra = 1;
    delete g2.m;
    g2.y = "changed";
    out.push(show([g1, g2, re.exec("2000-01-02").groups, Object.keys(re.exec("2000-01").groups)]));
    const all = [..."a=1 b=22 c=333".matchAll(/(?<k>\w)=(?<v>\d+)/g)].map((m) => [m.groups.k, m.groups.v, m.index]);
    const swapped = "2024-05-06 and 1999-12-31".replace(/(?<y>\d+)-(?<m>\d+)-(?<d>\d+)/g, (...args) => { const g = args.at(-1); return `${g.d}/${g.m}/${g.y}:${args.length}`; });
    const template = "2024-05-06".replace(/(?<y>\d+)-(?<m>\d+)-(?<d>\d+)/, "$<d>.$<m>.$<y>");
    const unnamed = /(a)/.exec("a");
    out.push(show([all, swapped, template, unnamed.groups, "groups" in unnamed, /(?<a>x)|(?<b>y)/.exec("y").groups]));
    // Two expressions with the same names in another order, read from one place.
    const reads = [];
    for (const [rx, text] of [[/(?<p>\w)(?<q>\d)/, "a1"], [/(?<q>\d)(?<p>\w)/, "2b"], [/(?<p>\w)(?<q>\d)/, "c3"], [/(?<q>\d)(?<r>\w)/, "4d"]]) {
      const g = rx.exec(text).groups;
      reads.push(g.p, g.q, Object.keys(g).join(""));
    }
    out.push(show(reads));
    // A sticky tokenizer over 6,000 tokens: every token's kind, checked against a global
    // search that must start where the last token ended.
    const kinds = ["foo", "12", "3.5", "+", "(", ")", "*", "bar_9", '"s t r"', "  ", "\t"];
    let src = "";
    for (let i = 0; i < 6000; i++) src += kinds[(i * 7 + (i >> 3)) % kinds.length] + (i % 5 ? " " : "");
    const sticky = /\s+|(\d+(?:\.\d+)?)|([A-Za-z_]\w*)|("[^"]*")|([+*()])/y;
    const global = new RegExp(sticky.source, "g");
    const counts = [0, 0, 0, 0, 0];
    let positions = 0, disagreements = 0, m;
    while (sticky.lastIndex < src.length && (m = sticky.exec(src))) {
      global.lastIndex = m.index;
      const g = global.exec(src);
      if (g.index !== m.index || g[0] !== m[0] || global.lastIndex !== sticky.lastIndex) disagreements++;
      positions = (positions * 31 + m.index) % 1000003;
      if (m[1] !== undefined) counts[1]++;
      else if (m[2] !== undefined) counts[2]++;
      else if (m[3] !== undefined) counts[3]++;
      else if (m[4] !== undefined) counts[4]++;
      else counts[0]++;
    }
    out.push(show([counts, positions, disagreements, sticky.lastIndex, src.length]));
    // A sticky miss writes 0; a lastIndex made read-only makes that write throw, and a search
    // without g or y writes nothing.
    const miss = /x/y;
    miss.lastIndex = 1;
    const frozen = Object.defineProperty(/\d/y, "lastIndex", { value: 0, writable: false });
    const plain = Object.defineProperty(/\d/, "lastIndex", { value: 7, writable: false });
    let thrown;
    try { frozen.exec("a"); } catch (e) { thrown = e.constructor.name; }
    out.push(show([miss.exec("abcx"), miss.lastIndex, thrown, plain.exec("a5")[0], plain.lastIndex, Object.isFrozen(Object.freeze(/a/g)), (() => { try { return Object.freeze(/a/g).exec("a"); } catch (e) { return e.constructor.name; } })()]));
    const settled = Promise.resolve();
"#;

const EXPECTED: [&str; 7] = [
    r#"6120460 1000"#,
    r#"[null,["y","m","d"],{"y":"2024","m":"05","d":"<undefined>"},{"y":"1999","m":"12","d":"31"},true,{"value":"1999","writable":true,"enumerable":true,"configurable":true},true]"#,
    r#"[{"y":"2024","m":"05","d":"<undefined>","extra":1},{"y":"changed","d":"31"},{"y":"2000","m":"01","d":"02"},["y","m","d"]]"#,
    r#"[[["a","1",0],["b","22",4],["c","333",9]],"06/05/2024:7 and 31/12/1999:7","06.05.2024","<undefined>",true,{"a":"<undefined>","b":"y"}]"#,
    r#"["a","1","pq","b","2","qp","c","3","pq","<undefined>","4","qr"]"#,
    r#"[[4146,1091,996,545,2181],791948,0,19529,19529]"#,
    r#"[null,0,"TypeError","5",7,true,"TypeError"]"#,
];

#[test]
fn match_groups_and_sticky_searches_are_as_in_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn match_groups_and_sticky_searches_are_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(&format!("{BODY}\nawait settled;"), &EXPECTED).await;
}
