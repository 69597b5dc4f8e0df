//! OpenTelemetry export (R-OTEL), against a real OTLP receiver (`receiver.rs`: the protocol's
//! protobuf messages, decoded as a collector decodes them): the span tree of a script's nested
//! calls, an MCP request under its client's `traceparent`, a mounted server's call as a client
//! span whose context reaches that server, the conventions' attribute names, the metrics, and
//! nothing a user did not opt into.

mod receiver;

use std::ffi::OsString;

use serde_json::json;

use crate::common::{Scratch, bin, stderr};
use crate::mcp::client::{python, stdio_server};
use receiver::{Receiver, Span};

/// The protocol's span kinds.
const INTERNAL: i32 = 1;
const SERVER: i32 = 2;
const CLIENT: i32 = 3;
/// The protocol's error status.
const ERROR: i32 = 2;

/// A secret the files and scripts hold, which no export may carry unless asked.
const SECRET: &str = "s3cr3t-9f2c";

/// The environment that points ordo at `receiver`, with batches sent every 50 ms.
fn exporting(receiver: &Receiver) -> Vec<(&'static str, String)> {
    vec![
        ("OTEL_EXPORTER_OTLP_ENDPOINT", receiver.endpoint()),
        ("OTEL_SERVICE_NAME", "ordo-under-test".to_owned()),
        ("OTEL_BSP_SCHEDULE_DELAY", "50".to_owned()),
    ]
}

fn named<'a>(spans: &'a [Span], name: &str) -> Vec<&'a Span> {
    spans.iter().filter(|span| span.name == name).collect()
}

fn one<'a>(spans: &'a [Span], name: &str) -> &'a Span {
    let found = named(spans, name);
    assert_eq!(found.len(), 1, "one {name:?} span in {spans:#?}");
    found[0]
}

fn scratch() -> Scratch {
    let scratch = Scratch::new();
    scratch.write("a.txt", &format!("alpha {SECRET}\n"));
    scratch.write("b.txt", "beta\n");
    scratch.write(
        "script.js",
        &format!(
            "// {SECRET} in the source\n\
             const [a, b] = await Promise.all([\n\
               tools.read_file({{ path: 'a.txt' }}), tools.read_file({{ path: 'b.txt' }})]);\n\
             try {{ await tools.read_file({{ path: 'missing.txt' }}); }} catch {{}}\n\
             return a.lines + b.lines;\n"
        ),
    );
    scratch
}

#[test]
fn r_otel_2_a_scripts_nested_calls_are_children_of_its_run_code_span() {
    let receiver = Receiver::start();
    let scratch = scratch();
    let output = scratch.ordo(&["run", "script.js"]).envs(exporting(&receiver)).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(!stderr(&output).contains("not exported"), "{}", stderr(&output));

    let spans = receiver.wait_for("four execute_tool spans", |spans| {
        spans.iter().filter(|span| span.name.starts_with("execute_tool ")).count() >= 4
    });
    let run = one(&spans, "execute_tool run_code");
    assert_eq!((run.kind, run.parent_span_id.as_str()), (INTERNAL, ""), "a root: no client here");
    assert_eq!(run.service, "ordo-under-test", "OTEL_SERVICE_NAME");
    assert_eq!(run.attribute("gen_ai.operation.name"), Some("execute_tool"));
    assert_eq!(run.attribute("gen_ai.tool.name"), Some("run_code"));
    assert_eq!(run.attribute("gen_ai.tool.type"), Some("function"));
    assert!(run.attribute("gen_ai.tool.call.id").is_some_and(|id| !id.is_empty()));
    assert_eq!((run.attribute("error.type"), run.status), (None, 0), "the run succeeded");
    assert_eq!(run.events, ["dispatched", "body returned"]);
    let reads = named(&spans, "execute_tool read_file");
    assert_eq!(reads.len(), 3, "{spans:#?}");
    for read in &reads {
        assert_eq!(read.parent_span_id, run.span_id, "nested under run_code");
        assert_eq!(read.trace_id, run.trace_id);
        assert_eq!(read.attribute("gen_ai.tool.name"), Some("read_file"));
    }
    let failed: Vec<_> = reads.iter().filter(|read| read.status == ERROR).collect();
    assert_eq!(failed.len(), 1, "the missing file's call, and only it: {reads:#?}");
    assert_eq!(failed[0].attribute("error.type"), Some("TOOL_ERROR"));

    // Arguments, results and the script are opt-in: none of them left.
    assert!(spans.iter().all(|span| span.attribute("gen_ai.tool.call.arguments").is_none()));
    assert!(spans.iter().all(|span| span.attribute("gen_ai.tool.call.result").is_none()));
    assert!(!receiver.ever_carried(SECRET), "a file's or the script's content was exported");

    let metrics = receiver.metrics();
    let tool_calls: Vec<_> =
        metrics.iter().filter(|(name, _)| name == "ordo.tool.call.duration").collect();
    assert!(
        tool_calls.iter().any(
            |(_, point)| point.get("gen_ai.tool.name").map(String::as_str) == Some("read_file")
        ),
        "{metrics:#?}"
    );
}

