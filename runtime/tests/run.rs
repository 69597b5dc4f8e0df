//! The run contract from end to end, through worker processes (R-RT-1, R-RT-3, R-RT-4).
#![allow(clippy::unwrap_used)] // test helpers outside #[test] fns unwrap too

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use ordo_runtime::{
    ErrorKind, HostError, HostFunctions, LimitKind, LogEntry, LogLevel, Position, RunOutcome,
    Runtime, RuntimeConfig, Script, WorkerCommand,
};
use serde_json::{Value, json};
use tokio_util::sync::CancellationToken;

fn config() -> RuntimeConfig {
    let worker = WorkerCommand::program(env!("CARGO_BIN_EXE_ordo-js-worker"));
    RuntimeConfig { warm_workers: 1, ..RuntimeConfig::new(worker) }
}

async fn run(code: &str) -> RunOutcome {
    Runtime::new(config())
        .run(&Script::javascript(code), &HostFunctions::new(), &CancellationToken::new())
        .await
}

async fn result(code: &str) -> Value {
    run(code).await.unwrap_or_else(|error| panic!("{code:?}: {error}")).result
}

#[tokio::test]
async fn r_rt_1_return_gives_the_result_with_json_stringify_semantics() {
    assert_eq!(
        result("const x = await Promise.resolve(41); return { x: x + 1 };").await,
        json!({ "x": 42 })
    );
    assert_eq!(result("1 + 1;").await, Value::Null, "no return gives null");
    assert_eq!(result("return undefined").await, Value::Null);
    assert_eq!(result("return () => 1").await, Value::Null, "what JSON cannot write is null");
    assert_eq!(result("return { a: undefined, b: () => 1, c: 1 }").await, json!({ "c": 1 }));
    assert_eq!(result("return [NaN, Infinity]").await, json!([null, null]));
    assert_eq!(
        result("return new Date(0)").await,
        json!("1970-01-01T00:00:00.000Z"),
        "toJSON is honoured"
    );
    let cycle = run("const a = {}; a.a = a; return a").await.unwrap_err();
    assert_eq!(cycle.kind, ErrorKind::Runtime, "{cycle}");
}

#[tokio::test]
async fn r_rt_1_console_output_is_captured_with_its_level() {
    let output = run("console.log('hi', { a: 1 }, [2]); console.info(3); console.debug('d'); console.warn('w'); console.error(new Error('e').message);")
        .await
        .unwrap();
    let expected = [
        (LogLevel::Info, "hi { a: 1 } [ 2 ]"),
        (LogLevel::Info, "3"),
        (LogLevel::Debug, "d"),
        (LogLevel::Warn, "w"),
        (LogLevel::Error, "e"),
    ];
    let logs: Vec<LogEntry> = expected
        .iter()
        .map(|(level, text)| LogEntry { level: *level, text: (*text).to_owned() })
        .collect();
    assert_eq!(output.logs, logs);
}

#[tokio::test]
async fn r_rt_4_errors_name_their_kind_message_and_position_in_the_source_as_written() {
    let syntax = run("const ok = 1;\nlet x = ;").await.unwrap_err();
    assert_eq!(syntax.kind, ErrorKind::Syntax);
    assert_eq!(syntax.position, Some(Position { line: 2, column: 9 }));
    assert!(syntax.message.starts_with("SyntaxError: "), "{syntax}");

    let thrown = run("const a = 1;\nfunction f() {\n  throw new RangeError('nope');\n}\nf();")
        .await
        .unwrap_err();
    assert_eq!((thrown.kind, thrown.message.as_str()), (ErrorKind::Runtime, "RangeError: nope"));
    assert_eq!(thrown.position, Some(Position { line: 3, column: 9 }));

    let engine_error = run("\n  null.x;").await.unwrap_err();
    assert_eq!(engine_error.kind, ErrorKind::Runtime);
    assert_eq!(engine_error.position.map(|p| p.line), Some(2));

    let not_an_error = run("throw 'plain'").await.unwrap_err();
    assert_eq!(not_an_error.message, "Uncaught plain");

    let logs_so_far = run("console.log('before'); throw new Error('boom')").await.unwrap_err();
    assert_eq!(logs_so_far.logs.len(), 1, "an error keeps the logs so far");
}

