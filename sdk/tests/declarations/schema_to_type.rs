//! `schema_to_type`, case by case: each expected type is also checked to parse as TypeScript.

use ordo_sdk::declarations::schema_to_type;
use serde_json::{Value, json};

use super::assert_valid_typescript;

#[track_caller]
fn assert_type(schema: Value, expected: &str) {
    let actual = schema_to_type(&schema);
    assert_eq!(actual, expected, "for {schema}");
    assert_valid_typescript(&format!("type T = {actual};\n"));
}

#[test]
fn r_code_5_primitive_types() {
    assert_type(json!({ "type": "string" }), "string");
    assert_type(json!({ "type": "number" }), "number");
    assert_type(json!({ "type": "integer" }), "number");
    assert_type(json!({ "type": "boolean" }), "boolean");
    assert_type(json!({ "type": "null" }), "null");
    assert_type(json!({ "type": ["string", "null"] }), "string | null");
    assert_type(json!({ "type": ["integer", "number"] }), "number");
    assert_type(json!({ "type": "file" }), "unknown");
    assert_type(json!({ "type": 7 }), "unknown");
}

#[test]
fn r_code_5_boolean_empty_and_unrecognized_schemas() {
    assert_type(json!(true), "unknown");
    assert_type(json!({}), "unknown");
    assert_type(json!(false), "never");
    assert_type(json!(null), "unknown");
    assert_type(json!("string"), "unknown");
    assert_type(json!({ "x-vendor": 1, "minLength": 3, "not": { "type": "null" } }), "unknown");
    assert_type(json!({ "anyOf": [] }), "never");
}

#[test]
fn r_code_5_enum_and_const_become_literal_unions() {
    assert_type(
        json!({ "enum": ["a", "b\"c", 1, -2.5, true, null] }),
        "\"a\" | \"b\\\"c\" | 1 | -2.5 | true | null",
    );
    assert_type(json!({ "const": "x" }), "\"x\"");
    assert_type(json!({ "const": { "k": [1, "v"] } }), "{\"k\":[1,\"v\"]}");
    assert_type(json!({ "type": "string", "enum": ["a", 1, null] }), "\"a\"");
    assert_type(json!({ "type": ["string", "null"], "enum": ["a", null] }), "\"a\" | null");
    assert_type(json!({ "type": "integer", "enum": [1, 1.5, 2.0] }), "1 | 2.0");
    assert_type(json!({ "enum": [] }), "never");
    assert_type(json!({ "type": "array", "items": { "enum": [-1, 1] } }), "(-1 | 1)[]");
    assert_type(json!({ "type": "array", "items": { "const": -1 } }), "(-1)[]");
    assert_type(json!({ "const": "\u{2028}" }), "\"\\u2028\"");
}

#[test]
fn r_code_5_objects_with_required_and_optional_properties() {
    assert_type(
        json!({
            "type": "object",
            "properties": { "a": { "type": "string" }, "b": { "type": "number", "description": "B." } },
            "required": ["a", "missing"]
        }),
        "{\n  a: string;\n  /** B. */\n  b?: number;\n}",
    );
    assert_type(
        json!({ "properties": { "nested": { "properties": { "x": { "type": "null" } } } } }),
        "{\n  nested?: {\n    x?: null;\n  };\n}",
    );
    assert_type(
        json!({ "type": "object", "properties": { "never": false } }),
        "{\n  never?: never;\n}",
    );
}

#[test]
fn r_code_5_additional_and_pattern_properties() {
    assert_type(json!({ "type": "object" }), "Record<string, unknown>");
    assert_type(
        json!({ "type": "object", "additionalProperties": true }),
        "Record<string, unknown>",
    );
    assert_type(
        json!({ "type": "object", "additionalProperties": false }),
        "Record<string, never>",
    );
    assert_type(
        json!({ "type": "object", "additionalProperties": { "type": "string" } }),
        "{ [key: string]: string }",
    );
    assert_type(
        json!({ "type": "object", "properties": { "a": { "type": "number" } }, "additionalProperties": true }),
        "{\n  a?: number;\n  [key: string]: unknown;\n}",
    );
    assert_type(
        json!({ "type": "object", "properties": { "a": { "type": "number" } }, "additionalProperties": { "type": "string" } }),
        "{\n  a?: number;\n} & { [key: string]: string }",
    );
    assert_type(
        json!({
            "type": "object",
            "patternProperties": { "^x-": { "type": "string" }, "^n-": { "type": "number" } },
            "additionalProperties": false
        }),
        "{ [key: string]: string | number }",
    );
    assert_type(
        json!({ "additionalProperties": { "type": "object", "properties": { "v": { "type": "string" } } } }),
        "{\n  [key: string]: {\n    v?: string;\n  };\n}",
    );
}

