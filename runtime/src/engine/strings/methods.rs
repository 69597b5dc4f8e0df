//! The `String.prototype` methods that search, written as the specification writes them, over
//! [`super::search`]. Each step that can call back into the script (`ToString` of an object,
//! `@@split`, a replacer function) happens where and as often as the specification says.

use boa_engine::object::builtins::{JsArray, JsRegExp};
use boa_engine::value::IntegerOrInfinity;
use boa_engine::{
    Context, JsNativeError, JsObject, JsResult, JsString, JsSymbol, JsValue, js_string,
};

use super::super::native::arg;
use super::super::template;
use super::search::{self, Finder};

/// `RequireObjectCoercible(this)`, with the method's name in the error.
fn coercible(this: &JsValue, method: &str) -> JsResult<()> {
    if this.is_null_or_undefined() {
        return Err(JsNativeError::typ()
            .with_message(format!("String.prototype.{method} called on null or undefined"))
            .into());
    }
    Ok(())
}

/// `RequireObjectCoercible(this)`, then `ToString`.
pub(super) fn this_string(
    this: &JsValue,
    method: &str,
    context: &mut Context,
) -> JsResult<JsString> {
    coercible(this, method)?;
    this.to_string(context)
}

/// A position argument as the specification clamps it into `0..=length`.
fn position(value: &JsValue, length: usize, context: &mut Context) -> JsResult<usize> {
    let position = value.to_integer_or_infinity(context)?;
    Ok(match position {
        IntegerOrInfinity::Integer(at) => {
            usize::try_from(at.max(0)).unwrap_or(usize::MAX).min(length)
        }
        IntegerOrInfinity::PositiveInfinity => length,
        IntegerOrInfinity::NegativeInfinity => 0,
    })
}

/// `GetMethod(value, key)` of an object: `undefined` and `null` are no method; anything else not
/// callable is a `TypeError`.
fn method(
    value: &JsValue,
    key: JsSymbol,
    name: &str,
    context: &mut Context,
) -> JsResult<Option<JsObject>> {
    let found = value.to_object(context)?.get(key, context)?;
    if found.is_null_or_undefined() {
        return Ok(None);
    }
    match found.as_callable() {
        Some(function) => Ok(Some(function.clone())),
        None => Err(JsNativeError::typ().with_message(format!("{name} is not a function")).into()),
    }
}

