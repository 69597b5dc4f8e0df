//! ordo's patch: the iterators a frame has open, an Array's values before their object is made.
//!
//! `for (const k of keys)` in a comparator opened an Array Iterator object per call: an
//! allocation, a prototype transition for its shape, and garbage that made the collector mark
//! every record of the sorted array once more. No script can see that object while the loop
//! steps it with the built-in `next` (`IntactIteration` says when that is so) and closes it
//! with no `return` to call: it is only state. [`ActiveIterator::ArrayValues`] keeps that state
//! in the frame and makes the object ([`ActiveIterator::into_record`]) at the first opcode that
//! could show it to a script: `yield*` taking it into a register, a `return` method to call, or
//! anything else that needs a whole Iterator Record. The object made then is the one `values`
//! would have made, advanced as far as the loop went. A `for-in` loop's iterator
//! ([`ActiveIterator::ForIn`]) is kept the same way: a script never sees it, and Boa made an
//! object for every loop (about 2,000 instructions with the collections it fed, per loop over
//! a small object).

use boa_gc::{Finalize, Trace};

use crate::{
    Context, JsObject, JsResult, JsValue,
    builtins::{
        array::{ArrayIterator, intact_iteration},
        generator::{Generator, GeneratorStep},
        iterable::{IteratorHint, IteratorRecord},
        object::for_in_iterator::ForInIterator,
    },
    error::PanicError,
    native_function::NativeFunctionObject,
};

/// An iterator a frame has open (`GetIterator` to `IteratorReturn`).
///
/// A clone of `ArrayValues` copies its state, and the two then step apart (a clone of a record
/// shares its object). Frames are cloned only when a generator starts
/// (`GeneratorContext::from_current`), before its body has opened any iterator.
#[derive(Clone, Debug, Trace, Finalize)]
#[boa_gc(unsafe_no_drop)]
pub(crate) enum ActiveIterator {
    /// An Iterator Record with its object.
    Record(IteratorRecord),
    /// An Array's values, stepped with the built-in `next`, with no object yet.
    ArrayValues(ArrayValues),
    /// A `for-in` loop's keys: its iterator is never seen by a script, so it gets no object
    /// unless something asks for a whole record (nothing a `for-in` compiles to does).
    ForIn(Box<ForInKeys>),
}

/// The state of a `for-in` loop's iterator, with no object.
#[derive(Clone, Debug, Trace, Finalize)]
#[boa_gc(unsafe_no_drop)]
pub(crate) struct ForInKeys {
    state: ForInIterator,
    /// The record's `[[Done]]`.
    done: bool,
    /// The key of the last step.
    last_key: Option<JsValue>,
}

/// The state of an Array's values iterator that no script has seen.
#[derive(Clone, Debug, Trace, Finalize)]
#[boa_gc(unsafe_no_drop)]
pub(crate) struct ArrayValues {
    /// The iterator's own state: the Array, the next index and whether it has run out.
    state: ArrayIterator,
    /// The record's `[[NextMethod]]`: the built-in `next`.
    next: JsValue,
    /// The `%ArrayIteratorPrototype%` the object gets when made.
    prototype: JsObject,
    /// The record's `[[Done]]`.
    done: bool,
    /// The value of the last step.
    last_value: Option<JsValue>,
}

impl From<IteratorRecord> for ActiveIterator {
    fn from(record: IteratorRecord) -> Self {
        Self::Record(record)
    }
}

impl ActiveIterator {
    /// `GetIterator(value, sync)`: an Array that iterates through the built-ins gets no object.
    pub(crate) fn open(value: &JsValue, context: &mut Context) -> JsResult<Self> {
        if let Some(array) = value.as_object().filter(JsObject::is_array) {
            if let Some((next, prototype)) = intact_iteration::values_iterator(&array, context) {
                let values = ArrayValues {
                    state: ArrayIterator::values(array),
                    next,
                    prototype,
                    done: false,
                    last_value: None,
                };
                // A `next` of a script's own is called with the object as `this`.
                return Ok(
                    if NativeFunctionObject::is_native(&values.next, ArrayIterator::next) {
                        Self::ArrayValues(values)
                    } else {
                        Self::Record(values.into_record(context))
                    },
                );
            }
        }
        value
            .get_iterator(IteratorHint::Sync, context)
            .map(Self::Record)
    }

    /// `CreateForInIterator(object)`, kept in the frame with no object.
    pub(crate) fn for_in(object: JsValue) -> Self {
        Self::ForIn(Box::new(ForInKeys {
            state: ForInIterator::of(object),
            done: false,
            last_key: None,
        }))
    }

    /// The whole Iterator Record, its object made now if it had none.
    pub(crate) fn into_record(self, context: &Context) -> IteratorRecord {
        match self {
            Self::Record(record) => record,
            Self::ArrayValues(values) => values.into_record(context),
            Self::ForIn(keys) => {
                let ForInKeys {
                    state,
                    done,
                    last_key,
                } = *keys;
                IteratorRecord::new(state.into_object(context), JsValue::undefined())
                    .with_progress(done, last_key)
            }
        }
    }

    /// `IteratorStep`: whether the iterator is done after one more step.
    pub(crate) fn step(&mut self, context: &mut Context) -> JsResult<bool> {
        match self {
            Self::Record(record) => record.step(context),
            Self::ArrayValues(values) => {
                values.last_value = None;
                let value = values.step(context)?;
                values.last_value = Some(value.unwrap_or_default());
                Ok(values.done)
            }
            Self::ForIn(keys) => {
                keys.last_key = None;
                let key = keys.step(context)?;
                keys.last_key = Some(key.unwrap_or_default());
                Ok(keys.done)
            }
        }
    }

