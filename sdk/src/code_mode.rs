//! The reserved `run_code` tool (R-CODE-1, R-CODE-4, R-CODE-6).
//!
//! `run_code { code }` runs the code in the sandboxed runtime with a frozen `tools` object whose
//! functions are the other registered tools (see the private `nested` module). It is exclusive, declares a
//! timeout, and its value is `{ result, logs }`. Its description carries the TypeScript
//! declarations of the SDK, recomputed whenever the registry changes.

use std::sync::Arc;
use std::time::Duration;

use ordo_runtime::globals::{Constant, Namespace};
use ordo_runtime::{Ended, ErrorKind, RunError, Runtime, Script};
use ordo_tools::{
    CallContext, RUN_CODE, RegisterError, ScopeChain, Tool, ToolDefinition, ToolFailure, ToolName,
    ToolOutput, ToolRegistry,
};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::kept::{self, Keeping, Scoping};
use crate::nested;
use crate::pause::{PausedRun, Pausing, Recorder, Replay, fresh_seed, new_run_id};
use crate::value::RunCodeValue;
use crate::view::{logs_text, present_call, present_result, presentation_meta, render};

/// What a script is given besides `tools`: the globals `args` and `input` (DESIGN.md R-CLI-1a).
/// `ordo run` fills them from its command line; a `run_code` call a model makes gets the
/// default, so its scripts see `args` empty and `input` undefined.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ScriptInputs {
    /// The global `args`, a frozen array of strings: `ordo run SCRIPT -- ARGS…`.
    pub args: Vec<String>,
    /// The global `input`: `ordo run --input JSON`; `undefined` when `None`.
    #[serde(default)]
    pub input: Option<Value>,
}

/// How code mode runs. What the session already knows (its log, pool, approval channel and
/// scopes) the script's calls inherit from the `run_code` call itself.
#[derive(Clone, Debug)]
pub struct CodeModeConfig {
    /// Where scripts run.
    pub runtime: Runtime,
    /// Code mode's own scopes: their guards apply to the script's calls, inside the scopes of
    /// the `run_code` call.
    pub scopes: ScopeChain,
    /// `run_code`'s declared timeout. Default: 60 s.
    pub timeout: Duration,
    /// How much of the result `render` shows before cutting it. Default: 20,000 characters.
    pub render_chars: usize,
    /// The longest the declarations in `run_code`'s description may be; past it they are a
    /// listing by namespace, and scripts use `tools.$search` and `tools.$describe`. Default:
    /// 10,000 characters.
    pub declarations_budget: usize,
    /// The globals `args` and `input` of every script this config runs. Default: none.
    pub inputs: ScriptInputs,
    /// Whether runs may pause for approvals, and where paused runs are kept (DESIGN.md R-RUN).
    /// Default: `None`, no run pauses (an approval deferred fails the call).
    pub pausing: Option<Pausing>,
    /// Whether scripts have `store` and `load`, and where their values are kept. Default:
    /// `None`, they have neither.
    pub keeping: Option<Keeping>,
    /// The base64 bytes of media (images, audio, resources a tool returned) a result passes on
    /// as content blocks (see [`crate::media`]). Default: 5 MiB.
    pub media_budget: usize,
}

impl CodeModeConfig {
    /// The defaults, for a runtime.
    pub fn new(runtime: Runtime) -> Self {
        Self {
            runtime,
            scopes: ScopeChain::default(),
            timeout: Duration::from_secs(60),
            render_chars: 20_000,
            declarations_budget: 10_000,
            inputs: ScriptInputs::default(),
            pausing: None,
            keeping: None,
            media_budget: crate::media::DEFAULT_MEDIA_BUDGET,
        }
    }
}

/// Installs `run_code` into a registry, and keeps its description current as tools come and
/// go.
pub fn install(registry: &ToolRegistry, config: CodeModeConfig) -> Result<(), RegisterError> {
    let config = Arc::new(config);
    registry.install_run_code(definition(&config, registry))?;
    registry.subscribe(move |registry| {
        if let Err(error) = registry.install_run_code(definition(&config, registry)) {
            tracing::warn!(%error, "could not refresh run_code's declarations");
        }
    });
    Ok(())
}

/// The tools a script can call: every registered tool but `run_code`.
fn callable_tools(registry: &ToolRegistry) -> Vec<Arc<Tool>> {
    registry.tools().into_iter().filter(|tool| tool.name() != RUN_CODE).collect()
}

