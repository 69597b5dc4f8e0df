//! `store(key, value)` and `load(key)`: blocking host functions over a [`ValueStore`], in the
//! scope of their run ([`RunScope`]). In a pausable run each call is journaled like a tool
//! call, and a resumed run is answered from the journal up to its pause: it reads what the
//! run that paused read, and does not store again what that run stored.

use std::sync::{Arc, Mutex, PoisonError};

use ordo_runtime::{HostCall, HostError, HostFunctions};
use ordo_tools::presentation::truncate;
use serde_json::{Map, Value};

use super::{
    KeepError, Keeping, LOAD, MAX_KEY_BYTES, STORE, Scoping, handle_scope, is_handle, named_scope,
    new_handle,
};
use crate::nested::RunPause;
use crate::pause::{Route, SettledCall, text_hash};

/// Where one run keeps its values: named by its call's `state`, its client session or its
/// configuration, or minted at its first `store`.
#[derive(Clone, Debug)]
pub(crate) struct RunScope(Arc<Mutex<Scope>>);

#[derive(Debug)]
enum Scope {
    /// Keeps here; `handle` is what the run's result gives back, if a handle named it.
    At { scope: String, handle: Option<String> },
    /// Nothing kept yet: the first `store` mints a handle.
    Unnamed,
    /// Nothing is kept, for this reason.
    Off(String),
}

impl RunScope {
    /// The scope of the `run_code` call `call_id`, whose `state` argument is `state`: an
    /// error (for the model) when `state` is not a handle ordo gave.
    pub(crate) fn of(
        keeping: &Keeping,
        state: Option<&Value>,
        call_id: &str,
    ) -> Result<Self, String> {
        let scope = match state {
            Some(Value::String(handle)) if is_handle(handle) => {
                Scope::At { scope: handle_scope(handle), handle: Some(handle.clone()) }
            }
            Some(other) => {
                return Err(format!(
                    "state must be the handle a run_code result gave (\"st_\" and 32 hex digits), \
                     not {}",
                    shown(other)
                ));
            }
            None => match (keeping.session_of(call_id), &keeping.scoping) {
                (Some(session), _) => Scope::At { scope: session, handle: None },
                (None, Scoping::Named(name)) => {
                    Scope::At { scope: named_scope(name), handle: None }
                }
                (None, Scoping::Handles) => Scope::Unnamed,
                (None, Scoping::Off(why)) => Scope::Off(why.clone()),
            },
        };
        Ok(Self(Arc::new(Mutex::new(scope))))
    }

