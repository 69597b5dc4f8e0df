//! What a tool may do to the world, for clients that decide how much to trust a call before
//! making it (MCP's tool annotations). Metadata for hosts and humans, never shown to the model
//! as text, and never a reason to skip a guard or an approval.

use serde::{Deserialize, Serialize};

/// A tool's behaviour hints. The default claims nothing: a tool that declares nothing may write
/// (`read_only: false`), destroy (`destructive: true`), not be repeatable (`idempotent: false`)
/// and reach beyond the machine (`open_world: true`), as MCP assumes of a tool with no hints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ToolAnnotations {
    /// The tool changes nothing.
    pub read_only: bool,
    /// When it changes something, it may destroy or overwrite what was there (meaningful only
    /// when not `read_only`).
    pub destructive: bool,
    /// Calling it again with the same arguments has no further effect.
    pub idempotent: bool,
    /// It reaches beyond a closed world (the network, other systems), not only the files it
    /// is confined to.
    pub open_world: bool,
}

impl Default for ToolAnnotations {
    fn default() -> Self {
        Self { read_only: false, destructive: true, idempotent: false, open_world: true }
    }
}

impl ToolAnnotations {
    /// A tool that only reads local state: read-only, idempotent, closed world.
    pub const READ_ONLY: Self =
        Self { read_only: true, destructive: false, idempotent: true, open_world: false };

    /// What a caller of any of `tools` may do (a script that can call them): read-only and
    /// idempotent only if every one is, destructive and open-world if any one is. No tools:
    /// read-only.
    pub fn union<'a>(tools: impl IntoIterator<Item = &'a Self>) -> Self {
        tools.into_iter().fold(Self::READ_ONLY, |all, tool| Self {
            read_only: all.read_only && tool.read_only,
            destructive: all.destructive || (!tool.read_only && tool.destructive),
            idempotent: all.idempotent && tool.idempotent,
            open_world: all.open_world || tool.open_world,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_union_is_read_only_only_when_every_tool_is() {
        let write = ToolAnnotations {
            read_only: false,
            destructive: true,
            idempotent: true,
            open_world: false,
        };
        let both = ToolAnnotations::union([&ToolAnnotations::READ_ONLY, &write]);
        assert_eq!(
            both,
            ToolAnnotations {
                read_only: false,
                destructive: true,
                idempotent: true,
                open_world: false
            }
        );
        let reads =
            ToolAnnotations::union([&ToolAnnotations::READ_ONLY, &ToolAnnotations::READ_ONLY]);
        assert_eq!(reads, ToolAnnotations::READ_ONLY);
        assert_eq!(ToolAnnotations::union([]), ToolAnnotations::READ_ONLY);
        let unknown = ToolAnnotations::union([&ToolAnnotations::default()]);
        assert_eq!(unknown, ToolAnnotations::default());
    }
}
