//! Boa's terse `TypeError`s said as V8 says them (issue 37), naming what was read, set, called
//! or iterated, from the code at the error's place (R-RT-4).
//!
//! Boa 0.22 says `not a callable function` for `x.map(f)` with `x` a number: true, and of no
//! help to a model that learned V8's `x.map is not a function`. Boa places such an error at the
//! call's parenthesis; the callee there is in the code, so its text can be said. (A read or
//! write on `undefined` or `null` needs no help: the patched VM says it as V8 does, naming the
//! value and the key, `vendor/boa_engine/src/vm/opcode/nullish_base.rs`.)
//!
//! An error is rewritten as the engine makes it into the object a script sees (`reword`,
//! through the host hook `engine_error`): caught by a `catch` or an `await`, or leaving the
//! script, it reads the same. Where the code at the place is not one of these forms, Boa's
//! message stands.
//! Errors whose message alone says enough (`Invalid array length`, `Reduce of empty array with
//! no initial value`, `URI malformed`…) the engine says in V8's words itself, caught or not
//! (vendored patch 86).

use std::ops::ControlFlow;
use std::path::Path;

use boa_engine::ast::expression::Call;
use boa_engine::ast::scope::Scope;
use boa_engine::ast::statement::iteration::ForOfLoop;
use boa_engine::ast::visitor::{VisitWith, Visitor};
use boa_engine::ast::{Position, Span, Spanned};
use boa_engine::parser::Parser;
use boa_engine::{Context, JsObject, JsString, JsValue, Source, js_string};

use super::convert::text_property;
use super::globals::HostState;
use super::script_text::ScriptText;
use super::stack::{made_at, stack_of};

/// What Boa's message says went wrong.
enum Failure {
    /// A call of something that is not a function.
    NotCallable,
    /// `for … of` or a spread of something not iterable.
    NotIterable,
    /// An assignment to a `const` binding.
    Constant,
}

impl Failure {
    /// From a `TypeError`'s message.
    fn of(message: &str) -> Option<Self> {
        match message {
            "not a callable function" => Some(Self::NotCallable),
            _ if message.starts_with("cannot mutate an immutable binding '") => {
                Some(Self::Constant)
            }
            // Boa's words, and the patched VM's for `undefined` and `null`.
            _ if message.starts_with("value with type `")
                && message.ends_with("` is not iterable") =>
            {
                Some(Self::NotIterable)
            }
            "undefined is not iterable" | "null is not iterable" => Some(Self::NotIterable),
            _ => None,
        }
    }
}

/// An error the engine made, as it becomes the object a script sees (`Hooks::engine_error`),
/// its message said as V8 says it where the code at its place tells: a script that keeps
/// `e.message` reads `x.map is not a function`, as it would in Node. Only a `TypeError` whose
/// message is one of the forms is looked at, and no script code runs (the message is the
/// error's own, its class is known by its prototype).
pub(crate) fn reword(object: &JsObject, context: &mut Context) {
    // The message first: a loop that catches a `JSON.parse` error per line pays one read.
    let Some(message) = text_property(object, "message", context) else { return };
    let Some(failure) = Failure::of(&message) else { return };
    let type_error = context.intrinsics().constructors().type_error().prototype();
    if !object.prototype().is_some_and(|prototype| JsObject::equals(&prototype, &type_error)) {
        return;
    }
    let error = JsValue::from(object.clone());
    let Some(originals) = context.get_data::<HostState>().map(|state| state.originals().clone())
    else {
        return;
    };
    let at = stack_of(&error, &originals, context).and_then(|stack| made_at(&stack));
    let Some(text) = context.remove_data::<ScriptText>() else { return };
    let said = from_code(failure, at, text.wrapped(), context);
    context.insert_data(*text);
    if let Some(message) = said.as_deref().and_then(|said| said.strip_prefix("TypeError: ")) {
        let _ = object.set(js_string!("message"), JsString::from(message), false, context);
    }
}

/// What the code at `at` says of `failure`.
fn from_code(
    failure: Failure,
    at: Option<(u32, u32)>,
    wrapped: &str,
    context: &mut Context,
) -> Option<String> {
    if let Failure::Constant = failure {
        return Some("TypeError: Assignment to constant variable.".to_owned());
    }
    let places = places_of(wrapped, context)?;
    let said = said_of(failure, at, &places.places, wrapped);
    context.insert_data(*places);
    said
}

