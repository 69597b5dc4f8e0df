//! JSON text to values, read once, left to right, over the string's own code units (Latin-1 or
//! UTF-16), with no recursion: an array or object being read is a frame on a stack of the
//! parser's own, so nesting as deep as the text goes costs memory, not the thread's stack.
//!
//! The grammar is ECMA-404's, as `JSON.parse` takes it: whitespace is tab, line feed, carriage
//! return and space; a string holds no unescaped control character; `\u` escapes may be lone
//! surrogates (a JavaScript string can hold one); a number is written as JSON writes numbers and
//! read to the nearest double; an object's repeated key keeps its first place and its last value.

use hashbrown::HashMap;

use boa_engine::object::builtins::JsArray;
use boa_engine::property::{PropertyDescriptor, PropertyKey};
use boa_engine::string::JsStr;
use boa_engine::{Context, JsObject, JsResult, JsString, JsValue};

use super::syntax_error::{Problem, named, unexpected};

/// A code unit of the text: a Latin-1 byte or a UTF-16 unit.
pub(super) trait Unit: Copy + Eq + std::hash::Hash {
    fn get(self) -> u16;
    /// A string of `units`, held in Latin-1 where it can be.
    fn string(units: &[Self]) -> JsString;
}

impl Unit for u8 {
    fn get(self) -> u16 {
        u16::from(self)
    }

    fn string(units: &[Self]) -> JsString {
        JsString::from(JsStr::latin1(units))
    }
}

impl Unit for u16 {
    fn get(self) -> u16 {
        self
    }

    fn string(units: &[Self]) -> JsString {
        match units.iter().map(|&unit| u8::try_from(unit)).collect::<Result<Vec<u8>, _>>() {
            Ok(bytes) => JsString::from(JsStr::latin1(&bytes)),
            Err(_) => JsString::from(units),
        }
    }
}

/// Strings this short, keys and values alike, are made once per text (records repeat them).
const SHARED_UP_TO: usize = 24;

/// A container being read.
enum Frame {
    Array(Vec<JsValue>),
    /// The object, and the key whose value comes next.
    Object(JsObject, Option<PropertyKey>),
}

struct Parser<'t, U: Unit> {
    text: &'t [U],
    at: usize,
    shared: HashMap<&'t [U], JsString>,
    /// Where a string's units are decoded.
    scratch: Vec<u16>,
    /// Where a number's text is put for Rust to read.
    number_text: String,
}

/// The descriptor CreateDataProperty defines: `value`, writable, enumerable and configurable.
fn created_data(value: JsValue) -> PropertyDescriptor {
    PropertyDescriptor::builder()
        .value(value)
        .writable(true)
        .enumerable(true)
        .configurable(true)
        .build()
}

/// The value of `text`, or a `SyntaxError` that says what was found where, in V8's words
/// (`syntax_error.rs`).
pub(super) fn parse<U: Unit>(text: &[U], context: &mut Context) -> JsResult<JsValue> {
    let mut parser = Parser {
        text,
        at: 0,
        shared: HashMap::new(),
        scratch: Vec::new(),
        number_text: String::new(),
    };
    let value = parser.value(context)?;
    parser.skip_whitespace();
    if parser.at < text.len() {
        return Err(named(Problem::TextAfterValue, parser.at));
    }
    Ok(value)
}

impl<'t, U: Unit> Parser<'t, U> {
    fn peek(&self) -> Option<u16> {
        self.text.get(self.at).map(|unit| unit.get())
    }

    fn skip_whitespace(&mut self) {
        while let Some(0x09 | 0x0A | 0x0D | 0x20) = self.peek() {
            self.at += 1;
        }
    }

