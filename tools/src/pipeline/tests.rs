//! The boundaries between a call's stages (R-PIPE-1, R-PIPE-5, R-FIN-4, R-FIN-6): what a call
//! ends as when cancellation, or a change of the registry, falls between two stages. The stages
//! are private to the crate, so these tests live in it, driving them by hand; they share the
//! fixtures of the pipeline's integration tests.
#![allow(clippy::unwrap_used)]

#[path = "../../tests/common/mod.rs"]
mod common;

use std::sync::Arc;
use std::time::Duration;

use common::stages::*;
use common::*;
use ordo_tools::{
    CallRequest, CancellationToken, ContentBlock, ErrorCode, Pipeline, PostDecision, ToolResult,
};

use super::{Prepared, Ready};

/// The proof prepare let the call through, panicking if it settled the call instead.
fn dispatchable(prepared: Prepared) -> Ready {
    match prepared {
        Prepared::Dispatch(ready) => ready,
        Prepared::Settled(staged) => panic!("expected the call to be dispatched, got {staged:?}"),
    }
}

/// Drives `request` through begin, prepare and dispatch, cancels `token`, then finalizes and
/// finishes it: a body that returned before the caller's cancellation reached finish.
async fn cancelled_after_dispatch(
    pipeline: &Pipeline,
    request: CallRequest,
    token: &CancellationToken,
) -> ToolResult {
    let execution = pipeline.begin(request.with_signal(token.clone()));
    let ready = dispatchable(pipeline.prepare(&execution).await.expect("prepare does not break"));
    let staged = pipeline.dispatch(&execution, ready).await;
    token.cancel();
    let finalized = pipeline.finalize(&execution, staged).await;
    pipeline.finish(&execution, finalized)
}