#[tokio::test]
async fn r_rt_4_a_pending_promise_with_nothing_left_to_run_is_a_stall() {
    let stall = run("await new Promise(() => {});").await.unwrap_err();
    assert_eq!(stall.kind, ErrorKind::Stall);
}

/// Node ends a script at a rejection nothing handles; the run ends with its error, not as a
/// success whose result hides it. A rejection handled later, or by a combinator, is not one.
#[tokio::test]
async fn r_rt_4_a_rejection_nothing_handles_ends_the_run_with_its_error() {
    let mut host = HostFunctions::new();
    host.insert("fails", |_call| async { Err(HostError::new("no such file")) });
    host.insert("works", |_call| async { Ok(json!(1)) });
    let run_with_host = |code: &'static str| {
        let host = host.clone();
        async move {
            Runtime::new(config())
                .run(&Script::javascript(code), &host, &CancellationToken::new())
                .await
        }
    };

    let not_awaited =
        run_with_host("fails({});\nawait works({});\nreturn 'done';").await.unwrap_err();
    assert_eq!(not_awaited.kind, ErrorKind::Runtime);
    assert!(
        not_awaited.message.starts_with("Error: no such file\n(a promise was rejected"),
        "{not_awaited}"
    );
    assert_eq!(not_awaited.position, Some(Position { line: 1, column: 6 }));

    // The first of several, thrown from a `.then` without a `.catch`, from one line in a loop.
    let chained = run(
        "for (const n of [1, 2, 3]) Promise.resolve(n).then((v) => { throw new RangeError(`bad ${v}`) });\n\
         return 1;",
    )
    .await
    .unwrap_err();
    assert!(chained.message.starts_with("RangeError: bad 1\n"), "{chained}");

    let thrown_value = run("Promise.reject(42); return 1;").await.unwrap_err();
    assert!(thrown_value.message.starts_with("Uncaught 42\n"), "{thrown_value}");

    let handled = result(
        "const late = Promise.reject(new Error('late'));\n\
         await null; await null;\n\
         const caught = await late.catch((e) => e.message);\n\
         const settled = await Promise.allSettled([Promise.reject(1), Promise.resolve(2)]);\n\
         const raced = await Promise.race([Promise.resolve('won'), Promise.reject(new Error('lost'))]);\n\
         const any = await Promise.any([Promise.reject(1), Promise.resolve('any')]);\n\
         return [caught, settled.map((s) => s.status), raced, any];",
    )
    .await;
    assert_eq!(handled, json!(["late", ["rejected", "fulfilled"], "won", "any"]));
    let awaited_later =
        run_with_host("const p = fails({});\ntry { await p } catch (e) { return e.message }")
            .await
            .unwrap();
    assert_eq!(awaited_later.result, json!("no such file"));

    // The script's own rejection is its error, once, without the note.
    let own = run("await Promise.reject(new TypeError('own'))").await.unwrap_err();
    assert_eq!(own.message, "TypeError: own");
}

#[tokio::test]
async fn r_rt_3_engine_limits_when_enabled_are_precise_in_synchronous_code() {
    let mut config = config();
    config.limits.engine.loop_iterations = Some(1_000_000);
    config.limits.engine.recursion = Some(256);
    let runtime = Runtime::new(config);
    let none = CancellationToken::new();
    let host = HostFunctions::new();
    let looped =
        runtime.run(&Script::javascript("while (true) {}"), &host, &none).await.unwrap_err();
    assert_eq!(looped.kind, ErrorKind::Limit(LimitKind::Loop));
    let catching = Script::javascript("try { while (true) {} } catch (e) { return 'caught' }");
    let caught = runtime.run(&catching, &host, &none).await.unwrap_err();
    assert_eq!(caught.kind, ErrorKind::Limit(LimitKind::Loop), "limits cannot be caught");
    let deep = runtime
        .run(&Script::javascript("function f() { f() } f()"), &host, &none)
        .await
        .unwrap_err();
    assert_eq!(deep.kind, ErrorKind::Limit(LimitKind::Recursion));
    // Boa 0.22 loses a limit raised after an `await`: the run stalls, and says why it may have.
    let after_await = runtime
        .run(&Script::javascript("await null; while (true) {}"), &host, &none)
        .await
        .unwrap_err();
    assert_eq!(after_await.kind, ErrorKind::Stall);
    assert!(
        after_await.message.contains("loop, recursion or stack limit after an `await`"),
        "{after_await}"
    );
}

