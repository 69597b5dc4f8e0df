//! ordo's spans as OpenTelemetry spans: a `tracing` layer that starts an SDK span when a span is
//! made, adds its events to it and ends it when the span closes, the batch processor then taking
//! it off the call's path.
//!
//! ordo's own, not `tracing-opentelemetry`'s: a call's span is made for every call, and that
//! layer's generic path (a span builder holding a `String` for every field and a `Vec` and a
//! `String` for every event, behind an `Arc<Mutex>`, moved whole into the SDK span at close, and
//! a clock read at every exit) cost a call more than the 5 µs export may add. Here the SDK span
//! is started at once with the attributes read from the fields ([`super::fields`]), the stage
//! events keep their static names, and entering and leaving a span costs nothing. The fields
//! mean what they mean to `tracing-opentelemetry` (`otel.name`, `otel.kind`,
//! `otel.status_code`), so an embedder's own layer exports ordo's spans the same.
//!
//! A server span is the exception: its parent is the client's trace context, read from the
//! request after the span is made ([`super::adopt_parent`]); it starts when first needed (a
//! child, its context asked for, its close).

use std::borrow::Cow;
use std::marker::PhantomData;
use std::time::SystemTime;

use opentelemetry::Context;
use opentelemetry::trace::{
    Event, Span as _, SpanBuilder, SpanKind, Status, TraceContextExt as _, Tracer as _,
};
use opentelemetry_sdk::trace::{SdkTracer, Span as SdkSpan};
use tracing::span::{Attributes, Id, Record};
use tracing::{Dispatch, Subscriber};
use tracing_subscriber::layer::{Context as LayerContext, Layer};
use tracing_subscriber::registry::{LookupSpan, SpanRef};

use super::fields::{EventFields, Reader, SpanFields};

/// The layer: made by [`super::Telemetry::start`], filtered there to ordo's own spans.
pub(super) struct SpanExport<S> {
    access: SpanAccess,
    _subscriber: PhantomData<fn(S)>,
}

/// A span's OpenTelemetry half, in its extensions.
enum Exported {
    /// A server span, until its parent is known (with the status recorded meanwhile: a
    /// builder has none).
    Waiting { builder: SpanBuilder, parent: Context, status: Status },
    /// Started; with the context its children take as their parent, once one asked.
    Started { span: SdkSpan, context: Option<Context> },
}

impl Exported {
    /// The context a child of this span takes as its parent (starting the span if it waits).
    fn context(&mut self, tracer: &SdkTracer) -> Context {
        self.start(tracer);
        match self {
            Self::Started { context: Some(context), .. } => context.clone(),
            Self::Started { span, context } => {
                let made = Context::new().with_remote_span_context(span.span_context().clone());
                *context = Some(made.clone());
                made
            }
            Self::Waiting { .. } => unreachable!("started above"),
        }
    }

    fn start(&mut self, tracer: &SdkTracer) {
        if let Self::Waiting { builder, parent, status } = self {
            let builder = std::mem::replace(builder, SpanBuilder::from_name(""));
            let mut span = tracer.build_with_context(builder, parent);
            span.set_status(std::mem::replace(status, Status::Unset));
            *self = Self::Started { span, context: None };
        }
    }

    /// The SDK span, started if it waited.
    fn into_span(mut self, tracer: &SdkTracer) -> SdkSpan {
        self.start(tracer);
        match self {
            Self::Started { span, .. } => span,
            Self::Waiting { .. } => unreachable!("started above"),
        }
    }

    fn record(&mut self, fields: SpanFields) {
        match self {
            Self::Waiting { builder, status, .. } => {
                if let Some(name) = fields.name {
                    builder.name = name;
                }
                if let Some(kind) = fields.kind {
                    builder.span_kind = Some(kind);
                }
                if let Some(recorded) = fields.status {
                    *status = recorded;
                }
                builder.attributes.get_or_insert_with(Vec::new).extend(fields.attributes);
            }
            Self::Started { span, .. } => {
                if let Some(name) = fields.name {
                    span.update_name(name);
                }
                if let Some(status) = fields.status {
                    span.set_status(status);
                }
                span.set_attributes(fields.attributes);
            }
        }
    }

    fn add_event(&mut self, event: EventFields, error: bool) {
        match self {
            Self::Waiting { builder, status, .. } => {
                let event = Event::new(event.name, SystemTime::now(), event.attributes, 0);
                builder.events.get_or_insert_with(Vec::new).push(event);
                if error && *status == Status::Unset {
                    *status = Status::error("");
                }
            }
            Self::Started { span, .. } => {
                span.add_event(event.name, event.attributes);
                if error {
                    span.set_status(Status::error(""));
                }
            }
        }
    }
}

/// A span's OpenTelemetry half reached from outside the layer's callbacks, where the
/// subscriber's type is not known: through the dispatch, as `dispatch.downcast_ref`.
pub(super) struct SpanAccess {
    tracer: SdkTracer,
    with: WithExported,
}

/// Runs a closure on the `Exported` of span `id` in `dispatch`'s registry: [`with_exported`]
/// for the layer's subscriber type, known where the layer is made.
type WithExported = fn(&Dispatch, &Id, &mut dyn FnMut(&mut Exported));

impl SpanAccess {
    /// The access of the layer `span` was made by, if it is exported.
    pub(super) fn of<R>(
        span: &tracing::Span,
        f: impl FnOnce(&SpanAccess, &Dispatch, &Id) -> R,
    ) -> Option<R> {
        span.with_subscriber(|(id, dispatch)| {
            dispatch.downcast_ref::<SpanAccess>().map(|access| f(access, dispatch, id))
        })
        .flatten()
    }

