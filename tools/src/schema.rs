//! Which JSON Schema ordo supports, and the validators compiled from it.
//!
//! A tool's schemas are checked and compiled once, at registration (R-DEF-3); calls only run the
//! compiled validator. "Supported" means:
//!
//! - draft 2020-12 (the default when `$schema` is absent, and what `schemars` emits) or draft-07
//!   (what most hand-written MCP schemas declare); any other `$schema` is rejected;
//! - only the keywords of that draft's core, applicator, validation, format, content and
//!   meta-data vocabularies, plus `definitions` for older `$ref`s and vendor extensions that
//!   start with `x-`. Anything else is rejected with its path, because `jsonschema` silently
//!   ignores unknown keywords and a typo such as `tpye` would quietly validate nothing;
//! - `$ref` only to the same document (`#…`): a registry never reaches the network;
//! - `$dynamicRef`, `$recursiveRef` and their anchors are not supported.
//!
//! Checks run from the cheapest and most specific to the most general: the draft, the keyword
//! walk (which can suggest the keyword meant), the draft's meta-schema, then compilation (which
//! catches bad regexes and unresolvable references).

use std::fmt;

use jsonschema::Validator;
use serde_json::{Map, Value};

/// Schemas nested deeper than this are rejected rather than walked.
const MAX_DEPTH: usize = 128;

/// Violations listed in a message before the rest are counted.
const MAX_LISTED_VIOLATIONS: usize = 16;

/// A supported JSON Schema draft.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Draft {
    /// Draft-07.
    Draft7,
    /// Draft 2020-12, the default.
    Draft202012,
}

impl Draft {
    /// The draft a schema declares in its `$schema`, or 2020-12 when it declares none.
    fn of(schema: &Value) -> Result<Self, SchemaError> {
        let Some(declared) = schema.get("$schema") else {
            return Ok(Self::Draft202012);
        };
        let uri = declared
            .as_str()
            .ok_or_else(|| SchemaError::at("/$schema", "\"$schema\" must be a string"))?;
        let bare =
            uri.trim_end_matches('#').trim_start_matches("https://").trim_start_matches("http://");
        match bare {
            "json-schema.org/draft-07/schema" => Ok(Self::Draft7),
            "json-schema.org/draft/2020-12/schema" => Ok(Self::Draft202012),
            _ => Err(SchemaError::at(
                "/$schema",
                format!("unsupported draft {uri:?}: ordo supports draft-07 and draft 2020-12"),
            )),
        }
    }

    fn engine(self) -> jsonschema::Draft {
        match self {
            Self::Draft7 => jsonschema::Draft::Draft7,
            Self::Draft202012 => jsonschema::Draft::Draft202012,
        }
    }

    fn meta_validate(self, schema: &Value) -> Result<(), jsonschema::ValidationError<'_>> {
        match self {
            Self::Draft7 => jsonschema::draft7::meta::validate(schema),
            Self::Draft202012 => jsonschema::draft202012::meta::validate(schema),
        }
    }
}

/// What a keyword's value holds, which decides how the walk descends into it.
#[derive(Clone, Copy)]
enum Slot {
    /// A plain value (a number, a list of names, an annotation): not a schema.
    Value,
    /// One subschema.
    Schema,
    /// An array of subschemas.
    SchemaArray,
    /// An object whose values are subschemas.
    SchemaMap,
    /// Draft-07 `items`: a subschema or an array of them.
    SchemaOrArray,
    /// Draft-07 `dependencies`: an object whose values are subschemas or arrays of names.
    Dependencies,
}

