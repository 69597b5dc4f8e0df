//! The engine: one script in one fresh Boa context (R-RT-1, R-RT-2).
//!
//! The code runs as the body of an async function: `(async () => {\n` + code + `\n})()`, so
//! top-level `await` and `return` work, and every reported line is one less than in the wrapped
//! text. The run loop drains the job queue, checks the function's promise, and otherwise blocks
//! on the host's next reply to a host call; when the promise is pending, no job is queued and
//! no host call is outstanding, nothing can ever settle it: the run ends as a stall.
//!
//! The engine runs wherever it is put: in a worker process (the default, see
//! [`crate::worker`]) or on a thread of the host for trusted code ([`crate::InProcessRuntime`]).
//! It talks to the host through a [`Bridge`].

mod blocking;
mod clock;
mod clone;
pub(crate) use self::clock::MAX_RUNS as MAX_CLOCK_RUNS;
mod console;
mod convert;
mod encoding;
mod explain;
mod faithful;
mod globals;
mod jobs;
mod json;
mod lazy;
mod namespace;
mod native;
mod originals;
mod random;
mod regexp;
mod rejections;
mod script_text;
mod stack;
mod strings;
mod template;
mod url;

use std::io;
use std::path::Path;
use std::rc::Rc;

use boa_engine::builtins::promise::PromiseState;
use boa_engine::error::{EngineError, RuntimeLimitError};
use boa_engine::job::JobExecutor;
use boa_engine::object::builtins::JsPromise;
use boa_engine::{Context, JsError, JsValue, Script, Source};
use serde_json::Value;

use crate::limits::EngineLimits;
use crate::outcome::{ClockReadings, LogEntry, Position};
use crate::protocol::{
    EngineOutcome, HostError, Returned, RunRequest, ScriptFailure, ScriptFailureKind,
};

use self::clock::RunClock;
use self::globals::{Hooks, HostState};
use self::jobs::JobQueue;
use self::script_text::ScriptText;
use crate::typescript::JavaScript;

/// The lines the wrapper adds before the code.
const PREFIX: &str = "(async () => {\n";
const SUFFIX: &str = "\n})()";

/// How the engine reaches its host.
pub(crate) trait Bridge {
    /// Sends a host call, with the options the script passed after its argument, if any.
    fn call(&mut self, id: u64, name: &str, args: Value, options: Option<Value>) -> io::Result<()>;
    /// Blocks until the host answers one of the calls or probes; `None` when the host is gone.
    fn next_reply(&mut self) -> io::Result<Option<Incoming>>;
    /// Answers a probe: nothing is left to run, `answered` answers were read; the clock's
    /// readings when the run records them.
    fn idle(&mut self, answered: u64, clock: Option<ClockReadings>) -> io::Result<()>;
    /// Sends a console line.
    fn log(&mut self, entry: LogEntry) -> io::Result<()>;
}

/// What the host sends while a script waits.
pub(crate) enum Incoming {
    /// The answer to a host call.
    Answer(u64, Result<Value, HostError>),
    /// Say whether anything is left to run (see `ToWorker::Probe`).
    Probe,
}

/// Trusted code run once when the engine is built, so that the first run does not pay for
/// the first use of the parser, the compiler and the VM (page faults in the binary's code,
/// first allocations): about 0.2 ms of a trivial run otherwise. It touches only values of its
/// own, so the context a script gets is as fresh as before: no global is read or written except
/// the built-ins it calls.
const WARM_UP: &str = "(async () => {
    const values = [1, 'two', { three: [3.5, true, null] }, `four ${4}`];
    let sum = 0;
    for (const value of values) {
        if (typeof value === 'number') sum += value; else sum += String(value).length;
    }
    const doubled = values.map((value, index) => ({ index, value })).filter((entry) => entry.index % 2 === 0);
    try {
        await Promise.all([Promise.resolve(sum), null]);
        throw new TypeError('warm');
    } catch (error) {
        sum += error.message.length;
    }
    return JSON.stringify({ sum, doubled, parsed: JSON.parse('{\"a\":[1,2]}') });
})()";

