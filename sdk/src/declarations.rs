//! The TypeScript declarations of the `tools` SDK that `run_code`'s description shows the model
//! (R-CODE-5).
//!
//! The `ToolError` interface and the script's other globals (`args`, `input`:
//! [`SCRIPT_GLOBALS`]), then one `declare const tools` with a method per tool (its description
//! as JSDoc), then per tool an `…Args` and a `…Result` type generated from its parameters and
//! output schemas, then a named alias for each local `$ref` target:
//!
//! ```ts
//! declare const tools: {
//!   /** Reads a file. */
//!   read_file(args: ReadFileArgs, options?: CallOptions): Promise<ReadFileResult>;
//! };
//!
//! interface ReadFileArgs {
//!   path: string;
//! }
//!
//! type ReadFileResult = string;
//! ```
//!
//! The model reads this text; nothing type-checks a script against it (scripts are only stripped
//! of their types). So the rendering aims to be faithful where JSON Schema and TypeScript agree,
//! compact, deterministic (tools in registry order, properties in schema order), and valid
//! TypeScript for any input: what it cannot express becomes `unknown`, never a panic.
//!
//! | JSON Schema | TypeScript |
//! | --- | --- |
//! | `true`, `{}`, unsupported or unknown keywords | `unknown` |
//! | `false` | `never` |
//! | `"type"`: `string`, `number`/`integer`, `boolean`, `null` | `string`, `number`, `boolean`, `null` |
//! | a type array (`["string", "null"]`) | a union (`string \| null`) |
//! | `const`, `enum` | literal types; `enum` values outside the declared `type` are dropped |
//! | `properties` + `required` | members, optional (`?:`) unless required; names that are not identifiers quoted |
//! | `additionalProperties` / `patternProperties` | nothing if `false` or absent; `[key: string]: unknown` if `true`; otherwise an intersection with `{ [key: string]: T }` (T the union of their types) |
//! | an object with no members | `Record<string, unknown>`, or `Record<string, never>` if closed |
//! | `items` | `T[]` |
//! | `prefixItems` (2020-12), `items: [..]` (draft-07) | a tuple; elements past `minItems` optional; `...R[]` for `items`/`additionalItems` unless `false` or `maxItems` closes it |
//! | `anyOf`, `oneOf` / `allOf`, keywords beside `$ref` | a union / an intersection |
//! | `$ref` to `#/…` | a named alias, declared once; `#` names the root type |
//! | `description`, `default`, `format`, bounds, `pattern`, `deprecated`; the descriptions of a union's literals | JSDoc on the property, alias or tool |
//!
//! Decisions worth knowing, with their reasons:
//!
//! - A typed index signature sits beside the properties as an intersection
//!   (`{ a: string } & { [key: string]: number }`): in one literal TypeScript would require every
//!   property to fit the index type, which JSON Schema does not.
//! - A schema-valued map is `{ [key: string]: T }`, never `Record<string, T>`: a type alias may
//!   refer to itself through an object literal but not through `Record` (`type Json = … |
//!   Record<string, Json>` is circular to `tsc`).
//! - Every `$ref` becomes a name, never an inline copy, so the output is linear in the schema and
//!   a recursive definition simply mentions its own name. An alias whose own top level (through
//!   `$ref`, `anyOf`, `oneOf`, `allOf`) leads back to itself would be circular
//!   (`type A = A | null`), so such a reference is `unknown`.
//! - A definition several tools share (one Rust type behind several tools) is declared once: two
//!   references share an alias when they point at the same pointer and everything reachable from
//!   it is equal.
//! - Type names are the PascalCase of the tool name plus `Args`/`Result` (`read_file` →
//!   `ReadFileArgs`), and of the last name in a `$ref`'s pointer; a taken name is qualified with
//!   the tool's name, then numbered. Names of the ECMAScript library (`Record`, `Error`, `Date`, …)
//!   count as taken: these declarations share the script's global scope, where an `interface
//!   Error` would merge into the built-in one.
//! - `args` is optional (`args?:`) when the parameters are a plain object with nothing required:
//!   the SDK passes `{}` for missing arguments.
//! - `required` names with no matching property, `not`, `if`/`then`/`else`, `propertyNames`,
//!   `dependentSchemas`, `contains` and `$ref`s to anchors or to other documents add nothing to
//!   the type.