#[tokio::test]
async fn r_rt_3_host_calls_run_concurrently_on_the_host() {
    let mut host = HostFunctions::new();
    host.insert("sleepy", |call| async move {
        tokio::time::sleep(Duration::from_millis(100)).await;
        Ok(call.args)
    });
    let runtime = Runtime::new(config());
    runtime.warm_up().await.unwrap();
    let started = Instant::now();
    let output = runtime
        .run(
            &Script::javascript(
                "return await Promise.all([sleepy(1), sleepy({ b: 2 }), sleepy('c')])",
            ),
            &host,
            &CancellationToken::new(),
        )
        .await
        .unwrap();
    let elapsed = started.elapsed();
    assert_eq!(output.result, json!([1, { "b": 2 }, "c"]));
    assert!(
        elapsed < Duration::from_millis(290),
        "three 100 ms calls took {elapsed:?}: not one after another"
    );
}

#[tokio::test]
async fn host_errors_reject_with_a_catchable_error_carrying_their_data() {
    let mut host = HostFunctions::new();
    host.insert("fails", |_call| async {
        let mut error = HostError::new("no such file");
        error.name = "ToolError".into();
        error.data.insert("code".into(), json!("TOOL_ERROR"));
        Err(error)
    });
    let code = "try { await fails({}) } catch (e) { return [e instanceof Error, e.name, e.message, e.code] }";
    let output = Runtime::new(config())
        .run(&Script::javascript(code), &host, &CancellationToken::new())
        .await
        .unwrap();
    assert_eq!(output.result, json!([true, "ToolError", "no such file", "TOOL_ERROR"]));
}

#[tokio::test]
async fn host_call_arguments_cross_as_plain_json_only() {
    let mut host = HostFunctions::new();
    host.insert("echo", |call| async move { Ok(call.args) });
    let runtime = Runtime::new(config());
    let none = CancellationToken::new();
    let plain = "Object.prototype.polluted = 'yes'; const proto = { inherited: 1 }; \
                 const o = Object.create(null); o.own = [1, 'two', null, true, { deep: 1.5 }]; \
                 const withProto = Object.assign(Object.create(proto), { x: 1 }); \
                 return [await echo(o), await echo({ a: undefined, b: 2 })]";
    let output = runtime.run(&Script::javascript(plain), &host, &none).await.unwrap();
    assert_eq!(
        output.result,
        json!([{ "own": [1, "two", null, true, { "deep": 1.5 }] }, { "b": 2 }])
    );
    for (code, needle) in [
        ("await echo({ get secret() { return 1 } })", "getter"),
        ("await echo({ f() {} })", "function"),
        ("const a = {}; a.self = a; await echo(a)", "circular"),
        ("await echo(new Date())", "plain"),
        ("await echo(Object.create({ inherited: 1 }))", "plain"),
        ("await echo(1n)", "bigint"),
    ] {
        let error = runtime.run(&Script::javascript(code), &host, &none).await.unwrap_err();
        assert_eq!(error.kind, ErrorKind::Runtime, "{code}");
        assert!(error.message.starts_with("TypeError: echo: argument"), "{code}: {error}");
        assert!(error.message.contains(needle), "{code}: {error}");
    }
}

#[tokio::test]
async fn r_rt_3_cancellation_with_host_calls_in_flight_kills_the_worker_and_cancels_the_calls() {
    for delay_ms in [0u64, 3, 10, 25, 60] {
        let started_calls = Arc::new(AtomicUsize::new(0));
        let cancelled_calls = Arc::new(AtomicUsize::new(0));
        let mut host = HostFunctions::new();
        let (started, cancelled) = (Arc::clone(&started_calls), Arc::clone(&cancelled_calls));
        host.insert("slow", move |call| {
            let (started, cancelled) = (Arc::clone(&started), Arc::clone(&cancelled));
            async move {
                started.fetch_add(1, Ordering::SeqCst);
                tokio::select! {
                    () = tokio::time::sleep(Duration::from_secs(30)) => Ok(Value::Null),
                    () = call.signal.cancelled() => {
                        cancelled.fetch_add(1, Ordering::SeqCst);
                        Err(HostError::new("cancelled"))
                    }
                }
            }
        });
        let runtime = Runtime::new(config());
        let cancel = CancellationToken::new();
        let canceller = cancel.clone();
        tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(delay_ms)).await;
            canceller.cancel();
        });
        let began = Instant::now();
        let error = runtime
            .run(
                &Script::javascript("await Promise.all([slow(1), slow(2), slow(3)])"),
                &host,
                &cancel,
            )
            .await
            .unwrap_err();
        assert_eq!(error.kind, ErrorKind::Cancelled, "cancelled after {delay_ms} ms");
        assert!(began.elapsed() < Duration::from_secs(5));
        assert_eq!(
            cancelled_calls.load(Ordering::SeqCst),
            started_calls.load(Ordering::SeqCst),
            "every call in flight learned the run was over, and was awaited (cancelled at {delay_ms} ms)"
        );
    }
}

