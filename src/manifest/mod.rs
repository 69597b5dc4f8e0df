//! Command-backed tools from a TOML manifest (R-CLI-5).
//!
//! A manifest declares tools that run a command: any program, in any language, becomes a tool
//! by reading its arguments as JSON on stdin and printing its value as JSON on stdout.
//!
//! ```toml
//! [[tool]]
//! name = "word_count"
//! description = "Counts the lines, words and bytes of a text."
//! command = ["./scripts/word_count.sh", "--json"]  # relative: beside this manifest
//! concurrency_safe = true                           # may run beside other calls
//! timeout_ms = 5000                                 # group killed when it runs out
//! approval = "ask"                                  # a human allows each call
//!
//! [tool.parameters]                                 # JSON Schema, as a TOML table
//! type = "object"
//! required = ["text"]
//! additionalProperties = false
//! properties.text = { type = "string", description = "The text to count." }
//!
//! [tool.output_schema]                              # optional; any JSON value without it
//! type = "object"
//! required = ["lines", "words", "bytes"]
//! properties.lines = { type = "integer" }
//! properties.words = { type = "integer" }
//! properties.bytes = { type = "integer" }
//!
//! [tool.annotations]                                # optional hints for MCP clients
//! read_only = true
//! idempotent = true
//! open_world = false
//! ```
//!
//! ## Fields of a `[[tool]]`
//!
//! | field | | |
//! | --- | --- | --- |
//! | `name` | required | `^[a-zA-Z0-9_-]{1,64}$` without `__`, not `run_code`, unique |
//! | `description` | required | non-empty; the model reads it |
//! | `parameters` | required | a JSON Schema of `type = "object"` |
//! | `output_schema` | optional | a JSON Schema of the value; absent: any value |
//! | `command` | required | `["program", "arg", …]`, run without a shell |
//! | `concurrency_safe` | optional | `true` lets calls run in parallel (default `false`) |
//! | `timeout_ms` | optional | > 0; enforced by the pipeline's [`TimeoutPolicy`] |
//! | `approval` | optional | `"ask"`: a human allows each call first (see below) |
//! | `env` | optional | `{ NAME = "value" }`: variables the command gets |
//! | `env_pass` | optional | `["NAME", …]`: variables passed through from ordo's environment |
//! | `annotations` | optional | `{ read_only, destructive, idempotent, open_world }`: booleans |
//!
//! A schema is a TOML table, or a string of JSON (`parameters = '''{ "type": "object" }'''`)
//! for what TOML cannot say (`null`) or to keep the order of keys, which TOML tables sort.
//! Schemas are checked as registration checks them (R-DEF-3), at load.
//!
//! `annotations` are the tool's [`ToolAnnotations`] (R-MCPS-2), which MCP clients see as
//! `readOnlyHint`, `destructiveHint`, `idempotentHint` and `openWorldHint` when ordo serves its
//! tools over MCP. Each key is optional; one left out takes [`ToolAnnotations::default`]'s value,
//! which claims nothing, and so does a tool without the field: a command can do anything. They
//! are metadata for hosts and clients: never shown to the model, never a reason to skip a guard
//! or an approval.
//!
//! ## How a command is run
//!
//! - The program, if it contains a `/`, is a path: relative ones resolve against the
//!   manifest's folder, and it must exist and be executable when the manifest loads. A bare
//!   name (`jq`) is looked up on `PATH` when the tool runs.
//! - It runs in ordo's working directory, in a process group of its own, with an environment
//!   cleared of ordo's: only `PATH`, `HOME`, `LANG`, `LC_ALL`, `LC_CTYPE`, `TZ` and `TMPDIR`,
//!   the variables `env_pass` names, and those `env` sets.
//! - Its arguments arrive on stdin as one line of JSON; stdin is then closed.
//! - Exit status 0: stdout must hold one JSON value, which is the call's value (checked
//!   against `output_schema`). A string value is shown to the model as its text, any other
//!   value as pretty-printed JSON.
//! - Any other exit, or death by a signal: `TOOL_ERROR`, with the status and stderr.
//! - On cancel or timeout the whole group gets `SIGTERM`, then `SIGKILL`; when the command
//!   exits, whatever it left running in its group is killed too. Nothing outlives the call,
//!   and no zombie is left behind ([`crate::process`]).
//!
//! `approval = "ask"` is a property of the tool ([`ToolDefinition::with_approval`]): the
//! pipeline asks its approval service before each call, the prompt naming the command line (a
//! command can do anything its user can, and the human should see what is about to run). With
//! no approval service installed such calls end as `APPROVAL_UNAVAILABLE` (R-PIPE-3).
//!
//! ## Loading and registering
//!
//! ```no_run
//! use ordo::manifest::Manifest;
//! use ordo_tools::{Pipeline, ToolRegistry};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let manifest = Manifest::load("tools.toml")?;
//! let registry = ToolRegistry::new();
//! manifest.register(&registry)?;
//! let pipeline = Pipeline::builder(registry).build();
//! # let _ = pipeline;
//! # Ok(())
//! # }
//! ```
//!
//! [`TimeoutPolicy`]: ordo_tools::TimeoutPolicy
//! [`ToolAnnotations`]: ordo_tools::ToolAnnotations
//! [`ToolAnnotations::default`]: ordo_tools::ToolAnnotations::default
//! [`ToolDefinition::with_approval`]: ordo_tools::ToolDefinition::with_approval