mod jsdoc;
mod names;
mod references;
mod ty;

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::Arc;

use ordo_tools::{Concurrency, RUN_CODE, Tool, ToolName};
use serde_json::{Map, Value};

use jsdoc::{doc_lines, text_lines, write_doc};
use names::{Names, alias_key, method_name, property_name};
use references::{AliasKey, Interners, ReferenceGraph, local_pointer, top_level_references};
use ty::{Prec, Ty, literal};

/// Schemas nested deeper than this render as `unknown`: the renderer recurses once per level,
/// and registered schemas are already bounded (128 levels) but [`schema_to_type`] takes any value.
const MAX_DEPTH: usize = 64;

/// The schema that allows anything.
static UNKNOWN_SCHEMA: Value = Value::Bool(true);

/// One level of indentation.
const INDENT: &str = "  ";

/// The JSDoc of `tools` itself.
const HEADER: &str =
    "/** The tools this script can call; each resolves to the tool's structured result. */\n";

/// The globals a script has besides `tools`, which `ordo run` fills from its command line
/// (DESIGN.md R-CLI-1a); a `run_code` call a model makes gets them empty.
pub const SCRIPT_GLOBALS: &str = "\
/**
 * The words after `--` on the command line that ran this script (`ordo run SCRIPT -- ARGS…`),
 * frozen. Empty when a model's tool call runs the script.
 */
declare const args: readonly string[];

/**
 * The JSON value `ordo run --input JSON` (or `--input @FILE`) gave this script, parsed.
 * `undefined` without `--input`, and when a model's tool call runs the script.
 */
declare const input: unknown;

";

/// Keywords that make a schema without `type` an object schema.
const OBJECT_KEYWORDS: &[&str] = &["properties", "additionalProperties", "patternProperties"];

/// Keywords that make a schema without `type` an array schema.
const ARRAY_KEYWORDS: &[&str] = &["items", "prefixItems"];

/// Keywords whose presence means a schema is more than a plain object.
const COMBINING_KEYWORDS: &[&str] = &["$ref", "allOf", "anyOf", "oneOf", "const", "enum"];

/// What code mode declares of one tool.
#[derive(Clone, Debug)]
pub struct ToolSignature<'a> {
    /// Its name: `tools.<name>`, or `tools.<namespace>.<member>` for a namespace's member.
    pub name: ToolName,
    /// What the model reads about it; the method's JSDoc.
    pub description: &'a str,
    /// The JSON Schema of its arguments.
    pub parameters: &'a Value,
    /// The JSON Schema of its output value.
    pub output: &'a Value,
    /// The names its failures may carry (a `ToolError`'s `name`), as the tool declares them.
    pub error_names: &'a [&'static str],
    /// Whether its calls run concurrently or alone, and why; `None` says nothing of it.
    pub concurrency: Option<(Concurrency, &'a str)>,
}

impl<'a> ToolSignature<'a> {
    /// The signature of a registered tool.
    pub fn of(tool: &'a Tool) -> Self {
        Self {
            name: tool.tool_name().clone(),
            description: tool.definition().description(),
            parameters: tool.parameters_schema().source(),
            output: tool.output_schema().source(),
            error_names: tool.definition().error_names(),
            concurrency: Some((
                tool.definition().concurrency(),
                tool.definition().concurrency_reason(),
            )),
        }
    }
}

/// The declarations of the `tools` SDK for these registered tools, in their order; `run_code`
/// is skipped (a script cannot call it). Ends with a newline.
pub fn declarations(tools: &[Arc<Tool>]) -> String {
    declarations_for(tools.iter().map(|tool| ToolSignature::of(tool)))
}

/// [`declarations`] for tools described by their signatures, registered or not; any schema
/// values are accepted (what is not a supported schema renders as `unknown`).
pub fn declarations_for<'a>(tools: impl IntoIterator<Item = ToolSignature<'a>>) -> String {
    declarations_with(tools, "")
}

