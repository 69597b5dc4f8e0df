//! What the four file tools have in common: checking a path again inside the body, running
//! blocking file work off the async threads, walking a tree, and wording sizes and failures.

use std::io;
use std::ops::Deref;
use std::path::{Path, PathBuf};

use ignore::WalkBuilder;
use ordo_tools::presentation::default_result_card;
use ordo_tools::{Card, ResultRecord, ToolFailure};
use schemars::{JsonSchema, Schema};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::roots::{Access, MAX_PATH_BYTES, Roots};

/// Why the reading tools' calls run beside others (their concurrency reason).
pub(super) const READS_ONLY: &str = "it only reads files";

// A path argument as the model wrote it: at most `MAX_PATH_BYTES` long, which its schema says.
// (A comment, not a doc comment, which schemars would make its description: each tool's field
// describes what its path names.)
#[derive(Deserialize, JsonSchema)]
#[serde(transparent)]
#[schemars(inline)]
pub(crate) struct PathArg(#[schemars(length(max = MAX_PATH_BYTES))] String);

impl Deref for PathArg {
    type Target = str;

    fn deref(&self) -> &str {
        &self.0
    }
}

/// The `transform` of every argument and output type, so that the model reads its properties
/// plainly: an optional property is one left out, never `null` (schemars writes `Option<T>` as
/// `T | null`), and an integer has no `format` (schemars writes its Rust width, `uint64`, which
/// code mode's declarations would show as noise).
pub(crate) fn as_the_model_reads(schema: &mut Schema) {
    let Some(object) = schema.as_object_mut() else { return };
    let required: Vec<Value> = match object.get("required") {
        Some(Value::Array(required)) => required.clone(),
        _ => Vec::new(),
    };
    let Some(Value::Object(properties)) = object.get_mut("properties") else { return };
    for (name, property) in properties.iter_mut() {
        let Value::Object(property) = property else { continue };
        let optional = !required.iter().any(|required| required == name.as_str());
        if let (true, Some(Value::Array(types))) = (optional, property.get("type")) {
            let mut types: Vec<Value> = types.iter().filter(|t| *t != "null").cloned().collect();
            let kind = if types.len() == 1 { types.remove(0) } else { Value::Array(types) };
            property.insert("type".to_owned(), kind);
        }
        if property.get("type").is_some_and(|kind| kind == "integer") {
            property.shift_remove("format");
        }
    }
}

/// Bytes sniffed for a NUL to call a file binary: git's and ripgrep's heuristic.
pub(crate) const BINARY_SNIFF_BYTES: usize = 8 * 1024;

/// Resolves a path inside a body. The guard already checked it; checking again means a
/// symlink swapped in since, or a pipeline built without the guard, still cannot escape.
pub(crate) fn resolve(roots: &Roots, path: &str, access: Access) -> Result<PathBuf, ToolFailure> {
    roots
        .resolve(path, access)
        .map_err(|error| ToolFailure::new(error.to_string()).named("OutsideRoots"))
}

/// A path a body may open: where it resolved, and the root and relative path it is opened
/// from (race-free, see [`super::beneath`]).
pub(crate) struct Located {
    pub(crate) resolved: PathBuf,
    pub(crate) root: PathBuf,
    pub(crate) relative: PathBuf,
}

/// Resolves a path inside a body and finds the root to open it beneath.
pub(crate) fn locate(roots: &Roots, path: &str, access: Access) -> Result<Located, ToolFailure> {
    let resolved = resolve(roots, path, access)?;
    let (root, relative) = roots
        .locate(&resolved, access)
        .map(|(root, relative)| (root.to_owned(), relative.to_owned()))
        .ok_or_else(|| {
            ToolFailure::new(format!("`{path}` lies beneath no root")).named("OutsideRoots")
        })?;
    Ok(Located { resolved, root, relative })
}

/// Runs blocking file work on tokio's blocking pool, so a large read or search never stalls
/// the threads other calls run on. A panic in it resumes here, where the pipeline contains it.
pub(crate) async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, ToolFailure> + Send + 'static,
) -> Result<T, ToolFailure> {
    match tokio::task::spawn_blocking(work).await {
        Ok(result) => result,
        Err(error) if error.is_panic() => std::panic::resume_unwind(error.into_panic()),
        Err(error) => Err(ToolFailure::new(format!("file work was stopped: {error}"))),
    }
}

