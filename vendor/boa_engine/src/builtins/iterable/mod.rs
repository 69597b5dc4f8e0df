//! Boa's implementation of ECMAScript's `IteratorRecord` and iterator prototype objects.

use crate::{
    Context, JsResult, JsValue,
    builtins::{
        ArrayIterator, BuiltInBuilder, IntrinsicObject,
        generator::{Generator, GeneratorStep},
        map::MapIterator,
        object::for_in_iterator::ForInIterator,
        set::SetIterator,
        string::StringIterator,
    },
    context::intrinsics::Intrinsics,
    error::JsNativeError,
    js_string,
    native_function::{CoroutineBranch, CoroutineState, NativeFunctionObject},
    object::JsObject,
    realm::Realm,
    symbol::JsSymbol,
    vm::CompletionRecord,
};
use boa_gc::{Finalize, Trace};

mod async_from_sync_iterator;
pub(crate) mod iterator_constructor;
pub(crate) mod iterator_helper;
mod iterator_prototype;
pub(crate) mod wrap_for_valid_iterator;

#[cfg(test)]
mod tests;

pub(crate) use async_from_sync_iterator::AsyncFromSyncIterator;
pub(crate) use iterator_prototype::Iterator;

/// `IfAbruptCloseIterator ( value, iteratorRecord )`
///
/// `IfAbruptCloseIterator` is a shorthand for a sequence of algorithm steps that use an `Iterator`
/// Record.
///
/// More information:
///  - [ECMA reference][spec]
///
///  [spec]: https://tc39.es/ecma262/#sec-ifabruptcloseiterator
macro_rules! if_abrupt_close_iterator {
    ($value:expr, $iterator_record:expr, $context:expr) => {
        match $value {
            // 1. If value is an abrupt completion, return ? IteratorClose(iteratorRecord, value).
            Err(err) => return $iterator_record.close(Err(err), $context),
            // 2. Else if value is a Completion Record, set value to value.
            Ok(value) => value,
        }
    };
}

// Export macro to crate level
pub(crate) use if_abrupt_close_iterator;

use super::OrdinaryObject;

/// The built-in iterator prototypes.
#[derive(Debug, Trace, Finalize)]
pub struct IteratorPrototypes {
    /// The `IteratorPrototype` object.
    iterator: JsObject,

    /// The `AsyncIteratorPrototype` object.
    async_iterator: JsObject,

    /// The `AsyncFromSyncIteratorPrototype` prototype object.
    async_from_sync_iterator: JsObject,

    /// The `ArrayIteratorPrototype` prototype object.
    array: JsObject,

    /// The `SetIteratorPrototype` prototype object.
    set: JsObject,

    /// The `StringIteratorPrototype` prototype object.
    string: JsObject,

    /// The `RegExpStringIteratorPrototype` prototype object.
    regexp_string: JsObject,

    /// The `MapIteratorPrototype` prototype object.
    map: JsObject,

    /// The `%SegmentIteratorPrototype%` prototype object.
    #[cfg(feature = "intl")]
    segment: JsObject,

    /// The `%IteratorHelperPrototype%` prototype object.
    iterator_helper: JsObject,

    /// The `%WrapForValidIteratorPrototype%` prototype object.
    wrap_for_valid_iterator: JsObject,
}

impl Default for IteratorPrototypes {
    fn default() -> Self {
        Self {
            iterator: JsObject::with_null_proto(),
            async_iterator: JsObject::with_null_proto(),
            async_from_sync_iterator: JsObject::with_null_proto(),
            array: JsObject::with_null_proto(),
            set: JsObject::with_null_proto(),
            string: JsObject::with_null_proto(),
            regexp_string: JsObject::with_null_proto(),
            map: JsObject::with_null_proto(),
            #[cfg(feature = "intl")]
            segment: JsObject::with_null_proto(),
            iterator_helper: JsObject::with_null_proto(),
            wrap_for_valid_iterator: JsObject::with_null_proto(),
        }
    }
}

impl IteratorPrototypes {
    /// Returns the `ArrayIteratorPrototype` object.
    #[inline]
    #[must_use]
    pub fn array(&self) -> JsObject {
        self.array.clone()
    }

    /// Returns the `AsyncIteratorPrototype` object.
    #[inline]
    #[must_use]
    pub fn async_iterator(&self) -> JsObject {
        self.async_iterator.clone()
    }

