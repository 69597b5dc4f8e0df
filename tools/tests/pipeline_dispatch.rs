//! Dispatch: arguments, signal fusion, body_invoked, timeouts and grace (R-PIPE-6..8, 10, 12).
#![allow(clippy::unwrap_used)] // test helpers outside #[test] fns unwrap too

mod common;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use common::*;
use futures::future::BoxFuture;
use ordo_tools::{
    Arguments, CallContext, CallRequest, CancellationToken, DispatchResult, ErrorCode, ExecuteHook,
    ExecuteNext, Execution, ObserverError, Pipeline, PreDecision, TimeoutPolicy, ToolDefinition,
    ToolFailure, ToolOutput, ToolResult, policy,
};
use serde_json::{Value, json};
use tokio::time::Instant;

/// An `execute` hook that hands the rest of the chain a fresh signal of its own, and checks,
/// once the chain returns, that its signal is as it left it.
struct SwapSignal {
    own: CancellationToken,
    cancel_own_after: Option<Duration>,
}

impl ExecuteHook for SwapSignal {
    fn execute<'a>(
        &'a self,
        _execution: &'a Execution,
        _signal: CancellationToken,
        next: ExecuteNext<'a>,
    ) -> BoxFuture<'a, DispatchResult> {
        Box::pin(async move {
            if let Some(delay) = self.cancel_own_after {
                let own = self.own.clone();
                tokio::spawn(async move {
                    tokio::time::sleep(delay).await;
                    own.cancel();
                });
            }
            next.run(self.own.clone()).await
        })
    }
}

/// Cancels `signal` after `delay` (tokio time).
fn cancel_after(signal: &CancellationToken, delay: Duration) {
    let signal = signal.clone();
    tokio::spawn(async move {
        tokio::time::sleep(delay).await;
        signal.cancel();
    });
}