mod command;
mod error;
mod load;
mod tool;

use std::path::{Path, PathBuf};

use ordo_tools::{RegisterError, ToolRegistry};

pub use error::{Location, ManifestError, ToolRef};
pub use load::McpTable;
pub use tool::{Argv, CommandTool};

/// The tools of one manifest file, checked and ready to register.
#[derive(Clone, Debug)]
pub struct Manifest {
    path: PathBuf,
    tools: Vec<CommandTool>,
    mcp: Vec<McpTable>,
}

impl Manifest {
    /// Reads and checks the manifest at `path`.
    pub fn load(path: impl AsRef<Path>) -> Result<Self, ManifestError> {
        let path = path.as_ref();
        let text = std::fs::read_to_string(path)
            .map_err(|error| ManifestError::new(path, format!("cannot read: {error}")))?;
        Self::parse(&text, path)
    }

    /// Checks a manifest's text. `path` is where it came from: errors name it and relative
    /// program paths resolve against its folder.
    pub fn parse(text: &str, path: impl AsRef<Path>) -> Result<Self, ManifestError> {
        let path = path.as_ref();
        let folder = match path.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent,
            _ => Path::new("."),
        };
        let folder = std::path::absolute(folder).map_err(|error| {
            ManifestError::new(path, format!("cannot find the manifest's folder: {error}"))
        })?;
        let (tools, mcp) = load::parse(text, path, &folder)?;
        Ok(Self { path: path.to_owned(), tools, mcp })
    }

    /// The file, as its path was given.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The tools, in the order the file declares them.
    pub fn tools(&self) -> &[CommandTool] {
        &self.tools
    }

    /// The MCP servers its `[[mcp]]` tables declare, unchecked: mounting them (the `mcp`
    /// feature) checks their fields.
    pub fn mcp_servers(&self) -> &[McpTable] {
        &self.mcp
    }

    /// Registers every tool, or none: if one name is taken (by a built-in tool or another
    /// manifest's), nothing is left registered and the error names the file and the tool.
    pub fn register(&self, registry: &ToolRegistry) -> Result<(), ManifestError> {
        if let Some(taken) = self.tools.iter().find(|tool| registry.get(tool.name()).is_some()) {
            return Err(self.taken(taken));
        }
        for (index, tool) in self.tools.iter().enumerate() {
            if let Err(error) = registry.register(tool.definition()) {
                for registered in &self.tools[..index] {
                    registry.unregister(registered.name());
                }
                return Err(match error {
                    RegisterError::Duplicate { .. } => self.taken(tool),
                    other => ManifestError::new(&self.path, other.to_string())
                        .at(tool.name_location)
                        .in_tool(ToolRef::Named(tool.name().to_owned())),
                });
            }
        }
        Ok(())
    }

    fn taken(&self, tool: &CommandTool) -> ManifestError {
        let message = format!(
            "a tool named {:?} is already registered (a built-in tool, or one from another manifest)",
            tool.name()
        );
        ManifestError::new(&self.path, message)
            .at(tool.name_location)
            .in_tool(ToolRef::Named(tool.name().to_owned()))
            .in_field("name")
    }
}
