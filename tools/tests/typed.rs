//! R-DEF-5: a tool declared from Rust types round-trips through the registry.

use std::sync::Arc;
use std::time::Duration;

use ordo_tools::{
    CallContext, CancellationToken, ContentBlock, ExecutionMode, ToolDefinition, ToolFailure,
    ToolRegistry, TypedTool,
};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;

struct WordCount;

/// Arguments of `word_count`.
#[derive(Deserialize, JsonSchema)]
struct WordCountArgs {
    /// The text to count.
    text: String,
    /// Count only words at least this long: a doc comment wrapped
    /// over two lines.
    ///
    /// And a second paragraph.
    min_len: Option<u32>,
}

#[derive(Serialize, Deserialize, JsonSchema, Debug, PartialEq)]
struct WordCountOutput {
    words: u64,
    longest: Option<String>,
}

impl TypedTool for WordCount {
    type Args = WordCountArgs;
    type Output = WordCountOutput;
    const NAME: &'static str = "word_count";
    const DESCRIPTION: &'static str = "Counts the words of a text.";

    async fn call(
        &self,
        args: WordCountArgs,
        _cx: CallContext,
    ) -> Result<WordCountOutput, ToolFailure> {
        let min = args.min_len.unwrap_or(0) as usize;
        let words: Vec<&str> = args.text.split_whitespace().filter(|w| w.len() >= min).collect();
        let longest = words.iter().max_by_key(|w| w.len()).map(|w| (*w).to_owned());
        Ok(WordCountOutput { words: words.len() as u64, longest })
    }

    fn render(_args: &WordCountArgs, output: &WordCountOutput) -> Vec<ContentBlock> {
        vec![ContentBlock::text(format!("{} words", output.words))]
    }

    fn timeout(&self) -> Option<Duration> {
        Some(Duration::from_secs(2))
    }

    fn is_concurrency_safe(args: &WordCountArgs) -> bool {
        args.text.len() < 1_000
    }
}

#[tokio::test]
async fn r_def_5_typed_tool_round_trip() {
    let registry = ToolRegistry::new();
    let tool = registry.register(ToolDefinition::from_typed(WordCount)).unwrap();

    // The schemas are derived from the types, docs included.
    let parameters = tool.definition().parameters();
    assert_eq!(parameters["type"], "object");
    assert_eq!(parameters["required"], json!(["text"]));
    assert_eq!(parameters["properties"]["text"]["description"], "The text to count.");
    assert_eq!(
        parameters["properties"]["min_len"]["description"],
        "Count only words at least this long: a doc comment wrapped over two lines.\n\nAnd a second paragraph.",
        "the source's wrapping is not the reader's; paragraphs stay"
    );
    assert!(parameters.get("$schema").is_none() && parameters.get("title").is_none());
    assert_eq!(tool.definition().timeout(), Some(Duration::from_secs(2)));
    assert_eq!(registry.schemas()[0].description, "Counts the words of a text.");

    // Arguments the schema accepts reach the body as the typed struct.
    let args = json!({ "text": "a quick fox jumped", "min_len": 4 });
    tool.parameters_schema().validate(&args).unwrap();
    assert!(tool.parameters_schema().validate(&json!({ "text": 3 })).is_err());
    let context = CallContext::new("call-1", None, CancellationToken::new());
    let value = tool.definition().body().call(Arc::new(args.clone()), context).await.unwrap();
    assert_eq!(value, json!({ "words": 2, "longest": "jumped" }));

    // The value satisfies the derived output schema and renders through the typed render.
    tool.output_schema().validate(&value).unwrap();
    let content = tool.definition().output().render(&args, &value).unwrap();
    assert_eq!(content, [ContentBlock::text("2 words")]);
    let mismatched = tool.definition().output().render(&args, &json!({ "words": "two" }));
    assert!(mismatched.unwrap_err().to_string().starts_with("value: "));

    // The classifier reads the typed arguments; arguments it cannot read are exclusive.
    assert_eq!(registry.execution_mode("word_count", &args), ExecutionMode::Parallel);
    let long = json!({ "text": "x".repeat(2_000) });
    assert_eq!(registry.execution_mode("word_count", &long), ExecutionMode::Exclusive);
    assert_eq!(registry.execution_mode("word_count", &json!("raw")), ExecutionMode::Exclusive);
}
