//! Guards: synchronous vetoes that no hook can skip (R-PIPE-4).
//!
//! The `pre_execute` waterfall can be short-circuited: a hook that returns `allow` without
//! calling `next` skips every hook after it. That suits cooperative policies, not security
//! boundaries. Guards run after the waterfall, always: the pipeline's global guards first, then
//! each scope's, from the outermost scope to the innermost. Any reason denies; nothing can
//! allow what a guard denied, so adding a guard can only make a deployment safer. A panicking
//! guard denies (fail closed).
//!
//! Guards are synchronous on purpose: they run in the ordered part of prepare, and an await there
//! would open a window in which what they checked could change.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;

use crate::execution::Execution;

/// A guard: a check whose `Some(reason)` denies the call. Cheap to clone. Any function of the
/// right shape converts into one.
#[derive(Clone)]
pub struct Guard {
    check: Arc<Check>,
    /// The error name its denials carry (`ToolDeniedError` when none).
    name: Option<Arc<str>>,
}

/// What a guard runs.
type Check = dyn Fn(&Execution) -> Option<String> + Send + Sync;

impl<F> From<F> for Guard
where
    F: Fn(&Execution) -> Option<String> + Send + Sync + 'static,
{
    fn from(check: F) -> Self {
        Self { check: Arc::new(check), name: None }
    }
}

impl Guard {
    /// The guard, its denials named `name`: what the tools it guards declare they throw for the
    /// same refusal (`OutsideRoots`), so a caller that branches on the name meets it whichever
    /// of the guard and the tool refused first. The code stays `DENIED`.
    #[must_use]
    pub fn named(mut self, name: impl Into<Arc<str>>) -> Self {
        self.name = Some(name.into());
        self
    }
}

/// A guard's refusal: its reason, and the name the guard gives its denials.
#[derive(Debug)]
pub(crate) struct Denial {
    pub(crate) name: Option<Arc<str>>,
    pub(crate) reason: String,
}

impl std::fmt::Debug for Guard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Guard")
    }
}

/// Makes a guard from a function.
pub fn guard(check: impl Fn(&Execution) -> Option<String> + Send + Sync + 'static) -> Guard {
    Guard::from(check)
}

/// A named layer of guards, such as an agent or a code-mode run.
#[derive(Clone)]
pub struct Scope {
    name: Arc<str>,
    guards: Arc<[Guard]>,
}

impl Scope {
    /// A scope with its guards, which run in the order given.
    pub fn new(name: impl Into<Arc<str>>, guards: impl IntoIterator<Item = Guard>) -> Self {
        Self { name: name.into(), guards: guards.into_iter().collect() }
    }

    /// The scope's name, used in denial messages.
    pub fn name(&self) -> &str {
        &self.name
    }
}

impl std::fmt::Debug for Scope {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Scope")
            .field("name", &self.name)
            .field("guards", &self.guards.len())
            .finish()
    }
}

/// The scopes a call runs in, outermost first. Cheap to clone.
#[derive(Clone, Debug, Default)]
pub struct ScopeChain(Arc<[Scope]>);

impl ScopeChain {
    /// A chain from the outermost scope to the innermost.
    pub fn new(scopes: impl IntoIterator<Item = Scope>) -> Self {
        Self(scopes.into_iter().collect())
    }

    /// The chain with one more, innermost, scope.
    pub fn within(&self, scope: Scope) -> Self {
        Self(self.0.iter().cloned().chain([scope]).collect())
    }

    /// The scopes, outermost first.
    pub fn scopes(&self) -> &[Scope] {
        &self.0
    }
}

/// Runs the global guards, then each scope's from outermost to innermost, and returns the first
/// reason to deny.
pub(crate) fn first_denial(global: &[Guard], execution: &Execution) -> Option<Denial> {
    let scoped = execution.scopes().scopes().iter().flat_map(|scope| scope.guards.iter());
    global.iter().chain(scoped).find_map(|guard| {
        let reason = run_guard(guard, execution)?;
        Some(Denial { name: guard.name.clone(), reason })
    })
}

fn run_guard(guard: &Guard, execution: &Execution) -> Option<String> {
    catch_unwind(AssertUnwindSafe(|| (guard.check)(execution))).unwrap_or_else(|_| {
        tracing::warn!(tool = execution.name(), "a guard panicked; the call is denied");
        Some(format!("tool {:?} was denied: a guard failed", execution.name()))
    })
}
