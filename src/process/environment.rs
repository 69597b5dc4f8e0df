//! What a started process sees of the environment (R-CLI-10): nothing of ordo's own (its
//! secrets, its tokens) but a few variables every program expects, the ones its declaration
//! passes through (a manifest's `env_pass`), and the ones it sets (`env`).

use std::ffi::OsString;

use tokio::process::Command;

/// Passed to every command: what programs need to run at all, and nothing secret.
pub const ALWAYS_PASSED: &[&str] = &["PATH", "HOME", "LANG", "LC_ALL", "LC_CTYPE", "TZ", "TMPDIR"];

/// A command's environment, as its manifest declares it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Environment {
    /// Variables set to these values (`env = { NAME = "value" }`).
    set: Vec<(String, String)>,
    /// Variables passed through from ordo's environment, when set there (`env_pass`).
    passed: Vec<String>,
}

impl Environment {
    /// The variables `set`, in order, and those `passed` through besides [`ALWAYS_PASSED`].
    pub fn new(set: Vec<(String, String)>, passed: Vec<String>) -> Self {
        Self { set, passed }
    }

    /// The variables set, in the order written.
    pub fn set(&self) -> &[(String, String)] {
        &self.set
    }

    /// The variables passed through besides [`ALWAYS_PASSED`].
    pub fn passed(&self) -> &[String] {
        &self.passed
    }

    /// Clears `command`'s environment and gives it only what this one declares.
    pub fn apply(&self, command: &mut Command) {
        command.env_clear();
        let passed = ALWAYS_PASSED.iter().copied().chain(self.passed.iter().map(String::as_str));
        for name in passed {
            if let Some(value) = std::env::var_os(name) {
                command.env(name, value);
            }
        }
        for (name, value) in &self.set {
            command.env(name, OsString::from(value));
        }
    }
}
