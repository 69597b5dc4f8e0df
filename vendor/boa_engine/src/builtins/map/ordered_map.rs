//! Implements a map type that preserves insertion order.

use crate::{JsData, JsValue, object::JsObject};
use boa_gc::{Finalize, Trace, custom_trace};
use indexmap::{Equivalent, IndexMap};
use rustc_hash::FxBuildHasher;
use std::{
    fmt::Debug,
    hash::{Hash, Hasher},
};

#[derive(PartialEq, Eq, Clone, Debug)]
pub(crate) enum MapKey {
    Key(JsValue),
    Empty(usize), // Necessary to ensure empty keys are still unique.
}

// This ensures that a MapKey::Key(value) hashes to the same as value. The derived PartialEq implementation still holds.
impl Hash for MapKey {
    fn hash<H: Hasher>(&self, state: &mut H) {
        match self {
            Self::Key(v) => v.hash(state),
            Self::Empty(e) => e.hash(state),
        }
    }
}

impl Equivalent<MapKey> for JsValue {
    fn equivalent(&self, key: &MapKey) -> bool {
        match key {
            MapKey::Key(v) => v == self,
            MapKey::Empty(_) => false,
        }
    }
}

/// A structure wrapping `indexmap::IndexMap`.
#[derive(Clone, Finalize, JsData)]
pub struct OrderedMap<V> {
    // ordo's patch: FxHash, not SipHash. A string key was hashed one code unit per SipHash
    // round; a script's `Map` serves only that script, so it has nothing to fear from keys
    // chosen to collide.
    map: IndexMap<MapKey, Option<V>, FxBuildHasher>,
    lock: u32,
    empty_count: usize,
    /// ordo's patch: every entry before this index is empty (`first_index_from`).
    first_live: usize,
}

unsafe impl<V: Trace> Trace for OrderedMap<V> {
    custom_trace!(this, mark, {
        for (k, v) in &this.map {
            if let MapKey::Key(key) = k {
                mark(key);
            }
            mark(v);
        }
    });
}

impl<V: Debug> Debug for OrderedMap<V> {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> Result<(), std::fmt::Error> {
        self.map.fmt(formatter)
    }
}

impl<V> Default for OrderedMap<V> {
    fn default() -> Self {
        Self::new()
    }
}

impl<V> OrderedMap<V> {
    /// Creates a new empty `OrderedMap`.
    #[must_use]
    pub fn new() -> Self {
        Self {
            map: IndexMap::default(),
            lock: 0,
            empty_count: 0,
            first_live: 0,
        }
    }

    /// Creates a new empty `OrderedMap` with the specified capacity.
    #[must_use]
    pub fn with_capacity(capacity: usize) -> Self {
        Self {
            map: IndexMap::with_capacity_and_hasher(capacity, FxBuildHasher),
            lock: 0,
            empty_count: 0,
            first_live: 0,
        }
    }

    /// Return the number of key-value pairs in the map, including empty values.
    ///
    /// Computes in **O(1)** time.
    #[must_use]
    pub fn full_len(&self) -> usize {
        self.map.len()
    }

    /// Gets the number of key-value pairs in the map, not including empty values.
    ///
    /// Computes in **O(1)** time.
    #[must_use]
    pub fn len(&self) -> usize {
        self.map.len() - self.empty_count
    }

    /// Returns true if the map contains no elements.
    ///
    /// Computes in **O(1)** time.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Insert a key-value pair in the map.
    ///
    /// If an equivalent key already exists in the map: the key remains and
    /// retains in its place in the order, its corresponding value is updated
    /// with `value` and the older value is returned inside `Some(_)`.
    ///
    /// If no equivalent key existed in the map: the new key-value pair is
    /// inserted, last in order, and `None` is returned.
    ///
    /// Computes in **O(1)** time (amortized average).
    pub fn insert(&mut self, key: JsValue, value: V) -> Option<V> {
        if self.lock == 0 && worth_compacting(self.empty_count, self.map.len()) {
            self.compact();
        }
        self.map.insert(MapKey::Key(key), Some(value)).flatten()
    }