#[test]
fn r_otel_3_content_is_exported_only_when_asked_and_cut_to_its_bound() {
    let receiver = Receiver::start();
    let scratch = scratch();
    let big = "x".repeat(10_000);
    scratch.write("big.js", &format!("const big = '{big}';\nreturn big.length;\n"));
    let output = scratch
        .ordo(&["run", "big.js", "--otel-content"])
        .envs(exporting(&receiver))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let spans = receiver.wait_for("run_code's span", |spans| {
        spans.iter().any(|span| span.name == "execute_tool run_code")
    });
    let run = one(&spans, "execute_tool run_code");
    let arguments = run.attribute("gen_ai.tool.call.arguments").expect("asked for");
    assert!(arguments.starts_with(r#"{"code":"const big = 'xxx"#), "{arguments}");
    assert!(arguments.len() < 4200, "cut to 4 KiB: {} bytes", arguments.len());
    assert!(arguments.ends_with("more bytes]"), "says it was cut");
    assert!(
        run.attribute("gen_ai.tool.call.result").is_some_and(|result| result.contains("10000"))
    );
}

#[test]
fn r_otel_1_a_protocol_ordo_does_not_speak_is_refused_at_start() {
    let scratch = scratch();
    let output = scratch
        .ordo(&["run", "script.js", "--otel"])
        .env("OTEL_EXPORTER_OTLP_PROTOCOL", "grpc")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "a usage error");
    assert!(
        stderr(&output).contains("OTEL_EXPORTER_OTLP_PROTOCOL=\"grpc\""),
        "{}",
        stderr(&output)
    );
}

/// A receiver that cannot be reached costs the run its spans and a warning for each kind of
/// export, never its result or its exit status; the process still ends (two retries each).
#[test]
fn r_otel_5_a_receiver_that_is_down_costs_warnings_not_the_result() {
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let endpoint = format!("http://{}", closed.local_addr().unwrap());
    drop(closed);
    let scratch = scratch();
    let output = scratch
        .ordo(&["run", "script.js"])
        .env("OTEL_EXPORTER_OTLP_ENDPOINT", endpoint)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout).trim(),
        "2",
        "the result, as without export"
    );
    let stderr = stderr(&output);
    assert!(stderr.contains("the last spans were not exported"), "{stderr}");
    assert!(stderr.contains("the last metrics were not exported"), "{stderr}");
}