    /// Reads one value, containers included, with a stack of frames instead of recursion.
    fn value(&mut self, context: &mut Context) -> JsResult<JsValue> {
        let mut stack: Vec<Frame> = Vec::new();
        loop {
            self.skip_whitespace();
            // A value starts here (a scalar, or a container opening).
            let mut value = match self.peek() {
                Some(0x7B /* { */) => {
                    self.at += 1;
                    self.skip_whitespace();
                    let object = JsObject::with_object_proto(context.intrinsics());
                    if self.peek() == Some(0x7D /* } */) {
                        self.at += 1;
                        JsValue::from(object)
                    } else {
                        let key = self.key(Key::First)?;
                        stack.push(Frame::Object(object, Some(key)));
                        continue;
                    }
                }
                Some(0x5B /* [ */) => {
                    self.at += 1;
                    self.skip_whitespace();
                    if self.peek() == Some(0x5D /* ] */) {
                        self.at += 1;
                        JsArray::new(context)?.into()
                    } else {
                        stack.push(Frame::Array(Vec::new()));
                        continue;
                    }
                }
                Some(0x22 /* " */) => self.string()?.into(),
                Some(0x2D /* - */ | 0x30..=0x39) => self.number()?,
                Some(0x74 /* t */) => self.word("true", JsValue::from(true))?,
                Some(0x66 /* f */) => self.word("false", JsValue::from(false))?,
                Some(0x6E /* n */) => self.word("null", JsValue::null())?,
                _ => return Err(unexpected(self.text, self.at)),
            };
            // The value ends a run of containers, or takes its place in the innermost one.
            loop {
                let Some(frame) = stack.last_mut() else { return Ok(value) };
                self.skip_whitespace();
                let separator = self.peek();
                match frame {
                    Frame::Array(items) => {
                        items.push(value);
                        match separator {
                            Some(0x2C /* , */) => {
                                self.at += 1;
                                break;
                            }
                            Some(0x5D /* ] */) => {
                                self.at += 1;
                                let Some(Frame::Array(items)) = stack.pop() else { unreachable!() };
                                value = JsArray::from_iter(items, context).into();
                            }
                            _ => {
                                return Err(named(Problem::CommaOrBracketAfterElement, self.at));
                            }
                        }
                    }
                    Frame::Object(object, key) => {
                        if let Some(key) = key.take() {
                            // The parser made this object and no script has seen it: its
                            // [[DefineOwnProperty]] is the ordinary one, it is extensible, and
                            // a property under the same key (a repeated key) is one the parser
                            // wrote, writable and configurable. CreateDataProperty would
                            // replace its value where it is, which `insert_property` does
                            // without the descriptor's checks (a seventh of the parse's
                            // instructions).
                            object.insert_property(key, created_data(value));
                        }
                        match separator {
                            Some(0x2C /* , */) => {
                                self.at += 1;
                                self.skip_whitespace();
                                *key = Some(self.key(Key::Next)?);
                                break;
                            }
                            Some(0x7D /* } */) => {
                                self.at += 1;
                                let Some(Frame::Object(object, _)) = stack.pop() else {
                                    unreachable!()
                                };
                                value = object.into();
                            }
                            _ => {
                                return Err(named(
                                    Problem::CommaOrBraceAfterPropertyValue,
                                    self.at,
                                ));
                            }
                        }
                    }
                }
            }
        }
    }

    /// `"key"` and the colon after it. V8 names a missing colon after the first key only.
    fn key(&mut self, which: Key) -> JsResult<PropertyKey> {
        if self.peek() != Some(0x22) {
            let problem = match which {
                Key::First => Problem::PropertyNameOrBrace,
                Key::Next => Problem::DoubleQuotedPropertyName,
            };
            return Err(named(problem, self.at));
        }
        let key = self.string()?;
        self.skip_whitespace();
        if self.peek() != Some(0x3A /* : */) {
            return Err(match which {
                Key::First => named(Problem::ColonAfterPropertyName, self.at),
                Key::Next => unexpected(self.text, self.at),
            });
        }
        self.at += 1;
        Ok(PropertyKey::from(key))
    }

    fn word(&mut self, word: &str, value: JsValue) -> JsResult<JsValue> {
        for expected in word.bytes() {
            if self.peek() != Some(u16::from(expected)) {
                return Err(unexpected(self.text, self.at));
            }
            self.at += 1;
        }
        Ok(value)
    }

