//! `RegExp.prototype[Symbol.split](string, limit)`, as the specification writes it: a splitter
//! made by the species constructor with the flags plus `y`, tried at each position in turn.
//!
//! Where no script can tell the difference (the splitter is a plain `RegExp` made by `%RegExp%`,
//! and `RegExp.prototype.exec` is still the built-in one), the positions between two separators
//! are not tried one by one: the splitter's pattern is searched from the position once, which
//! finds the same first position where it matches, and the same match there. Where nothing the
//! steps before the loop read was changed either, no splitter is made ([`split_itself`]): a
//! split per line of a log made one per line.

use boa_engine::builtins::regexp::RegExp;
use boa_engine::object::builtins::JsArray;
use boa_engine::{
    Context, JsNativeError, JsObject, JsResult, JsString, JsSymbol, JsValue, js_str, js_string,
};
use regress::Regex;
use std::rc::Rc;

use super::super::native::arg;
use super::matcher::{FlagSet, Pattern, find_from};
use super::{Shared, wide};

pub(super) fn split(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let Some(rx) = this.as_object() else {
        return Err(JsNativeError::typ()
            .with_message("RegExp.prototype[Symbol.split] called on a value that is not an object")
            .into());
    };
    let string = arg(args, 0).to_string(context)?;
    let shared = Shared::of(context)?;
    if let Some(pieces) = split_itself(&shared, &rx, &string, &arg(args, 1), context)? {
        return Ok(JsArray::from_iter(pieces, context).into());
    }
    let regexp_constructor = context.intrinsics().constructors().regexp().constructor();
    let constructor = species_constructor(&rx, &regexp_constructor, context)?;
    let flags = rx.get(js_string!("flags"), context)?.to_string(context)?;
    let has = |flag: u8| flags.as_str().iter().any(|unit| unit == u16::from(flag));
    let unicode_matching = has(b'u') || has(b'v');
    let new_flags = if has(b'y') { flags.clone() } else { js_string!(&flags, js_str!("y")) };
    let splitter =
        constructor.construct(&[this.clone(), new_flags.into()], Some(&constructor), context)?;
    let limit = arg(args, 1);
    let limit = if limit.is_undefined() { u32::MAX } else { limit.to_u32(context)? } as usize;
    if limit == 0 {
        return Ok(JsArray::new(context)?.into());
    }
    if string.is_empty() {
        let found = regexp_exec(&splitter, &string, context)?;
        let pieces = if found.is_some() { Vec::new() } else { vec![string.into()] };
        return Ok(JsArray::from_iter(pieces, context).into());
    }
    let pieces = match searchable(&shared, &splitter, &constructor, &regexp_constructor, context)? {
        Some((matcher, pattern)) => {
            let held = shared.wide.of(&string);
            searched(&matcher, pattern.full_unicode(), &string, &wide::units(&held), limit)
        }
        None => tried_at_each_position(&splitter, &string, unicode_matching, limit, context)?,
    };
    Ok(JsArray::from_iter(pieces, context).into())
}

/// The split where none of the specification's steps can call a script, taken without them:
/// `SpeciesConstructor(rx, %RegExp%)` is `%RegExp%` ([`super::plain::Builtins::species_is_regexp`],
/// which also holds `flags` and its getters built-in and `IsRegExp`'s read of `[Symbol.match]`
/// a data property), a limit that is `undefined` or a number converts with no call, and the
/// splitter `%RegExp%` would make (`rx`'s source, its flags and `y`) is seen by no script. Its
/// pieces are found with `rx`'s own matcher, which is the splitter's: regress compiles neither
/// `g` nor `y`. `line.split(/\s+/)` made a splitter and read eleven properties per line. `None`
/// where the steps must be taken.
fn split_itself(
    shared: &Shared,
    rx: &JsObject,
    string: &JsString,
    limit: &JsValue,
    context: &mut Context,
) -> JsResult<Option<Vec<JsValue>>> {
    if !(limit.is_undefined() || limit.is_number()) || !shared.builtins.species_is_regexp(rx) {
        return Ok(None);
    }
    let Some((matcher, full_unicode)) = rx
        .downcast_ref::<RegExp>()
        .map(|regexp| (Rc::clone(regexp.matcher()), FlagSet::of(&regexp).full_unicode()))
    else {
        return Ok(None);
    };
    let limit = if limit.is_undefined() { u32::MAX } else { limit.to_u32(context)? } as usize;
    if limit == 0 {
        return Ok(Some(Vec::new()));
    }
    let held = shared.wide.of(string);
    let units = wide::units(&held);
    if string.is_empty() {
        // The sticky splitter at 0 of the empty string: a match from 0 is at 0.
        let matched = find_from(&matcher, &units, 0, full_unicode).is_some();
        return Ok(Some(if matched { Vec::new() } else { vec![string.clone().into()] }));
    }
    Ok(Some(searched(&matcher, full_unicode, string, &units, limit)))
}

/// `SpeciesConstructor(rx, %RegExp%)`.
fn species_constructor(
    rx: &JsObject,
    default: &JsObject,
    context: &mut Context,
) -> JsResult<JsObject> {
    let constructor = rx.get(js_string!("constructor"), context)?;
    if constructor.is_undefined() {
        return Ok(default.clone());
    }
    let Some(constructor) = constructor.as_object() else {
        return Err(JsNativeError::typ()
            .with_message("the regular expression's constructor is not an object")
            .into());
    };
    let species = constructor.get(JsSymbol::species(), context)?;
    if species.is_null_or_undefined() {
        return Ok(default.clone());
    }
    match species.as_object() {
        Some(species) if species.is_constructor() => Ok(species.clone()),
        _ => Err(JsNativeError::typ()
            .with_message("the regular expression's [Symbol.species] is not a constructor")
            .into()),
    }
}

