//! Blocking host functions (`HostFunctions::insert_blocking`): globals the script calls without
//! `await`. The call sends its arguments and waits for the answer where it stands; answers to
//! the script's other calls that arrive meanwhile are kept for the run loop, in order.

use boa_engine::{Context, JsNativeError, JsResult, JsString, JsValue};
use serde_json::Value;

use super::faithful;
use super::globals::{HostState, host_error_object};

/// The native function of a blocking host function `name`.
pub(super) fn call(
    _this: &JsValue,
    args: &[JsValue],
    name: &JsString,
    context: &mut Context,
) -> JsResult<JsValue> {
    let name = name.to_std_string_escaped();
    let originals = context.get_data::<HostState>().map(|state| state.originals().clone());
    let Some(originals) = originals else {
        return Err(JsNativeError::error().with_message("host functions are not available").into());
    };
    // `undefined` is carried as `null`, but trailing ones as nothing: `store(key, undefined)`
    // reaches the host as `store(key)`.
    let mut sent = Vec::with_capacity(args.len());
    for (index, argument) in args.iter().enumerate() {
        let root = format!("arguments[{index}]");
        let text = faithful::storable(argument, &root, &originals, context)
            .map_err(|message| JsNativeError::typ().with_message(format!("{name}: {message}")))?;
        let value = match text {
            Some(text) => Some(serde_json::from_str(&text).map_err(|error| {
                JsNativeError::typ().with_message(format!("{name}: {root}: {error}"))
            })?),
            None => None,
        };
        sent.push(value);
    }
    while sent.last().is_some_and(Option::is_none) {
        sent.pop();
    }
    let sent: Vec<Value> = sent.into_iter().map(Option::unwrap_or_default).collect();
    let answer = HostState::call_and_wait(context, &name, Value::Array(sent))
        .map_err(|reason| JsNativeError::error().with_message(reason))?;
    match answer {
        Ok(Value::Object(mut answer)) => match answer.remove("value") {
            Some(value) => JsValue::from_json(&value, context),
            None => Ok(JsValue::undefined()),
        },
        Ok(other) => Err(JsNativeError::typ()
            .with_message(format!("{name}: the host answered {other}, not {{ value }}"))
            .into()),
        Err(error) => Err(boa_engine::JsError::from_opaque(host_error_object(&error, context))),
    }
}
