//! The providers' formats: tool schemas as the model sees them, in each provider's shape
//! (R-DEF-2), and a model step read from any of them ([`parse_step`]).

mod step;

pub use step::{StepParseError, parse_step};

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// The model-visible part of a tool: exactly its name, description and parameters.
///
/// Nothing else of a definition (timeout, classifier, projections) can reach a prompt, because
/// this type has no room for it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ToolSchema {
    /// The name the model calls the tool by.
    pub name: String,
    /// What the model reads about the tool.
    pub description: String,
    /// The JSON Schema of the arguments.
    pub parameters: Value,
}

/// A model provider's API, for shaping tool lists and transcripts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Provider {
    /// OpenAI Chat Completions: `{"type": "function", "function": {…}}`.
    OpenAiChat,
    /// OpenAI Responses: `{"type": "function", "name", "description", "parameters"}`.
    OpenAiResponses,
    /// Anthropic Messages: `{"name", "description", "input_schema"}`.
    Anthropic,
}

impl ToolSchema {
    /// The tool as the provider's `tools` list expects it.
    pub fn for_provider(&self, provider: Provider) -> Value {
        let Self { name, description, parameters } = self;
        match provider {
            Provider::OpenAiChat => json!({
                "type": "function",
                "function": { "name": name, "description": description, "parameters": parameters },
            }),
            Provider::OpenAiResponses => json!({
                "type": "function",
                "name": name,
                "description": description,
                "parameters": parameters,
            }),
            Provider::Anthropic => json!({
                "name": name,
                "description": description,
                "input_schema": parameters,
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r_def_2_provider_shapes() {
        let schema = ToolSchema {
            name: "echo".into(),
            description: "Echo.".into(),
            parameters: json!({"type": "object"}),
        };
        assert_eq!(
            schema.for_provider(Provider::OpenAiChat),
            json!({"type": "function", "function": {"name": "echo", "description": "Echo.", "parameters": {"type": "object"}}})
        );
        assert_eq!(
            schema.for_provider(Provider::OpenAiResponses),
            json!({"type": "function", "name": "echo", "description": "Echo.", "parameters": {"type": "object"}})
        );
        assert_eq!(
            schema.for_provider(Provider::Anthropic),
            json!({"name": "echo", "description": "Echo.", "input_schema": {"type": "object"}})
        );
    }
}