#[tokio::test]
async fn r_rt_3_the_deadline_kills_the_worker() {
    let runtime = Runtime::new(config());
    let script = Script::javascript("while (true) {}").with_deadline(Duration::from_millis(300));
    let began = Instant::now();
    let error =
        runtime.run(&script, &HostFunctions::new(), &CancellationToken::new()).await.unwrap_err();
    assert_eq!(error.kind, ErrorKind::Timeout);
    assert_eq!(error.message, "the script ran past its deadline of 300 ms");
    assert!(began.elapsed() < Duration::from_millis(1_500), "{:?}", began.elapsed());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn r_rt_3_many_runs_at_once_each_get_their_own_outcome() {
    let mut config = config();
    config.warm_workers = 4;
    config.limits.deadline = Duration::from_secs(30);
    config.limits.memory_bytes = 256 << 20;
    let runtime = Runtime::new(config);
    let mut runs = tokio::task::JoinSet::new();
    for i in 0..24u64 {
        let runtime = runtime.clone();
        runs.spawn(async move {
            let code = match i % 4 {
                0 => format!("return {i} * 2"),
                1 => "throw new Error('boom')".to_owned(),
                2 => "await new Promise(() => {})".to_owned(),
                _ => "let s = 'x'; for (;;) s += s".to_owned(),
            };
            (
                i,
                runtime
                    .run(
                        &Script::javascript(code),
                        &HostFunctions::new(),
                        &CancellationToken::new(),
                    )
                    .await,
            )
        });
    }
    while let Some(joined) = runs.join_next().await {
        let (i, outcome) = joined.unwrap();
        match i % 4 {
            0 => assert_eq!(outcome.unwrap().result, json!(i * 2)),
            1 => assert_eq!(outcome.unwrap_err().kind, ErrorKind::Runtime),
            2 => assert_eq!(outcome.unwrap_err().kind, ErrorKind::Stall),
            _ => assert_eq!(outcome.unwrap_err().kind, ErrorKind::Limit(LimitKind::Memory)),
        }
    }
}

/// A frame read must survive the driver's `select!` losing a turn to another branch: many runs
/// with many host calls in flight once lost the stream's framing ("a frame of … bytes is too
/// large") a few times in a thousand.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn r_rt_3_frames_survive_many_host_calls_in_flight() {
    let mut host = HostFunctions::new();
    host.insert("echo", |call| async move { Ok(call.args) });
    let mut config = config();
    config.warm_workers = 2;
    let runtime = Runtime::new(config);
    let script = Script::javascript(
        "return (await Promise.all(Array.from({ length: 100 }, (_, i) => echo(i)))).length",
    );
    for run in 0..150 {
        let output = runtime.run(&script, &host, &CancellationToken::new()).await;
        assert_eq!(
            output.map(|output| output.result).map_err(|error| error.to_string()),
            Ok(json!(100)),
            "run {run}"
        );
    }
}

/// Host calls are polled by the run's driver: a host function that panics, in its synchronous
/// part or in its future, fails that call (the script can catch it) and nothing else.
#[tokio::test]
async fn a_panicking_host_function_rejects_its_call_and_the_run_goes_on() {
    let mut host = HostFunctions::new();
    host.insert("panics_later", |_call| async { panic!("later") });
    host.insert("panics_now", |_call| -> std::future::Ready<Result<Value, HostError>> {
        panic!("now")
    });
    host.insert("echo", |call| async move { Ok(call.args) });
    let code = "const seen = []; \
                for (const f of [panics_later, panics_now]) { \
                  try { await f(); } catch (e) { seen.push(e.message) } } \
                seen.push(await echo('still here')); return seen";
    let output = Runtime::new(config())
        .run(&Script::javascript(code), &host, &CancellationToken::new())
        .await
        .unwrap();
    assert_eq!(
        output.result,
        json!([
            "the host function \"panics_later\" panicked: later",
            "the host function \"panics_now\" panicked: now",
            "still here"
        ])
    );
}

