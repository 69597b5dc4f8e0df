//! The root guard: the file tools' confinement, enforced where no hook can skip it (R-CLI-7,
//! R-PIPE-4).
//!
//! A guard runs in the ordered part of prepare, after approval and before dispatch, and any
//! reason it gives denies the call with `DENIED`. The guard sees the arguments before they are
//! validated, so it judges only a path that is a string: anything else fails validation
//! (R-PIPE-6) before a body could touch the file system. The bodies resolve the path again
//! (defense in depth), so a pipeline built without this guard is still confined; the guard
//! makes the refusal a policy decision the session log records as one, and keeps a denied call
//! from ever reaching a body.

use std::sync::Arc;

use ordo_tools::{Execution, Guard, guard};
use serde_json::Value;

use super::roots::{Access, Roots};
use super::{LIST_DIR, READ_FILE, SEARCH_FILES, WRITE_FILE};

/// A guard that denies calls of the file tools whose path resolves outside `roots`.
///
/// It knows the tools by name, so it also confines a tool registered under one of their names
/// by someone else; calls of other tools pass untouched. Its denials (`DENIED`) are named
/// `OutsideRoots`, the name the tools declare and give the same refusal when no guard runs.
pub fn root_guard(roots: Arc<Roots>) -> Guard {
    guard(move |execution: &Execution| {
        let (path, access) = path_argument(execution.name(), execution.arguments().value())?;
        roots.resolve(path, access).err().map(|error| error.to_string())
    })
    .named("OutsideRoots")
}

/// The path a file tool's call touches and how, or `None` for other tools and for arguments
/// that validation will reject anyway.
fn path_argument<'a>(tool: &str, arguments: &'a Value) -> Option<(&'a str, Access)> {
    let path = arguments.get("path");
    let (path, access) = match tool {
        READ_FILE => (path?, Access::Read),
        WRITE_FILE => (path?, Access::Write),
        // Both default to the base directory, which must be readable like any other path.
        LIST_DIR | SEARCH_FILES => match path {
            Some(path) => (path, Access::Read),
            None if arguments.is_object() => return Some((".", Access::Read)),
            None => return None,
        },
        _ => return None,
    };
    path.as_str().map(|path| (path, access))
}
