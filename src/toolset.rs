//! A session's tools, assembled from where they come from: the built-in file tools confined to
//! their roots, the command tools of manifests, and the tools of MCP servers (from `mcpServers`
//! files and manifests' `[[mcp]]` tables), started and mounted. What the `ordo` command line
//! builds from its flags, for any program: serve ordo's tools over MCP from your own `main`
//! (`examples/serve_mcp.rs`), or run them in your own agent.
//!
//! ```no_run
//! # async fn assemble() -> Result<(), Box<dyn std::error::Error>> {
//! use ordo::files::Roots;
//! use ordo::toolset::ToolSet;
//!
//! let tools = ToolSet::builder()
//!     .files(Roots::current_dir()?)
//!     .manifest("tools.toml")
//!     .build()
//!     .await?;
//! let pipeline = tools.pipeline().build();
//! # let _ = pipeline;
//! # Ok(())
//! # }
//! ```
//!
//! Each source is behind its cargo feature (`files`, `manifest`, `mcp`). Whether a call asks a
//! human first is each tool's own property (a manifest's `approval = "ask"`, a server's
//! `approval`), which every pipeline honours: nothing more to install.

#[cfg(any(feature = "manifest", feature = "mcp"))]
use std::path::PathBuf;
#[cfg(feature = "files")]
use std::sync::Arc;

use ordo_tools::{PipelineBuilder, ToolRegistry};

#[cfg(feature = "files")]
use crate::files::{self, Roots};
#[cfg(feature = "manifest")]
use crate::manifest::{Manifest, ManifestError};
#[cfg(feature = "mcp")]
use crate::mcp::mount::{self, ConfigError, Renamed, ServerSpec, StartError};

/// The tools a session works with.
pub struct ToolSet {
    /// Every tool, in the order the sources were given: file tools, manifests' tools, mounted
    /// servers' tools.
    pub registry: ToolRegistry,
    /// The roots the file tools are confined to, if they are in the set.
    #[cfg(feature = "files")]
    pub roots: Option<Arc<Roots>>,
    /// Mounted tools whose names had to be made valid provider names.
    #[cfg(feature = "mcp")]
    pub renamed: Vec<Renamed>,
}

impl ToolSet {
    /// Starts a tool set with no tools.
    pub fn builder() -> ToolSetBuilder {
        ToolSetBuilder::default()
    }

    /// A pipeline over these tools, with the root guard that confines the file tools (a guard:
    /// no hook can skip it). Add hooks and an approval service, then `build`.
    pub fn pipeline(&self) -> PipelineBuilder {
        let builder = ordo_tools::Pipeline::builder(self.registry.clone());
        #[cfg(feature = "files")]
        let builder = match &self.roots {
            Some(roots) => builder.guard(files::root_guard(Arc::clone(roots))),
            None => builder,
        };
        builder
    }
}

/// Where a [`ToolSet`]'s tools come from (see the module's documentation).
#[derive(Default)]
pub struct ToolSetBuilder {
    registry: Option<ToolRegistry>,
    #[cfg(feature = "files")]
    roots: Option<Roots>,
    #[cfg(feature = "manifest")]
    manifests: Vec<PathBuf>,
    #[cfg(feature = "mcp")]
    mcp_configs: Vec<PathBuf>,
    #[cfg(feature = "mcp")]
    trusted: Vec<String>,
}

impl ToolSetBuilder {
    /// Adds the tools to `registry` (which may hold tools of the caller's already) instead of a
    /// new one.
    pub fn registry(mut self, registry: ToolRegistry) -> Self {
        self.registry = Some(registry);
        self
    }

    /// The built-in file tools, confined to `roots` (`write_file` only with a write root).
    #[cfg(feature = "files")]
    pub fn files(mut self, roots: Roots) -> Self {
        self.roots = Some(roots);
        self
    }

    /// The tools of the manifest at `path`, and the MCP servers its `[[mcp]]` tables declare
    /// (those with the `mcp` feature; without it such a table is an error).
    #[cfg(feature = "manifest")]
    pub fn manifest(mut self, path: impl Into<PathBuf>) -> Self {
        self.manifests.push(path.into());
        self
    }

    /// The MCP servers of the `mcpServers` file at `path`.
    #[cfg(feature = "mcp")]
    pub fn mcp_config(mut self, path: impl Into<PathBuf>) -> Self {
        self.mcp_configs.push(path.into());
        self
    }

    /// Trusts the MCP server named `server`: its read-only hints are believed (its read-only
    /// tools run concurrently) and, unless its config says otherwise, its calls ask no
    /// approval. A name no server has is an error at [`build`](Self::build).
    #[cfg(feature = "mcp")]
    pub fn trust(mut self, server: impl Into<String>) -> Self {
        self.trusted.push(server.into());
        self
    }