    /// Returns the `AsyncFromSyncIteratorPrototype` object.
    #[inline]
    #[must_use]
    pub fn async_from_sync_iterator(&self) -> JsObject {
        self.async_from_sync_iterator.clone()
    }

    /// Returns the `SetIteratorPrototype` object.
    #[inline]
    #[must_use]
    pub fn set(&self) -> JsObject {
        self.set.clone()
    }

    /// Returns the `StringIteratorPrototype` object.
    #[inline]
    #[must_use]
    pub fn string(&self) -> JsObject {
        self.string.clone()
    }

    /// Returns the `RegExpStringIteratorPrototype` object.
    #[inline]
    #[must_use]
    pub fn regexp_string(&self) -> JsObject {
        self.regexp_string.clone()
    }

    /// Returns the `MapIteratorPrototype` object.
    #[inline]
    #[must_use]
    pub fn map(&self) -> JsObject {
        self.map.clone()
    }

    /// Returns the `%SegmentIteratorPrototype%` object.
    #[inline]
    #[must_use]
    #[cfg(feature = "intl")]
    pub fn segment(&self) -> JsObject {
        self.segment.clone()
    }

    /// Returns the `%IteratorHelperPrototype%` object.
    #[inline]
    #[must_use]
    pub fn iterator_helper(&self) -> JsObject {
        self.iterator_helper.clone()
    }

    /// Returns the `%WrapForValidIteratorPrototype%` object.
    #[inline]
    #[must_use]
    pub fn wrap_for_valid_iterator(&self) -> JsObject {
        self.wrap_for_valid_iterator.clone()
    }
}

/// `%AsyncIteratorPrototype%` object
///
/// More information:
///  - [ECMA reference][spec]
///
/// [spec]: https://tc39.es/ecma262/#sec-asynciteratorprototype
pub(crate) struct AsyncIterator;

impl IntrinsicObject for AsyncIterator {
    fn init(realm: &Realm) {
        BuiltInBuilder::with_intrinsic::<Self>(realm)
            .static_method(|v, _, _| Ok(v.clone()), JsSymbol::async_iterator(), 0)
            .build();
    }

    fn get(intrinsics: &Intrinsics) -> JsObject {
        intrinsics.objects().iterator_prototypes().async_iterator()
    }
}

/// `CreateIterResultObject( value, done )`
///
/// Generates an object supporting the `IteratorResult` interface.
pub fn create_iter_result_object(value: JsValue, done: bool, context: &mut Context) -> JsValue {
    // 1. Assert: Type(done) is Boolean.
    // 2. Let obj be ! OrdinaryObjectCreate(%Object.prototype%).
    // 3. Perform ! CreateDataPropertyOrThrow(obj, "value", value).
    // 4. Perform ! CreateDataPropertyOrThrow(obj, "done", done).
    let obj = context
        .intrinsics()
        .templates()
        .iterator_result()
        .create(OrdinaryObject, vec![value, done.into()]);

    // 5. Return obj.
    obj.into()
}

/// Iterator hint for `GetIterator`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IteratorHint {
    /// Hints that the iterator should be sync.
    Sync,

    /// Hints that the iterator should be async.
    Async,
}

impl JsValue {
    /// `GetIteratorFromMethod ( obj, method )`
    ///
    /// More information:
    ///  - [ECMA reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-getiteratorfrommethod
    pub fn get_iterator_from_method(
        &self,
        method: &JsObject,
        context: &mut Context,
    ) -> JsResult<IteratorRecord> {
        // 1. Let iterator be ? Call(method, obj).
        // ordo's patch: an object's `[Symbol.iterator]` that is %Array.prototype.values% itself
        // (what every array has unless a script replaced it) does nothing but make an Array
        // Iterator over its `this`; it is made here without the call.
        let iterator = match self.as_object() {
            Some(object) if *method == *context.intrinsics().objects().array_prototype_values() => {
                ArrayIterator::create_array_iterator(
                    object,
                    crate::property::PropertyNameKind::Value,
                    context,
                )
            }
            _ => method.call(self, &[], context)?,
        };
        // 2. If iterator is not an Object, throw a TypeError exception.
        let iterator_obj = iterator.as_object().ok_or_else(|| {
            JsNativeError::typ().with_message("returned iterator is not an object")
        })?;
        // 3. Let nextMethod be ? Get(iterator, "next").
        let next_method = iterator_obj.get(js_string!("next"), context)?;
        // 4. Let iteratorRecord be the Iterator Record { [[Iterator]]: iterator, [[NextMethod]]: nextMethod, [[Done]]: false }.
        // 5. Return iteratorRecord.
        Ok(IteratorRecord::new(iterator_obj.clone(), next_method))
    }