/// The client's trace context in `_meta` is the parent of ordo's server span; the run, its
/// nested call of a mounted server's tool, and the client span of that call follow in one
/// trace, and the mounted server receives the client span's context in its request's `_meta`.
#[test]
fn r_otel_2_an_mcp_request_continues_its_clients_trace_into_the_mounted_server() {
    let Some(python) = python() else { return };
    let receiver = Receiver::start();
    let scratch = Scratch::new();
    let fixture = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/mcp/fixture_server.py");
    let config = json!({ "mcpServers": { "fx": {
        "command": python.to_str().unwrap(), "args": [fixture], "approval": "never"
    } } });
    scratch.write("mcp.json", &config.to_string());
    let mut server: Vec<OsString> = vec!["env".into()];
    server.extend(
        exporting(&receiver).into_iter().map(|(name, value)| format!("{name}={value}").into()),
    );
    server.extend([bin().into(), "mcp".into(), "--mcp-config".into(), "mcp.json".into()]);
    let (trace_id, client_span) = ("4bf92f3577b34da6a3ce929d0e0e4736", "00f067aa0ba902b7");
    let meta = json!({ "traceparent": format!("00-{trace_id}-{client_span}-01") });
    let code = json!({ "code": "return await tools.fx.trace({});" }).to_string();
    let seen =
        stdio_server(&scratch, &server, "call_meta", &["run_code", &code, &meta.to_string()], None)
            .expect("the client ran");

    let spans = receiver.wait_for("the client span of the mounted call", |spans| {
        spans.iter().any(|span| span.name == "tools/call trace")
    });
    let request = one(&spans, "tools/call run_code");
    assert_eq!(request.kind, SERVER);
    assert_eq!(
        (request.trace_id.as_str(), request.parent_span_id.as_str()),
        (trace_id, client_span)
    );
    assert_eq!(request.attribute("mcp.method.name"), Some("tools/call"));
    assert_eq!(request.attribute("gen_ai.tool.name"), Some("run_code"));
    assert_eq!(request.attribute("gen_ai.operation.name"), Some("execute_tool"));
    assert_eq!(request.attribute("network.transport"), Some("pipe"));
    assert!(request.attribute("jsonrpc.request.id").is_some());
    assert!(request.attribute("mcp.protocol.version").is_some_and(|v| v.starts_with("20")));
    let run = one(&spans, "execute_tool run_code");
    assert_eq!((run.kind, &run.parent_span_id), (INTERNAL, &request.span_id));
    let nested = one(&spans, "execute_tool fx__trace");
    assert_eq!(nested.parent_span_id, run.span_id);
    let mounted = one(&spans, "tools/call trace");
    assert_eq!((mounted.kind, &mounted.parent_span_id), (CLIENT, &nested.span_id));
    assert_eq!(mounted.attribute("mcp.method.name"), Some("tools/call"));
    // The SDK lists the tools first, with no trace context: a request span of its own, a root.
    let listing = one(&spans, "tools/list");
    assert_eq!((listing.kind, listing.parent_span_id.as_str()), (SERVER, ""));
    let traced = spans.iter().filter(|span| span.name != "tools/list");
    assert!(traced.clone().all(|span| span.trace_id == trace_id), "one trace: {spans:#?}");
    assert!(traced.clone().all(|span| span.attribute("target").is_none()), "conventions only");

    let received = &seen["result"]["structuredContent"]["result"]["traceparent"];
    assert_eq!(
        received.as_str(),
        Some(format!("00-{trace_id}-{}-01", mounted.span_id).as_str()),
        "the mounted server got the client span's context: {seen:#}"
    );
    let metrics = receiver.metrics();
    assert!(
        metrics.iter().any(|(name, point)| name == "mcp.server.operation.duration"
            && point.get("mcp.method.name").map(String::as_str) == Some("tools/call")),
        "{metrics:#?}"
    );
    assert!(
        metrics.iter().any(|(name, point)| name == "mcp.client.operation.duration"
            && point.get("gen_ai.tool.name").map(String::as_str) == Some("trace")
            && point.get("network.transport").map(String::as_str) == Some("pipe")),
        "the call to the mounted server, measured: {metrics:#?}"
    );
}

