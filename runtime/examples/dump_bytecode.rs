//! Prints the bytecode Boa compiles a script file to, with every function it defines: for
//! profiling, to see the operations a construct costs (a copy before a `typeof`, a name looked up
//! through the environments).
//!
//! ```text
//! cargo build --profile release -p ordo-runtime --example dump_bytecode
//! target/release/examples/dump_bytecode script.js
//! ```
//!
//! The file is compiled as Boa's own script, as it is: wrap it in `(async () => {` … `})()` to
//! see it as ordo runs it.

use std::process::ExitCode;

use boa_engine::{Context, Script, Source};

#[path = "support/script_file.rs"]
mod script_file;

fn main() -> ExitCode {
    let (path, code) = match script_file::read_script("dump_bytecode SCRIPT.js") {
        Ok(read) => read,
        Err(exit) => return exit,
    };
    let mut context = Context::default();
    let compiled = Script::parse(Source::from_bytes(&code), None, &mut context)
        .and_then(|script| script.codeblock(&mut context));
    match compiled {
        Ok(block) => {
            println!("{block:#}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("{path}: {error}");
            ExitCode::FAILURE
        }
    }
}
