//! When a method may match on its own instead of calling `exec` once per match: the regular
//! expression is "plain", so that no script can tell the difference.
//!
//! `[Symbol.match]` with `g` builds a result object per match only to read its element `0`, and
//! `test` builds one only to compare it with `null`: in a loop over thousands of matches, or a
//! `test` per line, those objects are most of the time (the matching itself is a few percent).
//! The specification reads them through properties a script can change, so the shortcut is
//! taken only where every property it reads is the built-in one:
//!
//! - the expression is a `RegExp` whose prototype is `%RegExp.prototype%` and whose only own
//!   property is `lastIndex` (no own `exec`, `flags` or flag getters);
//! - on `%RegExp.prototype%`, `exec` is still ordo's built-in and `flags` and each flag getter
//!   (`hasIndices`, `global`, ..., `sticky`) are still the built-in accessors.
//!
//! Then `Get(rx, "flags")` returns the expression's own flags, each `RegExpExec` runs the
//! built-in `exec`, and what remains observable is `lastIndex`, which the shortcuts read and
//! write as the specification's steps do.

use std::cell::RefCell;
use std::rc::Rc;

use boa_engine::builtins::regexp::RegExp;
use boa_engine::object::PropertyMap;
use boa_engine::property::PropertyKey;
use boa_engine::{Context, JsNativeError, JsObject, JsResult, JsValue, js_string};
use regress::Regex;

use super::matcher::{Matchers, Pattern, has_flag};

/// The accessors of `%RegExp.prototype%` that `flags` and the methods read.
const ACCESSORS: [&str; 9] = [
    "flags",
    "hasIndices",
    "global",
    "ignoreCase",
    "multiline",
    "dotAll",
    "unicode",
    "unicodeSets",
    "sticky",
];

/// The built-in members of `%RegExp.prototype%`, as installed.
pub(super) struct Builtins {
    prototype: JsObject,
    exec: JsObject,
    getters: Vec<(PropertyKey, JsObject)>,
    /// Where `exec` and the getters were last found, and the prototype's layout then.
    found: RefCell<Option<Found>>,
}

/// The slots of `exec` (a data property) and of each getter (accessors), found for one layout
/// of `%RegExp.prototype%` (`PropertyMap::layout_version`): while the layout stands, those slots
/// still hold those properties, and only the values in them can have been written.
struct Found {
    layout: (usize, u64),
    exec: u32,
    getters: Vec<u32>,
}

impl Builtins {
    /// Captures the getters of `prototype` (`%RegExp.prototype%`) before any script runs; `exec`
    /// is ordo's.
    pub(super) fn capture(prototype: &JsObject, exec: &JsObject) -> JsResult<Self> {
        let properties = prototype.borrow();
        let getters = ACCESSORS
            .iter()
            .map(|name| {
                let key = PropertyKey::from(js_string!(*name));
                let getter = properties
                    .properties()
                    .get(&key)
                    .and_then(|property| property.get().and_then(|get| get.as_object()));
                getter.map(|getter| (key, getter)).ok_or_else(|| {
                    JsNativeError::typ()
                        .with_message(format!("the built-in RegExp.prototype.{name} is missing"))
                        .into()
                })
            })
            .collect::<JsResult<_>>()?;
        drop(properties);
        Ok(Self {
            prototype: prototype.clone(),
            exec: exec.clone(),
            getters,
            found: RefCell::new(None),
        })
    }

    /// Whether `exec` and every getter are still the ones captured: their slots looked up again
    /// only when the prototype's layout has changed, the values in them compared each time.
    fn untouched(&self) -> bool {
        let prototype = self.prototype.borrow();
        let properties = prototype.properties();
        let layout = properties.layout_version();
        let mut found = self.found.borrow_mut();
        if found.as_ref().is_none_or(|found| found.layout != layout) {
            *found = self.locate(properties, layout);
        }
        let Some(found) = found.as_ref() else {
            return false;
        };
        let holds = |index: u32, expected: &JsObject| {
            properties
                .stored(index)
                .and_then(JsValue::as_object)
                .is_some_and(|value| JsObject::equals(&value, expected))
        };
        holds(found.exec, &self.exec)
            && found
                .getters
                .iter()
                .zip(&self.getters)
                .all(|(index, (_, getter))| holds(*index, getter))
    }

