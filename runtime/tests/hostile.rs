//! The hostile-script suite (R-RT-2, R-RT-3, R-RT-4): model code is hostile input. Every script
//! here ends in the exact outcome kind, within its deadline plus a small margin, and the host
//! process survives to run the next one.
#![allow(clippy::unwrap_used)] // test helpers outside #[test] fns unwrap too

use std::time::{Duration, Instant};

use ordo_runtime::{
    ErrorKind, HostError, HostFunctions, LimitKind, Runtime, RuntimeConfig, Script, WorkerCommand,
};
use serde_json::json;
use tokio_util::sync::CancellationToken;

/// The deadline of scripts that should end by it: short, so the suite is quick.
const SHORT: Duration = Duration::from_secs(2);

/// The deadline of scripts that should end some other way: long, so a slow machine cannot turn
/// a memory or stack limit into a timeout.
const LONG: Duration = Duration::from_secs(20);

/// Time allowed past the deadline: killing and reaping the worker, on a loaded machine.
const MARGIN: Duration = Duration::from_millis(1_500);

/// The address-space limit of the suite's workers.
const MEMORY: u64 = 256 << 20;

fn runtime(deadline: Duration) -> Runtime {
    let worker = WorkerCommand::program(env!("CARGO_BIN_EXE_ordo-js-worker"));
    let mut config = RuntimeConfig::new(worker);
    config.limits.deadline = deadline;
    config.limits.memory_bytes = MEMORY;
    config.warm_workers = 0;
    Runtime::new(config)
}

/// Runs `code` and checks it fails with `kind`, in time. Returns the message and log count.
async fn fails_with(code: &str, kind: ErrorKind) -> (String, usize) {
    let deadline = if kind == ErrorKind::Timeout { SHORT } else { LONG };
    let started = Instant::now();
    let outcome = runtime(deadline)
        .run(&Script::javascript(code), &HostFunctions::new(), &CancellationToken::new())
        .await;
    let elapsed = started.elapsed();
    assert!(elapsed <= deadline + MARGIN, "{code:?} took {elapsed:?}");
    let error = match outcome {
        Ok(output) => panic!("{code:?} should fail with {kind}, but returned {}", output.result),
        Err(error) => error,
    };
    assert_eq!(error.kind, kind, "{code:?}: {error}");
    (error.message, error.logs.len())
}

macro_rules! hostile {
    ($($name:ident: $code:expr => $kind:expr;)*) => {
        $(
            #[tokio::test]
            async fn $name() {
                fails_with(&$code, $kind).await;
            }
        )*
    };
}

const MEMORY_LIMIT: ErrorKind = ErrorKind::Limit(LimitKind::Memory);
const STACK_LIMIT: ErrorKind = ErrorKind::Limit(LimitKind::Stack);

