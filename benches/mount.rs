//! A mounted stdio server's trivial tool called in sequence, through ordo from a script, beside
//! the same calls made directly with the Python SDK's client, in the same run (R-MCPM).
//!
//! `cargo bench --bench mount` (release build; the Python client is set up by
//! tests/mcp/setup.sh). Prints per-call figures and their ratio; the goal is ordo within 1.2× of
//! the direct client. Both time only the loop: server start and handshake are left out.

use std::path::Path;
use std::process::Command;

use serde_json::Value;

const CALLS: usize = 500;
const ROUNDS: usize = 3;

fn main() {
    let root = env!("CARGO_MANIFEST_DIR");
    let setup = Command::new("bash").arg(format!("{root}/tests/mcp/setup.sh")).output();
    let python = match setup {
        Ok(output) if output.status.success() => {
            String::from_utf8_lossy(&output.stdout).trim().to_owned()
        }
        _ => {
            eprintln!("*** SKIPPED: the Python MCP SDK could not be set up (tests/mcp/setup.sh)");
            return;
        }
    };
    let fixture = format!("{root}/tests/mcp/fixture_server.py");
    let scratch = tempfile::tempdir().expect("a scratch folder");
    let config = serde_json::json!({ "mcpServers": { "fx": {
        "command": python, "args": [fixture], "approval": "never" } } });
    std::fs::write(scratch.path().join("mcp.json"), config.to_string()).expect("the config");
    std::fs::write(
        scratch.path().join("loop.js"),
        format!(
            "await tools.fx.pid({{}}); const start = Date.now(); \
             for (let i = 0; i < {CALLS}; i++) await tools.fx.pid({{}}); return Date.now() - start"
        ),
    )
    .expect("the script");

    let mut through_ordo = Vec::new();
    let mut direct = Vec::new();
    for _ in 0..ROUNDS {
        through_ordo.push(ordo_loop(scratch.path()));
        direct.push(direct_loop(&python, &fixture, root));
    }
    let best = |times: &[f64]| times.iter().copied().fold(f64::INFINITY, f64::min);
    let (ordo, python) = (best(&through_ordo) / CALLS as f64, best(&direct) / CALLS as f64);
    println!(
        "mounted stdio server, {CALLS} sequential calls of a trivial tool (best of {ROUNDS}):\n  \
         through ordo (script, pipeline, log):  {:.1} µs per call\n  \
         direct Python SDK client:              {:.1} µs per call\n  \
         ratio ordo / direct: {:.2}",
        ordo * 1000.0,
        python * 1000.0,
        ordo / python
    );
}

/// The loop's milliseconds through `ordo run`.
fn ordo_loop(dir: &Path) -> f64 {
    let output = Command::new(env!("CARGO_BIN_EXE_ordo"))
        .current_dir(dir)
        .args(["run", "loop.js", "--mcp-config", "mcp.json", "--timeout", "600000"])
        .output()
        .expect("ordo runs");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let value: Value = serde_json::from_slice(&output.stdout).expect("a number");
    value.as_f64().expect("milliseconds")
}

/// The loop's milliseconds with the Python client.
fn direct_loop(python: &str, fixture: &str, root: &str) -> f64 {
    let output = Command::new(python)
        .args([&format!("{root}/tests/mcp/direct_calls.py"), python, fixture, &CALLS.to_string()])
        .output()
        .expect("python runs");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let value: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    value["ms"].as_f64().expect("milliseconds")
}