/// A fresh context, ready for one run.
pub(crate) struct Engine {
    context: Context,
    jobs: Rc<JobQueue>,
    hooks: Rc<Hooks>,
    /// The wall clock, recorded in a pausable run.
    clock: Rc<RunClock>,
    /// The built-ins the engine relies on, captured before any script ran.
    originals: originals::Originals,
}

impl Engine {
    /// Builds the context (the ECMAScript built-ins, `console`, no `eval`) and, if asked,
    /// warms it up. Costly (a few hundred microseconds), which is why the warm pool builds it
    /// before any run is asked for. The warm-up is for a fresh process waiting in the pool,
    /// whose code and memory are all touched for the first time; a worker a run waits for
    /// skips it (the run makes those first touches itself, and the warm-up's own work would
    /// only delay it), and so does an engine thread in a host that ran scripts before, which
    /// has little to gain from it and no pool to hide its cost.
    pub(crate) fn new(warm_up: bool) -> Result<Self, String> {
        let jobs = Rc::new(JobQueue::default());
        let hooks = Rc::new(Hooks::default());
        let clock = Rc::new(RunClock::default());
        let mut context = Context::builder()
            .job_executor(Rc::clone(&jobs))
            .host_hooks(Rc::clone(&hooks))
            .clock(Rc::clone(&clock))
            .can_block(false)
            .build()
            .map_err(|error| format!("cannot build the JavaScript context: {error}"))?;
        context.insert_data(Rc::clone(&clock));
        pace_collections();
        let originals = globals::prepare(&mut context)?;
        let mut engine = Self { context, jobs, hooks, clock, originals };
        if warm_up {
            engine.warm_up()?;
        }
        Ok(engine)
    }

    /// Runs [`WARM_UP`] as a script runs: parsed, compiled, evaluated, its jobs drained.
    fn warm_up(&mut self) -> Result<(), String> {
        let source = Source::from_bytes(WARM_UP).with_path(Path::new("warm-up"));
        let promise = Script::parse(source, None, &mut self.context)
            .and_then(|script| script.evaluate(&mut self.context))
            .map_err(|error| format!("the engine's warm-up failed: {error}"))?;
        Rc::clone(&self.jobs)
            .run_jobs(&mut self.context)
            .map_err(|error| format!("the engine's warm-up failed: {error}"))?;
        let settled =
            promise.as_object().and_then(|object| JsPromise::from_object(object.clone()).ok());
        match settled.map(|promise| promise.state()) {
            Some(PromiseState::Fulfilled(_)) => Ok(()),
            other => Err(format!("the engine's warm-up did not finish: {other:?}")),
        }
    }

    /// Runs one script to its end. Call it once: the context is the script's afterwards.
    pub(crate) fn run(&mut self, request: &RunRequest, bridge: Box<dyn Bridge>) -> EngineOutcome {
        self.apply_limits(&request.limits);
        random::seed(&mut self.context, request.seed);
        self.clock.start(request.clock.as_ref());
        globals::install(&mut self.context, bridge, request, self.originals.clone())
            .map_err(|message| failure(ScriptFailureKind::Prelude, message, None))?;
        let texts = [Some(request.code.as_str()), request.prelude.as_deref()];
        lazy::compile_named(&mut self.context, &texts.into_iter().flatten().collect::<Vec<_>>())
            .map_err(|error| {
                let message = format!("cannot compile the web built-ins and Intl: {error}");
                failure(ScriptFailureKind::Prelude, message, None)
            })?;
        if let Some(prelude) = &request.prelude {
            self.run_prelude(prelude)?;
        }
        let script = if request.typescript {
            crate::typescript::to_javascript(&request.code).map_err(|error| {
                failure(
                    ScriptFailureKind::Syntax,
                    format!("SyntaxError: {}", error.message),
                    Some(Position { line: error.line, column: error.column }),
                )
            })?
        } else {
            JavaScript { code: request.code.clone(), positions: None }
        };
        let promise = self.start(script)?;
        self.settle(&promise, &request.limits)
    }