/// `RegExpExec(R, S)`: `R.exec` if it is callable, the built-in otherwise.
fn regexp_exec(
    splitter: &JsObject,
    string: &JsString,
    context: &mut Context,
) -> JsResult<Option<JsObject>> {
    let exec = splitter.get(js_string!("exec"), context)?;
    let result = match exec.as_callable() {
        Some(exec) => exec.call(&splitter.clone().into(), &[string.clone().into()], context)?,
        None => {
            if !splitter.is::<RegExp>() {
                return Err(JsNativeError::typ()
                    .with_message("the splitter is not a regular expression and has no exec")
                    .into());
            }
            let builtin = Shared::of(context)?.builtin_exec.clone();
            builtin.call(&splitter.clone().into(), &[string.clone().into()], context)?
        }
    };
    if !result.is_object() && !result.is_null() {
        return Err(JsNativeError::typ()
            .with_message("a regular expression's exec returned neither an object nor null")
            .into());
    }
    Ok(result.as_object())
}

/// The matcher to search with, where searching is unobservable: the splitter was made by
/// `%RegExp%` itself (so it is a plain `RegExp` whose only own property is `lastIndex`), and
/// `RegExp.prototype.exec` is a data property still holding the built-in `exec`, so every
/// `RegExpExec` of the loop would run that `exec` and nothing a script wrote.
fn searchable(
    shared: &Shared,
    splitter: &JsObject,
    constructor: &JsObject,
    regexp_constructor: &JsObject,
    context: &mut Context,
) -> JsResult<Option<(std::rc::Rc<Regex>, Pattern)>> {
    if !JsObject::equals(constructor, regexp_constructor) || !splitter.is::<RegExp>() {
        return Ok(None);
    }
    let prototype = context.intrinsics().constructors().regexp().prototype();
    let exec = shared.originals.own_property(&prototype, js_string!("exec"), context)?;
    let builtin = exec
        .and_then(|descriptor| descriptor.value().and_then(JsValue::as_object))
        .is_some_and(|exec| JsObject::equals(&exec, &shared.own_exec));
    if !builtin {
        return Ok(None);
    }
    let Some(pattern) = Pattern::of_object(splitter) else {
        return Ok(None);
    };
    Ok(shared.matchers.plain(&pattern).map(|matcher| (matcher, pattern)))
}

/// The loop of the specification, with each run of failed sticky attempts replaced by one
/// search: the first position at or after `q` where the pattern matches is where the search
/// from `q` finds its match.
fn searched(
    matcher: &Regex,
    full_unicode: bool,
    string: &JsString,
    units: &[u16],
    limit: usize,
) -> Vec<JsValue> {
    let size = units.len();
    let mut pieces: Vec<JsValue> = Vec::new();
    let (mut p, mut q) = (0, 0);
    while q < size {
        let Some(found) = find_from(matcher, units, q, full_unicode) else { break };
        // The specification tries positions before the end only.
        if found.start() >= size {
            break;
        }
        let at = found.start();
        let end = found.end().min(size);
        if end == p {
            q = advance(units, at, full_unicode);
            continue;
        }
        pieces.push(string.slice(p, at).into());
        if pieces.len() == limit {
            return pieces;
        }
        for group in found.captures.iter() {
            let capture = group.as_ref().map_or_else(JsValue::undefined, |range| {
                string.slice(range.start, range.end).into()
            });
            pieces.push(capture);
            if pieces.len() == limit {
                return pieces;
            }
        }
        p = end;
        q = p;
    }
    pieces.push(string.slice(p, size).into());
    pieces
}

/// The loop as the specification writes it: a sticky `RegExpExec` at each position.
fn tried_at_each_position(
    splitter: &JsObject,
    string: &JsString,
    unicode_matching: bool,
    limit: usize,
    context: &mut Context,
) -> JsResult<Vec<JsValue>> {
    let size = string.len();
    let units: Vec<u16> =
        if unicode_matching { string.as_str().iter().collect() } else { Vec::new() };
    let mut pieces: Vec<JsValue> = Vec::new();
    let (mut p, mut q) = (0, 0);
    while q < size {
        splitter.set(js_string!("lastIndex"), q, true, context)?;
        let Some(found) = regexp_exec(splitter, string, context)? else {
            q = advance(&units, q, unicode_matching);
            continue;
        };
        let end = splitter.get(js_string!("lastIndex"), context)?.to_length(context)?;
        let end = usize::try_from(end).unwrap_or(usize::MAX).min(size);
        if end == p {
            q = advance(&units, q, unicode_matching);
            continue;
        }
        pieces.push(string.slice(p, q).into());
        if pieces.len() == limit {
            return Ok(pieces);
        }
        p = end;
        // LengthOfArrayLike(z).
        let length = found.get(js_string!("length"), context)?.to_length(context)?;
        let captures = length.saturating_sub(1);
        for index in 1..=captures {
            pieces.push(found.get(index, context)?);
            if pieces.len() == limit {
                return Ok(pieces);
            }
        }
        q = p;
    }
    pieces.push(string.slice(p, size).into());
    Ok(pieces)
}

/// `AdvanceStringIndex(S, index, unicode)`: past a whole surrogate pair under `unicode`
/// (`units` is only read then).
fn advance(units: &[u16], index: usize, unicode: bool) -> usize {
    index + if unicode && wide::pair_at(units, index) { 2 } else { 1 }
}
