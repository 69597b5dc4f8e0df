//! TypeScript support (R-RT-1): types are stripped before Boa, which parses only JavaScript,
//! runs the script.
//!
//! [`strip_types`] uses `swc_ts_fast_strip` in its strip-only mode, which replaces every type
//! annotation, interface, type alias, `as`/`satisfies`/`!` suffix and generic argument list with
//! whitespace instead of re-printing the program. Every token that remains therefore keeps its
//! line and its column, so an error position Boa reports in the output points at the same place in
//! the source as written, with no source map. (oxc's transformer, the alternative, also handles
//! enums but re-prints the code, so positions move.) The price is that constructs which need code
//! to be generated — enums, namespaces with values, parameter properties, `import x =` — cannot be
//! stripped in place; they are rejected with a [`TypeScriptError`] that says how to write them.
//!
//! Two details the caller must know:
//!
//! - The source is a script *body* (top-level `await` and `return`). swc's TypeScript parser has
//!   no "return outside function" option, so the source is parsed inside
//!   `async function __ordo__() {` + source + `\n}`, with the prefix on the source's first line
//!   (only the first line's columns shift, and error positions are mapped back), and the wrapper is
//!   removed from the output again. Code that closes the wrapper early (`} foo(); {`) passes
//!   through and means whatever it means in the caller's own wrapping; only when swc would erase
//!   part of the wrapper (`} global {`) is it rejected, at the unmatched `}`.
//! - Positions are the same line and column, with columns counted in UTF-16 code units (swc blanks
//!   a character with as many spaces as it has UTF-16 units). Boa counts columns in code points,
//!   so a character outside the Basic Multilingual Plane (an emoji) *inside a stripped type* moves
//!   the Boa column of later tokens on that line by one. Error positions in [`TypeScriptError`] are
//!   computed like Boa's: 1-based, lines end at `\n`, `\r\n`, `\r`, U+2028 and U+2029, columns in
//!   code points.
//!
//! Hostile input must not crash the worker. swc's parser and AST visitors recurse once per
//! nesting level, so [`strip_types`] first rejects nesting deeper than [`MAX_NESTING`] with a
//! cheap scan (see [`check_nesting`] for what it cannot see). It parses on the caller's thread
//! (the worker's seccomp filter forbids starting threads), so the caller must give it a deep
//! stack: at [`MAX_NESTING`] the worst bracket kind uses ~3.5 MB of stack in a release build and
//! ~23 MB in a debug build (unoptimized swc); the worker's 64 MiB engine thread has room for both.
//! A panic inside swc is caught (the workspace builds with `panic = "unwind"`) and returned as an
//! error.

use std::any::Any;
use std::panic::AssertUnwindSafe;
use std::sync::{Arc, Mutex, PoisonError};

use swc_common::errors::{DiagnosticBuilder, Emitter, Handler};
use swc_common::{BytePos, SourceMap, sync::Lrc};
use swc_ts_fast_strip::{Mode, Options};

/// The deepest nesting of `(`, `[`, `{`, template `${` and type-argument `<` that
/// [`strip_types`] accepts. Model-written code rarely nests deeper than 20; the bound exists so a
/// hostile script cannot overflow the parser's stack.
pub const MAX_NESTING: usize = 1000;

/// Opens the async function the source is parsed inside; no newline, so the source's first line
/// stays the first line.
const WRAP_PREFIX: &str = "async function __ordo__() {";
/// Closes it on a line of its own, so a `//` comment on the source's last line cannot swallow it.
const WRAP_SUFFIX: &str = "\n}";

/// Why TypeScript source could not be turned into JavaScript: a syntax error (with the parser's
/// message), a construct that cannot be stripped in place (with how to write it instead), or
/// nesting deeper than [`MAX_NESTING`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message} (line {line}, column {column})")]
pub struct TypeScriptError {
    /// What is wrong, and for unsupported constructs what to write instead.
    pub message: String,
    /// 1-based line in the source as written.
    pub line: u32,
    /// 1-based column in the source as written, counted in code points like Boa.
    pub column: u32,
}

impl TypeScriptError {
    /// An error at a byte offset of `source`.
    fn at(source: &str, offset: usize, message: impl Into<String>) -> Self {
        let (line, column) = line_column(source, offset);
        Self { message: message.into(), line, column }
    }
}