/// The failure of a body that stopped because its signal fired; the pipeline records it as
/// `ABORTED` (R-FIN-6).
pub(crate) fn cancelled() -> ToolFailure {
    ToolFailure::new("cancelled").named("Cancelled")
}

/// An I/O failure, worded with the path as the model wrote it and named after its kind
/// (`NotFound`, `PermissionDenied`, …) so scripts can branch on it.
pub(crate) fn io_failure(shown: &str, error: &io::Error) -> ToolFailure {
    let message = match error.kind() {
        io::ErrorKind::NotFound => format!("`{shown}` does not exist"),
        io::ErrorKind::PermissionDenied => format!("`{shown}`: permission denied"),
        _ => format!("`{shown}`: {error}"),
    };
    ToolFailure::new(message).named(format!("{:?}", error.kind()))
}

/// Whether the start of a file holds a NUL byte, which text never does.
pub(crate) fn looks_binary(head: &[u8]) -> bool {
    head[..head.len().min(BINARY_SNIFF_BYTES)].contains(&0)
}

/// A walker over `root` with the filters both tree tools share: `.gitignore`, `.ignore` and
/// git excludes are honoured (in any directory, not only inside a repository, and including
/// those of the directories above `root`, which are read as rules and never returned), hidden
/// files are kept but `.git` itself is skipped, symlinks are reported and never followed
/// (following one could leave the roots), and each directory's entries come sorted by name.
pub(crate) fn walker(root: &Path) -> WalkBuilder {
    let mut builder = WalkBuilder::new(root);
    builder
        .hidden(false)
        .require_git(false)
        .follow_links(false)
        .filter_entry(|entry| entry.file_name() != ".git")
        .sort_by_file_name(|a, b| a.cmp(b));
    builder
}

/// A byte count as people read it: `512 B`, `3.4 KiB`, `1.2 MiB`.
pub(crate) fn format_size(bytes: u64) -> String {
    const UNITS: [&str; 4] = ["KiB", "MiB", "GiB", "TiB"];
    if bytes < 1024 {
        return format!("{bytes} B");
    }
    // Precision loss past 2^53 bytes is invisible at one decimal.
    #[allow(clippy::cast_precision_loss)]
    let mut size = bytes as f64 / 1024.0;
    let mut unit = 0;
    while size >= 1024.0 && unit + 1 < UNITS.len() {
        size /= 1024.0;
        unit += 1;
    }
    format!("{size:.1} {}", UNITS[unit])
}

/// `1 line`, `2 lines`.
pub(crate) fn plural(count: u64, one: &str, many: &str) -> String {
    if count == 1 { format!("1 {one}") } else { format!("{count} {many}") }
}

/// A result card drawn from the result's presentation meta, which every success has, nested
/// ones included (R-PIPE-9). An error gets the default card (its code and message). A success
/// without meta comes from a log written before nested calls kept theirs: its content is what
/// was read (a file's text, a listing), not a summary, so the card just says it succeeded.
pub(crate) fn result_card<M: DeserializeOwned>(
    record: &ResultRecord,
    draw: impl FnOnce(M) -> Card,
) -> Card {
    match (&record.error, &record.meta) {
        (None, Some(meta)) => match M::deserialize(meta) {
            Ok(meta) => draw(meta),
            Err(_) => default_result_card(record),
        },
        (None, None) => Card::new("done"),
        (Some(_), _) => default_result_card(record),
    }
}

/// A path argument as the model wrote it, or `.` when it left it out.
pub(crate) fn path_or_dot(path: Option<&str>) -> &str {
    path.unwrap_or(".")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_as_people_write_them() {
        assert_eq!(format_size(0), "0 B");
        assert_eq!(format_size(1023), "1023 B");
        assert_eq!(format_size(3482), "3.4 KiB");
        assert_eq!(format_size(5 * 1024 * 1024), "5.0 MiB");
    }

    #[test]
    fn a_nul_in_the_head_means_binary() {
        assert!(looks_binary(b"PNG\0\x01"));
        assert!(!looks_binary("plain text, é".as_bytes()));
    }
}
