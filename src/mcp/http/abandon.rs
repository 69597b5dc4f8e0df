//! A client that closes a call's stream has given up on it (R-MCPS-4): the call is cancelled
//! as if the client had sent `notifications/cancelled`.
//!
//! The MCP service answers a `tools/call` POST with a stream that ends after the call's
//! result. If the response body is dropped before that end, the connection is gone (the client
//! closed it, or vanished). The service would run the call to its end for no one, so admission
//! sends it, in the client's session, one `notifications/cancelled` per call the request held.

use bytes::Bytes;
use http_body_util::Full;
use hyper::header::{self, HeaderMap, HeaderName, HeaderValue};
use hyper::{Method, Request, Response};
use serde_json::{Value, json};
use tower_service::Service;

use super::PATH;
use super::body::BoxError;

/// What runs when a response body is dropped before its end.
pub(crate) type OnAbandon = Box<dyn FnOnce() + Send>;

/// The headers a cancellation carries over from the call's request: enough to pass admission's
/// own checks and to reach the same session.
const CARRIED: [HeaderName; 4] = [
    header::HOST,
    header::AUTHORIZATION,
    HeaderName::from_static("mcp-session-id"),
    HeaderName::from_static("mcp-protocol-version"),
];

/// For a POST whose `body` holds `tools/call` requests: what cancels them through `service`.
pub(crate) fn cancel_calls<S, B>(headers: &HeaderMap, body: &[u8], service: S) -> Option<OnAbandon>
where
    S: Service<Request<Full<Bytes>>, Response = Response<B>> + Send + 'static,
    S::Future: Send + 'static,
    S::Error: Into<BoxError>,
    B: Send + 'static,
{
    let ids = call_ids(body);
    if ids.is_empty() {
        return None;
    }
    let mut carried = HeaderMap::new();
    for name in CARRIED {
        if let Some(value) = headers.get(&name) {
            carried.insert(name, value.clone());
        }
    }
    Some(Box::new(move || {
        let Ok(runtime) = tokio::runtime::Handle::try_current() else { return };
        runtime.spawn(send_cancellations(service, carried, ids));
    }))
}

async fn send_cancellations<S, B>(mut service: S, headers: HeaderMap, ids: Vec<Value>)
where
    S: Service<Request<Full<Bytes>>, Response = Response<B>>,
    S::Error: Into<BoxError>,
{
    for id in ids {
        let notification = json!({
            "jsonrpc": "2.0",
            "method": "notifications/cancelled",
            "params": { "requestId": id, "reason": "the client closed the stream" },
        });
        let mut request = Request::new(Full::new(Bytes::from(notification.to_string())));
        *request.method_mut() = Method::POST;
        *request.uri_mut() = hyper::Uri::from_static(PATH);
        *request.headers_mut() = headers.clone();
        let json = HeaderValue::from_static("application/json");
        request.headers_mut().insert(header::CONTENT_TYPE, json);
        let accept = HeaderValue::from_static("application/json, text/event-stream");
        request.headers_mut().insert(header::ACCEPT, accept);
        if std::future::poll_fn(|cx| service.poll_ready(cx)).await.is_err() {
            return;
        }
        match service.call(request).await {
            Ok(_) => tracing::debug!(%id, "cancelled a call whose client closed its stream"),
            Err(error) => {
                let error: BoxError = error.into();
                tracing::debug!(%id, %error, "could not cancel a call whose client left");
            }
        }
    }
}

/// The ids of the `tools/call` requests in a body: one request, or a batch.
fn call_ids(body: &[u8]) -> Vec<Value> {
    let call_id = |message: &Value| {
        (message.get("method").and_then(Value::as_str) == Some("tools/call"))
            .then(|| message.get("id").cloned())
            .flatten()
    };
    match serde_json::from_slice::<Value>(body) {
        Ok(Value::Array(batch)) => batch.iter().filter_map(call_id).collect(),
        Ok(message) => call_id(&message).into_iter().collect(),
        Err(_) => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r_mcps_4_call_ids_are_read_from_single_requests_and_batches() {
        let single = br#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{}}"#;
        assert_eq!(call_ids(single), vec![json!(7)]);
        let batch = br#"[{"id":"a","method":"tools/call"},{"id":2,"method":"ping"},{"method":"tools/call"}]"#;
        assert_eq!(call_ids(batch), vec![json!("a")]);
        assert!(call_ids(b"not json").is_empty());
    }
}