    fn apply_limits(&mut self, limits: &EngineLimits) {
        let runtime = self.context.runtime_limits_mut();
        runtime.set_recursion_limit(limits.recursion.unwrap_or(usize::MAX));
        runtime.set_loop_iteration_limit(limits.loop_iterations.unwrap_or(u64::MAX));
        runtime.set_stack_size_limit(limits.stack_values.unwrap_or(usize::MAX));
        self.hooks.set_max_buffer_size(limits.array_buffer_bytes);
    }

    fn run_prelude(&mut self, prelude: &str) -> Result<(), ScriptFailure> {
        let source = Source::from_bytes(prelude).with_path(Path::new("prelude"));
        self.context.eval(source).map(drop).map_err(|error| {
            let message = format!(
                "the prelude failed: {}",
                convert::describe_error(&error, &mut self.context).0
            );
            failure(ScriptFailureKind::Prelude, message, None)
        })?;
        Rc::clone(&self.jobs).run_jobs(&mut self.context).map_err(|error| {
            failure(ScriptFailureKind::Prelude, format!("the prelude failed: {error}"), None)
        })
    }

    /// Parses the wrapped code and calls it, returning the function's promise.
    fn start(&mut self, script: JavaScript) -> Result<JsPromise, ScriptFailure> {
        let wrapped = format!("{PREFIX}{}{SUFFIX}", script.code);
        let source = Source::from_bytes(&wrapped).with_path(Path::new("script"));
        let parsed = Script::parse(source, None, &mut self.context);
        // Every position reported from here on is taken back to the source through the text.
        self.context.insert_data(ScriptText::new(wrapped, script.positions));
        let parsed = parsed.map_err(|error| {
            let (message, position) = convert::syntax_error(&error, &mut self.context);
            failure(ScriptFailureKind::Syntax, message, position)
        })?;
        let value =
            parsed.evaluate(&mut self.context).map_err(|error| self.error_failure(&error))?;
        value.as_object().and_then(|object| JsPromise::from_object(object.clone()).ok()).ok_or_else(
            || {
                failure(
                    ScriptFailureKind::Syntax,
                    "the code must be the body of a function: it closed the function it runs in"
                        .to_owned(),
                    None,
                )
            },
        )
    }

    /// Runs jobs and answers host calls until the promise settles or nothing can settle it.
    fn settle(&mut self, promise: &JsPromise, limits: &EngineLimits) -> EngineOutcome {
        loop {
            Rc::clone(&self.jobs)
                .run_jobs(&mut self.context)
                .map_err(|error| self.error_failure(&error))?;
            match promise.state() {
                PromiseState::Fulfilled(value) => {
                    if let Some(reason) = self.hooks.rejections().first_unhandled(promise) {
                        return Err(self.unhandled_rejection(&reason));
                    }
                    return self.result_json(&value, limits);
                }
                PromiseState::Rejected(reason) => {
                    let (message, position) = convert::describe_thrown(&reason, &mut self.context);
                    return Err(failure(ScriptFailureKind::Runtime, message, position));
                }
                PromiseState::Pending => {}
            }
            if !HostState::has_pending_calls(&self.context) {
                return Err(failure(ScriptFailureKind::Stall, stall_message(limits), None));
            }
            HostState::answer_next(&mut self.context)
                .map_err(|message| failure(ScriptFailureKind::Prelude, message, None))?;
        }
    }

    /// A promise rejected with nothing to handle it, the run's end as Node's (see
    /// [`rejections`]): its error, where it was thrown, and why the script's result is not given.
    fn unhandled_rejection(&mut self, reason: &JsValue) -> ScriptFailure {
        let (message, position) = convert::describe_thrown(reason, &mut self.context);
        let message = format!(
            "{message}\n(a promise was rejected and nothing awaited it or caught its error: \
             the script's result is dropped, as Node ends a script at an unhandled rejection)"
        );
        failure(ScriptFailureKind::Runtime, message, position)
    }

