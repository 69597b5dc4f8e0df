//! `RegExp.prototype.exec(string)`: Boa's, handed the input in UTF-16 (kept between calls, see
//! [`super::wide`]), and for a sticky expression first asked, at `lastIndex` alone, whether
//! there is a match there at all.

use boa_engine::builtins::regexp::RegExp;
use boa_engine::object::builtins::JsRegExp;
use boa_engine::{Context, JsNativeError, JsObject, JsResult, JsString, JsValue, js_string};

use super::super::native::arg;
use super::Shared;
use super::matcher::{Pattern, matches_at};
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
    let searched = shared.wide.of(&input);
    if sticky_match(&shared, &regexp, &input, &searched, context)? == Some(false) {
        // RegExpBuiltinExec, where the matcher fails at lastIndex under `y`.
        regexp.set(js_string!("lastIndex"), 0, true, context)?;
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
    let last_index = regexp.get(js_string!("lastIndex"), context)?;
    if !last_index.is_number() {
        return Ok(None);
    }
    let at = last_index.to_length(context)?;
    let Ok(at) = usize::try_from(at) else { return Ok(None) };
    if at > input.len() {
        return Ok(None);
    }
    let Some(pattern) = Pattern::of(regexp) else { return Ok(None) };
    let units = wide::units(searched);
    // Between the two halves of a surrogate pair.
    if pattern.full_unicode() && at > 0 && wide::pair_at(&units, at - 1) {
        return Ok(None);
    }
    let Some(matcher) = shared.matchers.anchored(&pattern) else { return Ok(None) };
    Ok(Some(matches_at(&matcher, &units, at, pattern.full_unicode())))
}