/// [`declarations_for`] with `members` (TypeScript member lines) written into `tools` after
/// the methods: a large catalog's helpers and its listing by namespace.
pub(crate) fn declarations_with<'a>(
    tools: impl IntoIterator<Item = ToolSignature<'a>>,
    members: &str,
) -> String {
    let mut out = tool_error();
    out.push_str(SCRIPT_GLOBALS);
    write_tools(&mut out, tools, members);
    out
}

/// [`declarations_for`] without [`SCRIPT_GLOBALS`]: what `tools.$describe` answers about a
/// tool, to a script that has the globals already.
pub(crate) fn tool_declarations_for<'a>(
    tools: impl IntoIterator<Item = ToolSignature<'a>>,
) -> String {
    let mut out = tool_error();
    write_tools(&mut out, tools, "");
    out
}

/// `tools` (its methods, then `members`) and the types of its methods' arguments and results.
fn write_tools<'a>(
    out: &mut String,
    tools: impl IntoIterator<Item = ToolSignature<'a>>,
    members: &str,
) {
    let tools: Vec<ToolSignature<'a>> =
        tools.into_iter().filter(|tool| tool.name.as_str() != RUN_CODE).collect();
    let mut shared = Shared::default();
    // Tools claim their names before any alias does, so a tool's type names do not depend on
    // the definitions of the tools before it.
    let bases: Vec<String> =
        tools.iter().map(|tool| shared.names.claim_tool(tool.name.as_str())).collect();

    out.push_str(HEADER);
    out.push_str("declare const tools: {\n");
    let mut written = vec![false; tools.len()];
    for index in 0..tools.len() {
        if written[index] {
            continue;
        }
        let Some(space) = tools[index].name.namespace() else {
            write_method(out, &tools[index], tools[index].name.member(), &bases[index], 1);
            written[index] = true;
            continue;
        };
        // A namespace (`server__tool` → `tools.server.tool`), with all its tools, where its
        // first tool is.
        out.push_str(&format!("{INDENT}{}: {{\n", method_name(space)));
        for member in index..tools.len() {
            let name = &tools[member].name;
            if name.namespace() == Some(space) {
                write_method(out, &tools[member], name.member(), &bases[member], 2);
                written[member] = true;
            }
        }
        out.push_str(&format!("{INDENT}}};\n"));
    }
    out.push_str(members);
    out.push_str("};\n");

    for (tool, base) in tools.iter().zip(&bases) {
        let mut documents = [
            Document::new(tool.parameters, format!("{base}Args"), base),
            Document::new(tool.output, format!("{base}Result"), base),
        ];
        for document in &mut documents {
            let root = document.root;
            let name = document.name.clone();
            Renderer::new(&mut shared, document).declare(out, &name, root, "");
        }
        for document in &mut documents {
            Renderer::new(&mut shared, document).declare_pending(out);
        }
    }
}

/// One method of `tools` (or of a namespace in it), with its JSDoc, at `depth`.
fn write_method(out: &mut String, tool: &ToolSignature<'_>, name: &str, base: &str, depth: usize) {
    let mut doc = text_lines(tool.description);
    if let Some((mode, reason)) = tool.concurrency {
        doc.push(mode.sentence(reason));
    }
    if !tool.error_names.is_empty() {
        let names: Vec<String> =
            tool.error_names.iter().map(|name| format!("\"{name}\"")).collect();
        doc.push(format!("@throws {{ToolError}} name: {}", names.join(" | ")));
    }
    write_doc(out, &doc, depth);
    let optional = if may_omit_arguments(tool.parameters) { "?" } else { "" };
    let indent = INDENT.repeat(depth);
    out.push_str(&format!(
        "{indent}{}(args{optional}: {base}Args, options?: CallOptions): Promise<{base}Result>;\n",
        method_name(name)
    ));
}

