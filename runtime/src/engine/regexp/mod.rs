//! `RegExp.prototype.exec` and `RegExp.prototype[Symbol.split]` of ordo's own, installed over
//! Boa's when an engine is built (before any script), because Boa 0.22 makes regular
//! expressions over large text quadratic in three places:
//!
//! - its `exec` copies a Latin-1 input to UTF-16 at every call, so each match of a `g` loop
//!   (`match`, `matchAll`, `replace`, `test`, `exec`) cost the whole text ([`wide`]);
//! - a sticky (`y`) `exec` searches the rest of the input for a match and then rejects it if it
//!   does not start at `lastIndex`: a failed attempt costs the distance to the next match, and
//!   a tokenizer that tries an alternative absent from the rest of the text pays all of it at
//!   every token ([`matcher`]'s anchored matcher answers at the position alone);
//! - `[Symbol.split]` does what the specification writes, a sticky attempt at every position,
//!   each of which (above) searches to the next separator ([`split`] searches once per piece
//!   where no script can see the difference).
//!
//! `[Symbol.match]`, `test` ([`matching`]) and `[Symbol.replace]` ([`replace`]) are ordo's too:
//! on an expression no script has changed ([`plain`]) they match without building a result
//! object per match, which was most of their time; `String.prototype.replace` calls that
//! `[Symbol.replace]` itself where it is what `GetMethod` would find. Everything else (`matchAll`) is Boa's, and
//! reaches this `exec` through the `exec` property as the specification says. Matching itself
//! is Boa's engine, regress, compiled from the same source and flags.
//! `runtime/tests/string_scaling.rs` holds the cost linear, and the test262 subset `regexp`
//! the behaviour.

mod exec;
mod literal;
mod matcher;
mod matching;
mod plain;
mod replace;
mod split;
mod wide;

use std::rc::Rc;

use boa_engine::{Context, JsNativeError, JsObject, JsResult, JsSymbol, js_string};

use super::native;
use super::originals::Originals;
use matcher::Matchers;
use plain::{Builtins, PlainForms};
use wide::WideCopies;

/// What the methods share in one engine (in the context's data).
struct Shared {
    /// Boa's own `exec`, which does the matching and builds the result.
    builtin_exec: JsObject,
    /// Boa's `[Symbol.match]`, `[Symbol.replace]` and `test`, for an expression that is not
    /// plain.
    builtin_match: JsObject,
    builtin_replace: JsObject,
    builtin_test: JsObject,
    /// Boa's `String.prototype.replace`, for a pattern that is not a plain expression.
    builtin_string_replace: JsObject,
    /// What makes an expression plain.
    builtins: Builtins,
    /// This module's `exec` as installed: `[Symbol.split]` searches on its own only while it is
    /// still `RegExp.prototype.exec`.
    own_exec: JsObject,
    /// The built-ins as they were before any script.
    originals: Originals,
    wide: WideCopies,
    matchers: Matchers,
    forms: PlainForms,
}

impl Shared {
    fn of(context: &Context) -> JsResult<Rc<Self>> {
        context.get_data::<Rc<Self>>().cloned().ok_or_else(|| {
            JsNativeError::typ()
                .with_message("the regular expression built-ins are not installed")
                .into()
        })
    }
}

/// Puts `exec`, `test`, `[Symbol.match]`, `[Symbol.replace]` and `[Symbol.split]` on
/// `RegExp.prototype`, and `replace` on `String.prototype`, as the built-ins they replace are:
/// writable, configurable, not enumerable.
pub(crate) fn install(context: &mut Context, originals: &Originals) -> JsResult<()> {
    let prototype = context.intrinsics().constructors().regexp().prototype();
    let builtin_exec = native::builtin(&prototype, js_string!("exec"), context)?;
    let builtin_test = native::builtin(&prototype, js_string!("test"), context)?;
    let builtin_match = native::builtin(&prototype, JsSymbol::r#match(), context)?;
    let builtin_replace = native::builtin(&prototype, JsSymbol::replace(), context)?;
    let string_prototype = context.intrinsics().constructors().string().prototype();
    let builtin_string_replace =
        native::builtin(&string_prototype, js_string!("replace"), context)?;
    let exec = native::function(context, js_string!("exec"), 1, exec::exec);
    let test = native::function(context, js_string!("test"), 1, matching::test);
    let r#match = native::function(context, js_string!("[Symbol.match]"), 1, matching::r#match);
    let split = native::function(context, js_string!("[Symbol.split]"), 2, split::split);
    let replace = native::function(context, js_string!("[Symbol.replace]"), 2, replace::replace);
    let string_replace =
        native::function(context, js_string!("replace"), 2, replace::string_replace);
    context.insert_data(Rc::new(Shared {
        builtin_exec,
        builtin_match,
        builtin_replace,
        builtin_test,
        builtin_string_replace,
        builtins: Builtins::capture(
            &prototype,
            &context.intrinsics().constructors().regexp().constructor(),
            [&exec, &r#match, &replace],
        )?,
        own_exec: exec.clone(),
        originals: originals.clone(),
        wide: WideCopies::default(),
        matchers: Matchers::default(),
        forms: PlainForms::default(),
    }));
    native::define_method(&prototype, js_string!("exec"), exec, context)?;
    native::define_method(&prototype, js_string!("test"), test, context)?;
    native::define_method(&prototype, JsSymbol::r#match(), r#match, context)?;
    native::define_method(&prototype, JsSymbol::replace(), replace, context)?;
    native::define_method(&string_prototype, js_string!("replace"), string_replace, context)?;
    native::define_method(&prototype, JsSymbol::split(), split, context)
}
