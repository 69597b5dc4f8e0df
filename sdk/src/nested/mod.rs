//! Nested calls: the `tools` SDK's calls, each a full execution under its `run_code` call
//! (R-CODE-2, R-CODE-3, R-LOG-2).
//!
//! A script's call reaches the host as a host call. Its synchronous part runs in the order the
//! script made the calls: it records the `tool/call` (parent = the `run_code` call), begins the
//! execution and takes a ticket ([`turns`]). Its future then waits for its turn and goes through
//! prepare (hooks, guards, approvals) one call at a time, in script order: prompts never overlap
//! and guards see calls in order. It keeps the turn until it has a place in the body pool: a
//! parallel call shares the gate with other parallel calls, an exclusive one waits for the gate
//! to be empty and holds it alone, and at most `max_parallel` bodies run at once. Then it passes
//! the turn on, runs its body, finishes (post-execute included) and records its `tool/result`
//! the moment it settles: nested results have no transcript order to keep.
//!
//! Everything happens in the host call's own future, which the runtime drives: no task hops
//! between the script's call and the tool's body.
//!
//! The nested pool is separate from the top-level pool and has the same bound: `run_code` is
//! exclusive at top level, so while it runs nothing else does, and the two never add up.
//!
//! When the run ends early (deadline, cancellation), every host call's signal fires: calls still
//! waiting settle as `ABORTED_BEFORE_DISPATCH`, running bodies as `ABORTED`, and the runtime
//! awaits them all before `run_code` returns. A call whose future is dropped instead (its
//! `run_code` body abandoned) is answered on the spot by its [`Unanswered`] guard: every recorded
//! call gets its one result.

use std::sync::Arc;
use std::time::Duration;

use ordo_runtime::{HostCall, HostError, HostFunctions};
use ordo_tools::session::{CallIdentity, SessionLog};
use ordo_tools::{
    Arguments, CallId, CallRequest, ErrorCode, ErrorInfo, Execution, ExecutionMode, Pipeline,
    Prepared, ScopeChain, Tool, ToolResult,
};
use serde_json::{Map, Value, json};
use tokio::sync::{OwnedRwLockReadGuard, OwnedRwLockWriteGuard, RwLock, Semaphore};

mod turns;

use turns::{Ticket, Turns};

/// The global name a tool's host function is installed under; the prelude moves it into
/// `tools` and deletes the global. The dot keeps it out of the way of any real global.
pub(crate) fn host_function_name(tool: &str) -> String {
    format!("tools.{tool}")
}

/// What a run's nested calls need.
#[derive(Clone)]
pub(crate) struct Context {
    pub(crate) pipeline: Pipeline,
    pub(crate) log: SessionLog,
    pub(crate) scopes: ScopeChain,
    pub(crate) max_parallel: usize,
}

/// What the nested calls of one `run_code` call share.
pub(crate) struct NestedCalls {
    context: Context,
    turns: Arc<Turns>,
    /// Parallel bodies share it; an exclusive body holds it alone.
    gate: Arc<RwLock<()>>,
    /// At most `max_parallel` bodies at once.
    pool: Arc<Semaphore>,
}

impl NestedCalls {
    pub(crate) fn new(context: Context) -> Arc<Self> {
        let pool = Arc::new(Semaphore::new(context.max_parallel.max(1)));
        Arc::new(Self { context, turns: Arc::default(), gate: Arc::default(), pool })
    }

    /// The host functions of `tools`: one per tool, for the `run_code` call `parent`.
    pub(crate) fn host_functions(
        self: &Arc<Self>,
        tools: &[Arc<Tool>],
        parent: &CallId,
    ) -> HostFunctions {
        let mut host = HostFunctions::new();
        for tool in tools {
            let (calls, parent, name) = (Arc::clone(self), parent.clone(), tool.name().to_owned());
            host.insert(host_function_name(tool.name()), move |call: HostCall| {
                calls.call(&parent, &name, call)
            });
        }
        host
    }

    /// The synchronous part of a nested call, run in script order: record the call, begin its
    /// execution, take a ticket. The rest runs when the runtime polls the returned future.
    fn call(
        self: &Arc<Self>,
        parent: &CallId,
        name: &str,
        call: HostCall,
    ) -> impl Future<Output = Result<Value, HostError>> + Send + use<> {
        let call_id: CallId = Arc::from(format!("{parent}.{}", call.id));
        let arguments = Arguments::from_value(call.args);
        let identity = CallIdentity { call_id: &call_id, parent: Some(parent), name, step: None };
        let recorded = self.context.log.record_call(identity, arguments.raw());
        let request = CallRequest::new(call_id, name, arguments)
            .with_parent(parent.clone())
            .with_scopes(self.context.scopes.clone())
            .with_signal(call.signal);
        let calls = Arc::clone(self);
        let tool = name.to_owned();
        let started = recorded.map(|_| {
            let execution = Arc::new(self.context.pipeline.begin(request));
            let ticket = self.turns.ticket();
            (Unanswered::new(Arc::clone(self), Arc::clone(&execution)), execution, ticket)
        });
        async move {
            let (unanswered, execution, ticket) = started.map_err(|error| {
                let message = format!("cannot record the call in the session log: {error}");
                host_error(&tool, &ErrorInfo::new(ErrorCode::Internal, message))
            })?;
            let result = calls.run(&execution, ticket).await;
            unanswered.answer(result)
        }
    }

