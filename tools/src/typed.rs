//! Typed tools: a tool declared from Rust types (R-DEF-5).
//!
//! The parameters and output schemas are derived with `schemars` from the argument and output
//! types, so they cannot drift from the code that reads and writes them.
//!
//! ```
//! use ordo_tools::{CallContext, ContentBlock, ToolDefinition, ToolFailure, ToolRegistry, TypedTool};
//! use schemars::JsonSchema;
//! use serde::{Deserialize, Serialize};
//!
//! struct Add;
//!
//! #[derive(Deserialize, JsonSchema)]
//! struct AddArgs { a: i64, b: i64 }
//!
//! #[derive(Serialize, Deserialize, JsonSchema)]
//! struct Sum { sum: i64 }
//!
//! impl TypedTool for Add {
//!     type Args = AddArgs;
//!     type Output = Sum;
//!     const NAME: &'static str = "add";
//!     const DESCRIPTION: &'static str = "Adds two integers.";
//!
//!     async fn call(&self, args: AddArgs, _cx: CallContext) -> Result<Sum, ToolFailure> {
//!         args.a.checked_add(args.b).map(|sum| Sum { sum }).ok_or_else(|| "overflow".into())
//!     }
//!
//!     fn render(_args: &AddArgs, output: &Sum) -> Vec<ContentBlock> {
//!         vec![ContentBlock::text(output.sum.to_string())]
//!     }
//! }
//!
//! let registry = ToolRegistry::new();
//! registry.register(ToolDefinition::from_typed(Add)).unwrap();
//! ```

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use schemars::JsonSchema;
use schemars::generate::SchemaSettings;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::concurrency::Concurrency;
use crate::content::ContentBlock;
use crate::context::CallContext;
use crate::definition::{ProjectionError, ToolDefinition, ToolOutput};
use crate::presentation::Card;
use crate::result::ToolFailure;

/// A tool declared from types. Turn it into a definition with [`ToolDefinition::from_typed`].
pub trait TypedTool: Send + Sync + Sized + 'static {
    /// The arguments, deserialized from the validated JSON.
    type Args: DeserializeOwned + JsonSchema + Send;
    /// The canonical output value.
    type Output: Serialize + DeserializeOwned + JsonSchema + Send;
    /// The name the model calls the tool by.
    const NAME: &'static str;
    /// What the model reads about the tool.
    const DESCRIPTION: &'static str;

    /// Runs the tool.
    fn call(
        &self,
        args: Self::Args,
        context: CallContext,
    ) -> impl Future<Output = Result<Self::Output, ToolFailure>> + Send;

    /// Projects the output into model-visible content. Must be pure.
    fn render(args: &Self::Args, output: &Self::Output) -> Vec<ContentBlock>;

    /// How calls are scheduled (R-DEF-4). [`Concurrency::ByArguments`] by default: each call
    /// asks [`is_concurrency_safe`](Self::is_concurrency_safe). A tool whose every call may run
    /// beside others declares [`Concurrency::Concurrent`]; one whose every call must run alone
    /// (a write), [`Concurrency::Alone`], which code mode's declarations then state as such.
    const CONCURRENCY: Concurrency = Concurrency::ByArguments;

    /// The UI projection of a success (R-PIPE-9): what a result card needs beyond the content,
    /// computed for every successful call and kept in the log so replay can draw it. Must be
    /// pure. `None` by default: the tool has no such projection.
    const PRESENTATION_META: Option<PresentationMeta<Self>> = None;

    /// The declared timeout; none by default.
    fn timeout(&self) -> Option<Duration> {
        None
    }

    /// Whether a call may run beside others, asked only under [`Concurrency::ByArguments`];
    /// `false` (exclusive) by default.
    fn is_concurrency_safe(_args: &Self::Args) -> bool {
        false
    }

    /// The UI card of a call; the default card when `None`.
    fn present_call(_args: &Self::Args) -> Option<Card> {
        None
    }
}

/// A typed tool's presentation meta ([`TypedTool::PRESENTATION_META`]): from its arguments and
/// output to what a result card reads.
pub type PresentationMeta<T> = fn(&<T as TypedTool>::Args, &<T as TypedTool>::Output) -> Value;

