//! Finish: `finalize_content`, observers, cancellation (R-FIN-4..6). Tests about cancellation
//! arriving after the body returned drive the stages by hand.
#![allow(clippy::unwrap_used)] // test helpers outside #[test] fns unwrap too

mod common;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use common::stages::*;
use common::*;
use ordo_tools::{
    Arguments, CallContext, CallRequest, CancellationToken, ContentBlock, ErrorCode, Execution,
    ObserverError, Pipeline, PostDecision, ToolDefinition, ToolFailure, ToolResult,
};
use serde_json::{Value, json};
// ---------------------------------------------------------------------------------------------
// R-FIN-4: finalize_content
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn r_fin_4_finalize_content_runs_once_on_a_success() {
    let echo = fixture("echo", Behaviour::Echo);
    let result = run(&Pipeline::new(registry_with(&[&echo])), call("echo", "hi")).await;
    assert!(!result.is_error());
    assert_eq!(echo.finalized.get(), 1);
    let records = echo.finalized_records.lock().unwrap().clone();
    assert_eq!(records, [result.record]);
}

#[tokio::test]
async fn r_fin_4_finalize_content_runs_once_on_a_denied_result() {
    let echo = fixture("echo", Behaviour::Echo);
    let pipeline = builder_with(&[&echo])
        .guard(ordo_tools::guard(|_| Some("outside the workspace".into())))
        .build();
    let result = run(&pipeline, call("echo", "hi")).await;
    assert_eq!(code(&result), ErrorCode::Denied);
    assert_eq!(echo.bodies.get(), 0);
    assert_eq!(echo.finalized.get(), 1);
    assert_eq!(finalized_codes(&echo), ["DENIED"]);
}

