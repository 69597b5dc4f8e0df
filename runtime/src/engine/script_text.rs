//! Where an error happened, in the source as written (R-RT-4).
//!
//! Boa reports positions in the text it ran: the code wrapped in `(async () => {` … `})()`, and
//! for TypeScript that needed code generated (enums, namespaces), the generated JavaScript.
//! [`ScriptText`] takes such a position back to the source as written, or says it cannot.
//!
//! Boa also does not place every error: a `ReferenceError` for a name that does not exist is
//! placed at the head of the function it happened in, or at the wrapper's own call for the
//! script's body; an error thrown by a property lookup that runs code of ordo's (the `tools`
//! object) is placed at the wrapper too. For those, [`ScriptText::locate`] finds the expression
//! in the code Boa ran: the only reference to the name (or `tools.name` access), or of several
//! the first at or after where Boa's frame is. Where nothing matches, the position is unknown, and the error says so
//! rather than pointing elsewhere.

use std::ops::ControlFlow;
use std::path::Path;

use boa_engine::ast::expression::access::{PropertyAccess, PropertyAccessField};
use boa_engine::ast::scope::Scope;
use boa_engine::ast::visitor::{VisitWith, Visitor};
use boa_engine::ast::{Expression, Spanned};
use boa_engine::interner::Sym;
use boa_engine::parser::Parser;
use boa_engine::{Context, Source};

use crate::outcome::Position;
use crate::typescript::PositionMap;

/// The text Boa ran and how its positions map to the source as written. Kept in the context's
/// data while a script runs.
pub(crate) struct ScriptText {
    /// The wrapped code, as parsed.
    wrapped: String,
    /// From generated TypeScript to the source; `None` when the code is the source.
    map: Option<PositionMap>,
}

