//! Built-in file tools and the root guard (R-CLI-7).
