//! Command-backed tools from a TOML manifest (R-CLI-5).
