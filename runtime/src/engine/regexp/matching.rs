//! `RegExp.prototype[Symbol.match]` and `RegExp.prototype.test`: on a plain expression (see
//! [`super::plain`]) they search with the expression's matcher and build no result object per
//! match (a match without `g` is ordo's `exec`, called directly); otherwise Boa's, handed the
//! string already converted (a second `ToString` of a string calls nothing).

use boa_engine::object::builtins::JsArray;
use boa_engine::{Context, JsNativeError, JsObject, JsResult, JsString, JsValue};

use super::super::native::arg;
use super::plain::{Plain, get_last_index, set_last_index};
use super::{Shared, exec, wide};

/// `RegExp.prototype[Symbol.match](string)`.
pub(super) fn r#match(
    this: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let rx = this_object(this, "RegExp.prototype[Symbol.match]")?;
    let string = arg(args, 0).to_string(context)?;
    let shared = Shared::of(context)?;
    match Plain::of(&rx, &shared) {
        Some(plain) if plain.global => {
            // The specification's `Set(rx, "lastIndex", 0, true)`, which throws where it is not
            // writable; each `exec` of its loop then sets it, the last one to 0.
            set_last_index(&rx, 0, context)?;
            let held = shared.wide.of(&string);
            let units = wide::units(&held);
            let found = all_matches(&plain, &units);
            if found.is_empty() {
                return Ok(JsValue::null());
            }
            let matched = found.iter().map(|one| string.slice(one.start(), one.end()).into());
            Ok(JsArray::from_iter(matched, context).into())
        }
        // Without `g`, `RegExpExec(rx, S)`: on a plain expression `Get(rx, "exec")` is ordo's
        // `exec`, called here as it is (through Boa's `[Symbol.match]` and a property read it
        // cost three native calls: `line.match(re)` took four times `re.exec(line)`).
        Some(_) => exec::exec(this, &[string.into()], context),
        None => shared.builtin_match.call(this, &[string.into()], context),
    }
}

/// Every match of a `g` search from the start: after an empty match the next search starts one
/// character further, as the specification's loops advance `lastIndex`.
pub(super) fn all_matches(plain: &Plain, units: &[u16]) -> Vec<regress::Match> {
    let mut found = Vec::new();
    let mut at = 0;
    while at <= units.len() {
        let Some(one) = plain.find(units, at) else { break };
        at = one.end();
        if at == one.start() {
            at += if plain.full_unicode && wide::pair_at(units, at) { 2 } else { 1 };
        }
        found.push(one);
    }
    found
}

/// `RegExp.prototype.test(string)`.
pub(super) fn test(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let rx = this_object(this, "RegExp.prototype.test")?;
    let string = arg(args, 0).to_string(context)?;
    let shared = Shared::of(context)?;
    if let Some(plain) = Plain::of(&rx, &shared)
        && let Some(found) = builtin_exec(&shared, &rx, &plain, &string, context)?
    {
        return Ok(found.is_some().into());
    }
    shared.builtin_test.call(this, &[string.into()], context)
}

/// `RegExpBuiltinExec` without the result object: the match, with `lastIndex` read and written
/// as its steps say. `None` where Boa's is left to answer: `lastIndex` not a number (reading
/// it calls a script), or inside a surrogate pair under `u` or `v`.
pub(super) fn builtin_exec(
    shared: &Shared,
    rx: &JsObject,
    plain: &Plain,
    string: &JsString,
    context: &mut Context,
) -> JsResult<Option<Option<regress::Match>>> {
    let last_index = get_last_index(rx, context)?;
    if !last_index.is_number() {
        return Ok(None);
    }
    let moves = plain.moves();
    let at = if moves {
        usize::try_from(last_index.to_length(context)?).unwrap_or(usize::MAX)
    } else {
        0
    };
    if at > string.len() {
        set_last_index(rx, 0, context)?;
        return Ok(Some(None));
    }
    let held = shared.wide.of(string);
    let units = wide::units(&held);
    if plain.full_unicode && at > 0 && wide::pair_at(&units, at - 1) {
        return Ok(None);
    }
    let found = plain.find(&units, at);
    if moves {
        set_last_index(rx, found.as_ref().map_or(0, regress::Match::end), context)?;
    }
    Ok(Some(found))
}

pub(super) fn this_object(this: &JsValue, method: &str) -> JsResult<JsObject> {
    this.as_object().ok_or_else(|| {
        JsNativeError::typ()
            .with_message(format!("{method} called on a value that is not an object"))
            .into()
    })
}