    /// `GetIterator ( obj, kind )`
    ///
    /// More information:
    ///  - [ECMA reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-getiterator
    pub fn get_iterator(
        &self,
        hint: IteratorHint,
        context: &mut Context,
    ) -> JsResult<IteratorRecord> {
        // ordo's patch: V8's words for iterating `undefined` or `null`, where Boa said `cannot
        // convert 'null' or 'undefined' to object` (the same TypeError GetMethod would throw).
        if self.is_null_or_undefined() {
            let value = if self.is_null() { "null" } else { "undefined" };
            return Err(JsNativeError::typ()
                .with_message(format!("{value} is not iterable"))
                .into());
        }
        let method = match hint {
            // 1. If kind is async, then
            IteratorHint::Async => {
                // a. Let method be ? GetMethod(obj, %Symbol.asyncIterator%).
                let Some(method) = self.get_method(JsSymbol::async_iterator(), context)? else {
                    // b. If method is undefined, then
                    //     i. Let syncMethod be ? GetMethod(obj, %Symbol.iterator%).
                    let sync_method =
                        self.get_method(JsSymbol::iterator(), context)?
                            .ok_or_else(|| {
                                // ii. If syncMethod is undefined, throw a TypeError exception.
                                JsNativeError::typ().with_message(format!(
                                    "value with type `{}` is not iterable",
                                    self.type_of()
                                ))
                            })?;
                    // iii. Let syncIteratorRecord be ? GetIteratorFromMethod(obj, syncMethod).
                    let sync_iterator_record =
                        self.get_iterator_from_method(&sync_method, context)?;
                    // iv. Return CreateAsyncFromSyncIterator(syncIteratorRecord).
                    return Ok(AsyncFromSyncIterator::create(sync_iterator_record, context));
                };

                Some(method)
            }
            // 2. Else,
            IteratorHint::Sync => {
                // ordo's patch: an Array that iterates as every Array does gets its record
                // without the generic steps (`ArrayIterator::builtin_record`).
                if let Some(record) = ArrayIterator::builtin_record(self, context) {
                    return Ok(record);
                }
                // a. Let method be ? GetMethod(obj, %Symbol.iterator%).
                self.get_method(JsSymbol::iterator(), context)?
            }
        };

        let method = method.ok_or_else(|| {
            // 3. If method is undefined, throw a TypeError exception.
            JsNativeError::typ().with_message(format!(
                "value with type `{}` is not iterable",
                self.type_of()
            ))
        })?;

        // 4. Return ? GetIteratorFromMethod(obj, method).
        self.get_iterator_from_method(&method, context)
    }
}

/// The result of the iteration process.
#[derive(Debug, Clone, Trace, Finalize)]
pub struct IteratorResult {
    object: JsObject,
}

impl IteratorResult {
    /// Gets a new `IteratorResult` from a value. Returns `Err` if
    /// the value is not a [`JsObject`]
    pub(crate) fn from_value(value: JsValue) -> JsResult<Self> {
        if let Some(object) = value.into_object() {
            Ok(Self { object })
        } else {
            Err(JsNativeError::typ()
                .with_message("next value should be an object")
                .into())
        }
    }

    /// Gets the inner object of this `IteratorResult`.
    pub(crate) const fn object(&self) -> &JsObject {
        &self.object
    }

    /// `IteratorComplete ( iterResult )`
    ///
    /// The abstract operation `IteratorComplete` takes argument `iterResult` (an `Object`) and
    /// returns either a normal completion containing a `Boolean` or a throw completion.
    ///
    /// More information:
    ///  - [ECMA reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-iteratorcomplete
    #[inline]
    pub fn complete(&self, context: &mut Context) -> JsResult<bool> {
        // 1. Return ToBoolean(? Get(iterResult, "done")).
        Ok(self.object.get(js_string!("done"), context)?.to_boolean())
    }