    /// `IteratorStep` where it needs nothing else (the iterator stays where it is): an Array's
    /// values whose next element is in its dense storage. `false` where [`Self::step`] must
    /// take the step.
    pub(crate) fn step_dense(&mut self) -> bool {
        let Self::ArrayValues(values) = self else {
            return false;
        };
        let Some(value) = values.state.step_dense() else {
            return false;
        };
        values.done = false;
        values.last_value = Some(value);
        true
    }

    /// `IteratorStep` of the frame's innermost iterator where it is a generator stepped
    /// through its built-in `next` ([`Generator::step`]): the generator is resumed with the
    /// iterator left on the frame, where taking it off and putting it back (and again for the
    /// value's read) cost about a sixteenth of the step. `None` where the iterator is anything
    /// else.
    pub(crate) fn step_generator(context: &mut Context) -> Option<JsResult<()>> {
        let Some(Self::Record(record)) = context.vm.frame().iterators.last() else {
            return None;
        };
        let generator = record.stepped_generator()?.clone();
        let step = Generator::step(&generator, JsValue::undefined(), context);
        // The generator ran in frames of its own: this frame's iterators are as they were.
        let iterators = &mut context.vm.frame_mut().iterators;
        let (value, done) = match step {
            Ok(GeneratorStep::YieldedBare(value)) => (value, false),
            Ok(GeneratorStep::Returned(value)) => (value, true),
            Ok(GeneratorStep::Yielded(result)) => {
                // A result object, whose `done` may be a getter: it is read with the iterator
                // off the frame, as every other step is, and a throw leaves it off.
                let Some(Self::Record(mut record)) = iterators.pop() else {
                    return Some(Err(
                        PanicError::new("the stepped iterator left the frame").into()
                    ));
                };
                return Some(record.update_result(result, context).map(|()| {
                    context.vm.frame_mut().iterators.push(Self::Record(record));
                }));
            }
            Err(error) => {
                // `IteratorStep` sets [[Done]] and the throw takes the iterator off the frame.
                iterators.pop();
                return Some(Err(error));
            }
        };
        if let Some(Self::Record(record)) = iterators.last_mut() {
            record.stepped(value, done);
        }
        Some(Ok(()))
    }

    /// The value of the last step of an Array's values or a `for-in`'s keys, or of a record
    /// stepped without a result object; `None` for a record whose value may need a property
    /// read ([`Self::value`]).
    pub(crate) fn known_value(&self) -> Option<JsValue> {
        match self {
            Self::Record(record) => record.bare_value().cloned(),
            Self::ArrayValues(values) => Some(values.last_value.clone().unwrap_or_default()),
            Self::ForIn(keys) => Some(keys.last_key.clone().unwrap_or_default()),
        }
    }

    /// `IteratorStepValue`: the next value, or `None` once done.
    pub(crate) fn step_value(&mut self, context: &mut Context) -> JsResult<Option<JsValue>> {
        match self {
            Self::Record(record) => record.step_value(context),
            Self::ArrayValues(values) => {
                values.last_value = None;
                values.step(context)
            }
            Self::ForIn(keys) => {
                keys.last_key = None;
                keys.step(context)
            }
        }
    }

    /// The value of the last step.
    pub(crate) fn value(&mut self, context: &mut Context) -> JsResult<JsValue> {
        match self {
            Self::Record(record) => record.value(context),
            Self::ArrayValues(_) | Self::ForIn(_) => Ok(self.known_value().unwrap_or_default()),
        }
    }

    /// The record's `[[Done]]`.
    pub(crate) fn done(&self) -> bool {
        match self {
            Self::Record(record) => record.done(),
            Self::ArrayValues(values) => values.done,
            Self::ForIn(keys) => keys.done,
        }
    }

    /// Whether closing this iterator calls nothing: it is done, or it is an Array's values
    /// with no `return` method anywhere it could be found (`IntactIteration`).
    pub(crate) fn closes_silently(&self, context: &mut Context) -> bool {
        match self {
            Self::Record(record) => record.done(),
            Self::ArrayValues(values) => {
                values.done || intact_iteration::inherits_no_return(&values.prototype, context)
            }
            // The specification's ForIn/OfBodyEvaluation closes nothing for `enumerate`.
            Self::ForIn(_) => true,
        }
    }
}

impl ForInKeys {
    /// One step: the next key, or `None` once done; `[[Done]]` set as `IteratorStep` sets it,
    /// also when the step throws (a proxy's trap).
    fn step(&mut self, context: &mut Context) -> JsResult<Option<JsValue>> {
        let stepped = self.state.step_state(context);
        self.done = !matches!(stepped, Ok(Some(_)));
        stepped
    }
}

impl ArrayValues {
    /// One step of the built-in `next`: the next value, or `None` once done; `[[Done]]` set
    /// as `IteratorStep` sets it, also when the step throws.
    fn step(&mut self, context: &mut Context) -> JsResult<Option<JsValue>> {
        let stepped = self.state.step_state(context);
        self.done = !matches!(stepped, Ok(Some(_)));
        stepped
    }

    /// The Iterator Record `values` would have made, advanced as far as this one went.
    fn into_record(self, context: &Context) -> IteratorRecord {
        self.state
            .into_record(self.prototype, self.next, context)
            .with_progress(self.done, self.last_value)
    }
}
