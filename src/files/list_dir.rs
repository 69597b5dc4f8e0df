//! `list_dir`: the entries of a directory, or of a whole tree (R-CLI-7).
//!
//! A plain listing shows every entry, as `ls -A` would: the model asked about this directory.
//! A recursive listing honours `.gitignore` and `.ignore` and skips `.git`, or one build
//! directory would bury the sources. Either way symlinks are listed with their target, never
//! followed, so a listing cannot leave the roots; and entries come sorted by name (in a tree,
//! each directory is followed by its own entries), so the same tree always lists the same.

use std::path::Path;
use std::sync::Arc;

use ordo_tools::{
    CallContext, CancellationToken, Card, Concurrency, ContentBlock, PresentationMeta,
    ToolAnnotations, ToolDefinition, ToolFailure, TypedTool,
};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::LIST_DIR;
use super::beneath;
use super::roots::{Access, Roots};
use super::shared::{
    Located, PathArg, as_the_model_reads, blocking, cancelled, format_size, io_failure, locate,
    path_or_dot, plural, result_card, walker,
};

/// Entries returned when a call gives no `max_entries`.
pub const DEFAULT_MAX_ENTRIES: u64 = 1000;

// The arguments. Doc comments on the fields are what the model reads.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(transform = as_the_model_reads)]
struct Args {
    /// The directory, relative to the working directory or absolute. Default ".".
    path: Option<PathArg>,
    /// List the whole tree below the directory. Default false.
    recursive: Option<bool>,
    /// The most entries to return. Default 1000.
    #[schemars(range(min = 1))]
    max_entries: Option<u64>,
}

// The canonical value.
#[derive(Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(transform = as_the_model_reads)]
struct Output {
    /// The directory listed, as given (relative to the working directory, or absolute).
    path: String,
    entries: Vec<Entry>,
    /// True when there are more entries than were returned (see `max_entries`).
    truncated: bool,
}

// One entry. `name` is relative to the listed directory (`a/b.rs` in a recursive listing);
// `size` is in bytes, for files only (a directory's own size says nothing useful); `target` is
// where a symlink points, as written in the link.
#[derive(Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(inline, transform = as_the_model_reads)]
struct Entry {
    #[schemars(
        description = "The entry's path relative to the listed directory (`src/main.rs` in a \
                       recursive listing): `path + \"/\" + name` can be passed to the file tools \
                       as it is."
    )]
    name: String,
    kind: Kind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    size: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    target: Option<String>,
}

// What an entry is, not following symlinks.
#[derive(Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
#[schemars(inline)]
enum Kind {
    File,
    Dir,
    Symlink,
    Other,
}

impl Kind {
    fn of_raw(file_type: rustix::fs::FileType) -> Self {
        match file_type {
            rustix::fs::FileType::Symlink => Self::Symlink,
            rustix::fs::FileType::Directory => Self::Dir,
            rustix::fs::FileType::RegularFile => Self::File,
            _ => Self::Other,
        }
    }

    fn of(file_type: std::fs::FileType) -> Self {
        if file_type.is_symlink() {
            Self::Symlink
        } else if file_type.is_dir() {
            Self::Dir
        } else if file_type.is_file() {
            Self::File
        } else {
            Self::Other
        }
    }
}

/// What a UI shows of a listing.
#[derive(Serialize, Deserialize)]
struct Meta {
    path: String,
    entries: u64,
    dirs: u64,
    files: u64,
    truncated: bool,
}

/// The `list_dir` tool, confined to `roots`. On its own, for an embedder that wants
/// only some of the four; [`register`](super::register) installs them all.
pub fn definition(roots: Arc<Roots>) -> ToolDefinition {
    ToolDefinition::from_typed(ListDir { roots })
        // Reads inside its roots only: changes nothing, reaches nothing beyond them (R-MCPS-2).
        .with_annotations(ToolAnnotations::READ_ONLY)
        .with_error_names(&["NotFound", "NotADirectory", "PermissionDenied", "OutsideRoots"])
        .with_concurrency_reason(super::shared::READS_ONLY)
        .with_present_result(|_args, record| {
            result_card(record, |meta: Meta| {
                let more = if meta.truncated { " (truncated)" } else { "" };
                Card::new(format!(
                    "{}{more}: {}, {}",
                    plural(meta.entries, "entry", "entries"),
                    plural(meta.dirs, "dir", "dirs"),
                    plural(meta.files, "file", "files")
                ))
            })
        })
}

/// The tool: its roots are its state.
struct ListDir {
    roots: Arc<Roots>,
}

impl TypedTool for ListDir {
    type Args = Args;
    type Output = Output;
    const NAME: &'static str = LIST_DIR;
    const DESCRIPTION: &'static str = "List a directory's entries, sorted by name, each with its \
         kind (file, dir, symlink, other), its size in bytes for files, and its target for \
         symlinks. With `recursive`, list the whole tree, skipping what .gitignore or .ignore \
         exclude and the .git directory. At most `max_entries` entries (default 1000) are \
         returned.";
    const CONCURRENCY: Concurrency = Concurrency::Concurrent;
    const PRESENTATION_META: Option<PresentationMeta<Self>> = Some(meta);