/// The places of the code Boa ran, parsed once per text and kept in the context: a script can
/// catch thousands of errors in a loop. The caller puts them back (`insert_data`).
fn places_of(wrapped: &str, context: &mut Context) -> Option<Box<ParsedPlaces>> {
    if let Some(parsed) = context.remove_data::<ParsedPlaces>()
        && parsed.wrapped == wrapped
    {
        return Some(parsed);
    }
    let interner = context.interner_mut();
    let source = Source::from_bytes(wrapped).with_path(Path::new("script"));
    let script = Parser::new(source).parse_script(&Scope::new_global(), interner).ok()?;
    let mut places = Places::default();
    let _ = script.visit_with(&mut places);
    Some(Box::new(ParsedPlaces { wrapped: wrapped.to_owned(), places }))
}

/// [`Places`] of one text.
struct ParsedPlaces {
    wrapped: String,
    places: Places,
}

/// What `places` of the code `wrapped` say of `failure` at `at`.
fn said_of(
    failure: Failure,
    at: Option<(u32, u32)>,
    places: &Places,
    wrapped: &str,
) -> Option<String> {
    let text = Text::new(wrapped);
    match failure {
        Failure::NotCallable => {
            let at = at?;
            let callee = places.callees.iter().find(|callee| position(callee.end()) == at)?;
            Some(format!("TypeError: {} is not a function", text.of(*callee)?))
        }
        Failure::Constant => None,
        Failure::NotIterable => {
            // Boa does not place this one: the only iterated expression of the code is the one.
            let [iterable] = places.iterables.as_slice() else { return None };
            Some(format!("TypeError: {} is not iterable", text.of(*iterable)?))
        }
    }
}

/// The places of the code where the failures above can happen.
#[derive(Default)]
struct Places {
    callees: Vec<Span>,
    iterables: Vec<Span>,
}

fn position(position: Position) -> (u32, u32) {
    (position.line_number(), position.column_number())
}

impl<'ast> Visitor<'ast> for Places {
    type BreakTy = ();

    fn visit_call(&mut self, node: &'ast Call) -> ControlFlow<()> {
        self.callees.push(node.function().span());
        node.visit_with(self)
    }

    fn visit_for_of_loop(&mut self, node: &'ast ForOfLoop) -> ControlFlow<()> {
        self.iterables.push(node.iterable().span());
        node.visit_with(self)
    }

    fn visit_spread(&mut self, node: &'ast boa_engine::ast::expression::Spread) -> ControlFlow<()> {
        self.iterables.push(node.target().span());
        node.visit_with(self)
    }
}

/// The code, by line, to read a span's text.
struct Text<'a> {
    lines: Vec<&'a str>,
}

impl<'a> Text<'a> {
    fn new(code: &'a str) -> Self {
        Self { lines: code.split('\n').collect() }
    }

    /// The text of `span` (lines and columns from 1; the end excluded), on one line only: what
    /// spans lines is not worth a message.
    fn of(&self, span: Span) -> Option<&'a str> {
        let (start, end) = (position(span.start()), position(span.end()));
        if start.0 != end.0 {
            return None;
        }
        let line = self.lines.get(usize::try_from(start.0).ok()?.checked_sub(1)?)?;
        let column = |column: u32| -> Option<usize> {
            let index = usize::try_from(column).ok()?.checked_sub(1)?;
            Some(line.char_indices().nth(index).map_or(line.len(), |(at, _)| at))
        };
        let (from, mut to) = (column(start.1)?, column(end.1)?);
        // Boa ends some spans before their closing bracket: take the closers the text misses.
        let count = |text: &str, unit: char| text.matches(unit).count();
        for (open, close) in [('[', ']'), ('(', ')')] {
            while line.get(from..to).is_some_and(|text| count(text, open) > count(text, close))
                && line[to..].starts_with(close)
            {
                to += 1;
            }
        }
        let text = line.get(from..to)?.trim();
        (!text.is_empty() && text.len() <= 120).then_some(text)
    }
}
