//! Embedding ordo: declare a tool from Rust types, register it, and look at what the model sees.
//!
//! Run with `cargo run --example typed_tool`.

use std::sync::Arc;

use ordo_tools::{
    CallContext, CancellationToken, ContentBlock, ToolDefinition, ToolFailure, ToolRegistry,
    TypedTool,
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

/// The converted temperature.
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

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let registry = ToolRegistry::new();
    let tool = registry.register(ToolDefinition::from_typed(Convert))?;

    println!("The model sees:\n{}", serde_json::to_string_pretty(&registry.schemas())?);

    let args = json!({ "value": 100.0, "from": "celsius" });
    tool.parameters_schema().validate(&args)?;
    let context = CallContext::new("call-1", None, CancellationToken::new());
    let value = tool.definition().body().call(Arc::new(args.clone()), context).await?;
    tool.output_schema().validate(&value)?;
    println!("value:   {value}");
    println!("content: {:?}", tool.definition().output().render(&args, &value)?);
    Ok(())
}