    /// Remove the key-value pair equivalent to `key` and return
    /// its value.
    ///
    /// Like `Vec::remove`, the pair is removed by shifting all of the
    /// elements that follow it, preserving their relative order.
    /// **This perturbs the index of all of those elements!**
    ///
    /// Return `None` if `key` is not in map.
    ///
    /// ordo's patch: computes in **O(1)** time (average). The pair's place becomes an empty
    /// entry, locked or not (`shift_remove` moved every entry after it: a loop deleting from a
    /// large map was quadratic); `insert` removes the empty entries when they outnumber the
    /// others and no iteration holds the lock.
    pub fn remove(&mut self, key: &JsValue) -> Option<V> {
        let index = self.map.get_index_of(key)?;
        self.map.insert(MapKey::Empty(self.empty_count), None);
        self.empty_count += 1;
        let value = self.map.swap_remove_index(index).and_then(|(_, value)| value);
        while matches!(self.map.get_index(self.first_live), Some((MapKey::Empty(_), _))) {
            self.first_live += 1;
        }
        value
    }

    /// ordo's patch: where an iteration at `index` finds its next entry at the earliest: past
    /// the empty entries at the front. A loop that deleted the first key through a new
    /// iterator each time (`map.delete(map.keys().next().value)`, an LRU cache) left each of
    /// those iterators locking the map until collected, so the empty entries piled up at the
    /// front and every new iterator stepped over all of them.
    #[must_use]
    pub(crate) fn first_index_from(&self, index: usize) -> usize {
        index.max(self.first_live)
    }

    /// Removes the empty entries.
    fn compact(&mut self) {
        self.map.retain(|k, _| matches!(k, MapKey::Key(_)));
        self.empty_count = 0;
        self.first_live = 0;
    }

    /// Removes all elements from the map and resets the counter of
    /// empty entries.
    pub fn clear(&mut self) {
        let len = self.map.len();
        self.map.clear();
        self.map.shrink_to_fit();
        self.empty_count = 0;
        self.first_live = if self.lock > 0 { len } else { 0 };
        // ordo's patch: while an iteration holds the lock, every entry becomes an empty one, as
        // `remove` leaves them: the iteration's position stays where it was, and an entry added
        // after the clear comes after it (a loop that cleared and added missed the new entry).
        if self.lock > 0 {
            for _ in 0..len {
                self.map.insert(MapKey::Empty(self.empty_count), None);
                self.empty_count += 1;
            }
        }
    }

    /// Return a reference to the value stored for `key`, if it is present,
    /// else `None`.
    ///
    /// Computes in **O(1)** time (average).
    pub fn get(&self, key: &JsValue) -> Option<&V> {
        self.map.get(key).and_then(Option::as_ref)
    }

    /// Get a key-value pair by index.
    ///
    /// Valid indices are `0 <= index < self.full_len()`.
    ///
    /// Computes in O(1) time.
    #[must_use]
    pub fn get_index(&self, index: usize) -> Option<(&JsValue, &V)> {
        if let (MapKey::Key(key), Some(value)) = self.map.get_index(index)? {
            Some((key, value))
        } else {
            None
        }
    }

    /// Return an iterator over the key-value pairs of the map, in their order
    pub fn iter(&self) -> impl Iterator<Item = (&JsValue, &V)> {
        self.map.iter().filter_map(|o| {
            if let (MapKey::Key(key), Some(value)) = o {
                Some((key, value))
            } else {
                None
            }
        })
    }

    /// Return `true` if an equivalent to `key` exists in the map.
    ///
    /// Computes in **O(1)** time (average).
    #[must_use]
    pub fn contains_key(&self, key: &JsValue) -> bool {
        self.map.contains_key(key)
    }

    /// Increases the lock counter.
    ///
    /// This allows objects to be removed from the map during iteration without affecting the indexes until the iteration has completed.
    pub(crate) fn lock(&mut self) {
        self.lock += 1;
    }

    /// Decreases the lock counter and, if 0, removes all empty entries.
    pub(crate) fn unlock(&mut self) {
        self.lock -= 1;
        if self.lock == 0 {
            self.compact();
        }
    }
}

/// ordo's patch: whether a map or set with `empty` empty entries among `all` is worth
/// compacting before an insertion: when the empty ones are the most, so that each is removed in
/// amortized constant time.
pub(crate) fn worth_compacting(empty: usize, all: usize) -> bool {
    empty >= 16 && empty * 2 > all
}

pub(crate) struct MapLock<'a, V: Trace + 'static>(&'a JsObject<OrderedMap<V>>);

impl<'a, V: Trace + 'static> MapLock<'a, V> {
    pub(crate) fn new(js_object: &'a JsObject<OrderedMap<V>>) -> Self {
        js_object.borrow_mut().data_mut().lock();
        Self(js_object)
    }
}

impl<V: Trace + 'static> Drop for MapLock<'_, V> {
    fn drop(&mut self) {
        self.0.borrow_mut().data_mut().unlock();
    }
}
