//! Arbitrary schema values, checked only for what must always hold: no panic, valid TypeScript.

use serde_json::{Value, json};

use ordo_sdk::declarations::{ToolSignature, declarations_for};

use super::{assert_valid_typescript, declare_raw};

/// Random schema-like values: every keyword the renderer reads, with values of the right and of
/// the wrong shapes.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[(self.next() % items.len() as u64) as usize]
    }

    /// A document: a random schema with definitions at the root, which its `$ref`s can reach.
    fn document(&mut self) -> Value {
        let mut root = self.schema(4);
        if let Value::Object(object) = &mut root {
            let definitions = json!({ "a": self.schema(3), "b-c": self.schema(3) });
            object.insert(self.pick(&["$defs", "definitions"]).to_string(), definitions);
        }
        root
    }

    fn schema(&mut self, depth: u32) -> Value {
        if depth == 0 || self.next().is_multiple_of(5) {
            let leaves =
                [json!(true), json!(false), json!({}), json!(3), json!({ "type": "string" })];
            return self.pick(&leaves).clone();
        }
        let mut object = serde_json::Map::new();
        for _ in 0..(1 + self.next() % 4) {
            let key = *self.pick(&[
                "type",
                "type",
                "properties",
                "properties",
                "required",
                "items",
                "prefixItems",
                "additionalItems",
                "additionalProperties",
                "patternProperties",
                "enum",
                "const",
                "anyOf",
                "oneOf",
                "allOf",
                "$ref",
                "$ref",
                "description",
                "default",
                "format",
                "minItems",
                "maxItems",
            ]);
            let value = match key {
                "type" => self
                    .pick(&[
                        json!("object"),
                        json!("object"),
                        json!("array"),
                        json!("string"),
                        json!("integer"),
                        json!(["null", "object"]),
                        json!(["array", "boolean"]),
                        json!(4),
                    ])
                    .clone(),
                "properties" | "patternProperties" => {
                    let names = ["a", "b-c", "0", "*/", "\u{2028}", "new", "$ref", "é"];
                    let mut map = serde_json::Map::new();
                    for _ in 0..(self.next() % 4) {
                        map.insert((*self.pick(&names)).to_owned(), self.schema(depth - 1));
                    }
                    Value::Object(map)
                }
                "required" => json!(["a", "0", 1]),
                // Draft-07 tuples: `items` as an array.
                "items" if self.next().is_multiple_of(3) => self.schemas(depth),
                "items" | "additionalItems" | "additionalProperties" => self.schema(depth - 1),
                "prefixItems" | "anyOf" | "oneOf" | "allOf" => self.schemas(depth),
                "enum" => json!(["a", -1, null, { "k": "*/" }, [true], 2.5]),
                "const" => self.pick(&[json!(-0.5), json!("c"), json!([]), json!(null)]).clone(),
                "$ref" => self
                    .pick(&[
                        json!("#"),
                        json!("#/$defs/a"),
                        json!("#/$defs/b-c"),
                        json!("#/definitions/a"),
                        json!("#/definitions/b-c"),
                        json!("#/properties/a"),
                        json!("#/x"),
                        json!("#a"),
                        json!("other.json"),
                    ])
                    .clone(),
                "description" | "format" => json!("text */ with\nlines"),
                "default" => json!({ "d": [1, 2] }),
                _ => json!(self.next() % 3),
            };
            object.insert(key.to_owned(), value);
        }
        Value::Object(object)
    }

    fn schemas(&mut self, depth: u32) -> Value {
        Value::Array((0..(self.next() % 4)).map(|_| self.schema(depth - 1)).collect())
    }
}

#[test]
fn r_code_5_arbitrary_schemas_give_valid_typescript_without_panicking() {
    let mut random = Random(0x9E37_79B9_7F4A_7C15);
    for _ in 0..500 {
        let (parameters, output) = (random.document(), random.document());
        let declarations = declare_raw(&parameters, &output);
        assert_valid_typescript(&declarations);
    }
}

/// A large, densely linked `$defs` graph (every definition reaches every other), as an API
/// schema of a thousand types would be, shared by two tools.
fn large_interlinked_schema(size: usize) -> Value {
    let definitions: serde_json::Map<String, Value> = (0..size)
        .map(|i| {
            let properties = json!({
                "next": { "$ref": format!("#/$defs/Type{}", (i + 1) % size) },
                "jump": { "$ref": format!("#/$defs/Type{}", (i * 7 + 3) % size) },
                "name": { "type": "string", "description": format!("Type {i}.") }
            });
            (format!("Type{i}"), json!({ "type": "object", "properties": properties }))
        })
        .collect();
    json!({
        "type": "object",
        "properties": { "root": { "$ref": "#/$defs/Type0" } },
        "$defs": definitions
    })
}

#[test]
fn r_code_5_large_interlinked_definitions_are_declared_once_in_linear_output() {
    let size = 1_000;
    let schema = large_interlinked_schema(size);
    let signature = |name: &str| ToolSignature {
        name: name.into(),
        description: "",
        parameters: &schema,
        output: &schema,
        error_names: &[],
        concurrency: None,
    };
    let declarations = declarations_for([signature("first"), signature("second")]);
    assert_valid_typescript(&declarations);
    // `ToolError`, `CallOptions`, four roots, and each definition once, shared by both tools and both
    // documents.
    assert_eq!(declarations.matches("interface ").count(), 2 + 4 + size);
    assert!(declarations.len() < 200 * size, "{} bytes", declarations.len());
}
