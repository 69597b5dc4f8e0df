//! Prepare: cancellation, pre_execute, approval, guards (R-PIPE-1..5).
#![allow(clippy::unwrap_used)] // test helpers outside #[test] fns unwrap too

mod common;

use std::sync::{Arc, Mutex};

use common::*;
use futures::future::BoxFuture;
use ordo_tools::{
    ApprovalOutcome, ApprovalRequest, ApprovalService, ErrorCode, Execution, PreDecision,
    PreExecuteHook, PreExecuteNext, Scope, ScopeChain, guard, policy, post_rule,
};

/// An approval service that answers `outcome` and records what it was asked.
fn answering(
    outcome: ApprovalOutcome,
    asked: &Arc<Mutex<Vec<ApprovalRequest>>>,
) -> impl ApprovalService {
    let asked = Arc::clone(asked);
    move |request: ApprovalRequest| {
        asked.lock().unwrap().push(request);
        async move { outcome }
    }
}

/// A `pre_execute` hook that records its name, then calls next.
fn recording(name: &'static str, trace: &Trace) -> impl PreExecuteHook {
    let trace = trace.clone();
    policy(move |_| {
        trace.push(name);
        None
    })
}

#[tokio::test]
async fn r_pipe_1_a_call_cancelled_before_prepare_is_aborted_before_dispatch_and_skips_post_execute()
 {
    let echo = fixture("echo", Behaviour::Echo);
    let (hooks, posts) = (Counter::default(), Counter::default());
    let (hooks_seen, posts_seen) = (hooks.clone(), posts.clone());
    let pipeline = builder_with(&[&echo])
        .pre_execute(policy(move |_| {
            hooks_seen.bump();
            None
        }))
        .post_execute(post_rule(move |_, _| {
            posts_seen.bump();
            None
        }))
        .build();
    let request = call("echo", "hi");
    request.signal.cancel();

    let result = pipeline.call(request).await.unwrap();

    assert_eq!(code(&result), ErrorCode::AbortedBeforeDispatch);
    assert_eq!(result.error().unwrap().message, "tool \"echo\" was cancelled before it ran");
    assert_eq!((hooks.get(), posts.get(), echo.bodies.get()), (0, 0, 0));
    assert_eq!(echo.finalized.get(), 1, "finalize_content still runs exactly once");
}

#[tokio::test]
async fn r_pipe_2_allow_deny_and_ask_each_lead_where_they_should() {
    let echo = fixture("echo", Behaviour::Echo);
    let asked = Arc::new(Mutex::new(Vec::new()));
    let pipeline = builder_with(&[&echo])
        .pre_execute(policy(|execution| match execution.arguments().value()["text"].as_str() {
            Some("deny") => Some(PreDecision::Deny("texts that say deny are denied".into())),
            Some("ask") => Some(PreDecision::Ask("may I echo?".into())),
            _ => Some(PreDecision::Allow),
        }))
        .approval(answering(ApprovalOutcome::AllowedOnce, &asked))
        .build();

    let allowed = pipeline.call(call("echo", "fine")).await.unwrap();
    assert!(!allowed.is_error());

    let denied = pipeline.call(call("echo", "deny")).await.unwrap();
    assert_eq!(code(&denied), ErrorCode::Denied);
    assert_eq!(denied.error().unwrap().message, "texts that say deny are denied");
    assert_eq!(text(&denied), "texts that say deny are denied", "the model reads the reason");

    let approved = pipeline.call(call("echo", "ask")).await.unwrap();
    assert_eq!(text(&approved), "ask");
    let asked = asked.lock().unwrap();
    assert_eq!(asked.len(), 1, "only `ask` reaches the approval service");
    assert_eq!(asked[0].prompt, "may I echo?");
    assert_eq!(&*asked[0].tool, "echo");
    assert_eq!(asked[0].card.title, r#"echo {"text":"ask"}"#);
    assert_eq!(echo.bodies.get(), 2);
}

#[tokio::test]
async fn r_pipe_2_hooks_run_in_registration_order_and_a_short_circuit_skips_the_rest() {
    let echo = fixture("echo", Behaviour::Echo);
    let trace = Trace::default();
    let short = trace.clone();
    let pipeline = builder_with(&[&echo])
        .pre_execute(recording("first", &trace))
        .pre_execute(recording("second", &trace))
        .pre_execute(policy(move |_| {
            short.push("third allows at once");
            Some(PreDecision::Allow)
        }))
        .pre_execute(recording("never", &trace))
        .build();

    let result = pipeline.call(call("echo", "x")).await.unwrap();

    assert!(!result.is_error());
    assert_eq!(trace.events(), ["first", "second", "third allows at once"]);
}

/// A hook that asks the rest of the chain first, then overrides a downstream denial.
struct Overrule;

impl PreExecuteHook for Overrule {
    fn pre_execute<'a>(
        &'a self,
        _execution: &'a Execution,
        next: PreExecuteNext<'a>,
    ) -> BoxFuture<'a, PreDecision> {
        Box::pin(async move {
            match next.run().await {
                PreDecision::Deny(reason) => {
                    PreDecision::Ask(format!("a later policy said: {reason}"))
                }
                other => other,
            }
        })
    }
}

