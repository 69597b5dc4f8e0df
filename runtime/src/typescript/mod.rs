//! TypeScript support (R-RT-1): TypeScript is turned into JavaScript before Boa, which parses
//! only JavaScript, runs the script.
//!
//! [`to_javascript`] works in two modes, both from `swc_ts_fast_strip`:
//!
//! - **Strip-only**, the fast path, tried first. Every type annotation, interface, type alias,
//!   `as`/`satisfies`/`!` suffix and generic argument list is replaced with whitespace instead of
//!   re-printing the program, so every token that remains keeps its line and column: an error
//!   position Boa reports in the output is the same position in the source as written, with no
//!   map ([`JavaScript::positions`] is `None`). JavaScript without types comes back
//!   byte-identical. [`strip_types`] is this mode alone.
//! - **Transform**, only when strip-only refused nothing but constructs that need code generated:
//!   enums (`const enum` too), namespaces with values, parameter properties
//!   (`constructor(private x: T)`) and `<T>expr` assertions. swc parses again, writes the code
//!   (an enum becomes a `let` bound to a function that fills an object, with its members inlined
//!   where they are used; a namespace becomes a function called on a `var`, and an
//!   `import a = A.b` inside it a `const`; a parameter property becomes a field assigned in the
//!   constructor, and that class's field initializers move into the constructor after it, in
//!   TypeScript's order) and re-prints the whole program, so positions
//!   move; the source map swc writes alongside is decoded into a [`PositionMap`] from positions
//!   in the output to positions in the source as written. It costs a second parse and a
//!   re-print, paid only by scripts that use these constructs.
//!
//! Still refused, in both modes, with what to write instead: decorators, value imports and
//! exports (a script is not a module; see `modules`), `import x = …` outside a namespace,
//! `export = …`.
//!
//! Two details the caller must know:
//!
//! - The source is a script *body* (top-level `await` and `return`). swc's TypeScript parser has
//!   no "return outside function" option, so the source is parsed inside
//!   `async function __ordo__() {` + source + `\n}`, with the prefix on the source's first line
//!   (only the first line's columns shift, and error positions are mapped back), and the wrapper is
//!   removed from the output again. Transform mode re-prints the wrapper as
//!   `async function __ordo__() {`, a newline, the body indented by four spaces and `}` on a line
//!   of its own; those are taken off, and output that does not have them is refused with an
//!   error. Code that closes the wrapper early (`} foo(); {`) passes through and means whatever it
//!   means in the caller's own wrapping; only when swc would erase or re-print part of the wrapper
//!   (`} global {`) is it rejected, at the unmatched `}`.
//! - Positions. Error positions in [`TypeScriptError`] and both sides of a [`PositionMap`] are
//!   counted like Boa's: 1-based, lines end at `\n`, `\r\n`, `\r`, U+2028 and U+2029, columns in
//!   code points. Strip-only keeps each token's line and its column counted in UTF-16 code units
//!   (swc blanks a character with as many spaces as it has UTF-16 units), so a character outside
//!   the Basic Multilingual Plane (an emoji) *inside a stripped type* moves the Boa column of later
//!   tokens on that line by one. In transform mode [`PositionMap::original`] gives the position of
//!   the nearest mapped token at or before the asked one on its line, or `None` when the line
//!   has none there (code swc made up); a caller then says the position is unknown.
//!
//! Hostile input must not crash the worker. swc's parser, transforms and AST visitors recurse
//! once per nesting level, so the source is first checked for nesting deeper than
//! [`MAX_NESTING`] with a cheap scan (see `nesting::check_nesting` for what it cannot see). It
//! is compiled on the caller's thread (the worker's seccomp filter forbids starting threads), so
//! the caller must give it a deep stack: at [`MAX_NESTING`] the worst bracket kind uses ~3.5 MB
//! of stack in a release build and ~23 MB in a debug build (unoptimized swc); the worker's 64 MiB
//! engine thread has room for both. The parser is the deepest part: in a debug build, transform
//! mode's passes (resolver, TypeScript transform, hygiene, printer) stayed below it for every
//! bracket kind at [`MAX_NESTING`]. A panic inside swc is caught (the workspace builds with
//! `panic = "unwind"`) and returned as an error.

