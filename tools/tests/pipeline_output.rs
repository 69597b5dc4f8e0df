//! Output normalization, the execution-local value and the error envelope (R-PIPE-9, R-PIPE-11,
//! R-FIN-7).
#![allow(clippy::unwrap_used)] // test helpers outside #[test] fns unwrap too

mod common;

use std::time::Duration;

use common::stages::*;
use common::*;
use futures::future::BoxFuture;
use ordo_tools::{
    Arguments, CallRequest, CancellationToken, ContentBlock, DispatchResult, ErrorCode,
    ExecuteHook, ExecuteNext, Execution, Pipeline, PipelineBuilder, PostDecision, PreDecision,
    ProjectionError, TimeoutPolicy, ToolOutput, ToolResult, policy, post_rule,
};
use serde_json::{Value, json};
// ---------------------------------------------------------------------------------------------
// R-PIPE-9, R-PIPE-11: output normalization and the execution-local value
// ---------------------------------------------------------------------------------------------

/// A tool whose output projections are the given ones, returning `{ "echo": "hi" }`.
fn projecting(name: &str, output: ToolOutput) -> Pipeline {
    let registry = ordo_tools::ToolRegistry::new();
    registry
        .register(tool_returning(name, output, json!({ "echo": "hi" })))
        .expect("the tool registers");
    Pipeline::new(registry)
}

/// Every success gets its presentation meta, a nested call's too: its card is drawn live and
/// again on replay, from the log alone (R-LOG-3).
#[tokio::test]
async fn r_pipe_9_presentation_meta_is_computed_for_top_level_and_nested_calls() {
    let echo = fixture("echo", Behaviour::Echo);
    let pipeline = Pipeline::new(registry_with(&[&echo]));
    let result = run(&pipeline, call("echo", "four")).await;
    assert_eq!(result.record.meta, Some(json!({ "length": 4 })));
    let nested = run(&pipeline, call("echo", "four").with_parent("run-code-1")).await;
    assert!(!nested.is_error(), "{nested:?}");
    assert_eq!(nested.record.meta, Some(json!({ "length": 4 })));
    assert_eq!(text(&nested), "four");
    assert_eq!(nested.value.as_deref(), Some(&json!({ "echo": "four" })));
}

