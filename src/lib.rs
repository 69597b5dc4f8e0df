//! # ordo
//!
//! The `ordo` command line's library half: the standard tools the CLI ships, usable from any
//! program that embeds `ordo-tools`.
//!
//! - [`files`]: the built-in file tools (`read_file`, `write_file`, `list_dir`, `search_files`)
//!   and the root guard that confines them (R-CLI-7).
//! - [`manifest`]: command-backed tools declared in a TOML manifest (R-CLI-5).

pub mod files;
pub mod manifest;