/// The `ToolError` interface: what every failed call rejects with, its `code` the union of the
/// pipeline's codes.
fn tool_error() -> String {
    use ordo_tools::ErrorCode;
    // `PAUSED` and `REPLAY_DIVERGED` end a run itself: no call of a script ever rejects with them.
    let codes: Vec<String> = ErrorCode::ALL
        .iter()
        .filter(|code| !matches!(code, ErrorCode::Paused | ErrorCode::ReplayDiverged))
        .map(|code| format!("\"{}\"", code.as_str()))
        .collect();
    format!(
        "/**\n * What a failed `tools.<name>(…)` call rejects with. Branch on `name` for what went wrong\n \
         * (each tool's `@throws` lists its names, such as \"NotFound\"), or on `code` for which stage\n \
         * stopped the call (\"DENIED\" by a root or policy, \"TIMEOUT\", \"TOOL_ERROR\" when the tool\n \
         * itself failed).\n */\ninterface ToolError extends Error {{\n{INDENT}name: string;\n\
         {INDENT}code: {};\n{INDENT}tool: string;\n{INDENT}message: string;\n}}\n\n{CALL_OPTIONS}",
        codes.join(" | ")
    )
}

/// What every call takes after its arguments (R-CODE-11).
const CALL_OPTIONS: &str = "\
/** What every `tools.<name>(args, options)` call takes after its arguments. */
interface CallOptions {
  /**
   * This call's own deadline, in milliseconds from when the script makes it. Past it the call
   * rejects with a ToolError of code \"TIMEOUT\" (name \"ToolTimeoutError\") and is cancelled;
   * catch it and the script goes on. The run's own time limit still holds.
   */
  timeout?: number;
}

";

/// The TypeScript type expression of one schema (`{ a?: string }`, `"x" | "y" | null`), on its
/// own: a local `$ref` appears as the name of the alias [`declarations`] would declare for it
/// (without that declaration), and a reference to the whole schema (`#`) as `unknown`.
pub fn schema_to_type(schema: &Value) -> String {
    let mut shared = Shared::default();
    let mut document = Document::new(schema, "unknown".to_owned(), "");
    Renderer::new(&mut shared, &mut document).ty(schema, At::TOP).text
}

/// Whether a script may leave out the arguments: the SDK passes `{}` for them, so this holds
/// when `{}` plainly fits the parameters schema.
fn may_omit_arguments(parameters: &Value) -> bool {
    match parameters {
        Value::Object(object) => {
            is_plain_object(object)
                && object.get("required").and_then(Value::as_array).is_none_or(Vec::is_empty)
                && !object.contains_key("minProperties")
        }
        other => *other == Value::Bool(true),
    }
}

/// What all documents share: the names taken, and the aliases by what they stand for.
#[derive(Default)]
struct Shared {
    names: Names,
    /// Alias names by what they stand for, so an alias several documents need is declared once.
    aliases: HashMap<AliasKey, String>,
    interners: Interners,
}

/// One schema document being declared (a tool's parameters or its output): `$ref`s resolve
/// inside it.
struct Document<'v> {
    root: &'v Value,
    /// The root's type name (`ReadFileArgs`), which `#` refers to.
    name: String,
    /// The tool's PascalCase name, to qualify an alias name that is taken.
    tool: String,
    /// Alias names by the (decoded) JSON Pointer they stand for.
    aliases: HashMap<String, String>,
    /// Aliases named but not declared yet, in the order they were first referenced.
    pending: VecDeque<(String, String)>,
    references: ReferenceGraph,
}

impl<'v> Document<'v> {
    fn new(root: &'v Value, name: String, tool: &str) -> Self {
        let tool = tool.to_owned();
        let (aliases, pending, references) = Default::default();
        Self { root, name, tool, aliases, pending, references }
    }
}

/// Where in a declaration a schema is rendered.
#[derive(Clone, Copy)]
struct At {
    depth: usize,
    /// The indentation of the line the type starts on; members go one deeper.
    indent: usize,
    /// Whether this is still the declaration's top level: not inside an object literal, an
    /// array or a tuple, where a reference back to the declaration itself would be circular.
    top: bool,
}

impl At {
    const TOP: Self = Self { depth: 0, indent: 0, top: true };

    /// A subschema of a combinator: same place, one level deeper.
    fn deeper(self) -> Self {
        Self { depth: self.depth + 1, ..self }
    }

