//! The session log: where events are appended, in order, each written before the step goes on
//! (R-LOG-1).
//!
//! [`SessionLog`] numbers events and hands them to an [`EventSink`] under one lock, so `seq`
//! order is line order even when nested calls of several scripts record at once. A sink that
//! fails stops the step that wrote to it (R-SCHED-6).
//!
//! A sink whose every write is a round trip (a database) may write a nested call's events
//! behind ([`EventSink::write_behind`]): the call's body waits for its `tool/call` to be
//! [`Durable`] (write-ahead still), its `tool/result` is written with the next event that is
//! waited for, and events handed over together go in one write. Nothing a nested event records
//! can be seen outside ordo before it is durable: a body starts only after its call is, and the
//! `run_code` result, written and waited for like every top-level event, comes after them all.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};
use std::time::Duration;

use futures::future::BoxFuture;

use super::elide::{Budget, LogLimits, LogQuota};
use super::event::{CallEvent, Event, ResultEvent};
use crate::result::ResultRecord;

/// Where events go: a file, memory, anything that can keep them in order.
pub trait EventSink: Send + 'static {
    /// Writes one event. When it returns `Ok`, the event must be as durable as the sink
    /// promises: a step goes on only after its events are written.
    fn write(&mut self, event: &Event) -> io::Result<()>;

    /// Takes a nested call's event to write it behind, as a sink whose writes are round trips
    /// may: [`Written::Behind`] when it is not yet durable. A sink that writes behind keeps
    /// events in order: every event taken before one that is durable is durable too, and an
    /// event [`write`](Self::write) takes is durable with all those before it. By default, a
    /// plain `write`.
    fn write_behind(&mut self, event: &Event) -> io::Result<Written> {
        self.write(event).map(|()| Written::Now)
    }

    /// After events it took behind were not written after all: the `seq` the next event must
    /// have (theirs are given again). Asked before each event is numbered; `None` by default.
    fn rewind(&mut self) -> Option<u64> {
        None
    }

    /// Told of a call's progress, as its body reports it. Progress is shown (live cards, an MCP
    /// client's progress notifications), never recorded: a log sink ignores it.
    fn progress(&mut self, _call: &ProgressOf<'_>) {}
}

impl EventSink for Box<dyn EventSink> {
    fn write(&mut self, event: &Event) -> io::Result<()> {
        (**self).write(event)
    }

    fn write_behind(&mut self, event: &Event) -> io::Result<Written> {
        (**self).write_behind(event)
    }

    fn rewind(&mut self) -> Option<u64> {
        (**self).rewind()
    }

    fn progress(&mut self, call: &ProgressOf<'_>) {
        (**self).progress(call);
    }
}

/// How a sink took an event.
#[derive(Debug)]
pub enum Written {
    /// It is as durable as the sink promises.
    Now,
    /// It is being written behind: durable once this resolves.
    Behind(Durable),
}

/// An event a sink writes behind: resolves once it is durable, or with why it was not written.
pub struct Durable(BoxFuture<'static, io::Result<()>>);

impl Durable {
    /// Waits on `written`.
    pub fn new(written: impl Future<Output = io::Result<()>> + Send + 'static) -> Self {
        Self(Box::pin(written))
    }
}

impl Future for Durable {
    type Output = io::Result<()>;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        self.0.as_mut().poll(cx)
    }
}

impl std::fmt::Debug for Durable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Durable")
    }
}

/// How far a running call has come, as its body says ([`CallContext::report_progress`]).
///
/// [`CallContext::report_progress`]: crate::CallContext::report_progress
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Progress {
    /// The progress so far; grows with each report.
    pub progress: f64,
    /// The total, when known.
    pub total: Option<f64>,
    /// What is happening, in a few words.
    pub message: Option<String>,
}

/// A call's progress, with the call it is about.
#[derive(Clone, Copy, Debug)]
pub struct ProgressOf<'a> {
    /// The call.
    pub call_id: &'a str,
    /// The `run_code` call it is nested under, if any.
    pub parent: Option<&'a str>,
    /// How far it has come.
    pub progress: &'a Progress,
}

/// The identity of a call as the log records it.
#[derive(Clone, Copy, Debug)]
pub struct CallIdentity<'a> {
    /// The call's id.
    pub call_id: &'a str,
    /// The `run_code` call it is nested under.
    pub parent: Option<&'a str>,
    /// The tool.
    pub name: &'a str,
    /// The model step of a top-level call (see [`CallEvent::step`]).
    pub step: Option<u64>,
}

/// An ordered, shared session log. Cheap to clone; clones append to the same sink.
#[derive(Clone)]
pub struct SessionLog {
    inner: Arc<Mutex<Inner>>,
}

struct Inner {
    next_seq: u64,
    sink: Box<dyn EventSink>,
    budget: Budget,
}

impl SessionLog {
    /// A log whose first event gets `seq` 1.
    pub fn new(sink: impl EventSink) -> Self {
        Self::resume(sink, 1)
    }

    /// A log that goes on from an existing one: its next event gets `next_seq`.
    pub fn resume(sink: impl EventSink, next_seq: u64) -> Self {
        let budget = Budget::new(LogLimits::default());
        Self { inner: Arc::new(Mutex::new(Inner { next_seq, sink: Box::new(sink), budget })) }
    }

    /// Sets what the log keeps of arguments and content (R-LOG-6; [`LogLimits::default`]
    /// unless set).
    #[must_use]
    pub fn with_limits(self, limits: LogLimits) -> Self {
        self.lock().budget.set_limits(limits);
        self
    }

