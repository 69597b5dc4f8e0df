//! Promises rejected with nothing to handle them (R-RT-4). Node ends a script at such a
//! rejection (`tools.notify(...)` not awaited, whose call fails; a `.then` chain without a
//! `.catch`), with the error and exit status 1. Without this, the error was lost and the run ended
//! as a success with whatever the script returned, which a model reads as "it worked".
//!
//! The engine reports every promise that is rejected while nothing handles it, and every such
//! promise that gets its first handler later (HostPromiseRejectionTracker). What is still unhandled
//! when the script's own promise fulfils ends the run as a `runtime` error, with the first such
//! rejection's error and where it was thrown. The check is made once, at the end: Node's is made
//! after every turn of the event loop, so a script Node ends early is ended here too, only later,
//! and one that handles a rejection a few turns late (Node's crash, a timing accident) is not.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;

use boa_engine::builtins::promise::{OperationType, Promise, PromiseState};
use boa_engine::object::builtins::JsPromise;
use boa_engine::{JsObject, JsValue};

/// The promises rejected and not (yet) handled, in the order they were rejected.
#[derive(Default)]
pub(crate) struct Rejections {
    /// Each promise with its place in the order: a map, not a list, so that a script that
    /// rejects many promises and handles each a moment later costs a lookup per promise.
    unhandled: RefCell<HashMap<JsObject<Promise>, u64>>,
    next: Cell<u64>,
}

impl Rejections {
    /// What the engine's rejection tracker reports.
    pub(crate) fn track(&self, promise: &JsObject<Promise>, operation: OperationType) {
        let mut unhandled = self.unhandled.borrow_mut();
        match operation {
            OperationType::Reject => {
                let order = self.next.get();
                self.next.set(order + 1);
                unhandled.insert(promise.clone(), order);
            }
            OperationType::Handle => {
                unhandled.remove(promise);
            }
        }
    }

    /// The reason of the first promise rejected and still unhandled, other than `script` (the
    /// script's own promise, whose rejection is the run's error already).
    pub(crate) fn first_unhandled(&self, script: &JsPromise) -> Option<JsValue> {
        let script = JsObject::from(script.clone());
        let unhandled = self.unhandled.borrow();
        let (first, _) = unhandled
            .iter()
            .filter(|&(promise, _)| promise.clone().upcast() != script)
            .min_by_key(|(_, order)| **order)?;
        match JsPromise::from_object(first.clone().upcast()).ok()?.state() {
            PromiseState::Rejected(reason) => Some(reason),
            PromiseState::Pending | PromiseState::Fulfilled(_) => None,
        }
    }
}
