//! Reading a manifest: TOML in, checked [`CommandTool`]s out.
//!
//! The file is parsed into spanned TOML values, not straight into structs, so that every error
//! can say where it is (line and column), which tool it is about and which field. Everything
//! registration would reject is checked here too (names, schemas, timeouts), so a manifest that
//! loads registers, unless a name is already taken.

use std::ops::Range;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use ordo_tools::{CompiledSchema, RUN_CODE, ToolAnnotations};
use serde_json::{Map, Number, Value};
use toml::Spanned;
use toml::de::{DeTable, DeValue};

use super::error::{Location, ManifestError, ToolRef, did_you_mean};
use super::tool::{Argv, CommandTool};
use crate::process::Environment;

/// The fields a `[[tool]]` table may have.
const FIELDS: &[&str] = &[
    "name",
    "description",
    "parameters",
    "output_schema",
    "command",
    "concurrency_safe",
    "timeout_ms",
    "approval",
    "env",
    "env_pass",
    "annotations",
];

/// The keys of a tool's `annotations` table.
const ANNOTATIONS: &[&str] = &["read_only", "destructive", "idempotent", "open_world"];

/// The longest tool name every provider accepts (as the registry checks).
const MAX_NAME_LEN: usize = 64;

/// Reads the tools of a manifest whose text is `text`. `file` names it in errors; relative
/// program paths resolve against `dir`, which is absolute.
pub(super) fn parse(
    text: &str,
    file: &Path,
    dir: &Path,
) -> Result<(Vec<CommandTool>, Vec<McpTable>), ManifestError> {
    let source = Source { text, file };
    let root = DeTable::parse(text).map_err(|error| {
        let located = ManifestError::new(file, error.message().trim());
        match error.span() {
            Some(span) => located.at(source.location(span.start)),
            None => located,
        }
    })?;
    let mut list = None;
    let mut servers = Vec::new();
    for (key, value) in root.get_ref() {
        if key.get_ref() == "tool" {
            list = Some(value);
        } else if key.get_ref() == "mcp" {
            servers = mcp_tables(source, value)?;
        } else {
            let hint = did_you_mean(key.get_ref(), &["tool", "mcp"])
                .map_or_else(String::new, |meant| format!(" (did you mean `{meant}`?)"));
            let message = format!(
                "unknown key `{}`{hint}; a manifest holds only [[tool]] and [[mcp]] tables",
                key.get_ref()
            );
            return Err(source.error(key.span(), message));
        }
    }
    let Some(list) = list else {
        return Ok((Vec::new(), servers));
    };
    let DeValue::Array(entries) = list.get_ref() else {
        let message = "`tool` must be an array of tables: write each tool as a [[tool]] table";
        return Err(source.error(list.span(), message));
    };
    let mut tools: Vec<CommandTool> = Vec::with_capacity(entries.len());
    for (index, entry) in entries.iter().enumerate() {
        let DeValue::Table(table) = entry.get_ref() else {
            let message = format!("must be a table, not {}", kind(entry.get_ref()));
            return Err(source.error(entry.span(), message).in_tool(ToolRef::Index(index)));
        };
        let reader = ToolReader::new(source, table, entry.span(), index);
        let tool = reader.read(dir)?;
        if let Some(first) = tools.iter().position(|earlier| earlier.name == tool.name) {
            let message = format!("{:?} is already the name of tool[{first}]", tool.name);
            return Err(ManifestError::new(file, message)
                .at(tool.name_location)
                .in_tool(ToolRef::Index(index))
                .in_field("name"));
        }
        tools.push(tool);
    }
    Ok((tools, servers))
}

/// An `[[mcp]]` table (an MCP server to mount), as JSON, with where it is: the MCP battery
/// checks its fields, and names this place in its errors.
#[derive(Clone, Debug)]
pub struct McpTable {
    /// The table's fields.
    pub fields: Map<String, Value>,
    /// Where the table starts.
    pub location: Location,
}

fn mcp_tables(
    source: Source<'_>,
    value: &Spanned<DeValue<'_>>,
) -> Result<Vec<McpTable>, ManifestError> {
    let DeValue::Array(entries) = value.get_ref() else {
        let message = "`mcp` must be an array of tables: write each server as an [[mcp]] table";
        return Err(source.error(value.span(), message));
    };
    entries
        .iter()
        .map(|entry| match to_json(entry) {
            Ok(Value::Object(fields)) => {
                Ok(McpTable { fields, location: source.location(entry.span().start) })
            }
            Ok(other) => Err(source.error(
                entry.span(),
                format!("an [[mcp]] entry must be a table, not {}", json_kind(&other)),
            )),
            Err((span, message)) => Err(source.error(span, message)),
        })
        .collect()
}

