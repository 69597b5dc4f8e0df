//! `read_file`: a UTF-8 text file, or a window of its lines (R-CLI-7).
//!
//! Lines are numbered from 1 and split after each `\n`, so a window keeps its line endings
//! (`\r\n` included) and consecutive windows concatenate to the file byte for byte. The file is
//! streamed in chunks: only the window is kept in memory, and the total line count comes from
//! the same pass. Two caps keep one call from flooding a context: at most
//! [`DEFAULT_LIMIT`] lines unless the call asks otherwise, and at most [`MAX_CONTENT_BYTES`]
//! of content whatever it asks; a cut window says where to continue.

use std::fs::File;
use std::io::{self, Read};
use std::sync::Arc;

use ordo_tools::{
    CallContext, CancellationToken, Card, Concurrency, ContentBlock, PresentationMeta,
    ToolAnnotations, ToolDefinition, ToolFailure, TypedTool,
};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::READ_FILE;
use super::beneath;
use super::roots::{Access, Roots};
use super::shared::{
    BINARY_SNIFF_BYTES, Located, PathArg, as_the_model_reads, blocking, cancelled, format_size,
    io_failure, locate, looks_binary, plural, result_card,
};

/// Lines returned when a call gives no `limit`.
pub const DEFAULT_LIMIT: u64 = 2000;

/// Most bytes of content one call returns, whatever its `limit`: about 64k tokens.
pub const MAX_CONTENT_BYTES: usize = 256 * 1024;

/// Bytes read from the file at a time.
const CHUNK_BYTES: usize = 64 * 1024;

/// The largest regular file read on the calling thread rather than in the blocking pool: one
/// chunk, a single `read` from the page cache.
const INLINE_READ_BYTES: u64 = CHUNK_BYTES as u64;

// The arguments. Doc comments on the fields are what the model reads.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(transform = as_the_model_reads)]
struct Args {
    /// The file, relative to the working directory or absolute.
    path: PathArg,
    /// The first line to return, counting from 1. Default 1.
    #[schemars(range(min = 1))]
    offset: Option<u64>,
    /// The most lines to return. Default 2000.
    #[schemars(range(min = 1))]
    limit: Option<u64>,
}

impl Args {
    /// The first line asked for.
    fn first(&self) -> u64 {
        self.offset.unwrap_or(1)
    }
}

// The canonical value.
#[derive(Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(transform = as_the_model_reads)]
struct Output {
    /// The file, as given.
    path: String,
    content: String,
    /// The file's size in bytes.
    size: u64,
    /// The file's total line count.
    lines: u64,
    #[schemars(range(min = 1))]
    offset: u64,
    /// True when the file goes on past `content`: read on from `next_offset`.
    truncated: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 2))]
    next_offset: Option<u64>,
}

impl Output {
    /// How many lines `content` holds.
    fn returned_lines(&self) -> u64 {
        self.content.lines().count() as u64
    }

    /// Whether the window's only line was longer than the byte cap: a window otherwise ends on
    /// a line break, or at the file's end, where it is not truncated.
    fn line_was_cut(&self) -> bool {
        self.truncated && !self.content.is_empty() && !self.content.ends_with('\n')
    }
}

/// What a UI shows of a read (R-PIPE-9): the numbers, not the content.
#[derive(Serialize, Deserialize)]
struct Meta {
    path: String,
    size: u64,
    lines: u64,
    first: u64,
    returned: u64,
    truncated: bool,
}

/// The `read_file` tool, confined to `roots`. On its own, for an embedder that wants
/// only some of the four; [`register`](super::register) installs them all.
pub fn definition(roots: Arc<Roots>) -> ToolDefinition {
    ToolDefinition::from_typed(ReadFile { roots })
        // Reads inside its roots only: changes nothing, reaches nothing beyond them (R-MCPS-2).
        .with_annotations(ToolAnnotations::READ_ONLY)
        .with_error_names(&[
            "NotFound",
            "IsADirectory",
            "BinaryFile",
            "PermissionDenied",
            "OutsideRoots",
        ])
        .with_concurrency_reason(super::shared::READS_ONLY)
        .with_present_result(|_args, record| {
            result_card(record, |meta: Meta| {
                let size = format_size(meta.size);
                if meta.first <= 1 && !meta.truncated {
                    Card::new(format!("Read {} ({size})", plural(meta.lines, "line", "lines")))
                } else if meta.returned == 0 {
                    Card::new(format!(
                        "Read nothing: {} has {}",
                        meta.path,
                        plural(meta.lines, "line", "lines")
                    ))
                } else {
                    let last = meta.first + meta.returned - 1;
                    Card::new(format!(
                        "Read lines {}–{last} of {} ({size})",
                        meta.first, meta.lines
                    ))
                }
            })
        })
}

