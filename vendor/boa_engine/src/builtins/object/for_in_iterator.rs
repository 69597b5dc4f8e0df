//! This module implements the `ForInIterator` object.
//!
//! More information:
//!  - [ECMAScript reference][spec]
//!
//! [spec]: https://tc39.es/ecma262/#sec-for-in-iterator-objects

use crate::{
    Context, JsData, JsResult, JsString, JsValue,
    error::JsNativeError,
    object::{
        JsObject,
        internal_methods::InternalMethodPropertyContext,
        shape::{Shape, slot::SlotAttributes, unique_shape::UniqueShape},
    },
    property::PropertyKey,
};
use boa_gc::{Finalize, Trace};
use rustc_hash::FxHashSet;
use std::collections::VecDeque;

/// The `ForInIterator` object represents an iteration over some specific object.
/// It implements the iterator protocol.
///
/// More information:
///  - [ECMAScript reference][spec]
///
/// [spec]: https://tc39.es/ecma262/#sec-for-in-iterator-objects
#[derive(Debug, Clone, Finalize, Trace, JsData)]
pub(crate) struct ForInIterator {
    object: JsValue,
    visited_keys: FxHashSet<JsString>,
    /// ordo's patch: keys found on `object` and not yet in `visited_keys`, which only a
    /// prototype that gives keys reads: they move there when the walk reaches one.
    found_keys: Vec<JsString>,
    /// ordo's patch: property keys, as `[[OwnPropertyKeys]]` gave them (no string made for an
    /// index until it is the next key; a key holds nothing the collector traces).
    #[unsafe_ignore_trace]
    remaining_keys: VecDeque<PropertyKey>,
    object_was_visited: bool,
}

impl ForInIterator {
    fn new(object: JsValue) -> Self {
        Self {
            object,
            visited_keys: FxHashSet::default(),
            found_keys: Vec::new(),
            remaining_keys: VecDeque::default(),
            object_was_visited: false,
        }
    }

    /// `CreateForInIterator( object )`, the iterator's state alone.
    ///
    /// ordo's patch: a for-in iterator is never seen by a script, so its `next` is always the
    /// built-in one: it is stepped directly ([`Self::step_state`]), where Boa made a `next`
    /// function object for every `for-in` and a result object for every key, and a frame
    /// keeps its state with no object (`vm/active_iterator.rs`) until a whole record is asked
    /// for ([`Self::into_object`]).
    ///
    /// More information:
    ///  - [ECMA reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-createforiniterator
    pub(crate) fn of(object: JsValue) -> Self {
        Self::new(object)
    }

    /// ordo's patch: the object `CreateForInIterator` makes, holding this state.
    pub(crate) fn into_object(self, context: &Context) -> JsObject {
        JsObject::from_proto_and_data_with_shared_shape(
            context.root_shape(),
            context.intrinsics().constructors().iterator().prototype(),
            self,
        )
        .upcast()
    }

    /// %ForInIteratorPrototype%.next( ), without its result object (ordo's patch): the next
    /// key, or `None` once every object of the chain is done.
    ///
    /// More information:
    ///  - [ECMA reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-%foriniteratorprototype%.next
    pub(crate) fn step(this: &JsObject, context: &mut Context) -> JsResult<Option<JsValue>> {
        let mut iterator = this
            .downcast_mut::<Self>()
            .ok_or_else(|| JsNativeError::typ().with_message("`this` is not a ForInIterator"))?;
        iterator.step_state(context)
    }

