//! The ordered scheduler of one model step (R-SCHED-1..6), on tokio's paused clock.
#![allow(clippy::unwrap_used)] // test helpers outside #[test] fns unwrap too

mod scheduler_common;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use ordo_tools::session::{Event, SessionLog};
use ordo_tools::{
    CancellationToken, ErrorCode, ModelCall, Pipeline, Scheduler, SchedulerError, ToolRegistry,
    policy,
};
use scheduler_common::*;
use tokio::time::Instant;

/// A registry with a parallel probe `par` and an exclusive probe `excl`.
fn world() -> (ToolRegistry, Shared) {
    let shared = Shared::default();
    let registry = ToolRegistry::new();
    registry.register(probe("par", false, &shared)).unwrap();
    registry.register(probe("excl", true, &shared)).unwrap();
    (registry, shared)
}

fn calls(specs: &[(&str, u64)]) -> Vec<ModelCall> {
    specs
        .iter()
        .enumerate()
        .map(|(i, (name, ms))| ModelCall::new(format!("c{i}"), *name, probe_args(*ms, false)))
        .collect()
}

fn ids(outcome: &ordo_tools::StepOutcome) -> Vec<String> {
    outcome.results.iter().map(|result| result.call_id.clone()).collect()
}

fn codes(outcome: &ordo_tools::StepOutcome) -> Vec<Option<ErrorCode>> {
    outcome.results.iter().map(|result| result.result.code()).collect()
}

#[tokio::test(start_paused = true)]
async fn r_sched_3_parallel_bodies_overlap_while_prepares_run_one_at_a_time_in_model_order() {
    let (registry, shared) = world();
    let (log, sink) = memory_log();
    let scheduler =
        Scheduler::builder(instrumented_pipeline(registry, &shared, vec![])).log(log).build();
    let step = calls(&[("par", 100), ("par", 100), ("par", 100)]);
    let started = Instant::now();

    let outcome = scheduler.run_step(&step, &CancellationToken::new()).await.unwrap();

    assert!(
        started.elapsed() < Duration::from_millis(110),
        "bodies overlapped: {:?}",
        started.elapsed()
    );
    assert_eq!(codes(&outcome), [None, None, None]);
    let seen = shared.lock().unwrap();
    assert_eq!(seen.max_active, 3);
    assert_eq!(seen.prepared, ["c0", "c1", "c2"]);
    assert!(seen.violations.is_empty(), "{:?}", seen.violations);
    assert_eq!(result_order(&sink.events()), ["c0", "c1", "c2"]);
}

#[tokio::test(start_paused = true)]
async fn r_sched_3_the_rolling_pool_never_exceeds_its_bound() {
    let (registry, shared) = world();
    let (log, _sink) = memory_log();
    let scheduler = Scheduler::builder(instrumented_pipeline(registry, &shared, vec![]))
        .log(log)
        .max_parallel_tool_calls(4)
        .build();
    let step: Vec<ModelCall> =
        (0..10).map(|i| ModelCall::new(format!("c{i}"), "par", probe_args(10, false))).collect();

    let outcome = scheduler.run_step(&step, &CancellationToken::new()).await.unwrap();

    assert_eq!(outcome.results.len(), 10);
    assert_eq!(shared.lock().unwrap().max_active, 4);
}

#[tokio::test(start_paused = true)]
async fn r_sched_4_results_commit_in_model_order_and_post_execute_runs_at_commit() {
    let (registry, shared) = world();
    let (log, sink) = memory_log();
    let scheduler =
        Scheduler::builder(instrumented_pipeline(registry, &shared, vec![])).log(log).build();
    // The first call is the slowest: everything after it finishes first and must wait.
    let step = calls(&[("par", 50), ("par", 10), ("par", 1)]);

    let outcome = scheduler.run_step(&step, &CancellationToken::new()).await.unwrap();

    assert_eq!(ids(&outcome), ["c0", "c1", "c2"]);
    let seen = shared.lock().unwrap();
    assert_eq!(seen.post_executed, ["c0", "c1", "c2"]);
    let ends: Vec<&str> = {
        let mut bodies = seen.bodies.clone();
        bodies.sort_by_key(|(_, _, end)| end.unwrap());
        bodies.iter().map(|(id, _, _)| if id == "c0" { "c0" } else { "other" }).collect()
    };
    assert_eq!(ends.last(), Some(&"c0"), "the first call finished last");
    assert_eq!(result_order(&sink.events()), ["c0", "c1", "c2"]);
}

