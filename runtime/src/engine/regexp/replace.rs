//! `RegExp.prototype[Symbol.replace](string, replaceValue)`: on a plain expression (see
//! [`super::plain`]) the matches are found with the expression's matcher and read from there,
//! not from a result object per match; otherwise Boa's, handed the arguments already converted.
//!
//! The specification's order holds where a script can see it: every match is found first (so
//! `lastIndex` is 0 while a replacer function runs, whatever it does to the expression), then
//! each replacement is made in turn, a function called with the matched string, the captures,
//! the position, the string and, where the pattern names groups, an object of them.

use boa_engine::object::JsObject;
use boa_engine::{Context, JsResult, JsString, JsValue};

use super::super::native::arg;
use super::super::template::{self, Piece};
use super::exec::matched_and_captures;
use super::matching::{all_matches, builtin_exec, this_object};
use super::plain::{Plain, set_last_index};
use super::{Shared, wide};

pub(super) fn replace(
    this: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let rx = this_object(this, "RegExp.prototype[Symbol.replace]")?;
    let string = arg(args, 0).to_string(context)?;
    let replace_value = arg(args, 1);
    let replacer = match replace_value.as_callable() {
        Some(function) => Replacer::Function(function.clone()),
        None => Replacer::Template(replace_value.to_string(context)?),
    };
    let shared = Shared::of(context)?;
    let Some(plain) = Plain::of(&rx, &shared) else {
        return boas(&shared, this, string, &replacer, context);
    };
    let held = shared.wide.of(&string);
    let units = wide::units(&held);
    let found = if plain.global {
        // `Set(rx, "lastIndex", 0, true)`; the loop's last `exec` leaves it 0 too.
        set_last_index(&rx, 0, context)?;
        all_matches(&plain, &units)
    } else {
        match builtin_exec(&shared, &rx, &plain, &string, context)? {
            Some(found) => found.into_iter().collect(),
            None => return boas(&shared, this, string, &replacer, context),
        }
    };
    let Some(first) = found.first() else { return Ok(string.into()) };
    let named = first.named_groups().next().is_some();
    let pieces = match &replacer {
        Replacer::Template(text) => template::pieces(text, first.captures.len(), named),
        Replacer::Function(_) => Vec::new(),
    };
    let mut out: Vec<JsString> = Vec::with_capacity(found.len() * 2 + 1);
    let mut next_source = 0;
    for one in &found {
        out.push(string.slice(next_source, one.start()));
        match &replacer {
            Replacer::Function(function) => {
                let args = replacer_arguments(&string, one, &plain, context);
                let value = function.call(&JsValue::undefined(), &args, context)?;
                out.push(value.to_string(context)?);
            }
            Replacer::Template(_) => fill(&pieces, &string, one, &mut out),
        }
        next_source = one.end();
    }
    out.push(string.slice(next_source, string.len()));
    let parts: Vec<_> = out.iter().map(JsString::as_str).collect();
    Ok(JsString::concat_array(&parts).into())
}

/// `String.prototype.replace(searchValue, replaceValue)`. Where `searchValue` is an expression
/// that reads its methods from `%RegExp.prototype%` as ordo installed them (see
/// [`super::plain::Builtins::govern`]), `GetMethod(searchValue, @@replace)` is [`replace`] and
/// calls no script, so it is called here directly; anything else is Boa's method (which throws
/// for a `this` of `undefined` or `null`).
pub(super) fn string_replace(
    this: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let shared = Shared::of(context)?;
    let search = arg(args, 0);
    let governed = |rx: &JsObject| shared.builtins.govern(rx);
    if !this.is_null_or_undefined() && search.with_object(governed).unwrap_or(false) {
        return replace(&search, &[this.clone(), arg(args, 1)], context);
    }
    shared.builtin_string_replace.call(this, args, context)
}

/// What the matches are replaced with.
enum Replacer {
    Function(JsObject),
    Template(JsString),
}

/// Boa's `[Symbol.replace]`, given the arguments as converted (converting them again calls
/// nothing).
fn boas(
    shared: &Shared,
    this: &JsValue,
    string: JsString,
    replacer: &Replacer,
    context: &mut Context,
) -> JsResult<JsValue> {
    let converted = match replacer {
        Replacer::Function(function) => function.clone().into(),
        Replacer::Template(text) => text.clone().into(),
    };
    shared.builtin_replace.call(this, &[string.into(), converted], context)
}

/// The matched string, each capture (`undefined` where it took no part), the position, the
/// string, and the named groups where the pattern has them.
fn replacer_arguments(
    string: &JsString,
    found: &regress::Match,
    plain: &Plain,
    context: &Context,
) -> Vec<JsValue> {
    let mut args = Vec::with_capacity(found.captures.len() + 4);
    args.extend(matched_and_captures(string, found));
    args.push(JsValue::new(found.start() as f64));
    args.push(string.clone().into());
    if let Some(groups) = plain.groups(string, found, context) {
        args.push(groups.into());
    }
    args
}

fn fill(pieces: &[Piece], string: &JsString, found: &regress::Match, out: &mut Vec<JsString>) {
    // `named_groups` gives a name repeated in the pattern the group of it that took part
    // (`named_group` would give the first).
    let named = |name: &JsString| {
        let name = name.to_std_string_escaped();
        found.named_groups().find(|(group, _)| *group == name).and_then(|(_, range)| range)
    };
    let one =
        template::Match { string, range: found.range(), captures: &found.captures, named: &named };
    template::fill(pieces, &one, out);
}
