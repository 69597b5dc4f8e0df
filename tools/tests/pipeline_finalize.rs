//! Finalize: the `post_execute` waterfall and its decisions (R-FIN-1, R-FIN-2).
#![allow(clippy::unwrap_used)] // test helpers outside #[test] fns unwrap too

mod common;

use std::sync::{Arc, Mutex};

use common::stages::*;
use common::*;
use ordo_tools::{
    CallContext, ContentBlock, ErrorCode, Pipeline, PostDecision, PreDecision, ToolDefinition,
    ToolFailure, ToolOutput, policy, post_rule,
};
use serde_json::{Value, json};
// ---------------------------------------------------------------------------------------------
// R-FIN-1: the post_execute waterfall
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn r_fin_1_accept_keeps_the_result() {
    let echo = fixture("echo", Behaviour::Echo);
    let plain = run(&Pipeline::new(registry_with(&[&echo])), call("echo", "hi")).await;
    let accepting = builder_with(&[&echo]).post_execute(always(PostDecision::Accept)).build();
    let accepted = run(&accepting, call("echo", "hi")).await;
    assert_eq!(accepted, plain);
    assert!(!accepted.is_error());
    assert_eq!(text(&accepted), "hi");
    assert_eq!(accepted.record.meta, Some(json!({ "length": 2 })));
    assert_eq!(accepted.value.as_deref(), Some(&json!({ "echo": "hi" })));
}

#[tokio::test]
async fn r_fin_1_accept_of_a_failure_keeps_the_failure() {
    let fail = fixture("fail", Behaviour::Fail);
    let plain = run(&Pipeline::new(registry_with(&[&fail])), call("fail", "x")).await;
    let accepting = builder_with(&[&fail]).post_execute(always(PostDecision::Accept)).build();
    let accepted = run(&accepting, call("fail", "x")).await;
    assert_eq!(accepted, plain);
    assert_eq!(code(&accepted), ErrorCode::ToolError);
    assert_eq!(message(&accepted), "no such thing: x");
}

#[tokio::test]
async fn r_fin_1_replace_content_replaces_the_content_of_a_success() {
    let echo = fixture("echo", Behaviour::Echo);
    let pipeline = builder_with(&[&echo])
        .post_execute(always(PostDecision::ReplaceContent(texts(&["[trimmed]"]))))
        .build();
    let result = run(&pipeline, call("echo", "hi")).await;
    assert!(!result.is_error(), "{result:?}");
    assert_eq!(result.record.content, texts(&["[trimmed]"]));
    // Only the content changes: the value and the meta are the body's.
    assert_eq!(result.value.as_deref(), Some(&json!({ "echo": "hi" })));
    assert_eq!(result.record.meta, Some(json!({ "length": 2 })));
    assert_eq!(result.record.error, None);
}

#[tokio::test]
async fn r_fin_1_replace_content_replaces_the_content_of_a_failure() {
    let fail = fixture("fail", Behaviour::Fail);
    let pipeline = builder_with(&[&fail])
        .post_execute(always(PostDecision::ReplaceContent(texts(&["try another path"]))))
        .build();
    let result = run(&pipeline, call("fail", "x")).await;
    assert!(result.record.is_error());
    assert_eq!(result.record.content, texts(&["try another path"]));
    // The envelope is untouched.
    assert_eq!(code(&result), ErrorCode::ToolError);
    assert_eq!(name(&result), "NotFound");
    assert_eq!(message(&result), "no such thing: x");
    assert_eq!(result.value, None);
}

#[tokio::test]
async fn r_fin_1_replace_value_re_renders_through_the_tools_render() {
    let renders = Counter::default();
    let counted = renders.clone();
    let output = ToolOutput::new(echo_schema(), move |_args, value| {
        counted.bump();
        vec![ContentBlock::text(format!("rendered: {}", value["echo"].as_str().unwrap_or("?")))]
    })
    .with_presentation_meta(|_args, value| Ok(json!({ "meta_of": value["echo"].clone() })));
    let tool = tool_returning("render", output, json!({ "echo": "original" }));
    let registry = ordo_tools::ToolRegistry::new();
    registry.register(tool).unwrap();
    let pipeline = Pipeline::builder(registry)
        .post_execute(always(PostDecision::ReplaceValue(json!({ "echo": "replaced" }))))
        .build();
    let result = run(&pipeline, call("render", "hi")).await;
    assert!(!result.is_error(), "{result:?}");
    assert_eq!(text(&result), "rendered: replaced");
    assert_eq!(result.record.meta, Some(json!({ "meta_of": "replaced" })));
    assert_eq!(result.value.as_deref(), Some(&json!({ "echo": "replaced" })));
    assert_eq!(renders.get(), 2, "rendered once for the body's value, once for the replacement");
}

