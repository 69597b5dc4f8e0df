//! Embedding ordo in a Rust agent: a typed tool, a policy hook, the built-in file tools under a
//! root guard, code mode, and one model step through the scheduler with its session log.
//!
//! Run with `cargo run --example embed`.

use std::sync::Arc;

use ordo::files::{self, Roots};
use ordo_runtime::Runtime;
use ordo_sdk::CodeModeConfig;
use ordo_tools::session::MemorySink;
use ordo_tools::{
    CallContext, CancellationToken, ContentBlock, ModelCall, Pipeline, PreDecision, Scheduler,
    ToolFailure, ToolRegistry, TypedTool, policy,
};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;

/// A tool that converts temperatures.
struct Convert;

/// Arguments of `convert_temperature`.
#[derive(Deserialize, JsonSchema)]
struct ConvertArgs {
    /// The temperature to convert.
    value: f64,
    /// The unit `value` is in.
    from: Unit,
}

/// A temperature unit.
#[derive(Clone, Copy, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
enum Unit {
    Celsius,
    Fahrenheit,
}

/// The converted temperature: the canonical value scripts receive.
#[derive(Serialize, Deserialize, JsonSchema)]
struct Converted {
    value: f64,
    unit: Unit,
}

impl TypedTool for Convert {
    type Args = ConvertArgs;
    type Output = Converted;
    const NAME: &'static str = "convert_temperature";
    const DESCRIPTION: &'static str = "Converts a temperature between Celsius and Fahrenheit.";

    async fn call(&self, args: ConvertArgs, _cx: CallContext) -> Result<Converted, ToolFailure> {
        Ok(match args.from {
            Unit::Celsius => {
                Converted { value: args.value * 9.0 / 5.0 + 32.0, unit: Unit::Fahrenheit }
            }
            Unit::Fahrenheit => {
                Converted { value: (args.value - 32.0) * 5.0 / 9.0, unit: Unit::Celsius }
            }
        })
    }

    /// What the model reads: text, projected from the value.
    fn render(_args: &ConvertArgs, output: &Converted) -> Vec<ContentBlock> {
        let unit = match output.unit {
            Unit::Celsius => "°C",
            Unit::Fahrenheit => "°F",
        };
        vec![ContentBlock::text(format!("{:.1}{unit}", output.value))]
    }

    fn is_concurrency_safe(_args: &ConvertArgs) -> bool {
        true
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Scripts run in a sandboxed worker: this very executable, started again as one.
    ordo_sdk::run_if_worker();
    tokio::runtime::Runtime::new()?.block_on(agent())
}

async fn agent() -> Result<(), Box<dyn std::error::Error>> {
    let registry = ToolRegistry::new();
    registry.register(Convert)?;
    let roots = Arc::new(Roots::current_dir()?);
    files::register(&registry, Arc::clone(&roots))?;
    // Code mode: scripts run in sandboxed workers of this very executable.
    ordo_sdk::install(&registry, CodeModeConfig::new(Runtime::current_exe()?))?;

    // A policy hook: a cooperative rule, here refusing temperatures below absolute zero. The
    // root guard is a guard, not a hook: no hook can skip it. Declared timeouts are enforced
    // without asking.
    let below_absolute_zero = policy(|execution| {
        let args = execution.arguments().value();
        let cold = execution.name() == "convert_temperature"
            && args["from"] == "celsius"
            && args["value"].as_f64().is_some_and(|value| value < -273.15);
        cold.then(|| PreDecision::Deny("below absolute zero".to_owned()))
    });
    let pipeline = Pipeline::builder(registry)
        .pre_execute(below_absolute_zero)
        .guard(files::root_guard(roots))
        .build();

    // The session: its scheduler runs every call, nested ones included, and records each in
    // the log.
    let log = MemorySink::new();
    let scheduler = Scheduler::builder(pipeline).log(log.clone()).build();

    // One model step, as a provider would hand it over: three calls, run concurrently where
    // safe, results committed in this order.
    let script = "const [a, b] = await Promise.all([\
                    tools.convert_temperature({ value: 100, from: 'celsius' }),\
                    tools.convert_temperature({ value: 451, from: 'fahrenheit' })]);\
                  return { boiling: a.value, paper_burns: Math.round(b.value) };";
    let step = [
        ModelCall::new("call_1", "convert_temperature", r#"{"value": 20, "from": "celsius"}"#),
        ModelCall::new("call_2", "convert_temperature", r#"{"value": -300, "from": "celsius"}"#),
        ModelCall::new("call_3", "run_code", json!({ "code": script }).to_string()),
    ];
    let outcome = scheduler.run_step(&step, &CancellationToken::new()).await?;
    for call in &outcome.results {
        println!("{} {}: {}", call.call_id, call.name, call.result.text());
    }

    // The session log: every call, nested ones included, with its one result.
    let events = log.events();
    println!("\nsession log: {} events", events.len());
    for event in &events {
        println!("  {}", serde_json::to_string(event)?);
    }
    Ok(())
}
