//! `search_files`: lines matching a regex, files matching a glob, or both (R-CLI-7).
//!
//! Built from ripgrep's crates: `ignore` walks the tree (honouring `.gitignore` and `.ignore`,
//! skipping `.git`, never following a symlink), `globset` picks the files, `regex` matches the
//! lines. Binary files (a NUL in their first 8 KiB) are skipped; other bytes that are not
//! UTF-8 are matched as U+FFFD, so one stray Latin-1 byte does not hide a whole file. Matches
//! come in walk order (files sorted by name), lines in file order, so a search is repeatable.
//!
//! With no `pattern`, every file the glob picks is a match with no line: the tool then finds
//! files by name, which is the other half of what "search" means to a model.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::sync::Arc;

use globset::{GlobBuilder, GlobMatcher};
use ordo_tools::{
    CallContext, CancellationToken, Card, Concurrency, ContentBlock, PresentationMeta,
    ToolAnnotations, ToolDefinition, ToolFailure, TypedTool,
};
use regex::{Regex, RegexBuilder};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::SEARCH_FILES;
use super::beneath;
use super::roots::{Access, Roots};
use super::shared::{
    PathArg, as_the_model_reads, blocking, cancelled, io_failure, looks_binary, path_or_dot,
    plural, resolve, result_card, walker,
};

/// Matches returned when a call gives no `max_results`.
pub const DEFAULT_MAX_RESULTS: u64 = 100;

/// Longest matched line returned whole; longer ones (minified code) are cut around the match.
const MAX_TEXT_BYTES: usize = 240;

/// How much of a cut line to keep before the match.
const TEXT_LEAD_BYTES: usize = 60;

/// Lines searched between two looks at the cancellation signal inside one file.
const LINES_PER_SIGNAL_CHECK: u64 = 4096;

// The arguments. Doc comments on the fields are what the model reads.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(transform = as_the_model_reads)]
struct Args {
    /// A regular expression (Rust regex syntax) matched against each line.
    #[schemars(length(max = MAX_PATTERN_CHARS))]
    pattern: Option<String>,
    #[schemars(
        description = "The directory (or file) to search, relative to the working directory or \
                       absolute. Default \".\"."
    )]
    path: Option<PathArg>,
    #[schemars(
        length(max = MAX_GLOB_CHARS),
        description = "Only files matching this glob, e.g. \"*.rs\" (file names) or \
                       \"src/**/*.ts\" (paths relative to `path`)."
    )]
    glob: Option<String>,
    /// The most matches to return. Default 100.
    #[schemars(range(min = 1))]
    max_results: Option<u64>,
    /// Match the pattern and the glob ignoring case. Default false.
    case_insensitive: Option<bool>,
}

// The canonical value.
#[derive(Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(transform = as_the_model_reads)]
struct Output {
    matches: Vec<Match>,
    files_searched: u64,
    #[schemars(
        description = "True when there are more matches than were returned (see `max_results`): \
                       a count of `matches` is then not the whole count."
    )]
    truncated: bool,
}

// A matching line (`line` 1-based, `text` the line without its line break), or, in a search
// by glob alone, a matching file.
#[derive(Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(inline, transform = as_the_model_reads)]
struct Match {
    #[schemars(
        description = "The file, relative to the working directory (not to the `path` searched), \
                       as the file tools take it."
    )]
    path: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1))]
    line: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    text: Option<String>,
}

/// What a UI shows of a search.
#[derive(Serialize, Deserialize)]
struct Meta {
    matches: u64,
    files: u64,
    files_searched: u64,
    truncated: bool,
}

/// The `search_files` tool, confined to `roots`. On its own, for an embedder that wants
/// only some of the four; [`register`](super::register) installs them all.
pub fn definition(roots: Arc<Roots>) -> ToolDefinition {
    ToolDefinition::from_typed(SearchFiles { roots })
        // Reads inside its roots only: changes nothing, reaches nothing beyond them (R-MCPS-2).
        .with_annotations(ToolAnnotations::READ_ONLY)
        .with_error_names(&[
            "NotFound",
            "InvalidPattern",
            "InvalidGlob",
            "InvalidArguments",
            "PermissionDenied",
            "OutsideRoots",
        ])
        .with_concurrency_reason(super::shared::READS_ONLY)
        .with_present_result(|_args, record| {
            result_card(record, |meta: Meta| {
                let more = if meta.truncated { "+" } else { "" };
                Card::new(format!(
                    "{}{more} in {} ({} searched)",
                    plural(meta.matches, "match", "matches"),
                    plural(meta.files, "file", "files"),
                    meta.files_searched
                ))
            })
        })
}

/// The tool: its roots are its state.
struct SearchFiles {
    roots: Arc<Roots>,
}

