//! String built-ins of ordo's own, in Rust, installed over Boa's on `String.prototype` when an
//! engine is built (before any script): those Boa 0.22 makes quadratic by searching from a
//! position one window at a time (`split`, `indexOf`, `lastIndexOf`, `includes`, `replaceAll`),
//! and `repeat`, which made a reference per repetition. Beside them, Annex B's `substr`,
//! `trimLeft` and `trimRight`, which Boa leaves out (`legacy`).
//! Each follows the specification's steps; `runtime/tests/string_scaling.rs` holds their cost
//! linear, and the test262 subset `strings` their behaviour.

mod legacy;
mod methods;
mod repeat;
mod search;

use boa_engine::{Context, JsResult, JsString};

use super::native::{self, Native};
pub(crate) use search::find_units;

/// Each method: its name, its `length`, the function, and whether it may run bare on
/// primitives (`split` and `replaceAll` read the separator's or the pattern's methods, which a
/// script can define on `String.prototype`).
const METHODS: [(&str, usize, Native, bool); 7] = [
    ("indexOf", 1, methods::index_of, true),
    ("lastIndexOf", 1, methods::last_index_of, true),
    ("includes", 1, methods::includes, true),
    ("split", 2, methods::split, false),
    ("replaceAll", 2, methods::replace_all, false),
    ("repeat", 1, repeat::repeat, true),
    ("substr", 2, legacy::substr, true),
];

/// Annex B's other names of two methods: each the same function object as the one it names.
const ALIASES: [(&str, &str); 2] = [("trimLeft", "trimStart"), ("trimRight", "trimEnd")];

/// Puts the methods on `String.prototype`, as the built-ins they replace are: writable,
/// configurable, not enumerable.
pub(crate) fn install(context: &mut Context) -> JsResult<()> {
    let prototype = context.intrinsics().constructors().string().prototype();
    for (name, length, method, bare) in METHODS {
        let name = JsString::from(name);
        let function = if bare {
            native::bare_method(context, name.clone(), length, method)
        } else {
            native::function(context, name.clone(), length, method)
        };
        native::define_method(&prototype, name, function, context)?;
    }
    for (alias, name) in ALIASES {
        let function = native::builtin(&prototype, JsString::from(name), context)?;
        native::define_method(&prototype, JsString::from(alias), function, context)?;
    }
    Ok(())
}
