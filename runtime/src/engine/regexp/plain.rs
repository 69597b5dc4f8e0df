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
//! - on `%RegExp.prototype%`, `exec`, `[Symbol.match]` and `[Symbol.replace]` are still
//!   ordo's built-ins, `constructor` is still `%RegExp%`, and `flags` and each flag getter
//!   (`hasIndices`, `global`, ..., `sticky`) are still the built-in accessors.
//!
//! Then `Get(rx, "flags")` returns the expression's own flags, each `RegExpExec` runs the
//! built-in `exec`, and what remains observable is `lastIndex`, which the shortcuts read and
//! write as the specification's steps do.

use std::cell::{OnceCell, RefCell};
use std::rc::Rc;

use hashbrown::HashMap;

use boa_engine::builtins::regexp::RegExp;
use boa_engine::object::{PropertyMap, RecordTemplate};
use boa_engine::property::{PropertyDescriptor, PropertyKey};
use boa_engine::{
    Context, JsNativeError, JsObject, JsResult, JsString, JsSymbol, JsValue, js_string,
};
use regress::Regex;

use super::Shared;
use super::literal::Literal;
use super::matcher::{FlagSet, Matchers, Pattern, find_from};

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
    /// ordo's `exec`, `[Symbol.match]` and `[Symbol.replace]`, and `constructor` (`%RegExp%`):
    /// data properties.
    methods: Vec<(PropertyKey, JsObject)>,
    /// `%RegExp%`, whose `[Symbol.species]` is read.
    constructor: JsObject,
    getters: Vec<(PropertyKey, JsObject)>,
    /// `%RegExp%`'s `[Symbol.species]` getter.
    species: JsObject,
    /// Where the methods and the getters were last found, and the prototype's layout then.
    found: RefCell<Option<Found>>,
}

/// The slots of each method (data properties) and of each getter (accessors), found for one layout
/// of `%RegExp.prototype%` (`PropertyMap::layout_version`): while the layout stands, those slots
/// still hold those properties, and only the values in them can have been written.
struct Found {
    layout: (usize, u64),
    methods: Vec<u32>,
    getters: Vec<u32>,
}

impl Builtins {
    /// Captures the getters of `prototype` (`%RegExp.prototype%`) and the species getter of
    /// `constructor` (`%RegExp%`) before any script runs; `exec`, `match` and `replace` are
    /// ordo's.
    pub(super) fn capture(
        prototype: &JsObject,
        constructor: &JsObject,
        [exec, r#match, replace]: [&JsObject; 3],
    ) -> JsResult<Self> {
        let species = constructor
            .borrow()
            .properties()
            .get(&JsSymbol::species().into())
            .and_then(|property| property.get().and_then(JsValue::as_object))
            .ok_or_else(|| {
                JsNativeError::typ().with_message("the built-in RegExp[Symbol.species] is missing")
            })?;
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
            methods: vec![
                (js_string!("exec").into(), exec.clone()),
                (JsSymbol::r#match().into(), r#match.clone()),
                (JsSymbol::replace().into(), replace.clone()),
                (js_string!("constructor").into(), constructor.clone()),
            ],
            constructor: constructor.clone(),
            getters,
            species,
            found: RefCell::new(None),
        })
    }

    /// Whether `rx` is a `RegExp` that reads every method and getter from `%RegExp.prototype%`
    /// (no own property but `lastIndex`) and those are still the ones captured: then
    /// `GetMethod(rx, @@replace)` is ordo's, and no property a method reads calls a script.
    pub(super) fn govern(&self, rx: &JsObject) -> bool {
        rx.is::<RegExp>()
            && rx.prototype().is_some_and(|prototype| JsObject::equals(&prototype, &self.prototype))
            && only_last_index(rx)
            && self.untouched()
    }

    /// Whether `SpeciesConstructor(rx, %RegExp%)` is `%RegExp%` with no script called: `rx` is
    /// governed ([`Self::govern`]: its `constructor` is `%RegExp%`, a data property) and
    /// `%RegExp%[Symbol.species]` is still the built-in getter, which returns `this`.
    pub(super) fn species_is_regexp(&self, rx: &JsObject) -> bool {
        self.govern(rx)
            && self
                .constructor
                .borrow()
                .properties()
                .get(&JsSymbol::species().into())
                .and_then(|property| {
                    property
                        .get()
                        .and_then(|get| get.with_object(|get| JsObject::equals(get, &self.species)))
                })
                .unwrap_or(false)
    }

