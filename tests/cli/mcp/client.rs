//! Running the Python client against the binary.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

use serde_json::Value;

use crate::common::{Scratch, bin};

/// The Python of the cached environment that has the MCP SDK; `None` (after a loud message)
/// only where the package registry cannot be reached.
pub(crate) fn python() -> Option<PathBuf> {
    static PYTHON: OnceLock<Option<PathBuf>> = OnceLock::new();
    PYTHON
        .get_or_init(|| {
            let setup = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/mcp/setup.sh");
            let output = Command::new("bash").arg(setup).output().expect("cannot run setup.sh");
            if output.status.success() {
                let path = String::from_utf8_lossy(&output.stdout).trim().to_owned();
                return Some(PathBuf::from(path));
            }
            let why = String::from_utf8_lossy(&output.stderr);
            let offline = [
                "Could not find a version",
                "Network is unreachable",
                "Temporary failure in name resolution",
                "Connection",
                "connection",
            ]
            .iter()
            .any(|sign| why.contains(sign));
            assert!(offline, "the MCP client environment could not be set up:\n{why}");
            eprintln!(
                "\n*** SKIPPED: the Python MCP SDK could not be installed (PyPI unreachable); \
                 `ordo mcp` is NOT tested against a real client in this run ***\n{why}"
            );
            None
        })
        .clone()
}

/// What the client saw running `scenario` against `ordo mcp ORDO_ARGS` over stdio, in the
/// scratch folder; `elicit` is the client's answer to elicitations (none: not supported), or
/// `"modern"` for a client of the stateless revision.
pub(crate) fn stdio(
    scratch: &Scratch,
    ordo_args: &[&str],
    scenario: &str,
    args: &[&str],
    elicit: Option<&str>,
) -> Option<Value> {
    let mut server: Vec<OsString> = vec![bin().into(), "mcp".into()];
    server.extend(ordo_args.iter().map(OsString::from));
    stdio_server(scratch, &server, scenario, args, elicit)
}

/// As [`stdio`], against any stdio server: the program and its arguments.
pub(crate) fn stdio_server(
    scratch: &Scratch,
    server: &[OsString],
    scenario: &str,
    args: &[&str],
    elicit: Option<&str>,
) -> Option<Value> {
    let python = python()?;
    let mut command = Command::new(python);
    command.current_dir(scratch.path()).arg(client_script()).arg(scenario);
    match elicit {
        // The stateless revision (2026-07-28) has no elicitation in this form.
        Some("modern") => {
            command.arg("--modern");
        }
        Some(answer) => {
            command.arg(format!("--elicit={answer}"));
        }
        None => {}
    }
    command.arg("--stdio").args(server).arg("--").args(args);
    command.env_remove("ORDO_LOG");
    Some(run(&mut command))
}

/// What the client saw running `scenario` against the HTTP server at `url`.
pub(crate) fn http(url: &str, token: Option<&str>, scenario: &str, args: &[&str]) -> Option<Value> {
    http_client(url, token, scenario, args, false)
}

/// As [`http`], for a client of the stateless revision (2026-07-28).
pub(crate) fn http_modern(
    url: &str,
    token: Option<&str>,
    scenario: &str,
    args: &[&str],
) -> Option<Value> {
    http_client(url, token, scenario, args, true)
}

fn http_client(
    url: &str,
    token: Option<&str>,
    scenario: &str,
    args: &[&str],
    modern: bool,
) -> Option<Value> {
    let python = python()?;
    let mut command = Command::new(python);
    command.arg(client_script()).arg(scenario);
    if modern {
        command.arg("--modern");
    }
    command.arg("--http").arg(url);
    if let Some(token) = token {
        command.arg("--token").arg(token);
    }
    command.arg("--").args(args);
    Some(run(&mut command))
}

fn client_script() -> &'static str {
    concat!(env!("CARGO_MANIFEST_DIR"), "/tests/mcp/client.py")
}

fn run(command: &mut Command) -> Value {
    let output = command.output().expect("cannot run the MCP client");
    assert!(
        output.status.success(),
        "the MCP client failed: {}\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    // The SDK warns of what it takes for a server's fault; ordo must give it none.
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(!said.contains("Session termination failed"), "{said}");
    serde_json::from_slice(&output.stdout).unwrap_or_else(|error| {
        panic!("the client printed no JSON ({error}): {}", String::from_utf8_lossy(&output.stdout))
    })
}
