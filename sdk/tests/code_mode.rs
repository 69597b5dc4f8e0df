//! Code mode end to end (R-CODE-1..4, R-CODE-6, R-LOG-2), on the in-process runtime: the glue
//! between the script and the pipeline is what is tested here; isolation is the runtime's.
#![allow(clippy::unwrap_used)] // test helpers outside #[test] fns unwrap too

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use ordo_runtime::{Runtime, RuntimeConfig};
use ordo_sdk::{CodeModeConfig, ScriptInputs, install};
use ordo_tools::session::{Event, LoadedLog, MemorySink, SessionLog, export_transcript};
use ordo_tools::{
    ApprovalOutcome, ApprovalRequest, CallContext, CancellationToken, ContentBlock, ErrorCode,
    Execution, ModelCall, Pipeline, PipelineBuilder, PreDecision, Provider, Scheduler, Scope,
    ToolDefinition, ToolFailure, ToolOutput, ToolRegistry, ToolResult, guard, policy,
};
use serde_json::{Value, json};

/// Bodies running now, the most at once, and overlaps that must not happen.
#[derive(Default)]
struct Probe {
    active: usize,
    exclusive_active: bool,
    max_active: usize,
    violations: Vec<String>,
}

type Shared = Arc<Mutex<Probe>>;

/// A tool that sleeps `ms` (honouring its signal) and returns `{ echo: args }`.
fn sleeper(name: &str, exclusive: bool, probe: &Shared) -> ToolDefinition {
    let probe = Arc::clone(probe);
    let parameters = json!({ "type": "object", "properties": { "ms": { "type": "integer" } } });
    let output = ToolOutput::new(json!({ "type": "object" }), |_, value| {
        vec![ContentBlock::text(value.to_string())]
    })
    .with_presentation_meta(|_, _| Ok(json!({ "card": "meta" })));
    ToolDefinition::new(
        name,
        format!("The {name} tool."),
        parameters,
        output,
        move |args: Arc<Value>, cx: CallContext| {
            let probe = Arc::clone(&probe);
            async move {
                {
                    let mut seen = probe.lock().unwrap();
                    if seen.exclusive_active || (exclusive && seen.active > 0) {
                        seen.violations.push(format!("{} overlapped", cx.call_id()));
                    }
                    seen.active += 1;
                    seen.exclusive_active |= exclusive;
                    seen.max_active = seen.max_active.max(seen.active);
                }
                let ms = args["ms"].as_u64().unwrap_or(0);
                let stopped = tokio::select! {
                    () = tokio::time::sleep(Duration::from_millis(ms)) => false,
                    () = cx.signal().cancelled() => true,
                };
                {
                    let mut seen = probe.lock().unwrap();
                    seen.active -= 1;
                    if exclusive {
                        seen.exclusive_active = false;
                    }
                }
                if stopped {
                    return Err(ToolFailure::new("stopped"));
                }
                Ok(json!({ "echo": *args }))
            }
        },
    )
    .with_concurrency_safe(move |_| !exclusive)
}

fn failing() -> ToolDefinition {
    ToolDefinition::new(
        "fails",
        "Always fails.",
        json!({ "type": "object" }),
        ToolOutput::json_text(json!(true)),
        |_args: Arc<Value>, _cx| async { Err(ToolFailure::new("no such file").named("NotFound")) },
    )
}

fn bad_output() -> ToolDefinition {
    ToolDefinition::new(
        "bad_output",
        "Breaks its contract.",
        json!({ "type": "object" }),
        ToolOutput::json_text(json!({ "type": "string" })),
        |_args: Arc<Value>, _cx| async { Ok(json!(42)) },
    )
}

fn strict() -> ToolDefinition {
    ToolDefinition::new(
        "strict",
        "Wants a path.",
        json!({ "type": "object", "properties": { "path": { "type": "string" } }, "required": ["path"] }),
        ToolOutput::json_text(json!(true)),
        |args: Arc<Value>, _cx| async move { Ok(json!({ "got": *args })) },
    )
}

struct World {
    scheduler: Scheduler,
    sink: MemorySink,
    probe: Shared,
}

impl World {
    fn registry(&self) -> &ToolRegistry {
        self.scheduler.pipeline().registry()
    }
}