fn json_kind(value: &Value) -> &'static str {
    match value {
        Value::Array(_) => "an array",
        Value::String(_) => "a string",
        Value::Number(_) => "a number",
        Value::Bool(_) => "a boolean",
        Value::Null => "null",
        Value::Object(_) => "a table",
    }
}

/// The manifest being read, for locating errors.
#[derive(Clone, Copy)]
struct Source<'a> {
    text: &'a str,
    file: &'a Path,
}

impl Source<'_> {
    fn location(&self, offset: usize) -> Location {
        Location::of(self.text, offset)
    }

    fn error(&self, span: Range<usize>, message: impl Into<String>) -> ManifestError {
        ManifestError::new(self.file, message).at(self.location(span.start))
    }
}

/// Reads the fields of one `[[tool]]` table.
struct ToolReader<'a, 'i> {
    source: Source<'a>,
    table: &'a DeTable<'i>,
    span: Range<usize>,
    tool: ToolRef,
}

impl<'a, 'i> ToolReader<'a, 'i> {
    fn new(source: Source<'a>, table: &'a DeTable<'i>, span: Range<usize>, index: usize) -> Self {
        // Errors name the tool by its name once it has a usable one; by its index otherwise.
        let tool = match table.get("name").map(Spanned::get_ref) {
            Some(DeValue::String(name)) if is_valid_name(name) => ToolRef::Named(name.to_string()),
            _ => ToolRef::Index(index),
        };
        Self { source, table, span, tool }
    }

    fn read(&self, dir: &Path) -> Result<CommandTool, ManifestError> {
        // Unknown fields first: a misspelt `comand` is better reported as itself than as a
        // missing `command`.
        for key in self.table.keys() {
            if !FIELDS.contains(&key.get_ref().as_ref()) {
                return Err(self.unknown_field(key));
            }
        }
        let (name, name_span) = self.name()?;
        let (description, description_span) = self.string("description")?;
        if description.trim().is_empty() {
            return Err(self.error_at("description", description_span, "must not be empty"));
        }
        let parameters = self.parameters()?;
        let output_schema = self.output_schema()?;
        let command = self.command(dir)?;
        let concurrency_safe = self.boolean("concurrency_safe")?;
        let timeout = self.timeout()?;
        let needs_approval = self.approval()?;
        let environment = Environment::new(self.env()?, self.env_pass()?);
        let annotations = self.annotations()?;
        Ok(CommandTool {
            name,
            name_location: self.source.location(name_span.start),
            description,
            parameters,
            output_schema,
            command,
            concurrency_safe,
            timeout,
            needs_approval,
            environment,
            annotations,
        })
    }

    fn error_at(
        &self,
        field: &str,
        span: Range<usize>,
        message: impl Into<String>,
    ) -> ManifestError {
        self.source.error(span, message).in_tool(self.tool.clone()).in_field(field)
    }

    fn unknown_field(&self, key: &Spanned<std::borrow::Cow<'i, str>>) -> ManifestError {
        let message = unknown(key.get_ref(), FIELDS, "a tool field", "a tool has");
        self.error_at(key.get_ref(), key.span(), message)
    }

    fn optional(&self, field: &str) -> Option<&'a Spanned<DeValue<'i>>> {
        self.table.get(field)
    }

    fn required(&self, field: &str) -> Result<&'a Spanned<DeValue<'i>>, ManifestError> {
        self.optional(field).ok_or_else(|| self.error_at(field, self.span.clone(), "is missing"))
    }

    fn string(&self, field: &str) -> Result<(String, Range<usize>), ManifestError> {
        let value = self.required(field)?;
        match value.get_ref() {
            DeValue::String(text) => Ok((text.to_string(), value.span())),
            other => {
                let message = format!("must be a string, not {}", kind(other));
                Err(self.error_at(field, value.span(), message))
            }
        }
    }