/// Strips TypeScript types so Boa (which parses only JavaScript) can run the code; positions in
/// the output correspond to positions in the input (same line and column for every token that
/// remains), so error positions reported by Boa point into the source as written.
///
/// `source` is a script body: top-level `await` and `return` are accepted. JavaScript without
/// types comes back byte-identical. Never panics: a panic inside swc is caught and returned as an
/// error. Needs a deep stack (see the [module documentation](self)).
pub fn strip_types(source: &str) -> Result<String, TypeScriptError> {
    let unmatched_brace = check_nesting(source)?;
    // Everything swc touches is created inside the closure, so nothing half-updated by a panic is
    // seen afterwards.
    std::panic::catch_unwind(AssertUnwindSafe(|| strip_wrapped(source, unmatched_brace)))
        .unwrap_or_else(|panic| {
            Err(TypeScriptError::at(
                source,
                0,
                format!("internal error in the TypeScript stripper: {}", panic_message(&*panic)),
            ))
        })
}

/// Wraps, strips and unwraps `source`; `unmatched_brace` is where the scan saw a `}` that closes
/// nothing, if it did.
fn strip_wrapped(source: &str, unmatched_brace: Option<usize>) -> Result<String, TypeScriptError> {
    let wrapped = format!("{WRAP_PREFIX}{source}{WRAP_SUFFIX}");
    let source_map: Lrc<SourceMap> = Lrc::default();
    let diagnostics = Arc::new(Mutex::new(Vec::new()));
    let handler = Handler::with_emitter(true, false, Box::new(Collect(Arc::clone(&diagnostics))));
    let options = Options { module: Some(false), mode: Mode::StripOnly, ..Options::default() };

    match swc_ts_fast_strip::operate(&source_map, &handler, wrapped, options) {
        // `} global {` makes a type-only declaration that swallows the wrapper's `}`.
        Ok(output) => unwrap_output(&output.code).map(str::to_owned).ok_or_else(|| {
            TypeScriptError::at(
                source,
                unmatched_brace.unwrap_or(source.len()),
                "the code must be the body of a function: an unmatched `}` closes the function \
                 it runs in",
            )
        }),
        Err(error) => {
            let start = source_map.files().first().map_or(BytePos(0), |file| file.start_pos);
            let collected =
                std::mem::take(&mut *diagnostics.lock().unwrap_or_else(PoisonError::into_inner));
            // The earliest problem is the one to fix first; later ones often follow from it.
            let earliest =
                collected.into_iter().min_by_key(|found| found.position.map_or(u32::MAX, |p| p.0));
            Err(match earliest {
                Some(found) => {
                    let wrapped_offset =
                        found.position.map_or(0, |p| p.0.saturating_sub(start.0) as usize);
                    let offset = wrapped_offset.saturating_sub(WRAP_PREFIX.len());
                    TypeScriptError::at(source, offset, explain(&found.message))
                }
                None => TypeScriptError::at(source, 0, error.message),
            })
        }
    }
}

/// The stripped source without the wrapper, or `None` if swc erased part of the wrapper (the
/// wrapper holds no types, so only code that closes it early can make that happen).
fn unwrap_output(code: &str) -> Option<&str> {
    code.strip_prefix(WRAP_PREFIX)?.strip_suffix(WRAP_SUFFIX)
}

/// One diagnostic swc emitted: its message and where its primary span starts.
struct Diagnostic {
    message: String,
    position: Option<BytePos>,
}

/// Collects swc's diagnostics instead of printing them.
struct Collect(Arc<Mutex<Vec<Diagnostic>>>);

impl Emitter for Collect {
    fn emit(&mut self, diagnostic: &mut DiagnosticBuilder<'_>) {
        let found = Diagnostic {
            message: diagnostic.message(),
            position: diagnostic.span.primary_span().map(|span| span.lo),
        };
        self.0.lock().unwrap_or_else(PoisonError::into_inner).push(found);
    }
}

/// Replaces swc's message for a construct strip-only mode cannot handle with what to write
/// instead; syntax errors keep the parser's message.
fn explain(message: &str) -> String {
    let advice = if message.starts_with("TypeScript enum ") {
        "TypeScript enums are not supported in scripts; use a const object instead \
         (`const Color = { Red: 0, Green: 1 } as const;`)"
    } else if message.starts_with("TypeScript namespace ") {
        "TypeScript namespaces with runtime code are not supported in scripts; use a const \
         object or plain functions instead (namespaces that hold only types are fine)"
    } else if message.starts_with("TypeScript import equals ") {
        "TypeScript `import x = ...` declarations are not supported in scripts; scripts cannot \
         load modules, and an alias can be written as `const x = ...;`"
    } else if message.starts_with("TypeScript export assignment ") {
        "TypeScript `export = ...` is not supported in scripts; a script gives its result with \
         `return`"
    } else if message.starts_with("TypeScript parameter property ") {
        "TypeScript parameter properties (`constructor(private x: T)`) are not supported in \
         scripts; declare the field in the class body and assign it in the constructor"
    } else if message.starts_with("The angle-bracket syntax ") {
        "Type assertions written `<T>expr` are not supported in scripts; write `expr as T` instead"
    } else {
        return message.to_owned();
    };
    advice.to_owned()
}