fn world(configure: impl FnOnce(PipelineBuilder) -> PipelineBuilder) -> World {
    let probe = Shared::default();
    let registry = ToolRegistry::new();
    registry.register(sleeper("par", false, &probe)).unwrap();
    registry.register(sleeper("excl", true, &probe)).unwrap();
    registry.register(failing()).unwrap();
    registry.register(bad_output()).unwrap();
    registry.register(strict()).unwrap();
    let pipeline = configure(Pipeline::builder(registry)).build();
    let sink = MemorySink::new();
    install_code_mode(pipeline.registry(), Duration::from_secs(5));
    let scheduler = Scheduler::builder(pipeline).log(SessionLog::new(sink.clone())).build();
    World { scheduler, sink, probe }
}

fn install_code_mode(registry: &ToolRegistry, timeout: Duration) {
    let mut config = CodeModeConfig::new(Runtime::new(RuntimeConfig::in_process()));
    config.timeout = timeout;
    install(registry, config).unwrap();
}

/// Runs a script as one independent `run_code` call of the world's session.
async fn run_code(scheduler: &Scheduler, code: &str) -> ToolResult {
    run_code_with(scheduler, code, CancellationToken::new()).await
}

async fn run_code_with(scheduler: &Scheduler, code: &str, signal: CancellationToken) -> ToolResult {
    let call = ModelCall::new("run-1", "run_code", json!({ "code": code }).to_string());
    scheduler.call(&call, &signal).await.unwrap()
}

fn value(result: &ToolResult) -> Value {
    assert!(!result.is_error(), "{:?}", result.error());
    result.value.as_deref().cloned().unwrap()["result"].clone()
}

#[tokio::test]
async fn r_code_2_tool_calls_resolve_to_structured_values() {
    let world = world(|builder| builder);
    let result = run_code(
        &world.scheduler,
        "const r = await tools.par({ ms: 1 }); return [typeof r, r.echo.ms + 1]",
    )
    .await;
    assert_eq!(value(&result), json!(["object", 2]));
    let listed = run_code(
        &world.scheduler,
        "return [Object.keys(tools), Object.isFrozen(tools), 'run_code' in tools]",
    )
    .await;
    assert_eq!(
        value(&listed),
        json!([["par", "excl", "fails", "bad_output", "strict"], true, false])
    );
}

/// A name that is not a tool says so, names the closest tool and lists them, and is catchable;
/// what promises and JSON look for on `tools` (`then`, `toJSON`, symbols) stays `undefined`.
#[tokio::test]
async fn r_code_2_a_misspelt_tool_names_the_tool_meant() {
    let world = world(|builder| builder);
    let typo = run_code(&world.scheduler, "return await tools.pra({ ms: 1 })").await;
    let message = &typo.error().unwrap().message;
    assert!(
        message.starts_with(
            "runtime: TypeError: tools.pra is not a tool (did you mean par?). \
             tools has: par, excl, fails, bad_output, strict"
        ),
        "{message}"
    );
    let far =
        run_code(&world.scheduler, "try { tools.zzzzzz } catch (e) { return e.message }").await;
    assert_eq!(
        value(&far),
        json!("tools.zzzzzz is not a tool. tools has: par, excl, fails, bad_output, strict")
    );
    let probes = run_code(
        &world.scheduler,
        "return [typeof tools.then, typeof tools.toJSON, typeof tools[Symbol.iterator], JSON.stringify(Object.keys(tools))]",
    )
    .await;
    assert_eq!(
        value(&probes),
        json!([
            "undefined",
            "undefined",
            "undefined",
            r#"["par","excl","fails","bad_output","strict"]"#
        ])
    );
}