    /// An element type of an array or a tuple.
    fn element(self) -> Self {
        Self { depth: self.depth + 1, top: false, ..self }
    }

    /// The type of a member of an object literal.
    fn member(self) -> Self {
        Self { depth: self.depth + 1, indent: self.indent + 1, top: false }
    }
}

/// Renders the schemas of one document.
struct Renderer<'r, 'v> {
    shared: &'r mut Shared,
    document: &'r mut Document<'v>,
    /// The pointer of the declaration being rendered (`""` for the root).
    current: String,
}

impl<'r, 'v> Renderer<'r, 'v> {
    fn new(shared: &'r mut Shared, document: &'r mut Document<'v>) -> Self {
        Self { shared, document, current: String::new() }
    }

    /// Declares the aliases this document's references have named, including those named while
    /// declaring them.
    fn declare_pending(&mut self, out: &mut String) {
        while let Some((pointer, name)) = self.document.pending.pop_front() {
            // The pointer resolved when the alias was named; `true` only guards the impossible.
            let schema = self.document.root.pointer(&pointer).unwrap_or(&UNKNOWN_SCHEMA);
            self.declare(out, &name, schema, &pointer);
        }
    }

    /// Declares `name` as the type of `schema` (found at `pointer`): an interface when the schema
    /// is a plain object with members, a type alias otherwise.
    fn declare(&mut self, out: &mut String, name: &str, schema: &'v Value, pointer: &str) {
        pointer.clone_into(&mut self.current);
        out.push('\n');
        write_doc(out, &doc_lines(schema), 0);
        let ty = match schema {
            Value::Object(object) if is_plain_object(object) => {
                match self.object(object, At::TOP) {
                    Shape::Members(members) => {
                        out.push_str(&format!("interface {name} {{\n{members}}}\n"));
                        return;
                    }
                    Shape::Type(ty) => ty,
                }
            }
            _ => self.ty(schema, At::TOP),
        };
        out.push_str(&format!("type {name} = {};\n", ty.text));
    }

    /// The type of any schema value.
    fn ty(&mut self, schema: &'v Value, at: At) -> Ty {
        let object = match schema {
            Value::Bool(false) => return Ty::never(),
            Value::Object(object) if at.depth <= MAX_DEPTH => object,
            _ => return Ty::unknown(),
        };
        let mut parts: Vec<Ty> = self.own_type(object, at).into_iter().collect();
        if let Some(reference) = object.get("$ref").and_then(Value::as_str) {
            parts.push(self.reference(reference, at));
        }
        for subschema in subschemas(object, "allOf") {
            parts.push(self.ty(subschema, at.deeper()));
        }
        for keyword in ["anyOf", "oneOf"] {
            if let Some(Value::Array(alternatives)) = object.get(keyword) {
                let members = alternatives.iter().map(|schema| self.ty(schema, at.deeper()));
                parts.push(Ty::union(members.collect()));
            }
        }
        Ty::intersection(parts)
    }

    /// The type the schema's own `const`, `enum` or `type` (stated or implied) gives, if any.
    fn own_type(&mut self, object: &'v Map<String, Value>, at: At) -> Option<Ty> {
        if let Some(value) = object.get("const") {
            return Some(literal(value));
        }
        if let Some(Value::Array(values)) = object.get("enum") {
            let declared = declared_types(object);
            let fits =
                |value: &&Value| declared.iter().all(|types| types.iter().any(|t| is_a(value, t)));
            return Some(Ty::union(values.iter().filter(fits).map(literal).collect()));
        }
        match object.get("type") {
            Some(Value::String(name)) => Some(self.of_type(name, object, at)),
            Some(Value::Array(names)) => {
                let members = names.iter().map(|name| match name.as_str() {
                    Some(name) => self.of_type(name, object, at),
                    None => Ty::unknown(),
                });
                Some(Ty::union(members.collect()))
            }
            Some(_) => Some(Ty::unknown()),
            None if has_any(object, OBJECT_KEYWORDS) => Some(self.object_type(object, at)),
            None if has_any(object, ARRAY_KEYWORDS) => Some(self.array(object, at)),
            None => None,
        }
    }

