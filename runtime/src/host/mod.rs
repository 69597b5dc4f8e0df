//! The host side: the public [`Runtime`], the warm pool, and the run driver.

mod connection;
mod forked;
mod memory;
mod pause;
mod pipe;
mod pool;
mod process;
mod run;
mod zygote;

use std::sync::Arc;
use std::time::Duration;

use futures::future::BoxFuture;
use indexmap::IndexMap;
use serde_json::Value;
use tokio_util::sync::CancellationToken;

pub use self::pause::Parking;
use self::pool::{Engines, Pool};
pub use self::process::WorkerCommand;
use self::zygote::ForkServer;
use crate::globals::{Constant, Namespace};
use crate::limits::Limits;
use crate::outcome::{ClockReadings, Ended, ErrorKind, RunError, RunOutcome};
use crate::protocol::{HostError, RunRequest};
use crate::sandbox::ProcessLimits;

/// A script to run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Script {
    /// The code: the body of an async function (top-level `await` and `return` work).
    pub code: String,
    /// Whether the code is TypeScript (its types are stripped first).
    pub typescript: bool,
    /// Host functions placed in a namespace object (`tools.read_file`) instead of globals,
    /// built in Rust before the script runs.
    pub namespace: Option<Namespace>,
    /// Read-only globals holding JSON values (a script's inputs).
    pub constants: Vec<Constant>,
    /// Trusted JavaScript run first in the same context, after the namespace and constants are
    /// installed, for the embedder. It is parsed and compiled at every run: what a namespace
    /// or a constant can say costs less said that way.
    pub prelude: Option<String>,
    /// The run's deadline, if not the runtime's.
    pub deadline: Option<Duration>,
    /// The seed of the run's random numbers (`Math.random`, `crypto`): a run made again with
    /// the same seed draws the same numbers. `None`: one from the operating system.
    pub seed: Option<u64>,
    /// A run that may pause (see [`Runtime::run_pausable`]): its clock is recorded, and reads
    /// these values first (a replay's; empty for a first run). `None`: it cannot pause.
    pub pausable: Option<ClockReadings>,
}

impl Script {
    /// JavaScript code.
    pub fn javascript(code: impl Into<String>) -> Self {
        Self {
            code: code.into(),
            typescript: false,
            namespace: None,
            constants: Vec::new(),
            prelude: None,
            deadline: None,
            seed: None,
            pausable: None,
        }
    }

    /// TypeScript code.
    pub fn typescript(code: impl Into<String>) -> Self {
        Self { typescript: true, ..Self::javascript(code) }
    }

    /// Places host functions in a namespace object.
    pub fn with_namespace(mut self, namespace: Namespace) -> Self {
        self.namespace = Some(namespace);
        self
    }

    /// Adds a read-only global.
    pub fn with_constant(mut self, constant: Constant) -> Self {
        self.constants.push(constant);
        self
    }

    /// Adds a prelude.
    pub fn with_prelude(mut self, prelude: impl Into<String>) -> Self {
        self.prelude = Some(prelude.into());
        self
    }

    /// Seeds the run's random numbers (see [`Script::seed`]).
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.seed = Some(seed);
        self
    }

    /// Lets the run pause, its clock reading `replay` first (see [`Script::pausable`]).
    pub fn pausable(mut self, replay: ClockReadings) -> Self {
        self.pausable = Some(replay);
        self
    }

    /// Sets the deadline of this run.
    pub fn with_deadline(mut self, deadline: Duration) -> Self {
        self.deadline = Some(deadline);
        self
    }
}

/// A call a script made to a host function.
#[derive(Clone, Debug)]
pub struct HostCall {
    /// The call's id, unique within the run.
    pub id: u64,
    /// The host function's name.
    pub name: String,
    /// The argument, as plain JSON.
    pub args: Value,
    /// The options the script passed after the argument (`tools.x(args, { timeout: 300 })`),
    /// as plain JSON; `None` when it passed none. The worker is trusted with nothing: they are
    /// checked by the host function that reads them.
    pub options: Option<Value>,
    /// Fires when the run ends before the call does (killed, cancelled, timed out, or finished
    /// without waiting for it): the call should stop.
    pub signal: CancellationToken,
    /// Where the call says it waits on something outside the run: a pausable run pauses when
    /// every call in flight is parked and the script has nothing else to run.
    pub parking: Parking,
}

