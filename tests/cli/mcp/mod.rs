//! `ordo mcp` end to end, driven by a real MCP client that no one here wrote: the Python SDK
//! (PyPI `mcp`, pinned in tests/mcp/setup.sh, installed into a cached virtual environment).
//! The client script (tests/mcp/client.py) only reports what it saw; the assertions are here.

pub(crate) mod client;
pub(crate) mod http;
mod protocol;
mod stdio;