use std::any::Any;
use std::ops::Range;
use std::panic::AssertUnwindSafe;
use std::sync::{Arc, Mutex, PoisonError};

use swc_common::errors::{DiagnosticBuilder, Emitter, HANDLER, Handler};
use swc_common::{BytePos, GLOBALS, Globals, SourceMap, sync::Lrc};
use swc_ts_fast_strip::{Mode, Options};

mod modules;
mod nesting;
mod positions;

use modules::{erase_modules, import_equals};
use nesting::check_nesting;
pub use positions::PositionMap;

/// The deepest nesting of `(`, `[`, `{`, template `${` and type-argument `<` that
/// [`to_javascript`] and [`strip_types`] accept. Model-written code rarely nests deeper than 20;
/// the bound exists so a hostile script cannot overflow the parser's stack.
pub const MAX_NESTING: usize = 1000;

/// Opens the async function the source is parsed inside; no newline, so the source's first line
/// stays the first line.
const WRAP_PREFIX: &str = "async function __ordo__() {";
/// Closes it on a line of its own, so a `//` comment on the source's last line cannot swallow it.
const WRAP_SUFFIX: &str = "\n}";

/// The starts of swc's strip-only messages for constructs that transform mode writes code for.
const NEED_GENERATED_CODE: [&str; 4] = [
    "TypeScript enum ",
    "TypeScript namespace ",
    "TypeScript parameter property ",
    "The angle-bracket syntax ",
];

/// Why TypeScript source could not be turned into JavaScript: a syntax error (with the parser's
/// message), a construct that is not supported (with how to write it instead), or nesting deeper
/// than [`MAX_NESTING`].
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

/// A script body turned into JavaScript by [`to_javascript`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JavaScript {
    /// The script body as JavaScript: run it wrapped as the source would have been (it may use
    /// top-level `await` and `return`).
    pub code: String,
    /// `None` when types were only blanked: every position in `code` is the same line and column
    /// in the source as written. `Some` when code had to be generated: a position Boa reports in
    /// `code` is looked up with [`PositionMap::original`].
    pub positions: Option<PositionMap>,
}

impl JavaScript {
    /// Where the position (`line`, `column`) of [`code`](Self::code) (1-based, columns in code
    /// points, as Boa counts them in `code`) is in the source as written: the same position after
    /// strip-only, [`PositionMap::original`] after transform mode. `None` when transform mode
    /// generated that code from no particular position: say the position is unknown.
    pub fn original_position(&self, line: u32, column: u32) -> Option<(u32, u32)> {
        match &self.positions {
            None => Some((line, column)),
            Some(map) => map.original(line, column),
        }
    }
}

/// Turns a TypeScript script body into JavaScript Boa can run, with a way back from positions in
/// the JavaScript to positions in the source as written.
///
/// Strip-only first: types are blanked in place and [`JavaScript::positions`] is `None` (JavaScript
/// without types comes back byte-identical). Only if strip-only refuses a construct that needs code
/// generated — an enum (`const enum` too), a namespace with values, a parameter property,
/// `<T>expr` — is the source compiled again in transform mode, which re-prints the program and
/// returns a [`PositionMap`].
///
/// A caller that runs `code` inside its own wrapper turns a position Boa reports into one in
/// `code` first (minus the lines its prefix adds before `code`, and on `code`'s first line minus
/// the columns of the prefix's last line), then asks [`JavaScript::original_position`] where that
/// is in the source as written:
///
/// ```
/// # use ordo_runtime::typescript::to_javascript;
/// let script = to_javascript("enum Color { Red, Green }\nreturn missing(Color.Green);")?;
/// assert!(script.positions.is_some(), "the enum needed code generated");
/// // Boa would report `missing` as not defined where it is in `script.code`:
/// let offset = script.code.find("missing").expect("kept");
/// let line = script.code[..offset].lines().count() as u32;
/// let column = script.code[..offset].rsplit('\n').next().map_or(0, |l| l.chars().count()) as u32 + 1;
/// assert_eq!(script.original_position(line, column), Some((2, 8)));
/// # Ok::<(), ordo_runtime::typescript::TypeScriptError>(())
/// ```
///
/// Errors (syntax errors, refused constructs, too deep nesting) are at positions in the source as
/// written. Never panics: a panic inside swc is caught and returned as an error. Needs a deep
/// stack (see the [module documentation](self)).
pub fn to_javascript(source: &str) -> Result<JavaScript, TypeScriptError> {
    compile_safely(source, |source, unmatched_brace| match strip_wrapped(source, unmatched_brace) {
        Ok(code) => Ok(JavaScript { code, positions: None }),
        Err(Refused::NeedsGeneratedCode(_)) => transform_wrapped(source, unmatched_brace),
        Err(Refused::Error(error)) => Err(error),
    })
}