hostile! {
    r_rt_3_busy_loop_at_top_level: "while (true) {}" => ErrorKind::Timeout;
    r_rt_3_busy_loop_in_a_callback: "[1, 2, 3].forEach(() => { for (;;) {} })" => ErrorKind::Timeout;
    r_rt_3_busy_loop_after_await: "await null; while (true) {}" => ErrorKind::Timeout;
    r_rt_3_busy_loop_in_a_promise_reaction:
        "Promise.resolve().then(() => { for (;;) {} }); await new Promise(() => {})" => ErrorKind::Timeout;
    r_rt_3_busy_loop_in_a_getter: "const o = { get x() { for (;;) {} } }; return o.x" => ErrorKind::Timeout;
    r_rt_3_catastrophic_regex: "/(a+)+b/.test('a'.repeat(40))" => ErrorKind::Timeout;
    r_rt_3_builtin_heavy_loop:
        "for (;;) { Array.from({ length: 1e5 }, (_, i) => i).sort((a, b) => b - a) }" => ErrorKind::Timeout;
    r_rt_3_retrying_a_loop_in_try_finally: "for (;;) { try { while (true) {} } finally { } }" => ErrorKind::Timeout;
    r_rt_3_async_recursion:
        "async function f() { const pad = 'x'.repeat(1e4) + Math.random(); await null; return (await f()) + pad }; await f()"
        => MEMORY_LIMIT;
    r_rt_3_unbounded_recursion: "function f() { return f() + 1 } f()" => MEMORY_LIMIT;
    r_rt_3_mutual_recursion: "function a() { return b() } function b() { return a() } a()" => MEMORY_LIMIT;
    r_rt_3_recursion_after_await: "await null; (function f() { f() })()" => MEMORY_LIMIT;
    r_rt_3_catching_a_limit_and_retrying: "for (;;) { try { (function f() { f() })() } catch (e) {} }" => MEMORY_LIMIT;
    r_rt_3_string_allocation_bomb: "let s = 'x'; for (;;) s += s" => MEMORY_LIMIT;
    r_rt_3_array_of_strings_bomb: "const a = []; for (;;) a.push('x'.repeat(1e6) + a.length)" => MEMORY_LIMIT;
    r_rt_3_object_allocation_bomb:
        "const a = []; for (let i = 0; ; i++) a.push({ i, text: 'payload ' + i })" => MEMORY_LIMIT;
    // Boa allocates buffers fallibly: running out surfaces as a RangeError, uncaught here.
    r_rt_3_typed_array_bomb: "const a = []; for (;;) a.push(new Float64Array(1e6))" => ErrorKind::Runtime;
    r_rt_3_oversized_typed_array: "new Uint8Array(2 ** 31)" => ErrorKind::Runtime;
    r_rt_3_deep_nesting_in_source:
        format!("return {}1{}", "(".repeat(200_000), ")".repeat(200_000)) => STACK_LIMIT;
    r_rt_3_deep_nesting_in_json_stringify:
        "let o = {}; for (let i = 0; i < 200000; i++) o = { o }; JSON.stringify(o)" => STACK_LIMIT;
    r_rt_3_deep_nesting_in_string_of_array:
        "let a = []; for (let i = 0; i < 200000; i++) a = [a]; String(a)" => STACK_LIMIT;
    r_rt_4_a_never_settling_promise_is_a_stall: "await new Promise(() => {})" => ErrorKind::Stall;
    r_rt_4_a_huge_result_hits_the_output_limit: "return 'x'.repeat(5e6)" => ErrorKind::Limit(LimitKind::Output);
    r_rt_2_eval_is_gone: "return eval('1 + 1')" => ErrorKind::Runtime;
    r_rt_2_the_function_constructor_compiles_nothing: "return Function('return 1')()" => ErrorKind::Runtime;
    r_rt_2_the_function_constructor_through_a_prototype:
        "return (function () {}).constructor('return this')()" => ErrorKind::Runtime;
    r_rt_2_the_async_function_constructor:
        "const AsyncFunction = (async () => {}).constructor; return await AsyncFunction('return 1')()" => ErrorKind::Runtime;
    r_rt_2_the_generator_function_constructor: "(function* () {}).constructor('yield 1')" => ErrorKind::Runtime;
    r_rt_2_dynamic_import_is_refused: "return await import('fs')" => ErrorKind::Runtime;
    r_rt_2_require_is_absent: "require('fs')" => ErrorKind::Runtime;
    r_rt_2_process_is_absent: "process.exit(1)" => ErrorKind::Runtime;
    r_rt_2_timers_are_absent: "setTimeout(() => {}, 1)" => ErrorKind::Runtime;
    r_rt_2_atomics_wait_cannot_block: "Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0)" => ErrorKind::Runtime;
    r_rt_4_a_thrown_look_alike_of_a_limit_error_is_a_runtime_error:
        "throw new RangeError('reached the maximum number of iteration loops on this execution')" => ErrorKind::Runtime;
    r_rt_4_a_thrown_look_alike_of_a_timeout_is_a_runtime_error:
        "throw { kind: 'timeout', message: 'the script ran past its deadline of 3000 ms' }" => ErrorKind::Runtime;
}

#[tokio::test]
async fn r_rt_2_what_a_script_sees_of_the_outside_world() {
    let code = "return [typeof eval, typeof Function, typeof require, typeof process, typeof setTimeout, \
                typeof fetch, typeof console.log]";
    let output = runtime(SHORT)
        .run(&Script::javascript(code), &HostFunctions::new(), &CancellationToken::new())
        .await
        .unwrap();
    assert_eq!(
        output.result,
        json!([
            "undefined",
            "function",
            "undefined",
            "undefined",
            "undefined",
            "undefined",
            "function"
        ])
    );
}