const COMMON_KEYWORDS: &[(&str, Slot)] = &[
    ("$schema", Slot::Value),
    ("$id", Slot::Value),
    ("$ref", Slot::Value),
    ("$comment", Slot::Value),
    ("definitions", Slot::SchemaMap),
    ("title", Slot::Value),
    ("description", Slot::Value),
    ("default", Slot::Value),
    ("examples", Slot::Value),
    ("readOnly", Slot::Value),
    ("writeOnly", Slot::Value),
    ("format", Slot::Value),
    ("contentMediaType", Slot::Value),
    ("contentEncoding", Slot::Value),
    ("type", Slot::Value),
    ("enum", Slot::Value),
    ("const", Slot::Value),
    ("multipleOf", Slot::Value),
    ("maximum", Slot::Value),
    ("exclusiveMaximum", Slot::Value),
    ("minimum", Slot::Value),
    ("exclusiveMinimum", Slot::Value),
    ("maxLength", Slot::Value),
    ("minLength", Slot::Value),
    ("pattern", Slot::Value),
    ("maxItems", Slot::Value),
    ("minItems", Slot::Value),
    ("uniqueItems", Slot::Value),
    ("maxProperties", Slot::Value),
    ("minProperties", Slot::Value),
    ("required", Slot::Value),
    ("allOf", Slot::SchemaArray),
    ("anyOf", Slot::SchemaArray),
    ("oneOf", Slot::SchemaArray),
    ("not", Slot::Schema),
    ("if", Slot::Schema),
    ("then", Slot::Schema),
    ("else", Slot::Schema),
    ("properties", Slot::SchemaMap),
    ("patternProperties", Slot::SchemaMap),
    ("additionalProperties", Slot::Schema),
    ("propertyNames", Slot::Schema),
    ("contains", Slot::Schema),
];

const DRAFT7_KEYWORDS: &[(&str, Slot)] = &[
    ("items", Slot::SchemaOrArray),
    ("additionalItems", Slot::Schema),
    ("dependencies", Slot::Dependencies),
];

const DRAFT202012_KEYWORDS: &[(&str, Slot)] = &[
    ("$defs", Slot::SchemaMap),
    ("$anchor", Slot::Value),
    ("deprecated", Slot::Value),
    ("contentSchema", Slot::Schema),
    ("items", Slot::Schema),
    ("prefixItems", Slot::SchemaArray),
    ("dependentRequired", Slot::Value),
    ("dependentSchemas", Slot::SchemaMap),
    ("minContains", Slot::Value),
    ("maxContains", Slot::Value),
    ("unevaluatedItems", Slot::Schema),
    ("unevaluatedProperties", Slot::Schema),
];

fn keywords(draft: Draft) -> impl Iterator<Item = &'static (&'static str, Slot)> {
    let own = match draft {
        Draft::Draft7 => DRAFT7_KEYWORDS,
        Draft::Draft202012 => DRAFT202012_KEYWORDS,
    };
    COMMON_KEYWORDS.iter().chain(own)
}

fn slot_of(draft: Draft, keyword: &str) -> Option<Slot> {
    keywords(draft).find(|(name, _)| *name == keyword).map(|(_, slot)| *slot)
}

/// Why a schema is not a valid, supported JSON Schema, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SchemaError {
    pointer: String,
    message: String,
}

impl SchemaError {
    pub(crate) fn at(pointer: impl Into<String>, message: impl Into<String>) -> Self {
        Self { pointer: pointer.into(), message: message.into() }
    }

    /// The JSON Pointer, inside the schema, of what is wrong (`""` for the root).
    pub fn pointer(&self) -> &str {
        &self.pointer
    }

    /// What is wrong.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for SchemaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The pointer is kept whole (it must resolve); shown, a hostile key is cut short.
        write!(f, "at {}: {}", shorten(describe_pointer(&self.pointer)), self.message)
    }
}

impl std::error::Error for SchemaError {}

/// A JSON Pointer as people read it: `/properties/path`, or `the root`.
pub(crate) fn describe_pointer(pointer: &str) -> &str {
    if pointer.is_empty() { "the root" } else { pointer }
}

/// A checked schema and its compiled validator.
pub struct CompiledSchema {
    source: Value,
    validator: Validator,
}

impl fmt::Debug for CompiledSchema {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CompiledSchema").field("source", &self.source).finish_non_exhaustive()
    }
}

impl CompiledSchema {
    /// Checks that `schema` is a valid, supported JSON Schema and compiles it.
    pub fn compile(schema: &Value) -> Result<Self, SchemaError> {
        if !matches!(schema, Value::Object(_) | Value::Bool(_)) {
            return Err(SchemaError::at("", "a schema must be an object or a boolean"));
        }
        let draft = Draft::of(schema)?;
        let mut pointer = String::new();
        check_schema(draft, schema, &mut pointer, 0)?;
        draft.meta_validate(schema).map_err(|error| {
            SchemaError::at(
                error.instance_path().as_str(),
                format!("not valid JSON Schema: {error}"),
            )
        })?;
        let validator = jsonschema::options()
            .with_draft(draft.engine())
            .build(schema)
            .map_err(|error| SchemaError::at(error.instance_path().as_str(), error.to_string()))?;
        Ok(Self { source: schema.clone(), validator })
    }