    /// Takes what the log keeps of arguments and content from `quota` too, which other logs
    /// may share: past it, values are kept as their size and hash alone (R-LOG-6).
    #[must_use]
    pub fn with_shared_quota(self, quota: LogQuota) -> Self {
        self.lock().budget.share(quota);
        self
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        // A panic inside a sink leaves `next_seq` untouched, so the state is still consistent.
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Appends a `tool/call`, durable when this returns.
    pub fn record_call(&self, call: CallIdentity<'_>, arguments: &str) -> io::Result<u64> {
        self.append(Write::Now, call_event(call, arguments)).map(|(seq, _)| seq)
    }

    /// Appends a nested call's `tool/call`, which the sink may write behind: its body must not
    /// start before a [`Written::Behind`] is [`Durable`].
    pub fn record_call_behind(
        &self,
        call: CallIdentity<'_>,
        arguments: &str,
    ) -> io::Result<(u64, Written)> {
        self.append(Write::Behind, call_event(call, arguments))
    }

    /// Appends a `tool/result`, durable when this returns.
    pub fn record_result(
        &self,
        call: CallIdentity<'_>,
        record: &ResultRecord,
        duration: Duration,
    ) -> io::Result<u64> {
        self.append(Write::Now, result_event(call, record, duration)).map(|(seq, _)| seq)
    }

    /// Appends a nested call's `tool/result`, which the sink may write behind, with the next
    /// event it writes and waits for.
    pub fn record_result_behind(
        &self,
        call: CallIdentity<'_>,
        record: &ResultRecord,
        duration: Duration,
    ) -> io::Result<(u64, Written)> {
        self.append(Write::Behind, result_event(call, record, duration))
    }

    /// Tells the sink of a call's progress (shown, not recorded).
    pub fn progress(&self, call: &ProgressOf<'_>) {
        self.lock().sink.progress(call);
    }

    /// Numbers an event and writes it; the number is spent only if the write succeeds, and
    /// given again if the sink later finds it was not written.
    fn append(
        &self,
        how: Write,
        event: impl FnOnce(u64, &mut Budget) -> Event,
    ) -> io::Result<(u64, Written)> {
        let mut inner = self.lock();
        if let Some(seq) = inner.sink.rewind() {
            inner.next_seq = seq;
        }
        let seq = inner.next_seq;
        let event = event(seq, &mut inner.budget);
        let written = match how {
            Write::Now => inner.sink.write(&event).map(|()| Written::Now)?,
            Write::Behind => inner.sink.write_behind(&event)?,
        };
        inner.next_seq = seq + 1;
        Ok((seq, written))
    }
}

/// Whether an event may be written behind.
#[derive(Clone, Copy)]
enum Write {
    Now,
    Behind,
}

/// A `tool/call` to number.
fn call_event<'a>(
    call: CallIdentity<'a>,
    arguments: &'a str,
) -> impl FnOnce(u64, &mut Budget) -> Event + 'a {
    move |seq, budget| {
        let mut elided = Vec::new();
        let arguments = budget
            .elide("arguments".to_owned(), arguments, &mut elided)
            .unwrap_or_else(|| arguments.to_owned());
        Event::Call(CallEvent {
            seq,
            call_id: call.call_id.to_owned(),
            parent: call.parent.map(str::to_owned),
            name: call.name.to_owned(),
            arguments,
            step: call.step,
            elided,
        })
    }
}

/// A `tool/result` to number.
fn result_event<'a>(
    call: CallIdentity<'a>,
    record: &'a ResultRecord,
    duration: Duration,
) -> impl FnOnce(u64, &mut Budget) -> Event + 'a {
    move |seq, budget| {
        let mut elided = Vec::new();
        let content = budget.content(&record.content, &mut elided);
        Event::Result(ResultEvent {
            seq,
            call_id: call.call_id.to_owned(),
            parent: call.parent.map(str::to_owned),
            name: call.name.to_owned(),
            is_error: record.is_error(),
            content,
            meta: record.meta.clone(),
            error: record.error.clone(),
            duration_ms: u64::try_from(duration.as_millis()).unwrap_or(u64::MAX),
            repaired: false,
            elided,
        })
    }
}

/// A sink becomes a log whose first event gets `seq` 1.
impl<S: EventSink> From<S> for SessionLog {
    fn from(sink: S) -> Self {
        Self::new(sink)
    }
}

impl std::fmt::Debug for SessionLog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let next_seq = self.inner.lock().unwrap_or_else(PoisonError::into_inner).next_seq;
        f.debug_struct("SessionLog").field("next_seq", &next_seq).finish_non_exhaustive()
    }
}

/// A sink that keeps events in memory, for tests and embedders that store them elsewhere.
/// Clones share the same events.
#[derive(Clone, Debug, Default)]
pub struct MemorySink {
    events: Arc<Mutex<Vec<Event>>>,
}

impl MemorySink {
    /// An empty sink.
    pub fn new() -> Self {
        Self::default()
    }

    /// The events written so far, in order.
    pub fn events(&self) -> Vec<Event> {
        self.events.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }
}

impl EventSink for MemorySink {
    fn write(&mut self, event: &Event) -> io::Result<()> {
        self.events.lock().unwrap_or_else(PoisonError::into_inner).push(event.clone());
        Ok(())
    }
}

/// A sink that keeps nothing, for embedders that record elsewhere (and for benchmarks).
#[derive(Clone, Copy, Debug, Default)]
pub struct DiscardSink;

impl EventSink for DiscardSink {
    fn write(&mut self, _event: &Event) -> io::Result<()> {
        Ok(())
    }
}
