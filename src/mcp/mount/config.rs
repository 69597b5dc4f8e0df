//! Which MCP servers to mount (R-MCPM-1), from the `mcpServers` JSON that Claude Desktop, Cursor
//! and Claude Code's `.mcp.json` use:
//!
//! ```json
//! { "mcpServers": {
//!     "files": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "."],
//!                "env": { "TOKEN": "${MY_TOKEN}" } } } }
//! ```
//!
//! `${VAR}` in `env` values comes from ordo's environment. A value so filled is a secret: it
//! never appears in an error, a log line or anything the model sees. Fields other clients
//! define and ordo does not use are ignored; a field ordo uses with the wrong shape is an error
//! naming the file, the server and the field.

use std::collections::HashMap;
use std::fmt;
use std::path::Path;
use std::time::Duration;

use serde_json::{Map, Value};

/// The default time a server has to start and list its tools.
pub const DEFAULT_START_TIMEOUT: Duration = Duration::from_secs(30);

/// The default time one call of a mounted tool may take.
pub const DEFAULT_CALL_TIMEOUT: Duration = Duration::from_secs(60);

/// One server to mount.
#[derive(Clone)]
pub struct ServerSpec {
    /// Its name, as the config gives it.
    pub name: String,
    /// How to reach it.
    pub transport: Transport,
    /// Whether its annotations are believed (`readOnlyHint` makes calls concurrent): its
    /// `"trust": "trusted"`, or `--trust NAME` on the command line.
    pub trusted: bool,
    /// How long it has to start and list its tools (`start_timeout_ms`).
    pub start_timeout: Duration,
    /// How long one call of its tools may take (`timeout_ms`): past it the call is cancelled
    /// (the server told) and ends as `TIMEOUT`.
    pub call_timeout: Duration,
    /// Whether a server that does not start is a warning rather than an error.
    pub optional: bool,
    /// Which of its calls ask a human first, as configured (`"approval"`); `None` leaves it to
    /// [`ServerSpec::approval`].
    pub approval: Option<Approval>,
    /// Annotations set by hand, by tool name (as the server names it).
    pub overrides: HashMap<String, Overrides>,
}

/// Annotations set by hand on one tool; `None` keeps the server's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Overrides {
    /// `read_only`.
    pub read_only: Option<bool>,
    /// `destructive`.
    pub destructive: Option<bool>,
    /// `idempotent`.
    pub idempotent: Option<bool>,
    /// `open_world`.
    pub open_world: Option<bool>,
}

/// Which calls of a server's tools ask a human first (`"approval"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Approval {
    /// None.
    Never,
    /// Every one.
    Always,
    /// Every call of a tool the server does not mark read-only: the default for a server that
    /// is not trusted.
    UnlessReadOnly,
}

/// How a server is reached.
#[derive(Clone)]
pub enum Transport {
    /// A command ordo starts, speaking MCP on its standard input and output.
    Stdio {
        /// The program and its arguments.
        command: Vec<String>,
        /// Variables set for it (values may be secrets).
        env: Vec<(String, String)>,
    },
    /// A server ordo reaches over streamable HTTP.
    Http {
        /// Its endpoint (may hold a secret, from `${VAR}`).
        url: String,
        /// Headers sent with every request (values may be secrets).
        headers: Vec<(String, String)>,
    },
}

impl ServerSpec {
    /// Which of its calls ask a human first: as configured, else none of a trusted server's
    /// and the not read-only ones of another's.
    pub fn approval(&self) -> Approval {
        match self.approval {
            Some(approval) => approval,
            None if self.trusted => Approval::Never,
            None => Approval::UnlessReadOnly,
        }
    }
}

