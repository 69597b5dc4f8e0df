//! ordo's patch: the shape transition an object literal's `key: value` made last.
//!
//! `{ id, name, total: 0 }` defines each property with `DefineOwnPropertyByName`, which went
//! through `[[DefineOwnProperty]]` every time: a descriptor built, the key looked up, the
//! descriptor validated, the transition looked up in the shape's table, about 1,300
//! instructions per property. On a plain object the outcome depends on the object's shape alone:
//! a shape without the key, given a writable, enumerable, configurable data property, becomes
//! the same next shape, and the value goes to the end of the storage. So each site remembers the
//! last transition it made, and a literal whose object arrives with that shape takes it at once.

use boa_gc::GcRefCell;
use boa_macros::{Finalize, Trace};

use crate::object::shape::{Shape, WeakShape};

/// What one `DefineOwnPropertyByName` site did last on a plain object.
#[derive(Clone, Debug, Default, Trace, Finalize)]
pub(crate) struct TransitionCache {
    last: GcRefCell<Option<Transition>>,
}

/// A plain object of shape `from` with `slot` values in its storage became shape `to` when the
/// site's key was defined. Both shapes are held weakly: the cache must not keep them alive.
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

impl TransitionCache {
    /// The shape a plain, extensible object of shape `shape` with `storage_len` stored values
    /// takes when this site defines its key, if the site has made that transition before and
    /// both shapes are alive. `shape` is alive (the caller's object holds it), so a cached
    /// `from` at its address that is still alive is this very shape.
    #[inline]
    pub(crate) fn next_shape(&self, shape: &Shape, storage_len: usize) -> Option<Shape> {
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

    /// Remembers that defining this site's key took a plain object from shape `from`, with
    /// `slot` stored values, to shape `to`. Only shared shapes are remembered: a unique shape
    /// changes in place, so its address says nothing about its keys.
    pub(crate) fn remember(&self, from: &Shape, to: &Shape, slot: usize) {
        if !from.is_shared() || !to.is_shared() {
            return;
        }
        *self.last.borrow_mut() = Some(Transition {
            from: from.into(),
            from_address: from.to_addr_usize(),
            to: to.into(),
            slot,
        });
    }
}