    /// The slots of `exec` as a data property and of each getter as an accessor, if so.
    fn locate(&self, properties: &PropertyMap, layout: (usize, u64)) -> Option<Found> {
        let exec_key = PropertyKey::from(js_string!("exec"));
        properties.get(&exec_key)?.value()?;
        let exec = properties.slot_index(&exec_key)?;
        let getters = self
            .getters
            .iter()
            .map(|(key, _)| {
                properties.get(key)?.get()?;
                properties.slot_index(key)
            })
            .collect::<Option<_>>()?;
        Some(Found { layout, exec, getters })
    }
}

/// A plain regular expression, with what the shortcuts match with.
pub(super) struct Plain {
    /// `u` or `v`: the input is read as code points.
    pub(super) full_unicode: bool,
    /// The matcher that finds the next match from a position (the expression's own), or for a
    /// sticky expression the anchored one (see [`Matchers::anchored`]).
    matcher: Rc<Regex>,
    pub(super) global: bool,
    sticky: bool,
    /// `d`: `exec` adds `indices` to its result.
    pub(super) has_indices: bool,
}

impl Plain {
    /// `rx` as a plain regular expression, `None` where a script could see the shortcut (or
    /// regress does not compile the pattern, and Boa's methods report that).
    pub(super) fn of(
        rx: &JsObject,
        builtins: &Builtins,
        matchers: &Matchers,
        context: &mut Context,
    ) -> JsResult<Option<Self>> {
        let own_prototype = rx
            .prototype()
            .is_some_and(|prototype| JsObject::equals(&prototype, &builtins.prototype));
        // A `RegExp`'s `lastIndex` cannot be deleted: one own property is that one.
        if !rx.is::<RegExp>()
            || !own_prototype
            || rx.own_property_keys(context)?.len() != 1
            || !builtins.untouched()
        {
            return Ok(None);
        }
        Ok(Self::compiled(rx, matchers))
    }

    /// `rx` (a `RegExp`) with its matcher, whatever a script did to its properties: what `exec`
    /// matches with, which reads none of them but `lastIndex`. `None` for an object that is not
    /// a `RegExp` or a pattern regress does not compile.
    pub(super) fn compiled(rx: &JsObject, matchers: &Matchers) -> Option<Self> {
        let regexp = rx.downcast_ref::<RegExp>()?;
        let has = |flag: u8| has_flag(&regexp, flag);
        let sticky = has(b'y');
        let matcher = if sticky {
            let pattern = Pattern::of(&regexp);
            matchers.anchored(&pattern)?
        } else {
            Rc::clone(regexp.matcher())
        };
        Some(Self {
            full_unicode: has(b'u') || has(b'v'),
            matcher,
            global: has(b'g'),
            sticky,
            has_indices: has(b'd'),
        })
    }

    /// `global` or `sticky`: matching reads and moves `lastIndex`.
    pub(super) fn moves(&self) -> bool {
        self.global || self.sticky
    }

    /// The match the specification's matcher finds from `at` (a sticky one only at `at`).
    pub(super) fn find(&self, units: &[u16], at: usize) -> Option<regress::Match> {
        let found = if self.full_unicode {
            self.matcher.find_from_utf16(units, at).next()
        } else {
            self.matcher.find_from_ucs2(units, at).next()
        };
        if !self.sticky {
            return found;
        }
        // The anchored matcher's last group is its own (see `Pattern::anchored`).
        let mut found = found.filter(|found| found.start() == at)?;
        found.captures.pop().filter(Option::is_none)?;
        Some(found)
    }
}
