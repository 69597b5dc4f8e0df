//! End-to-end tests of the `ordo` binary (DESIGN.md §7): each runs the built binary in a
//! scratch folder and checks its stdout, stderr, exit code and the session log it leaves.

#![allow(clippy::unwrap_used)]

mod calls;
mod common;
mod contain;
mod examples;
mod fleet;
mod help_examples;
mod hostile;
mod interrupt;
mod kept;
mod manifest;
pub(crate) mod mcp;
mod model_scripts;
mod model_text;
mod model_trial;
mod mount;
mod otel;
mod pause;
mod pg_proxy;
mod pg_server;
mod replay;
mod roots;
mod run;
mod script_inputs;
mod store;
mod terminal;
mod tools;