#[tokio::test(start_paused = true)]
async fn r_sched_2_an_exclusive_call_is_a_barrier() {
    let (registry, shared) = world();
    let (log, _sink) = memory_log();
    let scheduler =
        Scheduler::builder(instrumented_pipeline(registry, &shared, vec![])).log(log).build();
    let step = calls(&[("par", 30), ("par", 20), ("excl", 10), ("par", 5)]);

    scheduler.run_step(&step, &CancellationToken::new()).await.unwrap();

    let seen = shared.lock().unwrap();
    assert!(seen.violations.is_empty(), "{:?}", seen.violations);
    let span = |id: &str| {
        let (_, start, end) = seen.bodies.iter().find(|(body, _, _)| body == id).unwrap();
        (*start, end.unwrap())
    };
    let (excl_start, excl_end) = span("c2");
    assert!(
        excl_start >= span("c0").1 && excl_start >= span("c1").1,
        "exclusive waits for the group before it"
    );
    assert!(span("c3").0 >= excl_end, "the call after the barrier waits for it");
}

#[tokio::test(start_paused = true)]
async fn r_sched_2_calls_are_reclassified_just_before_they_start() {
    let (registry, shared) = world();
    registry.register(probe("flip", false, &shared)).unwrap();
    let (log, _sink) = memory_log();
    // Preparing c0 swaps `flip` for an exclusive version: c1 must not join c0's group.
    let swapper = registry.clone();
    let swap_shared = Arc::clone(&shared);
    let pipeline = Pipeline::builder(registry)
        .pre_execute(policy(move |execution| {
            if execution.call_id().as_ref() == "c0" {
                swapper.replace(probe("flip", true, &swap_shared)).unwrap();
            }
            None
        }))
        .build();
    let scheduler = Scheduler::builder(pipeline).log(log).build();
    let step = calls(&[("par", 30), ("flip", 10)]);

    scheduler.run_step(&step, &CancellationToken::new()).await.unwrap();

    let seen = shared.lock().unwrap();
    assert!(seen.violations.is_empty(), "{:?}", seen.violations);
    assert!(
        seen.bodies[1].1 >= seen.bodies[0].2.unwrap(),
        "the swapped-in exclusive call ran alone"
    );
}

#[tokio::test(start_paused = true)]
async fn r_sched_5_cancellation_drains_started_calls_and_pairs_the_unstarted_ones() {
    let (registry, shared) = world();
    let (log, sink) = memory_log();
    let scheduler = Scheduler::builder(instrumented_pipeline(registry, &shared, vec![]))
        .log(log)
        .max_parallel_tool_calls(2)
        .build();
    let step = calls(&[("par", 100), ("par", 100), ("par", 100), ("excl", 100), ("par", 100)]);
    let signal = CancellationToken::new();
    let canceller = signal.clone();
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(50)).await;
        canceller.cancel();
    });

    let outcome = scheduler.run_step(&step, &signal).await.unwrap();

    assert!(outcome.cancelled);
    assert_eq!(ids(&outcome), ["c0", "c1", "c2", "c3", "c4"]);
    assert_eq!(
        codes(&outcome),
        [
            Some(ErrorCode::Aborted),
            Some(ErrorCode::Aborted),
            Some(ErrorCode::AbortedBeforeDispatch),
            Some(ErrorCode::AbortedBeforeDispatch),
            Some(ErrorCode::AbortedBeforeDispatch),
        ]
    );
    let events = sink.events();
    for (id, counts) in event_counts(&events) {
        assert_eq!(counts, (1, 1), "{id} has exactly one call and one result");
    }
    assert_eq!(result_order(&events), ["c0", "c1", "c2", "c3", "c4"]);
    // c2 had started (prepared, waiting for a seat in the pool of 2): it drains like c0 and c1.
    // The exclusive c3 and the c4 after it never started: their synthetic pairs come last, in
    // model order, each call right before its result.
    let tail: Vec<(&str, &str)> = events[events.len() - 4..]
        .iter()
        .map(|event| {
            (if matches!(event, Event::Call(_)) { "call" } else { "result" }, event.call_id())
        })
        .collect();
    assert_eq!(tail, [("call", "c3"), ("result", "c3"), ("call", "c4"), ("result", "c4")]);
    assert_eq!(shared.lock().unwrap().bodies.len(), 2, "no unstarted body ever ran");
}

