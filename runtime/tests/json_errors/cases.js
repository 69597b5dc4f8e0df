// JSON texts that are not JSON, for json_parse.rs: returns what `JSON.parse` says of each,
// without and with a reviver, run twice from the same code. Recorded from Node by record.js.
const texts = [...["{bad", "", " ", "[1,]", '{"a":1}x', "{'a':1}", '{"a":1,}', '{"a" 1}', '{"a":1 "b":2}', "[1 2]", '"abc', '"a\u0001b"', '"\\x"', '"\\u12G4"', "-", "-a", "1.", "1.e5", "1e", "1e+", "01", "tru", "nul", "truex", "undefined", "NaN", "Infinity", "[object Object]", "{", "[", '{"a"', '{"a":', '[1,', "x", "12345678901234567890123456789x", '{"key": "value", "other": [1, 2, 3], "broken": tru}', '{"key": "value", "other": [1, 2, 3], "broken": 1}}', "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] x", '{"a":"b"} {"c":1}', '"abc"def', '123abc', '[1,2,3]]', '{"a":1}}', '\n\n  {"a": x}', '[-]', '[.5]', '[+1]', '"\\', '"\\u12', '{"a":1,"b"}', '{,}', '[,1]', '{"a":1,,"b":2}', ':', '{1:2}', "[NaN]", "[undefined]", "'str'", '"a"\n"b"', '{"a":[1,{"b":2]}', "\u00e9", "[\u00e9]", "😀", "[1]\u00e9", "a".repeat(30), "[" + "1,".repeat(20) + "x]", "[" + "1,".repeat(3) + "x" + ",2".repeat(20) + "]", '{"a":1e999}', "1 2", "[1]  ", "\t[1]\r\n", "[\"\\ud800\"]", '"\t"', '{"__proto__":1}', "nulll", "[true false]", "{\"a\":true,}", "-0.e1", "2.3e", "[1e+]", "00", "-01", "0x10", "[\"a\\/b\"]", "[\"\\u00\"]"], ...['{"a":1,"b":2 "c":3}', '{"a":1,"b" 2}', '{"a":1,"b":2', '{"a":1,', '{"a":1', '[1,2 3]', '[1,2', '[1', '[1,2,"x" "y"]', '[1,2 x]', '{"a":1,"b":2 x}', '{"a":1,"b" x}', '{"a":1,"b"', 'trux', '[tru]', '[nulx]', '{"a":nul}', 'fals', '"abc\\"', '[1 "a"]', '{"a" "b"}', '{"a":1 2}', '[[1 2]]', '[[1],[2 3]]', '[{"a":1},{"b":2 3}]', '{"a":{"b":1 2}}', '{"a":{"b":1,"c":2 3}}', '[1,[2,3 4]]', 'x'.repeat(19), 'x'.repeat(20), 'x'.repeat(21), 'x'.repeat(22), '[' + 'x'.repeat(20), '[1,2,3,4,5,6,7,8,9,x]', '[1,2,3,4,5,6,7,8,9,10,x,1]', '[1,2,3,4,5,6,7,8,9,10,x,1,2,3,4,5,6,7,8,9]', '  x', '{"a":-}', '{"a":"\\q"}', '[1,,2]', '[1,]', '{"a":1,"a":2,}', '"\\ud83d\\ude00" x', '[]]', '{}}', '{"a":1}]', 'true false', '[1] [2]', '\u00a0[1]', '[1]\u00a0', '[\u00a0]']];
const said = (text, reviver) => {
  try { JSON.parse(text, reviver); return "parsed"; } catch (error) { return `${error.name}: ${error.message}`; }
};
const out = [];
for (let round = 0; round < 2; round++) {
  for (const text of texts) {
    // V8 quotes half of a surrogate pair; ordo's message is Rust text, where that half is U+FFFD.
    if (text.codePointAt(0) > 0xffff) continue;
    const message = said(text);
    out.push(said(text, (key, value) => value) === message ? message : `with a reviver: ${said(text, (key, value) => value)}`);
  }
}
for (const value of [undefined, {}, NaN, Infinity, null, 12]) out.push(said(value));
return out;