    /// The schema as it was given.
    pub fn source(&self) -> &Value {
        &self.source
    }

    /// Checks an instance, listing every violation with its path.
    pub fn validate(&self, instance: &Value) -> Result<(), Violations> {
        // The common case, a valid instance, allocates nothing.
        if self.validator.is_valid(instance) {
            return Ok(());
        }
        let violations: Vec<Violation> = self
            .validator
            .iter_errors(instance)
            .map(|error| {
                let pointer = error.instance_path().as_str();
                let mut message = shorten(&error.to_string());
                if let jsonschema::error::ValidationErrorKind::Required { property } = error.kind()
                    && let Some(meant) = property.as_str()
                    && let Some(typo) = misspelling_of(meant, instance.pointer(pointer))
                {
                    message.push_str(&format!(
                        " (is {typo:?} a misspelling? did you mean {meant:?}?)"
                    ));
                }
                if let jsonschema::error::ValidationErrorKind::AdditionalProperties { unexpected } =
                    error.kind()
                {
                    // A required property it misspells has its own violation, which says so.
                    let declared = self.optional_properties(error.schema_path().as_str());
                    for typo in unexpected {
                        let object = instance.pointer(pointer);
                        if let Some(meant) = intended_property(typo, declared.as_deref(), object) {
                            message.push_str(&format!(" (did you mean {meant:?} for {typo:?}?)"));
                        }
                    }
                }
                Violation { pointer: shorten(pointer), message }
            })
            .collect();
        if violations.is_empty() { Ok(()) } else { Err(Violations(violations)) }
    }
}

impl CompiledSchema {
    /// The `properties` beside the `additionalProperties` keyword at `keyword` (a schema path)
    /// that its `required` does not list.
    fn optional_properties(&self, keyword: &str) -> Option<Vec<&str>> {
        let parent = self.source.pointer(keyword.strip_suffix("/additionalProperties")?)?;
        let required = parent.get("required").and_then(Value::as_array);
        let required = |name: &str| required.is_some_and(|names| names.iter().any(|n| n == name));
        let properties = parent.get("properties")?.as_object()?;
        Some(properties.keys().map(String::as_str).filter(|name| !required(name)).collect())
    }
}

impl std::error::Error for Violations {}

/// The optional property that the unexpected `typo` most likely meant: one the object does not
/// already have, a short edit away (as [`misspelling_of`] measures), ignoring case.
fn intended_property(
    typo: &str,
    declared: Option<&[&str]>,
    object: Option<&Value>,
) -> Option<String> {
    let present = object.and_then(Value::as_object);
    declared?
        .iter()
        .filter(|name| !present.is_some_and(|object| object.contains_key(**name)))
        .filter_map(|name| near(typo, name).map(|distance| (distance, name)))
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, name)| shorten(name))
}

/// The edit distance between `typo` and `meant`, ignoring case, if it is at most a third of
/// `meant`'s length (and at least one edit is allowed).
fn near(typo: &str, meant: &str) -> Option<usize> {
    let allowed = (meant.chars().count() / 3).max(1);
    // Lengths further apart than the allowance cannot be within it: a hostile key is not measured.
    if typo.chars().count().abs_diff(meant.chars().count()) > allowed {
        return None;
    }
    let distance = strsim::osa_distance(&typo.to_lowercase(), &meant.to_lowercase());
    (distance <= allowed).then_some(distance)
}

/// A property of `object` that looks like a misspelling of the missing property `meant`: a
/// short edit away (at most a third of its length, and at least one edit), ignoring case.
fn misspelling_of(meant: &str, object: Option<&Value>) -> Option<String> {
    let object = object?.as_object()?;
    object
        .keys()
        .filter(|key| key.as_str() != meant)
        .filter_map(|key| near(key, meant).map(|distance| (distance, key)))
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, key)| shorten(key))
}