#[tokio::test]
async fn r_code_2_every_failure_reaches_the_script_as_a_catchable_error_with_its_code() {
    let world = world(|builder| {
        builder
            .guard(|execution: &Execution| {
                (execution.arguments().value()["ms"] == 13).then(|| "unlucky".to_owned())
            })
            .pre_execute(policy(|execution| {
                let ask = execution.arguments().value()["ask"].as_str().map(str::to_owned);
                ask.map(PreDecision::Ask)
            }))
            .approval(|request: ApprovalRequest| async move {
                match request.prompt.as_str() {
                    "reject" => ApprovalOutcome::Rejected,
                    "cancel" => ApprovalOutcome::Cancelled,
                    "gone" => ApprovalOutcome::Unavailable,
                    _ => ApprovalOutcome::AllowedOnce,
                }
            })
    });
    let code = r#"
        const attempt = async (call) => { try { await call(); return "ok" } catch (e) { return [e.code, e.tool, e.name] } };
        return [
            await attempt(() => tools.par({ ms: 13 })),
            await attempt(() => tools.par({ ms: 1, ask: "reject" })),
            await attempt(() => tools.par({ ms: 1, ask: "cancel" })),
            await attempt(() => tools.par({ ms: 1, ask: "gone" })),
            await attempt(() => tools.par({ ms: 1, ask: "fine" })),
            await attempt(() => tools.fails({})),
            await attempt(() => tools.strict({ path: 3 })),
            await attempt(() => tools.bad_output({})),
        ];
    "#;
    // The approval service's prompt decides: `ask` carries the outcome under test.
    let result = run_code(&world.scheduler, code).await;
    assert_eq!(
        value(&result),
        json!([
            ["DENIED", "par", "ToolDeniedError"],
            ["APPROVAL_REJECTED", "par", "ToolApprovalError"],
            ["APPROVAL_CANCELLED", "par", "ToolApprovalError"],
            ["APPROVAL_UNAVAILABLE", "par", "ToolApprovalError"],
            "ok",
            ["TOOL_ERROR", "fails", "NotFound"],
            ["INVALID_ARGUMENTS", "strict", "ToolArgumentsError"],
            ["INVALID_TOOL_OUTPUT", "bad_output", "ToolOutputError"],
        ])
    );
}

#[tokio::test]
async fn r_code_2_a_guard_scoped_once_on_the_session_denies_a_nested_call() {
    let world = world(|builder| builder);
    let no_excl = guard(|execution| {
        (execution.name() == "excl").then(|| "the agent may not run excl".to_owned())
    });
    // Scoped once, on the session: nothing about code mode mentions it.
    let scheduler = Scheduler::builder(world.scheduler.pipeline().clone())
        .log(SessionLog::new(world.sink.clone()))
        .scope(Scope::new("agent", [no_excl]))
        .build();
    let code = r#"
        const attempt = async (call) => { try { await call(); return "ok" } catch (e) { return [e.code, e.message] } };
        return [await attempt(() => tools.excl({ ms: 1 })), await attempt(() => tools.par({ ms: 1 }))];
    "#;
    let result = run_code(&scheduler, code).await;
    assert_eq!(value(&result), json!([["DENIED", "the agent may not run excl"], "ok"]));
    assert_eq!(world.probe.lock().unwrap().max_active, 1, "only par's body ran");
}

#[tokio::test]
async fn r_code_2_arguments_cross_as_plain_json() {
    let world = world(|builder| builder);
    let polluted =
        "Object.prototype.injected = 'yes'; return (await tools.strict({ path: 'a' })).got";
    assert_eq!(value(&run_code(&world.scheduler, polluted).await), json!({ "path": "a" }));
    let getter =
        "try { await tools.strict({ get path() { return 'a' } }) } catch (e) { return e.message }";
    let message = value(&run_code(&world.scheduler, getter).await);
    assert_eq!(
        message,
        json!("tools.strict: argument.path is a getter or setter; only plain data can be passed")
    );
}

#[tokio::test]
async fn r_code_3_nested_bodies_overlap_but_an_exclusive_call_runs_alone() {
    let world = world(|builder| builder);
    let code = "return await Promise.all([tools.par({ ms: 30 }), tools.par({ ms: 30 }), tools.excl({ ms: 10 }), tools.par({ ms: 30 })])";
    let started = std::time::Instant::now();
    let result = run_code(&world.scheduler, code).await;
    assert_eq!(value(&result).as_array().unwrap().len(), 4);
    let probe = world.probe.lock().unwrap();
    assert!(probe.violations.is_empty(), "{:?}", probe.violations);
    assert_eq!(probe.max_active, 2, "the two parallel calls before the exclusive one overlapped");
    assert!(started.elapsed() < Duration::from_millis(500));
}

