//! Rendered TypeScript types, and how they combine.

use std::collections::HashSet;

use serde_json::Value;

/// How tightly a rendered type binds, to know where parentheses are needed.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Prec {
    Union,
    Intersection,
    /// A negative number literal (`-1`), which an array suffix must not split.
    Prefix,
    Primary,
}

/// A rendered TypeScript type.
#[derive(Clone)]
pub(super) struct Ty {
    pub(super) text: String,
    pub(super) prec: Prec,
    /// The members, when this is a union (kept to flatten and deduplicate nested unions).
    pub(super) alternatives: Vec<Ty>,
}

impl Ty {
    pub(super) fn new(text: impl Into<String>, prec: Prec) -> Self {
        Self { text: text.into(), prec, alternatives: Vec::new() }
    }

    pub(super) fn primary(text: impl Into<String>) -> Self {
        Self::new(text, Prec::Primary)
    }

    pub(super) fn unknown() -> Self {
        Self::primary("unknown")
    }

    pub(super) fn never() -> Self {
        Self::primary("never")
    }

    pub(super) fn is_unknown(&self) -> bool {
        self.text == "unknown"
    }

    pub(super) fn is_never(&self) -> bool {
        self.text == "never"
    }

    /// The text, parenthesized if it binds less tightly than `prec`.
    pub(super) fn operand(&self, prec: Prec) -> String {
        if self.prec >= prec { self.text.clone() } else { format!("({})", self.text) }
    }

    /// `A | B`: `unknown` absorbs everything, `never` disappears, duplicates are dropped.
    pub(super) fn union(members: Vec<Ty>) -> Ty {
        let mut alternatives: Vec<Ty> = Vec::new();
        // A set, not a scan: an `enum` can list thousands of values.
        let mut seen = HashSet::new();
        for member in members {
            if member.is_unknown() {
                return Ty::unknown();
            }
            let flat =
                if member.alternatives.is_empty() { vec![member] } else { member.alternatives };
            for alternative in flat {
                if !alternative.is_never() && seen.insert(alternative.text.clone()) {
                    alternatives.push(alternative);
                }
            }
        }
        match alternatives.len() {
            0 => Ty::never(),
            1 => alternatives.swap_remove(0),
            _ => {
                let texts: Vec<&str> = alternatives.iter().map(|a| a.text.as_str()).collect();
                Ty { text: texts.join(" | "), prec: Prec::Union, alternatives }
            }
        }
    }

    /// `A & B`: `unknown` disappears, `never` absorbs everything, duplicates are dropped.
    pub(super) fn intersection(parts: Vec<Ty>) -> Ty {
        let mut kept: Vec<Ty> = Vec::new();
        for part in parts {
            if part.is_never() {
                return Ty::never();
            }
            if !part.is_unknown() && !kept.iter().any(|k| k.text == part.text) {
                kept.push(part);
            }
        }
        match kept.len() {
            0 => Ty::unknown(),
            1 => kept.swap_remove(0),
            _ => {
                let texts: Vec<String> =
                    kept.iter().map(|k| k.operand(Prec::Intersection)).collect();
                Ty::new(texts.join(" & "), Prec::Intersection)
            }
        }
    }
}

/// The literal type of a JSON value. JSON text is valid TypeScript type syntax: strings are
/// string literal types, objects and arrays are object literal and tuple types of literals.
pub(super) fn literal(value: &Value) -> Ty {
    let negative = value.as_f64().is_some_and(|number| number.is_sign_negative());
    Ty::new(json_text(value), if negative { Prec::Prefix } else { Prec::Primary })
}

/// Compact JSON, with the two line terminators JSON leaves raw escaped so that no tool reading
/// the declarations as older JavaScript trips on them.
pub(super) fn json_text(value: &Value) -> String {
    value.to_string().replace('\u{2028}', "\\u2028").replace('\u{2029}', "\\u2029")
}