    /// Whether every method and getter is still the one captured: their slots looked up again
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
                .and_then(|value| value.with_object(|value| JsObject::equals(value, expected)))
                .unwrap_or(false)
        };
        found.methods.iter().zip(&self.methods).all(|(index, (_, method))| holds(*index, method))
            && found
                .getters
                .iter()
                .zip(&self.getters)
                .all(|(index, (_, getter))| holds(*index, getter))
    }

    /// The slots of each method as a data property and of each getter as an accessor, if so.
    fn locate(&self, properties: &PropertyMap, layout: (usize, u64)) -> Option<Found> {
        // The slot of each key, where its property is of the kind `is_kind` accepts.
        let slots = |entries: &[(PropertyKey, JsObject)],
                     is_kind: fn(&PropertyDescriptor) -> bool| {
            entries
                .iter()
                .map(|(key, _)| {
                    is_kind(&properties.get(key)?).then_some(())?;
                    properties.slot_index(key)
                })
                .collect::<Option<Vec<u32>>>()
        };
        Some(Found {
            layout,
            methods: slots(&self.methods, |property| property.value().is_some())?,
            getters: slots(&self.getters, |property| property.get().is_some())?,
        })
    }
}

/// Whether `lastIndex` is the only own property of `rx` (a `RegExp`, whose `lastIndex` is its
/// first, a data property that cannot be deleted or made an accessor): no slot is stored after
/// it, and there is no element.
fn only_last_index(rx: &JsObject) -> bool {
    let object = rx.borrow();
    let properties = object.properties();
    properties.slot_index(&last_index()) == Some(0)
        && properties.stored(1).is_none()
        && properties.index_property_keys().next().is_none()
}

fn last_index() -> PropertyKey {
    PropertyKey::from(js_string!("lastIndex"))
}

/// `Get(rx, "lastIndex")` for a `RegExp` `rx`: its own data property, read from its slot. A
/// `RegExp` is made with `lastIndex` non-configurable, so no script can delete it or make it an
/// accessor.
pub(super) fn get_last_index(rx: &JsObject, context: &mut Context) -> JsResult<JsValue> {
    if rx.is::<RegExp>() {
        let object = rx.borrow();
        let properties = object.properties();
        if let Some(value) =
            properties.slot_index(&last_index()).and_then(|slot| properties.stored(slot))
        {
            return Ok(value.clone());
        }
    }
    rx.get(last_index(), context)
}

/// `Set(rx, "lastIndex", value, true)` for a `RegExp` `rx` (an ordinary object): where its own
/// `lastIndex` is writable, the value is written to its slot, which is all the set does;
/// otherwise the set is made, and throws.
pub(super) fn set_last_index(rx: &JsObject, value: usize, context: &mut Context) -> JsResult<()> {
    if rx.is::<RegExp>() && rx.borrow_mut().overwrite_own_data(&last_index(), value.into()) {
        return Ok(());
    }
    rx.set(last_index(), value, true, context).map(drop)
}

/// How a plain expression's matches are found.
enum Search {
    /// The pattern is a string ([`Literal`]).
    Literal(Literal),
    /// The expression's own matcher, or for a sticky expression the anchored one (see
    /// [`Matchers::anchored`]).
    Regex(Rc<Regex>),
}

/// A plain regular expression, with what the shortcuts match with.
pub(super) struct Plain {
    /// `u` or `v`: the input is read as code points.
    pub(super) full_unicode: bool,
    /// What finds the next match from a position.
    search: Search,
    pub(super) global: bool,
    sticky: bool,
    /// `d`: `exec` adds `indices` to its result.
    pub(super) has_indices: bool,
    /// The shape of a match's `groups`, made at the first match (`None` inside: the pattern
    /// names no group).
    groups: OnceCell<Option<RecordTemplate>>,
}

impl Plain {
    /// `rx` as a plain regular expression, `None` where a script could see the shortcut (or
    /// regress does not compile the pattern, and Boa's methods report that).
    pub(super) fn of(rx: &JsObject, shared: &Shared) -> Option<Rc<Self>> {
        shared.builtins.govern(rx).then(|| Self::compiled(rx, shared))?
    }

