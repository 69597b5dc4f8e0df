//! This module implements the `ArrayIterator` object.
//!
//! More information:
//!  - [ECMAScript reference][spec]
//!
//! [spec]: https://tc39.es/ecma262/#sec-array-iterator-objects

use super::intact_iteration;
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

    /// ordo's patch: the state of an iterator over `array`'s values, before any object holds
    /// it (`ActiveIterator::ArrayValues`).
    pub(crate) fn values(array: JsObject) -> Self {
        Self::new(array, PropertyNameKind::Value)
    }

    /// ordo's patch: the steps of `%ArrayIteratorPrototype%.next` without its result object:
    /// the next value, or `None` once the iterator is done. [`Self::next`] wraps it; so does
    /// `IteratorRecord::step_value`, which then makes no object per step.
    pub(crate) fn step(object: &JsObject, context: &mut Context) -> JsResult<Option<JsValue>> {
        object
            .downcast_mut::<Self>()
            .ok_or_else(|| JsNativeError::typ().with_message("`this` is not an ArrayIterator"))?
            .step_state(context)
    }

    /// ordo's patch: [`Self::step`] on the state itself.
    pub(crate) fn step_state(&mut self, context: &mut Context) -> JsResult<Option<JsValue>> {
        if let Some(value) = self.step_dense() {
            return Ok(Some(value));
        }
        let index = self.next_index;
        if self.done {
            return Ok(None);
        }

        let len = if let Some(f) = self.array.downcast_ref::<TypedArray>() {
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
            self.array.length_of_array_like(context)?
        };

        if index >= len {
            self.done = true;
            return Ok(None);
        }
        self.next_index = index + 1;
        match self.kind {
            PropertyNameKind::Key => Ok(Some(index.into())),
            PropertyNameKind::Value => Ok(Some(self.array.get(index, context)?)),
            PropertyNameKind::KeyAndValue => {
                let element_value = self.array.get(index, context)?;
                let result = Array::create_array_from_list([index.into(), element_value], context);
                Ok(Some(result.into()))
            }
        }
    }

    /// ordo's patch: the step of an iterator over an Array's values whose next element is in
    /// the Array's dense storage: an element there is a plain data property below the length,
    /// so `[[Get]]` of it is the stored value. `None` for any other step (the end, a hole, a
    /// sparse or typed array, keys or entries): [`Self::step_state`] takes it.
    pub(crate) fn step_dense(&mut self) -> Option<JsValue> {
        if self.done || !matches!(self.kind, PropertyNameKind::Value) || !self.array.is_array() {
            return None;
        }
        let index = u32::try_from(self.next_index).ok()?;
        let value = self.array.borrow().properties().get_dense_property(index)?;
        self.next_index += 1;
        Some(value)
    }

    /// ordo's patch: `GetIterator(value, sync)` for an Array that iterates as every Array does:
    /// no `Symbol.iterator` of its own, the realm's `Array.prototype` as its prototype, and that
    /// prototype's own `Symbol.iterator` the built-in `values` (known without asking each time:
    /// `IntactIteration`). The record is then the one `values` would give, made without the
    /// generic property reads and the call of `values` (a destructuring `const [a, b] = pair`
    /// spent most of its time there). `None` for any other value: the caller takes the
    /// specification's steps.
    pub(crate) fn builtin_record(value: &JsValue, context: &mut Context) -> Option<IteratorRecord> {
        let array = value.as_object().filter(JsObject::is_array)?;
        let (next, prototype) = intact_iteration::values_iterator(&array, context)?;
        Some(Self::values(array).into_record(prototype, next, context))
    }

    /// ordo's patch: the Iterator Record of an Array Iterator with this state, `prototype` as
    /// its prototype and `next` as its `[[NextMethod]]` (`builtin_record`, and an
    /// `ActiveIterator::ArrayValues` when a script could see its object).
    pub(crate) fn into_record(
        self,
        prototype: JsObject,
        next: JsValue,
        context: &Context,
    ) -> IteratorRecord {
        let iterator =
            JsObject::from_proto_and_data_with_shared_shape(context.root_shape(), prototype, self);
        IteratorRecord::new(iterator.upcast(), next)
    }

    /// ordo's patch: whether `GetMethod(iterator, "return")` is `undefined` for an Array
    /// Iterator because no object on its prototype chain has a `return` of its own, the chain
    /// being the realm's own (%ArrayIteratorPrototype%, %IteratorPrototype%, `Object.prototype`,
    /// watched by `IntactIteration`), which are ordinary objects: reading their own properties
    /// runs no script. `false` when it cannot tell; the caller then reads the method.
    pub(crate) fn has_no_return(iterator: &JsObject, context: &mut Context) -> bool {
        if !iterator.is::<Self>() {
            return false;
        }
        let prototype = {
            let borrowed = iterator.borrow();
            let properties = borrowed.properties();
            // No named property takes no storage: no `return` of its own to look up.
            if !properties.storage.is_empty()
                && properties.contains_key(&PropertyKey::from(js_string!("return")))
            {
                return false;
            }
            borrowed.prototype()
        };
        prototype.is_some_and(|prototype| intact_iteration::inherits_no_return(&prototype, context))
    }
}
