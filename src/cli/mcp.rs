//! `ordo mcp` (R-MCPS-1): the tools served to MCP clients, over stdio until the client goes
//! away, or over streamable HTTP until interrupted.

use super::args::McpArgs;
use super::exit::{CliError, Exit};
use super::setup;

/// Serves until the client goes away (stdio) or ordo is interrupted.
pub(crate) async fn run(args: McpArgs) -> Result<Exit, CliError> {
    let server = setup::mcp_server(&args)?;
    server.serve_stdio().await.map_err(|error| CliError::failed(format!("ordo mcp: {error}")))?;
    Ok(Exit::Success)
}