    fn number(&mut self) -> JsResult<JsValue> {
        let start = self.at;
        let digits = |parser: &mut Self| {
            let from = parser.at;
            while let Some(0x30..=0x39) = parser.peek() {
                parser.at += 1;
            }
            parser.at > from
        };
        if self.peek() == Some(0x2D) {
            self.at += 1;
        }
        match self.peek() {
            Some(0x30) => {
                self.at += 1;
                // A leading zero is the whole integer part: a digit after it is another number.
                if let Some(0x30..=0x39) = self.peek() {
                    return Err(unexpected(self.text, self.at));
                }
            }
            Some(0x31..=0x39) => {
                digits(self);
            }
            _ => return Err(named(Problem::NumberAfterMinus, self.at)),
        }
        if self.peek() == Some(0x2E /* . */) {
            self.at += 1;
            if !digits(self) {
                return Err(named(Problem::FractionalDigits, self.at));
            }
        }
        if let Some(0x45 | 0x65 /* E e */) = self.peek() {
            self.at += 1;
            if let Some(0x2B | 0x2D) = self.peek() {
                self.at += 1;
            }
            if !digits(self) {
                return Err(named(Problem::ExponentDigits, self.at));
            }
        }
        // Every unit read is ASCII: the text of a number as Rust reads it, correctly rounded.
        self.number_text.clear();
        self.number_text
            .extend(self.text[start..self.at].iter().map(|unit| char::from(unit.get() as u8)));
        let number: f64 = self.number_text.parse().map_err(|_| unexpected(self.text, start))?;
        Ok(JsValue::from(number))
    }

    /// A string from its opening quote, past its closing one.
    fn string(&mut self) -> JsResult<JsString> {
        self.at += 1;
        let start = self.at;
        // Most strings have no escape: they are the text's units as they are.
        loop {
            match self.peek() {
                Some(0x22) => {
                    let units = &self.text[start..self.at];
                    self.at += 1;
                    return Ok(self.plain(units));
                }
                Some(0x5C /* \ */) => break,
                Some(0x00..=0x1F) | None => return Err(self.inside_string()),
                Some(_) => self.at += 1,
            }
        }
        self.scratch.clear();
        self.scratch.extend(self.text[start..self.at].iter().map(|unit| unit.get()));
        loop {
            match self.peek() {
                Some(0x22) => {
                    self.at += 1;
                    return Ok(u16::string(&self.scratch));
                }
                Some(0x5C) => {
                    self.at += 1;
                    let unit = self.escape()?;
                    self.scratch.push(unit);
                }
                Some(0x00..=0x1F) | None => return Err(self.inside_string()),
                Some(unit) => {
                    self.scratch.push(unit);
                    self.at += 1;
                }
            }
        }
    }

    /// The unit an escape stands for, from the character after the backslash.
    fn escape(&mut self) -> JsResult<u16> {
        let unit = match self.peek() {
            Some(0x22) => 0x22,
            Some(0x5C) => 0x5C,
            Some(0x2F) => 0x2F,
            Some(0x62 /* b */) => 0x08,
            Some(0x66 /* f */) => 0x0C,
            Some(0x6E /* n */) => 0x0A,
            Some(0x72 /* r */) => 0x0D,
            Some(0x74 /* t */) => 0x09,
            Some(0x75 /* u */) => {
                let mut unit = 0u16;
                for _ in 0..4 {
                    self.at += 1;
                    let digit = self.peek().and_then(|unit| char::from_u32(u32::from(unit)));
                    let Some(digit) = digit.and_then(|digit| digit.to_digit(16)) else {
                        return Err(named(Problem::UnicodeEscape, self.at));
                    };
                    unit = unit * 16 + digit as u16;
                }
                unit
            }
            None => return Err(unexpected(self.text, self.at)),
            Some(_) => return Err(named(Problem::EscapedCharacter, self.at)),
        };
        self.at += 1;
        Ok(unit)
    }

    /// A string with no escape, shared with its earlier occurrences when short.
    fn plain(&mut self, units: &'t [U]) -> JsString {
        let made = || U::string(units);
        if units.len() > SHARED_UP_TO {
            return made();
        }
        self.shared.entry(units).or_insert_with(made).clone()
    }

    /// A string's end where a character was due: the text ended, or a control character.
    fn inside_string(&self) -> boa_engine::JsError {
        match self.peek() {
            None => named(Problem::UnterminatedString, self.at),
            Some(_) => named(Problem::ControlCharacter, self.at),
        }
    }
}

/// Which key of an object is read: V8 words what is missing differently after the first.
#[derive(Clone, Copy)]
enum Key {
    First,
    Next,
}