    /// `IteratorValue ( iterResult )`
    ///
    /// The abstract operation `IteratorValue` takes argument `iterResult` (an `Object`) and
    /// returns either a normal completion containing an ECMAScript language value or a throw
    /// completion.
    ///
    /// More information:
    ///  - [ECMA reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-iteratorvalue
    #[inline]
    pub fn value(&self, context: &mut Context) -> JsResult<JsValue> {
        // 1. Return ? Get(iterResult, "value").
        self.object.get(js_string!("value"), context)
    }
}

/// Iterator Record
///
/// An Iterator Record is a Record value used to encapsulate an
/// `Iterator` or `AsyncIterator` along with the `next` method.
///
/// More information:
///  - [ECMA reference][spec]
///
/// [spec]: https://tc39.es/ecma262/#sec-iterator-records
#[derive(Clone, Debug, Finalize, Trace)]
pub struct IteratorRecord {
    /// `[[Iterator]]`
    ///
    /// An object that conforms to the `Iterator` or `AsyncIterator` interface.
    iterator: JsObject,

    /// `[[NextMethod]]`
    ///
    /// The `next` method of the `[[Iterator]]` object.
    next_method: JsValue,

    /// `[[Done]]`
    ///
    /// Whether the iterator has been closed.
    done: bool,

    /// The result of the last call to `next` (ordo's patch: `None` before the first, where Boa
    /// allocated an empty object for every record).
    last_result: Option<IteratorResult>,

    /// ordo's patch: the value of the last step when it was taken without a result object (an
    /// Array Iterator with the built-in `next`, [`Self::step_builtin`]); `last_result` is then
    /// stale, and made only if a script could see it ([`Self::result_object`]).
    last_value: Option<JsValue>,

    /// ordo's patch: which built-in iterator [`Self::step_builtin`] steps directly, found once
    /// when the record is made ([[Iterator]] and [[NextMethod]] never change): it asked at
    /// every step, two function-object checks per character of a string.
    #[unsafe_ignore_trace]
    builtin: BuiltinStep,
}

/// ordo's patch: the iterators whose steps [`IteratorRecord::step_builtin`] takes itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BuiltinStep {
    /// An Array Iterator whose [[NextMethod]] is the built-in `next`.
    Array,
    /// A String Iterator whose [[NextMethod]] is the built-in `next`.
    String,
    /// A for-in iterator, whose `next` no script sees.
    ForIn,
    /// A Set Iterator whose [[NextMethod]] is the built-in `next`.
    Set,
    /// A Map Iterator whose [[NextMethod]] is the built-in `next`.
    Map,
    /// A generator whose [[NextMethod]] is the built-in `next`: resumed by
    /// `Generator::step` in `step_through_next`, its `yield` making no result object.
    Generator,
    /// Anything else: stepped through its `next`.
    Other,
}

impl BuiltinStep {
    fn of(iterator: &JsObject, next_method: &JsValue) -> Self {
        if iterator.is::<ForInIterator>() {
            return Self::ForIn;
        }
        // One look at `next` for the built-ins (a `yield*` makes a record at every step).
        let natives = [
            ArrayIterator::next,
            StringIterator::next,
            Generator::next,
            SetIterator::next,
            MapIterator::next,
        ];
        match NativeFunctionObject::which_native(next_method, &natives) {
            Some(0) => Self::Array,
            Some(1) => Self::String,
            Some(2) => Self::Generator,
            Some(3) => Self::Set,
            Some(_) => Self::Map,
            None => Self::Other,
        }
    }

    /// One step of `iterator`, of this kind: its value alone, or `None` once done; `None` (no
    /// step taken) for a generator or any other iterator, stepped through their `next`.
    fn step(
        self,
        iterator: &JsObject,
        context: &mut Context,
    ) -> Option<JsResult<Option<JsValue>>> {
        Some(match self {
            Self::Array => ArrayIterator::step(iterator, context),
            Self::String => StringIterator::step(iterator),
            // Never seen by a script: its `next` is the built-in one.
            Self::ForIn => ForInIterator::step(iterator, context),
            Self::Set => SetIterator::step(iterator, context),
            Self::Map => MapIterator::step(iterator, context),
            Self::Generator | Self::Other => return None,
        })
    }
}

