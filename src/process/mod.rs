//! The processes ordo starts (a manifest tool's command, a mounted MCP server), contained
//! (R-CLI-10): each leads a process group of its own ([`ProcessGroup`]), killed together when
//! its call ends, is found again by a cgroup or a mark should a descendant leave the group
//! (`contain`), and sees only the environment it is given ([`Environment`]): nothing of
//! ordo's own (its secrets, its tokens) unless passed on purpose. The manifest's tools and the
//! mounted servers both start theirs here.

mod contain;
mod environment;
mod group;

pub use environment::{ALWAYS_PASSED, Environment};
pub use group::ProcessGroup;
