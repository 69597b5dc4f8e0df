//! Names in the declarations' global scope: tool types, aliases, property and method names.

use std::collections::HashSet;

use serde_json::Value;

use super::ty::json_text;

/// Global type names of the ECMAScript library (and TypeScript's utility types) that a generated
/// name must not take, separated by whitespace.
const LIBRARY_NAMES: &str = "\
    AggregateError Array ArrayBuffer ArrayLike AsyncGenerator AsyncIterable \
    AsyncIterableIterator AsyncIterator Atomics Awaited BigInt BigInt64Array BigUint64Array \
    Boolean Capitalize ConstructorParameters DataView Date Error EvalError Exclude Extract \
    FinalizationRegistry Float32Array Float64Array Function Generator InstanceType Int16Array \
    Int32Array Int8Array Intl Iterable IterableIterator Iterator JSON Lowercase Map Math \
    NoInfer NonNullable Number Object Omit OmitThisParameter Parameters Partial Pick Promise \
    PromiseLike PropertyDescriptor PropertyKey Proxy RangeError Readonly ReadonlyArray \
    ReadonlyMap ReadonlySet Record ReferenceError Reflect RegExp Required ReturnType Set \
    SharedArrayBuffer String Symbol SyntaxError TemplateStringsArray ThisParameterType ThisType \
    TypeError URIError Uint16Array Uint32Array Uint8Array Uint8ClampedArray Uncapitalize \
    Uppercase WeakMap WeakRef WeakSet";

/// The name an alias is derived from: the last segment of its pointer that names something (a
/// definition or a property), so `/$defs/Node` gives `Node` and `/properties/tags/items` `tags`.
pub(super) fn alias_key(pointer: &str) -> String {
    let segments: Vec<String> =
        pointer.split('/').map(|segment| segment.replace("~1", "/").replace("~0", "~")).collect();
    let containers =
        ["$defs", "definitions", "properties", "patternProperties", "dependentSchemas"];
    segments
        .windows(2)
        .rev()
        .find(|pair| containers.contains(&pair[0].as_str()))
        .map(|pair| pair[1].clone())
        .unwrap_or_default()
}

/// The names taken in the declarations' global scope.
pub(super) struct Names {
    taken: HashSet<String>,
}

impl Default for Names {
    fn default() -> Self {
        Self { taken: LIBRARY_NAMES.split_whitespace().map(str::to_owned).collect() }
    }
}

impl Names {
    /// Claims `<Base>Args` and `<Base>Result` for a tool and returns `<Base>`.
    pub(super) fn claim_tool(&mut self, tool: &str) -> String {
        let base = pascal_case(tool).unwrap_or_else(|| "Tool".to_owned());
        let free = |candidate: &String, taken: &HashSet<String>| {
            ["Args", "Result"].iter().all(|suffix| !taken.contains(&format!("{candidate}{suffix}")))
        };
        let chosen = numbered(&base).find(|candidate| free(candidate, &self.taken));
        let chosen = chosen.unwrap_or_else(|| base.clone());
        for suffix in ["Args", "Result"] {
            self.taken.insert(format!("{chosen}{suffix}"));
        }
        chosen
    }

    /// Claims a name for an alias: its own, else qualified by the tool's, else numbered.
    pub(super) fn claim_alias(&mut self, key: &str, tool: &str) -> String {
        let base = pascal_case(key).unwrap_or_else(|| "Definition".to_owned());
        let qualified = format!("{tool}{base}");
        let mut candidates = std::iter::once(base.clone())
            .chain((!tool.is_empty()).then_some(qualified))
            .chain(numbered(&base).skip(1));
        let chosen = candidates.find(|candidate| !self.taken.contains(candidate));
        let chosen = chosen.unwrap_or_else(|| base.clone());
        self.taken.insert(chosen.clone());
        chosen
    }
}

/// `base`, `base2`, `base3`, …
fn numbered(base: &str) -> impl Iterator<Item = String> + '_ {
    std::iter::once(base.to_owned()).chain((2_u64..).map(move |n| format!("{base}{n}")))
}

/// `read_file` → `ReadFile`, `content-type` → `ContentType`, `2fa` → `_2fa`; `None` when
/// nothing alphanumeric is left. ASCII only, so the result is always an identifier.
fn pascal_case(raw: &str) -> Option<String> {
    let mut out = String::new();
    for segment in raw.split(|c: char| !c.is_ascii_alphanumeric()) {
        let mut chars = segment.chars();
        if let Some(first) = chars.next() {
            out.push(first.to_ascii_uppercase());
            out.push_str(chars.as_str());
        }
    }
    match out.chars().next() {
        None => None,
        Some(first) if first.is_ascii_digit() => Some(format!("_{out}")),
        Some(_) => Some(out),
    }
}

/// Whether `name` can be written unquoted as a property name (ASCII identifiers only; reserved
/// words are fine as property names).
fn is_identifier(name: &str) -> bool {
    let mut bytes = name.bytes();
    bytes.next().is_some_and(|b| b.is_ascii_alphabetic() || b == b'_' || b == b'$')
        && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'$')
}

pub(super) fn property_name(name: &str) -> String {
    if is_identifier(name) { name.to_owned() } else { json_text(&Value::String(name.to_owned())) }
}

/// A tool's method name; `new` is quoted because `new(…)` in a type literal is a construct
/// signature, not a method.
pub(super) fn method_name(name: &str) -> String {
    if name == "new" { json_text(&Value::String(name.to_owned())) } else { property_name(name) }
}