#[tokio::test]
async fn r_code_3_nested_prepares_run_one_at_a_time_in_script_order() {
    let order = Arc::new(Mutex::new(Vec::new()));
    let preparing = Arc::new(AtomicUsize::new(0));
    let overlaps = Arc::new(AtomicUsize::new(0));
    let (seen, now, bad) = (Arc::clone(&order), Arc::clone(&preparing), Arc::clone(&overlaps));
    let world = world(move |builder| {
        builder
            .approval(move |request: ApprovalRequest| {
                let (seen, now, bad) = (Arc::clone(&seen), Arc::clone(&now), Arc::clone(&bad));
                async move {
                    if now.fetch_add(1, Ordering::SeqCst) > 0 {
                        bad.fetch_add(1, Ordering::SeqCst);
                    }
                    seen.lock().unwrap().push(request.arguments.value()["ms"].as_u64().unwrap());
                    tokio::time::sleep(Duration::from_millis(5)).await;
                    now.fetch_sub(1, Ordering::SeqCst);
                    ApprovalOutcome::AllowedOnce
                }
            })
            .pre_execute(policy(|execution| {
                execution.parent().map(|_| PreDecision::Ask("ok?".into()))
            }))
    });
    let code = "return await Promise.all([1, 2, 3, 4, 5, 6].map((ms) => tools.par({ ms })))";
    let result = run_code(&world.scheduler, code).await;
    assert!(!result.is_error(), "{:?}", result.error());
    assert_eq!(
        *order.lock().unwrap(),
        [1, 2, 3, 4, 5, 6],
        "approval prompts in the order the script made the calls"
    );
    assert_eq!(overlaps.load(Ordering::SeqCst), 0, "no two prepares overlapped");
}

/// Every nested call in the log has exactly one call and one result, under its parent; a
/// success with its presentation meta, which its card is drawn from (R-LOG-3).
fn assert_each_nested_call_answered_once(events: &[Event], expected: usize) {
    let mut calls = std::collections::HashMap::<String, (usize, usize)>::new();
    for event in events.iter().filter(|event| event.parent() == Some("run-1")) {
        let entry = calls.entry(event.call_id().to_owned()).or_default();
        match event {
            Event::Call(_) => entry.0 += 1,
            Event::Result(result) => {
                entry.1 += 1;
                let meta = result.error.is_none().then(|| json!({ "card": "meta" }));
                assert_eq!(result.meta, meta, "a nested success keeps its meta for its card");
            }
        }
    }
    assert_eq!(calls.len(), expected, "{calls:?}");
    for (id, counts) in calls {
        assert_eq!(counts, (1, 1), "{id}");
    }
}

#[tokio::test]
async fn r_code_4_a_timeout_mid_fan_out_gives_every_nested_call_one_result() {
    let world = world(|builder| builder);
    let code = "await Promise.all([1, 2, 3, 4].map(() => tools.par({ ms: 60000 })))";
    // A short declared timeout: reinstall code mode with 200 ms.
    install_code_mode(world.registry(), Duration::from_millis(200));
    let result = run_code(&world.scheduler, code).await;
    assert_eq!(result.code(), Some(ErrorCode::Timeout), "{:?}", result.error());
    assert_each_nested_call_answered_once(&world.sink.events(), 4);
}

/// What a script printed before its timeout reaches the model, as it does for a thrown error.
#[tokio::test]
async fn r_code_4_a_timed_out_script_keeps_its_console_output() {
    let world = world(|builder| builder);
    install_code_mode(world.registry(), Duration::from_millis(200));
    let code = "console.log('step 1 done'); await tools.par({ ms: 60000 })";
    let result = run_code(&world.scheduler, code).await;
    let error = result.error().unwrap();
    assert_eq!(error.code, ErrorCode::Timeout);
    assert_eq!(
        error.message,
        "tool \"run_code\" timed out after 200 ms\nCalls still running when the run ended \
         (cancelled, their outcome unknown to the script): tools.par (call #1)\n\
         Console output before the failure:\nstep 1 done"
    );
}