impl ToolDefinition {
    /// The definition of a typed tool, with schemas derived from its types.
    ///
    /// The pipeline validates arguments against the derived schema before the body runs, so
    /// arguments that still do not deserialize mean the schema and the type disagree: the call
    /// fails named `InvalidArguments`.
    pub fn from_typed<T: TypedTool>(tool: T) -> Self {
        let timeout = tool.timeout();
        let tool = Arc::new(tool);
        let mut output = ToolOutput::try_new(
            schema_for::<T::Output>(SchemaSettings::for_serialize),
            |args, value| {
                let (args, output) = typed_pair::<T>(args, value)?;
                Ok(T::render(&args, &output))
            },
        );
        if let Some(meta) = T::PRESENTATION_META {
            output = output.with_presentation_meta(move |args, value| {
                let (args, output) = typed_pair::<T>(args, value)?;
                Ok(meta(&args, &output))
            });
        }
        let body = move |args: Arc<Value>, context: CallContext| {
            let tool = Arc::clone(&tool);
            async move {
                let args = T::Args::deserialize(&*args).map_err(|error| {
                    ToolFailure::new(format!("arguments do not fit {}: {error}", T::NAME))
                        .named("InvalidArguments")
                })?;
                let output = tool.call(args, context).await?;
                Ok(serde_json::to_value(output)?)
            }
        };
        let mut definition = Self::new(
            T::NAME,
            T::DESCRIPTION,
            schema_for::<T::Args>(SchemaSettings::for_deserialize),
            output,
            body,
        )
        .with_present_call(|args| {
            T::Args::deserialize(args)
                .ok()
                .and_then(|args| T::present_call(&args))
                .unwrap_or_else(|| crate::presentation::default_call_card(T::NAME, args))
        });
        definition = match T::CONCURRENCY {
            Concurrency::Concurrent => definition.with_concurrent_calls(),
            Concurrency::Alone => definition,
            Concurrency::ByArguments => definition.with_concurrency_safe(|args| {
                T::Args::deserialize(args).is_ok_and(|args| T::is_concurrency_safe(&args))
            }),
        };
        if let Some(timeout) = timeout {
            definition = definition.with_timeout(timeout);
        }
        definition
    }
}

/// A typed tool registers as it is: `registry.register(MyTool)`.
impl<T: TypedTool> From<T> for ToolDefinition {
    fn from(tool: T) -> Self {
        Self::from_typed(tool)
    }
}

fn typed_pair<T: TypedTool>(
    args: &Value,
    value: &Value,
) -> Result<(T::Args, T::Output), ProjectionError> {
    let args = T::Args::deserialize(args)
        .map_err(|error| ProjectionError::new(format!("arguments: {error}")))?;
    let output = T::Output::deserialize(value)
        .map_err(|error| ProjectionError::new(format!("value: {error}")))?;
    Ok((args, output))
}

/// The JSON Schema of what `T` serializes to, as [`TypedTool`] derives an output schema: for a
/// tool whose value is a Rust type but which is not a `TypedTool` (code mode's `run_code`).
pub fn output_schema<T: JsonSchema>() -> Value {
    schema_for::<T>(SchemaSettings::for_serialize)
}

/// The draft 2020-12 schema of `T`, without the `$schema` and `title` a prompt has no use for.
fn schema_for<T: JsonSchema>(direction: fn(SchemaSettings) -> SchemaSettings) -> Value {
    let settings =
        direction(SchemaSettings::draft2020_12()).with(|settings| settings.meta_schema = None);
    let mut schema = settings.into_generator().into_root_schema_for::<T>().to_value();
    if let Some(object) = schema.as_object_mut() {
        object.shift_remove("title");
    }
    unwrap_descriptions(&mut schema);
    schema
}

