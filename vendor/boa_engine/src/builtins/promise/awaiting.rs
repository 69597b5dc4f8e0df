//! ordo's patch: an `await`'s suspended function as a promise reaction's handler.
//!
//! The specification's `Await` makes two built-in functions, one resuming the function with
//! the settled value and one throwing the reason into it, and hands them to
//! `PerformPromiseThen`. No script can reach them: they sit in the promise's reaction lists
//! until a reaction job calls one. Each `await` paid for two function objects and their
//! captures record; the reactions now hold the suspended function itself
//! ([`Promise::perform_await_then`](super::Promise::perform_await_then)) and the reaction job
//! resumes it as those functions would have, in the realm they would have had.

use crate::{
    Context, JsExpect, JsResult, JsValue,
    builtins::{async_generator::AsyncGenerator, generator::GeneratorContext},
    realm::Realm,
    vm::GeneratorResumeKind,
};
use boa_gc::{Finalize, Gc, Trace};
use std::cell::Cell;

/// A function suspended at an `await`, shared by the promise's fulfill and reject reactions:
/// whichever runs takes it.
#[derive(Clone, Trace, Finalize)]
pub(crate) struct Awaiting {
    suspended: Gc<Cell<Option<GeneratorContext>>>,
    /// The realm the specification's two functions would have been made in: the job's.
    realm: Realm,
}

impl std::fmt::Debug for Awaiting {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Awaiting").finish_non_exhaustive()
    }
}

impl Awaiting {
    /// The function suspended now, at an `await` in the running frame.
    pub(crate) fn new(suspended: GeneratorContext, realm: Realm) -> Self {
        Self {
            suspended: Gc::new(Cell::new(Some(suspended))),
            realm,
        }
    }

    /// The realm of the reaction job that resumes it.
    pub(crate) const fn realm(&self) -> &Realm {
        &self.realm
    }

    /// Resumes the suspended function with the promise's value (`Normal`) or reason (`Throw`):
    /// what the built-in functions of `Await` (steps 3 and 5) do when called.
    pub(crate) fn resume(
        &self,
        value: JsValue,
        resume_kind: GeneratorResumeKind,
        context: &mut Context,
    ) -> JsResult<JsValue> {
        let mut suspended = self.suspended.take().js_expect("should only run once")?;
        // The async generator's object is read before resuming, which can clear the stack it
        // is read from.
        let async_generator = suspended.async_generator_object()?;
        suspended.resume(Some(value), resume_kind, context);
        if let Some(async_generator) = async_generator {
            async_generator
                .downcast_mut::<AsyncGenerator>()
                .js_expect("must be async generator")?
                .context = Some(suspended);
        }
        Ok(JsValue::undefined())
    }
}
