//! `write_file`: creates or overwrites a file with the given text (R-CLI-7).
//!
//! Exclusive (never run beside another call): a write changes what every other file tool
//! would see, so the scheduler must order it against them. Only paths under a write root are
//! allowed, and there is none unless the embedder (the CLI's `--allow-write`) grants one.

use std::sync::Arc;

use ordo_tools::{
    CallContext, Card, ProjectionError, ToolAnnotations, ToolDefinition, ToolFailure,
};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::WRITE_FILE;
use super::beneath::{self, Target, WriteError};
use super::roots::{Access, MAX_PATH_BYTES, Roots};
use super::shared::{
    blocking, cancelled, confined, format_size, io_failure, locate, parse_args, plural,
    result_card, text_output, to_value,
};

/// Lines of the content a call card shows before it elides the rest.
const PREVIEW_LINES: usize = 40;

#[derive(Deserialize)]
struct Args {
    path: String,
    content: String,
    #[serde(default)]
    create_dirs: bool,
}

/// The canonical value, also the presentation meta: it is small.
#[derive(Serialize, Deserialize)]
struct Output {
    path: String,
    bytes_written: u64,
    created: bool,
}

/// The `write_file` tool, confined to the write roots of `roots`. On its own, for an embedder
/// that wants only some of the four; [`register`](super::register) installs them all.
pub fn definition(roots: Arc<Roots>) -> ToolDefinition {
    let body = confined(roots, run);
    // No concurrency classifier: undeclared means exclusive (R-DEF-4), which a write must be.
    ToolDefinition::new(
        WRITE_FILE,
        "Write text to a file, creating it or replacing its whole content. Set `create_dirs` to \
         create missing parent directories. Returns the bytes written and whether the file is \
         new.",
        parameters(),
        text_output(output_schema(), render).with_presentation_meta(|_args, value| {
            Output::deserialize(value)
                .map(|_| value.clone())
                .map_err(|error| ProjectionError::new(error.to_string()))
        }),
        body,
    )
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
    .with_present_call(present_call)
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

fn parameters() -> Value {
    json!({
        "type": "object",
        "properties": {
            "path": {
                "type": "string",
                "maxLength": MAX_PATH_BYTES,
                "description": "The file, relative to the working directory or absolute."
            },
            "content": {
                "type": "string",
                "description": "The file's complete new content."
            },
            "create_dirs": {
                "type": "boolean",
                "description": "Create missing parent directories. Default false."
            }
        },
        "required": ["path", "content"],
        "additionalProperties": false
    })
}

fn output_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "path": { "type": "string" },
            "bytes_written": { "type": "integer", "minimum": 0 },
            "created": { "type": "boolean" }
        },
        "required": ["path", "bytes_written", "created"],
        "additionalProperties": false
    })
}

async fn run(roots: Arc<Roots>, args: Arc<Value>, cx: CallContext) -> Result<Value, ToolFailure> {
    let args: Args = parse_args(WRITE_FILE, &args)?;
    let located = locate(&roots, &args.path, Access::Write)?;
    // A write is not interrupted halfway, so this is the last point where cancelling helps.
    if cx.is_cancelled() {
        return Err(cancelled());
    }
    let shown = roots.display(&located.resolved);
    let parent_shown =
        located.resolved.parent().map(|parent| roots.display(parent)).unwrap_or_default();
    let bytes_written = args.content.len() as u64;
    let written = blocking(move || {
        let written = beneath::write_file(
            &located.root,
            &located.relative,
            args.content.as_bytes(),
            args.create_dirs,
        );
        written.map_err(|error| failure(error, &args.path, &parent_shown))
    })
    .await?;
    to_value(&Output { path: shown, bytes_written, created: written == Target::Created })
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

/// The card an approval prompt shows: where, how much, and the start of the content.
fn present_call(args: &Value) -> Card {
    let path = args.get("path").and_then(Value::as_str).unwrap_or("?");
    let content = args.get("content").and_then(Value::as_str).unwrap_or_default();
    let card = Card::new(format!("Write {path} ({})", format_size(content.len() as u64)));
    if content.is_empty() {
        return card;
    }
    let mut preview: Vec<&str> = content.lines().take(PREVIEW_LINES).collect();
    let more = content.lines().count().saturating_sub(PREVIEW_LINES);
    let elided = format!("… {more} more lines");
    if more > 0 {
        preview.push(&elided);
    }
    card.with_detail(preview.join("\n"))
}