/// ordo's patch: one step of `iterator`, a built-in iterator whose `next` is `next_method`, the
/// built-in one: its value alone, or `None` once done; `None` (no step taken) for any other
/// iterator. A `yield*` over one (`GeneratorDelegateNextBare`) passes the value on without the
/// `{ value, done }` object the built-in `next` makes.
pub(crate) fn step_builtin_iterator(
    iterator: &JsObject,
    next_method: &JsValue,
    context: &mut Context,
) -> Option<JsResult<Option<JsValue>>> {
    BuiltinStep::of(iterator, next_method).step(iterator, context)
}

impl IteratorRecord {
    /// Creates a new `IteratorRecord` with the given iterator object, next method and `done` flag.
    #[inline]
    #[must_use]
    pub fn new(iterator: JsObject, next_method: JsValue) -> Self {
        Self {
            builtin: BuiltinStep::of(&iterator, &next_method),
            iterator,
            next_method,
            done: false,
            last_result: None,
            last_value: None,
        }
    }

    /// ordo's patch: this record as far as another one went: its `[[Done]]` and the value of
    /// its last step taken without a result object (`ActiveIterator::ArrayValues`).
    #[must_use]
    pub(crate) fn with_progress(mut self, done: bool, last_value: Option<JsValue>) -> Self {
        self.done = done;
        self.last_value = last_value;
        self
    }

    /// Get the `[[Iterator]]` field of the `IteratorRecord`.
    pub(crate) const fn iterator(&self) -> &JsObject {
        &self.iterator
    }

    /// Gets the `[[NextMethod]]` field of the `IteratorRecord`.
    pub(crate) const fn next_method(&self) -> &JsValue {
        &self.next_method
    }

    /// The last result object of the iterator record; made now if the last step took none
    /// (ordo's patch: the object is fresh, so making it late is not observable).
    pub(crate) fn result_object(&mut self, context: &mut Context) -> JsObject {
        if let Some(value) = self.last_value.take() {
            let object = create_iter_result_object(value, self.done, context);
            if let Some(object) = object.into_object() {
                self.last_result = Some(IteratorResult { object });
            }
        }
        self.last_result
            .get_or_insert_with(|| IteratorResult {
                object: JsObject::with_null_proto(),
            })
            .object()
            .clone()
    }

    /// Runs `f`, setting the `done` field of this `IteratorRecord` to `true` if `f` returns
    /// an error.
    fn set_done_on_err<R, F>(&mut self, f: F) -> JsResult<R>
    where
        F: FnOnce(&mut Self) -> JsResult<R>,
    {
        let result = f(self);
        if result.is_err() {
            self.done = true;
        }
        result
    }

    /// Gets the current value of the `IteratorRecord`.
    pub(crate) fn value(&mut self, context: &mut Context) -> JsResult<JsValue> {
        if let Some(value) = &self.last_value {
            return Ok(value.clone());
        }
        self.set_done_on_err(|iter| match &iter.last_result {
            Some(result) => result.value(context),
            // No result yet: the empty object Boa started with has no `value`.
            None => Ok(JsValue::undefined()),
        })
    }

    /// Get the `[[Done]]` field of the `IteratorRecord`.
    pub(crate) const fn done(&self) -> bool {
        self.done
    }

    /// Updates the current result value of this iterator record.
    pub(crate) fn update_result(&mut self, result: JsValue, context: &mut Context) -> JsResult<()> {
        self.set_done_on_err(|iter| {
            // 3. If Type(result) is not Object, throw a TypeError exception.
            // 4. Return result.
            // `IteratorResult::from_value` does this for us.

            // `IteratorStep(iteratorRecord)`
            // https://tc39.es/ecma262/#sec-iteratorstep

            // 1. Let result be ? IteratorNext(iteratorRecord).
            iter.last_value = None;
            let result = IteratorResult::from_value(result)?;
            // 2. Let done be ? IteratorComplete(result).
            // 3. If done is true, return false.
            iter.done = result.complete(context)?;

            iter.last_result = Some(result);

            Ok(())
        })
    }

