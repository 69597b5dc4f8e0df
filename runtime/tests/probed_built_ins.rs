//! What a differential probe of the built-ins against Node found wrong, as model-written data
//! scripts meet it: an object rest after a key a nested pattern takes kept that key; `0 / -1` was
//! `+0`; `parseInt` of long decimal strings rounded at every digit; a RegExp's `source` escaped an
//! escaped slash again (a different pattern when remade from it); `Date.parse` read only the ISO,
//! `toString` and `toUTCString` formats (`2024-03-10 12:00`, `03/10/2024`, `Mar 10, 2024` were
//! NaN); a Set or Map cleared while iterated lost what was added after; number formats threw on NaN
//! and the infinities and ignored scientific notation; `"default"` was no locale; `hour12` and
//! `hourCycle` never reached the date formatter, nor a zone's offset (`GMT+?`); numeric dates of
//! fewer fields were written as Boa pleased; there was no `formatToParts`, `encodeInto` or streamed
//! `TextDecoder`. And the element reads of the Array methods that call a callback, which read an
//! element kept as a value where it is (holes the prototype fills, array-likes with getters, typed
//! arrays, arrays changed by the callback). The expected lines are what Node 20 prints for the same
//! bodies; each body runs twice from the same code.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`: the engine's own built-ins, in plain Boa and in the worker.
const ENGINE_BODY: &str = r#"
    const out = [];
    const show = (v) => JSON.stringify(v);
    const num = (v) => (Object.is(v, -0) ? "-0" : String(v));
    // Object rest after a key that a nested pattern takes: in a declaration, a parameter, an
    // assignment, a for-of head, with a default, a computed key and an array pattern.
    const source = { a: 0, b: { c: 1, e: [2, 3] }, d: 4, [Symbol.iterator]: 5 };
    const key = "b";
    const rests = [];
    for (let round = 0; round < 2; round++) {
      const { b: { c }, ...r1 } = source; rests.push(r1);
      rests.push((({ b: { e: [x] }, ...r }) => [x, r])(source));
      let r3; ({ b: { ...inner }, ...r3 } = source); rests.push([inner, r3]);
      for (const { [key]: { c: y } = {}, ...r } of [source, { d: 9 }]) rests.push([y, r]);
      const { b: [z] = [7], ...r5 } = { a: 1, d: 2 }; rests.push([z, r5]);
    }
    out.push(show(rests.map((r) => JSON.stringify(r)).filter((r, i, all) => all.indexOf(r) === i)));
    // Division that gives -0, from one line in a loop; a negative zero's reciprocal.
    const quotients = [];
    for (const [x, y] of [[0, -1], [0, -3], [-0, 5], [0, 5], [6, -3], [-6, 3], [7, -2], [-2147483648, -1], [0, 0], [3, 0], [-3, 0]]) quotients.push(num(x / y));
    out.push([...quotients, num(1 / (0 / -3)), num(1 / (0 * -1))].join(" "));
    // parseInt of long decimal strings, rounded once; other radices and short ones as before.
    out.push([parseInt("123456789012345678"), parseInt("99999999999999999999"), parseInt("123456789012345678901234567890"), parseInt("-9007199254740993"), parseInt("9007199254740993xyz"), parseInt("0012345678901234567"), parseInt("ffffffffffffff", 16), parseInt("1234567890123", 10), parseInt("  42px")].map(num).join(" "));
    // A RegExp's source keeps its escaped slashes and classes, and remakes the same pattern.
    const patterns = [/a\/b/, /[/]/, /[\]/]\//, new RegExp("a/b"), new RegExp("\\/"), new RegExp("x\ny"), new RegExp("\\\n"), /\\\//, new RegExp("[/\\]]/"), new RegExp("")];
    out.push(show(patterns.map((p) => [p.source, String(p), new RegExp(p.source, p.flags).source === p.source])));
    out.push(show([new RegExp(/a\/b/.source).test("a/b"), new RegExp(/[/]x/.source).test("/x"), new RegExp(/\\\//.source).test("\\/")]));
    // Date.parse of the formats people and databases write, local ones compared with the
    // same fields given to the constructor (the zone the test runs in does not matter).
    const local = (...fields) => new Date(...fields).getTime();
    const dates = [
      ["2024-03-10 12:00", local(2024, 2, 10, 12, 0)], ["2024-03-10 12:00:05.5", local(2024, 2, 10, 12, 0, 5, 500)],
      ["2024/03/10", local(2024, 2, 10)], ["03/10/2024", local(2024, 2, 10)], ["3/10/24", local(2024, 2, 10)], ["3/10/70", local(1970, 2, 10)],
      ["Mar 10, 2024", local(2024, 2, 10)], ["10 March 2024 5:30 pm", local(2024, 2, 10, 17, 30)], ["Sunday, March 10, 2024", local(2024, 2, 10)],
      ["2024-3-10", local(2024, 2, 10)], [" 2024-03-10", local(2024, 2, 10)], ["10-Mar-2024", local(2024, 2, 10)], ["2024.03.10", local(2024, 2, 10)],
      ["12:00 2024-03-10", local(2024, 2, 10, 12)], ["Mar 2024", local(2024, 2, 1)], ["02/30/2024", local(2024, 2, 1)],
      ["Jan 1 2000 12:00 am", local(2000, 0, 1, 0)], ["Jan 1 2000 12:30 pm", local(2000, 0, 1, 12, 30)], ["Jan 1 2000 24:00", local(2000, 0, 2)],
      ["Mar 10 2024 12:00:00.123456", local(2024, 2, 10, 12, 0, 0, 123)], ["on 3/10/2024", local(2024, 2, 10)],
    ];
    out.push(show(dates.filter(([text, time]) => Date.parse(text) !== time).map(([text]) => [text, Date.parse(text)])));
    const zoned = ["2024-03-10 12:00:00Z", "2024-03-10 12:00 UTC", "2024-03-10T12:00:00+0100", "2024-03-10T12:00:00.123456Z", "March 10, 2024 10:00 GMT+0200",
      "Sun, 10 Mar 2024 12:00:00 +0000", "Sun Mar 10 2024 15:04:05 GMT+0000 (Coordinated Universal Time)", "2024-03-10 12:00 +05:30", "Jan 1 2000 EST", "Jan 1 2000 PDT",
      "2024-03-10 12:00:00-0800", "Thu, 01 Jan 1970 00:00:00 GMT"];
    out.push(zoned.map((text) => new Date(text).toISOString()).join(" "));
    const invalid = ["3/10/2024 foo", "2024-03-10 25:00", "2024-13-01", "13/10/2024", "20240310", "Jan 1 2000 13:00 pm", "10 Mar 2024 12h", "2024-03-10 T12:00", "Mar", "1/2/3/4", "("];
    out.push(show(invalid.filter((text) => !Number.isNaN(Date.parse(text)))));
    const d = new Date(2021, 6, 4, 9, 8, 7);
    out.push(show([Date.parse(d.toDateString()) === new Date(2021, 6, 4).getTime(), Date.parse(d.toString()) === d.getTime() - 0, Date.parse(d.toUTCString()) === d.getTime(), Date.parse(d.toISOString()) === d.getTime()]));
    // A Set or Map cleared while a loop or forEach goes over it: what is added after the clear
    // is still visited.
    const visits = [];
    for (let round = 0; round < 2; round++) {
      const s = new Set([1, 2, 3]); for (const x of s) { visits.push(x); if (x === 1) { s.clear(); s.add(9); } }
      const m = new Map([["a", 1], ["b", 2]]); m.forEach((v, k) => { visits.push(k); if (k === "a") { m.clear(); m.set("z", 26); } });
      const t = new Set([1, 2]); const it = t.values(); visits.push(it.next().value); t.clear(); t.add(5); t.delete(5); t.add(6); visits.push(it.next().value, t.size);
      const n = new Map([[1, 1], [2, 2]]); for (const [k] of n) { visits.push(k); if (k === 1) { n.delete(2); n.clear(); n.set(3, 3); n.set(4, 4); n.delete(3); } }
    }
    out.push(show(visits));
    // Elements that callbacks read: holes the prototype fills, array-likes with getters, typed
    // arrays, arrays that shrink or grow while a callback runs, sparse arrays.
    const reads = [];
    for (let round = 0; round < 2; round++) {
      const holes = [1, , 3]; Array.prototype[1] = "p";
      reads.push(holes.map((x) => x), holes.filter(() => true), holes.reduce((a, x) => a + x, ""), holes.indexOf("p"), holes.includes("p"), holes.find((x) => x === "p"), holes.slice(0, 3));
      delete Array.prototype[1];
      reads.push([1, , 3].map((x) => x * 2), [, 2].reduce((a, x) => a + x), [1, , 3].lastIndexOf(undefined), [1, , 3].findIndex((x) => x === undefined));
      const like = { length: 3, 0: "a", get 1() { return "g" + round; }, 2: "c" };
      reads.push(Array.prototype.map.call(like, (x) => x + "!"), Array.prototype.filter.call(like, (x) => x !== "a"), Array.prototype.reduceRight.call(like, (a, x) => a + x, ""), Array.prototype.every.call(like, (x) => typeof x === "string"));
      const typed = new Int16Array([5, -3, 7]);
      reads.push(Array.prototype.map.call(typed, (x) => x * 2), typed.reduce((a, x) => a + x), Array.prototype.some.call(typed, (x) => x < 0), Array.prototype.indexOf.call(typed, 7));
      const shrinking = [1, 2, 3, 4, 5]; const seen = []; shrinking.forEach((x) => { seen.push(x); shrinking.pop(); });
      const growing = [1, 2]; const grown = growing.map((x) => { growing.push(x * 10); return x; });
      const sparse = []; sparse[0] = "a"; sparse[100000] = "b";
      reads.push(seen, grown, growing, sparse.map((x) => x.toUpperCase()).filter(Boolean), sparse.reduce((a, x) => a + x), sparse.findLast((x) => x !== undefined));
      const big = Array.from({ length: 50000 }, (_, i) => i % 7);
      reads.push(big.reduce((a, x) => a + x, 0), big.filter((x) => x === 3).length, big.map((x) => x * 2).lastIndexOf(12), big.findLastIndex((x) => x === 0), big.every((x) => x < 7));
    }
    out.push(show(reads));"#;

const ENGINE_EXPECTED: [&str; 11] = [
    r#"["{\"a\":0,\"d\":4}","[2,{\"a\":0,\"d\":4}]","[{\"c\":1,\"e\":[2,3]},{\"a\":0,\"d\":4}]","[1,{\"a\":0,\"d\":4}]","[null,{\"d\":9}]","[7,{\"a\":1,\"d\":2}]"]"#,
    r#"-0 -0 -0 0 -2 -2 -3.5 2147483648 NaN Infinity -Infinity -Infinity -Infinity"#,
    r#"123456789012345680 100000000000000000000 1.2345678901234568e+29 -9007199254740992 9007199254740992 12345678901234568 72057594037927940 1234567890123 42"#,
    r#"[["a\\/b","/a\\/b/",true],["[/]","/[/]/",true],["[\\]/]\\/","/[\\]/]\\//",true],["a\\/b","/a\\/b/",true],["\\/","/\\//",true],["x\\ny","/x\\ny/",true],["\\n","/\\n/",true],["\\\\\\/","/\\\\\\//",true],["[/\\]]\\/","/[/\\]]\\//",true],["(?:)","/(?:)/",true]]"#,
    r#"[true,true,true]"#,
    r#"[]"#,
    r#"2024-03-10T12:00:00.000Z 2024-03-10T12:00:00.000Z 2024-03-10T11:00:00.000Z 2024-03-10T12:00:00.123Z 2024-03-10T08:00:00.000Z 2024-03-10T12:00:00.000Z 2024-03-10T15:04:05.000Z 2024-03-10T06:30:00.000Z 2000-01-01T05:00:00.000Z 2000-01-01T07:00:00.000Z 2024-03-10T20:00:00.000Z 1970-01-01T00:00:00.000Z"#,
    r#"[]"#,
    r#"[true,true,true,true]"#,
    r#"[1,9,"a","z",1,6,1,1,4,1,9,"a","z",1,6,1,1,4]"#,
    r#"[[1,"p",3],[1,"p",3],"1p3",1,true,"p",[1,"p",3],[2,null,6],2,-1,1,["a!","g0!","c!"],["g0","c"],"cg0a",true,[10,-6,14],9,true,2,[1,2,3],[1,2],[1,2,10,20],["A","B"],"ab","b",149997,7143,49993,49994,true,[1,"p",3],[1,"p",3],"1p3",1,true,"p",[1,"p",3],[2,null,6],2,-1,1,["a!","g1!","c!"],["g1","c"],"cg1a",true,[10,-6,14],9,true,2,[1,2,3],[1,2],[1,2,10,20],["A","B"],"ab","b",149997,7143,49993,49994,true]"#,
];

/// Pushes its lines to `out`: `Intl` and the `toLocale*` methods, in the worker only (ordo's
/// `engine/intl.js` and its default locale are not plain Boa's).
const INTL_BODY: &str = r#"
    const out = [];
    const show = (v) => JSON.stringify(v);
    // NaN and the infinities in every number format (V8 writes NaN and ∞; Boa threw), from one
    // line in a loop: an average of nothing, a ratio by zero.
    const formatted = [];
    for (let round = 0; round < 2; round++) {
      for (const value of [NaN, Infinity, -Infinity, 0 / 0, 1 / 0]) {
        formatted.push(value.toLocaleString(), value.toLocaleString("de-DE"), new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 }).format(value));
      }
      const nf = (options) => new Intl.NumberFormat("en-US", options);
      formatted.push(nf({ style: "currency", currency: "USD" }).format(NaN), nf({ style: "currency", currency: "USD" }).format(-Infinity), new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }).format(Infinity),
        nf({ style: "percent" }).format(NaN), nf({ style: "percent" }).format(-Infinity), nf({ signDisplay: "always" }).format(Infinity), nf({ signDisplay: "always" }).format(NaN),
        nf({ notation: "compact" }).format(Infinity), nf().format("abc"), nf().format("1e400"), nf().format(" 12 "), [1, NaN, 3].toLocaleString(), [1234.5, 6789].toLocaleString("en-US"));
    }
    out.push(show(formatted));
    // "default" for the locale, as scripts write it; other long language subtags resolve to the
    // default locale too.
    const d = new Date(Date.UTC(2024, 0, 5, 15, 4, 5));
    out.push(show([d.toLocaleString("default", { month: "long", timeZone: "UTC" }), d.toLocaleDateString("default", { timeZone: "UTC" }), (1234.5).toLocaleString("default"),
      new Intl.NumberFormat("default").resolvedOptions().locale, new Intl.DateTimeFormat("abcdefgh").resolvedOptions().locale, new Intl.Collator("default").compare("a", "b")]));
    // hour12 and hourCycle reach the formatter.
    const time = (date, locale, options) => date.toLocaleTimeString(locale, { timeZone: "UTC", ...options });
    const early = new Date(Date.UTC(2024, 0, 5, 0, 4, 5));
    out.push(show([time(d, "en-US", { hour12: false }), time(d, "en-US", { hourCycle: "h23" }), time(d, "en-GB", { hour12: true }), time(d, "en-US", {}), time(d, "en-GB", {}),
      time(early, "en-US", { hourCycle: "h23" }), time(early, "en-US", { hour12: true }), time(early, "ja-JP", { hour12: true }), time(d, "de-DE", { hour12: true }),
      new Intl.DateTimeFormat("en-US", { hour: "2-digit", minute: "2-digit", hour12: false, timeZone: "UTC" }).format(d),
      new Intl.DateTimeFormat("en-US", { hour: "numeric", hour12: false, timeZone: "UTC" }).format(d),
      d.toLocaleString("en-US", { timeZone: "UTC", hour12: false }), new Intl.DateTimeFormat("en-US", { hour: "numeric", hour12: false }).resolvedOptions().hour12]));
    // Scientific and engineering notation.
    const notations = ["scientific", "engineering"].map((notation) => [1234.5, 0.00012, 0, -98765.4321, 9.9996, 1.5e-10, -Infinity, 999.9999, 10, 123456].map((v) => new Intl.NumberFormat("en-US", { notation }).format(v)));
    out.push(show([...notations, new Intl.NumberFormat("de-DE", { notation: "scientific" }).format(1234.5), (1234.5).toLocaleString("en-US", { notation: "scientific", maximumFractionDigits: 1 }),
      new Intl.NumberFormat("en-US", { notation: "engineering" }).resolvedOptions().notation, (0.5).toLocaleString("en-US", { notation: "compact" })]));
    // Numeric dates of fewer fields, by locale; a zone's name and offset at the instant.
    const day = new Date(Date.UTC(2024, 0, 5, 9, 7, 3));
    const fewer = [];
    for (const locale of ["en-US", "en-GB", "de-DE", "fr-FR", "sv-SE", "en-CA", "nl-NL"]) {
      for (const options of [{ year: "numeric", month: "numeric" }, { year: "numeric", month: "2-digit" }, { month: "numeric", day: "numeric" }, { month: "2-digit", day: "2-digit" }, { day: "2-digit" }, { month: "numeric" }, { year: "2-digit" }]) {
        fewer.push(day.toLocaleDateString(locale, { timeZone: "UTC", ...options }));
      }
      fewer.push(day.toLocaleString(locale, { timeZone: "UTC" }));
    }
    out.push(show(fewer));
    const summer = new Date(Date.UTC(2024, 6, 5, 9, 7, 3));
    const zones = [];
    for (const when of [day, summer]) for (const timeZone of ["America/New_York", "America/Los_Angeles", "Europe/Berlin", "Asia/Kolkata", "UTC"]) for (const timeZoneName of ["short", "long", "shortOffset", "longOffset"]) {
      zones.push(when.toLocaleString("en-US", { timeZone, timeZoneName }));
    }
    zones.push(summer.toLocaleString("de-DE", { timeZone: "Europe/Berlin", timeZoneName: "short" }), new Intl.DateTimeFormat("en-US", { timeZone: "America/Chicago", hour: "numeric", timeZoneName: "short" }).format(summer));
    out.push(show(zones));
    // formatToParts: the parts of the text as V8 cuts it, for converting between zones.
    const cut = [];
    const instants = [Date.UTC(2024, 0, 5, 9, 7, 3, 456), Date.UTC(2024, 6, 1, 1, 1, 1), Date.UTC(2023, 11, 31, 23, 59, 59)];
    for (const [locale, options] of [
      ["en-US", {}], ["en-US", { timeZone: "America/New_York", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" }],
      ["en-US", { timeZone: "UTC", hour: "numeric", minute: "2-digit" }], ["en-US", { timeZone: "Asia/Tokyo", weekday: "long", year: "numeric", month: "long", day: "numeric" }],
      ["en-GB", { timeZone: "Europe/London", dateStyle: "medium", timeStyle: "short" }], ["de-DE", { timeZone: "Europe/Berlin", year: "numeric", month: "2-digit", day: "2-digit" }],
      ["en-US", { timeZone: "America/Los_Angeles", hour: "numeric", timeZoneName: "short" }], ["en-US", { timeZone: "UTC", month: "short", day: "numeric" }],
      ["fr-FR", { timeZone: "UTC", weekday: "long", day: "numeric", month: "long", year: "numeric" }], ["en-US", { timeZone: "UTC", year: "numeric", month: "numeric" }],
    ]) {
      const format = new Intl.DateTimeFormat(locale, options);
      for (const instant of instants) cut.push(format.formatToParts(instant).map((part) => `${part.type}=${part.value}`).join("|"));
    }
    const zoned = new Intl.DateTimeFormat("en-US", { timeZone: "Asia/Kolkata", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", hourCycle: "h23" });
    const local = Object.fromEntries(zoned.formatToParts(new Date(Date.UTC(2024, 2, 10, 20, 45))).filter((part) => part.type !== "literal").map((part) => [part.type, part.value]));
    out.push(show([cut, local]));"#;

const INTL_EXPECTED: [&str; 7] = [
    r#"["NaN","NaN","NaN","∞","∞","∞","-∞","-∞","-∞","NaN","NaN","NaN","∞","∞","∞","$NaN","-$∞","∞ €","NaN%","-∞%","+∞","+NaN","∞","NaN","∞","12","1,NaN,3","1,234.5,6,789","NaN","NaN","NaN","∞","∞","∞","-∞","-∞","-∞","NaN","NaN","NaN","∞","∞","∞","$NaN","-$∞","∞ €","NaN%","-∞%","+∞","+NaN","∞","NaN","∞","12","1,NaN,3","1,234.5,6,789"]"#,
    r#"["January","1/5/2024","1,234.5","en-US","en-US",-1]"#,
    r#"["15:04:05","15:04:05","3:04:05 pm","3:04:05 PM","15:04:05","00:04:05","12:04:05 AM","午前0:04:05","3:04:05 PM","15:04","15","1/5/2024, 15:04:05",false]"#,
    r#"[["1.235E3","1.2E-4","0E0","-9.877E4","1E1","1.5E-10","-∞","1E3","1E1","1.235E5"],["1.235E3","120E-6","0E0","-98.765E3","10E0","150E-12","-∞","1E3","10E0","123.456E3"],"1,235E3","1.2E3","engineering","0.5"]"#,
    r#"["1/2024","01/2024","1/5","01/05","05","1","24","1/5/2024, 9:07:03 AM","01/2024","01/2024","05/01","05/01","05","1","24","05/01/2024, 09:07:03","1/2024","01/2024","5.1.","05.01.","05","1","24","5.1.2024, 09:07:03","01/2024","01/2024","05/01","05/01","05","1","24","05/01/2024 09:07:03","2024-01","2024-01","5/1","05/01","05","1","24","2024-01-05 09:07:03","2024-01","2024-01","01-05","01-05","05","1","24","2024-01-05, 9:07:03 a.m.","1-2024","01-2024","5-1","05-01","05","1","24","5-1-2024, 09:07:03"]"#,
    r#"["1/5/2024, 4:07:03 AM EST","1/5/2024, 4:07:03 AM Eastern Standard Time","1/5/2024, 4:07:03 AM GMT-5","1/5/2024, 4:07:03 AM GMT-05:00","1/5/2024, 1:07:03 AM PST","1/5/2024, 1:07:03 AM Pacific Standard Time","1/5/2024, 1:07:03 AM GMT-8","1/5/2024, 1:07:03 AM GMT-08:00","1/5/2024, 10:07:03 AM GMT+1","1/5/2024, 10:07:03 AM Central European Standard Time","1/5/2024, 10:07:03 AM GMT+1","1/5/2024, 10:07:03 AM GMT+01:00","1/5/2024, 2:37:03 PM GMT+5:30","1/5/2024, 2:37:03 PM India Standard Time","1/5/2024, 2:37:03 PM GMT+5:30","1/5/2024, 2:37:03 PM GMT+05:30","1/5/2024, 9:07:03 AM UTC","1/5/2024, 9:07:03 AM Coordinated Universal Time","1/5/2024, 9:07:03 AM GMT+0","1/5/2024, 9:07:03 AM GMT+00:00","7/5/2024, 5:07:03 AM EDT","7/5/2024, 5:07:03 AM Eastern Daylight Time","7/5/2024, 5:07:03 AM GMT-4","7/5/2024, 5:07:03 AM GMT-04:00","7/5/2024, 2:07:03 AM PDT","7/5/2024, 2:07:03 AM Pacific Daylight Time","7/5/2024, 2:07:03 AM GMT-7","7/5/2024, 2:07:03 AM GMT-07:00","7/5/2024, 11:07:03 AM GMT+2","7/5/2024, 11:07:03 AM Central European Summer Time","7/5/2024, 11:07:03 AM GMT+2","7/5/2024, 11:07:03 AM GMT+02:00","7/5/2024, 2:37:03 PM GMT+5:30","7/5/2024, 2:37:03 PM India Standard Time","7/5/2024, 2:37:03 PM GMT+5:30","7/5/2024, 2:37:03 PM GMT+05:30","7/5/2024, 9:07:03 AM UTC","7/5/2024, 9:07:03 AM Coordinated Universal Time","7/5/2024, 9:07:03 AM GMT+0","7/5/2024, 9:07:03 AM GMT+00:00","5.7.2024, 11:07:03 MESZ","4 AM CDT"]"#,
    r#"[["month=1|literal=/|day=5|literal=/|year=2024","month=7|literal=/|day=1|literal=/|year=2024","month=12|literal=/|day=31|literal=/|year=2023","month=01|literal=/|day=05|literal=/|year=2024|literal=, |hour=04|literal=:|minute=07|literal=:|second=03","month=06|literal=/|day=30|literal=/|year=2024|literal=, |hour=21|literal=:|minute=01|literal=:|second=01","month=12|literal=/|day=31|literal=/|year=2023|literal=, |hour=18|literal=:|minute=59|literal=:|second=59","hour=9|literal=:|minute=07|literal= |dayPeriod=AM","hour=1|literal=:|minute=01|literal= |dayPeriod=AM","hour=11|literal=:|minute=59|literal= |dayPeriod=PM","weekday=Friday|literal=, |month=January|literal= |day=5|literal=, |year=2024","weekday=Monday|literal=, |month=July|literal= |day=1|literal=, |year=2024","weekday=Monday|literal=, |month=January|literal= |day=1|literal=, |year=2024","day=5|literal= |month=Jan|literal= |year=2024|literal=, |hour=09|literal=:|minute=07","day=1|literal= |month=Jul|literal= |year=2024|literal=, |hour=02|literal=:|minute=01","day=31|literal= |month=Dec|literal= |year=2023|literal=, |hour=23|literal=:|minute=59","day=05|literal=.|month=01|literal=.|year=2024","day=01|literal=.|month=07|literal=.|year=2024","day=01|literal=.|month=01|literal=.|year=2024","hour=1|literal= |dayPeriod=AM|literal= |timeZoneName=PST","hour=6|literal= |dayPeriod=PM|literal= |timeZoneName=PDT","hour=3|literal= |dayPeriod=PM|literal= |timeZoneName=PST","month=Jan|literal= |day=5","month=Jul|literal= |day=1","month=Dec|literal= |day=31","weekday=vendredi|literal= |day=5|literal= |month=janvier|literal= |year=2024","weekday=lundi|literal= |day=1|literal= |month=juillet|literal= |year=2024","weekday=dimanche|literal= |day=31|literal= |month=décembre|literal= |year=2023","month=1|literal=/|year=2024","month=7|literal=/|year=2024","month=12|literal=/|year=2023"],{"month":"3","day":"11","year":"2024","hour":"02","minute":"15"}]"#,
];

/// Pushes its lines to `out`: `TextEncoder#encodeInto` and `TextDecoder` streams, in the worker
/// only (ordo's `engine/builtins.js`).
const WEB_BODY: &str = r#"
    const out = [];
    const show = (v) => JSON.stringify(v);
    // TextEncoder.encodeInto: whole characters only, what was read and written.
    const into = [];
    for (let round = 0; round < 2; round++) {
      for (const [text, size] of [["hello", 10], ["hello", 3], ["héllo", 2], ["héllo", 3], ["a😀b", 4], ["a😀b", 5], ["a😀b", 6], ["\ud800x", 4], ["", 0], ["abc", 0]]) {
        const target = new Uint8Array(size);
        const { read, written } = new TextEncoder().encodeInto(text, target);
        into.push(`${read}/${written}/${Array.from(target).join(",")}`);
      }
    }
    let refused; try { new TextEncoder().encodeInto("x", new Uint16Array(2)); } catch (e) { refused = e.name; }
    out.push(show([into, refused]));
    // TextDecoder with { stream: true }: a character cut between chunks, a byte order mark only
    // at the stream's start, a stream ended by a call without it, then a new stream.
    const bytes = new TextEncoder().encode("\ufeffpré😀€ done");
    const decoded = [];
    for (const cuts of [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18], [2, 5], [3, 9, 10, 11], [4]]) {
      const decoder = new TextDecoder();
      let text = "", from = 0;
      for (const cut of cuts) { text += decoder.decode(bytes.subarray(from, cut), { stream: true }); from = cut; }
      text += decoder.decode(bytes.subarray(from));
      decoded.push(text, text.length);
      decoded.push(decoder.decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x61])), decoder.decode(new Uint8Array([0xe2, 0x82]), { stream: true }) + "|" + decoder.decode(new Uint8Array([0xac])) + "|" + decoder.decode(new Uint8Array([0xe2])));
    }
    const kept = new TextDecoder("utf-8", { ignoreBOM: true });
    decoded.push(kept.decode(new Uint8Array([0xef, 0xbb]), { stream: true }) + kept.decode(new Uint8Array([0xbf, 0x62])));
    let fatal; try { new TextDecoder("utf-8", { fatal: true }).decode(new Uint8Array([0xc3]), { stream: false }); } catch (e) { fatal = e.name; }
    const streamed = new TextDecoder("utf-8", { fatal: true });
    decoded.push(streamed.decode(new Uint8Array([0xc3]), { stream: true }), streamed.decode(new Uint8Array([0xa9])), fatal, new TextDecoder().decode(), new TextDecoder().decode(undefined, { stream: true }));
    out.push(show(decoded));"#;