#[tokio::test(start_paused = true)]
async fn r_sched_6_a_broken_prepare_stops_the_step_waits_for_started_calls_and_fabricates_nothing()
{
    let (registry, shared) = world();
    let (log, sink) = memory_log();
    let scheduler = Scheduler::builder(instrumented_pipeline(registry, &shared, vec!["c1".into()]))
        .log(log)
        .build();
    let step = calls(&[("par", 40), ("par", 10), ("par", 10)]);
    let started = Instant::now();

    let error = scheduler.run_step(&step, &CancellationToken::new()).await.unwrap_err();

    assert!(matches!(error, SchedulerError::Prepare(_)), "{error}");
    assert!(started.elapsed() >= Duration::from_millis(40), "the started body was awaited");
    let seen = shared.lock().unwrap();
    assert_eq!(seen.active, 0, "no body is left running");
    assert_eq!(seen.bodies.len(), 1, "nothing started after the failure");
    let events = sink.events();
    let counts = event_counts(&events);
    assert_eq!(counts["c0"], (1, 0), "a started call keeps its orphan tool/call");
    assert_eq!(counts["c1"], (1, 0), "the broken call gets no fabricated result");
    assert!(!counts.contains_key("c2"));
}

#[tokio::test(start_paused = true)]
async fn r_sched_6_a_log_that_cannot_be_written_stops_the_step() {
    let (registry, shared) = world();
    let sink = FailingSink { inner: Default::default(), limit: 3, written: 0 };
    let memory = sink.inner.clone();
    let scheduler = Scheduler::builder(instrumented_pipeline(registry, &shared, vec![]))
        .log(SessionLog::new(sink))
        .build();
    let step = calls(&[("par", 10), ("par", 20), ("par", 30), ("par", 40)]);

    let error = scheduler.run_step(&step, &CancellationToken::new()).await.unwrap_err();

    assert_eq!(error.to_string(), "cannot write the session log for call c3: disk full");
    assert_eq!(shared.lock().unwrap().active, 0);
    assert_eq!(memory.events().len(), 3);
}

#[tokio::test(start_paused = true)]
async fn r_sched_1_raw_arguments_are_logged_as_written() {
    let (registry, shared) = world();
    let (log, sink) = memory_log();
    let scheduler =
        Scheduler::builder(instrumented_pipeline(registry, &shared, vec![])).log(log).build();
    let step =
        vec![ModelCall::new("empty", "par", ""), ModelCall::new("broken", "par", "{\"ms\": 1")];

    let outcome = scheduler.run_step(&step, &CancellationToken::new()).await.unwrap();

    assert_eq!(codes(&outcome), [None, Some(ErrorCode::InvalidArguments)]);
    let raw: Vec<String> = sink
        .events()
        .iter()
        .filter_map(|event| match event {
            Event::Call(call) => Some(call.arguments.clone()),
            Event::Result(_) => None,
        })
        .collect();
    assert_eq!(raw, ["", "{\"ms\": 1"]);
}

