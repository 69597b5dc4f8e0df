//! An OTLP receiver for the tests: HTTP/1.1 on a loopback port, `POST /v1/traces` and
//! `/v1/metrics` decoded from protobuf with the protocol's own messages (`opentelemetry-proto`),
//! as a collector would. It keeps every span and metric name with its attributes, and answers
//! each export with an empty success.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use opentelemetry_proto::tonic::collector::metrics::v1::ExportMetricsServiceRequest;
use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest;
use opentelemetry_proto::tonic::common::v1::{AnyValue, KeyValue, any_value};
use prost::Message;

/// A span as received.
#[derive(Clone, Debug)]
pub(crate) struct Span {
    pub(crate) name: String,
    /// 1 internal, 2 server, 3 client (the protocol's numbers).
    pub(crate) kind: i32,
    pub(crate) trace_id: String,
    pub(crate) span_id: String,
    pub(crate) parent_span_id: String,
    pub(crate) attributes: BTreeMap<String, String>,
    /// 2 is ERROR.
    pub(crate) status: i32,
    /// Its events' names, in order.
    pub(crate) events: Vec<String>,
    /// The resource's `service.name`.
    pub(crate) service: String,
}

impl Span {
    /// An attribute's value as text.
    pub(crate) fn attribute(&self, key: &str) -> Option<&str> {
        self.attributes.get(key).map(String::as_str)
    }
}

/// What the receiver has been sent.
#[derive(Default)]
struct Received {
    spans: Vec<Span>,
    /// Each data point of each metric: its name and attributes.
    metrics: Vec<(String, BTreeMap<String, String>)>,
    /// Every request's raw body, to search for what must never leave.
    bodies: Vec<Vec<u8>>,
}

/// The receiver, listening until dropped with the test process.
pub(crate) struct Receiver {
    port: u16,
    received: Arc<Mutex<Received>>,
}

impl Receiver {
    /// A receiver that keeps what it is sent.
    pub(crate) fn start() -> Self {
        Self::listen(true)
    }

    /// A receiver that reads what it is sent and keeps nothing, not even decoding it: a
    /// benchmark's, standing for a collector on another machine (memory flat, and no work on the
    /// CPUs the measured calls need).
    #[allow(dead_code)] // the benchmark's, not the tests'
    pub(crate) fn discarding() -> Self {
        Self::listen(false)
    }

    fn listen(keep: bool) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a loopback port");
        let port = listener.local_addr().expect("its address").port();
        let received = Arc::new(Mutex::new(Received::default()));
        let shared = Arc::clone(&received);
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let shared = Arc::clone(&shared);
                std::thread::spawn(move || serve(stream, &shared, keep));
            }
        });
        Self { port, received }
    }

    /// The base URL, as `OTEL_EXPORTER_OTLP_ENDPOINT` takes it.
    pub(crate) fn endpoint(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// The spans received so far.
    pub(crate) fn spans(&self) -> Vec<Span> {
        self.received.lock().unwrap().spans.clone()
    }

    /// The names of the metrics received so far, each with a data point's attributes.
    pub(crate) fn metrics(&self) -> Vec<(String, BTreeMap<String, String>)> {
        self.received.lock().unwrap().metrics.clone()
    }

    /// Whether any export carried `needle`, in any field.
    pub(crate) fn ever_carried(&self, needle: &str) -> bool {
        let received = self.received.lock().unwrap();
        received
            .bodies
            .iter()
            .any(|body| body.windows(needle.len()).any(|window| window == needle.as_bytes()))
    }

    /// Waits until `done` holds of the spans, or panics after ten seconds with what there is.
    pub(crate) fn wait_for(&self, what: &str, done: impl Fn(&[Span]) -> bool) -> Vec<Span> {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let spans = self.spans();
            if done(&spans) {
                return spans;
            }
            assert!(Instant::now() < deadline, "no {what} in {spans:#?}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// Serves one connection's requests (the exporter keeps it alive between batches).
fn serve(stream: TcpStream, received: &Mutex<Received>, keep: bool) {
    let mut reader = BufReader::new(stream.try_clone().expect("a second handle"));
    let mut writer = stream;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 {
            return;
        }
        let path = line.split_whitespace().nth(1).unwrap_or_default().to_owned();
        let mut length = 0;
        loop {
            let mut header = String::new();
            if reader.read_line(&mut header).unwrap_or(0) == 0 {
                return;
            }
            let header = header.trim_end();
            if header.is_empty() {
                break;
            }
            if let Some((name, value)) = header.split_once(':')
                && name.eq_ignore_ascii_case("content-length")
            {
                length = value.trim().parse().unwrap_or(0);
            }
        }
        let mut body = vec![0; length];
        if reader.read_exact(&mut body).is_err() {
            return;
        }
        if keep {
            let mut kept = Received::default();
            record(&path, &body, &mut kept);
            let mut received = received.lock().unwrap();
            received.spans.extend(kept.spans);
            received.metrics.extend(kept.metrics);
            received.bodies.extend(kept.bodies);
        }
        let answer =
            "HTTP/1.1 200 OK\r\ncontent-type: application/x-protobuf\r\ncontent-length: 0\r\n\r\n";
        if writer.write_all(answer.as_bytes()).is_err() {
            return;
        }
    }
}

fn record(path: &str, body: &[u8], received: &mut Received) {
    received.bodies.push(body.to_vec());
    match path {
        "/v1/traces" => {
            let request = ExportTraceServiceRequest::decode(body).expect("a valid trace export");
            for resource in request.resource_spans {
                let service = resource
                    .resource
                    .as_ref()
                    .and_then(|resource| attributes(&resource.attributes).remove("service.name"))
                    .unwrap_or_default();
                for scope in resource.scope_spans {
                    for span in scope.spans {
                        received.spans.push(Span {
                            name: span.name,
                            kind: span.kind,
                            trace_id: hex(&span.trace_id),
                            span_id: hex(&span.span_id),
                            parent_span_id: hex(&span.parent_span_id),
                            attributes: attributes(&span.attributes),
                            status: span.status.map_or(0, |status| status.code),
                            events: span.events.iter().map(|event| event.name.clone()).collect(),
                            service: service.clone(),
                        });
                    }
                }
            }
        }
        "/v1/metrics" => {
            use opentelemetry_proto::tonic::metrics::v1::metric::Data;
            let request = ExportMetricsServiceRequest::decode(body).expect("a valid metric export");
            for resource in request.resource_metrics {
                for scope in resource.scope_metrics {
                    for metric in scope.metrics {
                        let points: Vec<BTreeMap<String, String>> = match &metric.data {
                            Some(Data::Histogram(histogram)) => histogram
                                .data_points
                                .iter()
                                .map(|point| attributes(&point.attributes))
                                .collect(),
                            _ => vec![BTreeMap::new()],
                        };
                        for point in points {
                            received.metrics.push((metric.name.clone(), point));
                        }
                    }
                }
            }
        }
        other => panic!("an export to an unknown path: {other}"),
    }
}

fn attributes(list: &[KeyValue]) -> BTreeMap<String, String> {
    list.iter().map(|pair| (pair.key.clone(), text(pair.value.as_ref()))).collect()
}

fn text(value: Option<&AnyValue>) -> String {
    match value.and_then(|value| value.value.as_ref()) {
        Some(any_value::Value::StringValue(text)) => text.clone(),
        Some(any_value::Value::IntValue(number)) => number.to_string(),
        Some(any_value::Value::DoubleValue(number)) => number.to_string(),
        Some(any_value::Value::BoolValue(flag)) => flag.to_string(),
        other => format!("{other:?}"),
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}
