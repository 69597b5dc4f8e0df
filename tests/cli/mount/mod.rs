//! Mounted MCP servers end to end (R-MCPM), against real servers no one here wrote: the npm
//! reference servers `@modelcontextprotocol/server-everything` and `server-filesystem`, pinned in
//! tests/mcp/servers-setup.sh and installed into a cached folder; and `ordo mcp` itself.

mod catalog;
mod everything;
mod faults;
mod lifecycle;

use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

use serde_json::{Value, json};

use crate::common::Scratch;

/// The folder holding the reference servers' `node_modules/.bin`; `None` (after a loud
/// message) only where the npm registry cannot be reached.
pub(crate) fn servers() -> Option<PathBuf> {
    static SERVERS: OnceLock<Option<PathBuf>> = OnceLock::new();
    SERVERS
        .get_or_init(|| {
            let setup = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/mcp/servers-setup.sh");
            let output = Command::new("bash").arg(setup).output().expect("cannot run the setup");
            if output.status.success() {
                let dir = String::from_utf8_lossy(&output.stdout).trim().to_owned();
                return Some(PathBuf::from(dir).join("node_modules/.bin"));
            }
            let why = String::from_utf8_lossy(&output.stderr);
            let offline = ["ENOTFOUND", "EAI_AGAIN", "ECONNREFUSED", "ETIMEDOUT", "network"]
                .iter()
                .any(|sign| why.contains(sign));
            assert!(offline, "the reference MCP servers could not be installed:\n{why}");
            eprintln!(
                "\n*** SKIPPED: the npm registry cannot be reached; mounted MCP servers are NOT \
                 tested against real servers in this run ***\n{why}"
            );
            None
        })
        .clone()
}

/// Writes `mcp.json` in the scratch folder mounting `servers` (name → server object).
pub(crate) fn config(scratch: &Scratch, servers: Value) {
    scratch.write("mcp.json", &json!({ "mcpServers": servers }).to_string());
}

/// The reference servers, as `mcpServers` entries: `everything` and `fs` (allowed: the scratch
/// folder).
pub(crate) fn reference(scratch: &Scratch) -> Option<Value> {
    let bin = servers()?;
    let folder = scratch.path().to_str().unwrap().to_owned();
    Some(json!({
        "everything": {
            "command": bin.join("mcp-server-everything").to_str().unwrap(),
            "args": ["stdio"]
        },
        "fs": { "command": bin.join("mcp-server-filesystem").to_str().unwrap(), "args": [folder] }
    }))
}