#[tokio::test]
async fn r_pipe_6_invalid_arguments_name_each_violation_and_its_path() {
    let echo = fixture("echo", Behaviour::Echo);
    let pipeline = Pipeline::new(registry_with(&[&echo]));

    let request = CallRequest::new("c", "echo", Arguments::parse(r#"{"text": 3, "extra": true}"#));
    let result = pipeline.call(request).await.unwrap();

    assert_eq!(code(&result), ErrorCode::InvalidArguments);
    let message = &result.error().unwrap().message;
    assert!(message.starts_with("invalid arguments for tool \"echo\": "), "{message}");
    assert!(message.contains("at /text: 3 is not of type \"string\""), "{message}");
    assert!(
        message.contains(
            "at the root: Additional properties are not allowed ('extra' was unexpected)"
        ),
        "{message}"
    );
    assert_eq!(echo.bodies.get(), 0);
}

#[tokio::test]
async fn r_pipe_6_arguments_that_are_not_json_say_so() {
    let echo = fixture("echo", Behaviour::Echo);
    let pipeline = Pipeline::new(registry_with(&[&echo]));

    let broken = pipeline
        .call(CallRequest::new("c", "echo", Arguments::parse(r#"{"text": "#)))
        .await
        .unwrap();
    assert_eq!(code(&broken), ErrorCode::InvalidArguments);
    assert_eq!(
        broken.error().unwrap().message,
        "invalid arguments for tool \"echo\": not valid JSON (EOF while parsing a value at line 1 column 9)"
    );

    let empty = pipeline.call(CallRequest::new("c", "echo", Arguments::parse(""))).await.unwrap();
    assert_eq!(
        empty.error().unwrap().message,
        "invalid arguments for tool \"echo\": at the root: \"text\" is a required property"
    );
    assert_eq!(echo.bodies.get(), 0);
}

#[tokio::test]
async fn r_pipe_7_a_caller_cancel_reaches_a_body_whose_wrapper_swapped_the_signal() {
    let slow = fixture("slow", Behaviour::Sleep(Duration::from_secs(3600)));
    let own = CancellationToken::new();
    let pipeline = builder_with(&[&slow])
        .execute(Arc::new(SwapSignal { own: own.clone(), cancel_own_after: None }))
        .build();
    let request = call("slow", "x");
    cancel_after(&request.signal, Duration::from_millis(1));

    let result = pipeline.call(request).await.unwrap();

    assert_eq!(code(&result), ErrorCode::Aborted);
    assert_eq!(result.error().unwrap().message, "tool \"slow\" was cancelled while it ran");
    assert!(!own.is_cancelled(), "the wrapper's own signal is left as the wrapper gave it");
}

#[tokio::test]
async fn r_pipe_7_the_wrappers_signal_reaches_the_body() {
    let slow = fixture("slow", Behaviour::Sleep(Duration::from_secs(3600)));
    let own = CancellationToken::new();
    let pipeline = builder_with(&[&slow])
        .execute(Arc::new(SwapSignal {
            own: own.clone(),
            cancel_own_after: Some(Duration::from_millis(1)),
        }))
        .build();
    let request = call("slow", "x");
    let caller = request.signal.clone();

    let result = pipeline.call(request).await.unwrap();

    assert_eq!(
        code(&result),
        ErrorCode::Aborted,
        "a body stopped by its signal is aborted, not failed"
    );
    assert!(!caller.is_cancelled(), "the wrapper's signal never cancels the caller");
}

/// A tool whose body hands out the signal it was given.
fn signal_spy(slot: &Arc<Mutex<Option<CancellationToken>>>) -> ToolDefinition {
    let slot = Arc::clone(slot);
    ToolDefinition::new(
        "spy",
        "Spy.",
        text_parameters(),
        echo_output(),
        move |_args: Arc<Value>, cx: CallContext| {
            *slot.lock().unwrap() = Some(cx.signal().clone());
            async { Ok(json!({ "echo": "" })) }
        },
    )
}

/// An `execute` hook that passes the signal it got along unchanged.
struct PassThrough;

impl ExecuteHook for PassThrough {
    fn execute<'a>(
        &'a self,
        _: &'a Execution,
        signal: CancellationToken,
        next: ExecuteNext<'a>,
    ) -> BoxFuture<'a, DispatchResult> {
        next.run(signal)
    }
}

#[tokio::test]
async fn r_pipe_7_without_a_replacement_the_body_gets_the_callers_own_signal() {
    let slot = Arc::new(Mutex::new(None));
    for pipeline in [
        Pipeline::new(registry_with(&[])),
        Pipeline::builder(ordo_tools::ToolRegistry::new()).execute(Arc::new(PassThrough)).build(),
    ] {
        pipeline.registry().register(signal_spy(&slot)).unwrap();
        let request = call("spy", "x");
        let caller = request.signal.clone();
        assert!(!pipeline.call(request).await.unwrap().is_error());
        assert!(slot.lock().unwrap().take().unwrap() == caller, "no fused token was made");
    }

    // With a replacement, the body gets a fused token: neither the caller's nor the wrapper's.
    let own = CancellationToken::new();
    let pipeline = Pipeline::builder(ordo_tools::ToolRegistry::new())
        .execute(Arc::new(SwapSignal { own: own.clone(), cancel_own_after: None }))
        .build();
    pipeline.registry().register(signal_spy(&slot)).unwrap();
    let request = call("spy", "x");
    let caller = request.signal.clone();
    pipeline.call(request).await.unwrap();
    let seen = slot.lock().unwrap().take().unwrap();
    assert!(seen != caller && seen != own);
}

#[tokio::test]
async fn r_pipe_8_body_invoked_is_set_exactly_when_the_body_was_called() {
    let echo = fixture("echo", Behaviour::Echo);
    let fail = fixture("fail", Behaviour::Fail);
    let seen = Arc::new(Mutex::new(Vec::new()));
    let recorded = Arc::clone(&seen);
    let pipeline = builder_with(&[&echo, &fail])
        .pre_execute(policy(|execution| {
            (execution.arguments().value()["text"] == "deny")
                .then(|| PreDecision::Deny("no".into()))
        }))
        .observe(move |execution: &Execution, result: &ToolResult| -> Result<(), ObserverError> {
            recorded.lock().unwrap().push((result.code(), execution.body_invoked()));
            Ok(())
        })
        .build();

    pipeline.call(call("echo", "ok")).await.unwrap();
    pipeline.call(call("echo", "deny")).await.unwrap();
    pipeline.call(CallRequest::new("c", "echo", Arguments::parse("{}"))).await.unwrap();
    pipeline.call(call("fail", "x")).await.unwrap();
    pipeline.call(call("ghost", "x")).await.unwrap();

    assert_eq!(
        *seen.lock().unwrap(),
        [
            (None, true),
            (Some(ErrorCode::Denied), false),
            (Some(ErrorCode::InvalidArguments), false),
            (Some(ErrorCode::ToolError), true),
            (Some(ErrorCode::ToolNotFound), false),
        ]
    );
}

#[tokio::test]
async fn r_pipe_10_a_body_error_is_tool_error_with_the_tools_own_message() {
    let fail = fixture("fail", Behaviour::Fail);
    let pipeline = Pipeline::new(registry_with(&[&fail]));

    let result = pipeline.call(call("fail", "x")).await.unwrap();

    let error = result.error().unwrap();
    assert_eq!(
        (error.code, error.name.as_str(), error.message.as_str()),
        (ErrorCode::ToolError, "NotFound", "no such thing: x")
    );
}

#[tokio::test]
async fn r_pipe_10_a_panicking_body_is_a_tool_error() {
    let broken = fixture("broken", Behaviour::Panic);
    let pipeline = Pipeline::new(registry_with(&[&broken]));

    let result = pipeline.call(call("broken", "x")).await.unwrap();

    assert_eq!(code(&result), ErrorCode::ToolError);
    assert_eq!(result.error().unwrap().message, "tool \"broken\" panicked: body bug");
}

#[tokio::test(start_paused = true)]
async fn r_pipe_10_a_declared_timeout_gives_timeout() {
    let mut slow = fixture("slow", Behaviour::Sleep(Duration::from_secs(3600)));
    slow.definition = slow.definition.with_timeout(Duration::from_millis(100));
    let pipeline = builder_with(&[&slow]).build();
    let started = Instant::now();

    let result = pipeline.call(call("slow", "x")).await.unwrap();

    assert_eq!(code(&result), ErrorCode::Timeout);
    assert_eq!(result.error().unwrap().message, "tool \"slow\" timed out after 100 ms");
    assert_eq!(
        started.elapsed(),
        Duration::from_millis(100),
        "a body that honours its signal stops at once"
    );
    assert_eq!(slow.finalized.get(), 1);
}

#[tokio::test(start_paused = true)]
async fn r_pipe_10_a_timeout_keeps_what_the_body_reported_and_only_that() {
    // The body's own message has lines of its own; only the report follows the timeout.
    let body = |_: Arc<Value>, cx: CallContext| async move {
        cx.signal().cancelled().await;
        Err(ToolFailure::new("cancelled\nwhile at step 3")
            .with_report("Console output before the failure:\n[info] step 1\n[info] step 2"))
    };
    let definition = ToolDefinition::new(
        "reporting",
        "Reports as it stops.",
        json!({ "type": "object" }),
        ToolOutput::new(json!({}), |_, _| Vec::new()),
        body,
    )
    .with_timeout(Duration::from_millis(50));
    let registry = ordo_tools::ToolRegistry::new();
    registry.register(definition).unwrap();
    let pipeline = Pipeline::builder(registry).build();

    let result =
        pipeline.call(CallRequest::new("c1", "reporting", Arguments::parse("{}"))).await.unwrap();

    assert_eq!(code(&result), ErrorCode::Timeout);
    let error = result.error().unwrap();
    assert_eq!(
        error.message,
        "tool \"reporting\" timed out after 50 ms\nConsole output before the failure:\n[info] step 1\n[info] step 2"
    );
    assert_eq!(
        error.report(),
        Some("Console output before the failure:\n[info] step 1\n[info] step 2")
    );
}

#[tokio::test(start_paused = true)]
async fn r_pipe_10_declared_timeouts_hold_by_default_and_only_an_explicit_opt_out_lifts_them() {
    let mut slow = fixture("slow", Behaviour::Sleep(Duration::from_millis(300)));
    slow.definition = slow.definition.with_timeout(Duration::from_millis(100));
    let enforced = Pipeline::new(registry_with(&[&slow]));
    assert_eq!(code(&enforced.call(call("slow", "x")).await.unwrap()), ErrorCode::Timeout);

    let lifted = builder_with(&[&slow]).without_timeouts().build();
    let started = Instant::now();
    let result = lifted.call(call("slow", "x")).await.unwrap();
    assert!(!result.is_error(), "{:?}", result.error());
    assert_eq!(started.elapsed(), Duration::from_millis(300), "the body ran past its timeout");
}

#[tokio::test(start_paused = true)]
async fn r_pipe_10_a_stuck_body_is_dropped_after_the_grace_period() {
    let mut stuck = fixture("stuck", Behaviour::Stubborn(Duration::from_secs(3600)));
    stuck.definition = stuck.definition.with_timeout(Duration::from_millis(100));
    let pipeline = builder_with(&[&stuck])
        .timeouts(TimeoutPolicy::new().with_grace(Duration::from_millis(50)))
        .cancel_grace(Duration::from_millis(50))
        .build();
    let started = Instant::now();

    let result = pipeline.call(call("stuck", "x")).await.unwrap();

    assert_eq!(code(&result), ErrorCode::Timeout);
    assert_eq!(started.elapsed(), Duration::from_millis(150));
}

#[tokio::test(start_paused = true)]
async fn r_pipe_10_a_body_that_ignores_a_caller_cancel_is_abandoned_after_the_grace_period() {
    let stuck = fixture("stuck", Behaviour::Stubborn(Duration::from_secs(3600)));
    let pipeline = builder_with(&[&stuck]).cancel_grace(Duration::from_millis(30)).build();
    let request = call("stuck", "x");
    cancel_after(&request.signal, Duration::from_millis(10));
    let started = Instant::now();

    let result = pipeline.call(request).await.unwrap();

    assert_eq!(code(&result), ErrorCode::Aborted);
    assert_eq!(
        result.error().unwrap().message,
        "tool \"stuck\" was cancelled and did not stop within 30 ms; it was abandoned"
    );
    assert_eq!(started.elapsed(), Duration::from_millis(40));
}

#[tokio::test(start_paused = true)]
async fn r_pipe_10_the_default_timeout_covers_tools_that_declare_none() {
    let slow = fixture("slow", Behaviour::Sleep(Duration::from_secs(3600)));
    let echo = fixture("echo", Behaviour::Echo);
    let policy = TimeoutPolicy::new().with_default_timeout(Duration::from_millis(250));
    let pipeline = builder_with(&[&slow, &echo]).timeouts(policy).build();

    let timed_out = pipeline.call(call("slow", "x")).await.unwrap();
    assert_eq!(timed_out.error().unwrap().message, "tool \"slow\" timed out after 250 ms");
    let quick = pipeline.call(call("echo", "x")).await.unwrap();
    assert!(!quick.is_error(), "a call within its timeout is untouched");
}

#[tokio::test(start_paused = true)]
async fn r_fin_6_a_caller_cancel_under_the_timeout_policy_is_aborted_not_timeout() {
    let mut slow = fixture("slow", Behaviour::Sleep(Duration::from_secs(3600)));
    slow.definition = slow.definition.with_timeout(Duration::from_secs(60));
    let pipeline = builder_with(&[&slow]).build();
    let request = call("slow", "x");
    cancel_after(&request.signal, Duration::from_millis(5));

    let result = pipeline.call(request).await.unwrap();

    assert_eq!(code(&result), ErrorCode::Aborted);
}

/// An `execute` hook that records entering and leaving.
struct Around(&'static str, Trace);

impl ExecuteHook for Around {
    fn execute<'a>(
        &'a self,
        _: &'a Execution,
        signal: CancellationToken,
        next: ExecuteNext<'a>,
    ) -> BoxFuture<'a, DispatchResult> {
        Box::pin(async move {
            self.1.push(format!("{} in", self.0));
            let result = next.run(signal).await;
            self.1.push(format!("{} out", self.0));
            result
        })
    }
}

#[tokio::test]
async fn execute_hooks_wrap_the_body_in_registration_order() {
    let echo = fixture("echo", Behaviour::Echo);
    let trace = Trace::default();
    let pipeline = builder_with(&[&echo])
        .execute(Arc::new(Around("outer", trace.clone())))
        .execute(Arc::new(Around("inner", trace.clone())))
        .build();

    assert!(!pipeline.call(call("echo", "x")).await.unwrap().is_error());

    assert_eq!(trace.events(), ["outer in", "inner in", "inner out", "outer out"]);
}

#[tokio::test]
async fn a_panicking_execute_hook_is_internal() {
    struct Broken;
    impl ExecuteHook for Broken {
        fn execute<'a>(
            &'a self,
            _: &'a Execution,
            _: CancellationToken,
            _: ExecuteNext<'a>,
        ) -> BoxFuture<'a, DispatchResult> {
            panic!("wrapper bug")
        }
    }
    let echo = fixture("echo", Behaviour::Echo);
    let pipeline = builder_with(&[&echo]).execute(Arc::new(Broken)).build();

    let result = pipeline.call(call("echo", "x")).await.unwrap();

    assert_eq!(code(&result), ErrorCode::Internal);
    assert_eq!(result.error().unwrap().message, "an execute hook panicked: wrapper bug");
    assert_eq!(echo.finalized.get(), 1);
}

#[tokio::test(start_paused = true)]
async fn r_pipe_12_a_failing_call_does_not_cancel_its_sibling() {
    let fail = fixture("fail", Behaviour::Fail);
    let slow = fixture("slow", Behaviour::Sleep(Duration::from_millis(20)));
    let pipeline = Pipeline::new(registry_with(&[&fail, &slow]));
    let (first, second) = (call("fail", "x"), call("slow", "y"));
    let sibling_signal = second.signal.clone();

    let (failed, finished) = tokio::join!(pipeline.call(first), pipeline.call(second));

    assert_eq!(code(&failed.unwrap()), ErrorCode::ToolError);
    assert_eq!(text(&finished.unwrap()), "y");
    assert!(!sibling_signal.is_cancelled());
}
