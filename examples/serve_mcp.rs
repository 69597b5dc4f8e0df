//! Serving ordo's tools over MCP from your own program: the file tools under the current
//! directory, the tools of a manifest, and `run_code` over them, to an MCP client on stdio.
//!
//! Run with `cargo run --example serve_mcp`, or give a client its binary as a stdio server
//! (`target/debug/examples/serve_mcp`), started in the folder it should read.

use ordo::files::Roots;
use ordo::mcp::{McpServer, McpServerConfig};
use ordo::toolset::ToolSet;
use ordo_runtime::Runtime;
use ordo_sdk::CodeModeConfig;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Scripts run in sandboxed workers: this very executable, started again as one.
    ordo_sdk::run_if_worker();
    tokio::runtime::Runtime::new()?.block_on(serve())
}

async fn serve() -> Result<(), Box<dyn std::error::Error>> {
    let mut tools = ToolSet::builder().files(Roots::current_dir()?);
    // A manifest named on the command line adds its command tools (`serve_mcp tools.toml`).
    if let Some(manifest) = std::env::args().nth(1) {
        tools = tools.manifest(manifest);
    }
    let tools = tools.build().await?;
    ordo_sdk::install(&tools.registry, CodeModeConfig::new(Runtime::current_exe()?))?;
    let server = McpServer::new(tools.pipeline().build(), McpServerConfig::default());
    server.serve_stdio().await?;
    Ok(())
}