#[tokio::test(start_paused = true)]
async fn r_pipe_12_a_failing_call_never_cancels_its_siblings() {
    let (registry, shared) = world();
    let (log, _sink) = memory_log();
    let scheduler =
        Scheduler::builder(instrumented_pipeline(registry, &shared, vec![])).log(log).build();
    let step = vec![
        ModelCall::new("c0", "par", probe_args(1, true)),
        ModelCall::new("c1", "par", probe_args(30, false)),
    ];

    let outcome = scheduler.run_step(&step, &CancellationToken::new()).await.unwrap();

    assert_eq!(codes(&outcome), [Some(ErrorCode::ToolError), None]);
}

#[tokio::test(start_paused = true)]
async fn r_sched_4_contexts_and_concludes_turn_are_applied_in_model_order() {
    let (registry, shared) = world();
    let (log, _sink) = memory_log();
    let scheduler =
        Scheduler::builder(instrumented_pipeline(registry, &shared, vec![])).log(log).build();
    let with_text = |id: &str, ms: u64, text: &str| {
        ModelCall::new(id, "par", serde_json::json!({ "ms": ms, "text": text }).to_string())
    };
    let step = vec![
        with_text("c0", 30, "first"),
        with_text("c1", 1, "second"),
        with_text("c2", 10, "third"),
    ];

    let outcome = scheduler.run_step(&step, &CancellationToken::new()).await.unwrap();

    let texts: Vec<String> =
        outcome.contexts.iter().map(|block| block.as_text().unwrap().into_owned()).collect();
    assert_eq!(texts, ["context of first", "context of second", "context of third"]);
    assert!(!outcome.concludes_turn);
}

#[tokio::test(start_paused = true)]
async fn every_step_gets_its_own_step_number_in_the_log() {
    let (registry, shared) = world();
    let (log, sink) = memory_log();
    let scheduler = Scheduler::builder(instrumented_pipeline(registry, &shared, vec![]))
        .log(log)
        .first_step(7)
        .build();
    scheduler.run_step(&calls(&[("par", 1), ("par", 1)]), &CancellationToken::new()).await.unwrap();
    scheduler.run_step(&calls(&[("par", 1)]), &CancellationToken::new()).await.unwrap();

    let steps: Vec<Option<u64>> = sink
        .events()
        .iter()
        .filter_map(|event| match event {
            Event::Call(call) => Some(call.step),
            Event::Result(_) => None,
        })
        .collect();
    assert_eq!(steps, [Some(7), Some(7), Some(8)]);
    let seqs: Vec<u64> = sink.events().iter().map(Event::seq).collect();
    assert_eq!(seqs, (1..=6).collect::<Vec<_>>());
    let _ = Mutex::new(()); // keep the import list honest across edits
}

#[tokio::test(start_paused = true)]
async fn r_log_2_a_cancelled_step_written_to_jsonl_loads_and_exports_with_every_call_answered() {
    use ordo_tools::Provider;
    use ordo_tools::session::{Durability, JsonlSink, LoadedLog, export_transcript};

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("session.jsonl");
    let (registry, shared) = world();
    let log = SessionLog::new(JsonlSink::create(&path, Durability::Flush).unwrap());
    let scheduler = Scheduler::builder(instrumented_pipeline(registry, &shared, vec![]))
        .log(log)
        .max_parallel_tool_calls(2)
        .build();
    let signal = CancellationToken::new();
    let canceller = signal.clone();
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(15)).await;
        canceller.cancel();
    });
    scheduler
        .run_step(&calls(&[("par", 5), ("par", 50), ("excl", 5), ("par", 5)]), &signal)
        .await
        .unwrap();

    let loaded = LoadedLog::from_path(&path).unwrap();
    assert_eq!(loaded.repairs().count(), 0, "a cancelled step leaves nothing to repair");
    assert!(loaded.torn_line().is_none());
    let messages = export_transcript(&loaded, Provider::OpenAiChat);
    let tool_messages: Vec<&str> = messages
        .iter()
        .filter(|message| message["role"] == "tool")
        .map(|message| message["tool_call_id"].as_str().unwrap())
        .collect();
    assert_eq!(tool_messages, ["c0", "c1", "c2", "c3"]);
    assert_eq!(
        messages[0]["tool_calls"].as_array().unwrap().len(),
        4,
        "one assistant message for the step"
    );
}

