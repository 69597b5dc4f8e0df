//! Mounted MCP servers (R-MCPM): their tools become ordo tools, called from scripts as
//! `tools.<server>.<tool>` and directly as `<server>__<tool>`, every call going through the
//! pipeline (hooks, guards, approvals, timeouts, the session log) like any other.
//!
//! - `config.rs`: which servers, from an `mcpServers` JSON file or a manifest's `[[mcp]]`
//!   tables;
//! - `server.rs`: a started server: its process group, its session, its calls' timeouts;
//! - `restarts.rs`: how often a server that died is started again (a budget per window);
//! - `relay.rs`: a call to it: its progress relayed, its cancellation told;
//! - `tap.rs`: which of its tools must be called as tasks, read from what it writes;
//! - `task.rs`: a call of such a tool, as a task;
//! - `tool.rs`: a server's tool as an ordo tool: name, schemas, value, policy, and whether its
//!   calls ask a human first (the server's `approval`);
//! - here: mounting them all into a registry.

mod config;
mod failure;
mod relay;
mod restarts;
mod server;
mod tap;
mod task;
mod tool;

use std::sync::Arc;

use ordo_tools::{ToolName, ToolRegistry};

pub use config::{
    Approval, ConfigError, DEFAULT_CALL_TIMEOUT, DEFAULT_START_TIMEOUT, Overrides, ServerSpec,
    Transport, from_manifest, load, parse,
};
pub use server::StartError;

use server::MountedServer;

/// The servers mounted into a registry. Dropping it does not stop them: their tools hold them;
/// they end with the last tool that can call them, their process groups with them.
pub struct Mounts {
    servers: Vec<Arc<MountedServer>>,
    renamed: Vec<Renamed>,
}

/// A tool whose registry name is not `<server>__<tool>` as the server spells them: the name had
/// to be made a valid provider name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Renamed {
    /// The server.
    pub server: String,
    /// The tool, as the server names it.
    pub tool: String,
    /// Its name in the registry.
    pub name: String,
}

impl Mounts {
    /// The names of the mounted servers.
    pub fn servers(&self) -> impl Iterator<Item = &str> {
        self.servers.iter().map(|server| server.name())
    }

    /// The tools whose names had to be changed, for `ordo tools` to show.
    pub fn renamed(&self) -> &[Renamed] {
        &self.renamed
    }
}

/// Starts every server of `specs` and registers its tools. A server that cannot start is an
/// error, unless it is `optional` (then a warning, and ordo goes on without it). A tool whose
/// schema ordo refuses is skipped with a warning; its server stays mounted.
pub async fn mount(registry: &ToolRegistry, specs: Vec<ServerSpec>) -> Result<Mounts, StartError> {
    let started = futures::future::join_all(specs.into_iter().map(|spec| async move {
        let optional = spec.optional;
        let approval = spec.approval();
        (optional, approval, MountedServer::start(spec).await)
    }))
    .await;
    let mut mounts = Mounts { servers: Vec::new(), renamed: Vec::new() };
    for (optional, approval, started) in started {
        let (server, tools) = match started {
            Ok(started) => started,
            Err(error) if optional => {
                tracing::warn!(%error, "an optional MCP server was not mounted");
                continue;
            }
            Err(error) => return Err(error),
        };
        for tool in &tools {
            let name = tool::registry_name(server.name(), &tool.name);
            let definition = tool::definition(&server, tool, &name, approval);
            if let Err(error) = registry.register(definition) {
                tracing::warn!(server = server.name(), tool = %tool.name, %error, "skipped a mounted tool");
                continue;
            }
            if name != ToolName::namespaced(server.name(), &tool.name) {
                mounts.renamed.push(Renamed {
                    server: server.name().to_owned(),
                    tool: tool.name.to_string(),
                    name: name.as_str().to_owned(),
                });
            }
        }
        mounts.servers.push(server);
    }
    Ok(mounts)
}