impl fmt::Debug for ServerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The environment, the headers and the URL may hold secrets: only names are shown.
        let mut debug = f.debug_struct("ServerSpec");
        debug.field("name", &self.name);
        match &self.transport {
            Transport::Stdio { command, env } => {
                let names: Vec<&str> = env.iter().map(|(name, _)| name.as_str()).collect();
                debug.field("command", command).field("env", &names);
            }
            Transport::Http { headers, .. } => {
                let names: Vec<&str> = headers.iter().map(|(name, _)| name.as_str()).collect();
                debug.field("url", &"…").field("headers", &names);
            }
        }
        debug.field("trusted", &self.trusted).finish_non_exhaustive()
    }
}

/// A config that cannot be used: where, and why. Never holds a secret value.
#[derive(Debug, thiserror::Error)]
#[error("{place}: server {server:?}: {message}")]
pub struct ConfigError {
    /// The file, and for a manifest the line and column of the `[[mcp]]` table.
    place: String,
    server: String,
    message: String,
}

impl ConfigError {
    fn new(file: &Path, server: &str, message: impl Into<String>) -> Self {
        Self::at(file.display().to_string(), server, message)
    }

    fn at(place: String, server: &str, message: impl Into<String>) -> Self {
        Self { place, server: server.to_owned(), message: message.into() }
    }
}

/// The fields an `[[mcp]]` table of a manifest may have.
const MANIFEST_FIELDS: &[&str] = &[
    "name",
    "command",
    "args",
    "env",
    "url",
    "headers",
    "trust",
    "timeout_ms",
    "start_timeout_ms",
    "approval",
    "optional",
    "tools",
];

/// The server an `[[mcp]]` table of a manifest declares, given as its fields (`place` names
/// where it is in errors: the file, line and column). Unlike a JSON config (which other
/// clients share), every field must be one ordo knows; `command` is the whole command line, as
/// for a manifest's tools.
pub fn from_manifest(
    place: &str,
    table: &Map<String, Value>,
    lookup: &dyn Fn(&str) -> Option<String>,
) -> Result<ServerSpec, ConfigError> {
    let place = place.to_owned();
    let name = match table.get("name") {
        Some(Value::String(name)) if !name.is_empty() => name.clone(),
        _ => return Err(ConfigError::at(place, "", "an [[mcp]] table needs a `name` (a string)")),
    };
    let error = |message: String| ConfigError::at(place.clone(), &name, message);
    if let Some(unknown) = table.keys().find(|key| !MANIFEST_FIELDS.contains(&key.as_str())) {
        return Err(error(format!(
            "field `{unknown}`: not a field of [[mcp]]; its fields are {}",
            MANIFEST_FIELDS.join(", ")
        )));
    }
    let mut fields = table.clone();
    if let Some(Value::Array(argv)) = fields.get("command").cloned() {
        let Some((program, args)) = argv.split_first() else {
            return Err(error("field \"command\": must not be empty".to_owned()));
        };
        fields.insert("command".to_owned(), program.clone());
        if fields.contains_key("args") {
            return Err(error("give the arguments in `command` or in `args`, not both".to_owned()));
        }
        fields.insert("args".to_owned(), Value::Array(args.to_vec()));
    }
    spec_fields(&name, &fields, lookup).map_err(error)
}

/// Reads an `mcpServers` file.
pub fn load(path: &Path) -> Result<Vec<ServerSpec>, ConfigError> {
    let text = std::fs::read_to_string(path)
        .map_err(|error| ConfigError::new(path, "", format!("cannot read it: {error}")))?;
    parse(&text, path, &|name| std::env::var(name).ok())
}

/// Reads the text of an `mcpServers` file named `file`; `${VAR}` is looked up with `lookup`.
pub fn parse(
    text: &str,
    file: &Path,
    lookup: &dyn Fn(&str) -> Option<String>,
) -> Result<Vec<ServerSpec>, ConfigError> {
    let root: Value = serde_json::from_str(text).map_err(|error| {
        ConfigError::new(
            file,
            "",
            format!("not JSON (line {}, column {}): {error}", error.line(), error.column()),
        )
    })?;
    let servers = root
        .get("mcpServers")
        .and_then(Value::as_object)
        .ok_or_else(|| ConfigError::new(file, "", "has no \"mcpServers\" object"))?;
    servers.iter().map(|(name, server)| spec(file, name, server, lookup)).collect()
}

