//! What a script's global environment holds beyond the ECMAScript built-ins (R-RT-2): `console`
//! and the host functions. And what it does not: `eval` is gone, and compiling strings into code
//! (`eval`, `Function`, and the async and generator function constructors) is refused by a host
//! hook, which no script can reach around.

use std::cell::{Cell, RefCell};
use std::collections::{HashMap, HashSet, VecDeque};
use std::rc::Rc;

use boa_engine::builtins::promise::{OperationType, Promise, ResolvingFunctions};
use boa_engine::context::HostHooks;
use boa_engine::object::builtins::JsPromise;
use boa_engine::property::Attribute;
use boa_engine::realm::Realm;
use boa_engine::vm::SourcePath;
use boa_engine::{
    Context, JsNativeError, JsObject, JsResult, JsString, JsValue, NativeFunction, js_string,
};

use super::clock::RunClock;
use super::convert;
use super::originals::Originals;
use super::rejections::Rejections;
use super::{Bridge, Incoming};
use crate::limits::LOG_ENTRY_OVERHEAD;
use crate::outcome::{LogEntry, LogLevel};
use crate::protocol::{HostError, RunRequest};

/// The host hooks of a script's context.
#[derive(Default)]
pub(crate) struct Hooks {
    max_buffer_size: Cell<u64>,
    rejections: Rejections,
}

impl Hooks {
    pub(crate) fn set_max_buffer_size(&self, bytes: u64) {
        self.max_buffer_size.set(bytes);
    }

    /// The promises rejected while nothing handled them.
    pub(crate) fn rejections(&self) -> &Rejections {
        &self.rejections
    }
}

impl HostHooks for Hooks {
    fn ensure_can_compile_strings(
        &self,
        _realm: Realm,
        _parameters: &[JsString],
        _body: &JsString,
        _direct: bool,
        _context: &mut Context,
    ) -> JsResult<()> {
        Err(JsNativeError::eval()
            .with_message("code cannot be compiled from strings in a script (no eval, no Function)")
            .into())
    }

    fn max_buffer_size(&self, _context: &mut Context) -> u64 {
        self.max_buffer_size.get()
    }

    /// A script's local time is UTC, whatever the machine's zone: a run gives the same text on
    /// every host (Boa's default asked the `time` crate, which cannot read the zone in a
    /// process with threads and then answered UTC anyway), and `Intl`'s default zone is UTC too.
    fn local_timezone_offset_seconds(&self, _unix_time_seconds: i64) -> i32 {
        0
    }

    fn promise_rejection_tracker(
        &self,
        promise: &JsObject<Promise>,
        operation: OperationType,
        _context: &mut Context,
    ) {
        self.rejections.track(promise, operation);
    }

    /// The engine's `not a callable function` reads as V8's `x.f is not a function` wherever
    /// the script sees it (a `catch`, an `await`, a promise's handler).
    fn engine_error(&self, error: &JsObject, context: &mut Context) {
        super::explain::reword(error, context);
    }
}

/// What the native functions of a run share, kept in the context's host-defined data.
pub(crate) struct HostState {
    bridge: RefCell<Box<dyn Bridge>>,
    /// The promises of host calls not answered yet. Holding them here, outside the garbage
    /// collector's heap, keeps them alive until they settle.
    pending: RefCell<HashMap<u64, ResolvingFunctions>>,
    next_id: Cell<u64>,
    originals: Originals,
    log_budget: Cell<usize>,
    log_closed: Cell<bool>,
    /// Set when the bridge failed: the host is gone and the run cannot go on.
    broken: RefCell<Option<String>>,
    /// Where in the script each pending call was made (wrapped-text line and column).
    call_places: RefCell<HashMap<u64, (u32, u32)>>,
    /// The errors host calls were rejected with, and where their calls were made: Boa gives an
    /// error made by the host no frame of the script's.
    error_places: RefCell<Vec<(JsObject, (u32, u32))>>,
    /// How many answers the script has read: what an `Idle` tells the host.
    answered: Cell<u64>,
    /// What arrived while a blocking call waited for its own answer, in order, for the run
    /// loop to take before it reads more.
    early: RefCell<VecDeque<Incoming>>,
}

impl HostState {
    /// The built-ins captured before any script ran.
    pub(crate) fn originals(&self) -> &Originals {
        &self.originals
    }

