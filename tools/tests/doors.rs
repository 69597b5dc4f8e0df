//! The scheduling core's doors, one behaviour at a time (R-SCHED-5, R-SCHED-7, R-SCHED-8,
//! R-CODE-4): exactly one result for a call whose future is dropped, exclusivity across doors,
//! a parent's seat lent to its calls, and what nested calls inherit from their parent.
#![allow(clippy::unwrap_used)] // test helpers outside #[test] fns unwrap too

mod scheduler_common;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures::FutureExt;
use ordo_tools::session::{Event, MemorySink};
use ordo_tools::{
    ApprovalOutcome, ApprovalRequest, ApprovalService, Arguments, CancellationToken, ErrorCode,
    ModelCall, NestedCalls, Pipeline, PreDecision, Scheduler, Scope, ToolRegistry, guard, policy,
};
use scheduler_common::{Shared, lending_parent, memory_log, probe, probe_args, result_order};
use tokio::time::Instant;

/// A session over `par`, `excl` and `parent`, recorded in memory; and the parent's door once
/// an independent `parent` call runs.
async fn session_with_parent(
    configure: impl FnOnce(ordo_tools::SchedulerBuilder) -> ordo_tools::SchedulerBuilder,
) -> (Scheduler, NestedCalls, Shared, MemorySink, CancellationToken) {
    let shared = Shared::default();
    let registry = ToolRegistry::new();
    registry.register(probe("par", false, &shared)).unwrap();
    registry.register(probe("excl", true, &shared)).unwrap();
    let lent = lending_parent(&registry);
    let (log, sink) = memory_log();
    let scheduler = configure(Scheduler::builder(Pipeline::new(registry)).log(log)).build();
    let signal = CancellationToken::new();
    let door = lent.open(&scheduler, &signal).await;
    (scheduler, door, shared, sink, signal)
}

fn results(sink: &MemorySink) -> Vec<(String, Option<ErrorCode>)> {
    sink.events()
        .into_iter()
        .filter_map(|event| match event {
            Event::Result(result) => Some((result.call_id, result.error.map(|error| error.code))),
            Event::Call(_) => None,
        })
        .collect()
}

fn nested_call(door: &NestedCalls, id: &str, tool: &str, ms: u64) -> ordo_tools::ToolResult {
    let arguments = Arguments::parse(&probe_args(ms, false));
    door.call(Arc::from(id), tool, arguments, CancellationToken::new())
        .now_or_never()
        .expect("settles without waiting")
}

#[tokio::test(start_paused = true)]
async fn r_code_4_a_nested_call_dropped_while_its_body_runs_is_recorded_aborted() {
    let (_scheduler, door, _shared, sink, _signal) = session_with_parent(|builder| builder).await;
    let arguments = Arguments::parse(&probe_args(60_000, false));
    let mut running =
        Box::pin(door.call(Arc::from("p.1"), "par", arguments, CancellationToken::new()));
    assert!((&mut running).now_or_never().is_none(), "the body is running");
    drop(running);
    assert_eq!(results(&sink), [("p.1".to_owned(), Some(ErrorCode::Aborted))]);
}

#[tokio::test(start_paused = true)]
async fn r_code_4_a_nested_call_dropped_before_its_turn_is_recorded_aborted_before_dispatch() {
    let (_scheduler, door, _shared, sink, _signal) = session_with_parent(|builder| builder).await;
    let arguments = || Arguments::parse(&probe_args(60_000, false));
    let first = door.call(Arc::from("p.1"), "par", arguments(), CancellationToken::new());
    let second = door.call(Arc::from("p.2"), "par", arguments(), CancellationToken::new());
    drop(second);
    drop(first);
    assert_eq!(
        results(&sink),
        [
            ("p.2".to_owned(), Some(ErrorCode::AbortedBeforeDispatch)),
            ("p.1".to_owned(), Some(ErrorCode::AbortedBeforeDispatch)),
        ]
    );
    let calls = sink.events().iter().filter(|event| matches!(event, Event::Call(_))).count();
    assert_eq!(calls, 3, "the parent and its two calls were recorded, each with its one result");
}