fn spec(
    file: &Path,
    name: &str,
    server: &Value,
    lookup: &dyn Fn(&str) -> Option<String>,
) -> Result<ServerSpec, ConfigError> {
    let error = |message: String| ConfigError::new(file, name, message);
    if name.is_empty() {
        return Err(error("a server needs a name".to_owned()));
    }
    let server = server.as_object().ok_or_else(|| error("must be an object".to_owned()))?;
    spec_fields(name, server, lookup).map_err(error)
}

/// The server `name` that `server`'s fields describe; an error is the field and what is wrong.
fn spec_fields(
    name: &str,
    server: &Map<String, Value>,
    lookup: &dyn Fn(&str) -> Option<String>,
) -> Result<ServerSpec, String> {
    let transport = match server.get("url") {
        Some(url) => http(server, url, lookup)?,
        None => stdio(server, lookup)?,
    };
    let trusted = match server.get("trust").map(Value::as_str) {
        None | Some(Some("untrusted")) => false,
        Some(Some("trusted")) => true,
        Some(_) => return Err("field \"trust\": must be \"trusted\" or \"untrusted\"".to_owned()),
    };
    let start_timeout = milliseconds(server, "start_timeout_ms", DEFAULT_START_TIMEOUT)?;
    let call_timeout = milliseconds(server, "timeout_ms", DEFAULT_CALL_TIMEOUT)?;
    let approval = match server.get("approval").map(Value::as_str) {
        None => None,
        Some(Some("unless-read-only")) => Some(Approval::UnlessReadOnly),
        Some(Some("never")) => Some(Approval::Never),
        Some(Some("always")) => Some(Approval::Always),
        Some(_) => {
            return Err(
                "field \"approval\": must be \"never\", \"always\" or \"unless-read-only\""
                    .to_owned(),
            );
        }
    };
    let optional = match server.get("optional") {
        None => false,
        Some(Value::Bool(optional)) => *optional,
        Some(_) => return Err("field \"optional\": must be true or false".to_owned()),
    };
    let overrides = match server.get("tools") {
        None => HashMap::new(),
        Some(Value::Object(tools)) => overrides(tools)?,
        Some(_) => return Err("field \"tools\": must map tool names to annotations".to_owned()),
    };
    Ok(ServerSpec {
        name: name.to_owned(),
        transport,
        trusted,
        start_timeout,
        call_timeout,
        optional,
        approval,
        overrides,
    })
}

/// A server ordo starts: `command`, `args`, `env`.
fn stdio(
    server: &Map<String, Value>,
    lookup: &dyn Fn(&str) -> Option<String>,
) -> Result<Transport, String> {
    let program = match server.get("command") {
        Some(Value::String(program)) if !program.is_empty() => program.clone(),
        Some(_) => return Err("field \"command\": must be a program name or path".to_owned()),
        None => return Err("needs a \"command\" (the program that serves it)".to_owned()),
    };
    let mut command = vec![program];
    match server.get("args") {
        None => {}
        Some(Value::Array(args)) => {
            for (index, arg) in args.iter().enumerate() {
                let arg = arg
                    .as_str()
                    .ok_or_else(|| format!("field \"args[{index}]\": must be a string"))?;
                command.push(arg.to_owned());
            }
        }
        Some(_) => return Err("field \"args\": must be an array of strings".to_owned()),
    }
    let env = match server.get("env") {
        None => Vec::new(),
        Some(Value::Object(env)) => strings(env, "env", lookup)?,
        Some(_) => return Err("field \"env\": must be an object of strings".to_owned()),
    };
    Ok(Transport::Stdio { command, env })
}