/// The text of a caught panic.
fn panic_message(panic: &(dyn Any + Send)) -> &str {
    match (panic.downcast_ref::<&str>(), panic.downcast_ref::<String>()) {
        (Some(text), _) => text,
        (None, Some(text)) => text,
        (None, None) => "unknown panic",
    }
}

/// The 1-based line and column of a byte offset, counted the way Boa counts them: lines end at
/// `\n`, `\r\n`, `\r`, U+2028 and U+2029; columns are code points. An offset past the end or
/// inside a character is moved back to the nearest character boundary.
fn line_column(source: &str, offset: usize) -> (u32, u32) {
    let mut end = offset.min(source.len());
    while !source.is_char_boundary(end) {
        end -= 1;
    }
    let (mut line, mut column) = (1usize, 1usize);
    let mut chars = source.get(..end).unwrap_or_default().chars().peekable();
    while let Some(character) = chars.next() {
        match character {
            '\r' => {
                chars.next_if_eq(&'\n');
                (line, column) = (line + 1, 1);
            }
            '\n' | '\u{2028}' | '\u{2029}' => (line, column) = (line + 1, 1),
            _ => column += 1,
        }
    }
    let clamp = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    (clamp(line), clamp(column))
}

/// Rejects source whose `(`, `[`, `{`, template `${` or type-argument `<` nesting exceeds
/// [`MAX_NESTING`], pointing at the opener that crossed the bound.
///
/// A single pass over the bytes, not a parser. It skips comments, strings and template text, and
/// tells a regular expression from a division by the token before the `/`. A `<` counts as an
/// opener until a `>`, a `;` or the enclosing bracket closes it, because swc tries to read `a < b`
/// as type arguments and recurses on each `<` while it tries. Its limits:
///
/// - A regular expression right after `)` or `}` (`if (x) /re/.test(s)`) is scanned as code, so
///   brackets in it count, and a quote in it hides the rest of that line from the scan.
/// - Nesting without brackets is not counted: arrow chains `() => () => …`, prefix operators
///   `!!!…`, `if (a) if (a) …`, ternaries, `a = b = …`. In a release build these cost at most
///   ~3.2 KB of stack per level (arrows; `if` ~1.6 KB, `!` ~0.4 KB), so a 64 MiB stack holds
///   about 20,000 arrow levels (a 120 KB line of `() => `); in a debug build (~16 KB per arrow
///   level) about 4,000.
///
/// So the scan stops accidental and naive deep nesting. A script crafted against it (openers
/// hidden behind a misread regular expression, or a long bracket-free chain) can still overflow
/// the stack and abort the worker, which the host survives and reports (R-RT-3).
///
/// Returns where the first `}` that closes nothing is, if there is one.
fn check_nesting(source: &str) -> Result<Option<usize>, TypeScriptError> {
    let mut scan = NestingScan { bytes: source.as_bytes(), ..NestingScan::default() };
    scan.run().map(|()| scan.unmatched_brace).map_err(|offset| {
        TypeScriptError::at(
            source,
            offset,
            format!(
                "nesting deeper than {MAX_NESTING} levels of brackets, template `${{` and type \
                 arguments `<` is not supported; split the code into smaller expressions or \
                 functions"
            ),
        )
    })
}

/// What an entry on the scan's stack was opened by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Opener {
    Paren,
    Bracket,
    Brace,
    TemplateExpression,
    Angle,
}

impl Opener {
    const ALL: usize = 5;

    fn index(self) -> usize {
        self as usize
    }
}

/// The state of [`check_nesting`]'s single pass.
#[derive(Default)]
struct NestingScan<'a> {
    bytes: &'a [u8],
    position: usize,
    stack: Vec<Opener>,
    /// How many of each opener are on the stack, so an unmatched closer costs nothing.
    counts: [usize; Opener::ALL],
    /// Whether a `/` here starts a regular expression rather than a division.
    regex_allowed: bool,
    /// The offset of the first `}` that closed nothing.
    unmatched_brace: Option<usize>,
}

