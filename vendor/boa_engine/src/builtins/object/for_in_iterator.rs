//! This module implements the `ForInIterator` object.
//!
//! More information:
//!  - [ECMAScript reference][spec]
//!
//! [spec]: https://tc39.es/ecma262/#sec-for-in-iterator-objects

use crate::{
    Context, JsData, JsResult, JsString, JsValue,
    error::JsNativeError,
    object::{JsObject, internal_methods::InternalMethodPropertyContext, shape::slot::SlotAttributes},
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
    remaining_keys: VecDeque<JsString>,
    object_was_visited: bool,
}

impl ForInIterator {
    fn new(object: JsValue) -> Self {
        Self {
            object,
            visited_keys: FxHashSet::default(),
            remaining_keys: VecDeque::default(),
            object_was_visited: false,
        }
    }

    /// `CreateForInIterator( object )`
    ///
    /// Creates a new iterator over the given object.
    ///
    /// ordo's patch: the iterator alone. A for-in iterator is never seen by a script, so its
    /// `next` is always the built-in one: `IteratorRecord` steps it directly ([`Self::step`]),
    /// where Boa made a `next` function object for every `for-in` and a result object for
    /// every key.
    ///
    /// More information:
    ///  - [ECMA reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-createforiniterator
    pub(crate) fn create_for_in_iterator(object: JsValue, context: &Context) -> JsObject {
        JsObject::from_proto_and_data_with_shared_shape(
            context.root_shape(),
            context.intrinsics().constructors().iterator().prototype(),
            Self::new(object),
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
        let mut object = iterator.object.to_object(context)?;
        loop {
            if !iterator.object_was_visited {
                let keys = object
                    .__own_property_keys__(&mut InternalMethodPropertyContext::new(context))?;
                for k in keys {
                    match k {
                        PropertyKey::String(ref k) => {
                            iterator.remaining_keys.push_back(k.clone());
                        }
                        PropertyKey::Index(i) => {
                            iterator.remaining_keys.push_back(i.get().into());
                        }
                        PropertyKey::Symbol(_) => {}
                    }
                }
                iterator.object_was_visited = true;
            }
            // ordo's patch: the keys of the chain's last object shadow nothing after it, so
            // they are not recorded as visited.
            let last = object.prototype().is_none();
            while let Some(r) = iterator.remaining_keys.pop_front() {
                if !iterator.visited_keys.contains(&r)
                    && let Some(desc) = object.__get_own_property__(
                        &PropertyKey::from(r.clone()),
                        &mut InternalMethodPropertyContext::new(context),
                    )?
                {
                    if !last {
                        iterator.visited_keys.insert(r.clone());
                    }
                    if desc.expect_enumerable() {
                        return Ok(Some(JsValue::new(r)));
                    }
                }
            }
            let proto = object.prototype().clone();
            match proto {
                // ordo's patch: the realm's `Object.prototype` at the end of the chain, with no
                // enumerable property, gives no key: its dozen built-in methods are not read one
                // by one for every loop.
                Some(o) if ends_without_enumerables(&o, context) => return Ok(None),
                Some(o) => {
                    object = o;
                }
                _ => return Ok(None),
            }
            iterator.object = JsValue::new(object.clone());
            iterator.object_was_visited = false;
        }
    }
}

/// ordo's patch: whether `object` is the realm's `Object.prototype`, last of its chain, with no
/// enumerable property of its own. Its own properties are an ordinary object's (it is exotic
/// only in refusing a new prototype), so its shape says so without running any script.
fn ends_without_enumerables(object: &JsObject, context: &Context) -> bool {
    if !JsObject::equals(object, &context.intrinsics().constructors().object().prototype()) {
        return false;
    }
    let borrowed = object.borrow();
    let properties = borrowed.properties();
    borrowed.prototype().is_none()
        && properties.holds_no_element()
        && properties.shape.keys().iter().all(|key| {
            matches!(key, PropertyKey::Symbol(_))
                || properties
                    .shape
                    .lookup(key)
                    .is_some_and(|slot| !slot.attributes.contains(SlotAttributes::ENUMERABLE))
        })
}