#[tokio::test(start_paused = true)]
async fn r_sched_7_an_independent_call_dropped_mid_body_gets_its_one_result() {
    let shared = Shared::default();
    let registry = ToolRegistry::new();
    registry.register(probe("par", false, &shared)).unwrap();
    let (log, sink) = memory_log();
    let scheduler = Scheduler::builder(Pipeline::new(registry)).log(log).build();
    let call = ModelCall::new("i1", "par", probe_args(60_000, false));
    let signal = CancellationToken::new();
    let running = scheduler.call(&call, &signal);
    assert!(tokio::time::timeout(Duration::from_millis(10), running).await.is_err());
    assert_eq!(results(&sink), [("i1".to_owned(), Some(ErrorCode::Aborted))]);
}

#[tokio::test(start_paused = true)]
async fn r_sched_5_a_step_dropped_mid_way_records_every_started_call_aborted_in_model_order() {
    let shared = Shared::default();
    let registry = ToolRegistry::new();
    registry.register(probe("par", false, &shared)).unwrap();
    let (log, sink) = memory_log();
    let scheduler =
        Scheduler::builder(Pipeline::new(registry)).log(log).max_parallel_tool_calls(2).build();
    let step: Vec<ModelCall> = [10, 60_000, 60_000, 60_000]
        .iter()
        .enumerate()
        .map(|(i, ms)| ModelCall::new(format!("c{i}"), "par", probe_args(*ms, false)))
        .collect();
    let signal = CancellationToken::new();
    let running = scheduler.run_step(&step, &signal);
    assert!(tokio::time::timeout(Duration::from_millis(50), running).await.is_err());
    // c0 committed; c1 and c2 were running (c2 took c0's seat); c3 was waiting for a seat.
    assert_eq!(
        results(&sink),
        [
            ("c0".to_owned(), None),
            ("c1".to_owned(), Some(ErrorCode::Aborted)),
            ("c2".to_owned(), Some(ErrorCode::Aborted)),
            ("c3".to_owned(), Some(ErrorCode::AbortedBeforeDispatch)),
        ]
    );
}

#[tokio::test(start_paused = true)]
async fn r_sched_7_an_exclusive_independent_call_runs_alone_beside_a_steps_parallel_calls() {
    let shared = Shared::default();
    let registry = ToolRegistry::new();
    registry.register(probe("par", false, &shared)).unwrap();
    registry.register(probe("excl", true, &shared)).unwrap();
    let (log, sink) = memory_log();
    let scheduler = Scheduler::builder(Pipeline::new(registry)).log(log).build();
    let step: Vec<ModelCall> =
        (0..3).map(|i| ModelCall::new(format!("c{i}"), "par", probe_args(100, false))).collect();
    let (stepping, signal) = (scheduler.clone(), CancellationToken::new());
    let step_signal = signal.clone();
    let step = tokio::spawn(async move { stepping.run_step(&step, &step_signal).await.unwrap() });
    tokio::time::sleep(Duration::from_millis(10)).await;
    let started = Instant::now();
    let exclusive = ModelCall::new("x", "excl", probe_args(50, false));
    let result = scheduler.call(&exclusive, &signal).await.unwrap();
    assert_eq!(result.code(), None);
    assert_eq!(started.elapsed(), Duration::from_millis(140), "waited for the step's bodies");
    step.await.unwrap();
    let seen = shared.lock().unwrap();
    assert!(seen.violations.is_empty(), "{:?}", seen.violations);
    assert_eq!(result_order(&sink.events()), ["c0", "c1", "c2", "x"]);
}