    /// Gives the span a parent, if it still waits for one (a server span not yet started).
    pub(super) fn adopt(&self, dispatch: &Dispatch, id: &Id, context: Context) {
        let mut context = Some(context);
        (self.with)(dispatch, id, &mut |exported| {
            if let (Exported::Waiting { parent, .. }, Some(context)) = (exported, context.take()) {
                *parent = context;
            }
        });
    }

    /// The span's context, to send on to a server it calls.
    pub(super) fn context(&self, dispatch: &Dispatch, id: &Id) -> Option<Context> {
        let mut found = None;
        (self.with)(dispatch, id, &mut |exported| found = Some(exported.context(&self.tracer)));
        found
    }
}

fn with_exported<S>(dispatch: &Dispatch, id: &Id, f: &mut dyn FnMut(&mut Exported))
where
    S: Subscriber + for<'span> LookupSpan<'span>,
{
    let Some(subscriber) = dispatch.downcast_ref::<S>() else { return };
    let Some(span) = subscriber.span(id) else { return };
    if let Some(exported) = span.extensions_mut().get_mut::<Exported>() {
        f(exported);
    }
}

impl<S> SpanExport<S>
where
    S: Subscriber + for<'span> LookupSpan<'span>,
{
    pub(super) fn new(tracer: SdkTracer) -> Self {
        Self { access: SpanAccess { tracer, with: with_exported::<S> }, _subscriber: PhantomData }
    }

    /// The context a span made with `attributes` takes as its parent: its explicit parent's,
    /// else the current span's, as `tracing` says, if that span is exported; else none of ordo's
    /// (an active OpenTelemetry context of the embedder's, for a span that names no parent).
    fn parent(&self, attributes: &Attributes<'_>, ctx: &LayerContext<'_, S>) -> Context {
        let parent = if let Some(id) = attributes.parent() {
            match ctx.span(id) {
                Some(span) => span,
                None => return Context::new(),
            }
        } else if attributes.is_contextual() {
            match ctx.lookup_current() {
                Some(span) => span,
                None => return Context::current(),
            }
        } else {
            return Context::new();
        };
        let mut extensions = parent.extensions_mut();
        match extensions.get_mut::<Exported>() {
            Some(exported) => exported.context(&self.access.tracer),
            None => Context::new(),
        }
    }
}

impl<S> Layer<S> for SpanExport<S>
where
    S: Subscriber + for<'span> LookupSpan<'span>,
{
    fn on_new_span(&self, attributes: &Attributes<'_>, id: &Id, ctx: LayerContext<'_, S>) {
        let parent = self.parent(attributes, &ctx);
        let mut fields = SpanFields::with_capacity(attributes.fields().len());
        attributes.record(&mut Reader(&mut fields));
        let kind = fields.kind.clone().unwrap_or(SpanKind::Internal);
        let builder = SpanBuilder {
            span_kind: Some(kind.clone()),
            attributes: Some(fields.attributes),
            ..SpanBuilder::from_name(
                fields.name.unwrap_or(Cow::Borrowed(attributes.metadata().name())),
            )
        };
        let status = fields.status.unwrap_or(Status::Unset);
        let exported = if kind == SpanKind::Server {
            Exported::Waiting { builder, parent, status }
        } else {
            let mut span = self.access.tracer.build_with_context(builder, &parent);
            if status != Status::Unset {
                span.set_status(status);
            }
            Exported::Started { span, context: None }
        };
        if let Some(span) = ctx.span(id) {
            span.extensions_mut().insert(exported);
        }
    }

    fn on_record(&self, id: &Id, values: &Record<'_>, ctx: LayerContext<'_, S>) {
        let Some(span) = ctx.span(id) else { return };
        let mut fields = SpanFields::with_capacity(values.len());
        values.record(&mut Reader(&mut fields));
        if let Some(exported) = span.extensions_mut().get_mut::<Exported>() {
            exported.record(fields);
        }
    }

    fn on_event(&self, event: &tracing::Event<'_>, ctx: LayerContext<'_, S>) {
        let span: Option<SpanRef<'_, S>> = match event.parent() {
            Some(id) => ctx.span(id),
            None if event.is_contextual() => ctx.lookup_current(),
            None => None,
        };
        let Some(span) = span else { return };
        let mut fields = EventFields::new(event.metadata());
        event.record(&mut Reader(&mut fields));
        let error = *event.metadata().level() == tracing::Level::ERROR;
        if let Some(exported) = span.extensions_mut().get_mut::<Exported>() {
            exported.add_event(fields, error);
        }
    }

    fn on_close(&self, id: Id, ctx: LayerContext<'_, S>) {
        let Some(span) = ctx.span(&id) else { return };
        // Taken out first: the SDK is not called with the span's extensions locked.
        let Some(exported) = span.extensions_mut().remove::<Exported>() else { return };
        exported.into_span(&self.access.tracer).end();
    }

    // How `tracing` lets a layer be found through a `Dispatch` (`downcast_ref`), here to reach
    // `SpanAccess` from `adopt_parent` and `carried`.
    // SAFETY: each pointer is to a value of the type asked for, borrowed from `self`.
    #[allow(unsafe_code)]
    unsafe fn downcast_raw(&self, id: std::any::TypeId) -> Option<*const ()> {
        if id == std::any::TypeId::of::<Self>() {
            Some(self as *const Self as *const ())
        } else if id == std::any::TypeId::of::<SpanAccess>() {
            Some(&self.access as *const SpanAccess as *const ())
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests;