/// The tool: its roots are its state.
struct ReadFile {
    roots: Arc<Roots>,
}

impl TypedTool for ReadFile {
    type Args = Args;
    type Output = Output;
    const NAME: &'static str = READ_FILE;
    const DESCRIPTION: &'static str = "Read a UTF-8 text file. Returns its content with the file's \
         size in bytes and its total line count. Large files are read in windows: `offset` is \
         the first line to return (1-based) and `limit` the most lines (default 2000); one call \
         returns at most 256 KB of content whatever the limit. A cut result has `truncated: \
         true` and `next_offset` to continue from. Binary files are refused.";
    const CONCURRENCY: Concurrency = Concurrency::Concurrent;
    const PRESENTATION_META: Option<PresentationMeta<Self>> = Some(meta);

    async fn call(&self, args: Args, cx: CallContext) -> Result<Output, ToolFailure> {
        let located = locate(&self.roots, &args.path, Access::Read)?;
        let shown = self.roots.display(&located.resolved);
        let window = (args.first(), args.limit.unwrap_or(DEFAULT_LIMIT));
        let signal = cx.signal().clone();
        let requested = String::from(&*args.path);
        let (file, small) = open(&located, &requested)?;
        // A small regular file is read here: from the page cache that is a few microseconds,
        // less than handing it to the blocking pool and waking a thread there. A larger file,
        // or one whose reads may wait (a FIFO, a device), goes to the pool.
        let window = match small {
            Some(size) => {
                // One read for the content, one to see the end.
                let chunk = usize::try_from(size).map_or(CHUNK_BYTES, |size| size + 1);
                read_window(file, chunk, window, &signal, &requested)?
            }
            None => {
                blocking(move || read_window(file, CHUNK_BYTES, window, &signal, &requested))
                    .await?
            }
        };
        Ok(Output {
            path: shown,
            content: window.content,
            size: window.size,
            lines: window.lines,
            offset: args.first(),
            truncated: window.truncated,
            next_offset: window.next_offset,
        })
    }

    fn render(_args: &Args, output: &Output) -> Vec<ContentBlock> {
        vec![ContentBlock::text(render(output))]
    }

    fn present_call(args: &Args) -> Option<Card> {
        let card = Card::new(format!("Read {}", &*args.path));
        Some(match (args.offset, args.limit) {
            (None, None) => card,
            (first, Some(limit)) => {
                let first = first.unwrap_or(1);
                card.with_detail(format!("lines {first}–{}", first.saturating_add(limit - 1)))
            }
            (Some(first), None) => card.with_detail(format!("from line {first}")),
        })
    }
}

/// The presentation meta of a read.
fn meta(_args: &Args, output: &Output) -> Value {
    json!(Meta {
        path: output.path.clone(),
        size: output.size,
        lines: output.lines,
        first: output.offset,
        returned: output.returned_lines(),
        truncated: output.truncated,
    })
}

/// What one pass over a file found.
struct Window {
    content: String,
    size: u64,
    lines: u64,
    truncated: bool,
    next_offset: Option<u64>,
}

/// Opens the file beneath its root, following no symlink (R-CLI-10), without waiting (a FIFO
/// with no writer does not hold the call); says whether it is a regular file small enough to
/// read at once ([`INLINE_READ_BYTES`]), and then its size. Anything else is made to wait for
/// its reads again, for the blocking pool.
fn open(located: &Located, shown: &str) -> Result<(File, Option<u64>), ToolFailure> {
    let is_a_directory = || {
        ToolFailure::new(format!("`{shown}` is a directory; list it with list_dir"))
            .named("IsADirectory")
    };
    if located.relative.as_os_str().is_empty() {
        return Err(is_a_directory());
    }
    let file = beneath::open_file_at_once(&located.root, &located.relative)
        .map_err(|error| io_failure(shown, &error))?;
    let metadata = file.metadata().map_err(|error| io_failure(shown, &error))?;
    if metadata.is_dir() {
        return Err(is_a_directory());
    }
    let regular = metadata.is_file();
    if !regular {
        beneath::blocking_reads(&file).map_err(|error| io_failure(shown, &error))?;
    }
    let small = (regular && metadata.len() <= INLINE_READ_BYTES).then_some(metadata.len());
    Ok((file, small))
}