/// What an error names that can be found in the code.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Culprit<'a> {
    /// A reference to a name that does not exist (`ReferenceError: x is not defined`) or is
    /// read before its declaration ran (`Cannot access 'x' before initialization`).
    Name(&'a str),
    /// `tools.member` (`TypeError: tools.member is not a tool`).
    ToolsMember(&'a str),
}

impl<'a> Culprit<'a> {
    /// The culprit an error message names, if it names one that can be found.
    pub(crate) fn of(message: &'a str) -> Option<Self> {
        if let Some(rest) = message.strip_prefix("ReferenceError: ") {
            if let Some(name) = rest.strip_suffix(" is not defined") {
                return Some(Culprit::Name(name));
            }
            let name =
                rest.strip_prefix("Cannot access '")?.strip_suffix("' before initialization")?;
            return Some(Culprit::Name(name));
        }
        let rest = message.strip_prefix("TypeError: tools.")?;
        let (member, _) = rest.split_once(" is not a tool")?;
        Some(Culprit::ToolsMember(member))
    }
}

impl ScriptText {
    pub(crate) fn new(wrapped: String, map: Option<PositionMap>) -> Self {
        Self { wrapped, map }
    }

    /// The code Boa ran.
    pub(crate) fn wrapped(&self) -> &str {
        &self.wrapped
    }

    /// A position in the wrapped text as a position in the source as written; `None` in the
    /// wrapper's own lines or where generated code has no counterpart.
    pub(crate) fn original(&self, line: u32, column: u32) -> Option<Position> {
        let line = super::unwrap_line(line)?;
        match &self.map {
            None => Some(Position { line, column }),
            Some(map) => {
                let (line, column) = map.original(line, column)?;
                Some(Position { line, column })
            }
        }
    }

    /// The wrapped-text position of `culprit` in the code: its only occurrence, or the first at
    /// or after `after` (a wrapped-text line and column, where Boa's frame is), or the last
    /// before it.
    pub(crate) fn locate(
        &self,
        culprit: &Culprit<'_>,
        after: Option<(u32, u32)>,
        context: &mut Context,
    ) -> Option<(u32, u32)> {
        let interner = context.interner_mut();
        let source = Source::from_bytes(&self.wrapped).with_path(Path::new("script"));
        let script = Parser::new(source).parse_script(&Scope::new_global(), interner).ok()?;
        // Parsing interned every name of the code: a name not interned is not in it.
        let (name, tools) = match culprit {
            Culprit::Name(name) => (interner.get(*name)?, None),
            Culprit::ToolsMember(member) => (interner.get(*member)?, Some(interner.get("tools")?)),
        };
        let mut finder = Finder { name, tools, found: Vec::new() };
        let _ = script.visit_with(&mut finder);
        let mut found = finder.found;
        found.sort_unstable();
        // One reference is the one; of several, the first at or after Boa's frame (which Boa
        // places at or before the expression in most cases), else the last before it.
        match (found.as_slice(), after) {
            ([only], _) => Some(*only),
            (_, None) => found.first().copied(),
            (_, Some(after)) => found
                .iter()
                .find(|place| **place >= after)
                .or_else(|| found.iter().rev().find(|place| **place < after))
                .copied(),
        }
    }
}

/// Collects where the culprit occurs.
struct Finder {
    name: Sym,
    /// `Some(tools)` when looking for `tools.<name>`.
    tools: Option<Sym>,
    found: Vec<(u32, u32)>,
}

impl<'ast> Visitor<'ast> for Finder {
    type BreakTy = ();

    fn visit_expression(&mut self, node: &'ast Expression) -> ControlFlow<()> {
        let start = match (node, self.tools) {
            (Expression::Identifier(identifier), None) if identifier.sym() == self.name => {
                Some(identifier.span().start())
            }
            (Expression::PropertyAccess(PropertyAccess::Simple(access)), Some(tools)) => {
                let on_tools = matches!(access.target(), Expression::Identifier(target) if target.sym() == tools);
                match access.field() {
                    PropertyAccessField::Const(field) if on_tools && field.sym() == self.name => {
                        Some(access.span().start())
                    }
                    _ => None,
                }
            }
            _ => None,
        };
        if let Some(start) = start {
            self.found.push((start.line_number(), start.column_number()));
        }
        node.visit_with(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn culprits_are_read_from_messages() {
        assert_eq!(Culprit::of("ReferenceError: x is not defined"), Some(Culprit::Name("x")));
        assert_eq!(
            Culprit::of("ReferenceError: Cannot access 'total' before initialization"),
            Some(Culprit::Name("total"))
        );
        assert_eq!(
            Culprit::of("TypeError: tools.read_fiel is not a tool (did you mean read_file?)"),
            Some(Culprit::ToolsMember("read_fiel"))
        );
        assert_eq!(Culprit::of("TypeError: x is not a function"), None);
    }

    #[test]
    fn the_only_reference_or_the_first_at_or_after_the_frame_is_found() {
        let mut context = Context::default();
        let wrapped = "(async () => {\nconst a = { missing: 1 }.missing;\nfunction f() {\n  return missing + 1;\n}\nreturn missing;\n})()";
        let text = ScriptText::new(wrapped.to_owned(), None);
        let name = Culprit::Name("missing");
        assert_eq!(
            text.locate(&name, None, &mut context),
            Some((4, 10)),
            "keys and fields are not references"
        );
        assert_eq!(text.locate(&name, Some((5, 1)), &mut context), Some((6, 8)));
        assert_eq!(
            text.locate(&name, Some((7, 1)), &mut context),
            Some((6, 8)),
            "else the last before"
        );
        let once = ScriptText::new(
            "(async () => {\nawait new Promise((r) => later(r));\n})()".to_owned(),
            None,
        );
        let later = Culprit::Name("later");
        assert_eq!(once.locate(&later, Some((2, 40)), &mut context), Some((2, 26)), "the only one");
        assert_eq!(text.original(4, 10), Some(Position { line: 3, column: 10 }));
        let tools =
            ScriptText::new("(async () => {\nawait tools.read_fiel({});\n})()".to_owned(), None);
        let member = Culprit::ToolsMember("read_fiel");
        assert_eq!(tools.locate(&member, None, &mut context), Some((2, 7)));
    }
}