    fn of_type(&mut self, name: &str, object: &'v Map<String, Value>, at: At) -> Ty {
        match name {
            "string" | "number" | "boolean" | "null" => Ty::primary(name),
            "integer" => Ty::primary("number"),
            "object" => self.object_type(object, at),
            "array" => self.array(object, at),
            _ => Ty::unknown(),
        }
    }

    fn object_type(&mut self, object: &'v Map<String, Value>, at: At) -> Ty {
        match self.object(object, at) {
            Shape::Members(members) => {
                Ty::primary(format!("{{\n{members}{}}}", INDENT.repeat(at.indent)))
            }
            Shape::Type(ty) => ty,
        }
    }

    /// An object schema: its members, or a type when it is not just members.
    fn object(&mut self, object: &'v Map<String, Value>, at: At) -> Shape {
        let member = at.member();
        let pad = INDENT.repeat(member.indent);
        let required: HashSet<&str> = object
            .get("required")
            .and_then(Value::as_array)
            .map(|names| names.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let mut members = String::new();
        if let Some(Value::Object(properties)) = object.get("properties") {
            for (name, schema) in properties {
                write_doc(&mut members, &doc_lines(schema), member.indent);
                let optional = if required.contains(name.as_str()) { "" } else { "?" };
                let ty = self.ty(schema, member);
                members.push_str(&format!(
                    "{pad}{}{optional}: {};\n",
                    property_name(name),
                    ty.text
                ));
            }
        }

        let mut index = Vec::new();
        if let Some(Value::Object(patterns)) = object.get("patternProperties") {
            index.extend(patterns.values().map(|schema| self.ty(schema, member)));
        }
        let additional = object.get("additionalProperties");
        if let Some(schema) = additional.filter(|schema| **schema != Value::Bool(false)) {
            index.push(self.ty(schema, member));
        }

        if index.is_empty() && members.is_empty() {
            let closed = additional == Some(&Value::Bool(false));
            return Shape::Type(Ty::primary(if closed {
                "Record<string, never>"
            } else {
                "Record<string, unknown>"
            }));
        }
        if index.is_empty() {
            return Shape::Members(members);
        }
        let value = Ty::union(index);
        if value.is_unknown() {
            if members.is_empty() {
                return Shape::Type(Ty::primary("Record<string, unknown>"));
            }
            members.push_str(&format!("{pad}[key: string]: unknown;\n"));
            return Shape::Members(members);
        }
        let map = if value.text.contains('\n') {
            let closing = INDENT.repeat(at.indent);
            format!("{{\n{pad}[key: string]: {};\n{closing}}}", value.text)
        } else {
            format!("{{ [key: string]: {} }}", value.text)
        };
        if members.is_empty() {
            return Shape::Type(Ty::primary(map));
        }
        let literal = format!("{{\n{members}{}}}", INDENT.repeat(at.indent));
        Shape::Type(Ty::intersection(vec![Ty::primary(literal), Ty::primary(map)]))
    }

    /// An array schema: `T[]`, or a tuple.
    fn array(&mut self, object: &'v Map<String, Value>, at: At) -> Ty {
        let (prefix, rest) = match (object.get("prefixItems"), object.get("items")) {
            (Some(Value::Array(prefix)), rest) => (prefix.as_slice(), rest),
            (_, Some(Value::Array(prefix))) => (prefix.as_slice(), object.get("additionalItems")),
            (_, items) => (&[][..], items),
        };
        let count = |keyword| {
            object
                .get(keyword)
                .and_then(Value::as_u64)
                .map(|n| usize::try_from(n).unwrap_or(usize::MAX))
        };
        let max = count("maxItems");
        let closed =
            rest == Some(&Value::Bool(false)) || max.is_some_and(|max| max <= prefix.len());
        let rest = (!closed)
            .then(|| rest.map_or_else(Ty::unknown, |schema| self.ty(schema, at.element())));
        if prefix.is_empty() {
            return match rest {
                Some(element) => Ty::primary(format!("{}[]", element.operand(Prec::Primary))),
                None => Ty::primary("[]"),
            };
        }
        let min = count("minItems").unwrap_or(0);
        let kept = max.map_or(prefix.len(), |max| max.min(prefix.len()));
        let mut elements: Vec<String> = prefix[..kept]
            .iter()
            .enumerate()
            .map(|(position, schema)| {
                let element = self.ty(schema, at.element());
                if position < min {
                    element.text
                } else {
                    format!("{}?", element.operand(Prec::Primary))
                }
            })
            .collect();
        if let Some(rest) = rest {
            elements.push(format!("...{}[]", rest.operand(Prec::Primary)));
        }
        Ty::primary(format!("[{}]", elements.join(", ")))
    }

    /// A `$ref`: the name of its target's alias, named (and queued for declaration) on first use.
    fn reference(&mut self, reference: &str, at: At) -> Ty {
        let Some(pointer) = local_pointer(reference) else { return Ty::unknown() };
        if at.top && self.leads_back(&pointer) {
            return Ty::unknown();
        }
        if pointer.is_empty() {
            return Ty::primary(self.document.name.clone());
        }
        if let Some(name) = self.document.aliases.get(&pointer) {
            return Ty::primary(name.clone());
        }
        let (root, interners) = (self.document.root, &mut self.shared.interners);
        let Some(key) = self.document.references.alias_key(root, &pointer, interners) else {
            return Ty::unknown();
        };
        let name = match self.shared.aliases.get(&key) {
            Some(name) => name.clone(),
            None => {
                let name = self.shared.names.claim_alias(&alias_key(&pointer), &self.document.tool);
                self.shared.aliases.insert(key, name.clone());
                self.document.pending.push_back((pointer.clone(), name.clone()));
                name
            }
        };
        self.document.aliases.insert(pointer, name.clone());
        Ty::primary(name)
    }

    /// Whether following top-level references from `pointer` reaches the declaration being
    /// rendered, which would make its alias circular.
    fn leads_back(&self, pointer: &str) -> bool {
        let mut seen = HashSet::new();
        let mut stack = vec![pointer.to_owned()];
        while let Some(pointer) = stack.pop() {
            if pointer == self.current {
                return true;
            }
            if let Some(schema) = self.document.root.pointer(&pointer)
                && seen.insert(pointer)
            {
                top_level_references(schema, &mut stack, 0);
            }
        }
        false
    }
}

/// What rendering an object schema gives.
enum Shape {
    /// Member lines of an object literal, each ending in a newline.
    Members(String),
    /// A type that is not a single object literal.
    Type(Ty),
}

/// The types a schema's `type` declares, if it declares any as strings.
fn declared_types(object: &Map<String, Value>) -> Option<Vec<&str>> {
    match object.get("type")? {
        Value::String(name) => Some(vec![name.as_str()]),
        Value::Array(names) => Some(names.iter().filter_map(Value::as_str).collect()),
        _ => None,
    }
}

/// Whether a value is of a JSON Schema type; any unknown type name fits.
fn is_a(value: &Value, type_name: &str) -> bool {
    match type_name {
        "string" => value.is_string(),
        "number" => value.is_number(),
        "integer" => {
            value.is_i64() || value.is_u64() || value.as_f64().is_some_and(|n| n.fract() == 0.0)
        }
        "boolean" => value.is_boolean(),
        "null" => value.is_null(),
        "object" => value.is_object(),
        "array" => value.is_array(),
        _ => true,
    }
}

fn has_any(object: &Map<String, Value>, keywords: &[&str]) -> bool {
    keywords.iter().any(|keyword| object.contains_key(*keyword))
}

/// Whether a schema is exactly an object type: it renders as an object literal or a map.
fn is_plain_object(object: &Map<String, Value>) -> bool {
    let object_typed = match object.get("type") {
        Some(Value::String(name)) => name == "object",
        None => has_any(object, OBJECT_KEYWORDS),
        Some(_) => false,
    };
    object_typed && !has_any(object, COMBINING_KEYWORDS)
}

/// The subschemas in a keyword's array, if it holds one.
fn subschemas<'v>(object: &'v Map<String, Value>, keyword: &str) -> &'v [Value] {
    object.get(keyword).and_then(Value::as_array).map_or(&[], Vec::as_slice)
}