/// Streams the file once, `chunk` bytes at a time, keeping lines `offset..offset + limit`
/// within the byte cap.
fn read_window(
    mut file: File,
    chunk: usize,
    (offset, limit): (u64, u64),
    signal: &CancellationToken,
    shown: &str,
) -> Result<Window, ToolFailure> {
    let mut chunk = vec![0; chunk.clamp(1, CHUNK_BYTES)];
    let mut scan = Scan::new(offset, limit);
    let mut size = 0u64;
    loop {
        if signal.is_cancelled() {
            return Err(cancelled());
        }
        let read = match file.read(&mut chunk) {
            Ok(0) => break,
            Ok(read) => read,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(io_failure(shown, &error)),
        };
        let data = &chunk[..read];
        let sniffed = usize::try_from(size).unwrap_or(usize::MAX);
        if sniffed < BINARY_SNIFF_BYTES
            && looks_binary(&data[..data.len().min(BINARY_SNIFF_BYTES - sniffed)])
        {
            return Err(ToolFailure::new(format!(
                "`{shown}` looks binary (it has a NUL byte in its first 8 KiB); read_file reads \
                 UTF-8 text only"
            ))
            .named("BinaryFile"));
        }
        size += read as u64;
        scan.feed(data);
    }
    scan.finish(size, shown)
}

/// The state of one pass: which line the next byte belongs to, and the window kept so far.
struct Scan {
    offset: u64,
    /// The first line past the window.
    end: u64,
    /// The 1-based line the next byte belongs to.
    line: u64,
    at_line_start: bool,
    content: Vec<u8>,
    /// `content.len()` when the line being kept began, to drop it whole if it overflows.
    line_start: usize,
    /// Where to continue, once the byte cap stopped the window.
    stopped: Option<u64>,
    /// Whether the window's first line was cut at the byte cap.
    cut: bool,
}

impl Scan {
    fn new(offset: u64, limit: u64) -> Self {
        Self {
            offset,
            end: offset.saturating_add(limit),
            line: 1,
            at_line_start: true,
            content: Vec::new(),
            line_start: 0,
            stopped: None,
            cut: false,
        }
    }

    fn feed(&mut self, mut data: &[u8]) {
        while !data.is_empty() {
            let (segment, ends_line) = match data.iter().position(|&byte| byte == b'\n') {
                Some(newline) => (&data[..=newline], true),
                None => (data, false),
            };
            data = &data[segment.len()..];
            self.keep(segment);
            if ends_line {
                self.line += 1;
            }
            self.at_line_start = ends_line;
        }
    }

    /// Keeps a segment of the current line if the line is in the window and fits the cap.
    fn keep(&mut self, segment: &[u8]) {
        if self.stopped.is_some() || self.line < self.offset || self.line >= self.end {
            return;
        }
        if self.at_line_start {
            self.line_start = self.content.len();
        }
        let room = MAX_CONTENT_BYTES - self.content.len();
        if segment.len() <= room {
            self.content.extend_from_slice(segment);
        } else if self.line == self.offset {
            // The window's first line alone is over the cap: return its head rather than
            // nothing, or a file of one huge line could never be read.
            self.content.extend_from_slice(&segment[..room]);
            self.cut = true;
            self.stopped = Some(self.line + 1);
        } else {
            self.content.truncate(self.line_start);
            self.stopped = Some(self.line);
        }
    }

