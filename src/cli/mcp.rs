//! `ordo mcp` (R-MCPS-1, R-MCPS-6): the tools served to MCP clients, over stdio until the client
//! goes away, or over streamable HTTP, behind its admission, until interrupted.

use std::net::SocketAddr;

use ordo::mcp::McpServer;
use ordo::mcp::http::{self, HttpConfig, Token};
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;

use super::args::{HttpFlags, McpArgs};
use super::exit::{CliError, Exit};
use super::output::notice;
use super::setup;

/// Serves until the client goes away (stdio) or ordo is interrupted (HTTP).
pub(crate) async fn run(args: McpArgs) -> Result<Exit, CliError> {
    let server = setup::mcp_server(&args).await?;
    match args.http {
        None => server
            .serve_stdio()
            .await
            .map_err(|error| CliError::failed(format!("ordo mcp: {error}")))?,
        Some(address) => serve_http(&server, address, &args.http_flags).await?,
    }
    Ok(Exit::Success)
}

async fn serve_http(
    server: &McpServer,
    address: SocketAddr,
    flags: &HttpFlags,
) -> Result<(), CliError> {
    let token = token(address, flags)?;
    http::check_bind(address, token.is_some()).map_err(CliError::usage)?;
    let listener = TcpListener::bind(address)
        .await
        .map_err(|error| CliError::usage(format!("cannot listen on {address}: {error}")))?;
    let bound = listener
        .local_addr()
        .map_err(|error| CliError::failed(format!("cannot read the bound address: {error}")))?;
    announce(bound, token.as_ref(), flags);
    let mut config = HttpConfig::new(bound);
    config.allowed_hosts = flags.allow_host.clone();
    config.allowed_origins = flags.allow_origin.clone();
    config.token = token;
    config.max_body_bytes = flags.max_body_bytes;
    config.max_concurrent_per_client = flags.max_concurrent;
    config.max_calls_per_minute = flags.max_calls_per_minute;
    config.header_timeout = flags.header_timeout.0;
    config.body_timeout = flags.body_timeout.0;
    config.max_unproven_per_address = flags.max_unproven_per_address;
    config.max_sessions = flags.max_sessions;
    config.session_idle_timeout = flags.session_idle_timeout.0;
    let shutdown = CancellationToken::new();
    let stop = shutdown.clone();
    tokio::spawn(async move {
        terminated().await;
        // Stop first: nothing said after a signal may stand between it and the shutdown.
        stop.cancel();
        notice!("ordo mcp: stopping; calls in flight are cancelled");
    });
    let (service, closer) =
        server.http_service(shutdown.child_token(), flags.session_idle_timeout.0);
    config.session_closer = Some(closer);
    http::serve(listener, config, service, shutdown)
        .await
        .map_err(|error| CliError::failed(format!("ordo mcp: {error}")))
}

/// The token clients must send: from `--token-env`, none with `--no-auth` (loopback only), or
/// a fresh one.
fn token(address: SocketAddr, flags: &HttpFlags) -> Result<Option<Token>, CliError> {
    if flags.no_auth {
        if !address.ip().is_loopback() {
            return Err(CliError::usage(format!(
                "--no-auth is only for a loopback address, and {address} is reachable from other \
                 machines: anyone who reaches it could read the allowed folders and run code"
            )));
        }
        notice!(
            "ordo mcp: --no-auth: any program on this machine can call the server, which can \
             read the allowed folders and run code"
        );
        return Ok(None);
    }
    let token = match &flags.token_env {
        Some(variable) => Token::from_env(variable),
        None => Token::generate(),
    };
    token.map(Some).map_err(CliError::usage)
}

/// Says where the server is and how a client connects: the only place a generated token is
/// ever shown.
fn announce(bound: SocketAddr, token: Option<&Token>, flags: &HttpFlags) {
    let url = format!("http://{bound}{}", http::PATH);
    notice!("ordo mcp: serving MCP at {url}");
    let Some(token) = token else {
        notice!("  Claude Code: claude mcp add --transport http ordo {url}");
        return;
    };
    let shown = match &flags.token_env {
        Some(variable) => format!("${variable}"),
        None => token.reveal().to_owned(),
    };
    notice!(
        "  Claude Code: claude mcp add --transport http ordo {url} --header \"Authorization: Bearer {shown}\""
    );
    notice!(
        "  mcpServers:  {{\"ordo\": {{\"url\": \"{url}\", \"headers\": {{\"Authorization\": \"Bearer {shown}\"}}}}}}"
    );
}

/// Ctrl-C or SIGTERM.
async fn terminated() {
    let Ok(mut term) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
    else {
        let _ = tokio::signal::ctrl_c().await;
        return;
    };
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        _ = term.recv() => {}
    }
}