fn definition(config: &Arc<CodeModeConfig>, registry: &ToolRegistry) -> ToolDefinition {
    let description = description(&callable_tools(registry), config);
    let mut parameters = json!({
        "type": "object",
        "properties": {
            "code": {
                "type": "string",
                "description": "The body of an async function, in JavaScript or TypeScript: use `await tools.<name>(args)` and `return` the result."
            }
        },
        "required": ["code"],
        "additionalProperties": false
    });
    if config.keeping.as_ref().is_some_and(|keeping| keeping.scoping == Scoping::Handles) {
        parameters["properties"]["state"] = json!({
            "type": "string",
            "pattern": "^st_[0-9a-f]{32}$",
            "description": "The `state` handle an earlier run_code result gave: this run's `load` reads what those runs stored, and its `store` adds to it. Only for a client without sessions; a session keeps values without it."
        });
    }
    let render_chars = config.render_chars;
    let output = ToolOutput::try_new(output_schema(), move |_args, value| {
        Ok(render(&RunCodeValue::read(value)?, render_chars))
    })
    .with_presentation_meta(|_args, value| Ok(presentation_meta(&RunCodeValue::read(value)?)));
    let body_config = Arc::clone(config);
    ToolDefinition::new(
        RUN_CODE,
        description,
        parameters,
        output,
        move |args: Arc<Value>, cx: CallContext| {
            let config = Arc::clone(&body_config);
            async move { run(&config, &args, cx).await }
        },
    )
    .with_timeout(config.timeout)
    .with_present_call(present_call)
    .with_present_result(present_result)
}

/// What a model reads of runs that pause, when they can (DESIGN.md R-RUN-3).
const PAUSING: &str = " A run that reaches a call needing a person's approval may pause and later \
    resume: it then runs again from the top, the calls it made before the pause answered as they were (nothing runs \
    twice), so the script must depend on nothing but the tools' results (random numbers and the clock are replayed).";

/// What the model reads about `run_code`: how to use it, and the declarations of `tools`.
fn description(tools: &[Arc<Tool>], config: &CodeModeConfig) -> String {
    format!(
        "Runs a program that calls the other tools and returns what it computes: a way to chain, loop over and \
         combine tool calls in one step. The code (JavaScript or TypeScript) is the body of an async function: \
         `await` the tools and `return` a JSON value. Each `tools.<name>(args)` resolves to the tool's structured \
         result (not text); a failed call rejects with a `ToolError` (declared below): branch on `e.name` for what went \
         wrong (\"NotFound\", as each tool's `@throws` lists) or on `e.code` for which stage stopped it (\"DENIED\", \"TIMEOUT\"). To bound one call, pass \
         `{{ timeout: ms }}` after its arguments (`tools.<name>(args, {{ timeout: 5000 }})`): past it the call rejects \
         with code \"TIMEOUT\", is cancelled, and the script goes on. Calls started together (`Promise.all`) overlap \
         only where their tools are concurrent: each tool's declaration says whether it is concurrent or runs alone \
         (then its calls run one at a time however they are awaited), and why. `console.log` output is \
         returned with the result. Beyond ECMAScript there are `Intl` (en-US by default; `localeCompare` and \
         `toLocale*` as in V8), `atob`/`btoa`, `TextEncoder`/`TextDecoder` (UTF-8), `structuredClone`, \
         `crypto.randomUUID`/`getRandomValues`, `URL`/`URLSearchParams`, `queueMicrotask` and `Array.fromAsync`; there is no file system, network (`fetch`), process, timers (`setTimeout`), `require`, \
         `eval` or imports: only the tools below. Limits: a run stops after {} s; what you read of it (the result, then the console \
         output) is cut past {} characters, the console output keeping its start and end; list, search and read \
         results carry `truncated: true` when they hold only part of what exists, and the result notes which. \
         An image, audio or resource a tool returned (an MCP content block) that the result holds reaches the client \
         as that block, not as text (up to {} of them in all); return it as it came.{}\
         \n\n```ts\n{}{}```",
        config.timeout.as_secs(),
        config.render_chars,
        kept::size(config.media_budget),
        if config.pausing.is_some() { PAUSING } else { "" },
        config.keeping.as_ref().map(kept::declarations).unwrap_or_default(),
        crate::catalog::declarations(tools, config.declarations_budget)
    )
}