#[tokio::test]
async fn r_pipe_2_a_hook_sees_the_downstream_decision_when_it_calls_next() {
    let echo = fixture("echo", Behaviour::Echo);
    let asked = Arc::new(Mutex::new(Vec::new()));
    let pipeline = builder_with(&[&echo])
        .pre_execute(Overrule)
        .pre_execute(policy(|_| Some(PreDecision::Deny("too risky".into()))))
        .approval(answering(ApprovalOutcome::Rejected, &asked))
        .build();

    let result = pipeline.call(call("echo", "x")).await.unwrap();

    assert_eq!(asked.lock().unwrap()[0].prompt, "a later policy said: too risky");
    assert_eq!(code(&result), ErrorCode::ApprovalRejected);
}

#[tokio::test]
async fn r_pipe_3_each_approval_outcome_has_its_own_code_and_reason() {
    let cases = [
        (ApprovalOutcome::Rejected, ErrorCode::ApprovalRejected, "the user rejected tool \"echo\""),
        (
            ApprovalOutcome::Cancelled,
            ErrorCode::ApprovalCancelled,
            "approval for tool \"echo\" was cancelled",
        ),
        (
            ApprovalOutcome::Unavailable,
            ErrorCode::ApprovalUnavailable,
            "tool \"echo\" requires approval, but no approval channel is available",
        ),
    ];
    for (outcome, expected_code, reason) in cases {
        let echo = fixture("echo", Behaviour::Echo);
        let asked = Arc::new(Mutex::new(Vec::new()));
        let pipeline = builder_with(&[&echo])
            .pre_execute(policy(|_| Some(PreDecision::Ask("ok?".into()))))
            .approval(answering(outcome, &asked))
            .build();

        let result = pipeline.call(call("echo", "x")).await.unwrap();

        assert_eq!(code(&result), expected_code, "{outcome:?}");
        let error = result.error().unwrap();
        assert_eq!(error.message, reason);
        assert_eq!(error.name, "ToolApprovalError");
        assert_eq!(echo.bodies.get(), 0, "{outcome:?} never runs the body");
        assert_eq!(echo.finalized.get(), 1);
    }
}

