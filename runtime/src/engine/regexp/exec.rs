//! `RegExp.prototype.exec(string)`: the match found with the expression's matcher and its result
//! array built here (`RegExpBuiltinExec` reads no property but `lastIndex`, so this holds
//! whatever a script did to the expression's other properties). Boa's builds a second array of
//! `indices` at every call whether or not the expression has `d`; it is still what answers for
//! `d`, a `lastIndex` that is not a number, or a pattern only Boa compiles, handed the input in
//! UTF-16 (kept between calls, see [`super::wide`]), and for a sticky expression first asked, at
//! `lastIndex` alone, whether there is a match there at all.

use boa_engine::builtins::regexp::RegExp;
use boa_engine::object::builtins::JsRegExp;
use boa_engine::{Context, JsNativeError, JsObject, JsResult, JsString, JsValue};

use super::super::native::arg;
use super::Shared;
use super::matcher::{Pattern, matches_at};
use super::matching::builtin_exec;
use super::plain::{Plain, get_last_index, set_last_index};
use super::wide;

pub(super) fn exec(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    // RequireInternalSlot(R, [[RegExpMatcher]]).
    let Some(regexp) = this.as_object().filter(|object| object.is::<RegExp>()) else {
        return Err(JsNativeError::typ()
            .with_message(
                "RegExp.prototype.exec called on a value that is not a regular expression",
            )
            .into());
    };
    let input = arg(args, 0).to_string(context)?;
    let shared = Shared::of(context)?;
    if let Some(plain) = Plain::compiled(&regexp, &shared).filter(|plain| !plain.has_indices)
        && let Some(found) = builtin_exec(&shared, &regexp, &plain, &input, context)?
    {
        return match found {
            Some(found) => Ok(result(&input, &found, &plain, context).into()),
            None => Ok(JsValue::null()),
        };
    }
    let searched = shared.wide.of(&input);
    if sticky_match(&shared, &regexp, &input, &searched, context)? == Some(false) {
        // RegExpBuiltinExec, where the matcher fails at lastIndex under `y`.
        set_last_index(&regexp, 0, context)?;
        return Ok(JsValue::null());
    }
    shared.builtin_exec.call(this, &[searched.into()], context)
}

/// For a sticky expression, whether it matches at `lastIndex`; `None` where Boa's `exec` is
/// left to answer: not sticky, `lastIndex` not a number (Boa reads it again, and reading an
/// object twice would call its `valueOf` twice), past the end, inside a surrogate pair under
/// `u`, or no anchored matcher for the pattern.
fn sticky_match(
    shared: &Shared,
    regexp: &JsObject,
    input: &JsString,
    searched: &JsString,
    context: &mut Context,
) -> JsResult<Option<bool>> {
    let Ok(wrapped) = JsRegExp::from_object(regexp.clone()) else { return Ok(None) };
    if !wrapped.sticky(context)? {
        return Ok(None);
    }
    let last_index = get_last_index(regexp, context)?;
    if !last_index.is_number() {
        return Ok(None);
    }
    let at = last_index.to_length(context)?;
    let Ok(at) = usize::try_from(at) else { return Ok(None) };
    if at > input.len() {
        return Ok(None);
    }
    let Some(pattern) = Pattern::of_object(regexp) else { return Ok(None) };
    let units = wide::units(searched);
    // Between the two halves of a surrogate pair.
    if pattern.full_unicode() && at > 0 && wide::pair_at(&units, at - 1) {
        return Ok(None);
    }
    let Some(matcher) = shared.matchers.anchored(&pattern) else { return Ok(None) };
    Ok(Some(matches_at(&matcher, &units, at, pattern.full_unicode())))
}

/// `RegExpBuiltinExec`'s array for `found` in `input`: the match and each capture (`undefined`
/// where it took no part), then `index`, `input` and `groups`, created in that order.
fn result(input: &JsString, found: &regress::Match, plain: &Plain, context: &Context) -> JsObject {
    let groups = plain.groups(input, found, context).map_or_else(JsValue::undefined, JsValue::from);
    let elements = matched_and_captures(input, found);
    RegExp::exec_result(elements, found.start(), input.clone(), groups, context)
}

/// The matched string, then each capture (`undefined` where it took no part): the start of
/// `exec`'s result and of a replacer function's arguments.
pub(super) fn matched_and_captures<'a>(
    input: &'a JsString,
    found: &'a regress::Match,
) -> impl Iterator<Item = JsValue> + 'a {
    let slice = |range: &std::ops::Range<usize>| JsValue::from(input.slice(range.start, range.end));
    std::iter::once(slice(&found.range())).chain(
        found
            .captures
            .iter()
            .map(move |capture| capture.as_ref().map_or_else(JsValue::undefined, slice)),
    )
}
