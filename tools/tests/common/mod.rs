//! Deterministic tools and counters shared by the pipeline tests.
#![allow(dead_code, unreachable_pub, clippy::unwrap_used)]

pub mod stages;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use ordo_tools::{
    Arguments, CallContext, CallRequest, ContentBlock, ErrorCode, Pipeline, PipelineBuilder,
    ResultRecord, ToolDefinition, ToolFailure, ToolOutput, ToolRegistry, ToolResult,
};
use serde_json::{Value, json};

/// A counter shared between a test and the closures it hands the pipeline.
#[derive(Clone, Default)]
pub struct Counter(Arc<AtomicUsize>);

impl Counter {
    pub fn bump(&self) {
        self.0.fetch_add(1, Ordering::SeqCst);
    }

    pub fn get(&self) -> usize {
        self.0.load(Ordering::SeqCst)
    }
}

/// An ordered record of events, for asserting the order hooks and guards ran in.
#[derive(Clone, Default)]
pub struct Trace(Arc<Mutex<Vec<String>>>);

impl Trace {
    pub fn push(&self, event: impl Into<String>) {
        self.0.lock().unwrap().push(event.into());
    }

    pub fn events(&self) -> Vec<String> {
        self.0.lock().unwrap().clone()
    }
}

/// `{ "text": string }`: the parameters of every fixture tool.
pub fn text_parameters() -> Value {
    json!({
        "type": "object",
        "properties": { "text": { "type": "string" } },
        "required": ["text"],
        "additionalProperties": false
    })
}

/// The output every fixture tool declares: `{ "echo": string }`, rendered as the text, with a
/// presentation meta of `{ "length": n }`.
pub fn echo_output() -> ToolOutput {
    ToolOutput::new(
        json!({
            "type": "object",
            "properties": { "echo": { "type": "string" } },
            "required": ["echo"]
        }),
        |_args, value| vec![ContentBlock::text(value["echo"].as_str().unwrap_or_default())],
    )
    .with_presentation_meta(|_args, value| {
        Ok(json!({ "length": value["echo"].as_str().map_or(0, str::len) }))
    })
}

/// What a fixture body does.
#[derive(Clone, Copy, Debug)]
pub enum Behaviour {
    /// Returns `{ "echo": text }` at once.
    Echo,
    /// Sleeps this long (tokio time), honouring its signal: returns an error when it fires.
    Sleep(Duration),
    /// Sleeps this long ignoring its signal, then echoes.
    Stubborn(Duration),
    /// Fails with a `NotFound` tool failure.
    Fail,
    /// Panics.
    Panic,
    /// Returns a value that violates the output schema.
    BadOutput,
    /// Defers context and asks to conclude the turn, then echoes.
    Defer,
}

/// A fixture tool: its definition and counters of body calls and `finalize_content` calls.
pub struct Fixture {
    pub definition: ToolDefinition,
    pub bodies: Counter,
    pub finalized: Counter,
    /// The records `finalize_content` saw, in order.
    pub finalized_records: Arc<Mutex<Vec<ResultRecord>>>,
}

pub fn fixture(name: &str, behaviour: Behaviour) -> Fixture {
    let bodies = Counter::default();
    let finalized = Counter::default();
    let finalized_records = Arc::new(Mutex::new(Vec::new()));
    let body_counter = bodies.clone();
    let body = move |args: Arc<Value>, cx: CallContext| {
        body_counter.bump();
        run_behaviour(behaviour, args, cx)
    };
    let (counter, records) = (finalized.clone(), Arc::clone(&finalized_records));
    let definition = ToolDefinition::new(
        name,
        format!("The {name} fixture."),
        text_parameters(),
        echo_output(),
        body,
    )
    .with_concurrency_safe(|_| true)
    .with_finalize_content(move |_args, record| {
        counter.bump();
        records.lock().unwrap().push(record.clone());
        record.content.clone()
    });
    Fixture { definition, bodies, finalized, finalized_records }
}

async fn run_behaviour(
    behaviour: Behaviour,
    args: Arc<Value>,
    cx: CallContext,
) -> Result<Value, ToolFailure> {
    let text = args["text"].as_str().unwrap_or_default().to_owned();
    match behaviour {
        Behaviour::Echo => {}
        Behaviour::Sleep(duration) => {
            tokio::select! {
                () = tokio::time::sleep(duration) => {}
                () = cx.signal().cancelled() => return Err(ToolFailure::new("stopped: signal fired")),
            }
        }
        Behaviour::Stubborn(duration) => tokio::time::sleep(duration).await,
        Behaviour::Fail => {
            return Err(ToolFailure::new(format!("no such thing: {text}")).named("NotFound"));
        }
        Behaviour::Panic => panic!("body bug"),
        Behaviour::BadOutput => return Ok(json!({ "echo": 42 })),
        Behaviour::Defer => {
            cx.defer_context("deferred note");
            cx.conclude_turn();
        }
    }
    Ok(json!({ "echo": text }))
}

/// A registry holding the given fixtures.
pub fn registry_with(fixtures: &[&Fixture]) -> ToolRegistry {
    let registry = ToolRegistry::new();
    for fixture in fixtures {
        registry.register(fixture.definition.clone()).unwrap();
    }
    registry
}

/// A pipeline builder over the given fixtures.
pub fn builder_with(fixtures: &[&Fixture]) -> PipelineBuilder {
    Pipeline::builder(registry_with(fixtures))
}

/// A top-level call of `name` with `{ "text": text }`.
pub fn call(name: &str, text: &str) -> CallRequest {
    CallRequest::new("call-1", name, Arguments::parse(&json!({ "text": text }).to_string()))
}

/// The error code of a result, panicking on success.
pub fn code(result: &ToolResult) -> ErrorCode {
    result.code().unwrap_or_else(|| panic!("expected an error, got {result:?}"))
}

/// The text of a result's content blocks, joined by newlines.
pub fn text(result: &ToolResult) -> String {
    result
        .record
        .content
        .iter()
        .filter_map(|block| block.as_text().map(|t| t.into_owned()))
        .collect::<Vec<_>>()
        .join("\n")
}