impl NestingScan<'_> {
    /// Scans to the end; `Err` carries the offset of the opener past [`MAX_NESTING`].
    fn run(&mut self) -> Result<(), usize> {
        self.regex_allowed = true;
        while let Some(&byte) = self.bytes.get(self.position) {
            let mut regex_allowed = true;
            match byte {
                b'(' => self.push(Opener::Paren)?,
                b'[' => self.push(Opener::Bracket)?,
                b'{' => self.push(Opener::Brace)?,
                b'<' => self.push(Opener::Angle)?,
                b')' | b']' | b'}' => {
                    self.regex_allowed = false;
                    self.position += 1;
                    if self.close(byte) == Some(Opener::TemplateExpression) {
                        self.skip_template()?;
                    }
                    continue;
                }
                b'>' => {
                    let arrow =
                        self.position > 0 && self.bytes.get(self.position - 1) == Some(&b'=');
                    if !arrow && self.stack.last() == Some(&Opener::Angle) {
                        self.pop();
                    }
                }
                b';' => self.pop_angles(),
                b'\'' | b'"' => {
                    self.skip_string(byte);
                    self.regex_allowed = false;
                    continue;
                }
                b'`' => {
                    self.position += 1;
                    self.skip_template()?;
                    self.regex_allowed = false;
                    continue;
                }
                b'/' => {
                    self.slash();
                    continue;
                }
                b'0'..=b'9' => {
                    self.skip_word();
                    self.regex_allowed = false;
                    continue;
                }
                b'a'..=b'z' | b'A'..=b'Z' | b'_' | b'$' | 0x80.. => {
                    let word = self.skip_word();
                    self.regex_allowed = KEYWORDS_BEFORE_EXPRESSION
                        .split(' ')
                        .any(|keyword| keyword.as_bytes() == word);
                    continue;
                }
                b' ' | b'\t' | b'\n' | b'\r' => regex_allowed = self.regex_allowed,
                _ => {}
            }
            self.regex_allowed = regex_allowed;
            self.position += 1;
        }
        Ok(())
    }

    fn push(&mut self, opener: Opener) -> Result<(), usize> {
        if self.stack.len() >= MAX_NESTING {
            return Err(self.position);
        }
        self.stack.push(opener);
        self.counts[opener.index()] += 1;
        Ok(())
    }

    fn pop(&mut self) -> Option<Opener> {
        let opener = self.stack.pop()?;
        self.counts[opener.index()] -= 1;
        Some(opener)
    }

    fn pop_angles(&mut self) {
        while self.stack.last() == Some(&Opener::Angle) {
            self.pop();
        }
    }

    /// Pops down to the opener `closer` matches, dropping unclosed `<` and mismatched openers on
    /// the way; a closer with no matching opener on the stack is ignored.
    fn close(&mut self, closer: u8) -> Option<Opener> {
        let matches = |opener: Opener| match closer {
            b')' => opener == Opener::Paren,
            b']' => opener == Opener::Bracket,
            _ => matches!(opener, Opener::Brace | Opener::TemplateExpression),
        };
        let open = [Opener::Paren, Opener::Bracket, Opener::Brace, Opener::TemplateExpression]
            .into_iter()
            .any(|opener| matches(opener) && self.counts[opener.index()] > 0);
        if !open {
            if closer == b'}' && self.unmatched_brace.is_none() {
                self.unmatched_brace = Some(self.position - 1);
            }
            return None;
        }
        while let Some(opener) = self.pop() {
            if matches(opener) {
                return Some(opener);
            }
        }
        None
    }

    /// Skips an identifier, keyword or number and returns it.
    fn skip_word(&mut self) -> &[u8] {
        let start = self.position;
        while let Some(&byte) = self.bytes.get(self.position) {
            if !(byte.is_ascii_alphanumeric() || matches!(byte, b'_' | b'$' | 0x80..)) {
                break;
            }
            self.position += 1;
        }
        self.bytes.get(start..self.position).unwrap_or_default()
    }

    /// Skips a quoted string; an unterminated one ends at the line's end.
    fn skip_string(&mut self, quote: u8) {
        self.position += 1;
        while let Some(&byte) = self.bytes.get(self.position) {
            self.position += 1;
            match byte {
                b'\\' => self.position += 1,
                b'\n' | b'\r' => return,
                _ if byte == quote => return,
                _ => {}
            }
        }
    }

    /// Skips template text up to its closing backtick, or up to a `${`, which is pushed so the
    /// `}` that closes it resumes the template.
    fn skip_template(&mut self) -> Result<(), usize> {
        while let Some(&byte) = self.bytes.get(self.position) {
            match byte {
                b'\\' => self.position += 2,
                b'`' => {
                    self.position += 1;
                    return Ok(());
                }
                b'$' if self.bytes.get(self.position + 1) == Some(&b'{') => {
                    self.push(Opener::TemplateExpression)?;
                    self.position += 2;
                    self.regex_allowed = true;
                    return Ok(());
                }
                _ => self.position += 1,
            }
        }
        Ok(())
    }

    /// Handles a `/`: a comment, a regular expression or a division.
    fn slash(&mut self) {
        match self.bytes.get(self.position + 1) {
            Some(b'/') => {
                while let Some(&byte) = self.bytes.get(self.position) {
                    if matches!(byte, b'\n' | b'\r') {
                        break;
                    }
                    self.position += 1;
                }
            }
            Some(b'*') => {
                self.position += 2;
                while self.position < self.bytes.len()
                    && self.bytes.get(self.position..self.position + 2) != Some(b"*/")
                {
                    self.position += 1;
                }
                self.position += 2;
            }
            _ if self.regex_allowed => {
                self.skip_regex();
                self.regex_allowed = false;
            }
            _ => {
                self.position += 1;
                self.regex_allowed = true;
            }
        }
    }

    /// Skips a regular expression literal's body (flags are skipped as a word afterwards); an
    /// unterminated one ends at the line's end.
    fn skip_regex(&mut self) {
        self.position += 1;
        let mut in_class = false;
        while let Some(&byte) = self.bytes.get(self.position) {
            self.position += 1;
            match byte {
                b'\\' => self.position += 1,
                b'[' => in_class = true,
                b']' => in_class = false,
                b'/' if !in_class => return,
                b'\n' | b'\r' => return,
                _ => {}
            }
        }
    }
}