    /// Where the script made the host call that was rejected with `error`, if it was one.
    pub(crate) fn call_place_of(context: &Context, error: &JsObject) -> Option<(u32, u32)> {
        let state = context.get_data::<Self>()?;
        let places = state.error_places.borrow();
        places.iter().find(|(made, _)| JsObject::equals(made, error)).map(|(_, place)| *place)
    }

    /// Whether any host call waits for its answer.
    pub(crate) fn has_pending_calls(context: &Context) -> bool {
        context.get_data::<Self>().is_some_and(|state| !state.pending.borrow().is_empty())
    }

    /// Blocks for the next answer and settles its promise, saying `Idle` to each probe met
    /// meanwhile (nothing is left to run: this is called with the job queue empty). `Err` when
    /// the host is gone.
    pub(crate) fn answer_next(context: &mut Context) -> Result<(), String> {
        let clock = context.get_data::<Rc<RunClock>>().cloned();
        let state = context.get_data::<Self>().ok_or("the host state is missing")?;
        if let Some(reason) = state.broken.borrow().clone() {
            return Err(reason);
        }
        let failed = |error: std::io::Error| format!("the host connection failed: {error}");
        let (id, result) = loop {
            let early = state.early.borrow_mut().pop_front();
            let reply = match early {
                Some(early) => Some(early),
                None => state.bridge.borrow_mut().next_reply().map_err(failed)?,
            };
            match reply {
                None => return Err("the host went away".to_owned()),
                Some(Incoming::Answer(id, result)) => break (id, result),
                Some(Incoming::Probe) => {
                    let readings = clock.as_ref().and_then(|clock| clock.readings());
                    state
                        .bridge
                        .borrow_mut()
                        .idle(state.answered.get(), readings)
                        .map_err(failed)?;
                }
            }
        };
        state.answered.set(state.answered.get() + 1);
        let Some(resolvers) = state.pending.borrow_mut().remove(&id) else {
            return Err(format!("the host answered call {id}, which is not pending"));
        };
        let place = state.call_places.borrow_mut().remove(&id);
        let settled = match result {
            Ok(value) => JsValue::from_json(&value, context)
                .and_then(|value| resolvers.resolve.call(&JsValue::undefined(), &[value], context)),
            Err(error) => {
                let error = host_error_object(&error, context);
                if let (Some(place), Some(object), Some(state)) =
                    (place, error.as_object(), context.get_data::<Self>())
                {
                    state.error_places.borrow_mut().push((object.clone(), place));
                }
                resolvers.reject.call(&JsValue::undefined(), &[error], context)
            }
        };
        settled.map(drop).map_err(|error| format!("cannot settle host call {id}: {error}"))
    }

    /// Sends a host call under the next id. A call too large for a frame is not sent; a failed
    /// connection is kept as the reason the run cannot go on.
    fn send(
        &self,
        name: &str,
        args: serde_json::Value,
        options: Option<serde_json::Value>,
    ) -> Result<u64, NotSent> {
        let id = self.next_id.get();
        self.next_id.set(id + 1);
        match self.bridge.borrow_mut().call(id, name, args, options) {
            Ok(()) => Ok(id),
            Err(error) if error.kind() == std::io::ErrorKind::InvalidData => {
                Err(NotSent::TooLarge(format!(
                    "{name}: its arguments are too large to pass to the host ({error})"
                )))
            }
            Err(error) => {
                let reason = format!("the host connection failed: {error}");
                *self.broken.borrow_mut() = Some(reason.clone());
                Err(NotSent::Broken(reason))
            }
        }
    }

    /// Sends a host call that the script waits for, and blocks until its answer comes; what
    /// comes first is kept for the run loop. `Err` when the call cannot be sent or the host is
    /// gone (the run cannot go on); `Ok(Err(..))` when the call is refused before it is sent
    /// (too large for a frame).
    pub(crate) fn call_and_wait(
        context: &Context,
        name: &str,
        args: serde_json::Value,
    ) -> Result<Result<serde_json::Value, HostError>, String> {
        let state = context.get_data::<Self>().ok_or("the host state is missing")?;
        if let Some(reason) = state.broken.borrow().clone() {
            return Err(reason);
        }
        let id = match state.send(name, args, None) {
            Ok(id) => id,
            Err(NotSent::TooLarge(message)) => {
                return Ok(Err(HostError {
                    name: "RangeError".to_owned(),
                    ..HostError::new(message)
                }));
            }
            Err(NotSent::Broken(reason)) => return Err(reason),
        };
        let failed = |error: std::io::Error| format!("the host connection failed: {error}");
        loop {
            let reply = state.bridge.borrow_mut().next_reply().map_err(failed)?;
            match reply {
                None => return Err("the host went away".to_owned()),
                Some(Incoming::Answer(answered, result)) if answered == id => {
                    state.answered.set(state.answered.get() + 1);
                    return Ok(result);
                }
                Some(other) => state.early.borrow_mut().push_back(other),
            }
        }
    }
}