/// `IsRegExp(value)`.
fn is_regexp(value: &JsValue, context: &mut Context) -> JsResult<bool> {
    let Some(object) = value.as_object() else { return Ok(false) };
    let matcher = object.get(JsSymbol::r#match(), context)?;
    if !matcher.is_undefined() {
        return Ok(matcher.to_boolean());
    }
    Ok(JsRegExp::from_object(object.clone()).is_ok())
}

/// `String.prototype.indexOf(searchString, position)`.
pub(super) fn index_of(
    this: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let string = this_string(this, "indexOf", context)?;
    let search = arg(args, 0).to_string(context)?;
    let start = position(&arg(args, 1), string.len(), context)?;
    Ok(found(search::find(string.as_str(), search.as_str(), start)))
}

/// `String.prototype.lastIndexOf(searchString, position)`: `NaN` counts as the end.
pub(super) fn last_index_of(
    this: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let string = this_string(this, "lastIndexOf", context)?;
    let search = arg(args, 0).to_string(context)?;
    let number = arg(args, 1).to_number(context)?;
    let start = if number.is_nan() {
        string.len()
    } else {
        position(&JsValue::new(number), string.len(), context)?
    };
    Ok(found(search::rfind(string.as_str(), search.as_str(), start)))
}

/// `String.prototype.includes(searchString, position)`: a regular expression is refused.
pub(super) fn includes(
    this: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let string = this_string(this, "includes", context)?;
    let search = arg(args, 0);
    if is_regexp(&search, context)? {
        return Err(JsNativeError::typ()
            .with_message(
                "String.prototype.includes: the first argument must not be a regular expression",
            )
            .into());
    }
    let search = search.to_string(context)?;
    let start = position(&arg(args, 1), string.len(), context)?;
    Ok(search::find(string.as_str(), search.as_str(), start).is_some().into())
}

fn found(index: Option<usize>) -> JsValue {
    index.map_or(JsValue::new(-1), |at| JsValue::new(at as f64))
}

/// `String.prototype.split(separator, limit)`. A separator with a `@@split` method (a regular
/// expression) is handed the work; a string is searched once, left to right, each piece a
/// slice of the string (no copy).
pub(super) fn split(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    coercible(this, "split")?;
    let (separator, limit) = (arg(args, 0), arg(args, 1));
    // Only an object is asked for its method: a primitive's prototype is not (ES2025).
    if separator.is_object()
        && let Some(splitter) =
            method(&separator, JsSymbol::split(), "the separator's [Symbol.split]", context)?
    {
        return splitter.call(&separator, &[this.clone(), limit], context);
    }
    let string = this.to_string(context)?;
    let limit = if limit.is_undefined() { u32::MAX } else { limit.to_u32(context)? } as usize;
    let pattern = separator.to_string(context)?;
    if limit == 0 {
        return Ok(JsArray::new(context)?.into());
    }
    if separator.is_undefined() {
        return Ok(JsArray::from_iter([string.into()], context).into());
    }
    let length = string.len();
    if pattern.is_empty() {
        let units = (0..length.min(limit)).map(|at| string.slice(at, at + 1).into());
        return Ok(JsArray::from_iter(units, context).into());
    }
    if length == 0 {
        return Ok(JsArray::from_iter([string.into()], context).into());
    }
    let finder = Finder::new(string.as_str(), pattern.as_str());
    let mut pieces: Vec<JsValue> = Vec::new();
    let mut start = 0;
    while let Some(at) = finder.find(start) {
        pieces.push(string.slice(start, at).into());
        if pieces.len() == limit {
            return Ok(JsArray::from_iter(pieces, context).into());
        }
        start = at + pattern.len();
    }
    pieces.push(string.slice(start, length).into());
    Ok(JsArray::from_iter(pieces, context).into())
}

/// `String.prototype.replaceAll(searchValue, replaceValue)`. A regular expression must be
/// global and does the work itself (`@@replace`); a string is found left to right, once.
pub(super) fn replace_all(
    this: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    coercible(this, "replaceAll")?;
    let (search_value, replace_value) = (arg(args, 0), arg(args, 1));
    if search_value.is_object() {
        if is_regexp(&search_value, context)? {
            let flags = search_value.to_object(context)?.get(js_string!("flags"), context)?;
            flags.require_object_coercible()?;
            let global =
                flags.to_string(context)?.as_str().iter().any(|unit| unit == u16::from(b'g'));
            if !global {
                return Err(JsNativeError::typ()
                    .with_message(
                        "String.prototype.replaceAll needs a global (g) regular expression",
                    )
                    .into());
            }
        }
        if let Some(replacer) =
            method(&search_value, JsSymbol::replace(), "the pattern's [Symbol.replace]", context)?
        {
            return replacer.call(&search_value, &[this.clone(), replace_value], context);
        }
    }
    let string = this.to_string(context)?;
    let search = search_value.to_string(context)?;
    let replacement = match replace_value.as_callable() {
        Some(function) => Replacement::Function(function.clone()),
        None => {
            Replacement::Template(template::pieces(&replace_value.to_string(context)?, 0, false))
        }
    };
    let advance = search.len().max(1);
    let finder = Finder::new(string.as_str(), search.as_str());
    let mut positions = Vec::new();
    let mut next = finder.find(0);
    while let Some(at) = next {
        positions.push(at);
        next = finder.find(at + advance);
    }
    let mut out: Vec<JsString> = Vec::with_capacity(positions.len() * 2 + 1);
    let mut end_of_last = 0;
    for at in positions {
        out.push(string.slice(end_of_last, at));
        match &replacement {
            Replacement::Function(function) => {
                let args = [search.clone().into(), JsValue::new(at as f64), string.clone().into()];
                out.push(function.call(&JsValue::undefined(), &args, context)?.to_string(context)?);
            }
            Replacement::Template(pieces) => {
                let range = at..at + search.len();
                let found =
                    template::Match { string: &string, range, captures: &[], named: &|_| None };
                template::fill(pieces, &found, &mut out);
            }
        }
        end_of_last = at + search.len();
    }
    if end_of_last < string.len() {
        out.push(string.slice(end_of_last, string.len()));
    }
    let parts: Vec<_> = out.iter().map(JsString::as_str).collect();
    Ok(JsString::concat_array(&parts).into())
}

/// What a match is replaced with: what a function returns, or a template's pieces.
enum Replacement {
    Function(JsObject),
    Template(Vec<template::Piece>),
}
