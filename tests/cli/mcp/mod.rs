//! `ordo mcp` end to end, driven by a real MCP client that no one here wrote: the Python SDK
//! (PyPI `mcp`, pinned in tests/mcp/setup.sh, installed into a cached virtual environment).
//! The client script (tests/mcp/client.py) only reports what it saw; the assertions are here.
//! A second real client checks it the same way: the MCP Inspector's CLI mode (npm
//! `@modelcontextprotocol/inspector`, pinned in tests/mcp/inspector-setup.sh).

pub(crate) mod approvals;
pub(crate) mod client;
mod embedded;
mod fairness;
mod front_door;
pub(crate) mod http;
mod inspector;
mod kept;
mod protocol;
mod stdio;

/// A manifest tool that records its pid in `sleeper.pid` and sleeps far longer than any test:
/// only a cancellation that kills it ends it early.
pub(crate) const SLEEPER: &str = r#"
[[tool]]
name = "sleeper"
description = "Sleeps for a long time."
parameters = { type = "object" }
command = ["sh", "-c", "echo $$ > sleeper.pid; exec sleep 30"]
"#;
