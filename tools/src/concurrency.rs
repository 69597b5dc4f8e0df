//! What a tool says of running its calls beside others (R-DEF-4): the classifier decides, call
//! by call; the statement here says what it decides and why, for the reader of code mode's
//! declarations (a model writing `Promise.all`) and of `ordo tools` (a person).

use std::fmt;

/// How a tool's calls are scheduled, as its definition declares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Concurrency {
    /// Every call may run beside other calls: calls made together overlap.
    Concurrent,
    /// Every call runs alone: it waits for the calls running before it and holds back those
    /// made after it, so `Promise.all` over such calls runs them one at a time.
    Alone,
    /// The arguments decide, call by call (a classifier).
    ByArguments,
}

impl Concurrency {
    /// The word for the mode: `concurrent`, `alone` or `by-arguments`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Concurrent => "concurrent",
            Self::Alone => "alone",
            Self::ByArguments => "by-arguments",
        }
    }

    /// What the mode means for a script's `Promise.all`, in one sentence with `reason` in it.
    pub fn sentence(self, reason: &str) -> String {
        match self {
            Self::Concurrent => {
                format!("Concurrent (calls under `Promise.all` overlap): {reason}.")
            }
            Self::Alone => format!("Runs alone (calls under `Promise.all` take turns): {reason}."),
            Self::ByArguments => format!("Concurrent or alone, by its arguments: {reason}."),
        }
    }
}

impl fmt::Display for Concurrency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The reason given for a tool that declares nothing.
pub const UNDECLARED: &str = "not declared safe to run beside other calls";
