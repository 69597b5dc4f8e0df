//! ordo's patch: where a computed key was last found, by shape.
//!
//! `row[column]`, `a[key] < b[key]` in a comparator, `counts[word]`: a key computed at run time
//! has no inline cache (the opcode has no site of its own to keep one in). Each read turned the
//! string into a property key (is it an array index? its characters parsed), hashed its
//! characters and looked it up in the shape's property table: ~500 instructions to read one
//! own property. Scripts read the same few keys of many objects of the same shape, with the
//! same string each time: a header's names from one `split`, the keys of `Object.keys`, a
//! constant list. [`KeyedReads`] remembers, for a shared shape and one string (by identity),
//! which slot holds that own data property; a read that finds both reads the storage.
//!
//! An entry holds its shape and its string, so neither can be freed and its memory reused by
//! another while the entry says where it is. A shared shape never changes (an added, deleted
//! or redefined property gives the object another shape), so a slot found for it stays right;
//! a unique shape changes in place and is never entered.

use crate::{
    JsString,
    object::shape::{Shape, slot::Slot},
};

/// The number of entries: a power of two.
const ENTRIES: usize = 256;

/// Own data properties found by a computed string key, by shape and string.
#[derive(Debug)]
pub(crate) struct KeyedReads {
    entries: Box<[Option<Entry>]>,
}

#[derive(Debug)]
struct Entry {
    shape: Shape,
    key: JsString,
    slot: Slot,
}

impl Default for KeyedReads {
    fn default() -> Self {
        Self {
            entries: std::iter::repeat_with(|| None).take(ENTRIES).collect(),
        }
    }
}

impl KeyedReads {
    /// The slot of the own data property `key` names on objects of `shape`, if remembered.
    #[inline]
    pub(crate) fn get(&self, shape: &Shape, key: &JsString) -> Option<Slot> {
        let entry = self.entries[index(shape, key)].as_ref()?;
        (entry.shape.to_addr_usize() == shape.to_addr_usize()
            && entry.key.identity() == key.identity())
        .then_some(entry.slot)
    }

    /// Remembers that `key` names the own data property in `slot` on objects of `shape`.
    #[inline]
    pub(crate) fn insert(&mut self, shape: &Shape, key: &JsString, slot: Slot) {
        if shape.is_shared() {
            self.entries[index(shape, key)] = Some(Entry {
                shape: shape.clone(),
                key: key.clone(),
                slot,
            });
        }
    }
}

/// The entry of `shape` and `key`: both addresses mixed, the high bits of the product taken.
#[inline]
fn index(shape: &Shape, key: &JsString) -> usize {
    let mixed = (shape.to_addr_usize() ^ key.identity().rotate_left(17)) as u64;
    (mixed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - ENTRIES.trailing_zeros())) as usize
}
