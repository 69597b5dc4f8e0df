//! Nested calls: the `tools` SDK's calls, each a full execution under its `run_code` call
//! (R-CODE-2, R-CODE-3, R-LOG-2).
//!
//! A script's call reaches the host as a host call. Its synchronous part runs in the order the
//! script made the calls: it records the `tool/call` (parent = the `run_code` call) and queues
//! the call for the run's one preparer. The preparer takes calls in that order, one at a time
//! through prepare (hooks, guards, approvals: prompts never overlap and guards see calls in
//! order), then hands each allowed call a place in the body pool: a parallel call shares the
//! gate with other parallel calls, an exclusive one waits for the gate to be empty and holds it
//! alone, and at most `max_parallel` bodies run at once. Every call then finishes (post-execute
//! included) and records its `tool/result` the moment it settles: nested results have no
//! transcript order to keep.
//!
//! The nested pool is separate from the top-level pool and has the same bound: `run_code` is
//! exclusive at top level, so while it runs nothing else does, and the two never add up.
//!
//! When the run ends early (deadline, cancellation), every host call's signal fires: queued calls
//! settle as `ABORTED_BEFORE_DISPATCH`, running bodies as `ABORTED`, and each is recorded before
//! `run_code` returns, because the runtime awaits its host calls and the preparer drains its
//! queue.

use std::sync::Arc;
use std::time::Duration;

use ordo_runtime::{HostCall, HostError, HostFunctions};
use ordo_tools::session::{CallIdentity, SessionLog};
use ordo_tools::{
    Arguments, CallId, CallRequest, ErrorCode, ErrorInfo, Execution, ExecutionMode, Pipeline,
    Prepared, ScopeChain, Staged, Tool, ToolResult,
};
use serde_json::{Map, Value, json};
use tokio::sync::{OwnedRwLockReadGuard, OwnedRwLockWriteGuard, RwLock, Semaphore, mpsc, oneshot};
use tokio::task::JoinHandle;

/// The global name a tool's host function is installed under; the prelude moves it into
/// `tools` and deletes the global. The dot keeps it out of the way of any real global.
pub(crate) fn host_function_name(tool: &str) -> String {
    format!("tools.{tool}")
}

/// What a run's nested calls share.
pub(crate) struct NestedCalls {
    queue: mpsc::UnboundedSender<Queued>,
    preparer: JoinHandle<()>,
    scopes: ScopeChain,
}

/// A call waiting for its turn to be prepared.
struct Queued {
    request: CallRequest,
    reply: oneshot::Sender<Result<Value, HostError>>,
}

/// What the preparer and the bodies need.
#[derive(Clone)]
pub(crate) struct Context {
    pub(crate) pipeline: Pipeline,
    pub(crate) log: SessionLog,
    pub(crate) scopes: ScopeChain,
    pub(crate) max_parallel: usize,
}

impl NestedCalls {
    /// Starts the preparer of one `run_code` call.
    pub(crate) fn start(context: Context) -> Self {
        let (queue, receiver) = mpsc::unbounded_channel();
        let scopes = context.scopes.clone();
        let preparer = tokio::spawn(prepare_in_order(context, receiver));
        Self { queue, preparer, scopes }
    }

    /// The host functions of `tools`: one per tool, for the `run_code` call `parent`.
    pub(crate) fn host_functions(
        &self,
        tools: &[Arc<Tool>],
        parent: &CallId,
        log: &SessionLog,
    ) -> HostFunctions {
        let mut host = HostFunctions::new();
        for tool in tools {
            let (queue, parent, log) = (self.queue.clone(), parent.clone(), log.clone());
            let (name, scopes) = (tool.name().to_owned(), self.scopes.clone());
            host.insert(host_function_name(tool.name()), move |call: HostCall| {
                enqueue(&queue, &parent, &log, &name, &scopes, call)
            });
        }
        host
    }

    /// Waits until every queued call has been prepared, run and recorded. Call it after the
    /// run, with the run's host functions: they hold the queue, which must close for the
    /// preparer to end. (The runtime has awaited every host call, so the queue is empty.)
    pub(crate) async fn finish(self, host: HostFunctions) {
        drop(host);
        drop(self.queue);
        let _ = self.preparer.await;
    }
}