#[test]
fn r_code_5_arrays_and_tuples() {
    assert_type(json!({ "type": "array" }), "unknown[]");
    assert_type(json!({ "type": "array", "items": { "type": "string" } }), "string[]");
    assert_type(
        json!({ "type": "array", "items": { "type": ["string", "null"] } }),
        "(string | null)[]",
    );
    assert_type(
        json!({ "type": "array", "items": { "type": "array", "items": true } }),
        "unknown[][]",
    );
    assert_type(json!({ "type": "array", "items": false }), "[]");
    // 2020-12: prefixItems, then items for the rest.
    assert_type(
        json!({ "type": "array", "prefixItems": [{ "type": "string" }, { "type": "number" }], "minItems": 2, "maxItems": 2 }),
        "[string, number]",
    );
    assert_type(
        json!({ "type": "array", "prefixItems": [{ "type": "string" }, { "type": "number" }], "items": { "type": "boolean" }, "minItems": 1 }),
        "[string, number?, ...boolean[]]",
    );
    assert_type(
        json!({ "type": "array", "prefixItems": [{ "type": "string" }, { "type": ["number", "null"] }], "items": false }),
        "[string?, (number | null)?]",
    );
    assert_type(
        json!({ "type": "array", "prefixItems": [{ "type": "string" }, { "type": "number" }], "maxItems": 1, "minItems": 1 }),
        "[string]",
    );
    // Draft-07: items as an array, then additionalItems.
    assert_type(
        json!({ "type": "array", "items": [{ "type": "string" }], "additionalItems": { "type": "number" }, "minItems": 1 }),
        "[string, ...number[]]",
    );
    assert_type(
        json!({ "type": "array", "items": [{ "type": "string" }], "minItems": 1 }),
        "[string, ...unknown[]]",
    );
    assert_type(
        json!({ "type": "array", "items": [{ "type": "string" }], "additionalItems": false, "minItems": 1 }),
        "[string]",
    );
}

#[test]
fn r_code_5_combinators() {
    assert_type(json!({ "anyOf": [{ "type": "string" }, { "type": "null" }] }), "string | null");
    assert_type(
        json!({ "oneOf": [{ "const": "a" }, { "const": "b" }, { "const": "a" }] }),
        "\"a\" | \"b\"",
    );
    assert_type(json!({ "anyOf": [{ "type": "string" }, {}] }), "unknown");
    assert_type(
        json!({ "anyOf": [{ "type": ["string", "null"] }, { "type": "null" }] }),
        "string | null",
    );
    assert_type(
        json!({ "allOf": [{ "$ref": "#/$defs/A" }, { "$ref": "#/$defs/B" }], "$defs": { "A": {}, "B": {} } }),
        "A & B",
    );
    assert_type(
        json!({ "allOf": [{ "anyOf": [{ "type": "string" }, { "type": "number" }] }, { "$ref": "#/$defs/C" }], "$defs": { "C": {} } }),
        "(string | number) & C",
    );
    assert_type(json!({ "allOf": [{ "type": "string" }, false] }), "never");
    // Branches that only constrain (here: which property is required) add nothing.
    assert_type(
        json!({
            "type": "object",
            "properties": { "a": { "type": "string" }, "b": { "type": "string" } },
            "oneOf": [{ "required": ["a"] }, { "required": ["b"] }]
        }),
        "{\n  a?: string;\n  b?: string;\n}",
    );
    // Keywords beside a $ref intersect with it (schemars writes internally tagged enums so).
    assert_type(
        json!({
            "type": "object",
            "properties": { "kind": { "const": "ext" } },
            "required": ["kind"],
            "$ref": "#/$defs/Ext",
            "$defs": { "Ext": {} }
        }),
        "{\n  kind: \"ext\";\n} & Ext",
    );
}

#[test]
fn r_code_5_references_outside_the_document_are_unknown() {
    assert_type(json!({ "$ref": "https://example.com/schema.json" }), "unknown");
    assert_type(json!({ "$ref": "#anchor" }), "unknown");
    assert_type(json!({ "$ref": "#/$defs/Missing" }), "unknown");
    assert_type(json!({ "type": "array", "items": { "$ref": "#" } }), "unknown[]");
    assert_type(json!({ "$ref": "#" }), "unknown");
}

#[test]
fn r_code_5_deep_schemas_render_unknown_below_the_depth_bound() {
    let mut schema = json!({ "type": "string" });
    for _ in 0..500 {
        schema = json!({ "anyOf": [schema, { "type": "null" }] });
    }
    let text = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(move || schema_to_type(&schema))
        .expect("spawn")
        .join()
        .expect("no panic");
    assert_eq!(text, "unknown");
}