#[tokio::test]
async fn r_code_4_cancellation_mid_fan_out_aborts_and_answers_every_nested_call() {
    let world = world(|builder| builder);
    let signal = CancellationToken::new();
    let (canceller, sink) = (signal.clone(), world.sink.clone());
    // Cancelled once the script has made its three calls (not after a fixed time, which a busy
    // machine can outlast before the script even starts).
    tokio::spawn(async move {
        while sink.events().iter().filter(|event| matches!(event, Event::Call(_))).count() < 4 {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
        canceller.cancel();
    });
    let code = "await Promise.all([tools.par({ ms: 60000 }), tools.par({ ms: 60000 }), tools.excl({ ms: 60000 })])";
    let result = run_code_with(&world.scheduler, code, signal).await;
    assert_eq!(result.code(), Some(ErrorCode::Aborted), "{:?}", result.error());
    let events = world.sink.events();
    assert_each_nested_call_answered_once(&events, 3);
    let codes: Vec<Option<ErrorCode>> = events
        .iter()
        .filter_map(|event| match event {
            Event::Result(result) => Some(result.error.as_ref().map(|error| error.code)),
            Event::Call(_) => None,
        })
        .collect();
    assert!(codes.contains(&Some(ErrorCode::Aborted)), "running calls are ABORTED: {codes:?}");
    assert!(
        codes.contains(&Some(ErrorCode::AbortedBeforeDispatch)),
        "the queued exclusive one never ran: {codes:?}"
    );
}

#[tokio::test]
async fn r_code_6_the_transcript_holds_one_run_code_pair_however_many_nested_calls_ran() {
    let world = world(|builder| builder);
    let scheduler = &world.scheduler;
    let code = "for (let i = 0; i < 5; i++) await tools.par({ ms: 1 }); return 'done'";
    let call = ModelCall::new("run-1", "run_code", json!({ "code": code }).to_string());
    let outcome = scheduler.run_step(&[call], &CancellationToken::new()).await.unwrap();
    assert!(!outcome.results[0].result.is_error());
    let loaded = LoadedLog::from_events(world.sink.events()).unwrap();
    let messages = export_transcript(&loaded, Provider::OpenAiChat);
    assert_eq!(messages.len(), 2, "one assistant message and one tool message: {messages:#?}");
    assert_eq!(messages[0]["tool_calls"][0]["function"]["name"], "run_code");
    assert_each_nested_call_answered_once(&world.sink.events(), 5);
}

#[tokio::test]
async fn r_code_1_script_failures_are_tool_errors_that_start_with_their_kind() {
    let world = world(|builder| builder);
    let syntax = run_code(&world.scheduler, "const a = 1;\nconst b = ;").await;
    let message = &syntax.error().unwrap().message;
    assert_eq!(syntax.code(), Some(ErrorCode::ToolError));
    assert!(message.starts_with("syntax: SyntaxError: "), "{message}");
    let javascript_syntax = run_code(&world.scheduler, "return ]").await;
    assert!(javascript_syntax.error().unwrap().message.starts_with("syntax: SyntaxError: "));
    assert!(message.contains("(line 2, column 11)\n    const b = ;"), "{message}");

    let unknown = run_code(&world.scheduler, "return await tool.par({})").await;
    let message = &unknown.error().unwrap().message;
    assert!(message.starts_with("runtime: ReferenceError"), "{message}");
    assert!(message.contains("tools.par, tools.excl"), "the names the script can use: {message}");

    let uncaught = run_code(&world.scheduler, "await tools.fails({})").await;
    let message = &uncaught.error().unwrap().message;
    assert!(
        message.starts_with("runtime: NotFound: no such file (TOOL_ERROR from tools.fails)"),
        "{message}"
    );

    let stall = run_code(&world.scheduler, "await new Promise(() => {})").await;
    assert!(stall.error().unwrap().message.starts_with("stall: "), "{:?}", stall.error());
}

#[tokio::test]
async fn r_code_1_the_result_renders_with_its_logs_and_a_cap() {
    let world = world(|builder| builder);
    let result = run_code(&world.scheduler, "console.log('hello'); return { n: 1 }").await;
    let text = result.record.content[0].as_text().unwrap().into_owned();
    assert_eq!(text, "{\n  \"n\": 1\n}\n\nConsole output:\nhello");
    let long = run_code(&world.scheduler, "return 'x'.repeat(50000)").await;
    let text = long.record.content[0].as_text().unwrap().into_owned();
    assert!(text.chars().count() <= 20_000, "within the budget, its marker included");
    assert!(
        text.ends_with("… [result truncated: 30160 more characters]"),
        "{}",
        &text[text.len() - 80..]
    );
}

#[tokio::test]
async fn r_code_5_the_description_declares_the_tools_and_follows_the_registry() {
    let world = world(|builder| builder);
    let description =
        || world.registry().get("run_code").unwrap().definition().description().to_owned();
    assert!(description().contains("```ts"));
    let before = description();
    world.registry().unregister("bad_output");
    assert_ne!(description(), before, "recomputed when the registry changes");
}

/// A session whose scripts get `inputs`, with no tools.
fn with_inputs(inputs: ScriptInputs) -> Scheduler {
    let registry = ToolRegistry::new();
    let mut config = CodeModeConfig::new(Runtime::new(RuntimeConfig::in_process()));
    config.inputs = inputs;
    install(&registry, config).unwrap();
    Scheduler::builder(Pipeline::builder(registry).build()).build()
}

#[tokio::test]
async fn r_cli_1a_a_script_gets_args_and_input_as_given() {
    let input =
        json!({ "__proto__": { "polluted": true }, "line": "a\u{2028}b\u{2029}c", "n": [1, 2.5] });
    let args = vec!["with space".to_owned(), "-x".to_owned(), "é\u{2028}\"\\".to_owned()];
    let scheduler = with_inputs(ScriptInputs { args: args.clone(), input: Some(input.clone()) });
    let code = "return { args, input, own: Object.keys(input), polluted: ({}).polluted ?? null }";
    let seen = value(&run_code(&scheduler, code).await);
    assert_eq!(seen["args"], json!(args));
    assert_eq!(seen["input"], input);
    assert_eq!(seen["own"], json!(["__proto__", "line", "n"]), "__proto__ stays a key");
    assert_eq!(seen["polluted"], Value::Null);
}

#[tokio::test]
async fn r_cli_1a_a_script_cannot_change_args_or_input() {
    let inputs = ScriptInputs { args: vec!["a".to_owned()], input: Some(json!({ "k": 1 })) };
    let scheduler = with_inputs(inputs);
    // Sloppy mode: assignments are ignored; push throws whatever the mode.
    let sloppy = r#"let pushed; try { args.push("b") } catch (e) { pushed = e.constructor.name }
        args = 1; input = 2; args[0] = "z";
        let redefined; try { Object.defineProperty(globalThis, "args", { value: [] }) } catch (e) { redefined = e.constructor.name }
        return { pushed, redefined, args, input, deleted: delete globalThis.input, frozen: Object.isFrozen(args) }"#;
    let seen = value(&run_code(&scheduler, sloppy).await);
    assert_eq!(
        seen,
        json!({ "pushed": "TypeError", "redefined": "TypeError", "args": ["a"], "input": { "k": 1 },
                "deleted": false, "frozen": true })
    );
    let strict = r#""use strict"; try { args = 1 } catch (e) { return `${e.constructor.name}: ${e.message}` }"#;
    assert_eq!(
        value(&run_code(&scheduler, strict).await),
        "TypeError: cannot set non-writable property: args"
    );
}

#[tokio::test]
async fn r_cli_1a_without_inputs_args_is_empty_and_input_undefined() {
    let scheduler = with_inputs(ScriptInputs::default());
    let code = "return [args, typeof input, 'input' in globalThis, Object.isFrozen(args)]";
    assert_eq!(value(&run_code(&scheduler, code).await), json!([[], "undefined", true, true]));
    let description = scheduler.pipeline().registry().get("run_code").unwrap();
    let description = description.definition().description();
    assert!(description.contains("declare const args: readonly string[];"), "{description}");
    assert!(description.contains("declare const input: unknown;"), "{description}");
}

#[tokio::test]
async fn r_cli_1a_a_compact_listing_declares_the_globals_and_describe_leaves_them_out() {
    let registry = ToolRegistry::new();
    registry.register(strict()).unwrap();
    let mut config = CodeModeConfig::new(Runtime::new(RuntimeConfig::in_process()));
    config.declarations_budget = 0;
    install(&registry, config).unwrap();
    let description = registry.get("run_code").unwrap().definition().description().to_owned();
    assert!(description.contains("$search(query: string"), "the listing: {description}");
    assert!(description.contains("declare const args: readonly string[];"), "{description}");
    let scheduler = Scheduler::builder(Pipeline::builder(registry).build()).build();
    let described = value(&run_code(&scheduler, "return await tools.$describe('strict')").await);
    let described = described.as_str().unwrap();
    assert!(described.contains("strict(args: StrictArgs, options?: CallOptions)"), "{described}");
    assert!(!described.contains("declare const args"), "{described}");
}

/// R-CODE-11: `tools.x(args, { timeout })` rejects with TIMEOUT at its deadline, the call is
/// cancelled (its body stopped, one result logged), and the script catches it and goes on.
#[tokio::test]
async fn r_code_11_a_call_past_its_own_timeout_rejects_and_the_script_goes_on() {
    let world = world(|builder| builder);
    let code = "const began = Date.now(); let caught;
        try { await tools.par({ ms: 60000 }, { timeout: 300 }) }
        catch (e) { caught = { name: e.name, code: e.code, tool: e.tool, elapsed: Date.now() - began } }
        const after = await tools.par({ ms: 1 }, { timeout: 5000 });
        return { caught, after }";
    let result = run_code(&world.scheduler, code).await;
    let value = value(&result);
    assert_eq!(value["caught"]["code"], "TIMEOUT", "{value}");
    assert_eq!(value["caught"]["name"], "ToolTimeoutError");
    assert_eq!(value["caught"]["tool"], "par");
    let elapsed = value["caught"]["elapsed"].as_u64().unwrap();
    assert!((300..1500).contains(&elapsed), "rejected after {elapsed} ms, not about 300");
    assert_eq!(value["after"], json!({ "echo": { "ms": 1 } }), "the script went on");
    assert_eq!(world.probe.lock().unwrap().active, 0, "the timed-out body was stopped");
    let events = world.sink.events();
    assert_each_nested_call_answered_once(&events, 2);
    let codes: Vec<Option<ErrorCode>> = events
        .iter()
        .filter_map(|event| match event {
            Event::Result(result) if result.parent.is_some() => {
                Some(result.error.as_ref().map(|error| error.code))
            }
            _ => None,
        })
        .collect();
    assert_eq!(codes, [Some(ErrorCode::Timeout), None]);
}

/// R-CODE-11: options that are not `{ timeout: <positive number> }` are refused, naming the
/// option, before any call is made.
#[tokio::test]
async fn r_code_11_bad_call_options_are_refused_naming_the_option() {
    let world = world(|builder| builder);
    let code = "const tries = [{ timout: 5 }, { timeout: -1 }, { timeout: '300' }, 300];
        const seen = [];
        for (const options of tries) {
            try { await tools.par({}, options); seen.push('ran') }
            catch (e) { seen.push([e.code, e.message]) }
        }
        return seen";
    let seen = value(&run_code(&world.scheduler, code).await);
    let expected = [
        "tools.par: unknown option `timout`; the options are `timeout` (milliseconds)",
        "tools.par: option `timeout` must be a positive number of milliseconds (at most 86400000), not -1",
        "tools.par: option `timeout` must be a positive number of milliseconds (at most 86400000), not \"300\"",
        "tools.par: its second argument must be an options object like { timeout: 300 }, not 300",
    ];
    for (seen, expected) in seen.as_array().unwrap().iter().zip(expected) {
        assert_eq!(seen, &json!(["INVALID_ARGUMENTS", expected]));
    }
    let nested = world
        .sink
        .events()
        .iter()
        .filter(|event| matches!(event, Event::Call(call) if call.parent.is_some()))
        .count();
    assert_eq!(nested, 0, "no call was made");
}

/// R-CODE-11: the run's own limit still holds over a call's longer timeout, and its TIMEOUT
/// says which calls were still running.
#[tokio::test]
async fn r_code_11_the_runs_own_limit_holds_and_names_the_calls_still_running() {
    let world = world(|builder| builder);
    install_code_mode(world.registry(), Duration::from_millis(300));
    let code = "await tools.par({ ms: 1 });
        await Promise.all([tools.par({ ms: 60000 }, { timeout: 60000 }), tools.par({ ms: 60000 })])";
    let result = run_code(&world.scheduler, code).await;
    let error = result.error().unwrap();
    assert_eq!(error.code, ErrorCode::Timeout);
    assert!(
        error.message.ends_with("tools.par (call #2), tools.par (call #3)"),
        "{}",
        error.message
    );
    assert_each_nested_call_answered_once(&world.sink.events(), 3);
}