#[tokio::test]
async fn r_fin_1_replace_value_that_violates_the_output_schema_is_invalid_tool_output() {
    let echo = fixture("echo", Behaviour::Echo);
    let pipeline = builder_with(&[&echo])
        .post_execute(always(PostDecision::ReplaceValue(json!({ "echo": 7 }))))
        .build();
    let result = run(&pipeline, call("echo", "hi")).await;
    assert_eq!(code(&result), ErrorCode::InvalidToolOutput);
    assert_eq!(name(&result), "ToolOutputError");
    assert_eq!(
        message(&result),
        r#"tool "echo" returned a value that violates its output schema: at /echo: 7 is not of type "string""#
    );
    assert_eq!(result.value, None);
    assert_eq!(result.record.meta, None);
    assert_eq!(echo.finalized.get(), 1);
}

#[tokio::test]
async fn r_fin_1_replace_value_whose_render_panics_is_invalid_tool_output() {
    let output = ToolOutput::new(echo_schema(), |_args, value| {
        let echo = value["echo"].as_str().unwrap_or_default();
        assert_ne!(echo, "boom", "render bug");
        vec![ContentBlock::text(echo)]
    });
    let registry = ordo_tools::ToolRegistry::new();
    registry.register(tool_returning("draw", output, json!({ "echo": "fine" }))).unwrap();
    let pipeline = Pipeline::builder(registry)
        .post_execute(always(PostDecision::ReplaceValue(json!({ "echo": "boom" }))))
        .build();
    let result = run(&pipeline, call("draw", "x")).await;
    assert_eq!(code(&result), ErrorCode::InvalidToolOutput);
    assert!(
        message(&result).starts_with(r#"tool "draw" panicked in render: "#),
        "{}",
        message(&result)
    );
    assert_eq!(result.value, None);
}

#[tokio::test]
async fn r_fin_1_replace_value_of_a_failed_result_is_internal() {
    let fail = fixture("fail", Behaviour::Fail);
    let pipeline = builder_with(&[&fail])
        .post_execute(always(PostDecision::ReplaceValue(json!({ "echo": "fine" }))))
        .build();
    let result = run(&pipeline, call("fail", "x")).await;
    assert_eq!(code(&result), ErrorCode::Internal);
    assert_eq!(name(&result), "ToolInternalError");
    assert_eq!(
        message(&result),
        r#"a post_execute hook tried to replace the value of a failed result of tool "fail""#
    );
    assert_eq!(result.value, None);
    assert_eq!(fail.finalized.get(), 1);
}

#[tokio::test]
async fn r_fin_1_block_turns_the_result_into_blocked_with_feedback() {
    let echo = fixture("echo", Behaviour::Echo);
    let feedback = texts(&["the output is too long", "ask for less"]);
    let pipeline = builder_with(&[&echo])
        .post_execute(always(PostDecision::Block { feedback: feedback.clone(), context: vec![] }))
        .build();
    let result = run(&pipeline, call("echo", "hi")).await;
    assert!(result.record.is_error());
    assert_eq!(code(&result), ErrorCode::Blocked);
    assert_eq!(name(&result), "ToolBlockedError");
    assert_eq!(message(&result), "the output is too long\nask for less");
    assert_eq!(result.record.content, feedback);
    assert_eq!(result.value, None, "a blocked result hands no value to programmatic callers");
    assert_eq!(result.record.meta, None);
}

#[tokio::test]
async fn r_fin_1_block_without_feedback_says_the_result_was_blocked() {
    let echo = fixture("echo", Behaviour::Echo);
    let pipeline = builder_with(&[&echo])
        .post_execute(always(PostDecision::Block { feedback: vec![], context: vec![] }))
        .build();
    let result = run(&pipeline, call("echo", "hi")).await;
    assert_eq!(code(&result), ErrorCode::Blocked);
    assert_eq!(message(&result), r#"the result of tool "echo" was blocked"#);
    assert_eq!(result.record.content, texts(&[r#"the result of tool "echo" was blocked"#]));
}

#[tokio::test]
async fn r_fin_1_block_of_a_failed_result_is_blocked() {
    let fail = fixture("fail", Behaviour::Fail);
    let pipeline = builder_with(&[&fail])
        .post_execute(always(PostDecision::Block {
            feedback: texts(&["do not look for that"]),
            context: vec![],
        }))
        .build();
    let result = run(&pipeline, call("fail", "x")).await;
    assert_eq!(code(&result), ErrorCode::Blocked);
    assert_eq!(name(&result), "ToolBlockedError");
    assert_eq!(message(&result), "do not look for that");
    assert_eq!(result.record.content, texts(&["do not look for that"]));
}

#[tokio::test]
async fn r_fin_1_post_execute_hooks_run_in_registration_order_and_a_decision_short_circuits() {
    let echo = fixture("echo", Behaviour::Echo);
    let trace = Trace::default();
    let pipeline = builder_with(&[&echo])
        .post_execute(traced_rule(&trace, "first", None))
        .post_execute(traced_rule(&trace, "second", None))
        .post_execute(traced_rule(
            &trace,
            "third",
            Some(PostDecision::ReplaceContent(texts(&["third decided"]))),
        ))
        .post_execute(traced_rule(
            &trace,
            "fourth",
            Some(PostDecision::Block { feedback: texts(&["never"]), context: vec![] }),
        ))
        .build();
    let result = run(&pipeline, call("echo", "hi")).await;
    assert_eq!(trace.events(), ["first", "second", "third"], "the fourth hook never ran");
    assert!(!result.is_error(), "{result:?}");
    assert_eq!(result.record.content, texts(&["third decided"]));
}

#[tokio::test]
async fn r_fin_1_a_hook_that_calls_next_sees_the_downstream_decision() {
    let echo = fixture("echo", Behaviour::Echo);
    let trace = Trace::default();
    let downstream = Arc::new(Mutex::new(Vec::new()));
    let around = AroundHook {
        trace: trace.clone(),
        downstream: Arc::clone(&downstream),
        override_with: None,
    };
    let decided = PostDecision::ReplaceContent(texts(&["from downstream"]));
    let pipeline = builder_with(&[&echo])
        .post_execute(around)
        .post_execute(traced_rule(&trace, "inner", Some(decided.clone())))
        .build();
    let result = run(&pipeline, call("echo", "hi")).await;
    assert_eq!(trace.events(), ["around:before:hi", "inner", "around:after"]);
    assert_eq!(*downstream.lock().unwrap(), [decided]);
    assert_eq!(result.record.content, texts(&["from downstream"]));
}

#[tokio::test]
async fn r_fin_1_a_hook_that_calls_next_has_the_last_word() {
    let echo = fixture("echo", Behaviour::Echo);
    let trace = Trace::default();
    let downstream = Arc::new(Mutex::new(Vec::new()));
    let around = AroundHook {
        trace: trace.clone(),
        downstream: Arc::clone(&downstream),
        override_with: Some(PostDecision::Accept),
    };
    let block = PostDecision::Block { feedback: texts(&["blocked downstream"]), context: vec![] };
    let pipeline = builder_with(&[&echo])
        .post_execute(around)
        .post_execute(traced_rule(&trace, "inner", Some(block.clone())))
        .build();
    let result = run(&pipeline, call("echo", "hi")).await;
    assert_eq!(*downstream.lock().unwrap(), [block], "it saw the block it overrode");
    assert!(!result.is_error(), "the outer hook's accept wins: {result:?}");
    assert_eq!(text(&result), "hi");
}

#[tokio::test]
async fn r_fin_1_the_end_of_the_chain_accepts() {
    let echo = fixture("echo", Behaviour::Echo);
    let downstream = Arc::new(Mutex::new(Vec::new()));
    let around = AroundHook {
        trace: Trace::default(),
        downstream: Arc::clone(&downstream),
        override_with: None,
    };
    let pipeline = builder_with(&[&echo]).post_execute(around).build();
    let result = run(&pipeline, call("echo", "hi")).await;
    assert_eq!(*downstream.lock().unwrap(), [PostDecision::Accept]);
    assert_eq!(text(&result), "hi");
}

#[tokio::test]
async fn r_fin_1_post_execute_sees_a_denied_result() {
    let echo = fixture("echo", Behaviour::Echo);
    let seen = Trace::default();
    let recorder = seen.clone();
    let pipeline = builder_with(&[&echo])
        .pre_execute(policy(|_| Some(PreDecision::Deny("not today".into()))))
        .post_execute(post_rule(move |_, result| {
            recorder.push(code_str(result));
            None
        }))
        .build();
    let result = run(&pipeline, call("echo", "hi")).await;
    assert_eq!(seen.events(), ["DENIED"]);
    assert_eq!(code(&result), ErrorCode::Denied);
    assert_eq!(message(&result), "not today");
}

#[tokio::test]
async fn r_fin_1_a_panicking_post_execute_hook_is_internal() {
    let echo = fixture("echo", Behaviour::Echo);
    let observed = Trace::default();
    let pipeline = builder_with(&[&echo])
        .post_execute(PanicsWhenPolled)
        .observe(recording_observer(&observed, "observer"))
        .build();
    let result = run(&pipeline, call("echo", "hi")).await;
    assert_eq!(code(&result), ErrorCode::Internal);
    assert_eq!(name(&result), "ToolInternalError");
    assert_eq!(message(&result), "a post_execute hook panicked: post bug");
    assert_eq!(result.value, None);
    // The call still gets its result: finalize_content and the observers ran.
    assert_eq!(echo.finalized.get(), 1);
    assert_eq!(observed.events(), ["observer:INTERNAL"]);
}

#[tokio::test]
async fn r_fin_1_a_panicking_post_rule_is_internal() {
    let echo = fixture("echo", Behaviour::Echo);
    let pipeline = builder_with(&[&echo])
        .post_execute(post_rule(|_, _| -> Option<PostDecision> { panic!("rule bug") }))
        .build();
    let result = run(&pipeline, call("echo", "hi")).await;
    assert_eq!(code(&result), ErrorCode::Internal);
    assert_eq!(message(&result), "a post_execute hook panicked: rule bug");
    assert_eq!(echo.finalized.get(), 1);
}

#[tokio::test]
async fn r_fin_1_a_panicking_post_rule_after_another_is_internal() {
    let echo = fixture("echo", Behaviour::Echo);
    let pipeline = builder_with(&[&echo])
        .post_execute(post_rule(|_, _| None))
        .post_execute(post_rule(|_, _| -> Option<PostDecision> { panic!("second rule bug") }))
        .build();
    let result = run(&pipeline, call("echo", "hi")).await;
    assert_eq!(code(&result), ErrorCode::Internal);
    assert_eq!(message(&result), "a post_execute hook panicked: second rule bug");
    assert_eq!(echo.finalized.get(), 1);
}

// ---------------------------------------------------------------------------------------------
// R-FIN-2: deferred context and concludes_turn
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn r_fin_2_deferred_context_survives_an_accepted_result() {
    let defer = fixture("defer", Behaviour::Defer);
    let plain = run(&Pipeline::new(registry_with(&[&defer])), call("defer", "hi")).await;
    assert_eq!(plain.contexts, texts(&["deferred note"]));
    assert!(plain.concludes_turn);

    let accepting = builder_with(&[&defer]).post_execute(always(PostDecision::Accept)).build();
    let accepted = run(&accepting, call("defer", "hi")).await;
    assert!(!accepted.is_error(), "{accepted:?}");
    assert_eq!(accepted.contexts, texts(&["deferred note"]));
    assert!(accepted.concludes_turn);
}

#[tokio::test]
async fn r_fin_2_deferred_context_survives_a_content_replacement() {
    let defer = fixture("defer", Behaviour::Defer);
    let pipeline = builder_with(&[&defer])
        .post_execute(always(PostDecision::ReplaceContent(texts(&["shorter"]))))
        .build();
    let result = run(&pipeline, call("defer", "hi")).await;
    assert_eq!(result.record.content, texts(&["shorter"]));
    assert_eq!(result.contexts, texts(&["deferred note"]));
    assert!(result.concludes_turn);
}

#[tokio::test]
async fn r_fin_2_deferred_context_survives_a_value_replacement() {
    let defer = fixture("defer", Behaviour::Defer);
    let pipeline = builder_with(&[&defer])
        .post_execute(always(PostDecision::ReplaceValue(json!({ "echo": "other" }))))
        .build();
    let result = run(&pipeline, call("defer", "hi")).await;
    assert!(!result.is_error(), "{result:?}");
    assert_eq!(text(&result), "other");
    assert_eq!(result.contexts, texts(&["deferred note"]));
    assert!(result.concludes_turn);
}

#[tokio::test]
async fn r_fin_2_a_block_discards_deferred_context_and_keeps_only_its_own() {
    let defer = fixture("defer", Behaviour::Defer);
    let pipeline = builder_with(&[&defer])
        .post_execute(always(PostDecision::Block {
            feedback: texts(&["refused"]),
            context: texts(&["why it was refused"]),
        }))
        .build();
    let result = run(&pipeline, call("defer", "hi")).await;
    assert_eq!(code(&result), ErrorCode::Blocked);
    assert_eq!(result.contexts, texts(&["why it was refused"]));
    assert!(!result.concludes_turn, "a blocked call does not conclude the turn");
}

#[tokio::test]
async fn r_fin_2_a_block_without_context_leaves_none() {
    let defer = fixture("defer", Behaviour::Defer);
    let pipeline = builder_with(&[&defer])
        .post_execute(always(PostDecision::Block {
            feedback: texts(&["refused"]),
            context: vec![],
        }))
        .build();
    let result = run(&pipeline, call("defer", "hi")).await;
    assert_eq!(code(&result), ErrorCode::Blocked);
    assert_eq!(result.contexts, Vec::<ContentBlock>::new());
    assert!(!result.concludes_turn);
}

#[tokio::test]
async fn r_fin_2_an_invalid_replacement_value_keeps_no_deferred_context() {
    let defer = fixture("defer", Behaviour::Defer);
    let pipeline = builder_with(&[&defer])
        .post_execute(always(PostDecision::ReplaceValue(json!({ "echo": false }))))
        .build();
    let result = run(&pipeline, call("defer", "hi")).await;
    assert_eq!(code(&result), ErrorCode::InvalidToolOutput);
    assert_eq!(result.contexts, Vec::<ContentBlock>::new());
    assert!(!result.concludes_turn);
}

#[tokio::test]
async fn r_fin_2_a_panicking_post_execute_hook_keeps_no_deferred_context() {
    let defer = fixture("defer", Behaviour::Defer);
    let pipeline = builder_with(&[&defer]).post_execute(PanicsWhenPolled).build();
    let result = run(&pipeline, call("defer", "hi")).await;
    assert_eq!(code(&result), ErrorCode::Internal);
    assert_eq!(result.contexts, Vec::<ContentBlock>::new());
    assert!(!result.concludes_turn);
}

/// A tool whose body defers context, asks to conclude the turn, and then fails.
fn defers_then_fails() -> Pipeline {
    let definition = ToolDefinition::new(
        "half",
        "Defers context, concludes the turn, then fails.",
        text_parameters(),
        echo_output(),
        |_args: Arc<Value>, cx: CallContext| async move {
            cx.defer_context("deferred before failing");
            cx.conclude_turn();
            Err::<Value, _>(ToolFailure::new("failed after deferring"))
        },
    );
    let registry = ordo_tools::ToolRegistry::new();
    registry.register(definition).expect("the tool registers");
    Pipeline::new(registry)
}

#[tokio::test]
async fn r_fin_2_concludes_turn_holds_exactly_when_deferred_context_does_on_a_failure() {
    let result = run(&defers_then_fails(), call("half", "x")).await;
    assert_eq!(code(&result), ErrorCode::ToolError);
    // Whichever rule applies to an accepted failure, the turn flag follows deferred context
    // ("Like deferred context, it holds only if the result is accepted", CallContext).
    assert_eq!(
        result.concludes_turn,
        !result.contexts.is_empty(),
        "contexts {:?}, concludes_turn {}",
        result.contexts,
        result.concludes_turn
    );
}