#[tokio::test]
async fn r_fin_4_finalize_content_cannot_run_for_an_unknown_tool() {
    let echo = fixture("echo", Behaviour::Echo);
    let post = Counter::default();
    let pipeline = builder_with(&[&echo]).post_execute(counting_post_hook(&post)).build();
    let result = run(&pipeline, call("missing", "hi")).await;
    assert_eq!(code(&result), ErrorCode::ToolNotFound);
    assert_eq!(name(&result), "ToolNotFoundError");
    assert_eq!(message(&result), r#"tool "missing" is not registered"#);
    assert_eq!(echo.finalized.get(), 0, "no other tool's finalize_content stands in");
    assert_eq!(echo.bodies.get(), 0);
    assert_eq!(post.get(), 1, "an unknown tool's result still goes through post_execute");
}

#[tokio::test]
async fn r_fin_4_finalize_content_runs_once_on_a_tool_error() {
    let fail = fixture("fail", Behaviour::Fail);
    let result = run(&Pipeline::new(registry_with(&[&fail])), call("fail", "x")).await;
    assert_eq!(code(&result), ErrorCode::ToolError);
    assert_eq!(fail.finalized.get(), 1);
    assert_eq!(finalized_codes(&fail), ["TOOL_ERROR"]);
}

#[tokio::test]
async fn r_fin_4_finalize_content_runs_once_on_a_panicking_body() {
    let panics = fixture("panics", Behaviour::Panic);
    let result = run(&Pipeline::new(registry_with(&[&panics])), call("panics", "x")).await;
    assert_eq!(code(&result), ErrorCode::ToolError);
    assert_eq!(message(&result), r#"tool "panics" panicked: body bug"#);
    assert_eq!(panics.finalized.get(), 1);
}

#[tokio::test]
async fn r_fin_4_finalize_content_runs_once_on_invalid_arguments() {
    let echo = fixture("echo", Behaviour::Echo);
    let request = CallRequest::new("call-1", "echo", Arguments::parse(r#"{"text": 1}"#));
    let result = run(&Pipeline::new(registry_with(&[&echo])), request).await;
    assert_eq!(code(&result), ErrorCode::InvalidArguments);
    assert_eq!(echo.bodies.get(), 0);
    assert_eq!(echo.finalized.get(), 1);
    assert_eq!(finalized_codes(&echo), ["INVALID_ARGUMENTS"]);
}

#[tokio::test]
async fn r_fin_4_finalize_content_runs_once_on_invalid_tool_output() {
    let bad = fixture("bad", Behaviour::BadOutput);
    let result = run(&Pipeline::new(registry_with(&[&bad])), call("bad", "x")).await;
    assert_eq!(code(&result), ErrorCode::InvalidToolOutput);
    assert_eq!(bad.finalized.get(), 1);
    assert_eq!(finalized_codes(&bad), ["INVALID_TOOL_OUTPUT"]);
}

#[tokio::test]
async fn r_fin_4_finalize_content_runs_once_on_a_blocked_result() {
    let echo = fixture("echo", Behaviour::Echo);
    let pipeline = builder_with(&[&echo])
        .post_execute(always(PostDecision::Block { feedback: texts(&["no"]), context: vec![] }))
        .build();
    let result = run(&pipeline, call("echo", "hi")).await;
    assert_eq!(code(&result), ErrorCode::Blocked);
    assert_eq!(echo.finalized.get(), 1);
    let records = echo.finalized_records.lock().unwrap().clone();
    assert_eq!(records.len(), 1);
    assert_eq!(records[0].error.as_ref().map(|error| error.code), Some(ErrorCode::Blocked));
    assert_eq!(records[0].content, texts(&["no"]), "it sees the feedback, not the body's content");
}

#[tokio::test]
async fn r_fin_4_finalize_content_runs_once_on_a_call_cancelled_before_prepare() {
    let echo = fixture("echo", Behaviour::Echo);
    let post = Counter::default();
    let pipeline = builder_with(&[&echo]).post_execute(counting_post_hook(&post)).build();
    let result = run(&pipeline, cancelled_call("echo")).await;
    assert_eq!(code(&result), ErrorCode::AbortedBeforeDispatch);
    assert_eq!(name(&result), "ToolAbortedError");
    assert_eq!(message(&result), r#"tool "echo" was cancelled before it ran"#);
    assert_eq!(post.get(), 0, "a call cancelled before prepare skips post_execute");
    assert_eq!(echo.bodies.get(), 0);
    assert_eq!(echo.finalized.get(), 1);
    assert_eq!(finalized_codes(&echo), ["ABORTED_BEFORE_DISPATCH"]);
}

#[tokio::test]
async fn r_fin_4_finalize_content_sees_the_final_record() {
    let echo = fixture("echo", Behaviour::Echo);
    let pipeline = builder_with(&[&echo])
        .post_execute(always(PostDecision::ReplaceContent(texts(&["replaced"]))))
        .build();
    let result = run(&pipeline, call("echo", "hi")).await;
    let records = echo.finalized_records.lock().unwrap().clone();
    assert_eq!(records.len(), 1);
    assert_eq!(records[0].content, texts(&["replaced"]), "it runs after post_execute");
    assert_eq!(records[0], result.record);
}

#[tokio::test]
async fn r_fin_4_what_finalize_content_returns_is_the_final_content() {
    let observed = Arc::new(Mutex::new(Vec::new()));
    let seen = Arc::clone(&observed);
    let definition = tool_returning("tagged", echo_output(), json!({ "echo": "body" }))
        .with_finalize_content(|_args, record| {
            let code = record.error.as_ref().map_or("OK", |error| error.code.as_str());
            let mut content = vec![ContentBlock::text(format!("[{code}]"))];
            content.extend(record.content.iter().cloned());
            content
        });
    let registry = ordo_tools::ToolRegistry::new();
    registry.register(definition).unwrap();
    let pipeline = Pipeline::builder(registry)
        .observe(move |_: &Execution, result: &ToolResult| -> Result<(), ObserverError> {
            seen.lock().unwrap().push(result.record.content.clone());
            Ok(())
        })
        .build();
    let result = run(&pipeline, call("tagged", "hi")).await;
    assert_eq!(result.record.content, texts(&["[OK]", "body"]));
    assert_eq!(*observed.lock().unwrap(), [texts(&["[OK]", "body"])], "observers see it too");
    assert_eq!(result.value.as_deref(), Some(&json!({ "echo": "body" })));
}

#[tokio::test]
async fn r_fin_4_a_panicking_finalize_content_is_contained_and_keeps_the_content() {
    let calls = Counter::default();
    let counted = calls.clone();
    let definition = tool_returning("fragile", echo_output(), json!({ "echo": "kept" }))
        .with_finalize_content(move |_args, _record| {
            counted.bump();
            panic!("finalize bug")
        });
    let registry = ordo_tools::ToolRegistry::new();
    registry.register(definition).unwrap();
    let observed = Trace::default();
    let pipeline =
        Pipeline::builder(registry).observe(recording_observer(&observed, "observer")).build();
    let result = run(&pipeline, call("fragile", "hi")).await;
    assert!(!result.is_error(), "{result:?}");
    assert_eq!(result.record.content, texts(&["kept"]));
    assert_eq!(result.record.meta, Some(json!({ "length": 4 })));
    assert_eq!(calls.get(), 1);
    assert_eq!(observed.events(), ["observer:OK"]);
}

#[tokio::test]
async fn r_fin_4_a_panicking_finalize_content_keeps_the_content_of_a_failure() {
    let definition = ToolDefinition::new(
        "fragile",
        "A failing tool with a panicking finalize_content.",
        text_parameters(),
        echo_output(),
        |_args: Arc<Value>, _cx: CallContext| async { Err::<Value, _>(ToolFailure::new("broke")) },
    )
    .with_finalize_content(|_args, _record| panic!("finalize bug"));
    let registry = ordo_tools::ToolRegistry::new();
    registry.register(definition).unwrap();
    let result = run(&Pipeline::new(registry), call("fragile", "hi")).await;
    assert_eq!(code(&result), ErrorCode::ToolError);
    assert_eq!(message(&result), "broke");
    assert_eq!(result.record.content, texts(&["broke"]));
}

// ---------------------------------------------------------------------------------------------
// R-FIN-5: result observers
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn r_fin_5_each_observer_sees_the_final_result_once() {
    let echo = fixture("echo", Behaviour::Echo);
    let seen = Arc::new(Mutex::new(Vec::new()));
    let (first, second) = (Arc::clone(&seen), Arc::clone(&seen));
    let pipeline = builder_with(&[&echo])
        .post_execute(always(PostDecision::Block { feedback: texts(&["no"]), context: vec![] }))
        .observe(move |execution: &Execution, result: &ToolResult| -> Result<(), ObserverError> {
            first.lock().unwrap().push(("first", execution.call_id().to_string(), result.clone()));
            Ok(())
        })
        .observe(move |execution: &Execution, result: &ToolResult| -> Result<(), ObserverError> {
            second.lock().unwrap().push((
                "second",
                execution.call_id().to_string(),
                result.clone(),
            ));
            Ok(())
        })
        .build();
    let result = run(&pipeline, call("echo", "hi")).await;
    assert_eq!(code(&result), ErrorCode::Blocked);
    let seen = seen.lock().unwrap().clone();
    assert_eq!(
        seen,
        [("first", "call-1".to_owned(), result.clone()), ("second", "call-1".to_owned(), result)]
    );
}

#[tokio::test]
async fn r_fin_5_observers_see_the_execution_as_it_ended() {
    let echo = fixture("echo", Behaviour::Echo);
    let seen = Trace::default();
    let recorder = seen.clone();
    let pipeline = builder_with(&[&echo])
        .observe(move |execution: &Execution, _: &ToolResult| -> Result<(), ObserverError> {
            recorder.push(format!(
                "{} {} body_invoked={} args={}",
                execution.name(),
                execution.call_id(),
                execution.body_invoked(),
                execution.arguments().raw()
            ));
            Ok(())
        })
        .build();
    run(&pipeline, call("echo", "hi")).await;
    assert_eq!(seen.events(), [r#"echo call-1 body_invoked=true args={"text":"hi"}"#]);
}

#[tokio::test]
async fn r_fin_5_a_panicking_or_failing_observer_changes_nothing() {
    let echo = fixture("echo", Behaviour::Echo);
    let plain = run(&Pipeline::new(registry_with(&[&echo])), call("echo", "hi")).await;
    let trace = Trace::default();
    let pipeline = builder_with(&[&echo])
        .observe(recording_observer(&trace, "before"))
        .observe(|_: &Execution, _: &ToolResult| -> Result<(), ObserverError> {
            panic!("observer bug")
        })
        .observe(|_: &Execution, _: &ToolResult| -> Result<(), ObserverError> {
            Err("observer failed".into())
        })
        .observe(recording_observer(&trace, "after"))
        .build();
    let result = run(&pipeline, call("echo", "hi")).await;
    assert_eq!(result, plain);
    assert_eq!(trace.events(), ["before:OK", "after:OK"], "the observers after them still ran");
    assert_eq!(echo.finalized.get(), 2, "once per call");
}

#[tokio::test]
async fn r_fin_5_a_failing_observer_does_not_change_a_failure() {
    let fail = fixture("fail", Behaviour::Fail);
    let plain = run(&Pipeline::new(registry_with(&[&fail])), call("fail", "x")).await;
    let trace = Trace::default();
    let pipeline = builder_with(&[&fail])
        .observe(|_: &Execution, _: &ToolResult| -> Result<(), ObserverError> {
            panic!("observer bug")
        })
        .observe(|_: &Execution, _: &ToolResult| -> Result<(), ObserverError> {
            Err("observer failed".into())
        })
        .observe(recording_observer(&trace, "after"))
        .build();
    let result = run(&pipeline, call("fail", "x")).await;
    assert_eq!(result, plain);
    assert_eq!(trace.events(), ["after:TOOL_ERROR"]);
}

#[tokio::test]
async fn r_fin_5_observers_run_in_registration_order() {
    let echo = fixture("echo", Behaviour::Echo);
    let trace = Trace::default();
    let pipeline = builder_with(&[&echo])
        .observe(recording_observer(&trace, "one"))
        .observe(recording_observer(&trace, "two"))
        .observe(recording_observer(&trace, "three"))
        .build();
    run(&pipeline, call("echo", "hi")).await;
    run(&pipeline, call("missing", "hi")).await;
    assert_eq!(
        trace.events(),
        [
            "one:OK",
            "two:OK",
            "three:OK",
            "one:TOOL_NOT_FOUND",
            "two:TOOL_NOT_FOUND",
            "three:TOOL_NOT_FOUND"
        ]
    );
}

// ---------------------------------------------------------------------------------------------
// R-FIN-6: cancellation replaces only successes
// ---------------------------------------------------------------------------------------------

#[tokio::test(start_paused = true)]
async fn r_fin_6_a_body_stopped_by_its_signal_is_aborted_not_tool_error() {
    let sleepy = fixture("sleepy", Behaviour::Sleep(Duration::from_secs(60)));
    let pipeline = Pipeline::new(registry_with(&[&sleepy]));
    let token = CancellationToken::new();
    let task = tokio::spawn({
        let pipeline = pipeline.clone();
        let request = call("sleepy", "hi").with_signal(token.clone());
        async move { pipeline.call(request).await }
    });
    while sleepy.bodies.get() == 0 {
        tokio::task::yield_now().await;
    }
    token.cancel();
    let result = task.await.unwrap().unwrap();
    assert_eq!(code(&result), ErrorCode::Aborted);
    assert_eq!(name(&result), "ToolAbortedError");
    assert_eq!(message(&result), r#"tool "sleepy" was cancelled while it ran"#);
    assert_eq!(result.record.content, texts(&[r#"tool "sleepy" was cancelled while it ran"#]));
    assert_eq!(sleepy.finalized.get(), 1);
}