    /// The handle the run's result gives back: the one its call named, or the one its first
    /// `store` minted.
    pub(crate) fn handle(&self) -> Option<String> {
        match &*self.lock() {
            Scope::At { handle, .. } => handle.clone(),
            _ => None,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Scope> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Where to read: `None` when nothing was kept under this run's scope yet.
    fn reading(&self) -> Option<String> {
        match &*self.lock() {
            Scope::At { scope, .. } => Some(scope.clone()),
            _ => None,
        }
    }

    /// Where to write, minting a handle for an unnamed run.
    fn writing(&self) -> Result<String, HostError> {
        let mut scope = self.lock();
        match &*scope {
            Scope::At { scope, .. } => Ok(scope.clone()),
            Scope::Off(why) => Err(error("Error", format!("store: nothing is kept here: {why}"))),
            Scope::Unnamed => {
                let handle = new_handle().map_err(|failed| error("Error", failed.to_string()))?;
                let named = handle_scope(&handle);
                *scope = Scope::At { scope: named.clone(), handle: Some(handle) };
                Ok(named)
            }
        }
    }
}

/// Adds `store` and `load` to `host`, keeping in `scope`; journaled when `pause` is given.
pub(crate) fn host_functions(
    host: &mut HostFunctions,
    keeping: &Keeping,
    scope: &RunScope,
    pause: Option<&RunPause>,
) {
    for name in [STORE, LOAD] {
        let (keeping, scope, pause) = (keeping.clone(), scope.clone(), pause.cloned());
        host.insert_blocking(name, move |call: HostCall| {
            let (keeping, scope, pause) = (keeping.clone(), scope.clone(), pause.clone());
            async move {
                let (number, journaled) = (call.id, format!("${name}"));
                let hash = pause.as_ref().map(|_| text_hash(&call.args.to_string()));
                let replay = pause.as_ref().and_then(|pause| pause.replay.as_ref());
                let route = match (replay, &hash) {
                    (Some(replay), Some(hash)) => replay.route(number, &journaled, hash),
                    _ => Route::Live,
                };
                let outcome = match (route, replay) {
                    (Route::Journal, Some(replay)) => replay
                        .answer(number, &call.parking)
                        .await
                        .unwrap_or_else(|| Err(HostError::new("the run is over"))),
                    (Route::Diverged, _) => return Err(HostError::new("the run is over")),
                    _ => {
                        let args = call.args;
                        let done = tokio::task::spawn_blocking(move || {
                            act(name, &keeping, &scope, &args).map(wrap)
                        });
                        done.await.unwrap_or_else(|_| Err(error("Error", "the state store failed")))
                    }
                };
                if let (Some(pause), Some(hash)) = (&pause, hash) {
                    let settled = SettledCall {
                        call: number,
                        tool: journaled,
                        arguments: hash,
                        outcome: outcome.clone(),
                    };
                    pause.recorder.settled(settled);
                }
                outcome.map(unwrap)
            }
        });
    }
}

/// An answer as the journal keeps it: `{ "value": … }`, or `{}` for `undefined`.
fn wrap(value: Option<Value>) -> Value {
    let mut wrapped = Map::new();
    if let Some(value) = value {
        wrapped.insert("value".to_owned(), value);
    }
    Value::Object(wrapped)
}

fn unwrap(wrapped: Value) -> Option<Value> {
    match wrapped {
        Value::Object(mut wrapped) => wrapped.remove("value"),
        _ => None,
    }
}

/// One call of `store(key, value?)` or `load(key)`, its arguments as the runtime sent them.
fn act(
    name: &str,
    keeping: &Keeping,
    scope: &RunScope,
    args: &Value,
) -> Result<Option<Value>, HostError> {
    let args = args.as_array().map(Vec::as_slice).unwrap_or_default();
    let key = match args.first() {
        Some(Value::String(key)) if !key.is_empty() && key.len() <= MAX_KEY_BYTES => key,
        Some(Value::String(key)) if key.is_empty() => {
            return Err(error("TypeError", format!("{name}: the key is empty")));
        }
        Some(Value::String(key)) => {
            let message = format!("{name}: the key is {} bytes, past {MAX_KEY_BYTES}", key.len());
            return Err(error("RangeError", message));
        }
        other => {
            let given = other.map_or("nothing".to_owned(), shown);
            return Err(error(
                "TypeError",
                format!("{name}: the key must be a string, not {given}"),
            ));
        }
    };
    let failed =
        |failed: crate::pause::StoreError| error("Error", format!("{name}({key:?}): {failed}"));
    if name == STORE {
        let text = args.get(1).map(Value::to_string);
        if text.is_none() && scope.reading().is_none() {
            return Ok(None); // nothing to forget
        }
        let at = scope.writing()?;
        return match keeping.store.store(&at, key, text.as_deref(), keeping.limits) {
            Ok(()) => Ok(None),
            Err(refused @ KeepError::OverQuota { .. }) => {
                Err(error("RangeError", format!("store({key:?}): {refused}")))
            }
            Err(KeepError::Store(store)) => Err(failed(store)),
        };
    }
    if let Scope::Off(why) = &*scope.lock() {
        return Err(error("Error", format!("load: nothing is kept here: {why}")));
    }
    let Some(at) = scope.reading() else { return Ok(None) };
    let text = keeping.store.load(&at, key, keeping.limits.idle).map_err(failed)?;
    text.map(|text| serde_json::from_str(&text)).transpose().map_err(|damaged| {
        error("Error", format!("load({key:?}): the kept value is damaged: {damaged}"))
    })
}

fn error(name: &str, message: impl Into<String>) -> HostError {
    HostError { name: name.to_owned(), message: message.into(), data: Map::new() }
}

/// A value as a message quotes it: its JSON, cut past 60 characters.
fn shown(value: &Value) -> String {
    truncate(&value.to_string(), 61)
}
