//! What `JSON.parse` says where the text goes wrong: V8's words, so that a script that keeps
//! `error.message` for the lines it could not parse (a log of JSON lines, a tool's output) has
//! Node's text. V8 names the problem where it knows one (`Expected ',' or ']' after array
//! element in JSON at position 5`); elsewhere it names what it found: the end of the text, a
//! number, a string, or a character quoted with the text around it (`Unexpected token 'x',
//! ..."1,2,3,x]" is not valid JSON`).

use boa_engine::{JsError, JsNativeError};

use super::parse::Unit;

/// A problem V8 names, and where its words put the position.
#[derive(Clone, Copy)]
pub(super) enum Problem {
    /// After `{`: neither a key nor `}`.
    PropertyNameOrBrace,
    /// After a property's `,`: no key.
    DoubleQuotedPropertyName,
    /// After the first property's key: no `:`.
    ColonAfterPropertyName,
    CommaOrBracketAfterElement,
    CommaOrBraceAfterPropertyValue,
    /// Something after the whole value.
    TextAfterValue,
    NumberAfterMinus,
    FractionalDigits,
    ExponentDigits,
    /// The text ends inside a string.
    UnterminatedString,
    EscapedCharacter,
    UnicodeEscape,
    ControlCharacter,
}

impl Problem {
    fn words(self) -> &'static str {
        match self {
            Self::PropertyNameOrBrace => "Expected property name or '}'",
            Self::DoubleQuotedPropertyName => "Expected double-quoted property name",
            Self::ColonAfterPropertyName => "Expected ':' after property name",
            Self::CommaOrBracketAfterElement => "Expected ',' or ']' after array element",
            Self::CommaOrBraceAfterPropertyValue => "Expected ',' or '}' after property value",
            Self::TextAfterValue => "Unexpected non-whitespace character after JSON",
            Self::NumberAfterMinus => "No number after minus sign",
            Self::FractionalDigits => "Unterminated fractional number",
            Self::ExponentDigits => "Exponent part is missing a number",
            Self::UnterminatedString => "Unterminated string",
            Self::EscapedCharacter => "Bad escaped character",
            Self::UnicodeEscape => "Bad Unicode escape",
            Self::ControlCharacter => "Bad control character in string literal",
        }
    }
}

/// The `SyntaxError` for `problem` at `at`.
pub(super) fn named(problem: Problem, at: usize) -> JsError {
    let words = problem.words();
    let message = match problem {
        Problem::TextAfterValue => format!("{words} at position {at}"),
        _ => format!("{words} in JSON at position {at}"),
    };
    JsNativeError::syntax().with_message(message).into()
}

/// How many characters of the text V8 shows on each side of an unexpected one; a text shorter
/// than twice that and one is shown whole.
const CONTEXT: usize = 10;

/// The texts V8 answers with themselves alone: what a script gets by parsing a value that was
/// never JSON (`JSON.parse(undefined)`, of an object, of NaN).
const NOT_JSON: [&str; 4] = ["undefined", "NaN", "Infinity", "[object Object]"];

/// The `SyntaxError` for what is at `at` of `text`, where no problem has a name.
pub(super) fn unexpected<U: Unit>(text: &[U], at: usize) -> JsError {
    let Some(found) = text.get(at).map(|unit| unit.get()) else {
        return JsNativeError::syntax().with_message("Unexpected end of JSON input").into();
    };
    let units = |s: &str| s.encode_utf16().collect::<Vec<u16>>();
    let source = |range: std::ops::Range<usize>| text[range].iter().map(|unit| unit.get());
    let message: Vec<u16> = match found {
        0x2D | 0x30..=0x39 => units(&format!("Unexpected number in JSON at position {at}")),
        0x22 => units(&format!("Unexpected string in JSON at position {at}")),
        _ if NOT_JSON.iter().any(|word| source(0..text.len()).eq(word.encode_utf16())) => {
            [units("\""), source(0..text.len()).collect(), units("\" is not valid JSON")].concat()
        }
        _ => {
            let len = text.len();
            let (before, range, after) = if len <= 2 * CONTEXT {
                ("\"", 0..len, "\"")
            } else if at < CONTEXT {
                ("\"", 0..at + CONTEXT, "\"...")
            } else if at < len - CONTEXT {
                ("...\"", at - CONTEXT..at + CONTEXT, "\"...")
            } else {
                ("...\"", at - CONTEXT..len, "\"")
            };
            [
                units("Unexpected token '"),
                vec![found],
                units("', "),
                units(before),
                source(range).collect(),
                units(after),
                units(" is not valid JSON"),
            ]
            .concat()
        }
    };
    // A message is Rust text: half of a pair (an emoji cut at `at`) becomes U+FFFD, which is
    // also how Node prints V8's lone half.
    JsNativeError::syntax().with_message(String::from_utf16_lossy(&message)).into()
}