/// A server reached over HTTP: `url`, `headers`.
fn http(
    server: &Map<String, Value>,
    url: &Value,
    lookup: &dyn Fn(&str) -> Option<String>,
) -> Result<Transport, String> {
    if server.contains_key("command") {
        return Err("give a server either a \"command\" or a \"url\", not both".to_owned());
    }
    let url = url.as_str().ok_or("field \"url\": must be a string")?;
    let url = expand(url, lookup)
        .map_err(|variable| format!("field \"url\": ${{{variable}}} is not set"))?;
    if !(url.starts_with("http://") || url.starts_with("https://")) {
        return Err("field \"url\": must start with http:// or https://".to_owned());
    }
    let headers = match server.get("headers") {
        None => Vec::new(),
        Some(Value::Object(headers)) => strings(headers, "headers", lookup)?,
        Some(_) => return Err("field \"headers\": must be an object of strings".to_owned()),
    };
    Ok(Transport::Http { url, headers })
}

/// Annotations a person set on a server's tools (`tools = { read = { read_only = true } }`):
/// believed whatever the server's trust, since they are not the server's claims.
fn overrides(tools: &Map<String, Value>) -> Result<HashMap<String, Overrides>, String> {
    tools
        .iter()
        .map(|(tool, hints)| {
            let field = |key: &str| format!("field \"tools.{tool}.{key}\"");
            let hints = hints.as_object().ok_or_else(|| {
                format!("field \"tools.{tool}\": must be a table of annotations (read_only, …)")
            })?;
            let mut found = Overrides::default();
            for (key, value) in hints {
                let value = value.as_bool().ok_or_else(|| format!("{}: must be true or false", field(key)))?;
                match key.as_str() {
                    "read_only" => found.read_only = Some(value),
                    "destructive" => found.destructive = Some(value),
                    "idempotent" => found.idempotent = Some(value),
                    "open_world" => found.open_world = Some(value),
                    _ => {
                        return Err(format!(
                            "{}: not an annotation; they are read_only, destructive, idempotent, open_world",
                            field(key)
                        ));
                    }
                }
            }
            Ok((tool.clone(), found))
        })
        .collect()
}

/// A positive number of milliseconds in `field`, or `default`.
fn milliseconds(
    server: &Map<String, Value>,
    field: &str,
    default: Duration,
) -> Result<Duration, String> {
    match server.get(field) {
        None => Ok(default),
        Some(value) => match value.as_u64() {
            Some(ms) if ms > 0 => Ok(Duration::from_millis(ms)),
            _ => Err(format!("field \"{field}\": must be a positive number of milliseconds")),
        },
    }
}

/// An object of strings (`env`, `headers`) with `${VAR}` filled in. An error names the field
/// and the variable, never a value.
fn strings(
    map: &Map<String, Value>,
    field: &str,
    lookup: &dyn Fn(&str) -> Option<String>,
) -> Result<Vec<(String, String)>, String> {
    map.iter()
        .map(|(name, value)| {
            let value = value
                .as_str()
                .ok_or_else(|| format!("field \"{field}.{name}\": must be a string"))?;
            let filled = expand(value, lookup).map_err(|variable| {
                format!("field \"{field}.{name}\": ${{{variable}}} is not set")
            })?;
            Ok((name.clone(), filled))
        })
        .collect()
}

