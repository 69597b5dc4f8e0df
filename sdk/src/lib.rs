//! # ordo-sdk
//!
//! Code mode (SPEC §6, R-CODE): it will install the reserved `run_code` tool into an
//! `ordo-tools` registry, run its scripts in `ordo-runtime`, expose every other registered tool
//! to the script as a frozen `tools` object whose calls are nested executions through the same
//! pipeline, and generate the TypeScript declarations of that SDK for the model.
//!
//! Nothing is implemented yet; see the open issue for code mode.
