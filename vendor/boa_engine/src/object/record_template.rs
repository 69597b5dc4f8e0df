//! ordo's patch: [`RecordTemplate`], one shared shape for many objects with the same prototype
//! and the same data properties in the same order.

use boa_gc::{Finalize, Trace};

use super::shape::shared_shape::template::ObjectTemplate;
use crate::{
    Context, JsObject, JsString, JsValue,
    object::OrdinaryObject,
    property::{Attribute, PropertyKey},
};

/// The shape of objects an embedder makes by the thousand with one prototype and the same
/// string keys, each a data property that is writable, enumerable and configurable (what
/// `CreateDataProperty` adds), made once: each object then gets its values stored at once.
///
/// An object made with `JsObject::with_null_proto` (a match's `groups`) gets a shape of its
/// own, each property added one by one goes into a table of its own, and a read of `groups.x`
/// from one place misses the inline cache for every new object; made from a template, the
/// objects share one shape.
#[derive(Debug, Clone, Trace, Finalize)]
pub struct RecordTemplate {
    template: ObjectTemplate,
    keys: usize,
}

impl RecordTemplate {
    /// The template for `keys` in this order, on `prototype` (`None`: a null prototype).
    /// `None` where a key repeats or is an array index (an index is not stored on the shape).
    #[must_use]
    pub fn new(
        prototype: Option<JsObject>,
        keys: impl IntoIterator<Item = JsString>,
        context: &Context,
    ) -> Option<Self> {
        let mut template = ObjectTemplate::new(context.root_shape().shape());
        if let Some(prototype) = prototype {
            template.set_prototype(prototype);
        }
        let mut added: Vec<PropertyKey> = Vec::new();
        for key in keys {
            let key = PropertyKey::from(key);
            if matches!(key, PropertyKey::Index(_)) || added.contains(&key) {
                return None;
            }
            template.property(key.clone(), Attribute::all());
            added.push(key);
        }
        Some(Self {
            template,
            keys: added.len(),
        })
    }

    /// A new ordinary object with the template's prototype and keys, holding `values` in the
    /// keys' order (`undefined` for a key past the last value; values past the last key are
    /// dropped).
    #[must_use]
    pub fn create(&self, values: impl IntoIterator<Item = JsValue>) -> JsObject {
        let mut storage: Vec<JsValue> = Vec::with_capacity(self.keys);
        storage.extend(values.into_iter().take(self.keys));
        storage.resize(self.keys, JsValue::undefined());
        self.template.create(OrdinaryObject, storage)
    }
}