/// `text` with each `${VAR}` replaced by its value; `Err(VAR)` for the first one not set.
fn expand(text: &str, lookup: &dyn Fn(&str) -> Option<String>) -> Result<String, String> {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("${") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let Some(end) = after.find('}') else {
            out.push_str(&rest[start..]);
            return Ok(out);
        };
        let variable = &after[..end];
        out.push_str(&lookup(variable).ok_or_else(|| variable.to_owned())?);
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lookup(name: &str) -> Option<String> {
        (name == "SECRET").then(|| "hunter2".to_owned())
    }

    fn parse_text(text: &str) -> Result<Vec<ServerSpec>, ConfigError> {
        parse(text, Path::new("mcp.json"), &lookup)
    }

    #[test]
    fn r_mcpm_1_a_claude_desktop_config_is_read_with_variables_filled() {
        let specs = parse_text(
            r#"{"mcpServers": {"files": {"command": "npx", "args": ["-y", "pkg"],
                "env": {"TOKEN": "Bearer ${SECRET}"}, "disabled": false}}}"#,
        )
        .unwrap();
        assert_eq!(specs.len(), 1);
        let Transport::Stdio { command, env } = &specs[0].transport else { panic!("stdio") };
        assert_eq!(command, &["npx", "-y", "pkg"]);
        assert_eq!(env, &[("TOKEN".to_owned(), "Bearer hunter2".to_owned())]);
        assert!(!specs[0].trusted);
        assert!(!format!("{:?}", specs[0]).contains("hunter2"), "Debug shows no secret");
    }

    #[test]
    fn r_mcpm_1_errors_name_the_file_the_server_and_the_field_never_a_value() {
        let cases = [
            (r#"{"mcpServers": {"s": {"args": []}}}"#, "needs a \"command\""),
            (r#"{"mcpServers": {"s": {"command": "x", "args": [1]}}}"#, "field \"args[0]\""),
            (
                r#"{"mcpServers": {"s": {"command": "x", "env": {"A": "${NOPE}"}}}}"#,
                "${NOPE} is not set",
            ),
            (r#"{"mcpServers": {"s": {"command": "x", "trust": "yes"}}}"#, "field \"trust\""),
            (r#"{"servers": {}}"#, "no \"mcpServers\""),
            ("{not json", "not JSON (line 1"),
        ];
        for (text, expected) in cases {
            let error = parse_text(text).unwrap_err().to_string();
            assert!(error.starts_with("mcp.json: server "), "{error}");
            assert!(error.contains(expected), "{expected:?} not in {error:?}");
            assert!(!error.contains("hunter2"));
        }
    }

    #[cfg(feature = "manifest")]
    fn from_toml(text: &str) -> Result<ServerSpec, ConfigError> {
        let manifest = crate::manifest::Manifest::parse(text, "tools.toml").unwrap();
        let table = &manifest.mcp_servers()[0];
        from_manifest(&format!("tools.toml:{}", table.location), &table.fields, &lookup)
    }

    #[cfg(feature = "manifest")]
    #[test]
    fn r_mcpm_1_an_mcp_table_of_a_manifest_is_read_with_its_own_fields() {
        let spec = from_toml(
            r#"
[[mcp]]
name = "files"
command = ["npx", "-y", "pkg", "."]
env = { TOKEN = "${SECRET}" }
trust = "trusted"
timeout_ms = 5000
tools = { read = { read_only = true } }
"#,
        )
        .unwrap();
        let Transport::Stdio { command, env } = &spec.transport else { panic!("stdio") };
        assert_eq!(command, &["npx", "-y", "pkg", "."]);
        assert_eq!(env[0].1, "hunter2");
        assert!(spec.trusted);
        assert_eq!(spec.approval(), Approval::Never, "a trusted server asks nothing by default");
        assert_eq!(spec.call_timeout, Duration::from_millis(5000));
        assert_eq!(spec.overrides["read"].read_only, Some(true));
    }

    #[cfg(feature = "manifest")]
    #[test]
    fn r_mcpm_1_mcp_table_errors_name_the_file_line_server_and_field() {
        let cases = [
            (
                "[[mcp]]\nname = \"s\"\ncomand = [\"x\"]\n",
                "tools.toml:1:1: server \"s\": field `comand`",
            ),
            ("[[mcp]]\nname = \"s\"\ncommand = []\n", "field \"command\": must not be empty"),
            (
                "[[mcp]]\nname = \"s\"\ncommand = [\"x\"]\ntools = { t = { read_olny = true } }\n",
                "field \"tools.t.read_olny\": not an annotation",
            ),
            ("[[mcp]]\ncommand = [\"x\"]\n", "needs a `name`"),
        ];
        for (text, expected) in cases {
            let error = from_toml(text).unwrap_err().to_string();
            assert!(error.contains(expected), "{expected:?} not in {error:?}");
        }
    }
}