/// Words after which a `/` starts a regular expression, separated by spaces.
const KEYWORDS_BEFORE_EXPRESSION: &str =
    "return typeof instanceof in of new delete void throw case do else yield await";

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `f` on a thread with the worker engine's 64 MiB stack: deep nesting needs more than a
    /// test thread's 2 MiB, above all in a debug build.
    fn on_deep_stack<T: Send>(f: impl FnOnce() -> T + Send) -> T {
        std::thread::scope(|scope| {
            std::thread::Builder::new()
                .stack_size(64 << 20)
                .spawn_scoped(scope, f)
                .expect("spawn")
                .join()
                .expect("no panic")
        })
    }

    fn strip(source: &str) -> String {
        strip_types(source).unwrap_or_else(|error| panic!("{source:?} failed: {error}"))
    }

    fn rejected(source: &str) -> TypeScriptError {
        strip_types(source).expect_err("should fail")
    }

    /// The 1-based line and column (in UTF-16 units, as swc blanks) of the `n`th occurrence of
    /// `token` in `text`.
    fn find(text: &str, token: &str, n: usize) -> (usize, usize) {
        let (offset, _) = text.match_indices(token).nth(n).expect("token present");
        let before = &text[..offset];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        (line, before[line_start..].encode_utf16().count() + 1)
    }

    /// Every line keeps its length in UTF-16 units, and every unit of the output is the input's
    /// unit at the same place, a space, or a `;` written over an erased statement.
    fn assert_positions_kept(input: &str, output: &str) {
        let (inputs, outputs): (Vec<_>, Vec<_>) =
            (input.split('\n').collect(), output.split('\n').collect());
        assert_eq!(inputs.len(), outputs.len(), "line count");
        for (number, (before, after)) in inputs.iter().zip(&outputs).enumerate() {
            let (before, after): (Vec<u16>, Vec<u16>) =
                (before.encode_utf16().collect(), after.encode_utf16().collect());
            assert_eq!(before.len(), after.len(), "length of line {}", number + 1);
            for (b, a) in before.iter().zip(&after) {
                assert!(
                    a == b || *a == u16::from(b' ') || *a == u16::from(b';'),
                    "line {}: {output}",
                    number + 1
                );
            }
        }
    }

    #[test]
    fn r_rt_1_type_annotations_are_blanked() {
        assert_eq!(
            strip("const x: number = 1;\nfunction f(a: string, b: Map<string, number[]>): void {}"),
            "const x         = 1;\nfunction f(a        , b                       )       {}"
        );
    }

    #[test]
    fn r_rt_1_interfaces_and_type_aliases_are_blanked_keeping_lines() {
        let source = &[
            "interface User {",
            "  id: number;",
            "  name?: string;",
            "}",
            "type Id = number | string;",
            "const u = { id: 1 };",
        ]
        .join("\n");
        let output = strip(source);
        assert!(!output.contains("interface") && !output.contains("type"), "{output}");
        assert!(output.ends_with("\nconst u = { id: 1 };"), "{output}");
        assert_positions_kept(source, &output);
    }

    #[test]
    fn r_rt_1_generics_are_blanked() {
        let source = &[
            "function first<T>(xs: T[]): T { return xs[0]; }",
            "const m = new Map<string, number>();",
            "const a = first<number>([1]);",
            "class Box<T extends object> { v?: T }",
        ]
        .join("\n");
        let output = strip(source);
        assert!(!output.contains('<') && !output.contains('>'), "{output}");
        assert!(output.contains(&format!("new Map{}()", " ".repeat("<string, number>".len()))));
        assert!(output.contains(&format!("first{}([1])", " ".repeat("<number>".len()))));
        assert_positions_kept(source, &output);
    }

    #[test]
    fn r_rt_1_as_casts_and_as_const_are_blanked() {
        assert_eq!(
            strip("const n = (value as unknown as number) + 1;\nconst t = [1, 2] as const;"),
            "const n = (value                     ) + 1;\nconst t = [1, 2]         ;"
        );
        // A `;` is written where removing the cast would join two lines into one call.
        assert_eq!(strip("x = a as\nnumber\n(1)"), "x = a;  \n      \n(1)");
    }

    #[test]
    fn r_rt_1_non_null_assertions_are_blanked() {
        assert_eq!(strip("const v = map.get(k)!.name!;"), "const v = map.get(k) .name ;");
    }

    #[test]
    fn r_rt_1_optional_parameters_are_blanked() {
        assert_eq!(
            strip("function f(a?: number, b?, c = 1) { return a ?? b ?? c; }"),
            "function f(a         , b , c = 1) { return a ?? b ?? c; }"
        );
    }

    #[test]
    fn r_rt_1_satisfies_is_blanked() {
        let suffix = " satisfies Record<string, number>";
        assert_eq!(
            strip(&format!("const cfg = {{ retries: 3 }}{suffix};")),
            format!("const cfg = {{ retries: 3 }}{};", " ".repeat(suffix.len()))
        );
    }

    #[test]
    fn r_rt_1_class_modifiers_and_declarations_are_blanked() {
        let source = &[
            "abstract class A {",
            "  private readonly x: number = 1;",
            "  declare y: string;",
            "  abstract f(): void;",
            "  public g(this: A, n: number): number { return n; }",
            "}",
            "declare const z: number;",
        ]
        .join("\n");
        let output = strip(source);
        for word in ["abstract", "private", "readonly", "declare", "public", "this:"] {
            assert!(!output.contains(word), "{word} left in {output}");
        }
        assert_positions_kept(source, &output);
    }

    #[test]
    fn r_rt_1_top_level_await_and_return_are_kept() {
        let source = "const r: number = await tools.f({});\nif (r > 1) return r;\nreturn null";
        assert_eq!(
            strip(source),
            "const r         = await tools.f({});\nif (r > 1) return r;\nreturn null"
        );
    }

    #[test]
    fn r_rt_1_plain_javascript_passes_through_byte_identical() {
        for source in [
            "",
            "return 1",
            "return 1 // a comment on the last line",
            "const a = [1, 2].map((x) => x * 2);\nreturn a.length < 3 ? a : null;",
            "const re = /<[a-z]+>/gi; const s = `x ${1 + 1} y`;\r\nreturn re.test(s);",
            "/* é 😀 */ const café = 'naïve'; label: for (;;) break label;",
            "async function f() { for await (const x of g()) {} }\nclass C { #p = 1; }",
            "class C { static s = 2; #p = 1; get p() { return this.#p; } }",
        ] {
            assert_eq!(strip(source), source);
        }
    }

    #[test]
    fn r_rt_1_positions_of_remaining_tokens_are_preserved() {
        let source = &[
            "interface P { x: number }",
            "const p: P = { x: 1 } as P;",
            "function dist<T extends P>(a: T, b?: T): number {",
            "  return Math.hypot(a.x - (b?.x ?? 0)!);",
            "}",
            "const émoji: '😀' = '😀'; const out = dist<P>(p);",
            "return out satisfies number;",
        ]
        .join("\n");
        let output = strip(source);
        assert_positions_kept(source, &output);
        for (token, n) in [
            ("const", 0),
            ("{ x: 1 }", 0),
            ("Math", 0),
            ("b?.x", 0),
            ("out", 0),
            ("dist", 1),
            ("(p)", 0),
            ("return", 1),
        ] {
            assert_eq!(find(source, token, n), find(&output, token, n), "{token} #{n}");
        }
    }

    #[test]
    fn r_rt_1_syntax_error_reports_the_parser_message_and_position() {
        let error = rejected("const a = 1;\nconst b: number = ;\n");
        assert_eq!((error.line, error.column), (2, 19), "{error}");
        assert_eq!(error.message, "Expression expected");
        // On the first line the wrapper's prefix is subtracted.
        let error = super::strip_types("let x: = 1").expect_err("syntax error");
        assert_eq!((error.line, error.column), (1, 8), "{error}");
    }

    #[test]
    fn r_rt_1_error_columns_count_code_points_like_boa() {
        // 😀 is two UTF-16 units and four bytes, but one column for Boa.
        let error = rejected("const s = '😀é'; let x: = 1");
        assert_eq!((error.line, error.column), (1, 24), "{error}");
        let error = rejected("a;\r\nb;\rlet x: = 1");
        assert_eq!((error.line, error.column), (3, 8), "{error}");
    }

    #[test]
    fn r_rt_1_unclosed_code_is_reported_at_the_end_of_the_source() {
        let error = rejected("if (x) {\n  return 1;\n");
        assert_eq!(error.line, 3, "{error}");
    }

    #[test]
    fn r_rt_1_code_that_closes_the_wrapper_so_swc_erases_it_is_rejected_at_the_brace() {
        // `global { … }` is a type-only declaration; here it would swallow the wrapper's `}`.
        let error = rejected("x();\n}\nglobal {");
        assert!(error.message.contains("unmatched `}`"), "{error}");
        assert_eq!((error.line, error.column), (2, 1), "{error}");
        assert!(rejected("--elsex}global{global").message.contains("unmatched `}`"));
    }

    #[test]
    fn r_rt_1_enum_is_rejected_with_its_position_and_advice() {
        let error = rejected("const a = 1;\n  enum Color { Red, Green }\nreturn Color.Red;");
        assert_eq!((error.line, error.column), (2, 3), "{error}");
        assert!(
            error.message.contains("enums are not supported")
                && error.message.contains("const object"),
            "{error}"
        );
        assert!(super::strip_types("const enum E { A }").is_err());
        assert_eq!(strip("declare enum E { A }\nreturn 1;"), ";                   \nreturn 1;");
    }

    #[test]
    fn r_rt_1_other_constructs_needing_code_generation_are_rejected_with_advice() {
        for (source, needle, at) in [
            ("namespace N { export const x = 1; }", "namespaces", (1, 1)),
            ("class A {\n  constructor(private x: number) {}\n}", "parameter properties", (2, 23)),
            ("const n = <number>value;", "`expr as T`", (1, 11)),
            ("import fs = require('fs');", "outside of module code", (1, 1)),
        ] {
            let error = rejected(source);
            assert!(error.message.contains(needle), "{source}: {error}");
            assert_eq!((error.line, error.column), at, "{source}: {error}");
        }
        // A namespace of types only is erased.
        assert_eq!(strip("namespace T { export type X = 1 }"), ";                                ");
    }

    #[test]
    fn r_rt_1_deep_nesting_is_rejected_without_crash() {
        let deep = 5_000;
        for (open, close) in [("(", ")"), ("[", "]"), ("{a:", "}"), ("`${", "}`"), ("A<", ">")] {
            let source = format!("let x = {}1{};", open.repeat(deep), close.repeat(deep));
            let error = on_deep_stack(|| strip_types(&source)).expect_err("too deep");
            assert!(error.message.contains("nesting deeper than 1000"), "{error}");
            let expected_column = 9
                + MAX_NESTING * open.chars().count()
                + open.find(['(', '[', '{', '$', '<']).unwrap_or(0);
            assert_eq!((error.line, error.column as usize), (1, expected_column), "{open}");
        }
        let generic =
            format!("let x: {}number{} = null;", "Map<string, ".repeat(deep), ">".repeat(deep));
        assert!(rejected(&generic).message.contains("nesting"));
        let unclosed = "((((([[[[[{{{{{<<<<<".repeat(deep);
        assert!(rejected(&unclosed).message.contains("nesting"));
    }

    #[test]
    fn r_rt_1_nesting_at_the_bound_is_accepted() {
        on_deep_stack(|| {
            for (open, close) in [("(", ")"), ("[", "]"), ("{a:", "}"), ("`${", "}`")] {
                let source =
                    format!("x = {}1{};", open.repeat(MAX_NESTING), close.repeat(MAX_NESTING));
                assert_eq!(strip(&source), source);
            }
            let types = format!(
                "let x: {}number{} = 1;",
                "{a:".repeat(MAX_NESTING - 1),
                "}".repeat(MAX_NESTING - 1)
            );
            assert!(strip(&types).trim_start().starts_with("let x "));
            let generic = format!(
                "let x: {}number{} = 1;",
                "A<".repeat(MAX_NESTING),
                ">".repeat(MAX_NESTING)
            );
            assert!(strip(&generic).starts_with("let x "));
        });
    }

    #[test]
    fn r_rt_1_comparisons_and_brackets_in_strings_comments_and_regexes_do_not_count() {
        let comparisons = "if (a < b && c << 2 <= d) x = a < b;\n".repeat(3_000);
        assert_eq!(strip(&comparisons), comparisons);
        let text = format!(
            "const s = '{0}'; const t = \"{0}\"; /* {0} */ // {0}\nconst u = `{0}`;",
            "(((([[[[{{{{<<<<".repeat(500)
        );
        assert_eq!(strip(&text), text);
        let regexes = "x = /\\(\\[\\{[(]/.test(s) ? /</ : /\\(/;\n".repeat(2_000);
        assert_eq!(strip(&regexes), regexes);
        // Closers with nothing open are ignored, so they cannot hide later openers.
        let closers = format!("{}{}", ")]}>".repeat(2_000), "(".repeat(1_001));
        assert!(rejected(&closers).message.contains("nesting"));
    }

    #[test]
    fn r_rt_1_deep_nesting_without_brackets_does_not_crash() {
        on_deep_stack(|| {
            for source in [
                format!("x = {}1;", "() => ".repeat(1_000)),
                format!("x = {}1;", "!".repeat(5_000)),
                format!("x = {}1;", "- ".repeat(5_000)),
                format!("x = {}1{};", "a ? ".repeat(2_000), " : 0".repeat(2_000)),
                format!("{}x;", "if (a) ".repeat(1_000)),
                format!("let f: {}number;", "() => ".repeat(1_000)),
                format!("let t: number{};", "[]".repeat(5_000)),
            ] {
                let _ = strip_types(&source);
            }
        });
    }

    #[test]
    fn r_rt_1_random_garbage_never_panics_or_fails_internally() {
        const PIECES: &str = "( ) [ ] { } < > => : ? ! ; , . ... ' \" ` ${ / * \\ // /* */ # @ \
            <T> as satisfies enum type interface namespace declare return await async function \
            class x 1 é 😀 \u{2028}";
        let pieces: Vec<&str> = PIECES.split(' ').chain(["\n", "\r", " ", ": number"]).collect();
        let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        on_deep_stack(|| {
            for _ in 0..1_500 {
                let length = next() % 60;
                let source: String =
                    (0..length).map(|_| pieces[(next() % pieces.len() as u64) as usize]).collect();
                if let Err(error) = strip_types(&source) {
                    assert!(!error.message.starts_with("internal error"), "{source:?}: {error}");
                    assert!(error.line >= 1 && error.column >= 1, "{source:?}: {error}");
                }
            }
        });
    }

    #[test]
    fn r_rt_1_stripped_output_runs_in_boa() {
        use boa_engine::builtins::promise::PromiseState;
        use boa_engine::object::builtins::JsPromise;
        use boa_engine::{Context, JsValue, Source};

        let source = &[
            "interface In { n: number }",
            "const input: In = { n: 20 };",
            "const double = <T extends number>(v: T): number => v * 2;",
            "const r = await Promise.resolve(double(input.n)!) as number;",
            "return r + 2 satisfies number;",
        ]
        .join("\n");
        let body = strip(source);
        let mut context = Context::default();
        let script = format!("(async function __ordo__() {{{body}\n}})()");
        let value = context.eval(Source::from_bytes(&script)).expect("runs");
        context.run_jobs().expect("jobs");
        let promise = value
            .as_object()
            .and_then(|object| JsPromise::from_object(object.clone()).ok())
            .expect("a promise");
        assert_eq!(promise.state(), PromiseState::Fulfilled(JsValue::from(42)));
    }

    #[test]
    fn typescript_error_displays_its_position() {
        let error = TypeScriptError { message: "bad".into(), line: 3, column: 7 };
        assert_eq!(error.to_string(), "bad (line 3, column 7)");
    }
}
