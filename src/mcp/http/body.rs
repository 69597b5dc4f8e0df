//! The body of every response admission sends: either its own short refusal, or the MCP
//! service's body carrying the client's permit, released when the body ends or is dropped.
//!
//! An MCP response may be a server-sent-event stream that lasts as long as the tool call
//! behind it, so the request counts as in flight until its body is done, not until the
//! headers are sent.

use std::error::Error;
use std::pin::Pin;
use std::task::{Context, Poll};

use bytes::Bytes;
use http_body_util::Full;
use hyper::body::{Body, Frame, SizeHint};

use super::abandon::OnAbandon;
use super::limits::Permit;

/// The error type of a response body.
pub(crate) type BoxError = Box<dyn Error + Send + Sync>;

/// A response body from admission.
pub(crate) enum AdmissionBody<B> {
    /// A refusal (or other answer) written by admission itself.
    Own(Full<Bytes>),
    /// The MCP service's body, with the permit of the request it answers.
    Service {
        /// The body (boxed so it can be polled pinned whatever its type).
        body: Pin<Box<B>>,
        /// Released at the body's end or when the body is dropped.
        permit: Option<Permit>,
        /// Run if the body is dropped before its end: the client went away mid-call.
        abandoned: Option<OnAbandon>,
    },
}

impl<B> Drop for AdmissionBody<B> {
    fn drop(&mut self) {
        if let AdmissionBody::Service { abandoned, .. } = self
            && let Some(abandoned) = abandoned.take()
        {
            abandoned();
        }
    }
}

impl<B> AdmissionBody<B> {
    /// A body of `text`.
    pub(crate) fn text(text: impl Into<Bytes>) -> Self {
        AdmissionBody::Own(Full::new(text.into()))
    }

    /// The service's `body`, holding `permit` until it ends, and running `abandoned` if it is
    /// dropped before.
    pub(crate) fn service(body: B, permit: Permit, abandoned: Option<OnAbandon>) -> Self {
        AdmissionBody::Service { body: Box::pin(body), permit: Some(permit), abandoned }
    }
}

impl<B> Body for AdmissionBody<B>
where
    B: Body<Data = Bytes>,
    B::Error: Into<BoxError>,
{
    type Data = Bytes;
    type Error = BoxError;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, BoxError>>> {
        // Every field is `Unpin` (the service's body is boxed).
        match self.get_mut() {
            AdmissionBody::Own(full) => match Pin::new(full).poll_frame(cx) {
                Poll::Ready(Some(Ok(frame))) => Poll::Ready(Some(Ok(frame))),
                Poll::Ready(Some(Err(never))) => match never {},
                Poll::Ready(None) => Poll::Ready(None),
                Poll::Pending => Poll::Pending,
            },
            AdmissionBody::Service { body, permit, abandoned } => {
                let polled = body.as_mut().poll_frame(cx);
                match polled {
                    Poll::Ready(None) | Poll::Ready(Some(Err(_))) => {
                        permit.take();
                        abandoned.take();
                    }
                    Poll::Ready(Some(Ok(_))) | Poll::Pending => {}
                }
                polled.map(|frame| frame.map(|result| result.map_err(Into::into)))
            }
        }
    }

    fn is_end_stream(&self) -> bool {
        match self {
            AdmissionBody::Own(full) => full.is_end_stream(),
            AdmissionBody::Service { body, .. } => body.is_end_stream(),
        }
    }

    fn size_hint(&self) -> SizeHint {
        match self {
            AdmissionBody::Own(full) => full.size_hint(),
            AdmissionBody::Service { body, .. } => body.size_hint(),
        }
    }
}
