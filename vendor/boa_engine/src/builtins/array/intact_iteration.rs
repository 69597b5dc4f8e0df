//! ordo's patch: whether Arrays still iterate as the built-ins say, checked once per change.
//!
//! `for (const k of keys)`, `const [a, b] = pair` and `[...list]` ask `GetIterator` of an
//! Array. It may skip the specification's generic steps (read `Symbol.iterator`, call it, read
//! `next`) only while they would find the built-ins: no `Symbol.iterator` on the Array itself,
//! `Array.prototype[Symbol.iterator]` the built-in `values`, `%ArrayIteratorPrototype%.next`
//! a data property. Closing the loop early may skip reading `return` only while none of
//! `%ArrayIteratorPrototype%`, `%IteratorPrototype%` and `Object.prototype` has one and their
//! chain is that one. Asking all of that each time took six property-table lookups and about
//! 2,700 instructions per loop: more than the loop in a comparator that compares two keys.
//!
//! [`IntactIteration`] asks once and then watches the four prototypes' shapes. Each is a
//! unique shape that counts its changes (`UniqueShape::generation`): while no count moved, no
//! property of theirs was added, removed or redefined and no prototype set, so the slots found
//! still hold `Symbol.iterator` and `next` as data properties and nobody has a `return`. The
//! values in those slots can still be assigned, so they are read at each use. An Array's own
//! side is known from its shape: a shared shape never changes, and the last one found to have
//! no `Symbol.iterator` of its own and `Array.prototype` as its prototype is remembered.
//!
//! Every fact is about the objects of the realm that was current when it was checked, and the
//! Array must have that realm's `Array.prototype` as its prototype, so an Array of another
//! realm takes the specification's steps.

use crate::{
    Context, JsObject, JsValue, js_string,
    object::shape::{Shape, slot::Slot, unique_shape::UniqueShape},
    property::PropertyKey,
    symbol::JsSymbol,
};

/// What was found when Array iteration was last checked, if it was intact.
#[derive(Debug, Default)]
pub(crate) struct IntactIteration {
    checked: Option<Box<Checked>>,
}

#[derive(Debug)]
struct Checked {
    /// `Array.prototype`, `%ArrayIteratorPrototype%`, `%IteratorPrototype%`, `Object.prototype`
    /// (in this order), each with its shape's count of changes when checked.
    watched: [(UniqueShape, u64); 4],
    array_prototype: JsObject,
    array_iterator_prototype: JsObject,
    /// The built-in `Array.prototype.values`.
    values: JsObject,
    /// Where `Array.prototype` keeps `Symbol.iterator`.
    values_slot: Slot,
    /// Where `%ArrayIteratorPrototype%` keeps `next`.
    next_slot: Slot,
    /// The shared shape of the last Array found to iterate through `Array.prototype`.
    array_shape: Option<Shape>,
}

/// The `next` method of `array`'s values iterator and the prototype that iterator gets, if
/// `GetIterator(array, sync)` would call the built-in `values` ([`IntactIteration`]).
pub(crate) fn values_iterator(
    array: &JsObject,
    context: &mut Context,
) -> Option<(JsValue, JsObject)> {
    with_intact(context, |intact, context| {
        intact.values_iterator(array, context)
    })
}

/// Whether an object with `prototype` as its prototype and no property of its own has no
/// `return` method to call, because `prototype` is an intact `%ArrayIteratorPrototype%`.
pub(crate) fn inherits_no_return(prototype: &JsObject, context: &mut Context) -> bool {
    with_intact(context, |intact, context| {
        intact
            .return_free_prototype(context)
            .is_some_and(|free| JsObject::equals(free, prototype))
    })
}

/// `f` of the VM's [`IntactIteration`], lent out of the context so that `f` can read the
/// realm's intrinsics through it.
fn with_intact<R>(context: &mut Context, f: impl FnOnce(&mut IntactIteration, &Context) -> R) -> R {
    let mut intact = std::mem::take(&mut context.vm.intact_array_iteration);
    let result = f(&mut intact, context);
    context.vm.intact_array_iteration = intact;
    result
}

impl IntactIteration {
    /// The `next` method of `array`'s values iterator and the prototype that iterator gets,
    /// if `GetIterator(array, sync)` would call the built-in `values`; `None` when that is
    /// not known, and the caller takes the specification's steps.
    fn values_iterator(
        &mut self,
        array: &JsObject,
        context: &Context,
    ) -> Option<(JsValue, JsObject)> {
        let checked = self.current(context)?;
        if !iterates_through(array, checked) {
            return None;
        }
        let values = checked
            .array_prototype
            .borrow()
            .properties()
            .storage
            .get(checked.values_slot.index as usize)?
            .as_object()?;
        if !JsObject::equals(&values, &checked.values) {
            return None;
        }
        let next = checked
            .array_iterator_prototype
            .borrow()
            .properties()
            .storage
            .get(checked.next_slot.index as usize)?
            .clone();
        Some((next, checked.array_iterator_prototype.clone()))
    }