/// A progress report as a sink is told of it: call, parent, progress, message.
type Told = (String, Option<String>, f64, Option<String>);

/// A sink that keeps the events it is given, and the progress it is told of.
#[derive(Clone, Default)]
struct ProgressSeen {
    events: Arc<Mutex<Vec<Event>>>,
    progress: Arc<Mutex<Vec<Told>>>,
}

impl ordo_tools::session::EventSink for ProgressSeen {
    fn write(&mut self, event: &Event) -> std::io::Result<()> {
        self.events.lock().unwrap().push(event.clone());
        Ok(())
    }

    fn progress(&mut self, call: &ordo_tools::session::ProgressOf<'_>) {
        self.progress.lock().unwrap().push((
            call.call_id.to_owned(),
            call.parent.map(str::to_owned),
            call.progress.progress,
            call.progress.message.clone(),
        ));
    }
}

/// `steps` reports two steps of progress; `outer` calls `steps` as a nested call.
fn progress_world() -> ToolRegistry {
    use ordo_tools::session::Progress;
    use ordo_tools::{ContentBlock, ToolDefinition, ToolOutput};
    use serde_json::{Value, json};

    let output =
        || ToolOutput::new(json!({}), |_, value| vec![ContentBlock::text(value.to_string())]);
    let registry = ToolRegistry::new();
    let steps = ToolDefinition::new(
        "steps",
        "Reports progress.",
        json!({ "type": "object" }),
        output(),
        |_: Arc<Value>, cx: ordo_tools::CallContext| async move {
            for step in 1..=2 {
                let message = Some(format!("step {step}"));
                cx.report_progress(Progress {
                    progress: f64::from(step),
                    total: Some(2.0),
                    message,
                });
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
            Ok(json!("done"))
        },
    );
    let outer = ToolDefinition::new(
        "outer",
        "Calls steps.",
        json!({ "type": "object" }),
        output(),
        |_: Arc<Value>, cx: ordo_tools::CallContext| async move {
            let nested = cx.nested().unwrap();
            let result = nested
                .call(
                    "n1".into(),
                    "steps",
                    ordo_tools::Arguments::parse("{}"),
                    cx.signal().child_token(),
                )
                .await;
            Ok(json!(result.error().is_none()))
        },
    );
    registry.register(steps).unwrap();
    registry.register(outer).unwrap();
    registry
}

/// Progress a body reports reaches the session's sink, with the call and its parent, in the
/// order reported; it is shown, never recorded: the log holds the same events as without it.
#[tokio::test(start_paused = true)]
async fn r_mcpm_5_progress_reaches_the_sink_with_its_call_and_is_not_recorded() {
    let seen = ProgressSeen::default();
    let scheduler = Scheduler::builder(Pipeline::builder(progress_world()).build())
        .log(SessionLog::new(seen.clone()))
        .build();
    let step = [ModelCall::new("c0", "steps", "{}"), ModelCall::new("c1", "outer", "{}")];

    let outcome = scheduler.run_step(&step, &CancellationToken::new()).await.unwrap();

    assert_eq!(codes(&outcome), [None, None]);
    let progress = seen.progress.lock().unwrap();
    let of = |call: &str| -> Vec<(Option<String>, f64, Option<String>)> {
        let of_call = progress.iter().filter(|(id, ..)| id == call);
        of_call
            .map(|(_, parent, value, message)| (parent.clone(), *value, message.clone()))
            .collect()
    };
    let steps = |parent: Option<&str>| {
        let parent = parent.map(str::to_owned);
        vec![
            (parent.clone(), 1.0, Some("step 1".to_owned())),
            (parent, 2.0, Some("step 2".to_owned())),
        ]
    };
    assert_eq!(of("c0"), steps(None));
    assert_eq!(of("n1"), steps(Some("c1")));
    assert_eq!(progress.len(), 4, "{progress:?}");
    let events = seen.events.lock().unwrap();
    assert_eq!(events.len(), 6, "a call and a result for c0, c1 and n1: {events:?}");
}