/// The longest violation message or pointer kept whole. The validator's messages quote the
/// offending value, which a hostile instance makes as long as it likes; past this, the middle is
/// cut, keeping the start of the value and the end of the sentence (what was wrong).
const MAX_MESSAGE_CHARS: usize = 240;

fn shorten(text: &str) -> String {
    let chars = text.chars().count();
    if chars <= MAX_MESSAGE_CHARS {
        return text.to_owned();
    }
    let (head, tail) = (MAX_MESSAGE_CHARS / 2, MAX_MESSAGE_CHARS / 3);
    let start: String = text.chars().take(head).collect();
    let end: String = text.chars().skip(chars - tail).collect();
    format!("{start}… [{} characters cut] …{end}", chars - head - tail)
}

/// One way an instance violates a schema.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The JSON Pointer, inside the instance, of the offending value (`""` for the root).
    pub pointer: String,
    /// What is wrong with it.
    pub message: String,
}

/// Every way an instance violates a schema; never empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violations(Vec<Violation>);

impl Violations {
    /// The violations, in the validator's order.
    pub fn as_slice(&self) -> &[Violation] {
        &self.0
    }
}

impl fmt::Display for Violations {
    /// `at /a: 1 is not of type "string"; at the root: "b" is a required property`, with at most
    /// 16 listed, so a hostile instance cannot produce an unbounded message.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, violation) in self.0.iter().take(MAX_LISTED_VIOLATIONS).enumerate() {
            if index > 0 {
                f.write_str("; ")?;
            }
            write!(f, "at {}: {}", describe_pointer(&violation.pointer), violation.message)?;
        }
        if self.0.len() > MAX_LISTED_VIOLATIONS {
            write!(f, "; and {} more", self.0.len() - MAX_LISTED_VIOLATIONS)?;
        }
        Ok(())
    }
}

/// Walks a schema, rejecting keywords outside the supported vocabulary.
///
/// `pointer` is the schema's own location; it is restored before returning, so one buffer
/// serves the whole walk.
fn check_schema(
    draft: Draft,
    schema: &Value,
    pointer: &mut String,
    depth: usize,
) -> Result<(), SchemaError> {
    if depth > MAX_DEPTH {
        return Err(SchemaError::at(
            pointer.clone(),
            format!("schema nested deeper than {MAX_DEPTH} levels"),
        ));
    }
    let Value::Object(object) = schema else {
        // Booleans are schemas; any other shape is left for the meta-schema to name.
        return Ok(());
    };
    for (keyword, value) in object {
        if keyword.starts_with("x-") {
            continue;
        }
        let mark = pointer.len();
        push_segment(pointer, keyword);
        let Some(slot) = slot_of(draft, keyword) else {
            return Err(unknown_keyword(draft, keyword, pointer));
        };
        check_keyword(keyword, value, depth, pointer)?;
        check_slot(draft, slot, value, pointer, depth)?;
        pointer.truncate(mark);
    }
    Ok(())
}

/// The rules on single keywords that the meta-schema does not state.
fn check_keyword(
    keyword: &str,
    value: &Value,
    depth: usize,
    pointer: &str,
) -> Result<(), SchemaError> {
    match (keyword, value) {
        ("$schema", _) if depth > 0 => {
            Err(SchemaError::at(pointer, "\"$schema\" is only supported at the root"))
        }
        ("$ref", Value::String(reference)) if !reference.starts_with('#') => Err(SchemaError::at(
            pointer,
            format!(
                "\"$ref\" {reference:?} leaves the document; only local references (\"#/…\") are supported"
            ),
        )),
        _ => Ok(()),
    }
}

fn check_slot(
    draft: Draft,
    slot: Slot,
    value: &Value,
    pointer: &mut String,
    depth: usize,
) -> Result<(), SchemaError> {
    match (slot, value) {
        (Slot::Schema, _) | (Slot::SchemaOrArray, Value::Object(_) | Value::Bool(_)) => {
            check_schema(draft, value, pointer, depth + 1)
        }
        (Slot::SchemaArray | Slot::SchemaOrArray, Value::Array(items)) => check_each(
            items.iter().enumerate().map(|(i, item)| (i.to_string(), item)),
            draft,
            pointer,
            depth,
        ),
        (Slot::SchemaMap, Value::Object(map)) => check_each(entries(map), draft, pointer, depth),
        (Slot::Dependencies, Value::Object(map)) => check_each(
            entries(map).filter(|(_, dependency)| !dependency.is_array()),
            draft,
            pointer,
            depth,
        ),
        // A value of the wrong shape is for the meta-schema to reject.
        _ => Ok(()),
    }
}

