//! The span of each MCP request ordo serves (`tools/call run_code`, `tools/list`), with the
//! names and attributes of the OpenTelemetry MCP conventions (`ordo::telemetry::CONVENTIONS`):
//! a server span whose parent is the client's trace context, from the request's `params._meta`
//! (else its HTTP headers). The `execute_tool` span of the call it runs is its child. Without a
//! subscriber that wants it (no export), the span is never created.

use rmcp::service::{RequestContext, RoleServer};

/// The span of one request, `method` (`tools/call`) on `tool` if it names one.
pub(crate) fn request(
    method: &str,
    tool: Option<&str>,
    context: &RequestContext<RoleServer>,
) -> tracing::Span {
    use tracing::field::Empty;
    let parts = context.extensions.get::<hyper::http::request::Parts>();
    let header = |name: &str| {
        parts
            .and_then(|parts| parts.headers.get(name))
            .and_then(|value| value.to_str().ok())
            .map(str::to_owned)
    };
    let span = tracing::info_span!(
        target: "ordo",
        "mcp_request",
        otel.name = %match tool { Some(tool) => format!("{method} {tool}"), None => method.to_owned() },
        otel.kind = "server",
        otel.status_code = Empty,
        mcp.method.name = method,
        gen_ai.operation.name = tool.map(|_| "execute_tool"),
        gen_ai.tool.name = tool,
        jsonrpc.request.id = %request_id(&context.id),
        mcp.protocol.version = Empty,
        mcp.session.id = Empty,
        network.transport = if parts.is_some() { "tcp" } else { "pipe" },
        error.type = Empty,
    );
    if span.is_disabled() {
        return span;
    }
    let version = context
        .meta
        .protocol_version()
        .or_else(|| context.peer.peer_info().map(|info| info.protocol_version.clone()));
    if let Some(version) = version {
        span.record("mcp.protocol.version", version.as_str());
    }
    if let Some(session) = header("mcp-session-id") {
        span.record("mcp.session.id", session.as_str());
    }
    #[cfg(feature = "otel")]
    crate::telemetry::adopt_parent(&span, &context.meta.0.0, header);
    span
}

/// Marks the request's span failed: `error.type` (a JSON-RPC error's code, or `tool_error` for
/// a result with `isError`), and the span's status.
pub(crate) fn failed(span: &tracing::Span, error_type: &str) {
    span.record("error.type", error_type);
    span.record("otel.status_code", "ERROR");
}

/// A JSON-RPC id as the conventions record it: its string form.
fn request_id(id: &rmcp::model::RequestId) -> String {
    match id {
        rmcp::model::NumberOrString::Number(number) => number.to_string(),
        rmcp::model::NumberOrString::String(text) => text.to_string(),
    }
}

/// The span of a call ordo makes to a mounted server's `tool`: a client span, child of the
/// call's `execute_tool` span, whose context goes to the server in the request's `_meta`
/// ([`carried`]).
pub(crate) fn client(server: &str, tool: &str, over_http: bool) -> tracing::Span {
    use tracing::field::Empty;
    tracing::info_span!(
        target: "ordo",
        "mcp_client",
        otel.name = %format_args!("tools/call {tool}"),
        otel.kind = "client",
        otel.status_code = Empty,
        mcp.method.name = "tools/call",
        gen_ai.operation.name = "execute_tool",
        gen_ai.tool.name = tool,
        ordo.mcp.server = server,
        network.transport = if over_http { "tcp" } else { "pipe" },
        error.type = Empty,
    )
}

/// The `_meta` that carries `span`'s trace context to a server; `None` when nothing exports.
pub(crate) fn carried(span: &tracing::Span) -> Option<rmcp::model::RequestMetaObject> {
    #[cfg(feature = "otel")]
    {
        let meta = crate::telemetry::carried(span);
        if !meta.is_empty() {
            return Some(rmcp::model::RequestMetaObject(rmcp::model::MetaObject(meta)));
        }
    }
    #[cfg(not(feature = "otel"))]
    let _ = span;
    None
}
