//! # ordo-sdk
//!
//! Code mode (DESIGN.md §6, R-CODE): the reserved `run_code` tool, which runs a model-written script in
//! the sandboxed `ordo-runtime`, with a frozen `tools` object whose functions are the other
//! registered tools, each call a nested execution through the same `ordo-tools` pipeline.
//!
//! ## Where to start reading
//!
//! 1. [`code_mode`]: [`install`] puts `run_code` into a registry; its body runs the script and
//!    maps every way a run can end to a tool result.
//! 2. `nested` (private): the script's calls as host functions, each a nested call through the
//!    session's scheduler (`ordo_tools::NestedCalls`), which owns their order, pool and log.
//! 3. [`declarations`]: the TypeScript declarations of `tools` that `run_code`'s description
//!    shows the model, generated from each tool's schemas.
//!
//! An executable that uses code mode must let the runtime re-run it as a script worker: call
//! [`run_if_worker`] first thing in `main`.

mod call_options;
mod catalog;
pub mod code_mode;
pub mod declarations;
pub mod kept;
pub mod media;
mod nested;
pub mod pause;
mod summary;
pub mod value;
mod view;

pub use code_mode::{CodeModeConfig, ScriptInputs, install};
pub use ordo_runtime::worker::run_if_worker;
pub use value::RunCodeValue;