    /// [`Self::step`] of the state itself (ordo's patch: a frame keeps it without an object).
    pub(crate) fn step_state(&mut self, context: &mut Context) -> JsResult<Option<JsValue>> {
        let iterator = self;
        let mut object = iterator.object.to_object(context)?;
        loop {
            if !iterator.object_was_visited {
                let keys = object
                    .__own_property_keys__(&mut InternalMethodPropertyContext::new(context))?;
                iterator.remaining_keys.extend(
                    keys.into_iter()
                        .filter(|key| !matches!(key, PropertyKey::Symbol(_))),
                );
                iterator.object_was_visited = true;
            }
            // ordo's patch: an ordinary object's or an Array's own property is read from its
            // map, without a descriptor; a found key is recorded as visited only once a
            // prototype that gives keys needs to know it.
            let plain = object.is_ordinary() || object.is_array();
            while let Some(key) = iterator.remaining_keys.pop_front() {
                let name = match &key {
                    PropertyKey::String(name) => name.clone(),
                    PropertyKey::Index(index) => index.get().into(),
                    PropertyKey::Symbol(_) => continue,
                };
                if !iterator.visited_keys.is_empty() && iterator.visited_keys.contains(&name) {
                    continue;
                }
                let enumerable = if plain {
                    object.borrow().properties().own_enumerable(&key)
                } else {
                    object
                        .__get_own_property__(&key, &mut InternalMethodPropertyContext::new(context))?
                        .map(|desc| desc.expect_enumerable())
                };
                let Some(enumerable) = enumerable else {
                    continue;
                };
                iterator.found_keys.push(name.clone());
                if enumerable {
                    return Ok(Some(JsValue::new(name)));
                }
            }
            let proto = object.prototype().clone();
            match proto {
                // ordo's patch: prototypes with no enumerable property give no key: an Array's
                // and a plain object's chain are not read key by key for every loop.
                Some(o) if gives_no_keys(&o, context) => return Ok(None),
                Some(o) => {
                    let found = std::mem::take(&mut iterator.found_keys);
                    iterator.visited_keys.extend(found);
                    object = o;
                }
                _ => return Ok(None),
            }
            iterator.object = JsValue::new(object.clone());
            iterator.object_was_visited = false;
        }
    }
}

/// ordo's patch: whether `object` and every prototype after it give no key to a `for-in`: each
/// an ordinary object or an Array (whose `[[OwnPropertyKeys]]` and `[[GetOwnProperty]]` run
/// no script) with no element and no enumerable string-keyed property. A unique shape's answer
/// is remembered with its count of changes (`SilentPrototypes`); elements are not in the shape,
/// so they are looked at each time.
fn gives_no_keys(object: &JsObject, context: &mut Context) -> bool {
    let mut object = object.clone();
    loop {
        let next = {
            let borrowed = object.borrow();
            let properties = borrowed.properties();
            if !(object.is_ordinary() || object.is_array())
                || !properties.holds_no_element()
                || !context.vm.silent_prototypes.holds_no_enumerable(&properties.shape)
            {
                return false;
            }
            borrowed.prototype()
        };
        match next {
            Some(prototype) => object = prototype,
            None => return true,
        }
    }
}

/// ordo's patch: unique shapes known to hold no enumerable string-keyed property, each with
/// its count of changes when it was found so (`UniqueShape::generation`). Prototypes have
/// unique shapes; a handful of them end every `for-in`.
#[derive(Debug, Default)]
pub(crate) struct SilentPrototypes {
    known: Vec<(UniqueShape, u64)>,
}

impl SilentPrototypes {
    /// The most shapes remembered.
    const CAPACITY: usize = 8;

    /// Whether `shape` holds no enumerable property keyed by a string.
    fn holds_no_enumerable(&mut self, shape: &Shape) -> bool {
        let Some(unique) = shape.as_unique() else {
            return no_enumerable_key(shape);
        };
        let address = unique.to_addr_usize();
        let generation = unique.generation();
        if self
            .known
            .iter()
            .any(|(known, at)| known.to_addr_usize() == address && *at == generation)
        {
            return true;
        }
        if !no_enumerable_key(shape) {
            return false;
        }
        self.known.retain(|(known, _)| known.to_addr_usize() != address);
        if self.known.len() == Self::CAPACITY {
            self.known.remove(0);
        }
        self.known.push((unique.clone(), generation));
        true
    }
}

/// Whether no string-keyed property of `shape` is enumerable.
fn no_enumerable_key(shape: &Shape) -> bool {
    shape.keys_with_slots().iter().all(|(key, slot)| {
        matches!(key, PropertyKey::Symbol(_))
            || !slot.attributes.contains(SlotAttributes::ENUMERABLE)
    })
}
