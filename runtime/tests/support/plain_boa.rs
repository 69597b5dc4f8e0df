//! Scripts run in plain Boa (the vendored engine, no ordo around it), for the tests of ordo's
//! patches to the engine and of Boa's own defects.

use boa_engine::{Context, Source};

/// What `code` evaluates to in `context`, as a string; a thrown error as `uncaught {error}`.
pub(crate) fn eval(context: &mut Context, code: &str) -> String {
    match context.eval(Source::from_bytes(code)) {
        Ok(value) => {
            value.to_string(context).map_or_else(|e| e.to_string(), |s| s.to_std_string_escaped())
        }
        Err(error) => format!("uncaught {error}"),
    }
}
