//! The reserved `run_code` tool (R-CODE-1, R-CODE-4, R-CODE-6).
//!
//! `run_code { code }` runs the code in the sandboxed runtime with a frozen `tools` object whose
//! functions are the other registered tools (see the private `nested` module). It is exclusive, declares a
//! timeout, and its value is `{ result, logs }`. Its description carries the TypeScript
//! declarations of the SDK, recomputed whenever the registry changes.

use std::sync::Arc;
use std::time::Duration;

use ordo_runtime::{ErrorKind, RunError, Runtime, Script};
use ordo_tools::{
    CallContext, RUN_CODE, RegisterError, ScopeChain, Tool, ToolDefinition, ToolFailure,
    ToolOutput, ToolRegistry,
};
use serde_json::{Value, json};

use crate::nested;
use crate::view::{logs_text, present_call, present_result, presentation_meta, render};

/// What a script is given besides `tools`: the globals `args` and `input` (DESIGN.md R-CLI-1a).
/// `ordo run` fills them from its command line; a `run_code` call a model makes gets the
/// default, so its scripts see `args` empty and `input` undefined.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ScriptInputs {
    /// The global `args`, a frozen array of strings: `ordo run SCRIPT -- ARGS…`.
    pub args: Vec<String>,
    /// The global `input`: `ordo run --input JSON`; `undefined` when `None`.
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
    let parameters = json!({
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
    let render_chars = config.render_chars;
    let output = ToolOutput::new(output_schema(), move |_args, value| render(value, render_chars))
        .with_presentation_meta(|_args, value| Ok(presentation_meta(value)));
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

/// What the model reads about `run_code`: how to use it, and the declarations of `tools`.
fn description(tools: &[Arc<Tool>], config: &CodeModeConfig) -> String {
    format!(
        "Runs a program that calls the other tools and returns what it computes: a way to chain, loop over and \
         combine tool calls in one step. The code (JavaScript or TypeScript) is the body of an async function: \
         `await` the tools and `return` a JSON value. Each `tools.<name>(args)` resolves to the tool's structured \
         result (not text); a failed call rejects with a `ToolError` (declared below): branch on `e.name` for what went \
         wrong (\"NotFound\", as each tool's `@throws` lists) or on `e.code` for which stage stopped it (\"DENIED\", \"TIMEOUT\"). `console.log` output is \
         returned with the result. Beyond ECMAScript there are `Intl` (en-US by default; `localeCompare` and \
         `toLocale*` as in V8), `atob`/`btoa`, `TextEncoder`/`TextDecoder` (UTF-8), `structuredClone` and \
         `Array.fromAsync`; there is no file system, network (`fetch`), process, timers (`setTimeout`), `require`, \
         `eval` or imports: only the tools below. Limits: a run stops after {} s; what you read of it (the result, then the console \
         output) is cut past {} characters, the console output keeping its start and end; list, search and read \
         results carry `truncated: true` when they hold only part of what exists, and the result notes which.\
         \n\n```ts\n{}```",
        config.timeout.as_secs(),
        config.render_chars,
        crate::catalog::declarations(tools, config.declarations_budget)
    )
}

/// The body of `run_code`.
async fn run(config: &CodeModeConfig, args: &Value, cx: CallContext) -> Result<Value, ToolFailure> {
    let code = args["code"].as_str().unwrap_or_default();
    let calls = cx
        .nested()
        .ok_or_else(|| ToolFailure::new("run_code was called outside a pipeline"))?
        .within(&config.scopes);
    let tools = callable_tools(calls.pipeline().registry());
    let truncations = nested::Truncations::default();
    let mut host = nested::host_functions(&calls, &tools, &truncations);
    crate::catalog::host_functions(&mut host, &tools);
    let names: Vec<&str> = tools.iter().map(|tool| tool.name()).collect();
    let installed: Vec<&str> =
        names.iter().copied().chain([crate::catalog::SEARCH, crate::catalog::DESCRIBE]).collect();
    // The runtime's own deadline is a backstop behind the timeout policy, which ends the call
    // first and records it as TIMEOUT.
    let script = Script::typescript(code)
        .with_prelude(prelude(&installed, &config.inputs))
        .with_deadline(config.timeout + Duration::from_secs(1));
    let outcome = config.runtime.run(&script, &host, cx.signal()).await;
    match outcome {
        Ok(output) => {
            let mut notes = output.notes;
            notes.extend(truncations.take());
            if notes.is_empty() {
                Ok(json!({ "result": output.result, "logs": output.logs }))
            } else {
                Ok(json!({ "result": output.result, "logs": output.logs, "notes": notes }))
            }
        }
        Err(error) => Err(failure(&error, code, &names)),
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

/// Trusted JavaScript run before the script: builds the frozen `tools` object from the host
/// functions and removes them from the global object. A tool named `<space>__<member>` (a
/// mounted server's) is `tools.<space>.<member>`, as the declarations say. A name that is not a
/// tool (`tools.read_fiel`) throws a `TypeError` that names the closest tool and lists them,
/// instead of giving `undefined` and a bare "not a callable function". Then the script's inputs
/// as the globals `args` and `input`, which the script can neither reassign nor change.
fn prelude(names: &[&str], inputs: &ScriptInputs) -> String {
    let names = serde_json::to_string(names).unwrap_or_else(|_| "[]".to_owned());
    let args = js_string(&serde_json::to_string(&inputs.args).unwrap_or_else(|_| "[]".to_owned()));
    // Parsed from JSON text rather than written as a literal: a key `__proto__` stays a key.
    let input = match &inputs.input {
        Some(value) => format!("JSON.parse({})", js_string(&value.to_string())),
        None => "undefined".to_owned(),
    };
    format!(
        r#"(() => {{
  const constant = (value) => ({{ value, enumerable: false, configurable: false, writable: false }});
  Object.defineProperty(globalThis, "args", constant(Object.freeze(JSON.parse({args}))));
  Object.defineProperty(globalThis, "input", constant({input}));
}})();
(() => {{
  const tools = Object.create(null);
  const spaces = Object.create(null);
  for (const name of {names}) {{
    const key = "tools." + name;
    const call = globalThis[key];
    delete globalThis[key];
    // `$search` and `$describe` are helpers, not tools: `Object.keys(tools)` lists tools only.
    const method = {{ value: async (args = {{}}) => call(args), enumerable: !name.startsWith("$") }};
    const at = name.indexOf("__");
    if (at > 0 && at + 2 < name.length) {{
      const space = name.slice(0, at);
      if (!spaces[space]) {{
        spaces[space] = Object.create(null);
        Object.defineProperty(tools, space, {{ value: spaces[space], enumerable: true, configurable: true }});
      }}
      Object.defineProperty(spaces[space], name.slice(at + 2), method);
    }} else {{
      Object.defineProperty(tools, name, method);
    }}
  }}
  for (const space of Object.values(spaces)) Object.freeze(space);
  // Edit distance with transpositions, for "did you mean".
  const distance = (a, b) => {{
    const d = Array.from({{ length: a.length + 1 }}, (_, i) => [i]);
    for (let j = 1; j <= b.length; j++) d[0][j] = j;
    for (let i = 1; i <= a.length; i++) for (let j = 1; j <= b.length; j++) {{
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }}
    return d[a.length][b.length];
  }};
  const guarded = (target, path) => new Proxy(target, {{
    get(target, key, receiver) {{
      if (typeof key === "symbol" || key in target || key === "then" || key === "toJSON") return Reflect.get(target, key, receiver);
      const names = Object.keys(target);
      let best = null, bestDistance = Infinity;
      for (const name of names) {{
        const d = distance(key.toLowerCase(), name.toLowerCase());
        if (d < bestDistance) {{ best = name; bestDistance = d; }}
      }}
      const meant = best !== null && bestDistance <= Math.max(1, Math.floor(best.length / 3)) ? ` (did you mean ${{best}}?)` : "";
      const shown = names.slice(0, 30).join(", ") + (names.length > 30 ? `, … (${{names.length - 30}} more: tools.$search(query) finds them)` : "");
      throw new TypeError(`${{path}}.${{key}} is not a tool${{meant}}. ${{path}} has: ${{shown || "no tools"}}`);
    }},
  }});
  for (const space of Object.keys(spaces)) Object.defineProperty(tools, space, {{ value: guarded(spaces[space], "tools." + space), enumerable: true, configurable: false }});
  Object.defineProperty(globalThis, "tools", {{ value: guarded(Object.freeze(tools), "tools"), enumerable: false, configurable: false, writable: false }});
}})();"#
    )
}

/// `text` as a JavaScript string literal. JSON's escaping is JavaScript's, but for U+2028 and
/// U+2029, which JSON leaves as they are and engines before ES2019 read as line ends.
fn js_string(text: &str) -> String {
    let quoted = serde_json::to_string(text).unwrap_or_else(|_| "\"\"".to_owned());
    quoted.replace('\u{2028}', "\\u2028").replace('\u{2029}', "\\u2029")
}

/// A failed run as the `TOOL_ERROR` the model reads (R-CODE-1): the kind first, then what
/// happened, where, and the source line; a name the script does not have gets the list of
/// names it does have.
fn failure(error: &RunError, code: &str, tools: &[&str]) -> ToolFailure {
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
            "\nThe script can use: {}, console, Intl, atob/btoa, TextEncoder/TextDecoder, structuredClone, and the \
             ECMAScript built-ins (JSON, Math, Promise, Array, Object, …). There is no eval, Function, require, \
             import, process, fetch or setTimeout.",
            if listed.is_empty() { "no tools".to_owned() } else { listed.join(", ") }
        ));
    }
    let report = (!error.logs.is_empty())
        .then(|| format!("Console output before the failure:\n{}", logs_text(&error.logs)));
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
    json!({
        "type": "object",
        "properties": {
            "result": { "description": "What the script returned, as JSON." },
            "notes": {
                "description": "What the model should know of the result: what JSON could not hold faithfully and what became of it, and which nested calls returned results cut short.",
                "type": "array",
                "items": { "type": "string" }
            },
            "logs": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "level": { "enum": ["debug", "info", "warn", "error"] },
                        "text": { "type": "string" }
                    },
                    "required": ["level", "text"]
                }
            }
        },
        "required": ["result", "logs"]
    })
}