/// Over HTTP a client that puts its trace context in the request's headers, not in `_meta`,
/// is the parent too; the span names the session and the transport; the bearer token never
/// leaves in an export.
#[test]
fn r_otel_2_over_http_the_headers_carry_the_parent_and_the_token_stays_home() {
    use crate::mcp::http::{Server, initialize, session_id};
    let receiver = Receiver::start();
    let scratch = Scratch::new();
    let env = exporting(&receiver);
    let env: Vec<(&str, &str)> = env.iter().map(|(name, value)| (*name, value.as_str())).collect();
    let server = Server::start_with(&scratch, &[], &env);
    let bearer = server.bearer();
    let auth = ("Authorization", bearer.as_str());
    let (status, response) = server.post(&[auth], &initialize());
    assert_eq!(status, 200, "{response}");
    let session = session_id(&response);
    let (id, version) =
        (("Mcp-Session-Id", session.as_str()), ("Mcp-Protocol-Version", "2025-11-25"));
    let initialized = json!({"jsonrpc": "2.0", "method": "notifications/initialized"}).to_string();
    assert_eq!(server.post(&[auth, id, version], &initialized).0, 202);
    let (trace_id, client_span) = ("0af7651916cd43dd8448eb211c80319c", "b7ad6b7169203331");
    let traceparent = format!("00-{trace_id}-{client_span}-01");
    let call = json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {
        "name": "run_code", "arguments": {"code": "return 6 * 7"}}})
    .to_string();
    let (status, response) =
        server.post(&[auth, id, version, ("traceparent", traceparent.as_str())], &call);
    assert_eq!(status, 200, "{response}");

    let spans = receiver.wait_for("the request's span", |spans| {
        spans.iter().any(|span| span.name == "tools/call run_code")
    });
    let request = one(&spans, "tools/call run_code");
    assert_eq!(
        (request.trace_id.as_str(), request.parent_span_id.as_str()),
        (trace_id, client_span)
    );
    assert_eq!(request.attribute("mcp.session.id"), Some(session.as_str()));
    assert_eq!(request.attribute("network.transport"), Some("tcp"));
    assert_eq!(request.attribute("jsonrpc.request.id"), Some("7"));
    let token = server.token.as_deref().expect("the server printed its token");
    assert!(!receiver.ever_carried(token), "the bearer token was exported");
}

/// `Telemetry::flush` sends the spans ended so far and returns once the receiver has them: an
/// embedder's unit of work need not wait for the batch schedule (five seconds here: no
/// `OTEL_BSP_SCHEDULE_DELAY`) nor end the exporter to be sure its spans left.
#[test]
fn r_otel_1_flush_sends_the_spans_ended_so_far_before_it_returns() {
    use std::sync::Arc;

    use ordo::telemetry::{Settings, Telemetry};
    use ordo_tools::{
        Arguments, CallContext, CallRequest, ContentBlock, Pipeline, ToolDefinition, ToolOutput,
        ToolRegistry,
    };
    use serde_json::Value;
    use tracing_subscriber::prelude::*;

    let receiver = Receiver::start();
    let settings = Settings {
        service_name: "flushing".to_owned(),
        content: None,
        endpoint: Some(receiver.endpoint()),
    };
    let (telemetry, layer) = Telemetry::start(&settings).expect("export starts");
    let _default = tracing::subscriber::set_default(tracing_subscriber::registry().with(layer));
    let registry = ToolRegistry::new();
    let noop = ToolDefinition::new(
        "noop",
        "Does nothing.",
        json!({ "type": "object" }),
        ToolOutput::new(json!({ "type": "object" }), |_, _| vec![ContentBlock::text("ok")]),
        |_: Arc<Value>, _: CallContext| async { Ok(json!({})) },
    );
    registry.register(noop).expect("registered");
    let pipeline = Pipeline::new(registry);
    let runtime = tokio::runtime::Builder::new_current_thread().build().expect("a runtime");
    let call = CallRequest::new("flushed-1", "noop", Arguments::parse("{}"));
    runtime.block_on(pipeline.call(call)).expect("the call runs");

    assert!(receiver.spans().is_empty(), "nothing leaves before the schedule or a flush");
    telemetry.flush().expect("the receiver takes the batch");
    let spans = receiver.spans();
    let span = one(&spans, "execute_tool noop");
    assert_eq!(span.attribute("gen_ai.tool.call.id"), Some("flushed-1"));
    assert_eq!(span.service, "flushing");
    telemetry.shutdown();
}