fn entries(map: &Map<String, Value>) -> impl Iterator<Item = (String, &Value)> {
    map.iter().map(|(key, value)| (key.clone(), value))
}

fn check_each<'a>(
    children: impl Iterator<Item = (String, &'a Value)>,
    draft: Draft,
    pointer: &mut String,
    depth: usize,
) -> Result<(), SchemaError> {
    for (segment, child) in children {
        let mark = pointer.len();
        push_segment(pointer, &segment);
        check_schema(draft, child, pointer, depth + 1)?;
        pointer.truncate(mark);
    }
    Ok(())
}

/// Appends one JSON Pointer segment, escaped as RFC 6901 says.
fn push_segment(pointer: &mut String, segment: &str) {
    pointer.push('/');
    for character in segment.chars() {
        match character {
            '~' => pointer.push_str("~0"),
            '/' => pointer.push_str("~1"),
            other => pointer.push(other),
        }
    }
}

fn unknown_keyword(draft: Draft, keyword: &str, pointer: &str) -> SchemaError {
    let mut message = format!("unknown keyword {:?}", shorten(keyword));
    if keyword == "nullable" {
        message.push_str(" (an OpenAPI extension; write \"type\": [\"…\", \"null\"] instead)");
    } else if let Some(meant) = closest_keyword(draft, keyword) {
        message.push_str(&format!(" (did you mean {meant:?}?)"));
    }
    SchemaError::at(pointer, message)
}