#[tokio::test(start_paused = true)]
async fn r_sched_7_a_parent_lends_its_seat_so_a_pool_of_one_never_deadlocks() {
    let (_scheduler, door, shared, _sink, _signal) =
        session_with_parent(|builder| builder.max_parallel_tool_calls(1)).await;
    let arguments = || Arguments::parse(&probe_args(10, false));
    let calls: Vec<_> = (0..3)
        .map(|i| {
            door.call(Arc::from(format!("p.{i}")), "par", arguments(), CancellationToken::new())
        })
        .collect();
    let started = Instant::now();
    let results = futures::future::join_all(calls).await;
    assert!(results.iter().all(|result| result.code().is_none()), "{results:?}");
    assert_eq!(started.elapsed(), Duration::from_millis(30), "one seat: one call at a time");
    assert_eq!(shared.lock().unwrap().max_active, 1);
}

#[tokio::test(start_paused = true)]
async fn r_sched_8_a_scope_of_the_session_applies_to_nested_calls() {
    let no_excl = guard(|execution| (execution.name() == "excl").then(|| "no excl".to_owned()));
    let (_scheduler, door, _shared, _sink, _signal) =
        session_with_parent(|builder| builder.scope(Scope::new("session", [no_excl]))).await;
    let denied = nested_call(&door, "p.1", "excl", 0);
    assert_eq!(denied.code(), Some(ErrorCode::Denied));
    assert_eq!(denied.error().unwrap().message, "no excl");
    assert_eq!(nested_call(&door, "p.2", "par", 0).code(), None);
}

#[tokio::test(start_paused = true)]
async fn r_sched_8_scopes_added_by_the_parent_apply_inside_the_sessions() {
    let order = Arc::new(Mutex::new(Vec::new()));
    let scope = |name: &'static str| {
        let order = Arc::clone(&order);
        Scope::new(
            name,
            [guard(move |_| {
                order.lock().unwrap().push(name);
                None
            })],
        )
    };
    let (_scheduler, door, _shared, _sink, _signal) =
        session_with_parent(|builder| builder.scope(scope("session"))).await;
    let door = door.within(&ordo_tools::ScopeChain::new([scope("code mode")]));
    order.lock().unwrap().clear(); // the parent's own call ran the session's guard
    assert_eq!(nested_call(&door, "p.1", "par", 0).code(), None);
    assert_eq!(*order.lock().unwrap(), ["session", "code mode"]);
}

#[tokio::test(start_paused = true)]
async fn r_sched_8_nested_calls_ask_the_sessions_own_approval_channel() {
    let asked = Arc::new(Mutex::new(Vec::new()));
    let seen = Arc::clone(&asked);
    let service = move |request: ApprovalRequest| {
        seen.lock().unwrap().push(request.call_id.to_string());
        async { ApprovalOutcome::Rejected }
    };
    let (scheduler, door, _shared) = parent_asking_for_par(service).await;
    let rejected = nested_call(&door, "p.1", "par", 0);
    assert_eq!(rejected.code(), Some(ErrorCode::ApprovalRejected));
    let top = scheduler.call(&ModelCall::new("t", "par", "{}"), &CancellationToken::new()).await;
    assert_eq!(top.unwrap().code(), Some(ErrorCode::ApprovalRejected));
    assert_eq!(*asked.lock().unwrap(), ["p.1", "t"]);
}

/// A session whose `parent` lends its door (call `p`, running) and a policy that asks `service`
/// before `par` runs: the scheduler, the door, and what `par`'s bodies record.
async fn parent_asking_for_par(service: impl ApprovalService) -> (Scheduler, NestedCalls, Shared) {
    let shared = Shared::default();
    let registry = ToolRegistry::new();
    registry.register(probe("par", false, &shared)).unwrap();
    let lent = lending_parent(&registry);
    let ask_for_par = policy(|execution| {
        (execution.name() == "par").then(|| PreDecision::Ask("may I?".to_owned()))
    });
    let pipeline = Pipeline::builder(registry).pre_execute(ask_for_par).build();
    let scheduler = Scheduler::builder(pipeline).approval(service).build();
    let door = lent.open(&scheduler, &CancellationToken::new()).await;
    (scheduler, door, shared)
}

