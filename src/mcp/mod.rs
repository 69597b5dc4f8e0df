//! `ordo mcp`: code mode served over the Model Context Protocol.

pub mod http;