    /// Registers every tool and starts every MCP server. A source that cannot be read or
    /// registered is an error naming it; a server that cannot start is one unless it is
    /// `optional`.
    pub async fn build(self) -> Result<ToolSet, AssemblyError> {
        let registry = self.registry.unwrap_or_default();
        #[cfg(feature = "files")]
        let roots = match self.roots {
            Some(roots) => {
                let roots = Arc::new(roots);
                files::register(&registry, Arc::clone(&roots)).map_err(AssemblyError::Files)?;
                Some(roots)
            }
            None => None,
        };
        #[cfg(feature = "manifest")]
        let manifests = register_manifests(&registry, &self.manifests)?;
        #[cfg(all(feature = "manifest", not(feature = "mcp")))]
        if let Some(manifest) = manifests.iter().find(|manifest| !manifest.mcp_servers().is_empty())
        {
            return Err(AssemblyError::NoMcp { manifest: manifest.path().to_owned() });
        }
        #[cfg(feature = "mcp")]
        let renamed = {
            let mut servers = Vec::new();
            #[cfg(feature = "manifest")]
            servers.extend(manifest_servers(&manifests)?);
            for path in &self.mcp_configs {
                servers.extend(mount::load(path).map_err(AssemblyError::McpConfig)?);
            }
            trust(&mut servers, &self.trusted)?;
            let mounts = mount::mount(&registry, servers).await.map_err(AssemblyError::Mount)?;
            mounts.renamed().to_vec()
        };
        Ok(ToolSet {
            registry,
            #[cfg(feature = "files")]
            roots,
            #[cfg(feature = "mcp")]
            renamed,
        })
    }
}

/// Loads and registers each manifest, in order.
#[cfg(feature = "manifest")]
fn register_manifests(
    registry: &ToolRegistry,
    paths: &[PathBuf],
) -> Result<Vec<Manifest>, AssemblyError> {
    let mut manifests = Vec::with_capacity(paths.len());
    for path in paths {
        let manifest = Manifest::load(path).map_err(AssemblyError::Manifest)?;
        manifest.register(registry).map_err(AssemblyError::Manifest)?;
        manifests.push(manifest);
    }
    Ok(manifests)
}

/// The servers the manifests' `[[mcp]]` tables declare, `${VAR}` read from the environment.
#[cfg(all(feature = "manifest", feature = "mcp"))]
fn manifest_servers(manifests: &[Manifest]) -> Result<Vec<ServerSpec>, AssemblyError> {
    let environment = |name: &str| std::env::var(name).ok();
    let mut servers = Vec::new();
    for manifest in manifests {
        for table in manifest.mcp_servers() {
            let place = format!("{}:{}", manifest.path().display(), table.location);
            let server = mount::from_manifest(&place, &table.fields, &environment)
                .map_err(AssemblyError::McpConfig)?;
            servers.push(server);
        }
    }
    Ok(servers)
}

/// Marks the servers `names` names trusted; a name no server has is an error.
#[cfg(feature = "mcp")]
fn trust(servers: &mut [ServerSpec], names: &[String]) -> Result<(), AssemblyError> {
    for name in names {
        let Some(server) = servers.iter_mut().find(|server| &server.name == name) else {
            let known = servers.iter().map(|server| server.name.clone()).collect();
            return Err(AssemblyError::UnknownServer { name: name.clone(), known });
        };
        server.trusted = true;
    }
    Ok(())
}

/// Why a tool set could not be assembled; each says which source and what was wrong.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum AssemblyError {
    /// The file tools could not be registered.
    #[cfg(feature = "files")]
    #[error("cannot register the file tools: {0}")]
    Files(ordo_tools::RegisterError),
    /// A manifest could not be read, or its tools registered.
    #[cfg(feature = "manifest")]
    #[error(transparent)]
    Manifest(ManifestError),
    /// A manifest declares MCP servers, and this build cannot mount them.
    #[cfg(all(feature = "manifest", not(feature = "mcp")))]
    #[error("{}: its [[mcp]] tables need ordo's `mcp` feature", manifest.display())]
    NoMcp {
        /// The manifest.
        manifest: PathBuf,
    },
    /// An MCP server's config could not be used.
    #[cfg(feature = "mcp")]
    #[error(transparent)]
    McpConfig(ConfigError),
    /// An MCP server could not be started.
    #[cfg(feature = "mcp")]
    #[error(transparent)]
    Mount(StartError),
    /// A server to trust that no config declares.
    #[cfg(feature = "mcp")]
    #[error("no MCP server is named {name:?} (the servers: {})", listed(known))]
    UnknownServer {
        /// The name asked for.
        name: String,
        /// The servers there are.
        known: Vec<String>,
    },
}

#[cfg(feature = "mcp")]
fn listed(names: &[String]) -> String {
    if names.is_empty() { "none".to_owned() } else { names.join(", ") }
}