impl TypedTool for SearchFiles {
    type Args = Args;
    type Output = Output;
    const NAME: &'static str = SEARCH_FILES;
    const DESCRIPTION: &'static str = "Search files under a directory for lines matching a \
         regular expression (Rust regex syntax), and/or pick files by a glob (`*.rs`, \
         `src/**/*.ts`; a glob without `/` matches file names). Give `pattern`, `glob`, or both. \
         Returns each match's path and 1-based line number with the line's text; with a glob \
         alone, the matching files. Skips binary files, what .gitignore or .ignore exclude, and \
         the .git directory. At most `max_results` matches (default 100).";
    const CONCURRENCY: Concurrency = Concurrency::Concurrent;
    const PRESENTATION_META: Option<PresentationMeta<Self>> = Some(meta);

    async fn call(&self, args: Args, cx: CallContext) -> Result<Output, ToolFailure> {
        if args.pattern.is_none() && args.glob.is_none() {
            return Err(
                ToolFailure::new("give a `pattern`, a `glob`, or both").named("InvalidArguments")
            );
        }
        let case_insensitive = args.case_insensitive.unwrap_or(false);
        let regex = args.pattern.as_deref().map(|p| compile_regex(p, case_insensitive));
        let glob = args.glob.as_deref().map(|g| Picker::new(g, case_insensitive));
        let max = args.max_results.unwrap_or(DEFAULT_MAX_RESULTS);
        let search = Search {
            regex: regex.transpose()?,
            glob: glob.transpose()?,
            max: usize::try_from(max).unwrap_or(usize::MAX),
        };
        let requested = path_or_dot(args.path.as_deref()).to_owned();
        let root = resolve(&self.roots, &requested, Access::Read)?;
        let roots = Arc::clone(&self.roots);
        let signal = cx.signal().clone();
        blocking(move || {
            std::fs::metadata(&root).map_err(|error| io_failure(&requested, &error))?;
            search.run(&root, &roots, &signal)
        })
        .await
    }

    fn render(args: &Args, output: &Output) -> Vec<ContentBlock> {
        vec![ContentBlock::text(render(args, output))]
    }

    fn present_call(args: &Args) -> Option<Card> {
        let path = path_or_dot(args.path.as_deref());
        Some(match (&args.pattern, &args.glob) {
            (Some(pattern), Some(glob)) => Card::new(format!("Search /{pattern}/ in {path}"))
                .with_detail(format!("files {glob}")),
            (Some(pattern), None) => Card::new(format!("Search /{pattern}/ in {path}")),
            (None, glob) => {
                Card::new(format!("Find {} in {path}", glob.as_deref().unwrap_or("files")))
            }
        })
    }
}

/// The presentation meta of a search.
fn meta(_args: &Args, output: &Output) -> Value {
    let mut files: Vec<&str> = output.matches.iter().map(|m| m.path.as_str()).collect();
    files.dedup();
    json!(Meta {
        matches: output.matches.len() as u64,
        files: files.len() as u64,
        files_searched: output.files_searched,
        truncated: output.truncated,
    })
}

/// The longest regular expression a search takes.
const MAX_PATTERN_CHARS: usize = 4096;

/// The longest glob a search takes (a glob of 100,000 `*` panics inside the glob library).
const MAX_GLOB_CHARS: usize = 1024;

/// How much memory a compiled pattern may take: a pattern that needs more is refused, never
/// built.
const REGEX_SIZE_LIMIT: usize = 1 << 20;

/// `Err` (named `error`) unless `text` has at most `max` characters; the error does not echo
/// the text.
fn check_length(
    what: &str,
    text: &str,
    max: usize,
    error: &'static str,
) -> Result<(), ToolFailure> {
    let chars = text.chars().count();
    if chars <= max {
        return Ok(());
    }
    let message = format!("the {what} has {chars} characters, past the limit of {max}");
    Err(ToolFailure::new(message).named(error))
}

fn compile_regex(pattern: &str, case_insensitive: bool) -> Result<Regex, ToolFailure> {
    check_length("pattern", pattern, MAX_PATTERN_CHARS, "InvalidPattern")?;
    RegexBuilder::new(pattern)
        .case_insensitive(case_insensitive)
        .size_limit(REGEX_SIZE_LIMIT)
        .dfa_size_limit(REGEX_SIZE_LIMIT)
        .build()
        .map_err(|error| {
            ToolFailure::new(format!("invalid pattern: {error}")).named("InvalidPattern")
        })
}

/// Which files a glob picks: by name when it has no `/`, by path relative to the searched
/// directory when it has one (ripgrep's `-g` rule, which models already know).
struct Picker {
    matcher: GlobMatcher,
    by_path: bool,
}

impl Picker {
    fn new(glob: &str, case_insensitive: bool) -> Result<Self, ToolFailure> {
        check_length("glob", glob, MAX_GLOB_CHARS, "InvalidGlob")?;
        let matcher = GlobBuilder::new(glob)
            .literal_separator(true)
            .case_insensitive(case_insensitive)
            .build()
            .map_err(|error| {
                ToolFailure::new(format!("invalid glob: {error}")).named("InvalidGlob")
            })?
            .compile_matcher();
        Ok(Self { matcher, by_path: glob.contains('/') })
    }

    fn picks(&self, relative: &Path, name: &Path) -> bool {
        self.matcher.is_match(if self.by_path { relative } else { name })
    }
}

/// One search: what to match and how many matches to keep.
struct Search {
    regex: Option<Regex>,
    glob: Option<Picker>,
    max: usize,
}

