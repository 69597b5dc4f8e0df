//! Property test of the one scheduling core across its three doors on one session (R-SCHED-3,
//! R-SCHED-4, R-SCHED-5, R-SCHED-7, R-CODE-3, R-CODE-4): random mixes of model steps, parents
//! making nested calls (as `run_code` does) and independent calls, arriving at random instants
//! with random durations, exclusivity and cancellation points, on tokio's paused clock.
//!
//! Checked: at most `max_parallel` bodies at once, nested ones included (a parent lends its
//! seat to one of its calls); an exclusive body runs with no sibling (top-level: no other body
//! of the session but its own nested calls); prepares never overlap and follow model order in a
//! step and creation order under a parent; a step commits in model order; every call gets
//! exactly one result; nothing deadlocks.
#![allow(clippy::unwrap_used)] // test helpers outside #[test] fns unwrap too

mod scheduler_common;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures::future::join_all;
use ordo_tools::session::Event;
use ordo_tools::{
    Arguments, CallContext, CancellationToken, ContentBlock, ErrorCode, ModelCall, Scheduler,
    ToolDefinition, ToolFailure, ToolOutput, ToolRegistry,
};
use proptest::prelude::*;
use scheduler_common::{
    Shared as PrepareShared, event_counts, instrumented_pipeline, memory_log, paused_runtime,
};
use serde_json::{Value, json};

/// The bodies running now, by call id: parent and exclusivity.
#[derive(Default)]
struct Tracker {
    active: HashMap<String, (Option<String>, bool)>,
    violations: Vec<String>,
    max_seats: usize,
}

type Tracked = Arc<Mutex<Tracker>>;

impl Tracker {
    fn enter(&mut self, id: &str, parent: Option<&str>, exclusive: bool, pool: usize) {
        self.active.insert(id.to_owned(), (parent.map(str::to_owned), exclusive));
        // An exclusive body has no active sibling (top-level bodies are all siblings).
        for (a, (a_parent, a_exclusive)) in &self.active {
            for (b, (b_parent, _)) in &self.active {
                if a != b && *a_exclusive && a_parent == b_parent {
                    self.violations.push(format!("exclusive {a} ran beside its sibling {b}"));
                }
            }
        }
        // Seats: each body holds one, but a parent's seat is lent to one of its calls.
        let lending = self
            .active
            .keys()
            .filter(|id| self.active.values().any(|(parent, _)| parent.as_deref() == Some(id)))
            .count();
        let seats = self.active.len() - lending;
        self.max_seats = self.max_seats.max(seats);
        if seats > pool {
            self.violations.push(format!("{seats} seats taken, pool {pool}: {:?}", self.active));
        }
    }

    fn leave(&mut self, id: &str) {
        self.active.remove(id);
    }
}

/// A leaf's arguments: how long it sleeps.
fn leaf(name: &str, exclusive: bool, tracked: &Tracked, pool: usize) -> ToolDefinition {
    let tracked = Arc::clone(tracked);
    ToolDefinition::new(
        name,
        "A leaf: sleeps `ms`, honouring its signal.",
        json!({ "type": "object", "properties": { "ms": { "type": "integer" } } }),
        ToolOutput::json_text(json!({ "type": "object" })),
        move |args: Arc<Value>, cx: CallContext| {
            let tracked = Arc::clone(&tracked);
            async move {
                let id = cx.call_id().to_owned();
                tracked.lock().unwrap().enter(&id, cx.parent(), exclusive, pool);
                let stopped = sleep(&args, &cx).await;
                tracked.lock().unwrap().leave(&id);
                if stopped {
                    return Err(ToolFailure::new("stopped"));
                }
                Ok(json!({}))
            }
        },
    )
    .with_concurrency_safe(move |_| !exclusive)
}

async fn sleep(args: &Value, cx: &CallContext) -> bool {
    let ms = args["ms"].as_u64().unwrap_or(0);
    tokio::select! {
        () = tokio::time::sleep(Duration::from_millis(ms)) => false,
        () = cx.signal().cancelled() => true,
    }
}

