//! Links the `ordo` binary with packed relative relocations (`-z pack-relative-relocs`,
//! DT_RELR) where the C library it will run on can load them: glibc 2.36 and later.
//!
//! Every start of `ordo` (and of each script worker, the same executable) has the dynamic
//! loader relocate tens of thousands of pointers before `main`; packed, their table shrinks
//! from 24 bytes a pointer to a few bits, and the loader reads and applies it in a tight loop
//! (see README, Performance). A build for another target, or on an older or unknown C library,
//! links as before.

use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let target = std::env::var("TARGET").unwrap_or_default();
    let host = std::env::var("HOST").unwrap_or_default();
    // The C library found here is the one the binary runs on only when it runs here.
    if target != host || !target.ends_with("-linux-gnu") {
        return;
    }
    if glibc_version().is_some_and(|version| version >= (2, 36)) {
        println!("cargo:rustc-link-arg-bins=-Wl,-z,pack-relative-relocs");
    }
}

/// The version of this machine's glibc, as `getconf GNU_LIBC_VERSION` prints it
/// (`glibc 2.36`).
fn glibc_version() -> Option<(u32, u32)> {
    let output = Command::new("getconf").arg("GNU_LIBC_VERSION").output().ok()?;
    let text = String::from_utf8(output.stdout).ok()?;
    let (major, minor) = text.trim().strip_prefix("glibc ")?.split_once('.')?;
    let minor = minor.split(|c: char| !c.is_ascii_digit()).next()?;
    Some((major.parse().ok()?, minor.parse().ok()?))
}
