//! Property tests of the scheduler's invariants (R-SCHED, R-LOG-1, R-LOG-2) over random steps:
//! parallel and exclusive tools with random durations on tokio's paused clock, random failures,
//! a tool reclassified mid-step, cancellation at a random instant, and a prepare that breaks.
#![allow(clippy::unwrap_used)] // test helpers outside #[test] fns unwrap too

mod scheduler_common;

use std::sync::Arc;
use std::time::Duration;

use ordo_tools::session::Event;
use ordo_tools::{
    CancellationToken, ErrorCode, ModelCall, Scheduler, SchedulerError, ToolRegistry, policy,
};
use proptest::prelude::*;
use scheduler_common::*;

#[derive(Clone, Copy, Debug)]
enum Kind {
    Parallel,
    Exclusive,
    /// Parallel until the step swaps it for an exclusive version, and back.
    Flip,
    /// Not registered.
    Missing,
}

#[derive(Clone, Debug)]
struct CallSpec {
    kind: Kind,
    ms: u64,
    fail: bool,
}

#[derive(Clone, Debug)]
struct StepSpec {
    calls: Vec<CallSpec>,
    pool: usize,
    cancel_at_ms: Option<u64>,
    /// Preparing this call swaps `flip` between parallel and exclusive.
    flip_at: Option<usize>,
    /// Preparing this call panics: the scheduler fails.
    break_at: Option<usize>,
}

fn call_spec() -> impl Strategy<Value = CallSpec> {
    let kind = prop_oneof![
        6 => Just(Kind::Parallel),
        2 => Just(Kind::Exclusive),
        2 => Just(Kind::Flip),
        1 => Just(Kind::Missing),
    ];
    (kind, 0u64..60, proptest::bool::weighted(0.2)).prop_map(|(kind, ms, fail)| CallSpec {
        kind,
        ms,
        fail,
    })
}

fn step_spec() -> impl Strategy<Value = StepSpec> {
    (
        proptest::collection::vec(call_spec(), 1..10),
        1usize..5,
        proptest::option::weighted(0.4, 0u64..150),
        proptest::option::of(0usize..10),
        proptest::option::weighted(0.15, 0usize..10),
    )
        .prop_map(|(calls, pool, cancel_at_ms, flip_at, break_at)| StepSpec {
            calls,
            pool,
            cancel_at_ms,
            flip_at,
            break_at,
        })
}

fn model_calls(spec: &StepSpec) -> Vec<ModelCall> {
    spec.calls
        .iter()
        .enumerate()
        .map(|(i, call)| {
            let name = match call.kind {
                Kind::Parallel => "par",
                Kind::Exclusive => "excl",
                Kind::Flip => "flip",
                Kind::Missing => "ghost",
            };
            ModelCall::new(format!("c{i}"), name, probe_args(call.ms, call.fail))
        })
        .collect()
}