    /// `rx` (a `RegExp`) with its matcher, whatever a script did to its properties: what `exec`
    /// matches with, which reads none of them but `lastIndex`. `None` for an object that is not
    /// a `RegExp` or a pattern regress does not compile.
    pub(super) fn compiled(rx: &JsObject, shared: &Shared) -> Option<Rc<Self>> {
        let regexp = rx.downcast_ref::<RegExp>()?;
        shared.forms.of(&regexp, &shared.matchers)
    }

    fn new(regexp: &RegExp, matchers: &Matchers) -> Option<Self> {
        let flags = FlagSet::of(regexp);
        let sticky = flags.has(b'y');
        let search = if let Some(literal) = Literal::of(regexp, flags) {
            Search::Literal(literal)
        } else if sticky {
            Search::Regex(matchers.anchored(&Pattern::of(regexp))?)
        } else {
            Search::Regex(Rc::clone(regexp.matcher()))
        };
        Some(Self {
            full_unicode: flags.full_unicode(),
            search,
            global: flags.has(b'g'),
            sticky,
            has_indices: flags.has(b'd'),
            groups: OnceCell::new(),
        })
    }

    /// The `groups` object of `found` in `input` where the pattern names groups, as
    /// `RegExpBuiltinExec` makes it: no prototype, a property per name in the pattern's order
    /// (a name used twice: the group of it that took part), every match's on one shape.
    pub(super) fn groups(
        &self,
        input: &JsString,
        found: &regress::Match,
        context: &Context,
    ) -> Option<JsObject> {
        let template = self.groups.get_or_init(|| {
            let mut names = found.named_groups().map(|(name, _)| JsString::from(name)).peekable();
            names.peek()?;
            // Group names are identifiers, never repeated by `named_groups`: a template is made.
            RecordTemplate::new(None, names, context)
        });
        let values = found.named_groups().map(|(_, range)| {
            range
                .map_or_else(JsValue::undefined, |range| input.slice(range.start, range.end).into())
        });
        template.as_ref().map(|template| template.create(values))
    }

    /// `global` or `sticky`: matching reads and moves `lastIndex`.
    pub(super) fn moves(&self) -> bool {
        self.global || self.sticky
    }

    /// The match the specification's matcher finds from `at` (a sticky one only at `at`).
    pub(super) fn find(&self, units: &[u16], at: usize) -> Option<regress::Match> {
        let matcher = match &self.search {
            Search::Literal(literal) if self.sticky => return literal.find_at(units, at),
            Search::Literal(literal) => return literal.find(units, at),
            Search::Regex(matcher) => matcher,
        };
        let found = find_from(matcher, units, at, self.full_unicode);
        if !self.sticky {
            return found;
        }
        // The anchored matcher's last group is its own (see `Pattern::anchored`).
        let mut found = found.filter(|found| found.start() == at)?;
        found.captures.pop().filter(Option::is_none)?;
        Some(found)
    }
}

/// How many expressions' plain forms are kept before the cache starts over.
const FORMS_KEPT: usize = 256;

/// The plain form of each expression met, by the address of its compiled matcher: Boa compiles
/// one matcher per pattern and set of flags (`g` and `y` too) and shares it between the objects
/// made from them, so the address names the source and every flag, and a literal evaluated once
/// per line finds its form again. Each entry holds its matcher, so no other takes its address
/// while it is kept. (Reading the source and the flags again at every `exec`, a sticky
/// tokenizer's anchored matcher looked up by its source, cost a fifth of the call.)
#[derive(Default)]
pub(super) struct PlainForms(RefCell<HashMap<*const Regex, KeptForm>>);

/// A matcher, held so that its address stays its own, and the plain form of its expressions
/// (`None`: a pattern regress does not compile as needed).
type KeptForm = (Rc<Regex>, Option<Rc<Plain>>);

impl PlainForms {
    fn of(&self, regexp: &RegExp, matchers: &Matchers) -> Option<Rc<Plain>> {
        let matcher = regexp.matcher();
        if let Some((_, form)) = self.0.borrow().get(&Rc::as_ptr(matcher)) {
            return form.clone();
        }
        let form = Plain::new(regexp, matchers).map(Rc::new);
        let mut kept = self.0.borrow_mut();
        if kept.len() >= FORMS_KEPT {
            kept.clear();
        }
        kept.insert(Rc::as_ptr(matcher), (Rc::clone(matcher), form.clone()));
        form
    }
}