    /// `IteratorNext ( iteratorRecord [ , value ] )`
    ///
    /// The abstract operation `IteratorNext` takes argument `iteratorRecord` (an `Iterator`
    /// Record) and optional argument `value` (an ECMAScript language value) and returns either a
    /// normal completion containing an `Object` or a throw completion.
    ///
    /// More information:
    ///  - [ECMA reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-iteratornext
    pub(crate) fn next(
        &mut self,
        value: Option<&JsValue>,
        context: &mut Context,
    ) -> JsResult<IteratorResult> {
        // 1. If value is not present, then
        //     a. Let result be Completion(Call(iteratorRecord.[[NextMethod]], iteratorRecord.[[Iterator]])).
        // 2. Else,
        //     a. Let result be Completion(Call(iteratorRecord.[[NextMethod]], iteratorRecord.[[Iterator]], « value »)).
        // 3. If result is a throw completion, then
        //     a. Set iteratorRecord.[[Done]] to true.
        //     b. Return ? result.
        // 4. Set result to ! result.
        // 5. If result is not an Object, then
        //     a. Set iteratorRecord.[[Done]] to true.
        //     b. Throw a TypeError exception.
        // 6. Return result.
        // NOTE: In this case, `set_done_on_err` does all the heavylifting for us, which
        // simplifies the instructions below.
        self.set_done_on_err(|iter| {
            iter.next_method
                .call(
                    &iter.iterator.clone().into(),
                    value.map_or(&[], std::slice::from_ref),
                    context,
                )
                .and_then(IteratorResult::from_value)
        })
    }

    /// `IteratorStep ( iteratorRecord )`
    ///
    /// Updates the `IteratorRecord` and returns `true` if the next result record returned
    /// `done: true`, otherwise returns `false`. This differs slightly from the spec, but also
    /// simplifies some logic around iterators.
    ///
    /// More information:
    ///  - [ECMA reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-iteratorstep
    pub(crate) fn step(&mut self, context: &mut Context) -> JsResult<bool> {
        self.last_value = None;
        if let Some(stepped) = self.step_builtin(context) {
            self.last_value = Some(stepped?.unwrap_or_default());
            return Ok(self.done);
        }
        self.step_through_next(context)
    }

    /// ordo's patch: `IteratorStep`'s own steps, for a record that `step_builtin` does not take.
    fn step_through_next(&mut self, context: &mut Context) -> JsResult<bool> {
        self.set_done_on_err(|iter| {
            iter.last_value = None;
            // 1. Let result be ? IteratorNext(iteratorRecord).
            let result = if iter.builtin == BuiltinStep::Generator {
                // ordo's patch: the built-in `next` of a generator, run directly; a value
                // yielded by `yield`, or returned, comes without its result object.
                match Generator::step(&iter.iterator, JsValue::undefined(), context)? {
                    GeneratorStep::YieldedBare(value) => return Ok(iter.stepped(value, false)),
                    GeneratorStep::Returned(value) => return Ok(iter.stepped(value, true)),
                    GeneratorStep::Yielded(result) => IteratorResult::from_value(result)?,
                }
            } else {
                iter.next(None, context)?
            };

            // 2. Let done be Completion(IteratorComplete(result)).
            // 3. If done is a throw completion, then
            //     a. Set iteratorRecord.[[Done]] to true.
            //     b. Return ? done.
            // 4. Set done to ! done.
            // 5. If done is true, then
            //     a. Set iteratorRecord.[[Done]] to true.
            //     b. Return done.
            iter.done = result.complete(context)?;

            iter.last_result = Some(result);

            // 6. Return result.
            Ok(iter.done)
        })
    }

    /// ordo's patch: the generator this record steps through its built-in `next`
    /// ([`Generator::step`]), for `IteratorNext` to resume with the record left where it is.
    pub(crate) fn stepped_generator(&self) -> Option<&JsObject> {
        (self.builtin == BuiltinStep::Generator).then_some(&self.iterator)
    }

    /// ordo's patch: records a step taken without a result object: its value (or, once done,
    /// the value a result object would have held) and whether it is done.
    pub(crate) fn stepped(&mut self, value: JsValue, done: bool) -> bool {
        self.done = done;
        self.last_value = Some(value);
        done
    }

    /// ordo's patch: a `yield*`'s step whose value came alone from its inner generator
    /// (`GeneratorDelegateNextBare`): not done.
    pub(crate) fn update_bare(&mut self, value: JsValue) {
        self.stepped(value, false);
    }

    /// ordo's patch: the value of the last step, if it was taken without a result object.
    pub(crate) fn bare_value(&self) -> Option<&JsValue> {
        self.last_value.as_ref()
    }

    /// ordo's patch: the value of the last step, if it was taken without a result object.
    pub(crate) fn take_bare_value(&mut self) -> Option<JsValue> {
        self.last_value.take()
    }