/// Why a host call was not sent.
enum NotSent {
    /// Too large for a frame: nothing was sent, and the call is refused.
    TooLarge(String),
    /// The connection to the host failed: the run cannot go on.
    Broken(String),
}

/// Removes `eval`, installs `console`, and captures the built-ins the engine itself relies on,
/// out of the script's reach. Done when the engine is built, before any run is asked for: none
/// of it depends on the run.
pub(crate) fn prepare(context: &mut Context) -> Result<Originals, String> {
    let originals = Originals::capture(context)
        .map_err(|error| format!("cannot capture the built-ins: {error}"))?;
    super::lazy::install(context, &originals)
        .map_err(|error| format!("cannot install the web built-ins and Intl: {error}"))?;
    super::strings::install(context)
        .map_err(|error| format!("cannot install the string built-ins: {error}"))?;
    super::regexp::install(context, &originals)
        .map_err(|error| format!("cannot install the regular expression built-ins: {error}"))?;
    super::json::install(context).map_err(|error| format!("cannot install JSON.parse: {error}"))?;
    super::stack::install(context, &originals)
        .map_err(|error| format!("cannot install Error.prototype.stack: {error}"))?;
    super::random::install(context)
        .map_err(|error| format!("cannot install Math.random and crypto: {error}"))?;
    let global = context.global_object();
    global
        .delete_property_or_throw(js_string!("eval"), context)
        .map_err(|error| format!("cannot remove eval: {error}"))?;
    let console =
        super::console::build(context).map_err(|error| format!("cannot build console: {error}"))?;
    context
        .register_global_property(
            js_string!("console"),
            console,
            Attribute::WRITABLE | Attribute::CONFIGURABLE,
        )
        .map_err(|error| format!("cannot install console: {error}"))?;
    Ok(originals)
}

/// Connects a prepared context to its host for one run: the host functions of the request.
pub(crate) fn install(
    context: &mut Context,
    bridge: Box<dyn Bridge>,
    request: &RunRequest,
    originals: Originals,
) -> Result<(), String> {
    context.insert_data(HostState {
        bridge: RefCell::new(bridge),
        pending: RefCell::default(),
        call_places: RefCell::default(),
        error_places: RefCell::default(),
        answered: Cell::new(0),
        early: RefCell::default(),
        next_id: Cell::new(1),
        originals,
        log_budget: Cell::new(request.limits.log_bytes),
        log_closed: Cell::new(false),
        broken: RefCell::default(),
    });
    // The functions the namespace places are its members, not globals.
    let placed: HashSet<&str> = request
        .namespace
        .iter()
        .flat_map(|namespace| &namespace.members)
        .map(|member| member.function.as_str())
        .collect();
    for name in request.host_functions.iter().filter(|name| !placed.contains(name.as_str())) {
        let blocking = request.blocking_functions.contains(name);
        let call = if blocking { super::blocking::call } else { host_call };
        let function =
            NativeFunction::from_copy_closure_with_captures(call, JsString::from(name.as_str()));
        context
            .register_global_builtin_callable(JsString::from(name.as_str()), 1, function)
            .map_err(|error| format!("cannot install host function {name:?}: {error}"))?;
    }
    if let Some(namespace) = &request.namespace {
        super::namespace::install(context, namespace)?;
    }
    for constant in &request.constants {
        super::namespace::install_constant(context, constant)?;
    }
    Ok(())
}