/// The body of `run_code`.
async fn run(config: &CodeModeConfig, args: &Value, cx: CallContext) -> Result<Value, ToolFailure> {
    let calls = cx
        .nested()
        .ok_or_else(|| ToolFailure::new("run_code was called outside a pipeline"))?
        .within(&config.scopes);
    // Whether this run may pause, and the paused run it resumes if any.
    let plan = config.pausing.as_ref().and_then(|pausing| pausing.plan(cx.call_id()));
    let pausing = config.pausing.as_ref().filter(|_| plan.is_some());
    let resumed = plan.flatten();
    let (code, inputs) = match &resumed {
        Some(run) => (run.code.as_str(), &run.inputs),
        None => (args["code"].as_str().unwrap_or_default(), &config.inputs),
    };
    let tools = callable_tools(calls.pipeline().registry());
    let truncations = nested::Truncations::default();
    let running = nested::InFlight::default();
    // A pausable run's script runs under a signal of its own: a replay that diverges stops it.
    let stop = cx.signal().child_token();
    let pause = pausing.map(|pausing| nested::RunPause {
        recorder: Recorder::new(pausing.journal_quota),
        replay: resumed.as_ref().map(|run| Replay::new(run, stop.clone())),
    });
    let mut host = nested::host_functions(&calls, &tools, (&truncations, &running), pause.as_ref());
    crate::catalog::host_functions(&mut host, &tools);
    let kept = match &config.keeping {
        Some(keeping) => {
            let scope = kept::RunScope::of(keeping, args.get("state"), cx.call_id())
                .map_err(|why| ToolFailure::new(why).named("InvalidState"))?;
            kept::host_functions(&mut host, keeping, &scope, pause.as_ref());
            Some(scope)
        }
        None => None,
    };
    let names: Vec<String> = tools.iter().map(|tool| tool.tool_name().script_path()).collect();
    let helpers = [crate::catalog::SEARCH, crate::catalog::DESCRIBE].map(ToolName::new);
    let installed: Vec<&ToolName> =
        tools.iter().map(|tool| tool.tool_name()).chain(&helpers).collect();
    // The runtime's own deadline is a backstop behind the timeout policy, which ends the call
    // first and records it as TIMEOUT.
    let mut script = Script::typescript(code)
        .with_namespace(tools_namespace(&installed))
        .with_deadline(config.timeout + Duration::from_secs(1));
    script.constants.extend(input_constants(inputs));
    let seed = resumed.as_ref().map_or_else(fresh_seed, |run| run.seed);
    if pause.is_some() {
        let clock = resumed.as_ref().map(|run| run.clock.clone()).unwrap_or_default();
        script = script.with_seed(seed).pausable(clock);
    }
    let ended = config.runtime.run_pausable(&script, &host, &stop).await;
    if let Some(pausing) = pausing {
        pausing.forget(cx.call_id());
    }
    let outcome = match ended {
        Ended::Run(outcome) => outcome,
        Ended::Paused(paused) => {
            let (Some(pausing), Some(pause)) = (pausing, &pause) else {
                return Err(ToolFailure::new("a run that cannot pause paused"));
            };
            let run = Paused { code, inputs, seed, resumed: resumed.as_ref() };
            return Err(pause_run(pausing, pause, run, paused, cx.call_id()));
        }
    };
    let divergence = pause.as_ref().and_then(|pause| pause.replay.as_ref()?.divergence());
    if let (Some(pausing), Some(run)) = (pausing, &resumed) {
        // The run resumed and ended: its journal is spent.
        if let Err(error) = pausing.store.remove(&run.id) {
            tracing::warn!(%error, run = %run.id, "could not forget a resumed run");
        }
    }
    if let Some(why) = divergence {
        return Err(diverged(&why));
    }
    let replayed_logs = resumed.as_ref().map_or(0, |run| run.logs);
    match outcome {
        Ok(output) => {
            let mut notes = output.notes;
            notes.extend(truncations.take());
            // The session log and the model see that this result ends a run that paused.
            if let Some(run) = &resumed {
                notes.push(format!(
                    "the run {} resumed after its pause: {} call{} before it answered from its \
                     journal (not made again), {} waiting for approval made now",
                    run.id,
                    run.settled.len(),
                    if run.settled.len() == 1 { "" } else { "s" },
                    run.pending.len()
                ));
            }
            let logs: Vec<_> = output.logs.into_iter().skip(replayed_logs).collect();
            let mut result = output.result;
            let extracted = crate::media::extract(&mut result, config.media_budget);
            notes.extend(extracted.notes);
            let state = kept.as_ref().and_then(kept::RunScope::handle);
            if let Some(handle) = &state
                && args.get("state").is_none()
            {
                notes.push(format!(
                    "what this run stored is kept under the state {handle}: pass \
                     `\"state\": \"{handle}\"` to the next run_code call to load it"
                ));
            }
            Ok(RunCodeValue { result, logs, media: extracted.media, state, notes }.to_value())
        }
        Err(mut error) => {
            error.logs.drain(..replayed_logs.min(error.logs.len()));
            Err(failure(&error, code, &names, running.report()))
        }
    }
}

