//! The engine on the data scripts models write (`benches/engine/corpus/`): each script timed
//! inside the engine on ordo, Node.js and QuickJS (quickjs-emscripten from npm, pinned), in one
//! run, with the ratios and each engine's peak memory (ordo's worker included). The work is `benches/engine/run.py`;
//! this builds ordo (release) and hands it the binary. Arguments after `--` go to the script
//! (`cargo bench --bench engine -- --only log_parse --rounds 3`).

use std::process::Command;

fn main() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/engine/run.py");
    // cargo passes `--bench` to every benchmark; the script takes its own flags.
    let passed: Vec<String> = std::env::args().skip(1).filter(|arg| arg != "--bench").collect();
    let status = Command::new("python3")
        .arg(script)
        .arg("--ordo")
        .arg(env!("CARGO_BIN_EXE_ordo"))
        .args(passed)
        .status();
    match status {
        Ok(status) if status.success() => {}
        Ok(status) => {
            eprintln!("the engine benchmark failed ({status}): see above");
            std::process::exit(1);
        }
        Err(error) => {
            eprintln!("SKIPPED: the engine benchmark needs python3 ({error})");
        }
    }
}