/// The supported keyword within two edits of `typo`, if one is.
fn closest_keyword(draft: Draft, typo: &str) -> Option<&'static str> {
    // Two edits change the length by at most two, so only keywords of about the typo's length
    // are measured: a hostile 60,000-character key would otherwise be compared with every
    // keyword, at the cost of its length times theirs (seconds in a debug build).
    let typo = typo.to_ascii_lowercase();
    let length = typo.chars().count();
    keywords(draft)
        .filter(|(name, _)| name.len().abs_diff(length) <= 2)
        .map(|(name, _)| (strsim::osa_distance(&typo, &name.to_ascii_lowercase()), *name))
        .filter(|(distance, _)| *distance <= 2)
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, name)| name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn rejection(schema: Value) -> SchemaError {
        CompiledSchema::compile(&schema).expect_err("schema should be rejected")
    }

    #[test]
    fn r_pipe_6_a_violation_never_echoes_a_huge_value_back() {
        let schema = CompiledSchema::compile(&json!({
            "type": "object",
            "properties": { "glob": { "type": "string", "maxLength": 5 } }
        }))
        .unwrap();
        let huge = "*".repeat(100_000);
        let message = schema.validate(&json!({ "glob": huge })).unwrap_err().to_string();
        assert!(message.len() < 400, "{} bytes", message.len());
        assert!(message.starts_with("at /glob: \"*****"), "{message}");
        assert!(message.ends_with("is longer than 5 characters"), "{message}");
    }

    #[test]
    fn r_def_3_a_typo_keyword_is_rejected_with_its_path_and_a_suggestion() {
        let error = rejection(json!({
            "type": "object",
            "properties": { "path": { "tpye": "string" } }
        }));
        assert_eq!(error.pointer(), "/properties/path/tpye");
        assert_eq!(
            error.to_string(),
            "at /properties/path/tpye: unknown keyword \"tpye\" (did you mean \"type\"?)"
        );
    }

    /// Found by `tools/tests/generated_inputs.rs` (issue 17): an unknown key of 60,000
    /// characters took 2.6 s to refuse (measured against every keyword) and was echoed whole.
    #[test]
    fn r_def_3_a_huge_unknown_keyword_is_refused_at_once_and_shown_cut() {
        let key = "a = [".repeat(12_000);
        let started = std::time::Instant::now();
        let error = rejection(json!({ "type": "object", key.clone(): 1 }));
        assert!(
            started.elapsed() < std::time::Duration::from_millis(200),
            "{:?}",
            started.elapsed()
        );
        assert_eq!(error.pointer(), format!("/{key}"), "the pointer stays whole");
        let shown = error.to_string();
        assert!(shown.len() < 1_000, "{} bytes", shown.len());
        assert!(shown.contains("characters cut"), "{shown}");
    }

    #[test]
    fn r_def_3_property_names_are_not_mistaken_for_keywords() {
        let schema = json!({
            "type": "object",
            "properties": { "tpye": { "type": "string" }, "a/b": { "type": "integer" } },
            "required": ["tpye"]
        });
        assert!(CompiledSchema::compile(&schema).is_ok());
    }

    #[test]
    fn r_def_3_keywords_of_the_other_draft_are_rejected() {
        let error = rejection(json!({
            "$schema": "http://json-schema.org/draft-07/schema#",
            "type": "array",
            "prefixItems": [{ "type": "string" }]
        }));
        assert_eq!(error.to_string(), "at /prefixItems: unknown keyword \"prefixItems\"");
        let error = rejection(json!({ "type": "object", "dependencies": {} }));
        assert_eq!(error.pointer(), "/dependencies");
    }

    #[test]
    fn r_def_3_nullable_gets_a_hint() {
        let error = rejection(json!({ "type": "string", "nullable": true }));
        assert_eq!(
            error.to_string(),
            "at /nullable: unknown keyword \"nullable\" (an OpenAPI extension; write \"type\": [\"…\", \"null\"] instead)"
        );
    }

    #[test]
    fn r_def_3_unsupported_drafts_are_rejected() {
        let error = rejection(json!({ "$schema": "http://json-schema.org/draft-04/schema#" }));
        assert_eq!(
            error.to_string(),
            "at /$schema: unsupported draft \"http://json-schema.org/draft-04/schema#\": ordo supports draft-07 and draft 2020-12"
        );
    }

    #[test]
    fn r_def_3_remote_refs_are_rejected() {
        let error = rejection(json!({
            "type": "object",
            "properties": { "a": { "$ref": "https://example.com/a.json" } }
        }));
        assert_eq!(error.pointer(), "/properties/a/$ref");
        assert!(error.message().contains("only local references"), "{error}");
    }

    #[test]
    fn r_def_3_meta_schema_violations_name_their_path() {
        let error =
            rejection(json!({ "type": "object", "properties": { "n": { "minLength": -1 } } }));
        assert_eq!(error.pointer(), "/properties/n/minLength");
        assert!(error.message().starts_with("not valid JSON Schema: "), "{error}");

        let error = rejection(json!({ "type": "strnig" }));
        assert_eq!(error.pointer(), "/type");

        let error = rejection(json!({ "type": "object", "required": "path" }));
        assert_eq!(error.pointer(), "/required");
    }

    #[test]
    fn r_def_3_invalid_regex_and_dangling_refs_are_rejected() {
        let error = rejection(json!({ "type": "string", "pattern": "(" }));
        assert!(
            error.to_string().contains("pattern") || error.pointer().contains("pattern"),
            "{error}"
        );
        let error = rejection(json!({ "$ref": "#/$defs/missing" }));
        assert!(error.to_string().contains("missing"), "{error}");
    }

    #[test]
    fn r_def_3_a_schema_must_be_an_object_or_boolean() {
        assert_eq!(
            rejection(json!("string")).to_string(),
            "at the root: a schema must be an object or a boolean"
        );
        assert!(CompiledSchema::compile(&json!(true)).is_ok());
    }

    #[test]
    fn r_def_3_deep_schemas_are_rejected_not_overflowed() {
        let mut schema = json!({ "type": "string" });
        for _ in 0..200 {
            schema = json!({ "not": schema });
        }
        let error = rejection(schema);
        assert!(error.message().contains("deeper than 128"), "{error}");
    }

    #[test]
    fn realistic_schemas_compile() {
        // The shape of a public MCP filesystem server's schema (draft-07, zod-to-json-schema).
        let mcp = json!({
            "$schema": "http://json-schema.org/draft-07/schema#",
            "type": "object",
            "properties": {
                "path": { "type": "string" },
                "edits": { "type": "array", "items": {
                    "type": "object",
                    "properties": { "oldText": { "type": "string" }, "newText": { "type": "string" } },
                    "required": ["oldText", "newText"],
                    "additionalProperties": false
                }},
                "dryRun": { "type": "boolean", "default": false }
            },
            "required": ["path", "edits"],
            "additionalProperties": false
        });
        assert!(CompiledSchema::compile(&mcp).is_ok());
        let with_defs = json!({
            "type": "object",
            "x-origin": "vendor extensions are ignored",
            "properties": { "node": { "$ref": "#/$defs/node" } },
            "$defs": { "node": { "type": "object", "properties": {
                "children": { "type": "array", "items": { "$ref": "#/$defs/node" } }
            }}}
        });
        assert!(CompiledSchema::compile(&with_defs).is_ok());
    }

    #[test]
    fn r_pipe_6_a_missing_property_names_its_likely_misspelling() {
        let schema = CompiledSchema::compile(&json!({
            "type": "object",
            "properties": {
                "path": { "type": "string" },
                "edits": { "type": "array", "items": {
                    "type": "object", "required": ["oldText"]
                }}
            },
            "required": ["path"]
        }))
        .unwrap();
        let text = schema
            .validate(&json!({ "Pth": "a", "edits": [{ "old_text": "x" }] }))
            .unwrap_err()
            .to_string();
        assert_eq!(
            text,
            "at the root: \"path\" is a required property (is \"Pth\" a misspelling? did you \
             mean \"path\"?); at /edits/0: \"oldText\" is a required property (is \"old_text\" a \
             misspelling? did you mean \"oldText\"?)"
        );
        let far = schema.validate(&json!({ "destination": "a" })).unwrap_err().to_string();
        assert_eq!(far, "at the root: \"path\" is a required property");
    }

    #[test]
    fn r_pipe_6_an_unexpected_property_names_the_optional_one_it_misspells() {
        let schema = CompiledSchema::compile(&json!({
            "type": "object",
            "properties": {
                "path": { "type": "string" },
                "limit": { "type": "integer" },
                "offset": { "type": "integer" },
                "options": { "type": "object", "properties": { "depth": {} },
                             "additionalProperties": false }
            },
            "required": ["path"],
            "additionalProperties": false
        }))
        .unwrap();
        let text = schema
            .validate(&json!({ "path": "a", "limt": 5, "options": { "dpeth": 1 } }))
            .unwrap_err()
            .to_string();
        assert!(text.contains("(did you mean \"limit\" for \"limt\"?)"), "{text}");
        assert!(text.contains("(did you mean \"depth\" for \"dpeth\"?)"), "{text}");
        // A property already given is not suggested again, and a far one gets no guess.
        let given = schema
            .validate(&json!({ "path": "a", "limit": 1, "limt": 5, "colour": 1 }))
            .unwrap_err()
            .to_string();
        assert!(!given.contains("did you mean"), "{given}");
    }

    #[test]
    fn r_pipe_6_violations_name_each_path() {
        let schema = CompiledSchema::compile(&json!({
            "type": "object",
            "properties": { "path": { "type": "string" }, "limit": { "type": "integer", "minimum": 1 } },
            "required": ["path"]
        }))
        .unwrap();
        assert!(schema.validate(&json!({ "path": "a" })).is_ok());
        let violations = schema.validate(&json!({ "limit": 0 })).unwrap_err();
        let text = violations.to_string();
        assert!(text.contains("at the root: \"path\" is a required property"), "{text}");
        assert!(text.contains("at /limit: 0 is less than the minimum of 1"), "{text}");
        assert_eq!(violations.as_slice().len(), 2);
    }

    #[test]
    fn violation_messages_are_bounded() {
        let schema =
            CompiledSchema::compile(&json!({ "type": "array", "items": { "type": "string" } }))
                .unwrap();
        let instance = Value::Array((0..100).map(Value::from).collect());
        let text = schema.validate(&instance).unwrap_err().to_string();
        assert!(text.ends_with("; and 84 more"), "{text}");
    }
}