/// A nested call with the caller's own deadline (a script's `tools.x(args, { timeout })`).
fn call_by(
    door: &NestedCalls,
    id: &str,
    tool: &str,
    ms: u64,
    deadline_ms: u64,
) -> impl std::future::Future<Output = ordo_tools::ToolResult> + use<> {
    let arguments = Arguments::parse(&probe_args(ms, false));
    let deadline = Some(Duration::from_millis(deadline_ms));
    door.call_with_deadline(Arc::from(id), tool, arguments, CancellationToken::new(), deadline)
}

#[tokio::test(start_paused = true)]
async fn r_code_2_a_call_past_its_own_deadline_ends_timeout_then_and_its_body_is_stopped() {
    let (_scheduler, door, shared, sink, _signal) = session_with_parent(|builder| builder).await;
    let began = Instant::now();
    let result = call_by(&door, "p.1", "par", 60_000, 300).await;
    assert_eq!(began.elapsed(), Duration::from_millis(300), "ends at its deadline, not later");
    assert_eq!(result.code(), Some(ErrorCode::Timeout));
    let message = &result.record.error.as_ref().unwrap().message;
    assert!(message.contains("within its call's own timeout of 300 ms"), "{message}");
    let bodies = shared.lock().unwrap().bodies.clone();
    assert_eq!(bodies.len(), 1);
    assert_eq!(bodies[0].2, Some(began + Duration::from_millis(300)), "told to stop at once");
    assert_eq!(results(&sink), [("p.1".to_owned(), Some(ErrorCode::Timeout))], "one result");
    // A call that ends before its deadline is not touched by it.
    let result = call_by(&door, "p.2", "par", 100, 300).await;
    assert_eq!(result.code(), None);
}

#[tokio::test(start_paused = true)]
async fn r_code_2_a_deadline_that_passes_while_the_call_waits_its_turn_ends_it_unrun() {
    let (_scheduler, door, shared, sink, _signal) = session_with_parent(|builder| builder).await;
    let first = door.call(
        Arc::from("p.1"),
        "excl",
        Arguments::parse(&probe_args(1_000, false)),
        CancellationToken::new(),
    );
    let second = call_by(&door, "p.2", "excl", 10, 300);
    let began = Instant::now();
    let (first, second) = tokio::join!(first, async {
        let result = second.await;
        (result, began.elapsed())
    });
    assert_eq!(first.code(), None, "the call holding the place is not disturbed");
    let (second, waited) = second;
    assert_eq!(second.code(), Some(ErrorCode::Timeout));
    assert_eq!(waited, Duration::from_millis(300));
    let message = &second.record.error.as_ref().unwrap().message;
    assert!(message.ends_with("(it had not started)"), "{message}");
    let ran: Vec<String> = shared.lock().unwrap().bodies.iter().map(|b| b.0.clone()).collect();
    assert_eq!(ran, ["p.1"], "the body of the call past its deadline never ran");
    assert_eq!(
        results(&sink),
        [("p.2".to_owned(), Some(ErrorCode::Timeout)), ("p.1".to_owned(), None)]
    );
}

#[tokio::test(start_paused = true)]
async fn r_code_2_a_deadline_that_passes_while_a_person_is_asked_ends_the_call_unrun() {
    let service = |_request: ApprovalRequest| async {
        tokio::time::sleep(Duration::from_millis(500)).await;
        ApprovalOutcome::AllowedOnce
    };
    let (_scheduler, door, shared) = parent_asking_for_par(service).await;
    let began = Instant::now();
    let result = call_by(&door, "p.1", "par", 10, 300).await;
    assert_eq!(result.code(), Some(ErrorCode::Timeout));
    assert_eq!(began.elapsed(), Duration::from_millis(500), "the question is not interrupted");
    assert!(shared.lock().unwrap().bodies.is_empty(), "the body never started");
}
