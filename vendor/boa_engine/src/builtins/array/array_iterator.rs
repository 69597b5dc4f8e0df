//! This module implements the `ArrayIterator` object.
//!
//! More information:
//!  - [ECMAScript reference][spec]
//!
//! [spec]: https://tc39.es/ecma262/#sec-array-iterator-objects

use crate::{
    Context, JsData, JsResult,
    builtins::{
        Array, BuiltInBuilder, IntrinsicObject, JsValue, iterable::create_iter_result_object,
        iterable::IteratorRecord, typed_array::TypedArray,
    },
    context::intrinsics::Intrinsics,
    error::JsNativeError,
    js_string,
    object::JsObject,
    property::{Attribute, PropertyKey, PropertyNameKind},
    realm::Realm,
    symbol::JsSymbol,
};
use boa_gc::{Finalize, Trace};

/// The Array Iterator object represents an iteration over an array. It implements the iterator protocol.
///
/// More information:
///  - [ECMAScript reference][spec]
///
/// [spec]: https://tc39.es/ecma262/#sec-array-iterator-objects
#[derive(Debug, Clone, Finalize, Trace, JsData)]
pub(crate) struct ArrayIterator {
    array: JsObject,
    next_index: u64,
    #[unsafe_ignore_trace]
    kind: PropertyNameKind,
    done: bool,
}

impl IntrinsicObject for ArrayIterator {
    fn init(realm: &Realm) {
        BuiltInBuilder::with_intrinsic::<Self>(realm)
            .prototype(realm.intrinsics().constructors().iterator().prototype())
            .static_method(Self::next, js_string!("next"), 0)
            .static_property(
                JsSymbol::to_string_tag(),
                js_string!("Array Iterator"),
                Attribute::CONFIGURABLE,
            )
            .build();
    }

    fn get(intrinsics: &Intrinsics) -> JsObject {
        intrinsics.objects().iterator_prototypes().array()
    }
}

impl ArrayIterator {
    fn new(array: JsObject, kind: PropertyNameKind) -> Self {
        Self {
            array,
            kind,
            next_index: 0,
            done: false,
        }
    }

    /// `CreateArrayIterator( array, kind )`
    ///
    /// Creates a new iterator over the given array.
    ///
    /// More information:
    ///  - [ECMA reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-createarrayiterator
    pub(crate) fn create_array_iterator(
        array: JsObject,
        kind: PropertyNameKind,
        context: &Context,
    ) -> JsValue {
        let array_iterator = JsObject::from_proto_and_data_with_shared_shape(
            context.root_shape(),
            context.intrinsics().objects().iterator_prototypes().array(),
            Self::new(array, kind),
        );
        array_iterator.into()
    }

    /// %ArrayIteratorPrototype%.next( )
    ///
    /// Gets the next result in the array.
    ///
    /// More information:
    ///  - [ECMA reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-%arrayiteratorprototype%.next
    pub(crate) fn next(this: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
        let object = this
            .as_object()
            .filter(JsObject::is::<Self>)
            .ok_or_else(|| JsNativeError::typ().with_message("`this` is not an ArrayIterator"))?;
        Ok(match Self::step(&object, context)? {
            Some(value) => create_iter_result_object(value, false, context),
            None => create_iter_result_object(JsValue::undefined(), true, context),
        })
    }

    /// ordo's patch: the steps of `%ArrayIteratorPrototype%.next` without its result object:
    /// the next value, or `None` once the iterator is done. [`Self::next`] wraps it; so does
    /// `IteratorRecord::step_value`, which then makes no object per step.
    pub(crate) fn step(object: &JsObject, context: &mut Context) -> JsResult<Option<JsValue>> {
        let mut array_iterator = object
            .downcast_mut::<Self>()
            .ok_or_else(|| JsNativeError::typ().with_message("`this` is not an ArrayIterator"))?;
        let index = array_iterator.next_index;
        if array_iterator.done {
            return Ok(None);
        }

        let len = if let Some(f) = array_iterator.array.downcast_ref::<TypedArray>() {
            let buf = f.viewed_array_buffer().as_buffer();
            let Some(buf) = buf
                .bytes(std::sync::atomic::Ordering::SeqCst)
                .filter(|buf| !f.is_out_of_bounds(buf.len()))
            else {
                return Err(JsNativeError::typ()
                    .with_message("Cannot get value from out of bounds typed array")
                    .into());
            };

            f.array_length(buf.len())
        } else {
            array_iterator.array.length_of_array_like(context)?
        };

        if index >= len {
            array_iterator.done = true;
            return Ok(None);
        }
        array_iterator.next_index = index + 1;
        match array_iterator.kind {
            PropertyNameKind::Key => Ok(Some(index.into())),
            PropertyNameKind::Value => Ok(Some(array_iterator.array.get(index, context)?)),
            PropertyNameKind::KeyAndValue => {
                let element_value = array_iterator.array.get(index, context)?;
                let result = Array::create_array_from_list([index.into(), element_value], context);
                Ok(Some(result.into()))
            }
        }
    }

