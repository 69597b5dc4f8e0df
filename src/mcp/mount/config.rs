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

use std::fmt;
use std::path::{Path, PathBuf};
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
    /// Whether its annotations are believed (`readOnlyHint` makes calls concurrent).
    pub trusted: bool,
    /// How long it has to start and list its tools (`start_timeout_ms`).
    pub start_timeout: Duration,
    /// How long one call of its tools may take (`timeout_ms`): past it the call is cancelled
    /// (the server told) and ends as `TIMEOUT`.
    pub call_timeout: Duration,
    /// Whether a server that does not start is a warning rather than an error.
    pub optional: bool,
    /// Which of its calls ask a human first.
    pub approval: Approval,
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
}

impl fmt::Debug for ServerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The environment may hold secrets: only its names are shown.
        let Transport::Stdio { command, env } = &self.transport;
        let names: Vec<&str> = env.iter().map(|(name, _)| name.as_str()).collect();
        f.debug_struct("ServerSpec")
            .field("name", &self.name)
            .field("command", command)
            .field("env", &names)
            .field("trusted", &self.trusted)
            .finish_non_exhaustive()
    }
}

/// A config that cannot be used: where, and why. Never holds a secret value.
#[derive(Debug, thiserror::Error)]
#[error("{file}: server {server:?}: {message}")]
pub struct ConfigError {
    file: PathBuf,
    server: String,
    message: String,
}

impl ConfigError {
    fn new(file: &Path, server: &str, message: impl Into<String>) -> Self {
        Self { file: file.to_owned(), server: server.to_owned(), message: message.into() }
    }
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
    if server.contains_key("url") {
        return Err(error(
            "field \"url\": servers reached over HTTP cannot be mounted yet; run them as a \
             command (\"command\", \"args\")"
                .to_owned(),
        ));
    }
    let program = match server.get("command") {
        Some(Value::String(program)) if !program.is_empty() => program.clone(),
        Some(_) => {
            return Err(error("field \"command\": must be a program name or path".to_owned()));
        }
        None => return Err(error("needs a \"command\" (the program that serves it)".to_owned())),
    };
    let mut command = vec![program];
    match server.get("args") {
        None => {}
        Some(Value::Array(args)) => {
            for (index, arg) in args.iter().enumerate() {
                let arg = arg
                    .as_str()
                    .ok_or_else(|| error(format!("field \"args[{index}]\": must be a string")))?;
                command.push(arg.to_owned());
            }
        }
        Some(_) => return Err(error("field \"args\": must be an array of strings".to_owned())),
    }
    let env = match server.get("env") {
        None => Vec::new(),
        Some(Value::Object(env)) => environment(env, lookup).map_err(error)?,
        Some(_) => return Err(error("field \"env\": must be an object of strings".to_owned())),
    };
    let trusted = match server.get("trust").map(Value::as_str) {
        None | Some(Some("untrusted")) => false,
        Some(Some("trusted")) => true,
        Some(_) => {
            return Err(error("field \"trust\": must be \"trusted\" or \"untrusted\"".to_owned()));
        }
    };
    let start_timeout =
        milliseconds(server, "start_timeout_ms", DEFAULT_START_TIMEOUT).map_err(error)?;
    let call_timeout = milliseconds(server, "timeout_ms", DEFAULT_CALL_TIMEOUT).map_err(error)?;
    let approval = match server.get("approval").map(Value::as_str) {
        None if trusted => Approval::Never,
        None | Some(Some("unless-read-only")) => Approval::UnlessReadOnly,
        Some(Some("never")) => Approval::Never,
        Some(Some("always")) => Approval::Always,
        Some(_) => {
            return Err(error(
                "field \"approval\": must be \"never\", \"always\" or \"unless-read-only\""
                    .to_owned(),
            ));
        }
    };
    let optional = match server.get("optional") {
        None => false,
        Some(Value::Bool(optional)) => *optional,
        Some(_) => return Err(error("field \"optional\": must be true or false".to_owned())),
    };
    Ok(ServerSpec {
        name: name.to_owned(),
        transport: Transport::Stdio { command, env },
        trusted,
        start_timeout,
        call_timeout,
        optional,
        approval,
    })
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

/// The `env` object with `${VAR}` filled in. An error names the variable, never a value.
fn environment(
    env: &Map<String, Value>,
    lookup: &dyn Fn(&str) -> Option<String>,
) -> Result<Vec<(String, String)>, String> {
    env.iter()
        .map(|(name, value)| {
            let value =
                value.as_str().ok_or_else(|| format!("field \"env.{name}\": must be a string"))?;
            let filled = expand(value, lookup)
                .map_err(|variable| format!("field \"env.{name}\": ${{{variable}}} is not set"))?;
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
        let Transport::Stdio { command, env } = &specs[0].transport;
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
}