#[tokio::test]
async fn r_rt_1_a_replaced_json_stringify_cannot_forge_the_result() {
    let code = "JSON.stringify = () => '\"forged\"'; return { real: true }";
    let output = runtime(SHORT)
        .run(&Script::javascript(code), &HostFunctions::new(), &CancellationToken::new())
        .await
        .unwrap();
    assert_eq!(output.result, json!({ "real": true }));
}

#[tokio::test]
async fn r_rt_1_a_log_flood_is_capped_and_the_logs_so_far_survive_the_kill() {
    let (_, logged) =
        fails_with("for (;;) console.log('x'.repeat(1000))", ErrorKind::Timeout).await;
    let cap = ordo_runtime::EngineLimits::default().log_bytes;
    assert!(logged > 10, "the logs written before the kill are kept");
    assert!(logged <= cap / 1000 + 1, "{logged} lines kept under a cap of {cap} bytes");
}

#[tokio::test]
async fn r_rt_3_a_host_call_flood_hits_the_host_call_limit() {
    let worker = WorkerCommand::program(env!("CARGO_BIN_EXE_ordo-js-worker"));
    let mut config = RuntimeConfig::new(worker);
    config.limits.host_calls = 50;
    let mut host = HostFunctions::new();
    host.insert("ping", |_call| async { Ok(json!("pong")) });
    let error = Runtime::new(config)
        .run(&Script::javascript("for (;;) await ping()"), &host, &CancellationToken::new())
        .await
        .unwrap_err();
    assert_eq!(error.kind, ErrorKind::Limit(LimitKind::HostCalls), "{error}");
    assert_eq!(error.message, "the script made more than 50 host calls");
}

/// The host never waits on a worker's stdin: a script that makes host calls with large answers
/// and then never reads them (it loops) fills the pipe, and the deadline still ends the run.
#[tokio::test]
async fn r_rt_3_a_worker_that_stops_reading_cannot_stall_the_deadline() {
    let mut host = HostFunctions::new();
    host.insert("echo", |call| async move { Ok(call.args) });
    let code =
        "const big = 'x'.repeat(100000); for (let i = 0; i < 50; i++) echo(big); while (true) {}";
    let started = Instant::now();
    let error = runtime(Duration::from_millis(300))
        .run(&Script::javascript(code), &host, &CancellationToken::new())
        .await
        .unwrap_err();
    assert_eq!(error.kind, ErrorKind::Timeout, "{error}");
    assert!(started.elapsed() < Duration::from_millis(300) + MARGIN, "{:?}", started.elapsed());
}

/// A script (with its constants and prelude) too large for a frame fails at once as a host
/// error, instead of waiting for a worker that never gets it until the deadline.
#[tokio::test]
async fn r_rt_3_a_script_too_large_to_send_fails_at_once() {
    let code = format!("return {:?}.length", "x".repeat(17 << 20));
    let started = Instant::now();
    let error = runtime(LONG)
        .run(&Script::javascript(code), &HostFunctions::new(), &CancellationToken::new())
        .await
        .unwrap_err();
    assert_eq!(error.kind, ErrorKind::Host, "{error}");
    assert!(
        error.message.starts_with(
            "the script, its constants and its prelude cannot be sent to the worker: a frame of "
        ),
        "{error}"
    );
    assert!(started.elapsed() < Duration::from_secs(5), "{:?}", started.elapsed());
}

/// R-RT-6: an empty console line is charged like any other; a flood of them keeps the host's
/// memory bounded and the run ends normally, the logs saying output was dropped.
#[tokio::test]
async fn r_rt_6_empty_console_lines_are_charged_and_capped() {
    let code = "for (let i = 0; i < 1e6; i++) console.log(); return 1";
    let output = runtime(LONG)
        .run(&Script::javascript(code), &HostFunctions::new(), &CancellationToken::new())
        .await
        .unwrap();
    assert_eq!(output.result, json!(1));
    let cap = ordo_runtime::EngineLimits::default().log_bytes;
    let most = cap / ordo_runtime::LOG_ENTRY_OVERHEAD + 1;
    assert!(output.logs.len() <= most, "{} entries kept, at most {most}", output.logs.len());
    let last = output.logs.last().unwrap();
    assert!(last.text.contains("log limit reached"), "{:?}", last.text);
}

