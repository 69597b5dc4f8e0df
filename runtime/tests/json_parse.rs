//! `JSON.parse` (ordo's own, `engine/json`) gives back what was written: generated documents of
//! every kind of value, written compact or with whitespace everywhere JSON allows it, with
//! escapes where a writer may put them, each parsed in the engine and compared with the document
//! (one run for all of them). Beside it, what only JSON.parse does: repeated keys, `__proto__`,
//! `-0`, lone surrogates, nesting deeper than any stack, and errors that say what and where.
#![allow(clippy::unwrap_used)] // test helpers outside #[test] fns unwrap too

#[path = "support/run_script.rs"]
mod run_script;

use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, TestRunner};
use run_script::run;
use serde_json::{Map, Value, json};

/// Keys that are not array indices (an object's integer keys come first in JavaScript, which
/// would reorder them).
fn key() -> impl Strategy<Value = String> {
    prop_oneof!["k[a-z0-9_]{0,8}", "[a-zé☃ \"\\\\/\n]{1,6}", Just("__proto__".to_owned())]
}

fn document() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i32>().prop_map(Value::from),
        (-1e300f64..1e300).prop_map(Value::from),
        "[a-zA-Z0-9 é€😀\"\\\\/\u{1}\t\n\u{2028}]{0,20}".prop_map(Value::from),
    ];
    leaf.prop_recursive(6, 200, 8, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..8).prop_map(Value::Array),
            prop::collection::vec((key(), inner), 0..8)
                .prop_map(|entries| Value::Object(entries.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

/// `value` written with whitespace between every token, and `\u` escapes for some characters.
fn spaced(value: &Value, depth: usize) -> String {
    let space = [" ", "\n", "\t", "\r\n  ", ""][depth % 5];
    match value {
        Value::Array(items) => {
            let items: Vec<String> = items.iter().map(|item| spaced(item, depth + 1)).collect();
            format!("[{space}{}{space}]", items.join(&format!("{space},{space}")))
        }
        Value::Object(entries) => {
            let entries: Vec<String> = entries
                .iter()
                .map(|(key, value)| {
                    format!("{}{space}:{space}{}", escaped(key), spaced(value, depth + 1))
                })
                .collect();
            format!("{{{space}{}{space}}}", entries.join(&format!("{space},{space}")))
        }
        Value::String(text) => escaped(text),
        other => other.to_string(),
    }
}

fn escaped(text: &str) -> String {
    let mut out = String::from("\"");
    for unit in text.encode_utf16() {
        match unit {
            0x22 => out.push_str("\\\""),
            0x5C => out.push_str("\\\\"),
            0x2F => out.push_str("\\/"),
            0x0A => out.push_str("\\n"),
            unit if !(0x20..=0x7E).contains(&unit) => out.push_str(&format!("\\u{unit:04X}")),
            unit => out.push(char::from(unit as u8)),
        }
    }
    out.push('"');
    out
}

/// Numbers as JavaScript reads them: an integer that fits is the same, a double is the nearest.
fn same(parsed: &Value, written: &Value) -> bool {
    match (parsed, written) {
        (Value::Number(a), Value::Number(b)) => a.as_f64() == b.as_f64(),
        (Value::Array(a), Value::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(a, b)| same(a, b))
        }
        (Value::Object(a), Value::Object(b)) => {
            a.len() == b.len()
                && a.iter().zip(b).all(|((ka, va), (kb, vb))| ka == kb && same(va, vb))
        }
        (a, b) => a == b,
    }
}

#[tokio::test]
async fn r_rt_2_json_parse_gives_back_generated_documents_however_they_are_written() {
    let mut runner = TestRunner::new(Config { cases: 1, ..Config::default() });
    let documents: Vec<Value> =
        (0..150).map(|_| document().new_tree(&mut runner).unwrap().current()).collect();
    let texts: Vec<String> = documents
        .iter()
        .enumerate()
        .map(|(n, document)| if n % 2 == 0 { document.to_string() } else { spaced(document, n) })
        .collect();
    let code = format!("return {}.map((text) => JSON.parse(text));", json!(texts));
    let parsed = run(&code).await;
    for ((document, text), parsed) in documents.iter().zip(&texts).zip(parsed.as_array().unwrap()) {
        assert!(same(parsed, document), "{text}\nparsed as {parsed}");
    }
}

#[tokio::test]
async fn r_rt_2_json_parse_does_what_only_json_parse_does() {
    let out = run(r#"
        const twice = JSON.parse('{"a": 1, "b": 2, "a": 3}');
        const proto = JSON.parse('{"__proto__": {"x": 1}}');
        let deep = JSON.parse("[".repeat(100000) + "]".repeat(100000)), depth = 0;
        while (deep.length) { deep = deep[0]; depth++; }
        const errors = ['{"a":1,}', "[1 2]", '"tab\there"', "-", "", "[1]x", '{"a"\n 1}'].map((text) => {
          try { JSON.parse(text); return "parsed"; } catch (error) { return `${error.name}: ${error.message}`; }
        });
        return {
          order: Object.keys(twice), a: twice.a,
          ownProto: Object.hasOwn(proto, "__proto__"), plainProto: Object.getPrototypeOf(proto) === Object.prototype,
          negativeZero: Object.is(JSON.parse("-0"), -0), huge: JSON.parse("1e400") === Infinity,
          lone: JSON.parse('"\\ud800"').charCodeAt(0), pair: JSON.parse('"\\ud83d\\ude00"'),
          integerKeys: Object.keys(JSON.parse('{"b": 1, "2": 1, "1": 1}')),
          repeatedIndex: JSON.parse('{"1": "a", "x": 0, "1": "b"}'),
          descriptors: [0, 1, 2].map(() => Object.getOwnPropertyDescriptors(JSON.parse('{"a": 1, "7": [], "a": 2}'))),
          revived: JSON.parse('{"a": [1, 2]}', (key, value) => typeof value === "number" ? value * 10 : value),
          depth, errors,
        };
    "#)
    .await;
    assert_eq!(out["order"], json!(["a", "b"]));
    assert_eq!(out["a"], 3);
    assert_eq!(out["ownProto"], true);
    assert_eq!(out["plainProto"], true);
    assert_eq!(out["negativeZero"], true);
    assert_eq!(out["huge"], true);
    assert_eq!(out["lone"], 0xD800);
    assert_eq!(out["pair"], "😀");
    assert_eq!(out["integerKeys"], json!(["1", "2", "b"]));
    assert_eq!(out["repeatedIndex"], json!({"1": "b", "x": 0}));
    let data =
        |value| json!({"value": value, "writable": true, "enumerable": true, "configurable": true});
    let descriptors = json!({"7": data(json!([])), "a": data(json!(2))});
    assert_eq!(out["descriptors"], json!([descriptors, descriptors, descriptors]));
    assert_eq!(out["revived"], json!({"a": [10, 20]}));
    assert_eq!(out["depth"], 99_999);
    assert_eq!(
        out["errors"],
        json!([
            "SyntaxError: Expected double-quoted property name in JSON at position 7",
            "SyntaxError: Expected ',' or ']' after array element in JSON at position 3",
            "SyntaxError: Bad control character in string literal in JSON at position 4",
            "SyntaxError: No number after minus sign in JSON at position 1",
            "SyntaxError: Unexpected end of JSON input",
            "SyntaxError: Unexpected non-whitespace character after JSON at position 3",
            "SyntaxError: Expected ':' after property name in JSON at position 6",
        ])
    );
}

/// Every way JSON text goes wrong says what V8 says, word for word, so that a script that keeps
/// the messages of the lines it could not parse has Node's text: the named problems, the end of
/// the text, an unexpected number or string, a character with the text around it (whole up to
/// 20 characters, else ten on each side), the texts that were never JSON (`JSON.parse(undefined)`),
/// with and without a reviver (which Boa's own parse refused `1e999` and `"\\ud800"` for), twice
/// from the same code. `json_errors/v8.json` is Node 20's
/// (`node runtime/tests/json_errors/record.js`).
#[tokio::test]
async fn syntax_errors_say_what_v8_says() {
    let ours = run(include_str!("json_errors/cases.js")).await;
    let v8: Value = serde_json::from_str(include_str!("json_errors/v8.json")).unwrap();
    let (ours, v8) = (ours.as_array().unwrap(), v8.as_array().unwrap());
    assert_eq!(ours.len(), v8.len());
    for (index, (ours, v8)) in ours.iter().zip(v8).enumerate() {
        assert_eq!(ours, v8, "case {index} of json_errors/cases.js");
    }
}

/// A number crosses from the engine to the host as the same double (the host read some 1 unit
/// in the last place off, found by the generated documents above).
#[tokio::test]
async fn r_rt_2_numbers_reach_the_host_as_the_same_double() {
    let numbers = [-5.854402923046482e299, 1.797_693_134_862_315_7e308, 5e-324, 0.1 + 0.2];
    let parsed =
        run("return [-5.854402923046482e+299, 1.7976931348623157e308, 5e-324, 0.1 + 0.2];").await;
    let parsed: Vec<f64> = parsed.as_array().unwrap().iter().map(|n| n.as_f64().unwrap()).collect();
    assert_eq!(parsed, numbers);
}