/// Joins the lines of every `description` a doc comment gave: its line breaks are where the
/// source wrapped, not the reader's; a blank line (a new paragraph) stays.
fn unwrap_descriptions(schema: &mut Value) {
    match schema {
        Value::Object(object) => {
            for (key, value) in object.iter_mut() {
                match value {
                    Value::String(text) if key == "description" => {
                        let paragraphs: Vec<String> = text
                            .split("\n\n")
                            .map(|paragraph| {
                                paragraph.split('\n').map(str::trim).collect::<Vec<_>>().join(" ")
                            })
                            .collect();
                        *text = paragraphs.join("\n\n");
                    }
                    // Values, not schemas: left as they are.
                    _ if ["default", "const", "enum", "examples"].contains(&key.as_str()) => {}
                    other => unwrap_descriptions(other),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(unwrap_descriptions),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use tokio_util::sync::CancellationToken;

    use super::*;

    #[derive(Deserialize, JsonSchema)]
    struct Text {
        text: String,
    }

    #[derive(Serialize, Deserialize, JsonSchema)]
    struct Echoed {
        text: String,
    }

    /// Echoes its text. `MODE` picks what it declares: 0 the defaults, 1 concurrent calls and a
    /// presentation meta, 2 calls that run alone.
    struct Echo<const MODE: u8>;

    fn chars(_args: &Text, output: &Echoed) -> Value {
        json!({ "chars": output.text.chars().count() })
    }

    impl<const MODE: u8> TypedTool for Echo<MODE> {
        type Args = Text;
        type Output = Echoed;
        const NAME: &'static str = "echo";
        const DESCRIPTION: &'static str = "Echoes its text.";
        const CONCURRENCY: Concurrency = match MODE {
            0 => Concurrency::ByArguments,
            1 => Concurrency::Concurrent,
            _ => Concurrency::Alone,
        };
        const PRESENTATION_META: Option<PresentationMeta<Self>> =
            if MODE == 1 { Some(chars) } else { None };

        async fn call(&self, args: Text, _context: CallContext) -> Result<Echoed, ToolFailure> {
            Ok(Echoed { text: args.text })
        }

        fn render(_args: &Text, output: &Echoed) -> Vec<ContentBlock> {
            vec![ContentBlock::text(output.text.clone())]
        }

        fn is_concurrency_safe(args: &Text) -> bool {
            args.text.len() < 4
        }
    }

    /// What the definition's classifier says of a call with `text`, if it has one.
    fn classified(definition: &ToolDefinition, text: &str) -> Option<bool> {
        definition.concurrency_classifier().map(|classify| classify(&json!({ "text": text })))
    }

    #[test]
    fn concurrency_is_declared_for_every_call_or_asked_call_by_call() {
        let by_arguments = ToolDefinition::from_typed(Echo::<0>);
        assert_eq!(by_arguments.concurrency(), Concurrency::ByArguments);
        assert_eq!(classified(&by_arguments, "ab"), Some(true));
        assert_eq!(classified(&by_arguments, "abcdef"), Some(false));

        let concurrent = ToolDefinition::from_typed(Echo::<1>);
        assert_eq!(concurrent.concurrency(), Concurrency::Concurrent);
        assert_eq!(classified(&concurrent, "abcdef"), Some(true), "is_concurrency_safe not asked");

        let alone = ToolDefinition::from_typed(Echo::<2>);
        assert_eq!(alone.concurrency(), Concurrency::Alone);
        assert_eq!(alone.concurrency_reason(), crate::concurrency::UNDECLARED);
        assert_eq!(classified(&alone, "ab"), None, "no classifier: every call exclusive");
    }

    #[test]
    fn presentation_meta_is_projected_from_the_typed_pair() {
        let (args, value) = (json!({ "text": "héllo" }), json!({ "text": "héllo" }));
        let with_meta = ToolDefinition::from_typed(Echo::<1>);
        let meta = with_meta.output().presentation_meta(&args, &value);
        assert_eq!(meta, Some(Ok(json!({ "chars": 5 }))));
        let unreadable = with_meta.output().presentation_meta(&args, &json!({ "text": 5 }));
        assert!(
            unreadable
                .is_some_and(|meta| meta.is_err_and(|e| e.to_string().starts_with("value: ")))
        );

        let without = ToolDefinition::from_typed(Echo::<0>);
        assert_eq!(without.output().presentation_meta(&args, &value), None);
    }

    #[tokio::test]
    async fn arguments_the_type_refuses_fail_named_invalid_arguments() {
        let definition = ToolDefinition::from_typed(Echo::<0>);
        let context = CallContext::new("call-1", None, CancellationToken::new());
        let failure = definition
            .body()
            .call(Arc::new(json!({ "text": 3 })), context)
            .await
            .expect_err("a number is not a text");
        assert_eq!(failure.name(), "InvalidArguments");
        assert!(failure.message().starts_with("arguments do not fit echo: "), "{failure}");
    }
}