#[tokio::test]
async fn r_fin_4_a_tool_registered_after_begin_does_not_finalize_that_call() {
    let late = fixture("late", Behaviour::Echo);
    let pipeline = Pipeline::new(ordo_tools::ToolRegistry::new());
    let execution = pipeline.begin(call("late", "hi"));
    pipeline.registry().register(late.definition.clone()).unwrap();
    let staged = match pipeline.prepare(&execution).await.unwrap() {
        Prepared::Settled(staged) => *staged,
        Prepared::Dispatch(_) => panic!("a call begun before its tool existed cannot dispatch"),
    };
    let finalized = pipeline.finalize(&execution, staged).await;
    let result = pipeline.finish(&execution, finalized);
    assert_eq!(code(&result), ErrorCode::ToolNotFound);
    assert_eq!(message(&result), r#"tool "late" is not registered"#);
    assert_eq!((late.bodies.get(), late.finalized.get()), (0, 0));
}

#[tokio::test]
async fn r_fin_4_finalize_content_is_the_snapshot_taken_when_the_execution_began() {
    let old = fixture("echo", Behaviour::Echo);
    let new = fixture("echo", Behaviour::Echo);
    let pipeline = builder_with(&[&old]).build();
    let execution = pipeline.begin(call("echo", "hi"));
    let ready = dispatchable(pipeline.prepare(&execution).await.unwrap());
    let staged = pipeline.dispatch(&execution, ready).await;
    pipeline.registry().replace(new.definition.clone()).unwrap();
    let finalized = pipeline.finalize(&execution, staged).await;
    let result = pipeline.finish(&execution, finalized);
    assert!(!result.is_error(), "{result:?}");
    assert_eq!((old.bodies.get(), old.finalized.get()), (1, 1));
    assert_eq!((new.bodies.get(), new.finalized.get()), (0, 0));

    // A call begun after the replacement gets the new tool.
    run(&pipeline, call("echo", "again")).await;
    assert_eq!((old.bodies.get(), old.finalized.get()), (1, 1));
    assert_eq!((new.bodies.get(), new.finalized.get()), (1, 1));
}

#[tokio::test]
async fn r_fin_4_a_tool_replaced_right_after_begin_is_not_used_by_that_call() {
    let old = fixture("echo", Behaviour::Echo);
    let new = fixture("echo", Behaviour::Echo);
    let pipeline = builder_with(&[&old]).build();
    let execution = pipeline.begin(call("echo", "hi"));
    pipeline.registry().replace(new.definition.clone()).unwrap();
    let ready = dispatchable(pipeline.prepare(&execution).await.unwrap());
    let staged = pipeline.dispatch(&execution, ready).await;
    let finalized = pipeline.finalize(&execution, staged).await;
    let result = pipeline.finish(&execution, finalized);
    assert!(!result.is_error(), "{result:?}");
    assert_eq!((old.bodies.get(), old.finalized.get()), (1, 1));
    assert_eq!((new.bodies.get(), new.finalized.get()), (0, 0));
}

#[tokio::test]
async fn r_fin_6_a_success_cancelled_before_finalize_is_aborted_with_the_prior_content() {
    let echo = fixture("echo", Behaviour::Echo);
    let observed = Trace::default();
    let pipeline =
        builder_with(&[&echo]).observe(recording_observer(&observed, "observer")).build();
    let token = CancellationToken::new();
    let result = cancelled_after_dispatch(&pipeline, call("echo", "hi"), &token).await;
    assert!(result.record.is_error());
    assert_eq!(code(&result), ErrorCode::Aborted);
    assert_eq!(name(&result), "ToolAbortedError");
    assert_eq!(message(&result), r#"tool "echo" was cancelled while it ran"#);
    assert_eq!(
        result.record.content,
        texts(&[r#"tool "echo" was cancelled while it ran"#, "hi"]),
        "the notice first, then what the body produced"
    );
    assert_eq!(result.value, None);
    assert_eq!(result.record.meta, None);
    assert_eq!(echo.bodies.get(), 1);
    assert_eq!(finalized_codes(&echo), ["ABORTED"], "finalize_content sees the replacement");
    assert_eq!(observed.events(), ["observer:ABORTED"]);
}

#[tokio::test]
async fn r_fin_6_a_success_cancelled_between_finalize_and_finish_is_aborted() {
    let echo = fixture("echo", Behaviour::Echo);
    let pipeline = builder_with(&[&echo])
        .post_execute(always(PostDecision::ReplaceContent(texts(&["post content"]))))
        .build();
    let token = CancellationToken::new();
    let execution = pipeline.begin(call("echo", "hi").with_signal(token.clone()));
    let ready = dispatchable(pipeline.prepare(&execution).await.unwrap());
    let staged = pipeline.dispatch(&execution, ready).await;
    let finalized = pipeline.finalize(&execution, staged).await;
    token.cancel();
    let result = pipeline.finish(&execution, finalized);
    assert_eq!(code(&result), ErrorCode::Aborted);
    assert_eq!(message(&result), r#"tool "echo" was cancelled while it ran"#);
    assert_eq!(
        result.record.content,
        texts(&[r#"tool "echo" was cancelled while it ran"#, "post content"])
    );
    assert_eq!(echo.finalized.get(), 1);
}

#[tokio::test]
async fn r_fin_6_a_cancelled_success_drops_deferred_context_and_concludes_turn() {
    let defer = fixture("defer", Behaviour::Defer);
    let pipeline = Pipeline::new(registry_with(&[&defer]));
    let token = CancellationToken::new();
    let result = cancelled_after_dispatch(&pipeline, call("defer", "hi"), &token).await;
    assert_eq!(code(&result), ErrorCode::Aborted);
    assert_eq!(result.contexts, Vec::<ContentBlock>::new());
    assert!(!result.concludes_turn);
}

#[tokio::test]
async fn r_fin_6_a_tools_own_error_is_not_replaced_by_cancellation() {
    let fail = fixture("fail", Behaviour::Fail);
    let pipeline = Pipeline::new(registry_with(&[&fail]));
    let token = CancellationToken::new();
    let result = cancelled_after_dispatch(&pipeline, call("fail", "x"), &token).await;
    assert_eq!(code(&result), ErrorCode::ToolError);
    assert_eq!(name(&result), "NotFound");
    assert_eq!(message(&result), "no such thing: x");
    assert_eq!(result.record.content, texts(&["no such thing: x"]));
    assert_eq!(fail.finalized.get(), 1);
}

#[tokio::test]
async fn r_fin_6_a_block_is_not_replaced_by_cancellation() {
    let echo = fixture("echo", Behaviour::Echo);
    let pipeline = builder_with(&[&echo])
        .post_execute(always(PostDecision::Block { feedback: texts(&["no"]), context: vec![] }))
        .build();
    let token = CancellationToken::new();
    let result = cancelled_after_dispatch(&pipeline, call("echo", "hi"), &token).await;
    assert_eq!(code(&result), ErrorCode::Blocked);
    assert_eq!(message(&result), "no");
}

#[tokio::test]
async fn r_fin_6_a_success_whose_body_never_ran_is_aborted_before_dispatch() {
    let echo = fixture("echo", Behaviour::Echo);
    let pipeline = builder_with(&[&echo]).execute(Arc::new(Cached)).build();
    let token = CancellationToken::new();
    let result = cancelled_after_dispatch(&pipeline, call("echo", "hi"), &token).await;
    assert_eq!(echo.bodies.get(), 0, "the cache answered");
    assert_eq!(code(&result), ErrorCode::AbortedBeforeDispatch);
    assert_eq!(message(&result), r#"tool "echo" was cancelled before it ran"#);
    assert_eq!(
        result.record.content,
        texts(&[r#"tool "echo" was cancelled before it ran"#, "cached"])
    );
    assert_eq!(echo.finalized.get(), 1);
}

#[tokio::test]
async fn r_fin_6_a_call_cancelled_between_prepare_and_dispatch_is_aborted_before_dispatch() {
    let echo = fixture("echo", Behaviour::Echo);
    let post = Counter::default();
    let pipeline = builder_with(&[&echo]).post_execute(counting_post_hook(&post)).build();
    let token = CancellationToken::new();
    let execution = pipeline.begin(call("echo", "hi").with_signal(token.clone()));
    let ready = dispatchable(pipeline.prepare(&execution).await.unwrap());
    token.cancel();
    let staged = pipeline.dispatch(&execution, ready).await;
    let finalized = pipeline.finalize(&execution, staged).await;
    let result = pipeline.finish(&execution, finalized);
    assert_eq!(code(&result), ErrorCode::AbortedBeforeDispatch);
    assert_eq!(message(&result), r#"tool "echo" was cancelled before it ran"#);
    assert_eq!(result.record.content, texts(&[r#"tool "echo" was cancelled before it ran"#]));
    assert_eq!(echo.bodies.get(), 0);
    assert_eq!(post.get(), 0);
    assert_eq!(echo.finalized.get(), 1);
}

/// Where a cancellation arrives in the life of one call.
#[derive(Clone, Copy, Debug)]
enum CancelPoint {
    BeforePrepare,
    DuringApproval,
    BeforeDispatch,
    DuringBody,
    AfterBody,
}

/// Runs one `echo`-like call (a body that sleeps for an hour, honouring its signal, unless the
/// point is after the body) and cancels it at `point`.
async fn cancel_at(point: CancelPoint) -> (ToolResult, Fixture) {
    use ordo_tools::{ApprovalOutcome, ApprovalRequest, PreDecision, policy};
    let behaviour = match point {
        CancelPoint::AfterBody => Behaviour::Echo,
        _ => Behaviour::Sleep(Duration::from_secs(3600)),
    };
    let tool = fixture("tool", behaviour);
    let mut builder = builder_with(&[&tool]);
    if let CancelPoint::DuringApproval = point {
        let service = |request: ApprovalRequest| async move {
            request.signal.cancel(); // the caller gives up while the prompt is open
            std::future::pending::<ApprovalOutcome>().await
        };
        builder =
            builder.pre_execute(policy(|_| Some(PreDecision::Ask("ok?".into())))).approval(service);
    }
    let pipeline = builder.build();
    let request = call("tool", "x");
    let token = request.signal.clone();
    let execution = pipeline.begin(request);
    if let CancelPoint::BeforePrepare = point {
        token.cancel();
    }
    let staged = match pipeline.prepare(&execution).await.unwrap() {
        Prepared::Dispatch(ready) => {
            if let CancelPoint::BeforeDispatch = point {
                token.cancel();
            }
            if let CancelPoint::DuringBody = point {
                let canceller = token.clone();
                tokio::spawn(async move {
                    tokio::time::sleep(Duration::from_millis(5)).await;
                    canceller.cancel();
                });
            }
            pipeline.dispatch(&execution, ready).await
        }
        Prepared::Settled(staged) => *staged,
    };
    if let CancelPoint::AfterBody = point {
        token.cancel();
    }
    let result = pipeline.finish(&execution, pipeline.finalize(&execution, staged).await);
    (result, tool)
}

#[tokio::test(start_paused = true)]
async fn r_fin_4_finalize_content_runs_exactly_once_wherever_cancellation_arrives() {
    let expected = [
        (CancelPoint::BeforePrepare, ErrorCode::AbortedBeforeDispatch, 0),
        (CancelPoint::DuringApproval, ErrorCode::AbortedBeforeDispatch, 0),
        (CancelPoint::BeforeDispatch, ErrorCode::AbortedBeforeDispatch, 0),
        (CancelPoint::DuringBody, ErrorCode::Aborted, 1),
        (CancelPoint::AfterBody, ErrorCode::Aborted, 1),
    ];
    for (point, expected_code, bodies) in expected {
        let (result, tool) = cancel_at(point).await;
        assert_eq!(code(&result), expected_code, "{point:?}");
        assert_eq!(tool.bodies.get(), bodies, "{point:?}: body calls");
        assert_eq!(tool.finalized.get(), 1, "{point:?}: finalize_content runs exactly once");
        let seen = tool.finalized_records.lock().unwrap();
        assert_eq!(
            seen[0].error.as_ref().map(|e| e.code),
            Some(expected_code),
            "{point:?}: it sees the final outcome"
        );
    }
}

#[tokio::test]
async fn cancellation_between_prepare_and_dispatch_aborts_before_dispatch() {
    let echo = fixture("echo", Behaviour::Echo);
    let pipeline = Pipeline::new(registry_with(&[&echo]));
    let request = call("echo", "x");
    let signal = request.signal.clone();
    let execution = pipeline.begin(request);

    let Prepared::Dispatch(ready) = pipeline.prepare(&execution).await.unwrap() else {
        panic!("the call should be ready to dispatch");
    };
    signal.cancel();
    let staged = pipeline.dispatch(&execution, ready).await;
    assert!(!staged.needs_post_execute(), "a call cancelled before dispatch skips post-execute");
    let result = pipeline.finish(&execution, pipeline.finalize(&execution, staged).await);

    assert_eq!(code(&result), ErrorCode::AbortedBeforeDispatch);
    assert!(!execution.body_invoked());
    assert_eq!(echo.bodies.get(), 0);
    assert_eq!(echo.finalized.get(), 1);
}
