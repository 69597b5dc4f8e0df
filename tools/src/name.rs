//! A tool's name: a member of an optional namespace (a mounted MCP server), flattened to one
//! string only where a provider, a log or a client reads it.
//!
//! Scripts call `tools.<namespace>.<member>`; providers, the session log and MCP clients read
//! `<namespace>__<member>`. `__` is the separator and nothing else: no part may contain it, so
//! a flat name parses back to exactly one [`ToolName`], and no tool of its own (`a__b`) can pass
//! for a namespace's member.

use std::fmt;
use std::sync::Arc;

/// What joins a namespace to its member in the flat name.
pub const SEPARATOR: &str = "__";

/// A tool's name (see the module's documentation). Cheap to clone.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct ToolName {
    /// The flat name, `member` or `namespace__member`.
    flat: Arc<str>,
    /// Where the member starts in `flat` (0 without a namespace).
    member_at: usize,
}

impl ToolName {
    /// A tool of its own, named `name`. The registry refuses it if `name` contains `__`.
    pub fn new(name: impl Into<String>) -> Self {
        Self { flat: Arc::from(name.into()), member_at: 0 }
    }

    /// The tool `member` of `namespace` (a mounted server's): `tools.namespace.member` in
    /// scripts, `namespace__member` on the wire. The registry refuses it if either part is
    /// empty or contains `__`.
    pub fn namespaced(namespace: &str, member: &str) -> Self {
        let flat = format!("{namespace}{SEPARATOR}{member}");
        Self { member_at: namespace.len() + SEPARATOR.len(), flat: Arc::from(flat) }
    }

    /// The name a flat name stands for: a namespace's member if it has a `__` between two
    /// non-empty parts (at the first `__`), else a tool of its own.
    pub fn parse(flat: &str) -> Self {
        match flat.split_once(SEPARATOR) {
            Some((namespace, member)) if !namespace.is_empty() && !member.is_empty() => {
                Self::namespaced(namespace, member)
            }
            _ => Self::new(flat),
        }
    }

    /// The flat name, as providers, the session log and MCP clients read it.
    pub fn as_str(&self) -> &str {
        &self.flat
    }

    /// The namespace, for a mounted server's tool.
    pub fn namespace(&self) -> Option<&str> {
        (self.member_at > 0).then(|| &self.flat[..self.member_at - SEPARATOR.len()])
    }

    /// The name within its namespace (the whole name for a tool of its own).
    pub fn member(&self) -> &str {
        &self.flat[self.member_at..]
    }

    /// The name as a script writes it after `tools.`: `server.tool` or `read_file`.
    pub fn script_path(&self) -> String {
        match self.namespace() {
            Some(namespace) => format!("{namespace}.{}", self.member()),
            None => self.flat.to_string(),
        }
    }

    /// Why this name cannot be registered, if it cannot: the flat name must read back as this
    /// name (no part holds `__`, a namespace does not end with `_`, which would move the
    /// separator), each part must be non-empty, and the flat name must match
    /// `^[a-zA-Z0-9_-]{1,64}$` (every provider's rule).
    pub(crate) fn fault(&self) -> Option<NameFault> {
        let parts = [self.namespace(), Some(self.member())];
        if parts.iter().flatten().any(|part| part.contains(SEPARATOR))
            || Self::parse(&self.flat) != *self
        {
            return Some(NameFault::Separator);
        }
        let valid = (1..=MAX_LEN).contains(&self.flat.len())
            && !self.member().is_empty()
            && self.namespace().is_none_or(|namespace| !namespace.is_empty())
            && self
                .flat
                .bytes()
                .all(|byte| byte.is_ascii_alphanumeric() || byte == b'_' || byte == b'-');
        (!valid).then_some(NameFault::Characters)
    }
}

/// The longest flat name every provider accepts.
pub(crate) const MAX_LEN: usize = 64;

/// What is wrong with a name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NameFault {
    /// A part holds `__`, the separator, or the flat name would read back as another name.
    Separator,
    /// Empty, too long, or a character outside `[a-zA-Z0-9_-]`.
    Characters,
}

impl fmt::Display for ToolName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.flat)
    }
}

impl fmt::Debug for ToolName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.flat, f)
    }
}

impl From<&str> for ToolName {
    fn from(name: &str) -> Self {
        Self::new(name)
    }
}

impl From<String> for ToolName {
    fn from(name: String) -> Self {
        Self::new(name)
    }
}

impl From<&String> for ToolName {
    fn from(name: &String) -> Self {
        Self::new(name.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r_def_3_a_namespaced_name_is_flat_on_the_wire_and_a_path_in_scripts() {
        let name = ToolName::namespaced("github", "create_issue");
        assert_eq!(name.as_str(), "github__create_issue");
        assert_eq!((name.namespace(), name.member()), (Some("github"), "create_issue"));
        assert_eq!(name.script_path(), "github.create_issue");
        assert_eq!(ToolName::parse("github__create_issue"), name);
        assert_eq!(name.fault(), None);

        let own = ToolName::new("read_file");
        assert_eq!(
            (own.namespace(), own.member(), own.script_path().as_str()),
            (None, "read_file", "read_file")
        );
        assert_eq!(ToolName::parse("read_file"), own);
    }

    #[test]
    fn r_def_3_the_separator_belongs_to_namespaces_alone() {
        assert_eq!(ToolName::new("a__b").fault(), Some(NameFault::Separator));
        assert_eq!(ToolName::namespaced("a__b", "c").fault(), Some(NameFault::Separator));
        assert_eq!(ToolName::namespaced("a", "b__c").fault(), Some(NameFault::Separator));
        assert_eq!(ToolName::namespaced("a_", "c").fault(), Some(NameFault::Separator));
        assert_eq!(ToolName::namespaced("a", "_c").fault(), None, "a___c reads back as a, _c");
        assert_eq!(ToolName::namespaced("", "c").fault(), Some(NameFault::Separator));
        assert_eq!(ToolName::namespaced("a", "").fault(), Some(NameFault::Separator));
        assert_eq!(ToolName::new("a_b").fault(), None, "one underscore is a name's own");
        assert_eq!(ToolName::new("x".repeat(65)).fault(), Some(NameFault::Characters));
        assert_eq!(ToolName::new("a.b").fault(), Some(NameFault::Characters));
        // A flat name without two non-empty parts around `__` is a name of its own, which
        // registration then refuses.
        assert_eq!(ToolName::parse("__odd").namespace(), None);
        assert_eq!(ToolName::parse("odd__").namespace(), None);
        assert_eq!(ToolName::parse("a__b__c").member(), "b__c");
    }
}
