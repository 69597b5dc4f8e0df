//! ordo's patch 21 to Boa (vendor/README.md): a string read character by character. A string of
//! one Latin-1 code unit is one of 256 static strings (`s[i]`, `charAt`, `at`, `slice`, a
//! string's iterator, `String.fromCharCode` of a byte allocated one each); a String Iterator
//! whose `next` is the built-in one is stepped without a result object (`for-of` over a string,
//! a spread, `Array.from`, a destructuring, `new Set(string)`, `TypedArray.from`); and
//! `TypedArray.from` calls its mapping function through one reused frame (`RepeatedCall`). What
//! a script sees must not change: surrogate pairs and lone surrogates, an iterator already
//! advanced, a replaced `next` (called every time) or `String.prototype[Symbol.iterator]`, the
//! built-in `next` on another object, a one-character string appended to (a new string; the
//! static one never changes), a mapping function's index, `this`, errors, and 200,000
//! characters. The expected lines are what Node 20 prints for the same script.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
const out = [];
const show = (v) => JSON.stringify(v);
const codes = (s) => [...s].map((c) => c.length + ":" + [...Array(c.length).keys()].map((i) => c.charCodeAt(i).toString(16)).join("."));
// Every kind of code point, and surrogates that pair with nothing.
const mixed = "aé\u00ff✓😀\uD83D|\uDE00z\u0000";
out.push(codes(mixed).join(" "));
const looped = [];
for (const c of mixed) looped.push(c);
out.push(show([looped.length, looped.join("") === mixed]));
out.push(show([[..."héllo"], Array.from("ab😀"), Array.from("xyz", (c, i) => c + i)]));
const [c1, c2, ...rest] = "q😀rs";
out.push(show([c1, c2, rest]));
out.push(show([...new Set("mississippi")].join("")));
out.push(show([[...""], Array.from(""), [..."\uD800"], [..."\uDC00\uD800"]].map((a) => a.map((c) => c.charCodeAt(0)))));
// An iterator already advanced, and stepped past its end.
const it = "abc"[Symbol.iterator]();
it.next();
out.push(show([...it]));
out.push(show([it.next(), it.next()]));
out.push(Object.prototype.toString.call("x"[Symbol.iterator]()));
// A replaced next is called by every consumer; the built-in next refuses other objects.
const proto = Object.getPrototypeOf(""[Symbol.iterator]());
const original = proto.next;
let calls = 0;
proto.next = function () { calls++; return original.call(this); };
const replaced = [[..."ab"], Array.from("cd"), Uint8Array.from("12").join(",")];
for (const c of "ef") replaced.push(c);
proto.next = original;
out.push(show([replaced, calls]));
try { original.call({}); } catch (e) { out.push(e.constructor.name); }
try { [...{ [Symbol.iterator]() { return { next: original }; } }]; } catch (e) { out.push(e.constructor.name); }
// A string's own iterator replaced on String.prototype is the one used.
const ownIterator = String.prototype[Symbol.iterator];
String.prototype[Symbol.iterator] = function* () { yield "own"; };
out.push(show([..."abc"]));
String.prototype[Symbol.iterator] = ownIterator;
out.push(show([..."abc"]));
// One-character strings, however they are made, are the same strings.
const text = "The café ✓ costs 5€, naïve";
const made = [];
for (let i = 0; i < text.length; i++) {
    const forms = [text[i], text.charAt(i), text.at(i), text.slice(i, i + 1), text.substring(i, i + 1), String.fromCharCode(text.charCodeAt(i)), text.split("")[i]];
    made.push(forms.every((f) => f === forms[0] && f.length === 1) ? "=" : "!" + i);
}
out.push(made.join(""));
const latin = [];
for (let u = 0; u < 256; u++) latin.push(String.fromCharCode(u));
const joined = latin.join("");
out.push(show([joined.length, latin.every((c, u) => c.charCodeAt(0) === u && c === joined[u] && c === joined.slice(u, u + 1))]));
const wide = "✓é\u00ff\u0100";
out.push(show([wide[1] === "é", wide[2] === "\u00ff", wide[3].charCodeAt(0), [...wide].map((c) => c.charCodeAt(0))]));
// A character appended to is a new string: the one it came from does not change.
const a = "xyz"[0];
let b = a;
b += "y";
let built = "";
for (const c of "abc") { built += c; built += c; }
const again = String.fromCharCode(97);
let grown = again;
for (let i = 0; i < 3; i++) grown += "!";
out.push(show([a, b, built, again, grown, String.fromCharCode(97), "a" + "", [..."aaa"].join("")]));
const keys = new Map();
for (const c of "abcabc") keys.set(c, (keys.get(c) ?? 0) + 1);
const counts = {};
for (const c of "hello") counts[c] = (counts[c] ?? 0) + 1;
out.push(show([[...keys], counts]));
// Typed arrays from strings, with a mapping function, its index and its this.
out.push(show([...Uint8Array.from("abc", (c) => c.charCodeAt(0))]));
out.push(show([...Int16Array.from("1😀2", function (c, i) { return c.length * 10 + i + this.add; }, { add: 100 })]));
out.push(show([...Float64Array.from({ length: 3, 0: 1.5, 2: 3 }, (v, i) => (v ?? -1) * 2 + i)]));
const bound = function (v) { return v * this.k; }.bind({ k: 3 });
out.push(show([...Uint16Array.from([1, 2, 3], bound), ...Uint8Array.from([300, -1, 2.7])]));
let mapped = 0;
try { Uint8Array.from("abcd", (c) => { if (++mapped === 3) throw new Error("at " + c); return 1; }); } catch (e) { out.push(e.message + " after " + mapped); }
try { Uint8Array.from("ab", 5); } catch (e) { out.push(e.constructor.name); }
// At the sizes data has: 200,000 characters, byte by byte and back.
const big = "line café ✓ 😀\n".repeat(12500);
let units = 0, points = 0, astral = 0;
for (const c of big) { points++; units += c.length; if (c.length === 2) astral++; }
const bytes = Uint8Array.from(big.slice(0, 60000), (c) => c.charCodeAt(0) & 255);
let sum = 0;
for (const byte of bytes) sum = (sum * 31 + byte) >>> 0;
let rebuilt = "";
for (const c of big) rebuilt += c;
out.push(show([big.length, units, points, astral, [...big].length, Array.from(big).length, sum, rebuilt === big]));
"#;

