//! A run's random numbers: `Math.random`, `crypto.getRandomValues` and `crypto.randomUUID`,
//! drawn from one generator seeded once per run.
//!
//! The seed is the run's (`Script::with_seed`), so a run made again with it draws the same
//! numbers in the same order (what replaying a paused run needs); a run given none is seeded
//! from the operating system when it starts, in its own worker, so no two runs share a
//! sequence (a forked worker draws nothing before the fork). The generator is PCG (`Pcg64Mcg`):
//! fast and statistically sound, which is what `Math.random` promises; `crypto` here promises
//! what Node's and the browsers' do to a script (uniform, unpredictable to other runs), but a
//! seeded run is predictable to whoever holds the seed, as a replay requires.

use std::cell::RefCell;
use std::rc::Rc;

use boa_engine::builtins::typed_array::TypedArrayKind;
use boa_engine::object::ObjectInitializer;
use boa_engine::object::builtins::{JsArrayBuffer, JsTypedArray};
use boa_engine::property::{Attribute, PropertyDescriptor};
use boa_engine::{Context, JsError, JsNativeError, JsResult, JsValue, js_string};
use rand_pcg::Pcg64Mcg;
use rand_pcg::rand_core::{Rng, SeedableRng};

use super::native::{self, arg};

/// The most bytes one `getRandomValues` call fills, as the Web Crypto API says.
const MAX_BYTES: usize = 65_536;

/// The generator of the run, seeded at its start ([`seed`]), or at its first draw.
#[derive(Default)]
struct Generator(RefCell<Option<Pcg64Mcg>>);

impl Generator {
    fn with<T>(&self, draw: impl FnOnce(&mut Pcg64Mcg) -> T) -> T {
        let mut generator = self.0.borrow_mut();
        draw(generator.get_or_insert_with(|| Pcg64Mcg::seed_from_u64(system_seed())))
    }
}

/// A seed from the operating system; a fixed one only where it has none to give.
fn system_seed() -> u64 {
    getrandom::u64().unwrap_or(0x9E37_79B9_7F4A_7C15)
}

/// Puts ordo's `Math.random` over Boa's and `crypto` on the global object, before any script.
pub(crate) fn install(context: &mut Context) -> JsResult<()> {
    context.insert_data(Rc::new(Generator::default()));
    let math = context.intrinsics().objects().math();
    let random = native::function(context, js_string!("random"), 0, math_random);
    native::define_method(&math, js_string!("random"), random, context)?;
    let get_random_values =
        native::function(context, js_string!("getRandomValues"), 1, get_random_values);
    let random_uuid = native::function(context, js_string!("randomUUID"), 0, random_uuid);
    let crypto = ObjectInitializer::new(context).build();
    native::define_method(&crypto, js_string!("getRandomValues"), get_random_values, context)?;
    native::define_method(&crypto, js_string!("randomUUID"), random_uuid, context)?;
    context.register_global_property(
        js_string!("crypto"),
        crypto,
        Attribute::WRITABLE | Attribute::CONFIGURABLE,
    )
}

/// Seeds the run's generator: with `seed`, or from the operating system.
pub(crate) fn seed(context: &mut Context, seed: Option<u64>) {
    if let Some(generator) = context.get_data::<Rc<Generator>>() {
        *generator.0.borrow_mut() = Some(Pcg64Mcg::seed_from_u64(seed.unwrap_or_else(system_seed)));
    }
}

fn generator(context: &Context) -> JsResult<Rc<Generator>> {
    context.get_data::<Rc<Generator>>().cloned().ok_or_else(|| {
        JsNativeError::typ().with_message("the random number generator is missing").into()
    })
}

/// `Math.random()`: 53 random bits, in [0, 1).
fn math_random(_: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let bits = generator(context)?.with(|generator| generator.next_u64() >> 11);
    #[allow(clippy::cast_precision_loss)] // 53 bits: exact in an f64
    Ok(JsValue::from(bits as f64 / (1_u64 << 53) as f64))
}

/// `crypto.getRandomValues(array)`: fills an integer typed array and returns it.
fn get_random_values(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let array = arg(args, 0);
    let mismatch = "The data argument must be an integer-type TypedArray";
    let Some(typed) = array
        .as_object()
        .and_then(|object| JsTypedArray::from_object(object.clone()).ok())
        .filter(|typed| typed.kind().is_some_and(holds_integers))
    else {
        return Err(dom_error("TypeMismatchError", mismatch, context));
    };
    let length = typed.byte_length(context)?;
    if length > MAX_BYTES {
        // Node's words.
        let message = "The requested length exceeds 65,536 bytes";
        return Err(dom_error("QuotaExceededError", message, context));
    }
    let offset = typed.byte_offset(context)?;
    let buffer = typed.buffer(context)?;
    // A SharedArrayBuffer's view: no script of a run can share memory with another.
    let Some(buffer) =
        buffer.as_object().and_then(|object| JsArrayBuffer::from_object(object.clone()).ok())
    else {
        return Err(dom_error("TypeMismatchError", mismatch, context));
    };
    let generator = generator(context)?;
    let Some(mut data) = buffer.data_mut() else {
        return Err(JsNativeError::typ().with_message("the array's buffer is detached").into());
    };
    let target = data.get_mut(offset..offset + length).ok_or_else(|| {
        JsError::from(JsNativeError::range().with_message("the array lies outside its buffer"))
    })?;
    generator.with(|generator| generator.fill_bytes(target));
    Ok(array)
}

/// Whether a typed array of `kind` holds integers.
fn holds_integers(kind: TypedArrayKind) -> bool {
    matches!(
        kind,
        TypedArrayKind::Int8
            | TypedArrayKind::Uint8
            | TypedArrayKind::Uint8Clamped
            | TypedArrayKind::Int16
            | TypedArrayKind::Uint16
            | TypedArrayKind::Int32
            | TypedArrayKind::Uint32
            | TypedArrayKind::BigInt64
            | TypedArrayKind::BigUint64
    )
}

/// `crypto.randomUUID()`: a version 4 UUID, lowercase, as RFC 9562 writes it.
fn random_uuid(_: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let mut bytes = [0_u8; 16];
    generator(context)?.with(|generator| generator.fill_bytes(&mut bytes));
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    let hex: String = bytes.iter().map(|byte| format!("{byte:02x}")).collect();
    let uuid =
        format!("{}-{}-{}-{}-{}", &hex[..8], &hex[8..12], &hex[12..16], &hex[16..20], &hex[20..]);
    Ok(JsValue::from(js_string!(uuid.as_str())))
}

/// A `DOMException` as scripts meet it: an `Error` whose `name` says which
/// (`TypeMismatchError: The data argument must be …`, as Node prints it).
fn dom_error(name: &str, message: &str, context: &mut Context) -> JsError {
    let error = JsNativeError::error().with_message(message.to_owned()).into_opaque(context);
    let named = PropertyDescriptor::builder()
        .value(js_string!(name))
        .writable(true)
        .enumerable(false)
        .configurable(true);
    if let Err(error) = error.define_property_or_throw(js_string!("name"), named, context) {
        return error;
    }
    JsError::from_opaque(error.into())
}