/// Strip-only: blanks TypeScript types so Boa (which parses only JavaScript) can run the code;
/// every token that remains keeps its line and column, so error positions reported by Boa point
/// into the source as written.
///
/// Unlike [`to_javascript`] it refuses, with what to write instead, the constructs that need code
/// generated (enums, namespaces with values, parameter properties, `<T>expr`). `source` is a
/// script body: top-level `await` and `return` are accepted. JavaScript without types comes back
/// byte-identical. Never panics: a panic inside swc is caught and returned as an error. Needs a
/// deep stack (see the [module documentation](self)).
pub fn strip_types(source: &str) -> Result<String, TypeScriptError> {
    compile_safely(source, |source, unmatched_brace| {
        strip_wrapped(source, unmatched_brace).map_err(Refused::into_error)
    })
}

/// Erases type-only imports, bounds the nesting, then runs `compile` on the result (and where the
/// first unmatched `}` is, if any) with swc's panics caught.
fn compile_safely<T>(
    source: &str,
    compile: impl FnOnce(&str, Option<usize>) -> Result<T, TypeScriptError>,
) -> Result<T, TypeScriptError> {
    let source = &erase_modules(source)?;
    let unmatched_brace = check_nesting(source)?;
    // Everything swc touches is created inside the closure, so nothing half-updated by a panic is
    // seen afterwards.
    std::panic::catch_unwind(AssertUnwindSafe(|| compile(source, unmatched_brace))).unwrap_or_else(
        |panic| {
            Err(TypeScriptError::at(
                source,
                0,
                format!("internal error in the TypeScript compiler: {}", panic_message(&*panic)),
            ))
        },
    )
}

/// Why strip-only mode gave no code.
enum Refused {
    /// Only constructs transform mode writes code for; the error is strip-only's, with advice.
    NeedsGeneratedCode(TypeScriptError),
    /// Anything else: a syntax error, a construct neither mode handles.
    Error(TypeScriptError),
}

impl Refused {
    fn into_error(self) -> TypeScriptError {
        match self {
            Self::NeedsGeneratedCode(error) | Self::Error(error) => error,
        }
    }
}

/// Wraps, strips and unwraps `source`; `unmatched_brace` is where the scan saw a `}` that closes
/// nothing, if it did.
fn strip_wrapped(source: &str, unmatched_brace: Option<usize>) -> Result<String, Refused> {
    let source_map: Lrc<SourceMap> = Lrc::default();
    let diagnostics = Diagnostics::default();
    let handler = diagnostics.handler();
    let options = Options { module: Some(false), mode: Mode::StripOnly, ..Options::default() };

    match swc_ts_fast_strip::operate(&source_map, &handler, wrap(source), options) {
        // `} global {` makes a type-only declaration that swallows the wrapper's `}`.
        Ok(output) => unwrap_stripped(&output.code)
            .map(str::to_owned)
            .ok_or_else(|| Refused::Error(unmatched(source, unmatched_brace))),
        Err(error) => {
            let collected = diagnostics.take();
            let needs_generated_code = !collected.is_empty()
                && collected.iter().all(|found| {
                    NEED_GENERATED_CODE.iter().any(|start| found.message.starts_with(start))
                });
            let error = earliest_error(source, &source_map, collected, error.message);
            Err(if needs_generated_code {
                Refused::NeedsGeneratedCode(error)
            } else {
                Refused::Error(error)
            })
        }
    }
}