/// A parent: makes its calls through `cx.nested()`, all at once (like `Promise.all`) or one
/// after another, as `run_code` does. Arguments: `{ ms, concurrent, children: [{ tool, ms }] }`.
fn parent(name: &str, exclusive: bool, tracked: &Tracked, pool: usize) -> ToolDefinition {
    let tracked = Arc::clone(tracked);
    ToolDefinition::new(
        name,
        "A parent: makes nested calls.",
        json!({ "type": "object" }),
        ToolOutput::new(json!({ "type": "array" }), |_, value| {
            vec![ContentBlock::text(value.to_string())]
        }),
        move |args: Arc<Value>, cx: CallContext| {
            let tracked = Arc::clone(&tracked);
            async move {
                let id = cx.call_id().to_owned();
                tracked.lock().unwrap().enter(&id, cx.parent(), exclusive, pool);
                let nested = cx.nested().expect("a scheduled call can make nested calls");
                let children = args["children"].as_array().cloned().unwrap_or_default();
                // Calls are made (recorded, ticketed) in order, synchronously, like a script's.
                let calls: Vec<_> = children
                    .iter()
                    .enumerate()
                    .map(|(i, child)| {
                        let name = child["tool"].as_str().unwrap_or("leaf_par");
                        let arguments = Arguments::from_value(json!({ "ms": child["ms"] }));
                        nested.call(
                            Arc::from(format!("{id}.{i}")),
                            name,
                            arguments,
                            cx.signal().clone(),
                        )
                    })
                    .collect();
                let codes: Vec<Value> = if args["concurrent"].as_bool() == Some(true) {
                    join_all(calls)
                        .await
                        .iter()
                        .map(|r| json!(r.code().map(|c| c.as_str())))
                        .collect()
                } else {
                    let mut codes = Vec::new();
                    for call in calls {
                        codes.push(json!(call.await.code().map(|c| c.as_str())));
                    }
                    codes
                };
                tracked.lock().unwrap().leave(&id);
                Ok(Value::Array(codes))
            }
        },
    )
    .with_concurrency_safe(move |_| !exclusive)
}

#[derive(Clone, Debug)]
enum CallSpec {
    Leaf { exclusive: bool, ms: u64 },
    Parent { exclusive: bool, concurrent: bool, children: Vec<(bool, u64)> },
}

#[derive(Clone, Debug)]
enum Door {
    Step(Vec<CallSpec>),
    Independent(CallSpec),
}

#[derive(Clone, Debug)]
struct Arrival {
    at_ms: u64,
    door: Door,
    cancel_after_ms: Option<u64>,
}

#[derive(Clone, Debug)]
struct Mix {
    pool: usize,
    arrivals: Vec<Arrival>,
}

fn call_spec() -> impl Strategy<Value = CallSpec> {
    let leaf = (proptest::bool::weighted(0.25), 0u64..40)
        .prop_map(|(exclusive, ms)| CallSpec::Leaf { exclusive, ms });
    let children = proptest::collection::vec((proptest::bool::weighted(0.25), 0u64..30), 0..5);
    let parent = (proptest::bool::weighted(0.8), any::<bool>(), children).prop_map(
        |(exclusive, concurrent, children)| CallSpec::Parent { exclusive, concurrent, children },
    );
    prop_oneof![3 => leaf, 1 => parent]
}

fn mix() -> impl Strategy<Value = Mix> {
    let door = prop_oneof![
        proptest::collection::vec(call_spec(), 1..5).prop_map(Door::Step),
        call_spec().prop_map(Door::Independent),
    ];
    let arrival = (0u64..60, door, proptest::option::weighted(0.3, 0u64..80))
        .prop_map(|(at_ms, door, cancel_after_ms)| Arrival { at_ms, door, cancel_after_ms });
    (1usize..5, proptest::collection::vec(arrival, 1..5))
        .prop_map(|(pool, arrivals)| Mix { pool, arrivals })
}

fn model_call(id: String, spec: &CallSpec) -> ModelCall {
    let (name, arguments) = match spec {
        CallSpec::Leaf { exclusive, ms } => {
            (if *exclusive { "leaf_excl" } else { "leaf_par" }, json!({ "ms": ms }))
        }
        CallSpec::Parent { exclusive, concurrent, children } => {
            let children: Vec<Value> = children
                .iter()
                .map(|(exclusive, ms)| {
                    json!({ "tool": if *exclusive { "leaf_excl" } else { "leaf_par" }, "ms": ms })
                })
                .collect();
            let name = if *exclusive { "parent_excl" } else { "parent_par" };
            (name, json!({ "concurrent": concurrent, "children": children }))
        }
    };
    ModelCall::new(id, name, arguments.to_string())
}

/// What one arrival produced: its calls' ids, and for a step the ids of its results in order.
enum Produced {
    Step { ids: Vec<String>, results: Vec<String> },
    Independent { id: String },
}