const WEB_EXPECTED: [&str; 2] = [
    r#"[["5/5/104,101,108,108,111,0,0,0,0,0","3/3/104,101,108","1/1/104,0","2/3/104,195,169","1/1/97,0,0,0","3/5/97,240,159,152,128","4/6/97,240,159,152,128,98","2/4/239,191,189,120","0/0/","0/0/","5/5/104,101,108,108,111,0,0,0,0,0","3/3/104,101,108","1/1/104,0","2/3/104,195,169","1/1/97,0,0,0","3/5/97,240,159,152,128","4/6/97,240,159,152,128,98","2/4/239,191,189,120","0/0/","0/0/"],"TypeError"]"#,
    r#"["pré😀€ done",11,"a","|€|�","pré😀€ done",11,"a","|€|�","pré😀€ done",11,"a","|€|�","pré😀€ done",11,"a","|€|�","﻿b","","é","TypeError","",""]"#,
];

#[test]
fn engine_built_ins_are_as_in_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(ENGINE_BODY, &ENGINE_EXPECTED);
}

#[tokio::test]
async fn engine_built_ins_are_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(ENGINE_BODY, &ENGINE_EXPECTED).await;
}

#[tokio::test]
async fn locale_formats_are_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(INTL_BODY, &INTL_EXPECTED).await;
}

#[tokio::test]
async fn text_encoding_is_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(WEB_BODY, &WEB_EXPECTED).await;
}
