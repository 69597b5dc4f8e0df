//! `write_file`: creates or overwrites a file with the given text (R-CLI-7).
//!
//! Exclusive (never run beside another call): a write changes what every other file tool
//! would see, so the scheduler must order it against them. Only paths under a write root are
//! allowed, and there is none unless the embedder (the CLI's `--allow-write`) grants one.

use std::sync::Arc;

use ordo_tools::{
    CallContext, Card, Concurrency, ContentBlock, PresentationMeta, ToolAnnotations,
    ToolDefinition, ToolFailure, TypedTool,
};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::WRITE_FILE;
use super::beneath::{self, Target, WriteError};
use super::roots::{Access, Roots};
use super::shared::{
    PathArg, as_the_model_reads, blocking, cancelled, format_size, io_failure, locate, plural,
    result_card,
};

/// Lines of the content a call card shows before it elides the rest.
const PREVIEW_LINES: usize = 40;

// The arguments. Doc comments on the fields are what the model reads.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(transform = as_the_model_reads)]
struct Args {
    /// The file, relative to the working directory or absolute.
    path: PathArg,
    /// The file's complete new content.
    content: String,
    /// Create missing parent directories. Default false.
    create_dirs: Option<bool>,
}

// The canonical value, also the presentation meta (`meta`): it is small.
#[derive(Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(transform = as_the_model_reads)]
struct Output {
    path: String,
    bytes_written: u64,
    created: bool,
}

/// The `write_file` tool, confined to the write roots of `roots`. On its own, for an embedder
/// that wants only some of the four; [`register`](super::register) installs them all.
pub fn definition(roots: Arc<Roots>) -> ToolDefinition {
    ToolDefinition::from_typed(WriteFile { roots })
        // Replaces a file's content: destructive, but the same write twice leaves the same file,
        // and only inside its roots (R-MCPS-2).
        .with_annotations(ToolAnnotations {
            read_only: false,
            destructive: true,
            idempotent: true,
            open_world: false,
        })
        .with_error_names(&[
            "NotFound",
            "IsADirectory",
            "HardLinked",
            "PermissionDenied",
            "OutsideRoots",
        ])
        .with_concurrency_reason("it changes files")
        .with_present_result(|_args, record| {
            result_card(record, |meta: Output| {
                let size = format_size(meta.bytes_written);
                if meta.created {
                    Card::new(format!("Created {} ({size})", meta.path))
                } else {
                    Card::new(format!("Overwrote {} ({size})", meta.path))
                }
            })
        })
}

/// The tool: its roots are its state.
struct WriteFile {
    roots: Arc<Roots>,
}

impl TypedTool for WriteFile {
    type Args = Args;
    type Output = Output;
    const NAME: &'static str = WRITE_FILE;
    const DESCRIPTION: &'static str = "Write text to a file, creating it or replacing its whole \
         content. Set `create_dirs` to create missing parent directories. Returns the bytes \
         written and whether the file is new.";
    // A write changes what every other file tool would see: it runs alone (R-DEF-4).
    const CONCURRENCY: Concurrency = Concurrency::Alone;
    const PRESENTATION_META: Option<PresentationMeta<Self>> = Some(meta);

    async fn call(&self, args: Args, cx: CallContext) -> Result<Output, ToolFailure> {
        let located = locate(&self.roots, &args.path, Access::Write)?;
        // A write is not interrupted halfway, so this is the last point where cancelling helps.
        if cx.is_cancelled() {
            return Err(cancelled());
        }
        let shown = self.roots.display(&located.resolved);
        let parent_shown =
            located.resolved.parent().map(|parent| self.roots.display(parent)).unwrap_or_default();
        let bytes_written = args.content.len() as u64;
        let written = blocking(move || {
            let written = beneath::write_file(
                &located.root,
                &located.relative,
                args.content.as_bytes(),
                args.create_dirs.unwrap_or(false),
            );
            written.map_err(|error| failure(error, &args.path, &parent_shown))
        })
        .await?;
        Ok(Output { path: shown, bytes_written, created: written == Target::Created })
    }

    fn render(_args: &Args, output: &Output) -> Vec<ContentBlock> {
        vec![ContentBlock::text(render(output))]
    }

    /// The card an approval prompt shows: where, how much, and the start of the content.
    fn present_call(args: &Args) -> Option<Card> {
        let content = &args.content;
        let card =
            Card::new(format!("Write {} ({})", &*args.path, format_size(content.len() as u64)));
        if content.is_empty() {
            return Some(card);
        }
        let mut preview: Vec<&str> = content.lines().take(PREVIEW_LINES).collect();
        let more = content.lines().count().saturating_sub(PREVIEW_LINES);
        let elided = format!("… {more} more lines");
        if more > 0 {
            preview.push(&elided);
        }
        Some(card.with_detail(preview.join("\n")))
    }
}

/// The presentation meta of a write: its output, which is small.
fn meta(_args: &Args, output: &Output) -> Value {
    json!(output)
}

/// A refused or failed write as the model reads it.
fn failure(error: WriteError, shown: &str, parent_shown: &str) -> ToolFailure {
    match error {
        WriteError::IsADirectory => {
            ToolFailure::new(format!("`{shown}` is a directory, not a file")).named("IsADirectory")
        }
        WriteError::MissingDirectory => ToolFailure::new(format!(
            "directory `{parent_shown}` does not exist; pass \"create_dirs\": true to create it"
        ))
        .named("NotFound"),
        WriteError::HardLinked(links) => ToolFailure::new(format!(
            "`{shown}` has {links} hard links: writing through one would change a file that may \
             lie outside the write roots, so ordo does not write it"
        ))
        .named("HardLinked"),
        WriteError::Io(error) => io_failure(shown, &error),
    }
}

/// What the model reads.
fn render(output: &Output) -> String {
    let what = if output.created { "created" } else { "replaced its previous content" };
    format!("Wrote {} to `{}` ({what})", plural(output.bytes_written, "byte", "bytes"), output.path)
}