    /// ordo's patch: one step of an Array, String, Set or Map Iterator whose [[NextMethod]] is
    /// the built-in `next` of its prototype (the Rust function itself: a replaced `next` is
    /// called as before), or of a for-in iterator (which no script sees), run directly: the next
    /// value, or `None` once done. The `{ value, done }`
    /// object that `next` makes is read back at once by `IteratorStep` and `IteratorValue` and
    /// seen by no script, so only its cost goes: `for-of`, a spread, a destructuring,
    /// `Array.from`, `Object.fromEntries`, `new Map(array)` and the like made one per element.
    /// `None` when the record is not such an iterator.
    fn step_builtin(&mut self, context: &mut Context) -> Option<JsResult<Option<JsValue>>> {
        let step = self.builtin.step(&self.iterator, context)?;
        Some(self.set_done_on_err(|iter| {
            let value = step?;
            iter.done = value.is_none();
            Ok(value)
        }))
    }

    /// `IteratorStepValue ( iteratorRecord )`
    ///
    /// Updates the `IteratorRecord` and returns `Some(value)` if the next result record returned
    /// `done: true`, otherwise returns `None`.
    ///
    /// More information:
    ///  - [ECMA reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-iteratorstepvalue
    pub(crate) fn step_value(&mut self, context: &mut Context) -> JsResult<Option<JsValue>> {
        // ordo's patch: see `step_builtin`. A step it takes leaves no `last_value` of an earlier
        // `step` behind; a record it does not take goes straight to `IteratorStep`'s steps
        // (which set or clear `last_value`), without being asked again there.
        if let Some(stepped) = self.step_builtin(context) {
            self.last_value = None;
            return stepped;
        }
        // 1. Let result be ? IteratorStep(iteratorRecord).
        if self.step_through_next(context)? {
            // 2. If result is done, then
            //     a. Return done.
            Ok(None)
        } else {
            // 3. Let value be Completion(IteratorValue(result)).
            // 4. If value is a throw completion, then
            //     a. Set iteratorRecord.[[Done]] to true.
            // 5. Return ? value.
            self.value(context).map(Some)
        }
    }

    /// [`IfAbruptCloseIterator( value, iteratorRecord )`][spec], but
    /// adapted to be used inside `NativeCoroutine`.
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-ifabruptcloseiterator
    pub(crate) fn if_abrupt_close_iterator(
        &self,
        completion: CompletionRecord,
        context: &mut Context,
    ) -> CoroutineState {
        // 1. Assert: value is a Completion Record.
        // 2. If value is an abrupt completion, return ? IteratorClose(iteratorRecord, value).
        // 3. Set value to ! value.
        match completion {
            CompletionRecord::Return(value) => {
                self.close(Ok(value), context).branch()?;
                CoroutineState::Break(Ok(()))
            }
            CompletionRecord::Throw(err) => self.close(Err(err), context).branch(),
            CompletionRecord::Normal(value) => CoroutineState::Continue(value),
        }
    }

    /// `IteratorClose ( iteratorRecord, completion )`
    ///
    /// The abstract operation `IteratorClose` takes arguments `iteratorRecord` (an
    /// [Iterator Record][Self]) and `completion` (a `Completion` Record) and returns a
    /// `Completion` Record. It is used to notify an iterator that it should perform any actions it
    /// would normally perform when it has reached its completed state.
    ///
    /// More information:
    ///  - [ECMA reference][spec]
    ///
    ///  [spec]: https://tc39.es/ecma262/#sec-iteratorclose
    pub(crate) fn close(
        &self,
        completion: JsResult<JsValue>,
        context: &mut Context,
    ) -> JsResult<JsValue> {
        // 1. Assert: Type(iteratorRecord.[[Iterator]]) is Object.

        // 2. Let iterator be iteratorRecord.[[Iterator]].
        let iterator = &self.iterator;

        // 3. Let innerResult be Completion(GetMethod(iterator, "return")).
        let inner_result = iterator.get_method(js_string!("return"), context);

        // 4. If innerResult.[[Type]] is normal, then
        let inner_result = match inner_result {
            Ok(inner_result) => {
                // a. Let return be innerResult.[[Value]].
                let r#return = inner_result;

                if let Some(r#return) = r#return {
                    // c. Set innerResult to Completion(Call(return, iterator)).
                    r#return.call(&iterator.clone().into(), &[], context)
                } else {
                    // b. If return is undefined, return ? completion.
                    return completion;
                }
            }
            Err(inner_result) => {
                // 5. If completion.[[Type]] is throw, return ? completion.
                completion?;

                // 6. If innerResult.[[Type]] is throw, return ? innerResult.
                return Err(inner_result);
            }
        };

        // 5. If completion.[[Type]] is throw, return ? completion.
        let completion = completion?;

        // 6. If innerResult.[[Type]] is throw, return ? innerResult.
        let inner_result = inner_result?;

        if inner_result.is_object() {
            // 8. Return ? completion.
            Ok(completion)
        } else {
            // 7. If Type(innerResult.[[Value]]) is not Object, throw a TypeError exception.
            Err(JsNativeError::typ()
                .with_message("inner result was not an object")
                .into())
        }
    }

