//! What a tool body knows of the call it runs in.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use tokio_util::sync::CancellationToken;

use crate::content::ContentBlock;
use crate::scheduler::NestedCalls;
use crate::scheduler::nested::Nesting;
use crate::session::{Progress, ProgressOf};

/// A call's identifier, as the model (or code mode) gave it.
pub type CallId = Arc<str>;

/// The context handed to a tool body: the call's identity, its cancellation signal, and a place
/// to defer context for the conversation.
///
/// Cheap to clone; clones share the deferred context.
#[derive(Clone, Debug)]
pub struct CallContext {
    call_id: CallId,
    parent: Option<CallId>,
    signal: CancellationToken,
    deferred: Arc<Mutex<Vec<ContentBlock>>>,
    concludes_turn: Arc<AtomicBool>,
    /// What the call's nested calls inherit, and the call's span, their spans' parent; absent
    /// in a context made by hand.
    nesting: Option<(Arc<Nesting>, Arc<tracing::Span>)>,
}

impl CallContext {
    /// A context for a call. Embedders that call a body directly (tests, benchmarks) use this;
    /// the pipeline builds its own.
    pub fn new(
        call_id: impl Into<CallId>,
        parent: Option<CallId>,
        signal: CancellationToken,
    ) -> Self {
        Self {
            call_id: call_id.into(),
            parent,
            signal,
            deferred: Arc::default(),
            concludes_turn: Arc::default(),
            nesting: None,
        }
    }

    /// The context of a call the pipeline runs: its nested calls inherit `nesting`, and their
    /// spans are children of `span`, the call's own.
    pub(crate) fn with_nesting(mut self, nesting: Arc<Nesting>, span: Arc<tracing::Span>) -> Self {
        self.nesting = Some((nesting, span));
        self
    }

    /// The same context under another signal, sharing deferred context and the turn flag.
    pub(crate) fn with_signal(&self, signal: CancellationToken) -> Self {
        Self {
            call_id: Arc::clone(&self.call_id),
            parent: self.parent.clone(),
            signal,
            deferred: Arc::clone(&self.deferred),
            concludes_turn: Arc::clone(&self.concludes_turn),
            nesting: self.nesting.clone(),
        }
    }

    /// Reports how far the call has come: shown on its live card and, under `ordo mcp`, sent to
    /// the client as progress; never recorded. Does nothing outside a scheduled session.
    pub fn report_progress(&self, progress: Progress) {
        if let Some((nesting, _)) = &self.nesting {
            nesting.report_progress(&ProgressOf {
                call_id: &self.call_id,
                parent: self.parent.as_deref(),
                progress: &progress,
            });
        }
    }

    /// The door for calls made on behalf of this one (code mode's `tools.x(..)`), through the
    /// same session: they inherit its log, approval channel and pool, and this call's scopes
    /// (R-SCHED-8). `None` only in a context made by hand with [`CallContext::new`]. A call made
    /// through [`Pipeline::call`](crate::Pipeline::call), outside any scheduler, gets a
    /// scheduler of its own for its nested calls (no log, the default pool).
    pub fn nested(&self) -> Option<NestedCalls> {
        self.nesting
            .as_ref()
            .map(|(nesting, span)| nesting.calls(Arc::clone(&self.call_id), Arc::clone(span)))
    }

    /// The call's id.
    pub fn call_id(&self) -> &str {
        &self.call_id
    }

    /// The id of the `run_code` call this call is nested under, if any.
    pub fn parent(&self) -> Option<&str> {
        self.parent.as_deref()
    }

    /// The signal the body must honour: cancelled when the caller cancels or a wrapper (such as
    /// the timeout policy) gives up on the call. A tool that declares a timeout promises to
    /// return soon after this fires.
    pub fn signal(&self) -> &CancellationToken {
        &self.signal
    }

    /// Whether the signal has fired.
    pub fn is_cancelled(&self) -> bool {
        self.signal.is_cancelled()
    }

    /// Adds context for the conversation, applied in model order if the result is accepted and
    /// discarded if a `post_execute` hook blocks it (R-FIN-2).
    pub fn defer_context(&self, block: impl Into<ContentBlock>) {
        // A poisoned lock only means another clone panicked mid-push; the list is still whole.
        self.deferred.lock().unwrap_or_else(PoisonError::into_inner).push(block.into());
    }

    /// Asks for the turn to end once this step's results are committed (a "final answer" tool).
    /// Like deferred context, it holds only if the result is accepted.
    pub fn conclude_turn(&self) {
        self.concludes_turn.store(true, Ordering::Release);
    }

    /// Whether the body asked for the turn to end.
    pub fn concludes_turn(&self) -> bool {
        self.concludes_turn.load(Ordering::Acquire)
    }

    /// Takes the context deferred so far.
    pub fn take_deferred(&self) -> Vec<ContentBlock> {
        std::mem::take(&mut *self.deferred.lock().unwrap_or_else(PoisonError::into_inner))
    }
}
