//! ordo's patch: the copy `structuredClone` makes of plain data, made in Rust.
//!
//! ordo's runtime writes `structuredClone` in JavaScript (every kind the web platform clones),
//! where a copy of 20,000 records took about nine times Node's time: a call, a `Map` lookup
//! and a property definition through the interpreter per value. Records and lists, what a
//! script clones most, need none of that: [`JsObject::clone_plain_data`] copies a graph of them
//! here, and says when it cannot, before any script could see a difference.

use rustc_hash::FxHashMap;

use crate::{
    Context, JsObject,
    builtins::Array,
    object::operations::{add_absent_data_property, own_enumerable_data},
    property::PropertyKey,
};

impl JsObject {
    /// ordo's patch: a deep copy of `self` as the structured clone algorithm makes it, when
    /// every object reachable from it through its enumerable own properties is plain data: an
    /// ordinary object whose prototype is `%Object.prototype%` or null, or an Array whose
    /// prototype is `%Array.prototype%`, all of whose own properties are data properties; and
    /// every value there is an object of those or a primitive other than a symbol. Each copy
    /// is an ordinary object with `%Object.prototype%` (a null prototype is not kept, as in
    /// the web platform) or an Array of the same length, with the source's enumerable own
    /// string-keyed properties as data properties, in `[[OwnPropertyKeys]]` order (an Array's
    /// holes kept); an object reached twice is copied once (shared references and cycles
    /// kept). It runs no recursion: a nest of any depth is copied.
    ///
    /// `None` for anything else (a `Date`, a `Map`, a class instance, a getter, a proxy, a
    /// function or a symbol somewhere): nothing was read that runs a script and nothing
    /// reachable was changed, so the caller takes the general path from the start.
    #[must_use]
    pub fn clone_plain_data(&self, context: &mut Context) -> Option<Self> {
        let mut copies: FxHashMap<Self, Self> = FxHashMap::default();
        let mut pending: Vec<(Self, Self)> = Vec::new();
        let root = copy_shell(self, &mut copies, &mut pending, context)?;
        while let Some((source, copy)) = pending.pop() {
            for (key, value) in own_enumerable_data(&source)? {
                // The algorithm copies string-keyed properties alone.
                if matches!(key, PropertyKey::Symbol(_)) {
                    continue;
                }
                let value = match value.as_object() {
                    Some(object) => match copies.get(&object) {
                        Some(known) => known.clone().into(),
                        None => copy_shell(&object, &mut copies, &mut pending, context)?.into(),
                    },
                    None if value.is_symbol() => return None,
                    None => value,
                };
                if copy.is_array() {
                    copy.create_data_property_or_throw(key, value, context)
                        .ok()?;
                } else if !add_absent_data_property(&copy, &key, &value) {
                    return None;
                }
            }
        }
        Some(root)
    }
}

/// The empty copy of `source` (an object or an Array of its length), remembered and queued to
/// be filled; `None` where `source` is not plain data.
fn copy_shell(
    source: &JsObject,
    copies: &mut FxHashMap<JsObject, JsObject>,
    pending: &mut Vec<(JsObject, JsObject)>,
    context: &mut Context,
) -> Option<JsObject> {
    let prototype = source.prototype();
    let constructors = context.intrinsics().constructors();
    let copy = if source.is_array() {
        if !prototype.is_some_and(|p| JsObject::equals(&p, &constructors.array().prototype())) {
            return None;
        }
        let length = source.borrow().properties().storage.first()?.as_number()?;
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        Array::array_create(length as u64, None, context).ok()?
    } else {
        if !source.is_ordinary()
            || prototype.is_some_and(|p| !JsObject::equals(&p, &constructors.object().prototype()))
        {
            return None;
        }
        JsObject::with_object_proto(context.intrinsics())
    };
    copies.insert(source.clone(), copy.clone());
    pending.push((source.clone(), copy.clone()));
    Some(copy)
}
