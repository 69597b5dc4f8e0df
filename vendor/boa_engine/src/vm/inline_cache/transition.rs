//! ordo's patch: the shape transition a site that adds a property made last.
//!
//! `{ id, name, total: 0 }` defines each property with `DefineOwnPropertyByName`, and
//! `o.count = 0` adds one with `SetPropertyByName`; both went through the generic internal
//! methods every time: a descriptor built, the key looked up, the descriptor validated, the
//! transition looked up in the shape's table, 1,300 to 2,000 instructions per property. When
//! the key can only be added as a writable, enumerable, configurable data property to a plain
//! object, the outcome depends on the object's shape alone: a shape without the key becomes the
//! same next shape, and the value goes to the end of the storage. So each site remembers the
//! last transition it made, and an object that arrives with that shape takes it at once.

use boa_gc::GcRefCell;
use boa_macros::{Finalize, Trace};

use crate::{
    JsObject, JsValue,
    object::{
        internal_methods::ORDINARY_INTERNAL_METHODS,
        shape::{Shape, WeakShape},
    },
};

/// What one `DefineOwnPropertyByName` or `SetPropertyByName` site did last on a plain object.
#[derive(Clone, Debug, Default, Trace, Finalize)]
pub(crate) struct TransitionCache {
    last: GcRefCell<Option<Transition>>,
}

/// A plain object of shape `from` with `slot` values in its storage became shape `to` when the
/// site's key was added. Both shapes are held weakly: the cache must not keep them alive.
#[derive(Clone, Debug, Trace, Finalize)]
struct Transition {
    from: WeakShape,
    /// Where `from` was, compared without upgrading the weak reference.
    #[unsafe_ignore_trace]
    from_address: usize,
    to: WeakShape,
    /// The new property's slot: the length of `from`'s storage.
    #[unsafe_ignore_trace]
    slot: usize,
}

/// The shape and storage length of a plain object before a site adds its key the generic way,
/// for [`TransitionCache::remember`].
pub(crate) struct Start {
    shape: Shape,
    slot: usize,
}

impl Start {
    /// Where `object` starts from, if it is a plain object: extensible, with the ordinary
    /// [[GetOwnProperty]] and [[DefineOwnProperty]].
    pub(crate) fn of(object: &JsObject) -> Option<Self> {
        if !ordinary_define(object) {
            return None;
        }
        let object = object.borrow();
        object.extensible.then(|| {
            let properties = object.properties();
            Self {
                shape: properties.shape.clone(),
                slot: properties.storage.len(),
            }
        })
    }
}

impl TransitionCache {
    /// Adds `value` to `object` under the site's key by the transition the site made last, if
    /// `object` is a plain object with the shape and storage length that transition started
    /// from and both shapes are alive; `false`, having changed nothing, otherwise. The caller
    /// knows the key can only be added as a data property: a literal's definition, or an
    /// assignment with nothing on the prototype chain to intervene.
    #[inline]
    pub(crate) fn add(&self, object: &JsObject, value: &JsValue) -> bool {
        if !ordinary_define(object) {
            return false;
        }
        let mut object = object.borrow_mut();
        if !object.extensible {
            return false;
        }
        let properties = object.properties_mut();
        let Some(next) = self.next_shape(&properties.shape, properties.storage.len()) else {
            return false;
        };
        properties.shape = next;
        properties.storage.push(value.clone());
        true
    }

    /// The shape an object of shape `shape` with `storage_len` stored values takes, if the site
    /// made that transition last and both shapes are alive. `shape` is alive (the caller's
    /// object holds it), so a cached `from` at its address that is still alive is this very
    /// shape.
    #[inline]
    fn next_shape(&self, shape: &Shape, storage_len: usize) -> Option<Shape> {
        let last = self.last.borrow();
        let last = last.as_ref()?;
        if last.from_address != shape.to_addr_usize()
            || last.slot != storage_len
            || !last.from.is_live()
        {
            return None;
        }
        last.to.upgrade()
    }

    /// Remembers the transition `object` made from `start` when the site's key was added the
    /// generic way, with no code run in between: if it holds one more value, the key was new
    /// and went to the end of its storage. Only shared shapes are remembered: a unique shape
    /// changes in place, so its address says nothing about its keys.
    pub(crate) fn remember(&self, start: Start, object: &JsObject) {
        let object = object.borrow();
        let properties = object.properties();
        let to = &properties.shape;
        let key_added = properties.storage.len() == start.slot + 1;
        if !key_added || !start.shape.is_shared() || !to.is_shared() {
            return;
        }
        *self.last.borrow_mut() = Some(Transition {
            from: (&start.shape).into(),
            from_address: start.shape.to_addr_usize(),
            to: to.into(),
            slot: start.slot,
        });
    }
}

/// Whether `object`'s [[GetOwnProperty]] and [[DefineOwnProperty]] are the ordinary ones: no
/// property it reports or takes is made up by an exotic object.
fn ordinary_define(object: &JsObject) -> bool {
    let methods = object.vtable();
    std::ptr::fn_addr_eq(
        methods.__get_own_property__,
        ORDINARY_INTERNAL_METHODS.__get_own_property__,
    ) && std::ptr::fn_addr_eq(
        methods.__define_own_property__,
        ORDINARY_INTERNAL_METHODS.__define_own_property__,
    )
}
