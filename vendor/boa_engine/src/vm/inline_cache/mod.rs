use arrayvec::ArrayVec;
use itertools::Itertools;
use std::{
    cell::{Cell, RefCell},
    fmt,
};

use boa_gc::{Finalize, Trace, custom_trace};

use crate::{
    JsString, JsValue,
    object::{
        Object,
        shape::{
            Shape, WeakShape,
            slot::{Slot, SlotAttributes},
        },
    },
};

#[cfg(test)]
mod tests;
mod transition;

pub(crate) use transition::{Start, TransitionCache};

pub(crate) const PIC_CAPACITY: usize = 4;

/// A cached shape-to-slot mapping for a polymorphic inline cache.
#[derive(Clone, Debug, Trace, Finalize)]
pub(crate) struct CacheEntry {
    /// A weak reference is kept to the shape to avoid the shape preventing deallocation.
    pub(crate) shape: WeakShape,
    /// ordo's patch: where the shape was when it was cached, so that a lookup compares addresses
    /// without upgrading every entry's weak reference (a reference count up and down, and a
    /// thread-local read, per entry and per property access).
    #[unsafe_ignore_trace]
    pub(crate) address: usize,
    #[unsafe_ignore_trace]
    pub(crate) slot: Slot,
    /// ordo's patch: for a slot on the shape's prototype, the prototype's shape when it was
    /// cached, and its address. The receiver's shape does not change when its prototype's
    /// properties are deleted or redefined, so without this a cached slot read whatever moved
    /// into it (`a.m()` called `n` after `delete A.prototype.m`), a getter as a value, or past
    /// the storage's end, which panicked and ended the engine thread.
    pub(crate) prototype_shape: Option<(WeakShape, usize)>,
}

/// An inline cache entry for a property access.
#[derive(Clone, Debug)]
pub(crate) struct InlineCache {
    /// The property that is accessed.
    pub(crate) name: JsString,

    /// Multiple cached shape-to-slot entries.
    ///
    /// ordo's patch: a `RefCell`, traced by hand below, not a `GcRefCell`: its borrow flag costs
    /// fewer checks, and every cached property read borrows it. Nothing that could run a
    /// collection happens while it is borrowed, except in `set`, where a collection skips the
    /// entries as it skips a `GcRefCell` borrowed mutably (they then count as roots).
    pub(crate) entries: RefCell<ArrayVec<CacheEntry, PIC_CAPACITY>>,

    /// Whether this access site has seen too many shapes and should no longer be cached.
    pub(crate) megamorphic: Cell<bool>,
}

impl Finalize for InlineCache {}

// SAFETY: the entries are traced whenever they are not borrowed mutably, which is what the
// `GcRefCell` this replaced did; the name and the flag hold nothing the collector manages.
unsafe impl Trace for InlineCache {
    custom_trace!(this, mark, {
        if let Ok(entries) = this.entries.try_borrow() {
            for entry in entries.iter() {
                mark(entry);
            }
        }
    });
}

impl fmt::Display for InlineCache {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "(name:{} entries:", self.name.display_escaped())?;

        if self.megamorphic.get() {
            return write!(f, "(megamorphic))");
        }

        let entries = self.entries.borrow();
        let entries = entries.iter().map(|e| e.shape.to_addr_usize()).format(", ");

        write!(f, "({entries:#x}))")
    }
}

impl InlineCache {
    pub(crate) fn new(name: JsString) -> Self {
        Self {
            name,
            entries: RefCell::new(ArrayVec::new()),
            megamorphic: Cell::new(false),
        }
    }

