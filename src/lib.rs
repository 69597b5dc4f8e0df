//! # ordo
//!
//! The `ordo` command line's library half: the standard tools the CLI ships, usable from any
//! program that embeds `ordo-tools`. Each sits behind a cargo feature; the default, `cli`,
//! takes them all with the binary. An embedder who wants only the file tools writes
//! `ordo = { version = "…", default-features = false, features = ["files"] }` and compiles
//! neither the command line's crates nor the script runtime.
//!
//! - [`files`]: the built-in file tools (`read_file`, `write_file`, `list_dir`, `search_files`)
//!   and the root guard that confines them (R-CLI-7).
//! - [`manifest`]: command-backed tools declared in a TOML manifest (R-CLI-5).
//! - [`process`]: the processes ordo starts (manifest commands, mounted MCP servers), each in
//!   its process group, contained, with only the environment it is given (R-CLI-10).
//! - [`mcp`]: a registry's tools, `run_code` first, served over MCP (R-MCPS), and MCP servers
//!   mounted as tools (R-MCPM); [`mcp::http`] admits requests to the HTTP endpoint (R-MCPS-6).
//! - [`toolset`]: a session's tools assembled from those sources (file tools under their
//!   roots, manifests, MCP configs), as the command line builds them from its flags.
//! - [`state`]: paused runs, kept values and (in a fleet) session logs, in SQLite or PostgreSQL.
//! - [`telemetry`]: ordo's spans and metrics exported over OpenTelemetry, with the GenAI and
//!   MCP conventions (R-OTEL).
//! - [`visible`]: text from outside made safe to show (control and bidi characters escaped);
//!   [`utc`]: times as people read them.

#[cfg(feature = "files")]
pub mod files;
#[cfg(feature = "manifest")]
pub mod manifest;
#[cfg(feature = "mcp")]
pub mod mcp;
#[cfg(feature = "process")]
pub mod process;
#[cfg(feature = "state")]
pub mod state;
#[cfg(feature = "otel")]
pub mod telemetry;
#[cfg(any(feature = "mcp", feature = "otel"))]
mod tls;
pub mod toolset;
pub mod utc;
pub mod visible;