    async fn call(&self, args: Args, cx: CallContext) -> Result<Output, ToolFailure> {
        let requested = path_or_dot(args.path.as_deref()).to_owned();
        let located = locate(&self.roots, &requested, Access::Read)?;
        let resolved = located.resolved.clone();
        let shown = self.roots.display(&resolved);
        let max =
            usize::try_from(args.max_entries.unwrap_or(DEFAULT_MAX_ENTRIES)).unwrap_or(usize::MAX);
        let recursive = args.recursive.unwrap_or(false);
        let signal = cx.signal().clone();
        let (entries, truncated) = blocking(move || {
            let metadata =
                std::fs::metadata(&resolved).map_err(|error| io_failure(&requested, &error))?;
            if !metadata.is_dir() {
                return Err(ToolFailure::new(format!(
                    "`{requested}` is not a directory; read a file with read_file"
                ))
                .named("NotADirectory"));
            }
            if recursive {
                list_tree(&resolved, max, &signal)
            } else {
                list_one(&located, max, &signal, &requested)
            }
        })
        .await?;
        Ok(Output { path: shown, entries, truncated })
    }

    fn render(_args: &Args, output: &Output) -> Vec<ContentBlock> {
        vec![ContentBlock::text(render(output))]
    }

    fn present_call(args: &Args) -> Option<Card> {
        let path = path_or_dot(args.path.as_deref());
        let recursive = if args.recursive == Some(true) { " (recursive)" } else { "" };
        Some(Card::new(format!("List {path}{recursive}")))
    }
}

/// The presentation meta of a listing.
fn meta(_args: &Args, output: &Output) -> Value {
    let count = |kind| output.entries.iter().filter(|entry| entry.kind == kind).count() as u64;
    json!(Meta {
        path: output.path.clone(),
        entries: output.entries.len() as u64,
        dirs: count(Kind::Dir),
        files: count(Kind::File),
        truncated: output.truncated,
    })
}

/// The directory's own entries, all of them, sorted, then cut to `max`. The directory is opened
/// beneath its root following no symlink, and read by its handle (R-CLI-10): one swapped for a
/// symlink since the guard's check is not listed.
fn list_one(
    located: &Located,
    max: usize,
    signal: &CancellationToken,
    shown: &str,
) -> Result<(Vec<Entry>, bool), ToolFailure> {
    let failed = |error: std::io::Error| io_failure(shown, &error);
    let dir = beneath::directory(&located.root, &located.relative, false).map_err(failed)?;
    let mut found = Vec::new();
    for item in rustix::fs::Dir::read_from(&dir).map_err(|error| failed(error.into()))? {
        if signal.is_cancelled() {
            return Err(cancelled());
        }
        let item = item.map_err(|error| failed(error.into()))?;
        let name = item.file_name();
        if name == c"." || name == c".." {
            continue;
        }
        // Described as it is: nothing here follows a symlink.
        let stat = rustix::fs::statat(&dir, name, rustix::fs::AtFlags::SYMLINK_NOFOLLOW).ok();
        let kind = stat.as_ref().map_or_else(
            || Kind::of_raw(item.file_type()),
            |stat| Kind::of_raw(rustix::fs::FileType::from_raw_mode(stat.st_mode)),
        );
        let size = stat.and_then(|stat| u64::try_from(stat.st_size).ok());
        let target = (kind == Kind::Symlink)
            .then(|| rustix::fs::readlinkat(&dir, name, Vec::new()).ok())
            .flatten()
            .map(|target| target.to_string_lossy().into_owned());
        let name = name.to_string_lossy().into_owned();
        found.push(Entry { name, kind, size: size.filter(|_| kind == Kind::File), target });
    }
    found.sort_by(|a, b| a.name.cmp(&b.name));
    let truncated = found.len() > max;
    found.truncate(max);
    Ok((found, truncated))
}

/// The tree below `root`, in walk order, stopping after `max` entries.
fn list_tree(
    root: &Path,
    max: usize,
    signal: &CancellationToken,
) -> Result<(Vec<Entry>, bool), ToolFailure> {
    let mut entries = Vec::new();
    // An unreadable subdirectory is left out rather than failing the whole listing.
    for item in walker(root).build().flatten() {
        if signal.is_cancelled() {
            return Err(cancelled());
        }
        if item.depth() == 0 {
            continue;
        }
        let Some(file_type) = item.file_type() else { continue };
        if entries.len() == max {
            return Ok((entries, true));
        }
        let name = item.path().strip_prefix(root).unwrap_or(item.path());
        let size = item.metadata().ok().map(|metadata| metadata.len());
        entries.push(entry(name.to_string_lossy().into_owned(), item.path(), file_type, size));
    }
    Ok((entries, false))
}

fn entry(name: String, path: &Path, file_type: std::fs::FileType, size: Option<u64>) -> Entry {
    let kind = Kind::of(file_type);
    Entry {
        name,
        kind,
        size: size.filter(|_| kind == Kind::File),
        target: (kind == Kind::Symlink)
            .then(|| std::fs::read_link(path).ok())
            .flatten()
            .map(|target| target.to_string_lossy().into_owned()),
    }
}

/// What the model reads: one entry a line, `/` after directories, `->` after symlinks.
fn render(output: &Output) -> String {
    if output.entries.is_empty() {
        return format!("[`{}` is empty]", output.path);
    }
    let mut lines: Vec<String> = output
        .entries
        .iter()
        .map(|entry| match entry.kind {
            Kind::Dir => format!("{}/", entry.name),
            Kind::File => format!("{} ({})", entry.name, format_size(entry.size.unwrap_or(0))),
            Kind::Symlink => {
                format!("{} -> {}", entry.name, entry.target.as_deref().unwrap_or("?"))
            }
            Kind::Other => format!("{} (special file)", entry.name),
        })
        .collect();
    if output.truncated {
        lines.push(format!(
            "[listing stopped after {} entries; list a subdirectory or raise max_entries]",
            output.entries.len()
        ));
    }
    lines.join("\n")
}