    fn finish(self, size: u64, shown: &str) -> Result<Window, ToolFailure> {
        let lines = if self.at_line_start { self.line - 1 } else { self.line };
        let (truncated, next_offset) = match self.stopped {
            Some(next) => (true, (next <= lines).then_some(next)),
            None => {
                let more = lines >= self.end;
                (more, more.then_some(self.end))
            }
        };
        let content = match String::from_utf8(self.content) {
            Ok(content) => content,
            Err(error) => {
                let utf8 = error.utf8_error();
                let mut bytes = error.into_bytes();
                if self.cut && utf8.error_len().is_none() {
                    // The cap split the last character: drop its first bytes.
                    bytes.truncate(utf8.valid_up_to());
                    String::from_utf8(bytes).map_err(|_| not_utf8(shown, self.offset))?
                } else {
                    let breaks = bytes[..utf8.valid_up_to()].iter().filter(|&&b| b == b'\n');
                    return Err(not_utf8(shown, self.offset + breaks.count() as u64));
                }
            }
        };
        Ok(Window { content, size, lines, truncated, next_offset })
    }
}

fn not_utf8(shown: &str, line: u64) -> ToolFailure {
    ToolFailure::new(format!(
        "`{shown}` is not UTF-8 text (invalid bytes on line {line}); read_file reads UTF-8 \
         text only"
    ))
    .named("NotUtf8")
}

/// What the model reads: the content itself, with a bracketed note when it is not the whole
/// file, so that line numbers and the way on are never left to guesswork.
fn render(output: &Output) -> String {
    if output.lines == 0 {
        return format!("[`{}` is empty]", output.path);
    }
    if output.content.is_empty() {
        return format!(
            "[offset {} is past the end: `{}` has {}]",
            output.offset,
            output.path,
            plural(output.lines, "line", "lines")
        );
    }
    if output.offset == 1 && !output.truncated {
        return output.content.clone();
    }
    let mut text = output.content.clone();
    if !text.ends_with('\n') {
        text.push('\n');
    }
    let first = output.offset;
    let last = first + output.returned_lines() - 1;
    let size = format_size(output.size);
    if output.line_was_cut() {
        text.push_str(&format!(
            "[line {first} of {} ({size}) is longer than {} and was cut here",
            output.lines,
            format_size(MAX_CONTENT_BYTES as u64)
        ));
    } else {
        text.push_str(&format!("[lines {first}–{last} of {} ({size})", output.lines));
    }
    match output.next_offset {
        Some(next) => text.push_str(&format!("; more follows: read_file with offset={next}]")),
        None => text.push(']'),
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scan(data: &[&[u8]], offset: u64, limit: u64) -> Window {
        let mut scan = Scan::new(offset, limit);
        let mut size = 0;
        for chunk in data {
            scan.feed(chunk);
            size += chunk.len() as u64;
        }
        scan.finish(size, "f").unwrap_or_else(|error| panic!("{error}"))
    }

    #[test]
    fn lines_are_counted_as_text_editors_count_them() {
        assert_eq!(scan(&[b""], 1, 10).lines, 0);
        assert_eq!(scan(&[b"a"], 1, 10).lines, 1);
        assert_eq!(scan(&[b"a\n"], 1, 10).lines, 1);
        assert_eq!(scan(&[b"a\n", b"b"], 1, 10).lines, 2);
        assert_eq!(scan(&[b"a\r\nb\r\n"], 1, 10).lines, 2);
    }

    #[test]
    fn windows_concatenate_to_the_file() {
        let file: &[u8] = b"one\ntwo\r\nthree\nfour";
        let mut whole = String::new();
        let mut offset = 1;
        loop {
            // Chunk boundaries inside lines must not matter.
            let window = scan(&[&file[..5], &file[5..11], &file[11..]], offset, 2);
            whole.push_str(&window.content);
            match window.next_offset {
                Some(next) => offset = next,
                None => break,
            }
        }
        assert_eq!(whole.as_bytes(), file);
    }

    #[test]
    fn a_line_over_the_cap_is_cut_on_a_character_boundary() {
        let line = "é".repeat(MAX_CONTENT_BYTES); // two bytes each
        let file = format!("{line}\nnext\n");
        let window = scan(&[file.as_bytes()], 1, 10);
        assert!(window.truncated);
        assert_eq!(window.next_offset, Some(2));
        assert_eq!(window.content.len(), MAX_CONTENT_BYTES);
        let odd = format!("a{line}\nnext\n");
        let window = scan(&[odd.as_bytes()], 1, 10);
        assert_eq!(window.content.len(), MAX_CONTENT_BYTES - 1, "the split character is dropped");
    }
}
