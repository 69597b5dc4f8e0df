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
//! cheap scan (see `nesting::check_nesting` for what it cannot see). It parses on the caller's thread
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

mod modules;
mod nesting;

use modules::erase_modules;
use nesting::check_nesting;

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
    let source = &erase_modules(source)?;
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
                    let message = if source.get(offset..).is_some_and(|at| at.starts_with('@')) {
                        DECORATORS.to_owned()
                    } else {
                        explain(&found.message)
                    };
                    TypeScriptError::at(source, offset, message)
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

/// What a decorator gets: the parser only says "Expression expected".
const DECORATORS: &str = "decorators (`@name`) are not supported in scripts; call the function \
     yourself instead: `const C = name(class C { … })`, or wrap the method";

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

#[cfg(test)]
mod tests;