/// An async host function. It is called on the run's driver, in the order the script made its
/// calls (so its synchronous part can take a place in line); the future it returns is polled by
/// the driver too, concurrently with the run's other calls, at most `concurrent_host_calls` at
/// once. No task per call: a call that answers at once costs no hand-off between threads. So
/// a function with heavy synchronous work should move it to a task of its own (or
/// `spawn_blocking`): done in the future, it would hold up the run. A panic in the function
/// or its future rejects that call with an error.
pub type HostFunction =
    Arc<dyn Fn(HostCall) -> BoxFuture<'static, Result<Value, HostError>> + Send + Sync>;

/// The host functions a script can call, by name.
#[derive(Clone, Default)]
pub struct HostFunctions {
    functions: IndexMap<String, HostFunction>,
    /// The names of those the script calls without `await` ([`HostFunctions::insert_blocking`]).
    blocking: Vec<String>,
}

impl HostFunctions {
    /// No functions.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a function under a global name.
    pub fn insert<F, Fut>(&mut self, name: impl Into<String>, function: F) -> &mut Self
    where
        F: Fn(HostCall) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<Value, HostError>> + Send + 'static,
    {
        self.functions.insert(name.into(), Arc::new(move |call| Box::pin(function(call))));
        self
    }

    /// Adds a function the script calls without `await`: a global whose call waits for the
    /// answer and returns it (`undefined` for `None`), or throws the error. For helpers the
    /// host answers at once (a key-value store): the script stands still while it waits, so a
    /// slow one holds up everything the script does.
    ///
    /// Its arguments are converted as a script's result is (`JSON.stringify` with `toJSON`, a
    /// Map as an object or entries, a Set as an array), all of them as one array, and what
    /// JSON cannot hold (a function, a symbol, a Promise, a cycle) is a `TypeError` naming
    /// where it is, thrown before anything is sent.
    pub fn insert_blocking<F, Fut>(&mut self, name: impl Into<String>, function: F) -> &mut Self
    where
        F: Fn(HostCall) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<Option<Value>, HostError>> + Send + 'static,
    {
        let name = name.into();
        self.blocking.push(name.clone());
        let function = Arc::new(function);
        self.insert(name, move |call| {
            let answer = function(call);
            async move { answer.await.map(blocking_answer) }
        })
    }

    /// The function of a name.
    pub fn get(&self, name: &str) -> Option<HostFunction> {
        self.functions.get(name).cloned()
    }

    /// The names, in insertion order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.functions.keys().map(String::as_str)
    }

    /// The names of the blocking functions, in insertion order.
    pub fn blocking_names(&self) -> impl Iterator<Item = &str> {
        self.blocking.iter().map(String::as_str)
    }
}

/// A blocking function's answer as it crosses to the worker: `{ "value": … }`, or `{}` for
/// `undefined`.
fn blocking_answer(value: Option<Value>) -> Value {
    let mut answer = serde_json::Map::new();
    if let Some(value) = value {
        answer.insert("value".to_owned(), value);
    }
    Value::Object(answer)
}

impl std::fmt::Debug for HostFunctions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.functions.keys()).finish()
    }
}

/// Where scripts run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Isolation {
    /// In a worker process per run, started by this command (the default, for model code):
    /// every limit holds, the worker is killed and reaped at the deadline, and the host survives
    /// anything the script does.
    Process(WorkerCommand),
    /// On a thread of this process (R-RT-5), for trusted code and tests. Weaker: no memory or
    /// CPU limit and no system-call filter; at the deadline or on cancellation the run ends but
    /// a script stuck in a loop cannot be stopped, so its thread keeps running, abandoned, until
    /// the loop ends; and a native stack overflow (deep nesting) or an allocation failure aborts
    /// the whole process. Host-call limits, output and log caps, and the engine limits hold.
    InProcess,
}