#[tokio::test]
async fn r_pipe_3_the_approval_service_is_looked_up_at_the_moment_of_asking() {
    let echo = fixture("echo", Behaviour::Echo);
    let pipeline = builder_with(&[&echo])
        .pre_execute(policy(|_| Some(PreDecision::Ask("ok?".into()))))
        .build();

    let absent = pipeline.call(call("echo", "x")).await.unwrap();
    assert_eq!(code(&absent), ErrorCode::ApprovalUnavailable);

    let asked = Arc::new(Mutex::new(Vec::new()));
    pipeline.approval().set(Some(Arc::new(answering(ApprovalOutcome::AllowedOnce, &asked))));
    let installed = pipeline.call(call("echo", "x")).await.unwrap();
    assert!(!installed.is_error(), "a service installed mid-session is used");

    assert!(pipeline.approval().set(None).is_some());
    let removed = pipeline.call(call("echo", "x")).await.unwrap();
    assert_eq!(code(&removed), ErrorCode::ApprovalUnavailable, "a removed service is not asked");
    assert_eq!(asked.lock().unwrap().len(), 1);
}

/// A fixture whose every call asks a human first, as the tool declares it.
fn asking(name: &str) -> Fixture {
    let mut fixture = fixture(name, Behaviour::Echo);
    fixture.definition = fixture.definition.clone().with_approval(format!("{name} writes"));
    fixture
}

#[tokio::test]
async fn r_pipe_3_a_tool_that_declares_approval_is_asked_for_without_any_hook() {
    let (guarded, free) = (asking("guarded"), fixture("free", Behaviour::Echo));
    let asked = Arc::new(Mutex::new(Vec::new()));
    let pipeline = builder_with(&[&guarded, &free])
        .approval(answering(ApprovalOutcome::AllowedOnce, &asked))
        .build();

    for _ in 0..3 {
        assert_eq!(text(&pipeline.call(call("guarded", "x")).await.unwrap()), "x");
        assert_eq!(text(&pipeline.call(call("free", "y")).await.unwrap()), "y");
    }

    let asked = asked.lock().unwrap().clone();
    let prompts: Vec<_> = asked.iter().map(|request| request.prompt.as_str()).collect();
    assert_eq!(prompts, ["guarded writes"; 3], "each call asks once, the free tool never");
    assert!(asked.iter().all(|request| &*request.tool == "guarded"));
    assert_eq!((guarded.bodies.get(), free.bodies.get()), (3, 3));

    let unanswered = builder_with(&[&guarded]).build();
    let result = unanswered.call(call("guarded", "x")).await.unwrap();
    assert_eq!(code(&result), ErrorCode::ApprovalUnavailable, "no channel: fails closed");
    assert_eq!(guarded.bodies.get(), 3);
}

#[tokio::test]
async fn r_pipe_3_no_hook_allows_past_a_declared_approval_but_a_hook_may_deny_or_ask_itself() {
    let guarded = asking("guarded");
    let asked = Arc::new(Mutex::new(Vec::new()));
    let pipeline = builder_with(&[&guarded])
        .pre_execute(policy(|execution| match execution.arguments().value()["text"].as_str() {
            Some("deny") => Some(PreDecision::Deny("not this one".into())),
            Some("ask") => Some(PreDecision::Ask("the hook's own question".into())),
            _ => Some(PreDecision::Allow),
        }))
        .approval(answering(ApprovalOutcome::Rejected, &asked))
        .build();

    let allowed = pipeline.call(call("guarded", "allow")).await.unwrap();
    assert_eq!(code(&allowed), ErrorCode::ApprovalRejected, "a hook's allow still asks");
    let denied = pipeline.call(call("guarded", "deny")).await.unwrap();
    assert_eq!(code(&denied), ErrorCode::Denied);
    assert_eq!(denied.error().unwrap().message, "not this one");
    let asked_by_hook = pipeline.call(call("guarded", "ask")).await.unwrap();
    assert_eq!(code(&asked_by_hook), ErrorCode::ApprovalRejected);

    let prompts: Vec<_> =
        asked.lock().unwrap().iter().map(|request| request.prompt.clone()).collect();
    assert_eq!(prompts, ["guarded writes", "the hook's own question"], "one question a call");
    assert_eq!(guarded.bodies.get(), 0);
}