impl Search {
    fn run(
        &self,
        root: &Path,
        roots: &Roots,
        signal: &CancellationToken,
    ) -> Result<Output, ToolFailure> {
        let mut output = Output { matches: Vec::new(), files_searched: 0, truncated: false };
        // Unreadable directories and files are passed over: one of them should not cost the
        // model every other match.
        for entry in walker(root).build().flatten() {
            if signal.is_cancelled() {
                return Err(cancelled());
            }
            // Symlinks are not files here: following one could leave the roots.
            if !entry.file_type().is_some_and(|kind| kind.is_file()) {
                continue;
            }
            let path = entry.path();
            let name = Path::new(entry.file_name());
            let relative = path.strip_prefix(root).ok().filter(|r| !r.as_os_str().is_empty());
            if let Some(glob) = &self.glob
                && !glob.picks(relative.unwrap_or(name), name)
            {
                continue;
            }
            let shown = roots.display(path);
            let done = match &self.regex {
                Some(regex) => self.search_file(roots, path, shown, regex, &mut output, signal)?,
                None => {
                    let done =
                        self.push(&mut output, Match { path: shown, line: None, text: None });
                    output.files_searched += u64::from(!done);
                    done
                }
            };
            if done {
                break;
            }
        }
        Ok(output)
    }

    /// Adds a match unless the output is full; returns whether the search is over.
    fn push(&self, output: &mut Output, found: Match) -> bool {
        if output.matches.len() == self.max {
            output.truncated = true;
            return true;
        }
        output.matches.push(found);
        false
    }

    /// Searches one file's lines; returns whether the search is over.
    fn search_file(
        &self,
        roots: &Roots,
        path: &Path,
        shown: String,
        regex: &Regex,
        output: &mut Output,
        signal: &CancellationToken,
    ) -> Result<bool, ToolFailure> {
        // Opened beneath its root, following no symlink: a directory the walk passed through
        // and that was swapped for a symlink since cannot lead the read outside (R-CLI-10).
        let Some((root, relative)) = roots.locate(path, Access::Read) else { return Ok(false) };
        let Ok(file) = beneath::open_file(root, relative) else { return Ok(false) };
        let mut reader = BufReader::with_capacity(64 * 1024, file);
        match reader.fill_buf() {
            Ok(head) if !looks_binary(head) => {}
            _ => return Ok(false),
        }
        output.files_searched += 1;
        let mut bytes = Vec::new();
        let mut number = 0u64;
        loop {
            bytes.clear();
            match reader.read_until(b'\n', &mut bytes) {
                Ok(0) | Err(_) => return Ok(false),
                Ok(_) => {}
            }
            number += 1;
            if number.is_multiple_of(LINES_PER_SIGNAL_CHECK) && signal.is_cancelled() {
                return Err(cancelled());
            }
            let line = String::from_utf8_lossy(&bytes);
            let line = line.trim_end_matches(['\n', '\r']);
            if let Some(found) = regex.find(line) {
                let text = excerpt(line, found.start());
                let found = Match { path: shown.clone(), line: Some(number), text: Some(text) };
                if self.push(output, found) {
                    return Ok(true);
                }
            }
        }
    }
}

/// The line, or, when it is too long to read, a window of it that starts a little before the
/// match, with `…` where it was cut.
fn excerpt(line: &str, match_start: usize) -> String {
    if line.len() <= MAX_TEXT_BYTES {
        return line.to_owned();
    }
    let from = line.floor_char_boundary(match_start.saturating_sub(TEXT_LEAD_BYTES));
    let to = line.floor_char_boundary(from + MAX_TEXT_BYTES);
    let lead = if from > 0 { "…" } else { "" };
    let tail = if to < line.len() { "…" } else { "" };
    format!("{lead}{}{tail}", &line[from..to])
}

/// What the model reads: `path:line: text` a match, as grep prints them.
fn render(args: &Args, output: &Output) -> String {
    if output.matches.is_empty() {
        let what = match &args.pattern {
            Some(pattern) => format!("No line matches /{pattern}/"),
            None => "No file matches the glob".to_owned(),
        };
        return format!("{what} ({} searched)", plural(output.files_searched, "file", "files"));
    }
    let mut lines: Vec<String> = output
        .matches
        .iter()
        .map(|found| match (found.line, &found.text) {
            (Some(line), Some(text)) => format!("{}:{line}: {text}", found.path),
            _ => found.path.clone(),
        })
        .collect();
    if output.truncated {
        lines.push(format!(
            "[stopped after {}; narrow the search or raise max_results]",
            plural(output.matches.len() as u64, "match", "matches")
        ));
    }
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_line_is_cut_around_its_match() {
        let line = format!("{}needle{}", "a".repeat(1000), "b".repeat(1000));
        let text = excerpt(&line, 1000);
        assert!(text.starts_with('…') && text.ends_with('…'));
        assert!(text.contains("needle"));
        assert!(text.len() <= MAX_TEXT_BYTES + 2 * '…'.len_utf8());
        assert_eq!(excerpt("short", 0), "short");
    }
}