    fn name(&self) -> Result<(String, Range<usize>), ManifestError> {
        let (name, span) = self.string("name")?;
        if name == RUN_CODE {
            return Err(self.error_at("name", span, "\"run_code\" is reserved for code mode"));
        }
        if !is_valid_name(&name) {
            let message =
                format!("{name:?} is not a valid tool name: it must match ^[a-zA-Z0-9_-]{{1,64}}$");
            return Err(self.error_at("name", span, message));
        }
        if name.contains("__") {
            let message = format!(
                "{name:?} contains `__`, which ordo keeps to join a mounted server's name to its \
                 tools' (`server__tool`, `tools.server.tool` in scripts); use `_` or `-`"
            );
            return Err(self.error_at("name", span, message));
        }
        Ok((name, span))
    }

    fn parameters(&self) -> Result<Value, ManifestError> {
        let value = self.required("parameters")?;
        let schema = self.schema("parameters", value, false)?;
        if schema.get("type").and_then(Value::as_str) != Some("object") {
            let message = "must describe an object (type = \"object\"), as every provider requires";
            return Err(self.error_at("parameters", value.span(), message));
        }
        Ok(schema)
    }

    fn output_schema(&self) -> Result<Option<Value>, ManifestError> {
        self.optional("output_schema")
            .map(|value| self.schema("output_schema", value, true))
            .transpose()
    }

    /// A JSON Schema, written as a TOML table or as a string of JSON (which can say `null` and
    /// keeps the order of keys), checked as registration will.
    fn schema(
        &self,
        field: &str,
        value: &Spanned<DeValue<'i>>,
        boolean_ok: bool,
    ) -> Result<Value, ManifestError> {
        let schema = match value.get_ref() {
            DeValue::Table(_) => {
                to_json(value).map_err(|(span, message)| self.error_at(field, span, message))?
            }
            DeValue::String(json) => serde_json::from_str(json).map_err(|error| {
                self.error_at(field, value.span(), format!("is not valid JSON: {error}"))
            })?,
            DeValue::Boolean(accepts) if boolean_ok => Value::Bool(*accepts),
            other => {
                let message = format!(
                    "must be a JSON Schema, written as a TOML table or a string of JSON, not {}",
                    kind(other)
                );
                return Err(self.error_at(field, value.span(), message));
            }
        };
        CompiledSchema::compile(&schema).map_err(|error| {
            self.error_at(field, value.span(), format!("is not a supported JSON Schema: {error}"))
        })?;
        Ok(schema)
    }

    fn command(&self, dir: &Path) -> Result<Argv, ManifestError> {
        const SHAPE: &str = "must be a non-empty array of strings: the program, then its arguments";
        let value = self.required("command")?;
        let elements = match value.get_ref() {
            DeValue::Array(elements) if !elements.is_empty() => elements,
            DeValue::String(_) => {
                let message = format!("{SHAPE} (a single string is not split into words)");
                return Err(self.error_at("command", value.span(), message));
            }
            _ => return Err(self.error_at("command", value.span(), SHAPE)),
        };
        let mut words = Vec::with_capacity(elements.len());
        for (index, element) in elements.iter().enumerate() {
            match element.get_ref() {
                DeValue::String(word) => words.push(word.to_string()),
                other => {
                    let message = format!("{SHAPE}; element {index} is {}", kind(other));
                    return Err(self.error_at("command", element.span(), message));
                }
            }
        }
        let program_span = value.get_ref().get(0).map_or_else(|| value.span(), Spanned::span);
        let Some((declared, args)) = words.split_first() else {
            return Err(self.error_at("command", value.span(), SHAPE));
        };
        if declared.is_empty() {
            let message = "the program (element 0) must not be empty";
            return Err(self.error_at("command", program_span, message));
        }
        let program = resolve_program(declared, dir)
            .map_err(|problem| self.error_at("command", program_span, problem))?;
        Ok(Argv::new(program, args.to_vec()))
    }

    fn boolean(&self, field: &str) -> Result<bool, ManifestError> {
        self.optional(field).map_or(Ok(false), |value| self.flag(field, value))
    }

    /// `value` as a boolean; `field` names it in the error.
    fn flag(&self, field: &str, value: &Spanned<DeValue<'i>>) -> Result<bool, ManifestError> {
        match value.get_ref() {
            DeValue::Boolean(flag) => Ok(*flag),
            other => {
                let message = format!("must be true or false, not {}", kind(other));
                Err(self.error_at(field, value.span(), message))
            }
        }
    }