    /// Prepare in turn, dispatch in the pool, finalize, finish.
    async fn run(&self, execution: &Execution, mut ticket: Ticket) -> ToolResult {
        let pipeline = &self.context.pipeline;
        ticket.turn().await;
        let staged = match pipeline.prepare(execution).await {
            Ok(Prepared::Settled(staged)) => *staged,
            Ok(Prepared::Dispatch(ready)) => {
                let mode = execution.tool().map_or(ExecutionMode::Exclusive, |tool| {
                    tool.execution_mode(execution.arguments().value())
                });
                let place = Place::take(mode, &self.gate, &self.pool).await;
                drop(ticket);
                let staged = pipeline.dispatch(execution, ready).await;
                drop(place);
                staged
            }
            Err(broken) => {
                let message = format!("ordo could not prepare this call: {}", broken.message);
                return ToolResult::failure(ErrorInfo::new(ErrorCode::Internal, message));
            }
        };
        let finalized = pipeline.finalize(execution, staged).await;
        pipeline.finish(execution, finalized)
    }
}

/// A call's place in the body pool: a pool permit and its share of the gate.
struct Place {
    _permit: tokio::sync::OwnedSemaphorePermit,
    _gate: Gate,
}

enum Gate {
    Shared(#[allow(dead_code)] OwnedRwLockReadGuard<()>),
    Alone(#[allow(dead_code)] OwnedRwLockWriteGuard<()>),
}

impl Place {
    async fn take(mode: ExecutionMode, gate: &Arc<RwLock<()>>, pool: &Arc<Semaphore>) -> Self {
        let gate = match mode {
            ExecutionMode::Parallel => Gate::Shared(Arc::clone(gate).read_owned().await),
            ExecutionMode::Exclusive => Gate::Alone(Arc::clone(gate).write_owned().await),
        };
        // The pool is never closed.
        let permit = Arc::clone(pool)
            .acquire_owned()
            .await
            .unwrap_or_else(|_| unreachable!("the pool is never closed"));
        Self { _permit: permit, _gate: gate }
    }
}

/// A recorded call that has no result yet. Answering records the result; dropping it unanswered
/// (the call's future was dropped) records that the call was aborted, so the log never holds a
/// call without its one result.
struct Unanswered {
    calls: Arc<NestedCalls>,
    execution: Arc<Execution>,
    answered: bool,
}

impl Unanswered {
    fn new(calls: Arc<NestedCalls>, execution: Arc<Execution>) -> Self {
        Self { calls, execution, answered: false }
    }

    /// Records the result and turns it into what the script's call resolves or rejects with.
    fn answer(mut self, result: ToolResult) -> Result<Value, HostError> {
        self.answered = true;
        let tool = self.execution.name();
        if let Err(error) = self.record(&result) {
            let message = format!("cannot record the result in the session log: {error}");
            return Err(host_error(tool, &ErrorInfo::new(ErrorCode::Internal, message)));
        }
        match (result.value, result.record.error) {
            (_, Some(error)) => Err(host_error(tool, &error)),
            (Some(value), None) => Ok(Arc::unwrap_or_clone(value)),
            (None, None) => Ok(Value::Null),
        }
    }

    fn record(&self, result: &ToolResult) -> std::io::Result<u64> {
        let execution = &self.execution;
        let parent = execution.parent().map(|parent| &**parent);
        let identity = CallIdentity {
            call_id: execution.call_id(),
            parent,
            name: execution.name(),
            step: None,
        };
        let elapsed: Duration = execution.started().elapsed();
        self.calls.context.log.record_result(identity, &result.record, elapsed)
    }
}

impl Drop for Unanswered {
    fn drop(&mut self) {
        if self.answered {
            return;
        }
        let name = self.execution.name();
        let error = if self.execution.body_invoked() {
            ErrorInfo::new(ErrorCode::Aborted, format!("tool {name:?} was cancelled while it ran"))
        } else {
            ErrorInfo::new(
                ErrorCode::AbortedBeforeDispatch,
                format!("tool {name:?} was cancelled before it ran"),
            )
        };
        if let Err(error) = self.record(&ToolResult::failure(error)) {
            tracing::warn!(%error, call = %self.execution.call_id(), "cannot record an aborted nested call");
        }
    }
}

/// The error a script's call rejects with: the pipeline's envelope, plus the tool.
fn host_error(tool: &str, error: &ErrorInfo) -> HostError {
    let mut data = Map::new();
    data.insert("code".into(), json!(error.code.as_str()));
    data.insert("tool".into(), json!(tool));
    HostError { name: error.name.clone(), message: error.message.clone(), data }
}

#[cfg(test)]
mod tests;
