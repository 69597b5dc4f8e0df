//! ordo's patch: compiled matchers kept by pattern and flags.
//!
//! Boa compiles a regular expression literal each time the literal is evaluated (`StoreRegexp`
//! calls `RegExp::create`), so a literal inside a loop parsed and compiled its pattern once per
//! iteration: in a script that matches each of 20,000 lines against a literal, compiling was
//! most of the run. The compiled program depends on nothing but the pattern's text and the
//! flags, and no script can observe it, so the last ones compiled on this thread are kept here
//! and shared by every `RegExp` object made from the same pair (each object still has its own
//! `lastIndex` and identity, as the specification requires).
//!
//! The map hashes with `FxHash`: a literal evaluated once per line looks its pattern up once per
//! line, and SipHash of a 60-unit pattern cost more than the match.

use std::cell::RefCell;
use std::rc::Rc;

use boa_string::JsString;
use regress::Regex;
use rustc_hash::FxHashMap;

/// How many pairs are kept; the map is emptied when it is full.
const ENTRIES: usize = 64;

/// Patterns longer than this (in code units) are compiled each time and not kept, so what the
/// map holds stays small however large the patterns a script builds.
const LONGEST_KEPT: usize = 4096;

thread_local! {
    static COMPILED: RefCell<FxHashMap<(JsString, u8), Rc<Regex>>> =
        RefCell::new(FxHashMap::default());
}

/// The matcher for `pattern` with `flags`, compiled by `compile` when none is kept.
pub(super) fn matcher<E>(
    pattern: &JsString,
    flags: u8,
    compile: impl FnOnce() -> Result<Regex, E>,
) -> Result<Rc<Regex>, E> {
    if pattern.len() > LONGEST_KEPT {
        return compile().map(Rc::new);
    }
    let key = (pattern.clone(), flags);
    if let Some(kept) = COMPILED.with_borrow(|kept| kept.get(&key).cloned()) {
        return Ok(kept);
    }
    let compiled = Rc::new(compile()?);
    COMPILED.with_borrow_mut(|kept| {
        if kept.len() >= ENTRIES {
            kept.clear();
        }
        kept.insert(key, Rc::clone(&compiled));
    });
    Ok(compiled)
}