/// A nested call's meta is held to the contract as a top-level one is.
#[tokio::test]
async fn r_pipe_9_a_panicking_presentation_meta_breaks_a_nested_call_too() {
    let output =
        echo_output().with_presentation_meta(|_args, _value| -> Result<Value, ProjectionError> {
            panic!("meta bug")
        });
    let result =
        run(&projecting("card", output), call("card", "x").with_parent("run-code-1")).await;
    assert_eq!(code(&result), ErrorCode::InvalidToolOutput);
    assert_eq!(message(&result), r#"tool "card" panicked in presentation_meta: meta bug"#);
    assert_eq!(result.record.meta, None);
}

#[tokio::test]
async fn r_pipe_9_a_replacement_value_of_a_nested_call_gets_its_own_presentation_meta() {
    let echo = fixture("echo", Behaviour::Echo);
    let pipeline = builder_with(&[&echo])
        .post_execute(always(PostDecision::ReplaceValue(json!({ "echo": "other" }))))
        .build();
    let result = run(&pipeline, call("echo", "hi").with_parent("run-code-1")).await;
    assert_eq!(text(&result), "other");
    assert_eq!(result.record.meta, Some(json!({ "length": 5 })));
}

#[tokio::test]
async fn r_pipe_9_an_erroring_render_is_invalid_tool_output() {
    let output = ToolOutput::try_new(echo_schema(), |_args, _value| {
        Err(ProjectionError::new("cannot draw this"))
    });
    let result = run(&projecting("draw", output), call("draw", "x")).await;
    assert_eq!(code(&result), ErrorCode::InvalidToolOutput);
    assert_eq!(name(&result), "ToolOutputError");
    assert_eq!(message(&result), r#"tool "draw" could not render its value: cannot draw this"#);
    assert_eq!(result.value, None);
}

#[tokio::test]
async fn r_pipe_9_a_panicking_render_is_invalid_tool_output() {
    let output = ToolOutput::new(echo_schema(), |_args, _value| -> Vec<ContentBlock> {
        panic!("render bug")
    });
    let result = run(&projecting("draw", output), call("draw", "x")).await;
    assert_eq!(code(&result), ErrorCode::InvalidToolOutput);
    assert_eq!(message(&result), r#"tool "draw" panicked in render: render bug"#);
    assert_eq!(result.value, None);
}

#[tokio::test]
async fn r_pipe_9_a_panicking_presentation_meta_is_invalid_tool_output() {
    let output =
        echo_output().with_presentation_meta(|_args, _value| -> Result<Value, ProjectionError> {
            panic!("meta bug")
        });
    let result = run(&projecting("card", output), call("card", "x")).await;
    assert_eq!(code(&result), ErrorCode::InvalidToolOutput);
    assert_eq!(message(&result), r#"tool "card" panicked in presentation_meta: meta bug"#);
    assert_eq!(result.record.meta, None);
}

#[tokio::test]
async fn r_pipe_9_an_erroring_presentation_meta_is_invalid_tool_output() {
    let output =
        echo_output().with_presentation_meta(|_args, _value| Err(ProjectionError::new("no card")));
    let result = run(&projecting("card", output), call("card", "x")).await;
    assert_eq!(code(&result), ErrorCode::InvalidToolOutput);
    assert_eq!(message(&result), r#"tool "card" could not presentation_meta its value: no card"#);
}

#[tokio::test]
async fn r_pipe_9_an_output_that_violates_the_schema_is_invalid_tool_output_naming_the_path() {
    let bad = fixture("bad", Behaviour::BadOutput);
    let result = run(&Pipeline::new(registry_with(&[&bad])), call("bad", "x")).await;
    assert_eq!(code(&result), ErrorCode::InvalidToolOutput);
    assert_eq!(name(&result), "ToolOutputError");
    assert_eq!(
        message(&result),
        r#"tool "bad" returned a value that violates its output schema: at /echo: 42 is not of type "string""#
    );
    assert_eq!(result.record.content, texts(&[message(&result)]));
    assert_eq!(result.value, None);
}

#[tokio::test]
async fn r_pipe_9_render_never_sees_a_value_that_violates_the_schema() {
    let renders = Counter::default();
    let counted = renders.clone();
    let output = ToolOutput::new(echo_schema(), move |_args, _value| {
        counted.bump();
        vec![]
    });
    let registry = ordo_tools::ToolRegistry::new();
    registry.register(tool_returning("bad", output, json!({ "other": 1 }))).unwrap();
    let result = run(&Pipeline::new(registry), call("bad", "x")).await;
    assert_eq!(code(&result), ErrorCode::InvalidToolOutput);
    assert_eq!(
        message(&result),
        r#"tool "bad" returned a value that violates its output schema: at the root: "echo" is a required property"#
    );
    assert_eq!(renders.get(), 0);
}

#[tokio::test]
async fn r_pipe_11_the_value_is_in_the_result_and_never_in_the_record() {
    let value = json!({ "echo": "shown", "secret": "kept-out-of-the-log" });
    let registry = ordo_tools::ToolRegistry::new();
    registry.register(tool_returning("private", echo_output(), value.clone())).unwrap();
    let result = run(&Pipeline::new(registry), call("private", "x")).await;
    assert!(!result.is_error(), "{result:?}");
    assert_eq!(result.value.as_deref(), Some(&value));

    let encoded = serde_json::to_value(&result.record).unwrap();
    let mut keys: Vec<&str> = encoded.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(keys, ["content", "error", "is_error", "meta"]);
    assert_eq!(
        encoded,
        json!({
            "is_error": false,
            "content": [{ "type": "text", "text": "shown" }],
            "meta": { "length": 5 },
            "error": null
        })
    );
    let serialized = serde_json::to_string(&result.record).unwrap();
    assert!(!serialized.contains("kept-out-of-the-log"), "{serialized}");
}

#[tokio::test]
async fn r_pipe_11_an_error_record_has_the_same_keys_and_no_value() {
    let fail = fixture("fail", Behaviour::Fail);
    let result = run(&Pipeline::new(registry_with(&[&fail])), call("fail", "x")).await;
    assert_eq!(result.value, None);
    let encoded = serde_json::to_value(&result.record).unwrap();
    let mut keys: Vec<&str> = encoded.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(keys, ["content", "error", "is_error", "meta"]);
}

// ---------------------------------------------------------------------------------------------
// R-FIN-7: the error envelope
// ---------------------------------------------------------------------------------------------

/// Checks the envelope of an error result, as a value and as serialized.
fn assert_envelope(result: &ToolResult, expected: ErrorCode, expected_name: &str) {
    assert!(result.record.is_error(), "{result:?}");
    assert!(result.is_error());
    let error = result.error().unwrap_or_else(|| panic!("no envelope on {result:?}"));
    assert_eq!(error.code, expected, "{result:?}");
    assert_eq!(error.name, expected_name, "{result:?}");
    assert!(!error.message.is_empty(), "{result:?}");
    let encoded = serde_json::to_value(&result.record).expect("a record serializes");
    assert_eq!(encoded["is_error"], true);
    let envelope = encoded["error"].as_object().expect("the envelope is an object");
    let mut keys: Vec<&str> = envelope.keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(keys, ["code", "message", "name"]);
    assert_eq!(envelope["code"], expected.as_str());
    assert_eq!(envelope["name"], expected_name);
    assert_eq!(envelope["message"], error.message.as_str());
}

#[tokio::test(start_paused = true)]
async fn r_fin_7_every_error_result_carries_name_code_and_message() {
    let echo = fixture("echo", Behaviour::Echo);
    let fail = fixture("fail", Behaviour::Fail);
    let panics = fixture("panics", Behaviour::Panic);
    let bad = fixture("bad", Behaviour::BadOutput);
    let denied = fixture("denied", Behaviour::Echo);
    let asks = fixture("asks", Behaviour::Echo);
    let blocked = fixture("blocked", Behaviour::Echo);
    let internal = fixture("internal", Behaviour::Fail);
    let slow = fixture("slow", Behaviour::Sleep(Duration::from_secs(60)));
    let all = [&echo, &fail, &panics, &bad, &denied, &asks, &blocked, &internal, &slow];
    let builder: PipelineBuilder = builder_with(&all);
    let pipeline = builder
        .pre_execute(policy(|execution| match execution.name() {
            "denied" => Some(PreDecision::Deny("not this one".into())),
            "asks" => Some(PreDecision::Ask("may I?".into())),
            _ => None,
        }))
        .timeouts(TimeoutPolicy::new().with_default_timeout(Duration::from_secs(1)))
        .post_execute(post_rule(|execution, _| match execution.name() {
            "blocked" => Some(PostDecision::Block { feedback: texts(&["no"]), context: vec![] }),
            "internal" => Some(PostDecision::ReplaceValue(json!({ "echo": "x" }))),
            _ => None,
        }))
        .build();

    let cases: Vec<(CallRequest, ErrorCode, &str)> = vec![
        (call("missing", "x"), ErrorCode::ToolNotFound, "ToolNotFoundError"),
        (
            CallRequest::new("call-1", "echo", Arguments::parse(r#"{"text": 1}"#)),
            ErrorCode::InvalidArguments,
            "ToolArgumentsError",
        ),
        (call("denied", "x"), ErrorCode::Denied, "ToolDeniedError"),
        (call("asks", "x"), ErrorCode::ApprovalUnavailable, "ToolApprovalError"),
        (call("fail", "x"), ErrorCode::ToolError, "NotFound"),
        (call("panics", "x"), ErrorCode::ToolError, "ToolError"),
        (call("slow", "x"), ErrorCode::Timeout, "ToolTimeoutError"),
        (call("bad", "x"), ErrorCode::InvalidToolOutput, "ToolOutputError"),
        (call("blocked", "x"), ErrorCode::Blocked, "ToolBlockedError"),
        (cancelled_call("echo"), ErrorCode::AbortedBeforeDispatch, "ToolAbortedError"),
        (call("internal", "x"), ErrorCode::Internal, "ToolInternalError"),
    ];
    for (request, expected, expected_name) in cases {
        let result = run(&pipeline, request).await;
        assert_envelope(&result, expected, expected_name);
    }

    // The caller gives up just as the body returns: the success becomes ABORTED.
    let echo = fixture("echo", Behaviour::Echo);
    let cancelling = builder_with(&[&echo]).without_timeouts().execute(CancelsAfterBody).build();
    let aborted = run(&cancelling, call("echo", "x")).await;
    assert_envelope(&aborted, ErrorCode::Aborted, "ToolAbortedError");
}

/// An `execute` hook that cancels the call once its body has returned.
struct CancelsAfterBody;

impl ExecuteHook for CancelsAfterBody {
    fn execute<'a>(
        &'a self,
        _execution: &'a Execution,
        signal: CancellationToken,
        next: ExecuteNext<'a>,
    ) -> BoxFuture<'a, DispatchResult> {
        Box::pin(async move {
            let result = next.run(signal.clone()).await;
            signal.cancel();
            result
        })
    }
}

#[tokio::test]
async fn r_fin_7_a_tool_failure_keeps_the_name_the_tool_gave_it() {
    let fail = fixture("fail", Behaviour::Fail);
    let result = run(&Pipeline::new(registry_with(&[&fail])), call("fail", "nowhere")).await;
    assert_envelope(&result, ErrorCode::ToolError, "NotFound");
    assert_eq!(message(&result), "no such thing: nowhere");
    assert_eq!(result.record.content, texts(&["no such thing: nowhere"]));
    assert_eq!(
        serde_json::to_value(&result.record).unwrap()["error"],
        json!({ "name": "NotFound", "code": "TOOL_ERROR", "message": "no such thing: nowhere" })
    );
}

#[tokio::test]
async fn r_fin_7_a_failure_whose_content_was_replaced_keeps_its_envelope() {
    let fail = fixture("fail", Behaviour::Fail);
    let pipeline = builder_with(&[&fail])
        .post_execute(always(PostDecision::ReplaceContent(texts(&["other words"]))))
        .build();
    let result = run(&pipeline, call("fail", "x")).await;
    assert_envelope(&result, ErrorCode::ToolError, "NotFound");
    assert_eq!(message(&result), "no such thing: x");
}

#[tokio::test]
async fn r_fin_7_a_success_carries_no_envelope() {
    let echo = fixture("echo", Behaviour::Echo);
    let result = run(&Pipeline::new(registry_with(&[&echo])), call("echo", "hi")).await;
    assert!(!result.record.is_error());
    assert_eq!(result.record.error, None);
    assert_eq!(result.code(), None);
}