fn check(mix: &Mix) -> Result<(), TestCaseError> {
    paused_runtime().block_on(async {
        let tracked = Tracked::default();
        let registry = ToolRegistry::new();
        registry.register(leaf("leaf_par", false, &tracked, mix.pool)).unwrap();
        registry.register(leaf("leaf_excl", true, &tracked, mix.pool)).unwrap();
        registry.register(parent("parent_par", false, &tracked, mix.pool)).unwrap();
        registry.register(parent("parent_excl", true, &tracked, mix.pool)).unwrap();
        let prepares = PrepareShared::default();
        let (log, sink) = memory_log();
        let scheduler = Scheduler::builder(instrumented_pipeline(registry, &prepares, vec![]))
            .log(log)
            .max_parallel_tool_calls(mix.pool)
            .build();

        let mut tasks = Vec::new();
        for (n, arrival) in mix.arrivals.iter().cloned().enumerate() {
            let scheduler = scheduler.clone();
            tasks.push(tokio::spawn(async move {
                tokio::time::sleep(Duration::from_millis(arrival.at_ms)).await;
                let signal = CancellationToken::new();
                if let Some(ms) = arrival.cancel_after_ms {
                    let canceller = signal.clone();
                    tokio::spawn(async move {
                        tokio::time::sleep(Duration::from_millis(ms)).await;
                        canceller.cancel();
                    });
                }
                match &arrival.door {
                    Door::Step(specs) => {
                        let calls: Vec<ModelCall> = specs
                            .iter()
                            .enumerate()
                            .map(|(i, spec)| model_call(format!("s{n}c{i}"), spec))
                            .collect();
                        let outcome = scheduler.run_step(&calls, &signal).await.unwrap();
                        Produced::Step {
                            ids: calls.iter().map(|call| call.id.clone()).collect(),
                            results: outcome.results.iter().map(|r| r.call_id.clone()).collect(),
                        }
                    }
                    Door::Independent(spec) => {
                        let call = model_call(format!("i{n}"), spec);
                        let result = scheduler.call(&call, &signal).await.unwrap();
                        {
                            assert!(result.code() != Some(ErrorCode::Internal));
                            Produced::Independent { id: call.id }
                        }
                    }
                }
            }));
        }
        // A deadlock would leave the clock to run on to this bound.
        let produced = tokio::time::timeout(Duration::from_secs(3600), join_all(tasks)).await;
        prop_assert!(produced.is_ok(), "the session deadlocked: {:?}", mix);
        let produced: Vec<Produced> =
            produced.unwrap().into_iter().map(|joined| joined.unwrap()).collect();

        let tracker = tracked.lock().unwrap();
        prop_assert!(tracker.violations.is_empty(), "{:?}", tracker.violations);
        prop_assert!(tracker.active.is_empty(), "a body outlived its call: {:?}", tracker.active);
        prop_assert!(tracker.max_seats <= mix.pool);
        let prepared = prepares.lock().unwrap();
        prop_assert!(prepared.violations.is_empty(), "{:?}", prepared.violations);

        let events = sink.events();
        let counts = event_counts(&events);
        for (id, counts) in &counts {
            prop_assert_eq!(*counts, (1, 1), "{} has exactly one call and one result", id);
        }
        for produced in &produced {
            match produced {
                Produced::Step { ids, results } => {
                    prop_assert_eq!(results, ids, "one result per call, in model order");
                    let logged: Vec<&str> = events
                        .iter()
                        .filter(|event| matches!(event, Event::Result(_)))
                        .map(Event::call_id)
                        .filter(|id| ids.iter().any(|step_id| step_id == id))
                        .collect();
                    prop_assert_eq!(&logged, ids, "the step's results commit in model order");
                    let order: Vec<&String> =
                        prepared.prepared.iter().filter(|id| ids.contains(id)).collect();
                    let mut sorted = order.clone();
                    sorted.sort_by_key(|id| ids.iter().position(|step_id| step_id == *id));
                    prop_assert_eq!(order, sorted, "a step prepares in model order");
                }
                Produced::Independent { id } => {
                    prop_assert_eq!(counts.get(id), Some(&(1, 1)), "{} was answered", id);
                }
            }
        }
        // Under each parent, prepares follow the order its calls were made.
        let mut by_parent: HashMap<&str, Vec<usize>> = HashMap::new();
        for id in &prepared.prepared {
            if let Some((parent, index)) = id.rsplit_once('.') {
                by_parent.entry(parent).or_default().push(index.parse().unwrap());
            }
        }
        for (parent, indices) in by_parent {
            prop_assert!(
                indices.windows(2).all(|pair| pair[0] < pair[1]),
                "{} prepared its calls in the order {:?}",
                parent,
                indices
            );
        }
        Ok(())
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn r_sched_7_invariants_hold_across_doors_on_one_session(mix in mix()) {
        check(&mix)?;
    }
}