    fn timeout(&self) -> Result<Option<Duration>, ManifestError> {
        let Some(value) = self.optional("timeout_ms") else {
            return Ok(None);
        };
        let DeValue::Integer(integer) = value.get_ref() else {
            let message =
                format!("must be a whole number of milliseconds, not {}", kind(value.get_ref()));
            return Err(self.error_at("timeout_ms", value.span(), message));
        };
        let millis = u64::from_str_radix(integer.as_str(), integer.radix());
        match millis {
            Ok(millis) if millis > 0 => Ok(Some(Duration::from_millis(millis))),
            Err(_) if !integer.as_str().starts_with('-') => {
                Err(self.error_at("timeout_ms", value.span(), "is too large"))
            }
            _ => Err(self.error_at("timeout_ms", value.span(), "must be greater than zero")),
        }
    }

    /// `env = { NAME = "value" }`: variables the command gets, set to these strings.
    fn env(&self) -> Result<Vec<(String, String)>, ManifestError> {
        let Some(value) = self.optional("env") else {
            return Ok(Vec::new());
        };
        let DeValue::Table(table) = value.get_ref() else {
            let message = format!(
                "must be a table of variables, like env = {{ NAME = \"value\" }}, not {}",
                kind(value.get_ref())
            );
            return Err(self.error_at("env", value.span(), message));
        };
        let mut set = Vec::with_capacity(table.len());
        for (name, item) in table {
            let name = name.get_ref().to_string();
            check_variable_name(&name)
                .map_err(|problem| self.error_at("env", item.span(), problem))?;
            let DeValue::String(text) = item.get_ref() else {
                let message = format!("{name} must be a string, not {}", kind(item.get_ref()));
                return Err(self.error_at("env", item.span(), message));
            };
            set.push((name, text.to_string()));
        }
        Ok(set)
    }

    /// `env_pass = ["NAME", …]`: variables passed through from ordo's environment.
    fn env_pass(&self) -> Result<Vec<String>, ManifestError> {
        const SHAPE: &str =
            "must be an array of variable names, like env_pass = [\"GITHUB_TOKEN\"]";
        let Some(value) = self.optional("env_pass") else {
            return Ok(Vec::new());
        };
        let DeValue::Array(items) = value.get_ref() else {
            return Err(self.error_at("env_pass", value.span(), SHAPE));
        };
        let mut names = Vec::with_capacity(items.len());
        for (index, item) in items.iter().enumerate() {
            let DeValue::String(name) = item.get_ref() else {
                let message = format!("{SHAPE}; element {index} is {}", kind(item.get_ref()));
                return Err(self.error_at("env_pass", item.span(), message));
            };
            check_variable_name(name)
                .map_err(|problem| self.error_at("env_pass", item.span(), problem))?;
            names.push(name.to_string());
        }
        Ok(names)
    }

    /// `annotations = { read_only = true, … }`: what the tool may do to the world, for MCP
    /// clients (R-MCPS-2). A key left out keeps [`ToolAnnotations::default`]'s value, which
    /// claims nothing.
    fn annotations(&self) -> Result<ToolAnnotations, ManifestError> {
        let mut annotations = ToolAnnotations::default();
        let Some(value) = self.optional("annotations") else {
            return Ok(annotations);
        };
        let DeValue::Table(table) = value.get_ref() else {
            let message = format!(
                "must be a table of hints, like annotations = {{ read_only = true }}, not {}",
                kind(value.get_ref())
            );
            return Err(self.error_at("annotations", value.span(), message));
        };
        for (key, item) in table {
            let field = format!("annotations.{}", key.get_ref());
            let hint = match key.get_ref().as_ref() {
                "read_only" => &mut annotations.read_only,
                "destructive" => &mut annotations.destructive,
                "idempotent" => &mut annotations.idempotent,
                "open_world" => &mut annotations.open_world,
                other => {
                    let message = unknown(other, ANNOTATIONS, "an annotation", "annotations are");
                    return Err(self.error_at(&field, key.span(), message));
                }
            };
            *hint = self.flag(&field, item)?;
        }
        Ok(annotations)
    }

    fn approval(&self) -> Result<bool, ManifestError> {
        let Some(value) = self.optional("approval") else {
            return Ok(false);
        };
        match value.get_ref() {
            DeValue::String(policy) if policy == "ask" => Ok(true),
            DeValue::String(policy) => {
                let message = format!(
                    "must be \"ask\" (the only policy; leave it out to run without asking), not {policy:?}"
                );
                Err(self.error_at("approval", value.span(), message))
            }
            other => {
                let message = format!("must be the string \"ask\", not {}", kind(other));
                Err(self.error_at("approval", value.span(), message))
            }
        }
    }
}