/// The synchronous part of a nested call, run in script order: record the call, queue it.
fn enqueue(
    queue: &mpsc::UnboundedSender<Queued>,
    parent: &CallId,
    log: &SessionLog,
    name: &str,
    scopes: &ScopeChain,
    call: HostCall,
) -> impl Future<Output = Result<Value, HostError>> + Send + use<> {
    let call_id: CallId = Arc::from(format!("{parent}.{}", call.id));
    let arguments = Arguments::from_value(call.args);
    let identity = CallIdentity { call_id: &call_id, parent: Some(parent), name, step: None };
    let recorded = log.record_call(identity, arguments.raw());
    let (reply, answer) = oneshot::channel();
    let request = CallRequest::new(call_id, name, arguments)
        .with_parent(parent.clone())
        .with_scopes(scopes.clone())
        .with_signal(call.signal);
    let queued = match recorded {
        Ok(_) => queue.send(Queued { request, reply }).map_err(|_| "the run is over".to_owned()),
        Err(error) => Err(format!("cannot record the call in the session log: {error}")),
    };
    let tool = name.to_owned();
    async move {
        if let Err(message) = queued {
            return Err(host_error(&tool, &ErrorInfo::new(ErrorCode::Internal, message)));
        }
        answer.await.unwrap_or_else(|_| {
            Err(host_error(&tool, &ErrorInfo::new(ErrorCode::Internal, "the call was lost")))
        })
    }
}

/// The preparer: one call at a time, in script order.
async fn prepare_in_order(context: Context, mut queue: mpsc::UnboundedReceiver<Queued>) {
    let gate = Arc::new(RwLock::new(()));
    let pool = Arc::new(Semaphore::new(context.max_parallel.max(1)));
    let mut bodies = tokio::task::JoinSet::new();
    while let Some(Queued { request, reply }) = queue.recv().await {
        let execution = Arc::new(context.pipeline.begin(request));
        let staged = match context.pipeline.prepare(&execution).await {
            Ok(Prepared::Settled(staged)) => *staged,
            Ok(Prepared::Dispatch(ready)) => {
                let mode = execution.tool().map_or(ExecutionMode::Exclusive, |tool| {
                    tool.execution_mode(execution.arguments().value())
                });
                let place = Place::take(mode, &gate, &pool).await;
                let (context, execution) = (context.clone(), Arc::clone(&execution));
                bodies.spawn(async move {
                    let staged = context.pipeline.dispatch(&execution, ready).await;
                    drop(place);
                    settle(&context, &execution, staged, reply).await;
                });
                continue;
            }
            Err(broken) => {
                // The call is recorded and must get its result; its body never ran.
                let message = format!("ordo could not prepare this call: {}", broken.message);
                let result = ToolResult::failure(ErrorInfo::new(ErrorCode::Internal, message));
                record_and_reply(&context, &execution, result, reply);
                continue;
            }
        };
        settle(&context, &execution, staged, reply).await;
    }
    while bodies.join_next().await.is_some() {}
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
        // The pool is never closed while the preparer runs.
        let permit = Arc::clone(pool)
            .acquire_owned()
            .await
            .unwrap_or_else(|_| unreachable!("the pool is never closed"));
        Self { _permit: permit, _gate: gate }
    }
}

/// Post-execute, finish, record, reply.
async fn settle(
    context: &Context,
    execution: &Execution,
    staged: Staged,
    reply: oneshot::Sender<Result<Value, HostError>>,
) {
    let finalized = context.pipeline.finalize(execution, staged).await;
    let result = context.pipeline.finish(execution, finalized);
    record_and_reply(context, execution, result, reply);
}

fn record_and_reply(
    context: &Context,
    execution: &Execution,
    result: ToolResult,
    reply: oneshot::Sender<Result<Value, HostError>>,
) {
    let parent = execution.parent().map(|parent| &**parent);
    let identity =
        CallIdentity { call_id: execution.call_id(), parent, name: execution.name(), step: None };
    let elapsed: Duration = execution.started().elapsed();
    let answer = match context.log.record_result(identity, &result.record, elapsed) {
        Err(error) => Err(host_error(
            execution.name(),
            &ErrorInfo::new(
                ErrorCode::Internal,
                format!("cannot record the result in the session log: {error}"),
            ),
        )),
        Ok(_) => match (&result.value, result.error()) {
            (_, Some(error)) => Err(host_error(execution.name(), error)),
            (Some(value), None) => Ok(Value::clone(value)),
            (None, None) => Ok(Value::Null),
        },
    };
    let _ = reply.send(answer);
}

/// The error a script's call rejects with: the pipeline's envelope, plus the tool.
fn host_error(tool: &str, error: &ErrorInfo) -> HostError {
    let mut data = Map::new();
    data.insert("code".into(), json!(error.code.as_str()));
    data.insert("tool".into(), json!(tool));
    HostError { name: error.name.clone(), message: error.message.clone(), data }
}