#[tokio::test]
async fn r_pipe_3_a_call_cancelled_while_its_declared_approval_waits_never_runs() {
    let guarded = asking("guarded");
    let pipeline = builder_with(&[&guarded])
        .approval(|request: ApprovalRequest| async move {
            request.signal.cancelled().await;
            ApprovalOutcome::Cancelled
        })
        .build();
    let request = call("guarded", "x");
    let signal = request.signal.clone();
    let pending = tokio::spawn(async move { pipeline.call(request).await.unwrap() });
    tokio::task::yield_now().await;
    signal.cancel();

    let result = pending.await.unwrap();

    assert_eq!(code(&result), ErrorCode::AbortedBeforeDispatch);
    assert_eq!(guarded.bodies.get(), 0);
}

#[tokio::test]
async fn r_pipe_4_a_guard_denies_after_a_short_circuit_allow() {
    let echo = fixture("echo", Behaviour::Echo);
    let pipeline = builder_with(&[&echo])
        .pre_execute(policy(|_| Some(PreDecision::Allow)))
        .guard(|execution: &Execution| {
            (execution.name() == "echo").then(|| "echo is off limits".to_owned())
        })
        .build();

    let result = pipeline.call(call("echo", "x")).await.unwrap();

    assert_eq!(code(&result), ErrorCode::Denied);
    assert_eq!(result.error().unwrap().message, "echo is off limits");
    assert_eq!(echo.bodies.get(), 0);
}

#[tokio::test]
async fn r_pipe_4_a_guard_denies_what_a_human_approved() {
    let echo = fixture("echo", Behaviour::Echo);
    let asked = Arc::new(Mutex::new(Vec::new()));
    let pipeline = builder_with(&[&echo])
        .pre_execute(policy(|_| Some(PreDecision::Ask("ok?".into()))))
        .approval(answering(ApprovalOutcome::AllowedOnce, &asked))
        .guard(|_: &Execution| Some("no, whatever the human said".into()))
        .build();

    let result = pipeline.call(call("echo", "x")).await.unwrap();

    assert_eq!(asked.lock().unwrap().len(), 1);
    assert_eq!(code(&result), ErrorCode::Denied);
}

#[tokio::test]
async fn r_pipe_4_global_guards_run_first_then_scopes_from_outermost_to_innermost() {
    let echo = fixture("echo", Behaviour::Echo);
    let trace = Trace::default();
    let passing = |name: &'static str| {
        let trace = trace.clone();
        guard(move |_| {
            trace.push(name);
            None
        })
    };
    let pipeline =
        builder_with(&[&echo]).guard(passing("global 1")).guard(passing("global 2")).build();
    let scopes = ScopeChain::new([Scope::new("agent", [passing("agent 1"), passing("agent 2")])])
        .within(Scope::new("run_code", [passing("run_code")]));

    let allowed = pipeline.call(call("echo", "x").with_scopes(scopes.clone())).await.unwrap();
    assert!(!allowed.is_error());
    assert_eq!(trace.events(), ["global 1", "global 2", "agent 1", "agent 2", "run_code"]);

    // The first reason wins and nothing after it runs.
    let denying = scopes
        .within(Scope::new("inner", [guard(|_| Some("inner says no".into())), passing("after")]));
    let denied = pipeline.call(call("echo", "x").with_scopes(denying)).await.unwrap();
    assert_eq!(code(&denied), ErrorCode::Denied);
    assert_eq!(denied.error().unwrap().message, "inner says no");
    assert!(!trace.events().contains(&"after".to_owned()));
}

#[tokio::test]
async fn r_pipe_4_a_panicking_guard_denies() {
    let echo = fixture("echo", Behaviour::Echo);
    let pipeline = builder_with(&[&echo]).guard(|_: &Execution| panic!("guard bug")).build();

    let result = pipeline.call(call("echo", "x")).await.unwrap();

    assert_eq!(code(&result), ErrorCode::Denied);
    assert_eq!(result.error().unwrap().message, "tool \"echo\" was denied: a guard failed");
    assert_eq!(echo.bodies.get(), 0);
}