/// Why `key` is not one of `known`: "is not {what}", then the one it likely stands for, or
/// "; {listed} …" and all of them.
fn unknown(key: &str, known: &[&str], what: &str, listed: &str) -> String {
    match did_you_mean(key, known) {
        Some(meant) => format!("is not {what} (did you mean `{meant}`?)"),
        None => format!("is not {what}; {listed} {}", known.join(", ")),
    }
}

/// A variable name a shell could set: letters, digits and `_`, not starting with a digit.
fn check_variable_name(name: &str) -> Result<(), String> {
    let valid = name.bytes().next().is_some_and(|first| !first.is_ascii_digit())
        && name.bytes().all(|byte| byte.is_ascii_alphanumeric() || byte == b'_');
    if valid { Ok(()) } else { Err(format!("{name:?} is not a valid environment variable name")) }
}

/// Whether `name` matches `^[a-zA-Z0-9_-]{1,64}$`, as the registry requires.
fn is_valid_name(name: &str) -> bool {
    (1..=MAX_NAME_LEN).contains(&name.len())
        && name.bytes().all(|byte| byte.is_ascii_alphanumeric() || byte == b'_' || byte == b'-')
}

/// Where a command's program is.
///
/// A path with a `/` in it is the manifest's own: a relative one resolves against the
/// manifest's folder, so a manifest and the scripts beside it work from any directory, and it
/// must exist and be executable now (a typo is a configuration error, found at load). A bare
/// name (`jq`, `sh`) is looked up on `PATH` when the tool runs, as a shell would: the manifest
/// does not ship it, and a machine may lack a tool it never calls.
fn resolve_program(declared: &str, dir: &Path) -> Result<PathBuf, String> {
    if !declared.contains('/') {
        return Ok(PathBuf::from(declared));
    }
    let joined = dir.join(declared);
    let program = std::path::absolute(&joined).unwrap_or(joined);
    let metadata = std::fs::metadata(&program)
        .map_err(|error| format!("program {declared:?} ({}): {error}", program.display()))?;
    if !metadata.is_file() {
        return Err(format!("program {declared:?} ({}) is not a file", program.display()));
    }
    if metadata.permissions().mode() & 0o111 == 0 {
        return Err(format!(
            "program {declared:?} ({}) is not executable (chmod +x it)",
            program.display()
        ));
    }
    Ok(program)
}

/// A TOML value as JSON. Tables come out with their keys in sorted order (how the TOML parser
/// stores them); a schema written as a JSON string keeps its order.
fn to_json(value: &Spanned<DeValue<'_>>) -> Result<Value, (Range<usize>, String)> {
    let unsupported = |what: &str| (value.span(), format!("{what} has no JSON equivalent"));
    Ok(match value.get_ref() {
        DeValue::String(text) => Value::String(text.to_string()),
        DeValue::Boolean(flag) => Value::Bool(*flag),
        DeValue::Integer(integer) => i64::from_str_radix(integer.as_str(), integer.radix())
            .map(Value::from)
            .or_else(|_| u64::from_str_radix(integer.as_str(), integer.radix()).map(Value::from))
            .map_err(|_| unsupported(&format!("the integer {integer}")))?,
        DeValue::Float(float) => float
            .as_str()
            .parse::<f64>()
            .ok()
            .and_then(Number::from_f64)
            .map(Value::Number)
            .ok_or_else(|| unsupported(&format!("the float {float}")))?,
        DeValue::Datetime(_) => return Err(unsupported("a TOML date-time (quote it)")),
        DeValue::Array(items) => Value::Array(items.iter().map(to_json).collect::<Result<_, _>>()?),
        DeValue::Table(table) => Value::Object(
            table
                .iter()
                .map(|(key, item)| Ok((key.get_ref().to_string(), to_json(item)?)))
                .collect::<Result<Map<_, _>, _>>()?,
        ),
    })
}

/// A TOML value's kind, for messages: "an integer", "a table".
fn kind(value: &DeValue<'_>) -> &'static str {
    match value {
        DeValue::String(_) => "a string",
        DeValue::Integer(_) => "an integer",
        DeValue::Float(_) => "a float",
        DeValue::Boolean(_) => "a boolean",
        DeValue::Datetime(_) => "a date-time",
        DeValue::Array(_) => "an array",
        DeValue::Table(_) => "a table",
    }
}