/// What a run that paused was given.
struct Paused<'a> {
    code: &'a str,
    inputs: &'a ScriptInputs,
    seed: u64,
    resumed: Option<&'a PausedRun>,
}

/// A resumed run whose script made other calls than before: `REPLAY_DIVERGED`, and why.
fn diverged(why: &str) -> ToolFailure {
    ToolFailure::replay_diverged(format!(
        "the resumed run stopped before running anything more: {why}"
    ))
}

/// Keeps a paused run in the store, and says so as `PAUSED`: which calls wait, and the run's id.
fn pause_run(
    pausing: &Pausing,
    pause: &nested::RunPause,
    run: Paused<'_>,
    paused: ordo_runtime::Paused,
    call_id: &str,
) -> ToolFailure {
    if let Some(why) = pause.replay.as_ref().and_then(Replay::divergence) {
        return diverged(&why);
    }
    let (settled, pending) = pause.recorder.take();
    if pending.is_empty() {
        return ToolFailure::new(
            "the run stopped with its calls waiting on nothing it could ask for",
        );
    }
    if paused.clock.overflowed {
        return ToolFailure::new(format!(
            "the run cannot pause: it read the clock (Date.now(), new Date()) at more than {} \
             distinct times, which a resumed run would have to read again",
            ordo_runtime::MAX_CLOCK_RUNS
        ));
    }
    let id = run.resumed.map_or_else(new_run_id, |resumed| resumed.id.clone());
    let paused_at = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.as_secs());
    let logs = paused.logs.len();
    let record = PausedRun {
        id,
        code: run.code.to_owned(),
        inputs: run.inputs.clone(),
        seed: run.seed,
        clock: paused.clock,
        logs,
        settled,
        pending,
        paused_at,
        pause: fresh_seed(),
    };
    if let Err(error) = pausing.store.save(&record) {
        return ToolFailure::new(format!(
            "the run paused for approval but cannot be kept: {error}"
        ));
    }
    let waiting: Vec<String> = record
        .pending
        .iter()
        .map(|call| format!("{} (call #{})", nested::script_name(&call.tool), call.call))
        .collect();
    let message = format!(
        "the run paused: {} wait{} for approval ({}); run {} resumes where it stopped once they are answered",
        waiting.len(),
        if waiting.len() == 1 { "s" } else { "" },
        waiting.join(", "),
        record.id
    );
    pausing.paused(call_id, record);
    let failure = ToolFailure::paused(message);
    if paused.logs.is_empty() {
        failure
    } else {
        failure
            .with_report(format!("Console output before the pause:\n{}", logs_text(&paused.logs)))
    }
}

/// What a script cannot have, by global name, and why: a `ReferenceError` for one of them says
/// it is not available in ordo rather than only "not defined".
const NOT_IN_ORDO: &[(&[&str], &str)] = &[
    (
        &["setTimeout", "setInterval", "setImmediate", "clearTimeout", "clearInterval"],
        "scripts have no timers; to wait for work, `await` it (Promise.all for several)",
    ),
    (
        &["fetch", "XMLHttpRequest", "WebSocket", "EventSource"],
        "scripts have no network; only the tools reach the world",
    ),
    (&["require", "module", "exports", "__dirname", "__filename"], "scripts cannot load modules"),
    (
        &["process", "Buffer", "Deno", "Bun"],
        "scripts run in ordo's sandbox, not Node; files and commands are reached through the tools",
    ),
    (&["window", "document", "localStorage", "navigator"], "scripts do not run in a browser"),
    (&["performance"], "scripts have no clock but Date.now()"),
];