/// Compiles `source` in swc's transform mode, which writes code for enums, namespaces and
/// parameter properties and re-prints the whole program, and maps the output back to `source`
/// with the source map swc writes alongside.
fn transform_wrapped(
    source: &str,
    unmatched_brace: Option<usize>,
) -> Result<JavaScript, TypeScriptError> {
    let source_map: Lrc<SourceMap> = Lrc::default();
    let diagnostics = Diagnostics::default();
    let handler = diagnostics.handler();
    let options = Options {
        module: Some(false),
        mode: Mode::Transform,
        source_map: true,
        ..Options::default()
    };
    // Transform mode keeps hygiene marks in `GLOBALS` and its passes report through `HANDLER`;
    // both are this call's own, so nothing is shared between scripts.
    let result = GLOBALS.set(&Globals::new(), || {
        HANDLER.set(&handler, || {
            swc_ts_fast_strip::operate(&source_map, &handler, wrap(source), options)
        })
    });
    let collected = diagnostics.take();
    let output = match result {
        Ok(output) if collected.is_empty() => output,
        Ok(_) => return Err(earliest_error(source, &source_map, collected, String::new())),
        Err(error) => return Err(earliest_error(source, &source_map, collected, error.message)),
    };
    let body = generated_body(&output.code).ok_or_else(|| unmatched(source, unmatched_brace))?;
    let map = output.map.ok_or_else(|| {
        TypeScriptError::at(source, 0, "internal error in the TypeScript transform: no source map")
    })?;
    let positions = PositionMap::decode(&map, &output.code, body.clone(), source)?;
    let code = output.code.get(body).unwrap_or_default().to_owned();
    Ok(JavaScript { code, positions: Some(positions) })
}

/// `source` inside the async function it is parsed as the body of.
fn wrap(source: &str) -> String {
    format!("{WRAP_PREFIX}{source}{WRAP_SUFFIX}")
}

/// The stripped source without the wrapper, or `None` if swc erased part of the wrapper (the
/// wrapper holds no types, so only code that closes it early can make that happen).
fn unwrap_stripped(code: &str) -> Option<&str> {
    code.strip_prefix(WRAP_PREFIX)?.strip_suffix(WRAP_SUFFIX)
}

/// Where the body is in transform mode's output, which re-prints the wrapper as
/// `async function __ordo__() {` and a newline, the body indented by four spaces, and `}` on a
/// line of its own. `None` if the output does not start with the wrapper or end with a `}`: code
/// that closes the wrapper early made swc print something else there.
///
/// When the code closes the wrapper early (`} f(); {`), the `}` is not the wrapper's, but taking
/// it off still gives code that means in the caller's wrapping what it meant in this one.
fn generated_body(code: &str) -> Option<Range<usize>> {
    let after_prefix = code.strip_prefix(WRAP_PREFIX)?;
    let start = WRAP_PREFIX.len() + usize::from(after_prefix.starts_with('\n'));
    let end = code.trim_end().strip_suffix('}')?.len();
    let end = if end > start && code.get(..end)?.ends_with('\n') { end - 1 } else { end };
    (start <= end).then_some(start..end)
}

/// The error for code whose `}` closes the function it runs in, at that `}` if the nesting scan
/// saw it.
fn unmatched(source: &str, unmatched_brace: Option<usize>) -> TypeScriptError {
    TypeScriptError::at(
        source,
        unmatched_brace.unwrap_or(source.len()),
        "the code must be the body of a function: an unmatched `}` closes the function it runs in",
    )
}