    pub(crate) fn set(&self, shape: &Shape, slot: Slot) {
        if self.megamorphic.get() {
            return;
        }
        // ordo's patch: a unique shape keeps its identity when a property is added to it (a
        // prototype, the global object, an object past `TRANSITION_COUNT_MAX` keys), so an
        // entry saying "found on this shape's prototype" would outlive an own property of the
        // same name added later: `"s".where` kept reading `Object.prototype.where` after
        // `String.prototype.where` was set, and `big.hasOwnProperty` the inherited method after
        // `big` got its own. Such reads are not cached; own properties of a unique shape are
        // (a property added later takes a new slot and leaves the cached ones as they are).
        let in_prototype = slot.attributes.contains(SlotAttributes::PROTOTYPE);
        if in_prototype && shape.is_unique() {
            return;
        }

        let mut entries = self.entries.borrow_mut();
        // ordo's patch: stale entries are dropped here, where a lookup has just missed, rather
        // than at every lookup.
        entries.retain(|entry| entry.shape.is_live());

        let prototype_shape = if in_prototype {
            let Some(prototype_shape) = with_prototype_shape(shape, |prototype_shape| {
                (prototype_shape.into(), prototype_shape.to_addr_usize())
            }) else {
                return;
            };
            Some(prototype_shape)
        } else {
            None
        };

        // Add a new entry if there's space.
        if entries
            .try_push(CacheEntry {
                shape: shape.into(),
                address: shape.to_addr_usize(),
                slot,
                prototype_shape,
            })
            .is_err()
        {
            // Polymorphic cache is full, transition to megamorphic.
            self.megamorphic.set(true);
            entries.clear();
        }
    }

    /// Returns the cached `Slot` if a matching shape exists in the inline cache.
    ///
    /// ordo's patch: entries are compared by the address their shape had, and only the one
    /// whose address matches is checked for life. `shape` is alive (the caller holds it), so an
    /// entry at its address whose own shape is still alive is about this very shape; one whose
    /// shape died is stale (its memory was reused) and is removed. The caller reads the
    /// prototype from its own object's shape, which is this one, so no strong reference is made.
    ///
    /// Inlined into the property opcodes (ordo's patch): the call cost a fifth of a cached read.
    #[inline(always)]
    pub(crate) fn get(&self, shape: &Shape) -> Option<Slot> {
        if self.megamorphic.get() {
            return None;
        }

        let address = shape.to_addr_usize();
        let entries = self.entries.borrow();
        let index = entries.iter().position(|entry| entry.address == address)?;
        let entry = &entries[index];
        if entry.shape.is_live() && prototype_unchanged(shape, entry) {
            return Some(entry.slot);
        }
        drop(entries);
        self.remove_stale(index);
        None
    }

    /// Removes the entry at `index`, whose shape or prototype's shape has died or changed.
    #[cold]
    fn remove_stale(&self, index: usize) {
        self.entries.borrow_mut().swap_remove(index);
    }
}

/// ordo's patch: whether the prototype of `shape` still has the shape `entry` was cached with
/// (the same address, and the shape cached there still alive, so not another one that took
/// its memory); `true` for an entry of an own property, answered inline (the whole check was
/// a call at every cached read).
#[inline(always)]
fn prototype_unchanged(shape: &Shape, entry: &CacheEntry) -> bool {
    match &entry.prototype_shape {
        None => true,
        Some((prototype_shape, address)) => {
            prototype_shape_unchanged(shape, prototype_shape, *address)
        }
    }
}

/// The check of [`prototype_unchanged`] for an inherited property.
#[inline(never)]
fn prototype_shape_unchanged(shape: &Shape, prototype_shape: &WeakShape, address: usize) -> bool {
    with_prototype_shape(shape, |current| current.to_addr_usize() == address).unwrap_or(false)
        && prototype_shape.is_live()
}

/// ordo's patch: `f` of the shape of `shape`'s prototype; `None` without a prototype, or while
/// it is borrowed mutably.
#[inline]
fn with_prototype_shape<R>(shape: &Shape, f: impl FnOnce(&Shape) -> R) -> Option<R> {
    shape.with_prototype(|prototype| {
        let prototype = prototype?.try_borrow().ok()?;
        Some(f(prototype.shape()))
    })
}

/// ordo's patch: what `slot`, found by a cache for `object`'s shape, holds: `object`'s own
/// storage, or its prototype's for an inherited property (the prototype is the shape's, the
/// one the slot was cached for); `None` if that shape has no prototype. An accessor's slot
/// holds its getter, which the caller calls.
#[inline(always)]
pub(crate) fn slot_value<T: ?Sized>(object: &Object<T>, slot: Slot) -> Option<JsValue> {
    if slot.attributes.contains(SlotAttributes::PROTOTYPE) {
        object.shape().with_prototype(|prototype| {
            let prototype = prototype?.borrow();
            Some(prototype.properties().storage[slot.index as usize].clone())
        })
    } else {
        Some(object.properties().storage[slot.index as usize].clone())
    }
}