/// How a [`Runtime`] runs scripts.
#[derive(Clone, Debug)]
pub struct RuntimeConfig {
    /// Where scripts run.
    pub isolation: Isolation,
    /// The limits of every run.
    pub limits: Limits,
    /// How many engines to keep started and ready, so a run does not wait for one: worker
    /// processes, or engine threads in process. Default: 2 worker processes; 1 engine thread.
    pub warm_workers: usize,
    /// The most engines alive at once, warm and running together; a run that finds none
    /// free waits for one (within its deadline). Default: no cap. A server that lives long
    /// and serves many clients sets one.
    pub max_workers: Option<usize>,
    /// Whether worker processes are forked from a fork server (one process of the worker
    /// program, started at the first need, that has built and warmed up an engine and forks a
    /// copy of itself for each run; DESIGN.md §5) instead of each started anew. A forked
    /// worker is as fresh as a spawned one (no script ever ran in what it copies) and costs a
    /// fraction of the CPU to start, which a server answering calls back to back on a small
    /// machine needs. The fork server is one more process, not counted in `max_workers`; a
    /// program that is not one (it does not run [`crate::worker::main`]) gets its workers
    /// spawned. Linux only; ignored for [`Isolation::InProcess`]. Default: off.
    pub fork_workers: bool,
}

impl RuntimeConfig {
    /// Worker processes started by `worker`, with the default limits and pool.
    pub fn new(worker: WorkerCommand) -> Self {
        Self {
            isolation: Isolation::Process(worker),
            limits: Limits::default(),
            warm_workers: 2,
            max_workers: None,
            fork_workers: false,
        }
    }

    /// Runs on threads of this process; see [`Isolation::InProcess`].
    pub fn in_process() -> Self {
        Self {
            isolation: Isolation::InProcess,
            limits: Limits::default(),
            warm_workers: 1,
            max_workers: None,
            fork_workers: false,
        }
    }
}

/// Runs scripts, each in a fresh engine: by default in a worker process per run. Cheap to clone.
#[derive(Clone)]
pub struct Runtime {
    limits: Arc<Limits>,
    /// The budget all runs share, if the limits set one.
    shared_host_memory: Option<Arc<memory::SharedBudget>>,
    /// The warm pool of engines.
    pool: Arc<Pool>,
}

impl Runtime {
    /// A runtime whose scripts run in worker processes of this very executable, with the
    /// default limits: what most programs want. The program must call
    /// [`run_if_worker`](crate::worker::run_if_worker) first thing in `main`.
    pub fn current_exe() -> std::io::Result<Self> {
        Ok(Self::new(RuntimeConfig::new(WorkerCommand::current_exe()?)))
    }

    /// A runtime. Engines are started on first use, or by [`warm_up`](Self::warm_up).
    pub fn new(config: RuntimeConfig) -> Self {
        let process_limits = ProcessLimits {
            address_space: Some(config.limits.memory_bytes),
            cpu_time: Some(config.limits.cpu_time),
            ..ProcessLimits::default()
        };
        let engines = match config.isolation {
            Isolation::Process(command) => {
                let forks = (config.fork_workers && cfg!(target_os = "linux"))
                    .then(|| ForkServer::new(command.clone(), process_limits.clone()));
                Engines::Process { command, limits: process_limits, forks }
            }
            Isolation::InProcess => Engines::Thread,
        };
        let pool = Pool::new(engines, config.warm_workers, config.max_workers);
        let shared_host_memory =
            config.limits.shared_host_memory_bytes.map(memory::SharedBudget::new);
        Self { pool, limits: Arc::new(config.limits), shared_host_memory }
    }

    /// Starts the warm engines and waits until they are ready.
    pub async fn warm_up(&self) -> std::io::Result<()> {
        self.pool.fill().await
    }

    /// Starts one engine now, in the background, for a run that is about to come: a program
    /// that knows a script follows calls this before its other preparations, which then
    /// overlap the engine's start (for a worker process: spawning it and building its engine,
    /// a few milliseconds). The process is spawned before this returns. Does nothing when an
    /// engine is ready or starting already, or outside a tokio runtime.
    pub fn prestart(&self) {
        self.pool.prestart();
    }

