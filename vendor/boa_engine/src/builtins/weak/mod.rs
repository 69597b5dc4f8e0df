//! Boa's implementation of ECMAScript's `WeakRef` object.

mod weak_ref;

pub(crate) use weak_ref::WeakRef;
