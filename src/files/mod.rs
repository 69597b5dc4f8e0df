//! Built-in file tools and the root guard that confines them (R-CLI-7).
//!
//! - [`roots`]: which directories may be read and written, and how a path is judged: by where
//!   it physically leads once `..`, absolute paths and symlinks are resolved. Start here.
//! - [`guard`](mod@guard): [`root_guard`], which denies (`DENIED`) a call whose path leads
//!   outside the roots, before its body runs.
//! - One module per tool: [`read_file`], [`write_file`], [`list_dir`], [`search_files`]. Each
//!   is a [`TypedTool`](ordo_tools::TypedTool): its argument and output types give its schemas
//!   (shared pieces in `shared`). Each returns a canonical JSON value checked against its output
//!   schema, renders it as text for the model, and has call and result cards for a UI. The reading tools are
//!   concurrency-safe and annotated read-only (closed world: only their roots); `write_file` is
//!   exclusive, annotated destructive and idempotent, and offered only when there is a write
//!   root.
//!
//! Relative paths start from the roots' base directory (the CLI's working directory), and
//! paths in outputs are shown relative to it where they can be, so a model can pass any path
//! it was shown straight back to a tool.
//!
//! ```no_run
//! use std::sync::Arc;
//! use ordo::files::{self, Roots};
//! use ordo_tools::{Pipeline, ToolRegistry};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let roots = Arc::new(Roots::from_flags(".", ["."], ["out"])?);
//! let registry = ToolRegistry::new();
//! files::register(&registry, Arc::clone(&roots))?;
//! let pipeline = Pipeline::builder(registry).guard(files::root_guard(roots)).build();
//! # let _ = pipeline;
//! # Ok(())
//! # }
//! ```

mod beneath;
pub mod guard;
pub mod list_dir;
pub mod read_file;
pub mod roots;
pub mod search_files;
mod shared;
pub mod write_file;

use std::sync::Arc;

use ordo_tools::{RegisterError, ToolDefinition, ToolRegistry};

pub use guard::root_guard;
pub use roots::{Access, ResolveError, RootError, Roots};

/// The name of the tool that reads a text file.
pub const READ_FILE: &str = "read_file";
/// The name of the tool that creates or overwrites a file.
pub const WRITE_FILE: &str = "write_file";
/// The name of the tool that lists a directory.
pub const LIST_DIR: &str = "list_dir";
/// The name of the tool that searches files.
pub const SEARCH_FILES: &str = "search_files";

/// The file tools, confined to `roots`, in the order a model meets them. `write_file` is among
/// them only when `roots` has a write root: without one every write would be denied, and a tool
/// that cannot succeed is not offered (so that code mode, with only reading tools left, is
/// honestly read-only).
pub fn definitions(roots: Arc<Roots>) -> Vec<ToolDefinition> {
    let writable = !roots.write_roots().is_empty();
    let mut definitions = vec![read_file::definition(Arc::clone(&roots))];
    if writable {
        definitions.push(write_file::definition(Arc::clone(&roots)));
    }
    definitions.push(list_dir::definition(Arc::clone(&roots)));
    definitions.push(search_files::definition(roots));
    definitions
}

/// Registers the file tools ([`definitions`]), confined to `roots`. Install [`root_guard`] with
/// the same roots on the pipeline too, so that a call outside them is denied rather than failed.
pub fn register(registry: &ToolRegistry, roots: Arc<Roots>) -> Result<(), RegisterError> {
    for definition in definitions(roots) {
        registry.register(definition)?;
    }
    Ok(())
}