    /// `IteratorToList ( iteratorRecord )`
    ///
    /// More information:
    ///  - [ECMA reference][spec]
    ///
    ///  [spec]: https://tc39.es/ecma262/#sec-iteratortolist
    pub(crate) fn into_list(mut self, context: &mut Context) -> JsResult<Vec<JsValue>> {
        // 1. Let values be a new empty List.
        let mut values = Vec::new();

        // 2. Repeat,
        //     a. Let next be ? IteratorStepValue(iteratorRecord).
        while let Some(value) = self.step_value(context)? {
            // c. Append next to values.
            values.push(value);
        }

        //     b. If next is done, then
        //         i. Return values.
        Ok(values)
    }
}

/// `GetIteratorDirect ( obj )`
///
/// The abstract operation `GetIteratorDirect` takes argument `obj` (an Object)
/// and returns either a normal completion containing an Iterator Record or a
/// throw completion.
///
/// More information:
///  - [ECMAScript reference][spec]
///
/// [spec]: https://tc39.es/ecma262/#sec-getiteratordirect
pub(crate) fn get_iterator_direct(
    obj: &JsObject,
    context: &mut Context,
) -> JsResult<IteratorRecord> {
    // 1. Let nextMethod be ? Get(obj, "next").
    let next_method = obj.get(js_string!("next"), context)?;
    // 2. Let iteratorRecord be the Iterator Record { [[Iterator]]: obj, [[NextMethod]]: nextMethod, [[Done]]: false }.
    // 3. Return iteratorRecord.
    Ok(IteratorRecord::new(obj.clone(), next_method))
}

/// `GetIteratorFlattenable ( obj, stringHandling )`
///
/// The abstract operation `GetIteratorFlattenable` takes arguments `obj` (an ECMAScript
/// language value) and `stringHandling` (iterate-strings or reject-strings) and returns
/// either a normal completion containing an Iterator Record or a throw completion.
///
/// More information:
///  - [ECMAScript reference][spec]
///
/// [spec]: https://tc39.es/ecma262/#sec-getiteratorflattenable
pub(crate) fn get_iterator_flattenable(
    obj: &JsValue,
    iterate_strings: bool,
    context: &mut Context,
) -> JsResult<IteratorRecord> {
    // 1. If obj is not an Object, then
    if !obj.is_object() {
        // a. If stringHandling is reject-strings or obj is not a String, throw a TypeError exception.
        if !iterate_strings || !obj.is_string() {
            return Err(JsNativeError::typ()
                .with_message("GetIteratorFlattenable: value is not an object")
                .into());
        }
    }

    // 2. Let method be ? GetMethod(obj, @@iterator).
    let method = obj.get_method(JsSymbol::iterator(), context)?;

    match method {
        // 3. If method is undefined, then
        None => {
            // a. Let iterator be obj.
            let iterator = obj.as_object().ok_or_else(|| {
                JsNativeError::typ()
                    .with_message("GetIteratorFlattenable: value is not iterable and not an object")
            })?;

            // b. Return ? GetIteratorDirect(iterator).
            get_iterator_direct(&iterator, context)
        }
        // 4. Else,
        Some(method) => {
            // a. Let iterator be ? Call(method, obj).
            let iterator = method.call(obj, &[], context)?;

            // b. If iterator is not an Object, throw a TypeError exception.
            let iterator_obj = iterator.as_object().ok_or_else(|| {
                JsNativeError::typ()
                    .with_message("GetIteratorFlattenable: iterator result is not an object")
            })?;

            // c. Return ? GetIteratorDirect(iterator).
            get_iterator_direct(&iterator_obj, context)
        }
    }
}
