//! What a script is given besides the ECMAScript built-ins, `console` and bare host functions:
//! a namespace object whose members call host functions, and read-only constants.
//!
//! Both are built by the engine in Rust before the script runs, from the pristine built-ins:
//! nothing is parsed or compiled for them, so they cost a run microseconds where a prelude
//! that built the same objects in JavaScript cost it a millisecond and more (Boa parses about
//! a kilobyte of source per third of a millisecond).
//!
//! ```
//! use ordo_runtime::globals::{Constant, Namespace};
//! use ordo_runtime::Script;
//! use serde_json::json;
//!
//! let tools = Namespace::new("tools", "tool")
//!     .member(["read_file"], "read_file")
//!     .member(["github", "search"], "github__search")
//!     .hidden_member(["$search"], "$search");
//! let script = Script::javascript("return await tools.read_file({ path: args[0] })")
//!     .with_namespace(tools)
//!     .with_constant(Constant::frozen("args", json!(["notes.txt"])));
//! ```

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A frozen object under a global name whose members call host functions:
/// `tools.read_file(args)`, `tools.github.search(args)`. A member is called with one argument
/// (`{}` when it is given none) and returns the host function's promise.
///
/// Every object of the namespace (the root and each nested object) is frozen, has no prototype,
/// and is strict: reading a member it does not have throws a `TypeError` that names the
/// closest member ("did you mean …?") and lists what it has, instead of giving `undefined` and
/// a bare "not a function" one step later. Symbols, `then` and `toJSON` read through, so the
/// object can be awaited, inspected and serialized like any other.
///
/// The host functions a namespace places are not globals.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Namespace {
    /// The global it is installed as (non-writable, non-configurable, not enumerable).
    pub global: String,
    /// What a member is called in a strict object's message: `tools.x is not a tool`.
    pub noun: String,
    /// Said after the listing when it is cut (past 30 names): how to find the rest.
    pub more_hint: Option<String>,
    /// The members, in the order they are listed.
    pub members: Vec<Member>,
}

/// One member of a [`Namespace`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Member {
    /// Where it is reached from the namespace: `["read_file"]`, or a nested object's name
    /// first (`["github", "search"]`); nested objects are made as the paths need them.
    pub path: Vec<String>,
    /// The host function it calls.
    pub function: String,
    /// Whether `Object.keys` lists it (helpers such as `tools.$search` are not listed).
    pub listed: bool,
}

impl Namespace {
    /// An empty namespace installed as the global `global`, whose members are called `noun`s.
    pub fn new(global: impl Into<String>, noun: impl Into<String>) -> Self {
        Self { global: global.into(), noun: noun.into(), more_hint: None, members: Vec::new() }
    }

    /// Adds a listed member at `path` that calls the host function `function`.
    pub fn member<S: Into<String>>(
        self,
        path: impl IntoIterator<Item = S>,
        function: impl Into<String>,
    ) -> Self {
        self.with(path, function, true)
    }

    /// Adds a member that `Object.keys` does not list.
    pub fn hidden_member<S: Into<String>>(
        self,
        path: impl IntoIterator<Item = S>,
        function: impl Into<String>,
    ) -> Self {
        self.with(path, function, false)
    }

    /// Sets what a strict object says after a listing cut short.
    pub fn with_more_hint(mut self, hint: impl Into<String>) -> Self {
        self.more_hint = Some(hint.into());
        self
    }

    fn with<S: Into<String>>(
        mut self,
        path: impl IntoIterator<Item = S>,
        function: impl Into<String>,
        listed: bool,
    ) -> Self {
        let path = path.into_iter().map(Into::into).collect();
        self.members.push(Member { path, function: function.into(), listed });
        self
    }
}

/// A read-only global that holds a JSON value, or `undefined`: non-writable and
/// non-configurable, so a script can neither reassign nor delete it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Constant {
    /// The global's name.
    pub name: String,
    /// Its value, made from JSON as `JSON.parse` would (a key `__proto__` stays a key);
    /// `None` is `undefined`.
    pub value: Option<Value>,
    /// Whether the value, if an object or array, is frozen too (its own properties only).
    pub frozen: bool,
}

impl Constant {
    /// A constant whose value the script may still change inside (an object's properties).
    pub fn new(name: impl Into<String>, value: Value) -> Self {
        Self { name: name.into(), value: Some(value), frozen: false }
    }

    /// A constant whose value is frozen as well.
    pub fn frozen(name: impl Into<String>, value: Value) -> Self {
        Self { frozen: true, ..Self::new(name, value) }
    }

    /// A constant that is `undefined`.
    pub fn undefined(name: impl Into<String>) -> Self {
        Self { name: name.into(), value: None, frozen: false }
    }
}