const EXPECTED: [&str; 26] = [
    r#"1:61 1:e9 1:ff 1:2713 2:d83d.de00 1:d83d 1:7c 1:de00 1:7a 1:0"#,
    r#"[10,true]"#,
    r#"[["h","é","l","l","o"],["a","b","😀"],["x0","y1","z2"]]"#,
    r#"["q","😀",["r","s"]]"#,
    r#""misp""#,
    r#"[[],[],[55296],[56320,55296]]"#,
    r#"["b","c"]"#,
    r#"[{"done":true},{"done":true}]"#,
    r#"[object String Iterator]"#,
    r#"[[["a","b"],["c","d"],"1,2","e","f"],12]"#,
    r#"TypeError"#,
    r#"TypeError"#,
    r#"["own"]"#,
    r#"["a","b","c"]"#,
    r#"=========================="#,
    r#"[256,true]"#,
    r#"[true,true,256,[10003,233,255,256]]"#,
    r#"["x","xy","aabbcc","a","a!!!","a","a","aaa"]"#,
    r#"[[["a",2],["b",2],["c",2]],{"h":1,"e":1,"l":2,"o":1}]"#,
    r#"[97,98,99]"#,
    r#"[110,121,112]"#,
    r#"[3,-1,8]"#,
    r#"[3,6,9,44,255,2]"#,
    r#"at c after 3"#,
    r#"TypeError"#,
    r#"[187500,187500,175000,12500,175000,175000,60376864,true]"#,
];

#[test]
fn strings_by_character_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn strings_by_character_in_the_worker() {
    node_lines::assert_in_worker(BODY, &EXPECTED).await;
}