    /// The `%ArrayIteratorPrototype%` of the checked realm, if iteration is intact: an Array
    /// Iterator with it as its prototype and no property of its own has no `return` method.
    fn return_free_prototype(&mut self, context: &Context) -> Option<&JsObject> {
        Some(&self.current(context)?.array_iterator_prototype)
    }

    /// What was checked, checked again if any watched shape has changed since.
    fn current(&mut self, context: &Context) -> Option<&mut Checked> {
        let unchanged = self.checked.as_ref().is_some_and(|checked| {
            checked
                .watched
                .iter()
                .all(|(shape, generation)| shape.generation() == *generation)
        });
        if !unchanged {
            self.checked = Checked::now(context).map(Box::new);
        }
        self.checked.as_deref_mut()
    }
}

/// Whether `array` has no `Symbol.iterator` of its own and the checked `Array.prototype` as
/// its prototype; remembered for its shape when that is shared.
fn iterates_through(array: &JsObject, checked: &mut Checked) -> bool {
    let borrowed = array.borrow();
    let shape = &borrowed.properties().shape;
    if checked
        .array_shape
        .as_ref()
        .is_some_and(|known| known.to_addr_usize() == shape.to_addr_usize())
    {
        return true;
    }
    let iterates = shape
        .lookup(&PropertyKey::from(JsSymbol::iterator()))
        .is_none()
        && borrowed
            .prototype()
            .is_some_and(|prototype| JsObject::equals(&prototype, &checked.array_prototype));
    if iterates && shape.is_shared() {
        checked.array_shape = Some(shape.clone());
    }
    iterates
}

impl Checked {
    /// The facts of the module's comment for the current realm, if they hold.
    fn now(context: &Context) -> Option<Self> {
        let intrinsics = context.intrinsics();
        let array_prototype = intrinsics.constructors().array().prototype();
        let array_iterator_prototype = intrinsics.objects().iterator_prototypes().array();
        let iterator_prototype = intrinsics.constructors().iterator().prototype();
        let object_prototype = intrinsics.constructors().object().prototype();
        let values = JsObject::from(intrinsics.objects().array_prototype_values());
        let return_key = PropertyKey::from(js_string!("return"));

        let values_slot = data_slot(&array_prototype, &PropertyKey::from(JsSymbol::iterator()))?;
        let in_values_slot = array_prototype
            .borrow()
            .properties()
            .storage
            .get(values_slot.index as usize)?
            .as_object()?;
        if !JsObject::equals(&in_values_slot, &values) {
            return None;
        }
        let next_slot = data_slot(
            &array_iterator_prototype,
            &PropertyKey::from(js_string!("next")),
        )?;
        let chain = [
            (&array_iterator_prototype, Some(&iterator_prototype)),
            (&iterator_prototype, Some(&object_prototype)),
            (&object_prototype, None),
        ];
        for (object, prototype) in chain {
            if !lacks_own_property(object, &return_key, prototype) {
                return None;
            }
        }
        let watched = [
            watch(&array_prototype)?,
            watch(&array_iterator_prototype)?,
            watch(&iterator_prototype)?,
            watch(&object_prototype)?,
        ];
        Some(Self {
            watched,
            array_prototype,
            array_iterator_prototype,
            values,
            values_slot,
            next_slot,
            array_shape: None,
        })
    }
}

/// The slot of `object`'s own data property `key`, if it has one.
fn data_slot(object: &JsObject, key: &PropertyKey) -> Option<Slot> {
    let slot = object.borrow().properties().shape.lookup(key)?;
    (!slot.attributes.is_accessor_descriptor()).then_some(slot)
}

/// `object`'s unique shape and its count of changes now; `None` for a shared shape, which
/// cannot be watched this way (a change gives the object another shape).
fn watch(object: &JsObject) -> Option<(UniqueShape, u64)> {
    let borrowed = object.borrow();
    let shape = borrowed.properties().shape.as_unique()?.clone();
    let generation = shape.generation();
    Some((shape, generation))
}

/// Whether `object` has no own property `key` and its prototype is `prototype` (the same
/// object, or none for `None`): a step of a prototype chain known to hold no `key`.
fn lacks_own_property(object: &JsObject, key: &PropertyKey, prototype: Option<&JsObject>) -> bool {
    let borrowed = object.borrow();
    !borrowed.properties().contains_key(key)
        && match (borrowed.prototype(), prototype) {
            (Some(own), Some(expected)) => JsObject::equals(&own, expected),
            (own, expected) => own.is_none() && expected.is_none(),
        }
}