/// A host function whose answer is 256 KiB, counting the answers it made.
fn big_answers(made: &std::sync::Arc<std::sync::atomic::AtomicUsize>) -> HostFunctions {
    let mut host = HostFunctions::new();
    let made = std::sync::Arc::clone(made);
    host.insert("big", move |_call| {
        let made = std::sync::Arc::clone(&made);
        async move {
            made.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            Ok(json!("x".repeat(256 << 10)))
        }
    });
    host
}

/// R-RT-6: a script that starts thousands of calls and never reads their answers makes the host
/// hold back: it stops answering once a megabyte waits unread, instead of buffering gigabytes.
#[tokio::test]
async fn r_rt_6_answers_a_script_does_not_read_are_held_back() {
    let made = std::sync::Arc::default();
    let host = big_answers(&made);
    let code = "for (let i = 0; i < 3000; i++) big(); \
                const end = Date.now() + 1000; while (Date.now() < end) {} return 'spun'";
    let output = runtime(LONG)
        .run(&Script::javascript(code), &host, &CancellationToken::new())
        .await
        .unwrap();
    assert_eq!(output.result, json!("spun"));
    let made = made.load(std::sync::atomic::Ordering::SeqCst);
    assert!(made <= 16, "{made} answers of 256 KiB were made for a script that read none");
}

/// R-RT-6: one budget for what a run makes the host hold; past it, `limit(host_memory)`.
#[tokio::test]
async fn r_rt_6_the_host_memory_budget_ends_the_run() {
    let worker = WorkerCommand::program(env!("CARGO_BIN_EXE_ordo-js-worker"));
    let mut config = RuntimeConfig::new(worker);
    config.limits.host_memory_bytes = 600 << 10;
    config.warm_workers = 0;
    let made = std::sync::Arc::default();
    let host = big_answers(&made);
    let code = "for (let i = 0; i < 100; i++) big(); while (true) {}";
    let started = Instant::now();
    let error = Runtime::new(config)
        .run(&Script::javascript(code), &host, &CancellationToken::new())
        .await
        .unwrap_err();
    assert_eq!(error.kind, ErrorKind::Limit(LimitKind::HostMemory), "{error}");
    assert!(error.message.contains("past its budget of 614400 bytes"), "{}", error.message);
    assert!(started.elapsed() < Duration::from_secs(5), "{:?}", started.elapsed());
}

/// R-RT-6: the arguments of host calls in flight count against the budget too: a script cannot
/// hold the host to many large arguments at once.
#[tokio::test]
async fn r_rt_6_arguments_in_flight_count_against_the_host_memory_budget() {
    let worker = WorkerCommand::program(env!("CARGO_BIN_EXE_ordo-js-worker"));
    let mut config = RuntimeConfig::new(worker);
    config.limits.host_memory_bytes = 1 << 20;
    config.warm_workers = 0;
    let mut host = HostFunctions::new();
    host.insert("hold", |call| async move {
        call.signal.cancelled().await;
        Err(HostError::new("cancelled"))
    });
    let code =
        "const big = 'x'.repeat(300000); for (let i = 0; i < 10; i++) hold(big); await hold(1)";
    let error = Runtime::new(config)
        .run(&Script::javascript(code), &host, &CancellationToken::new())
        .await
        .unwrap_err();
    assert_eq!(error.kind, ErrorKind::Limit(LimitKind::HostMemory), "{error}");
    assert!(error.message.contains("arguments of calls in flight"), "{}", error.message);
}

/// A host function that ignores its cancellation holds no run past the deadline and a short
/// grace: its call is dropped.
#[tokio::test]
async fn r_rt_3_a_host_function_ignoring_its_cancellation_holds_no_run() {
    let mut host = HostFunctions::new();
    host.insert("stuck", |_call| std::future::pending());
    let started = Instant::now();
    let error = runtime(Duration::from_millis(300))
        .run(&Script::javascript("await stuck()"), &host, &CancellationToken::new())
        .await
        .unwrap_err();
    assert_eq!(error.kind, ErrorKind::Timeout, "{error}");
    assert!(
        started.elapsed() < Duration::from_millis(300 + 2000) + MARGIN,
        "{:?}",
        started.elapsed()
    );
}