/// The engine runs a warm-up script before it says it is ready; a script's context must not
/// show any trace of it: its global functions and values are the built-ins', the web built-ins
/// (`atob`, …), `crypto` and `console`.
#[tokio::test]
async fn r_rt_1_the_engine_warm_up_leaves_no_trace_in_the_scripts_context() {
    let code = "return [typeof values, typeof sum, typeof doubled, \
                Object.getOwnPropertyNames(globalThis).filter((name) => /^[a-z]/.test(name))]";
    assert_eq!(
        result(code).await,
        json!([
            "undefined",
            "undefined",
            "undefined",
            [
                "globalThis",
                "undefined",
                "isFinite",
                "isNaN",
                "parseInt",
                "parseFloat",
                "encodeURI",
                "encodeURIComponent",
                "decodeURI",
                "decodeURIComponent",
                "escape",
                "unescape",
                "atob",
                "btoa",
                "structuredClone",
                "queueMicrotask",
                "crypto",
                "console"
            ]
        ])
    );
}

/// The driver polls for the next frame after each answer; a script that calls a fast host
/// function without end keeps it on that path, and the deadline and cancellation still end it.
#[tokio::test]
async fn r_rt_3_a_script_calling_fast_forever_still_ends_at_its_deadline_or_cancellation() {
    let mut host = HostFunctions::new();
    host.insert("echo", |call| async move { Ok(call.args) });
    let mut config = config();
    config.limits.host_calls = usize::MAX;
    let runtime = Runtime::new(config);
    let forever = "for (;;) await echo(1)";

    let started = Instant::now();
    let script = Script::javascript(forever).with_deadline(Duration::from_millis(200));
    let error = runtime.run(&script, &host, &CancellationToken::new()).await.unwrap_err();
    assert_eq!(error.kind, ErrorKind::Timeout, "{error}");
    assert!(started.elapsed() < Duration::from_millis(1_500), "{:?}", started.elapsed());

    let cancel = CancellationToken::new();
    let canceller = cancel.clone();
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(100)).await;
        canceller.cancel();
    });
    let started = Instant::now();
    let error = runtime.run(&Script::javascript(forever), &host, &cancel).await.unwrap_err();
    assert_eq!(error.kind, ErrorKind::Cancelled, "{error}");
    assert!(started.elapsed() < Duration::from_millis(1_500), "{:?}", started.elapsed());
}

/// R-RT-6: a call whose arguments hold more JSON values than a frame may (1,048,576; parsed,
/// each costs the host about a hundred bytes) is refused in the worker with a catchable
/// `RangeError`, and the run goes on; one just under the bound crosses.
#[tokio::test]
async fn r_rt_6_arguments_of_too_many_values_are_refused_in_the_worker_and_catchable() {
    let mut host = HostFunctions::new();
    host.insert("count", |call| async move {
        Ok(json!(
            call.args
                .as_array()
                .map_or(0, |rows| rows.len() * rows[0].as_array().map_or(0, Vec::len))
        ))
    });
    // One array may not pass 1,048,576 elements (the engine's own bound); rows of them can.
    let code = "const rows = (n) => Array.from({ length: n }, () => new Array(1000).fill(0));\n\
                const under = await count(rows(1000));\n\
                try { await count(rows(1100)); return 'crossed' }\n\
                catch (error) { return [under, error.name, error.message] }";
    let output = Runtime::new(config())
        .run(&Script::javascript(code), &host, &CancellationToken::new())
        .await
        .unwrap();
    assert_eq!(output.result[0], json!(1_000_000));
    assert_eq!(output.result[1], json!("RangeError"), "{}", output.result);
    let message = output.result[2].as_str().unwrap();
    assert!(
        message.starts_with("count: its arguments are too large to pass to the host"),
        "{message}"
    );
    assert!(message.contains("JSON values is too many"), "{message}");
}