/// The error to report from swc's diagnostics: the earliest (the one to fix first; later ones
/// often follow from it), at its position in `source`, with advice where there is some;
/// `fallback` if swc gave no diagnostic.
fn earliest_error(
    source: &str,
    source_map: &SourceMap,
    collected: Vec<Diagnostic>,
    fallback: String,
) -> TypeScriptError {
    let start = source_map.files().first().map_or(BytePos(0), |file| file.start_pos);
    let earliest =
        collected.into_iter().min_by_key(|found| found.position.map_or(u32::MAX, |p| p.0));
    let Some(found) = earliest else {
        let fallback =
            if fallback.is_empty() { "the TypeScript compiler failed" } else { &fallback };
        return TypeScriptError::at(source, 0, fallback);
    };
    let wrapped_offset = found.position.map_or(0, |p| p.0.saturating_sub(start.0) as usize);
    let offset = wrapped_offset.saturating_sub(WRAP_PREFIX.len());
    let at = source.get(offset..).unwrap_or_default();
    let message = if at.starts_with('@') {
        DECORATORS.to_owned()
    } else if at.starts_with("import") && import_equals(at) {
        IMPORT_EQUALS.to_owned()
    } else {
        explain(&found.message)
    };
    TypeScriptError::at(source, offset, message)
}

/// swc's errors, collected by a [`Handler`] instead of printed.
#[derive(Default)]
struct Diagnostics(Arc<Mutex<Vec<Diagnostic>>>);

impl Diagnostics {
    /// A handler that collects into this list.
    fn handler(&self) -> Handler {
        Handler::with_emitter(true, false, Box::new(Collect(Arc::clone(&self.0))))
    }

    /// What was collected so far.
    fn take(&self) -> Vec<Diagnostic> {
        std::mem::take(&mut *self.0.lock().unwrap_or_else(PoisonError::into_inner))
    }
}

/// One error swc emitted: its message and where its primary span starts.
struct Diagnostic {
    message: String,
    position: Option<BytePos>,
}

/// Collects swc's errors (not its warnings) instead of printing them.
struct Collect(Arc<Mutex<Vec<Diagnostic>>>);

impl Emitter for Collect {
    fn emit(&mut self, diagnostic: &mut DiagnosticBuilder<'_>) {
        if !diagnostic.is_error() {
            return;
        }
        let found = Diagnostic {
            message: diagnostic.message(),
            position: diagnostic.span.primary_span().map(|span| span.lo),
        };
        self.0.lock().unwrap_or_else(PoisonError::into_inner).push(found);
    }
}

/// What a decorator gets: the parser only says "Expression expected".
const DECORATORS: &str = "decorators (`@name`) are not supported in scripts; call the function \
     yourself instead: `const C = name(class C { … })`, or wrap the method";

/// What `import x = …` gets: the parser says only that imports need a module.
const IMPORT_EQUALS: &str = "TypeScript `import x = …` is not supported in scripts (a script is \
     not a module): write an alias as `const x = A.b;`; files, commands and services are reached \
     through `tools`, not `require`";

/// Replaces swc's message for a construct it cannot handle with what to write instead; syntax
/// errors keep the parser's message. The constructs [`to_javascript`] writes code for reach this
/// only from [`strip_types`].
fn explain(message: &str) -> String {
    let advice = if message.starts_with("TypeScript enum ") {
        "TypeScript enums need generated code, which strip-only mode does not write; use a const \
         object instead (`const Color = { Red: 0, Green: 1 } as const;`)"
    } else if message.starts_with("TypeScript namespace ") {
        "TypeScript namespaces with runtime code need generated code, which strip-only mode does \
         not write; use a const object or plain functions instead (namespaces that hold only \
         types are fine)"
    } else if message.starts_with("TypeScript parameter property ") {
        "TypeScript parameter properties (`constructor(private x: T)`) need generated code, which \
         strip-only mode does not write; declare the field in the class body and assign it in \
         the constructor"
    } else if message.starts_with("The angle-bracket syntax ") {
        "Type assertions written `<T>expr` are not supported in strip-only mode; write `expr as T` \
         instead"
    } else if message.starts_with("TypeScript import equals ") {
        IMPORT_EQUALS
    } else if message.starts_with("TypeScript export assignment ") {
        "TypeScript `export = ...` is not supported in scripts; a script gives its result with \
         `return`"
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

#[cfg(test)]
mod tests;