/// `ReferenceError: setTimeout is not defined` as `ReferenceError: setTimeout is not available
/// in ordo: scripts have no timers; …`; other messages as they are.
fn not_in_ordo(message: &str) -> String {
    let name = message
        .strip_prefix("ReferenceError: ")
        .and_then(|rest| rest.split_once(' ').map(|(name, _)| name))
        .unwrap_or_default();
    match NOT_IN_ORDO.iter().find(|(names, _)| names.contains(&name)) {
        Some((_, why)) => message.replacen(
            &format!("{name} is not defined"),
            &format!("{name} is not available in ordo: {why}"),
            1,
        ),
        None => message.to_owned(),
    }
}

/// The frozen `tools` object over the host functions: a tool named `<space>__<member>` (a
/// mounted server's) is `tools.<space>.<member>`, as the declarations say; `$search` and
/// `$describe` are helpers, not tools, so `Object.keys(tools)` lists tools only. A name that is
/// not a tool (`tools.read_fiel`) throws a `TypeError` that names the closest tool and lists
/// them (R-CODE-8), built by the runtime in Rust: nothing is parsed for it.
fn tools_namespace(names: &[&ToolName]) -> Namespace {
    let mut tools = Namespace::new("tools", "tool")
        .with_more_hint(format!("tools.{}(query) finds them", crate::catalog::SEARCH));
    for name in names {
        let function = nested::host_function_name(name.as_str());
        tools = match name.namespace() {
            Some(space) => tools.member([space, name.member()], function),
            None if name.member().starts_with('$') => {
                tools.hidden_member([name.member()], function)
            }
            None => tools.member([name.member()], function),
        };
    }
    tools
}

/// The script's inputs as the globals `args` (a frozen array) and `input`, which the script
/// can neither reassign nor delete.
fn input_constants(inputs: &ScriptInputs) -> [Constant; 2] {
    let args = Constant::frozen("args", Value::from(inputs.args.clone()));
    let input = match &inputs.input {
        Some(input) => Constant::new("input", input.clone()),
        None => Constant::undefined("input"),
    };
    [args, input]
}

/// A failed run as the `TOOL_ERROR` the model reads (R-CODE-1): the kind first, then what
/// happened, where, and the source line; a name the script does not have gets the list of
/// names it does have.
/// `tools` are the names the script calls them by, after `tools.`.
fn failure(error: &RunError, code: &str, tools: &[String], running: Option<String>) -> ToolFailure {
    let kind = match error.kind {
        ErrorKind::Timeout => "timeout".to_owned(),
        ErrorKind::Cancelled => "cancelled".to_owned(),
        kind => kind.to_string(),
    };
    let mut message = format!("{kind}: {}", not_in_ordo(&error.message));
    if let Some(position) = error.position {
        message.push_str(&format!(" (line {}, column {})", position.line, position.column));
        if let Some(line) = code.lines().nth(position.line.saturating_sub(1) as usize) {
            message.push_str(&format!("\n    {}", line.trim_end()));
        }
    } else if error.kind == ErrorKind::Runtime {
        message.push_str(" (the engine did not say where)");
    }
    if error.message.starts_with("ReferenceError") {
        let listed: Vec<String> = tools.iter().map(|name| format!("tools.{name}")).collect();
        message.push_str(&format!(
            "\nThe script can use: {}, console, Intl, atob/btoa, TextEncoder/TextDecoder, structuredClone, crypto, URL, and the \
             ECMAScript built-ins (JSON, Math, Promise, Array, Object, …). There is no eval, Function, require, \
             import, process, fetch or setTimeout.",
            if listed.is_empty() { "no tools".to_owned() } else { listed.join(", ") }
        ));
    }
    let logs = (!error.logs.is_empty())
        .then(|| format!("Console output before the failure:\n{}", logs_text(&error.logs)));
    let report: Vec<String> = running.into_iter().chain(logs).collect();
    let report = (!report.is_empty()).then(|| report.join("\n"));
    let name = match error.kind {
        ErrorKind::Syntax => "SyntaxError",
        ErrorKind::Timeout => "TimeoutError",
        ErrorKind::Limit(_) => "LimitError",
        _ => "ScriptError",
    };
    let failure = ToolFailure::new(message).named(name);
    match report {
        Some(report) => failure.with_report(report),
        None => failure,
    }
}

fn output_schema() -> Value {
    ordo_tools::typed::output_schema::<RunCodeValue>()
}
