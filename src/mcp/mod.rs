//! `ordo mcp`: ordo served over the Model Context Protocol (R-MCPS), so that any MCP client
//! (Claude Code, Codex, Cursor, Claude Desktop, an SDK) gives its model `run_code` over ordo's
//! tools, with ordo's sandbox, policies and session log.
//!
//! - `server.rs`: the server and its client sessions, each a scheduling core of its own;
//!   every `tools/call` is one independent call through it.
//! - `listing.rs`: what clients list (schemas, annotations); `reply.rs`: what a call returns.
//! - `approval.rs`: approvals asked of the client by elicitation; `input_required.rs`: asked
//!   of a 2026-07-28 client by pausing the run and answering `input_required`; `progress.rs`: nested calls
//!   reported as progress; `session_file.rs`: where each session's log goes
//!   ([`SessionLogs`]).
//! - [`mount`]: the other way round, MCP servers mounted as ordo tools.
//! - `workers.rs`: the script workers shared fairly among clients.
//! - `spans.rs`: each request's span, with the OpenTelemetry MCP conventions' names.
//! - `stdio.rs`: the stdio transport, answering what does not parse; [`http`]: the HTTP
//!   endpoint behind its admission (Origin, Host, token, limits per client).

mod approval;
pub mod http;
mod input_required;
mod listing;
pub mod mount;
mod progress;
mod reply;
mod server;
mod session_file;
mod spans;
mod stdio;
mod workers;

pub use input_required::DEFAULT_APPROVAL_EXPIRY;
pub use listing::Listed;
pub use reply::DEFAULT_MAX_OUTPUT_CHARS;
pub use server::{
    ClientSession, DEFAULT_MAX_WORKERS, DEFAULT_RESERVED_WORKERS, DEFAULT_SESSION_LOG_QUOTA,
    McpServer, McpServerConfig,
};
pub use session_file::{SessionDir, SessionLogs, session_name};