    /// The limits of every run.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Runs a script to its end: its result and logs, or why it failed. Never panics and never
    /// hangs past the deadline (plus the time to kill the worker and let host calls finish).
    pub async fn run(
        &self,
        script: &Script,
        host: &HostFunctions,
        cancel: &CancellationToken,
    ) -> RunOutcome {
        match self.start(script, host, cancel, None).await {
            Ended::Run(outcome) => outcome,
            Ended::Paused(paused) => Err(RunError {
                kind: ErrorKind::Host,
                message: "a run that cannot pause paused".to_owned(),
                position: None,
                logs: paused.logs,
            }),
        }
    }

    /// Runs a script to its end, or, when it is [`pausable`](Script::pausable), until it
    /// pauses: every host call in flight [parked](Parking::park) (waiting on something outside
    /// the run) and nothing else left to run. A paused run's worker is gone and its calls in
    /// flight are cancelled; what it gives back ([`crate::Paused`]) lets the same script,
    /// seeded alike and answered alike, run again to the same place.
    pub async fn run_pausable(
        &self,
        script: &Script,
        host: &HostFunctions,
        cancel: &CancellationToken,
    ) -> Ended {
        self.start(script, host, cancel, script.pausable.clone()).await
    }

    /// Runs a script, pausable when `clock` (the readings its replay reads first) is given.
    async fn start(
        &self,
        script: &Script,
        host: &HostFunctions,
        cancel: &CancellationToken,
        clock: Option<ClockReadings>,
    ) -> Ended {
        let deadline = script.deadline.unwrap_or(self.limits.deadline);
        let started = tokio::time::Instant::now();
        // A worker that never starts (a program that forgot `run_if_worker`) holds no run past
        // its deadline or its cancellation.
        let taken = tokio::select! {
            biased;
            () = cancel.cancelled() => {
                let message = "cancelled before the script started".to_owned();
                return Ended::Run(Err(failed(ErrorKind::Cancelled, message)));
            }
            taken = tokio::time::timeout(deadline, self.pool.take()) => taken,
        };
        let engine = match taken {
            Ok(Ok(engine)) => engine,
            Ok(Err(error)) => {
                let message = format!("cannot start a worker: {error}");
                return Ended::Run(Err(failed(ErrorKind::Host, message)));
            }
            Err(_) => {
                let message = format!(
                    "no engine was ready within the deadline ({} ms); a worker process is never \
                     ready when its program does not call ordo_runtime::worker::run_if_worker() \
                     (ordo_sdk::run_if_worker) first thing in main",
                    deadline.as_millis()
                );
                return Ended::Run(Err(failed(ErrorKind::Host, message)));
            }
        };
        let request = RunRequest {
            code: script.code.clone(),
            typescript: script.typescript,
            namespace: script.namespace.clone(),
            constants: script.constants.clone(),
            prelude: script.prelude.clone(),
            seed: script.seed,
            clock,
            host_functions: host.names().map(str::to_owned).collect(),
            blocking_functions: host.blocking_names().map(str::to_owned).collect(),
            limits: self.limits.engine.clone(),
        };
        // The run's worker is replaced when the run no longer needs the CPU (see `Pool::take`):
        // when it returns, or when the caller drops it.
        let _refill = RefillOnDrop(&self.pool);
        let mut connection = engine.connection;
        if let Some(slot) = engine.slot {
            connection.hold(slot);
        }
        let charge = memory::Charge::new(self.shared_host_memory.clone());
        let limits = (&*self.limits, charge);
        run::drive(connection, request, host, limits, (deadline, started), cancel).await
    }
}

/// A run that failed before its script started.
fn failed(kind: ErrorKind, message: String) -> RunError {
    RunError { kind, message, position: None, logs: Vec::new() }
}

/// Brings the pool back to its target when dropped.
struct RefillOnDrop<'a>(&'a Arc<Pool>);

impl Drop for RefillOnDrop<'_> {
    fn drop(&mut self) {
        self.0.refill();
    }
}

impl std::fmt::Debug for Runtime {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Runtime").field("limits", &self.limits).finish_non_exhaustive()
    }
}

/// The message of a panic's payload.
pub(crate) fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|text| (*text).to_owned())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a non-string panic".to_owned())
}