/// A host function: sends its argument to the host as plain JSON and returns a promise the run
/// loop settles with the answer.
pub(super) fn host_call(
    _this: &JsValue,
    args: &[JsValue],
    name: &JsString,
    context: &mut Context,
) -> JsResult<JsValue> {
    let argument = args.first().cloned().unwrap_or_default();
    let originals = context.get_data::<HostState>().map(|state| state.originals.clone());
    let Some(originals) = originals else {
        return Err(JsNativeError::error().with_message("host functions are not available").into());
    };
    // The options after the argument (`tools.x(args, { timeout })`), passed on when given.
    let options = args.get(1).filter(|options| !options.is_undefined());
    let converted = convert::plain_json(&argument, &originals, context).and_then(|json| {
        let options = options.map(|options| convert::plain_json(options, &originals, context));
        Ok((json, options.transpose()?))
    });
    let (json, options) = match converted {
        Ok(converted) => converted,
        Err(message) => {
            let error = JsNativeError::typ()
                .with_message(format!("{}: {message}", name.to_std_string_escaped()));
            return JsPromise::reject(error, context).map(Into::into);
        }
    };
    let (promise, resolvers) = JsPromise::new_pending(context);
    let Some(state) = context.get_data::<HostState>() else {
        return Err(JsNativeError::error().with_message("host functions are not available").into());
    };
    match state.send(&name.to_std_string_escaped(), json, options) {
        Ok(id) => {
            state.pending.borrow_mut().insert(id, resolvers);
            if let Some(place) = caller_place(context) {
                state.call_places.borrow_mut().insert(id, place);
            }
        }
        // The call is refused as any failing call is (catchable); the run goes on.
        Err(NotSent::TooLarge(message)) => {
            let error = JsNativeError::range().with_message(message).into_opaque(context);
            resolvers.reject.call(&JsValue::undefined(), &[error.into()], context)?;
        }
        // The run loop ends the run with the reason `send` kept.
        Err(NotSent::Broken(_)) => {}
    }
    Ok(promise.into())
}

/// Where the script is running now: its innermost frame in the script text (frames of the
/// prelude, which calls host functions for `tools`, are passed over), in wrapped-text lines.
fn caller_place(context: &Context) -> Option<(u32, u32)> {
    context.stack_trace().find_map(|frame| {
        let location = frame.position();
        match &location.path {
            SourcePath::Path(path) if path.as_ref() == std::path::Path::new("script") => {
                location.position.map(|at| (at.line_number(), at.column_number()))
            }
            _ => None,
        }
    })
}

/// The `Error` a host function rejects with.
pub(super) fn host_error_object(error: &HostError, context: &mut Context) -> JsValue {
    let object: JsObject =
        JsNativeError::error().with_message(error.message.clone()).into_opaque(context);
    let set = |key: &str, value: JsValue, context: &mut Context| {
        let _ = object.set(JsString::from(key), value, false, context);
    };
    set("name", JsString::from(error.name.as_str()).into(), context);
    for (key, value) in &error.data {
        let value = JsValue::from_json(value, context).unwrap_or_default();
        set(key, value, context);
    }
    object.into()
}

/// The bytes of console output the run may still send; `None` once the budget is spent and
/// output is dropped (or there is no host to send it to), when a console method need not even
/// format its line.
pub(crate) fn log_room(context: &Context) -> Option<usize> {
    let state = context.get_data::<HostState>()?;
    (!state.log_closed.get()).then(|| state.log_budget.get())
}

/// Sends a console line within the log budget; past it, one last line says output was dropped
/// and the rest is.
pub(crate) fn send_line(level: LogLevel, mut text: String, context: &Context) -> JsResult<JsValue> {
    let Some(state) = context.get_data::<HostState>() else {
        return Ok(JsValue::undefined());
    };
    if state.log_closed.get() {
        return Ok(JsValue::undefined());
    }
    let budget = state.log_budget.get();
    let cost = text.len() + LOG_ENTRY_OVERHEAD;
    let entry = if cost <= budget {
        state.log_budget.set(budget - cost);
        LogEntry { level, text }
    } else {
        state.log_closed.set(true);
        let cut = floor_char_boundary(&text, budget.saturating_sub(LOG_ENTRY_OVERHEAD));
        text.truncate(cut);
        text.push_str("… [log limit reached: further console output was dropped]");
        LogEntry { level, text }
    };
    if let Err(error) = state.bridge.borrow_mut().log(entry) {
        *state.broken.borrow_mut() = Some(format!("the host connection failed: {error}"));
    }
    Ok(JsValue::undefined())
}

fn floor_char_boundary(text: &str, index: usize) -> usize {
    (0..=index.min(text.len())).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0)
}