    /// The result as JSON, carried faithfully, with notes on what JSON could not hold.
    fn result_json(&mut self, value: &JsValue, limits: &EngineLimits) -> EngineOutcome {
        let too_large = |bytes: usize| {
            let message = format!(
                "the result is {bytes} bytes of JSON or more; the limit is {} bytes",
                limits.output_bytes
            );
            failure(ScriptFailureKind::OutputLimit, message, None)
        };
        let (text, mut notes) = faithful::faithful(value, &self.originals, &mut self.context)
            .map_err(|error| self.error_failure(&error))?;
        // Every UTF-16 unit is at least one byte of UTF-8: a result too long in units is too
        // large, and is refused before it is copied.
        if text.len() > limits.output_bytes {
            return Err(too_large(text.len()));
        }
        let json = text.to_std_string_lossy();
        let (json, lone) = faithful::without_lone_surrogates(&json);
        if lone > 0 {
            let s = if lone == 1 { "" } else { "s" };
            notes.push(format!(
                "{lone} unpaired UTF-16 surrogate{s} (half of an emoji or other character cut in \
                 two, by `slice` or `split(\"\")`) written as U+FFFD: JSON text cannot hold one"
            ));
        }
        if json.len() > limits.output_bytes {
            return Err(too_large(json.len()));
        }
        Ok(Returned { json: json.into_owned(), notes })
    }

    /// Maps an error out of the engine: a limit is the engine's verdict, never the script's;
    /// anything else is an uncaught exception.
    fn error_failure(&mut self, error: &JsError) -> ScriptFailure {
        if let Some(EngineError::RuntimeLimit(limit)) = error.as_engine() {
            let kind = match limit {
                RuntimeLimitError::LoopIteration => ScriptFailureKind::LoopLimit,
                RuntimeLimitError::Recursion => ScriptFailureKind::RecursionLimit,
                RuntimeLimitError::StackSize => ScriptFailureKind::StackLimit,
            };
            return failure(kind, limit.to_string(), None);
        }
        let (message, position) = convert::describe_error(error, &mut self.context);
        failure(ScriptFailureKind::Runtime, message, position)
    }
}

fn stall_message(limits: &EngineLimits) -> String {
    let mut message = "the script waits for something that can never happen: its promise is pending and nothing is left to run".to_owned();
    if limits.uses_engine_limits() {
        message.push_str(" (or it hit the engine's loop, recursion or stack limit after an `await`, which Boa reports this way)");
    }
    message
}

fn failure(kind: ScriptFailureKind, message: String, position: Option<Position>) -> ScriptFailure {
    ScriptFailure { kind, message, position }
}

/// A line of the wrapped text as a line of the code as written.
pub(crate) fn unwrap_line(line: u32) -> Option<u32> {
    line.checked_sub(1).filter(|line| *line > 0)
}

/// How full the collector's heap may be after a collection before it lets the heap grow: 50
/// lets it double, as V8's old generation does. Boa's 70 let a script that keeps a large
/// parsed document collect the whole of it every three sevenths of growth: `json_walk` (a
/// 2 MB tree kept while walked) and `json_reshape` ran about a fifth faster at 50; scripts
/// whose live heap is small (a class instance made per step) are collected every MiB either
/// way, and a larger first threshold than that made them no faster (the freed boxes are
/// reused while still in the cache).
const HEAP_IN_USE_PERCENT: usize = 50;

/// Sets when the collector runs on this thread. It sees its own boxes, not the elements and
/// strings they own: it also collects when the bytes this thread holds (which the worker's
/// allocator reports) have doubled and grown by an eighth of the address space the process
/// may use, between 16 and 128 MiB (a worker allowed 256 MiB collects every 32 MiB of
/// growth), and its own heap may double between collections ([`HEAP_IN_USE_PERCENT`]).
/// Called again once a forked worker has its own limits.
pub(crate) fn pace_collections() {
    const MIN: u64 = 16 << 20;
    const MAX: u64 = 128 << 20;
    let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit writes only the rlimit it is given.
    #[allow(unsafe_code)]
    let known = unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut limit) } == 0;
    let growth = if known && limit.rlim_cur != libc::RLIM_INFINITY {
        (limit.rlim_cur / 8).clamp(MIN, MAX)
    } else {
        MAX
    };
    boa_engine::watch_external_memory(usize::try_from(growth).unwrap_or(usize::MAX));
    boa_engine::gc::set_used_space_percentage(HEAP_IN_USE_PERCENT);
}