/// Runs one random step and checks every invariant on it.
fn check(spec: &StepSpec) -> Result<(), TestCaseError> {
    paused_runtime().block_on(async {
        let shared = Shared::default();
        let registry = ToolRegistry::new();
        for (name, exclusive) in [("par", false), ("excl", true), ("flip", false)] {
            registry.register(probe(name, exclusive, &shared)).unwrap();
        }
        let (swapper, swap_shared) = (registry.clone(), Arc::clone(&shared));
        let flip_id = spec.flip_at.map(|i| format!("c{i}"));
        let break_id: Vec<String> = spec.break_at.map(|i| format!("c{i}")).into_iter().collect();
        let pipeline = instrumented_builder(registry, &shared, break_id)
            .pre_execute(policy(move |execution| {
                if flip_id.as_deref() == Some(execution.call_id().as_ref()) {
                    let now_exclusive = swapper.execution_mode("flip", &serde_json::json!({}))
                        == ordo_tools::ExecutionMode::Parallel;
                    swapper.replace(probe("flip", now_exclusive, &swap_shared)).unwrap();
                }
                None
            }))
            .build();
        let (log, sink) = memory_log();
        let scheduler =
            Scheduler::builder(pipeline).log(log).max_parallel_tool_calls(spec.pool).build();
        let calls = model_calls(spec);
        let signal = CancellationToken::new();
        if let Some(ms) = spec.cancel_at_ms {
            let canceller = signal.clone();
            tokio::spawn(async move {
                tokio::time::sleep(Duration::from_millis(ms)).await;
                canceller.cancel();
            });
        }

        let outcome = scheduler.run_step(&calls, &signal).await;

        let seen = shared.lock().unwrap();
        let events = sink.events();
        let ids: Vec<String> = calls.iter().map(|call| call.id.clone()).collect();
        prop_assert!(seen.violations.is_empty(), "{:?}", seen.violations);
        prop_assert!(
            seen.max_active <= spec.pool,
            "{} bodies at once, pool {}",
            seen.max_active,
            spec.pool
        );
        prop_assert_eq!(seen.active, 0, "a body outlived its step");
        let post_indices: Vec<usize> =
            seen.post_executed.iter().map(|id| index_of(&ids, id)).collect();
        prop_assert!(
            post_indices.windows(2).all(|pair| pair[0] < pair[1]),
            "post-execute order {:?}",
            post_indices
        );
        let call_order: Vec<&str> = events
            .iter()
            .filter(|event| matches!(event, Event::Call(_)))
            .map(Event::call_id)
            .collect();
        prop_assert_eq!(&call_order, &ids[..call_order.len()], "tool/call events in model order");

        match outcome {
            Ok(outcome) => {
                let result_ids: Vec<String> =
                    outcome.results.iter().map(|r| r.call_id.clone()).collect();
                prop_assert_eq!(&result_ids, &ids, "one result per announced call, in model order");
                prop_assert_eq!(
                    result_order(&events),
                    ids.clone(),
                    "the log's results in model order"
                );
                for (id, counts) in event_counts(&events) {
                    prop_assert_eq!(counts, (1, 1), "{} has exactly one call and one result", id);
                }
                for committed in &outcome.results {
                    let invoked = seen.bodies.iter().any(|(id, _, _)| *id == committed.call_id);
                    match committed.result.code() {
                        Some(ErrorCode::Aborted) => {
                            prop_assert!(invoked, "ABORTED without a body: {}", committed.call_id)
                        }
                        Some(ErrorCode::AbortedBeforeDispatch) => {
                            prop_assert!(
                                !invoked,
                                "ABORTED_BEFORE_DISPATCH after a body: {}",
                                committed.call_id
                            );
                        }
                        _ => {}
                    }
                    if spec.cancel_at_ms.is_none() {
                        prop_assert!(
                            !matches!(
                                committed.result.code(),
                                Some(ErrorCode::Aborted | ErrorCode::AbortedBeforeDispatch)
                            ),
                            "aborted without a cancellation"
                        );
                    }
                }
                prop_assert!(outcome.cancelled == signal.is_cancelled() || !outcome.cancelled);
            }
            Err(error) => {
                prop_assert!(
                    matches!(error, SchedulerError::Prepare(_)),
                    "unexpected failure: {}",
                    error
                );
                let broken = format!("c{}", spec.break_at.unwrap());
                let broken_index = index_of(&ids, &broken);
                let counts = event_counts(&events);
                prop_assert_eq!(
                    counts[&broken],
                    (1, 0),
                    "the broken call gets no fabricated result"
                );
                let results = result_order(&events);
                prop_assert_eq!(
                    &results[..],
                    &ids[..results.len()],
                    "results stay a prefix in model order"
                );
                prop_assert!(
                    results.len() <= broken_index,
                    "no result at or after the broken call"
                );
                prop_assert!(
                    seen.bodies.iter().all(|(id, _, _)| index_of(&ids, id) < broken_index),
                    "nothing started after the failure"
                );
            }
        }
        Ok(())
    })
}

fn index_of(ids: &[String], id: &str) -> usize {
    ids.iter().position(|candidate| candidate == id).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn r_sched_invariants_hold_on_random_steps(spec in step_spec()) {
        check(&spec)?;
    }
}