    /// ordo's patch: `GetIterator(value, sync)` for an Array that iterates as every Array does:
    /// no `Symbol.iterator` of its own, the realm's `Array.prototype` as its prototype, and that
    /// prototype's own `Symbol.iterator` the built-in `values`. The record is then the one
    /// `values` would give, made without the generic property reads and the call of `values`
    /// (a destructuring `const [a, b] = pair` spent most of its time there). `None` for any other
    /// value: the caller takes the specification's steps.
    pub(crate) fn builtin_record(value: &JsValue, context: &mut Context) -> Option<IteratorRecord> {
        let array = value.as_object().filter(JsObject::is_array)?;
        let intrinsics = context.intrinsics();
        let array_prototype = intrinsics.constructors().array().prototype();
        let iterator_key = PropertyKey::from(JsSymbol::iterator());
        if !lacks_own_property(&array, &iterator_key, Some(&array_prototype)) {
            return None;
        }
        let values = array_prototype
            .borrow()
            .properties()
            .get(&iterator_key)?
            .value()?
            .as_object()?;
        if !JsObject::equals(&values, &intrinsics.objects().array_prototype_values().into()) {
            return None;
        }
        // `next` as [[Get]] finds it on the new iterator, which has no property of its own: its
        // prototype's own data property (an accessor or none: the specification's steps).
        let next = intrinsics
            .objects()
            .iterator_prototypes()
            .array()
            .borrow()
            .properties()
            .get(&PropertyKey::from(js_string!("next")))?
            .value()?
            .clone();
        let iterator = Self::create_array_iterator(array, PropertyNameKind::Value, context);
        Some(IteratorRecord::new(iterator.as_object()?, next))
    }

    /// ordo's patch: whether `GetMethod(iterator, "return")` is `undefined` for an Array
    /// Iterator because no object on its prototype chain has a `return` of its own, the chain
    /// being the realm's own (%ArrayIteratorPrototype%, %IteratorPrototype%, `Object.prototype`),
    /// which are ordinary objects: reading their own properties runs no script. `false` when it
    /// cannot tell; the caller then reads the method.
    pub(crate) fn has_no_return(iterator: &JsObject, context: &Context) -> bool {
        if !iterator.is::<Self>() {
            return false;
        }
        let intrinsics = context.intrinsics();
        let chain = [
            intrinsics.objects().iterator_prototypes().array(),
            intrinsics.constructors().iterator().prototype(),
            intrinsics.constructors().object().prototype(),
        ];
        let key = PropertyKey::from(js_string!("return"));
        let mut object = iterator.clone();
        for expected in chain {
            if !lacks_own_property(&object, &key, Some(&expected)) {
                return false;
            }
            object = expected;
        }
        lacks_own_property(&object, &key, None)
    }
}

/// ordo's patch: whether `object` has no own property `key` and its prototype is `prototype`
/// (the same object, or none for `None`): a step of a prototype chain known to hold no `key`.
fn lacks_own_property(object: &JsObject, key: &PropertyKey, prototype: Option<&JsObject>) -> bool {
    let borrowed = object.borrow();
    !borrowed.properties().contains_key(key)
        && match (borrowed.prototype(), prototype) {
            (Some(own), Some(expected)) => JsObject::equals(&own, expected),
            (own, expected) => own.is_none() && expected.is_none(),
        }
}