#[tokio::test]
async fn r_pipe_5_a_denial_still_goes_through_post_execute() {
    let echo = fixture("echo", Behaviour::Echo);
    let seen = Trace::default();
    let recorder = seen.clone();
    let pipeline = builder_with(&[&echo])
        .pre_execute(policy(|_| Some(PreDecision::Deny("no".into()))))
        .post_execute(post_rule(move |_, result| {
            recorder.push(format!("{:?}", result.code()));
            None
        }))
        .build();

    pipeline.call(call("echo", "x")).await.unwrap();

    assert_eq!(seen.events(), ["Some(Denied)"]);
}

#[tokio::test]
async fn unknown_tools_are_not_found_and_go_through_post_execute() {
    let posts = Counter::default();
    let counted = posts.clone();
    let pipeline = builder_with(&[])
        .post_execute(post_rule(move |_, _| {
            counted.bump();
            None
        }))
        .build();

    let result = pipeline.call(call("ghost", "x")).await.unwrap();

    assert_eq!(code(&result), ErrorCode::ToolNotFound);
    assert_eq!(result.error().unwrap().message, "tool \"ghost\" is not registered");
    assert_eq!(posts.get(), 1);
}

#[tokio::test]
async fn cancellation_during_approval_aborts_before_dispatch_and_reaches_the_prompt() {
    let echo = fixture("echo", Behaviour::Echo);
    let prompt_saw_cancel = Counter::default();
    let saw = prompt_saw_cancel.clone();
    let service = move |request: ApprovalRequest| {
        let saw = saw.clone();
        async move {
            // A prompt nobody answers; it notices when the caller gives up.
            request.signal.cancelled().await;
            saw.bump();
            std::future::pending::<ApprovalOutcome>().await
        }
    };
    let pipeline = builder_with(&[&echo])
        .pre_execute(policy(|_| Some(PreDecision::Ask("ok?".into()))))
        .approval(service)
        .build();
    let request = call("echo", "x");
    let signal = request.signal.clone();

    let (result, ()) = tokio::join!(pipeline.call(request), async move {
        tokio::task::yield_now().await;
        signal.cancel();
    });
    let result = result.unwrap();

    assert_eq!(code(&result), ErrorCode::AbortedBeforeDispatch);
    assert_eq!(echo.bodies.get(), 0);
    assert_eq!(echo.finalized.get(), 1);
}

#[tokio::test]
async fn cancellation_during_a_pre_execute_hook_aborts_before_dispatch() {
    struct Stuck;
    impl PreExecuteHook for Stuck {
        fn pre_execute<'a>(
            &'a self,
            _: &'a Execution,
            _: PreExecuteNext<'a>,
        ) -> BoxFuture<'a, PreDecision> {
            Box::pin(std::future::pending())
        }
    }
    let echo = fixture("echo", Behaviour::Echo);
    let pipeline = builder_with(&[&echo]).pre_execute(Stuck).build();
    let request = call("echo", "x");
    let signal = request.signal.clone();

    let (result, ()) = tokio::join!(pipeline.call(request), async move {
        tokio::task::yield_now().await;
        signal.cancel();
    });

    assert_eq!(code(&result.unwrap()), ErrorCode::AbortedBeforeDispatch);
}

#[tokio::test]
async fn r_sched_6_a_panicking_pre_execute_hook_breaks_prepare() {
    let echo = fixture("echo", Behaviour::Echo);
    let pipeline = builder_with(&[&echo]).pre_execute(policy(|_| panic!("policy bug"))).build();

    let error = pipeline.call(call("echo", "x")).await.unwrap_err();

    assert_eq!(
        error.to_string(),
        "prepare of call call-1 (echo) failed: a pre_execute hook panicked: policy bug"
    );
    assert_eq!(echo.bodies.get(), 0);
    assert_eq!(echo.finalized.get(), 0, "no result is fabricated for a call whose prepare broke");
}
